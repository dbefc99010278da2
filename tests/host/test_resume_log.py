"""A resumed game reads as if everyone had watched it: the moves made before the save
are told again to each seat, as that seat was told them when they were played (its
own narration, tags and all; nothing a seat was not told), before the first new move,
at the full screen, in line mode (its last few) and at a shared table."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest

from tests.host.test_seat_session import Screen, _kinds
from vikingcli.core.driver import FORCED_TAG, FrontEnd, MatchDriver, MoveEvent
from vikingcli.core.match import Match, QuitGame, Seat, make_player
from vikingcli.core.registry import load_registry
from vikingcli.core.specs import parse_spec
from vikingcli.engine import Action
from vikingcli.saves.table_record import Identity
from vikingcli.table.local import RECALLED, play_here
from vikingcli.table.places import RECALLED_MOVES
from vikingcli.table.shared import Table

REG = load_registry()
TABLES = {"wikinger": 2, "walhalla": 3, "graenaland": 3, "jorvik": 2}
MOVE_LINE = re.compile(r"^ *(\d+)\. ")
Told = tuple[int, int, str, tuple[str, ...], tuple[str, ...]]
"""A move as the log has it: number, mover, tag, seat 0's lines, a spectator's lines."""


class Recorder(FrontEnd):
    """Seat 0's person plays the first legal move ``decisions`` times, then leaves;
    every move told, live or recalled, is written down as seat 0 and a spectator
    read it."""

    def __init__(self, match: Match, decisions: int) -> None:
        self.match = match
        self.left = decisions
        self.live: list[Told] = []
        self.recalled: list[Told] = []
        self.decided_after_recall = True

    def _told(self, event: MoveEvent) -> Told:
        game, names = self.match.game, self.match.names
        mine, public = event.told(game, 0, names), event.told(game, None, names)
        return (event.number, event.seat, event.tag, tuple(mine), tuple(public))

    async def decide(self, seat: int) -> Action:
        if self.left == 0:
            raise QuitGame
        self.left -= 1
        return self.match.game.legal_actions(self.match.state)[0]

    async def moved(self, event: MoveEvent) -> None:
        self.live.append(self._told(event))

    async def recall(self, event: MoveEvent) -> None:
        self.decided_after_recall &= not self.live
        self.recalled.append(self._told(event))


def _seats(name: str) -> list[Seat]:
    kinds = REG.players
    others = [Seat(f"ai {i}", parse_spec("greedy", kinds)) for i in range(1, TABLES[name])]
    return [Seat("ann", parse_spec("human", kinds)), *others]


def _drive(match: Match, decisions: int) -> Recorder:
    seats, kinds = match.seats, REG.players
    players = [make_player(match.game, kinds, s.spec, i, match.seed) for i, s in enumerate(seats)]
    front = Recorder(match, decisions)
    with pytest.raises(QuitGame):
        MatchDriver(match, players, front=front, people=[0], undo=True).run_sync()
    return front


def _resumed(match: Match) -> Match:
    """The match as a save brings it back: the same deal, its moves replayed."""
    again = Match(match.game, match.options, match.seed, match.seats)
    for text in match.actions:
        again.apply_text(text)
    again.narrating = True
    return again


@pytest.mark.parametrize("name", TABLES)
def test_a_resumed_game_tells_each_seat_the_earlier_moves_as_it_was_told_them(name: str) -> None:
    game = REG.games[name]
    match = Match(game, game.resolve_options({}), 23, _seats(name))
    match.narrating = True
    first = _drive(match, decisions=6)
    assert len(first.live) > 6

    second = _drive(_resumed(match), decisions=0)

    assert second.recalled == first.live
    assert second.live == []  # recalled, not played again (nor saved again)


def test_a_move_played_for_the_person_is_recalled_with_its_forced_tag() -> None:
    game = REG.games["jorvik"]
    match = Match(game, game.resolve_options({}), 23, _seats("jorvik"))
    match.narrating = True
    _drive(match, decisions=6)

    recalled = _drive(_resumed(match), decisions=0).recalled

    assert any(seat == 0 and tag == FORCED_TAG for _, seat, tag, _, _ in recalled)
    assert all(mine[0].endswith(tag) for _, _, tag, mine, _ in recalled)


def test_recalled_moves_come_before_the_first_new_one_and_only_once() -> None:
    game = REG.games["walhalla"]
    match = Match(game, game.resolve_options({}), 5, _seats("walhalla"))
    match.narrating = True
    _drive(match, decisions=3)
    resumed = _resumed(match)
    kept = len(resumed.actions)

    front = _drive(resumed, decisions=2)

    assert [told[0] for told in front.recalled] == list(range(1, kept + 1))
    assert front.decided_after_recall
    assert [told[0] for told in front.live][:1] == [kept + 1]


def test_a_batch_that_does_not_narrate_recalls_nothing() -> None:
    game = REG.games["jorvik"]
    match = Match(game, game.resolve_options({}), 5, _seats("jorvik"))
    match.narrating = True
    _drive(match, decisions=2)
    quiet = _resumed(match)
    quiet.narrating = False

    assert _drive(quiet, decisions=0).recalled == []


def _played(name: str, decisions: int) -> Match:
    game = REG.games[name]
    match = Match(game, game.resolve_options({}), 31, _seats(name))
    match.narrating = True
    _drive(match, decisions)
    return _resumed(match)


def _numbers(lines: list[str]) -> list[int]:
    """The move numbers of the log lines among ``lines`` (a move's first line)."""
    return [int(m[1]) for line in lines if (m := MOVE_LINE.match(line))]


def test_line_mode_shows_the_last_moves_of_a_resumed_game() -> None:
    match = _played("wikinger", decisions=8)
    moves = len(match.actions)
    assert moves > RECALLED
    shown: list[str] = []

    def leave(prompt: str, legal: list[str]) -> str:
        raise QuitGame

    def show(text: str) -> None:
        shown.extend(text.split("\n"))

    kinds = _kinds(leave, show)
    with pytest.raises(QuitGame):
        play_here(match, kinds, lambda m: None, pace=0, show=show, ask=lambda q: "")

    assert _numbers(shown) == list(range(moves - RECALLED + 1, moves + 1))


@pytest.mark.parametrize(("name", "decisions"), [("walhalla", 4), ("graenaland", 40)])
def test_a_reopened_shared_table_shows_its_people_the_last_moves(
    tmp_path: Path, name: str, decisions: int
) -> None:
    match = _played(name, decisions)
    moves = len(match.actions)
    first = max(1, moves - RECALLED_MOVES + 1)

    async def scenario() -> list[str]:
        table = Table(match, REG.players, tmp_path / "t.json", log=lambda line: None)
        screen = Screen()
        assert table.join(Identity("ann", "SHA256:ann"), screen) is not None
        game: asyncio.Future[Any] = asyncio.ensure_future(table.run())
        for _ in range(400):
            if table.pending.get(0) is not None:
                break
            await asyncio.sleep(0.01)
        table.stop("the test ends")
        await asyncio.wait_for(game, 10)
        return screen.lines

    lines = asyncio.run(scenario())
    assert _numbers(lines)[: moves - first + 1] == list(range(first, moves + 1))
