"""Issue 35: the full screen never hides a seat or the question. At 80x24, with the
largest table of every game (each option's values too), the tallest boards of random
games are drawn by the real table screen and read through pyte: every line the game
did not mark as detail (the seats, the seat to move, the question and every choice)
is on the screen, with the status line and the prompt under it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.screens import REG, board_of, drawn, must_show, tallest_states
from tests.terminal import Terminal
from vikingcli.server.clocks import SeatClock, clock_line

NAMES = ["alice", "mcts 2", "mcts 3", "root", "greedy 5", "random 6"]
CASES = [
    (name, {})
    for name in sorted(REG.games)
] + [
    (name, {option.name: value})
    for name in sorted(REG.games)
    for option in REG.games[name].options
    for value in option.test_values()
    if value != option.default
]  # fmt: skip


IDS = [f"{g}-{'-'.join(o.values()) or 'default'}" for g, o in CASES]


@pytest.mark.parametrize(("game_name", "options"), CASES, ids=IDS)
def test_item35_every_seat_and_the_question_fit_80x24_at_max_seats(
    game_name: str, options: dict[str, str]
) -> None:
    game = REG.games[game_name]
    n = game.max_players
    names = NAMES[:n]
    drawn_boards = 0
    for state, seat in tallest_states(game, n, options, range(3), keep=2):
        board = board_of(game, state, seat, names)
        lines = drawn(board, names, log=["older move", "last move"])
        missing = [line for line in must_show(game, state, seat, names) if line not in lines]
        assert not missing, "hidden at 80x24:\n" + "\n".join(missing) + "\n---\n" + "\n".join(lines)
        # the seats by name, the status line and the prompt at the bottom
        board_rows = lines[: lines.index("─" * 80)]
        assert all(any(name in row for row in board_rows) for name in names), lines
        assert lines[-2].startswith(" move 1: your move") and lines[-1].startswith("you (your")
        drawn_boards += 1
    assert drawn_boards == 6


def test_item35_a_fold_says_how_many_lines_went_and_where_to_see_them() -> None:
    game = REG.games["graenaland"]
    names = NAMES[:5]
    state, seat = max(
        tallest_states(game, 5, {}, range(1), keep=1),
        key=lambda found: len(board_of(game, found[0], found[1], names)),
    )
    board = board_of(game, state, seat, names)
    lines = drawn(board, names)
    notes = [line for line in lines if "lines folded here: 'board' shows all" in line]
    assert len(notes) == 1, lines
    # the board pane is the screen's rows but the log's two and the three fixed ones
    assert lines.index("─" * 80) == 24 - 3 - 2


@pytest.mark.parametrize(
    ("game_name", "mode"), [("graenaland", []), ("jorvik", ["--option", "mode=jarl"])]
)
def test_item35_play_at_80x24_shows_five_seats_and_the_question(
    tmp_path: Path, game_name: str, mode: list[str]
) -> None:
    """The real program in a pseudo-terminal: at the person's first move every seat's
    name, the seat to move and the status line are on the screen."""
    others = ["-p", "bob=random", "-p", "carl=random", "-p", "dora=random", "-p", "erik=random"]
    args = ["play", game_name, "-p", "alice=human", *others, *mode, "--seed", "3", "--pace", "0"]
    term = Terminal([*args, "--save", str(tmp_path / "game.json")], tmp_path)
    try:
        lines = term.until(lambda ls: "(your move) >" in ls[-1])
        board = lines[: lines.index("─" * 80)]
        for name in ("alice", "bob", "carl", "dora", "erik"):
            assert any(name in row for row in board), "\n".join(lines)
        assert "your move" in lines[-2]
        term.type("quit")
        term.until(lambda ls: term.proc.poll() is not None)
    finally:
        term.close()


LONGEST = ["Aslaug_Sigurdsd1", "Bjorn_Ironside_2", "Cnut_the_Great_3", "Dagny_Shieldmd_4",
           "Erik_the_Red_005"]  # fmt: skip
"""Account names of the most characters a name may have (16), one per seat."""


@pytest.mark.parametrize(("game_name", "options"), CASES, ids=IDS)
def test_item35_each_seats_clock_fits_80x24_under_the_tallest_boards_at_max_seats(
    game_name: str, options: dict[str, str]
) -> None:
    """A server table of people only, at the game's most seats, each with a name of
    16 characters: the clock line is in the rule under the board, whole (the seats
    not to move told together where every name does not fit), and every line of the
    board the game did not mark as detail is still on the screen."""
    game = REG.games[game_name]
    n = game.max_players
    names = LONGEST[:n]
    for state, seat in tallest_states(game, n, options, range(2), keep=2):
        clocks = [SeatClock(s, names[s], 300.0 if s != seat else 41.5, s == seat) for s in range(n)]
        clock = clock_line(clocks, 300.0, 76)
        board = board_of(game, state, seat, names)
        lines = drawn(board, names, log=["older move", "last move"], rule=clock)
        shown = "".join(text for _, text in clock)
        rule = next(row for row in lines if row.startswith("─"))
        assert rule == "─" * (80 - len(shown) - 3) + f" {shown} ─", "\n".join(lines)
        assert f"{names[seat]} 0:42 to move · " in shown
        assert shown.endswith(" · the others 5:00") or all(
            f"{names[s]} 5:00" in shown for s in range(n) if s != seat
        )
        # A board line made wider than 80 columns by such names is cut at the right
        # edge, with or without the clock.
        must = [line[:80].rstrip() for line in must_show(game, state, seat, names)]
        missing = [line for line in must if line not in lines]
        assert not missing, "hidden at 80x24:\n" + "\n".join(missing) + "\n---\n" + "\n".join(lines)
