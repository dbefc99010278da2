"""Same seed and players, same game, move for move: batches recorded before the plugins
were restructured (issue 10) replay identically, and saves written then still load."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.regression.runs import commands, play, recorded
from vikingcli.core.registry import load_registry
from vikingcli.saves.match_file import load_match

REPLAYED = 10
"""Games replayed of each random or greedy batch: its first ten of the thirty recorded
(each game's seed is its own, so they are the recorded ten)."""
SEARCH_REPLAYED = 4
"""Games replayed of each search batch. Together the batches took a third of CI's
20 minutes (Jórvík's ten search games alone over two); a change of play shows in the
first few games of every table size and option value, and each still replays whole."""
SAVES = sorted((Path(__file__).parent / "saves").glob("*.json"))


@pytest.mark.slow
@pytest.mark.parametrize(("name", "args"), commands(), ids=[name for name, _ in commands()])
def test_batch_replays_as_recorded(name: str, args: list[str]) -> None:
    games = SEARCH_REPLAYED if name.endswith("-mcts50") else REPLAYED
    assert play(args, games) == recorded(name)[:games]


@pytest.mark.parametrize("path", SAVES, ids=[p.stem for p in SAVES])
def test_save_written_before_the_restructuring_loads(path: Path) -> None:
    before = path.read_bytes()
    match = load_match(path, load_registry())
    assert match.over == path.stem.endswith("-end")
    assert len(match.actions) > 0
    assert path.read_bytes() == before
