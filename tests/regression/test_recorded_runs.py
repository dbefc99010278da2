"""Same seed and players, same game, move for move: batches recorded before the plugins
were restructured (issue 10) replay identically, and saves written then still load."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.regression.runs import GAMES, commands, play, recorded
from vikingcli.core.registry import load_registry
from vikingcli.saves.match_file import load_match

SEARCH_GAMES = 10
"""Games replayed of each recorded search batch (its first ones: each game's seed is its
own): the searches' 30 games took most of CI's time (Jórvík's alone 250 s once its
rollouts settle loading turns greedily), and a change of play shows in the first few."""
SAVES = sorted((Path(__file__).parent / "saves").glob("*.json"))


@pytest.mark.slow
@pytest.mark.parametrize(("name", "args"), commands(), ids=[name for name, _ in commands()])
def test_batch_replays_as_recorded(name: str, args: list[str]) -> None:
    games = SEARCH_GAMES if name.endswith("-mcts50") else GAMES
    assert play(args, games) == recorded(name)[:games]


@pytest.mark.parametrize("path", SAVES, ids=[p.stem for p in SAVES])
def test_save_written_before_the_restructuring_loads(path: Path) -> None:
    before = path.read_bytes()
    match = load_match(path, load_registry())
    assert match.over == path.stem.endswith("-end")
    assert len(match.actions) > 0
    assert path.read_bytes() == before
