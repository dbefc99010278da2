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
