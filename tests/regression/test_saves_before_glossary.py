"""Issue 39 item 2: saves written before the glossary's renames (by main at 514d1cd, with
one random player per seat, seed 39, advanced modes on) still load, through each game's
versioned snapshot upgrade, and resume exactly.

``saves_glossary/GAME-Np-move60.json`` is the game after 60 moves; ``GAME-Np-end.json``
is the same game played to its end. Their snapshots hold the old keys (``cur``, ``adv``,
``jarl``, ``round_no``, ``score``, ``lead``, ``active``) and the old rules versions.
"""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from vikingcli.core.registry import load_registry
from vikingcli.saves.match_file import load_match

SAVES = Path(__file__).parent / "saves_glossary"
GAMES = sorted({p.name.split("-")[0] for p in SAVES.glob("*.json")})
REGISTRY = load_registry()


def _doc(game: str, which: str) -> dict:
    (path,) = SAVES.glob(f"{game}-*-{which}.json")
    return orjson.loads(path.read_bytes())


def _canonical(data: object) -> bytes:
    return orjson.dumps(data, option=orjson.OPT_SORT_KEYS)


def test_item39_the_fixtures_hold_the_old_keys_and_versions() -> None:
    """Else the tests below would prove nothing about the upgrade."""
    assert GAMES == ["graenaland", "jorvik", "walhalla", "wikinger"]
    for game in GAMES:
        doc = _doc(game, "move60")
        state_type = REGISTRY.games[game].state_type  # type: ignore[attr-defined]
        assert set(state_type.RENAMED) <= set(doc["state"]), game
        assert doc["game_version"] != REGISTRY.games[game].version, game


@pytest.mark.parametrize("game", GAMES)
def test_item39_a_save_made_before_the_renames_loads_and_resumes_exactly(game: str) -> None:
    (mid_path,) = SAVES.glob(f"{game}-*-move60.json")
    end = _doc(game, "end")
    match = load_match(mid_path, REGISTRY)
    assert len(match.actions) == 60 and not match.over
    assert end["actions"][:60] == match.actions
    for text in end["actions"][60:]:
        assert not match.over
        match.apply_text(text)
    assert match.over
    upgraded = match.game.upgrade_snapshot(end["state"], end["game_version"])
    assert _canonical(match.game.to_json(match.state)) == _canonical(upgraded)
    result = match.result_json()
    for key in ("scores", "ranks", "winners", "end_reason"):
        assert _canonical(result[key]) == _canonical(end["result"][key]), key


@pytest.mark.parametrize("game", GAMES)
def test_item39_a_finished_save_made_before_the_renames_loads(game: str) -> None:
    (path,) = SAVES.glob(f"{game}-*-end.json")
    match = load_match(path, REGISTRY)
    assert match.over and match.actions == _doc(game, "end")["actions"]


@pytest.mark.parametrize("game", GAMES)
def test_item39_an_old_snapshot_reads_as_todays_state(game: str) -> None:
    """``from_json`` of an old snapshot (a test's stored position) upgrades it too, and
    the snapshot written back has today's keys only."""
    g = REGISTRY.games[game]
    old = _doc(game, "move60")["state"]
    state = g.from_json(old)
    again = g.to_json(state)
    renamed = g.state_type.RENAMED  # type: ignore[attr-defined]
    assert not set(renamed) & set(again)
    assert set(renamed.values()) <= set(again)
    assert _canonical(again) == _canonical(g.upgrade_snapshot(old, "0"))
