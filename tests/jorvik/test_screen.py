"""Issue 12: a full game of Jórvík as a person plays it in an 80 x 24 terminal, read
through a terminal emulator: the board and the prompt fit the screen at every
decision, the seats have the same names in the log, the board and the end screen,
and 'legend', 'actions' and 'undo' work."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from .helpers import Terminal

COLS, ROWS = 80, 24
ME, OTHER = "alice", "random"
PROMPT = re.compile(rf"^{ME} > *$")
END = re.compile(r"^jorvik seed \d+:")
PROMPT_OR_END = re.compile(rf"^{ME} > *$|^jorvik seed \d+:")
LOGGED = re.compile(r"^ *\d+\. ([\w -]+?): ")


def board_of(lines: list[str]) -> list[str]:
    """The board on the screen: from its first line to the line above the prompt."""
    heads = [i for i, line in enumerate(lines) if line.startswith("Jórvík ")]
    assert heads, "the board does not fit above the prompt:\n" + "\n".join(lines)
    prompt = max(i for i, line in enumerate(lines) if PROMPT.match(line))
    return lines[heads[-1] : prompt]


def table_part(board: list[str]) -> list[str]:
    """The board down to the seat table (what undo must restore exactly)."""
    i = next(i for i, line in enumerate(board) if line.lstrip().startswith("VP coins"))
    return board[: i + 3]


def offered(lines: list[str]) -> list[str]:
    """The actions listed in columns above the prompt."""
    prompt = max(i for i, line in enumerate(lines) if PROMPT.match(line))
    asked = [i for i in range(prompt) if lines[i].startswith(f"{ME} > actions")]
    rows = lines[asked[-1] + 1 : prompt] if asked else lines[:prompt]
    return [cell for row in rows for cell in re.split(r"\s{2,}", row.strip()) if cell]


def choose(cells: list[str]) -> str:
    """A person's quick choice: end the loading turn at once, else the first move."""
    return "end" if "end" in cells else cells[0]


@pytest.mark.slow
def test_a_full_game_fits_an_80_by_24_terminal(tmp_path: Path) -> None:
    started = time.monotonic()
    args = ["play", "jorvik", "--plain", "-p", "alice=human", "-p", "random", "--seed", "5",
            "--pace", "0"]  # fmt: skip
    term = Terminal([*args, "--save", str(tmp_path / "game.json")], tmp_path, COLS, ROWS)
    logged: set[str] = set()
    decisions = 0
    previous: list[str] = []
    undone = legend = False
    try:
        while True:
            last = term.last() if decisions else term.wait_for(PROMPT_OR_END)
            lines = term.lines()
            logged |= {m.group(1) for line in lines if (m := LOGGED.match(line))}
            if END.match(last):
                break
            decisions += 1
            board = board_of(lines)  # the whole board and the prompt are on screen
            assert all(len(line) < COLS for line in board), board  # nothing wrapped
            seats = "\n".join(board)
            assert f"{ME} (you" in seats and OTHER in seats, seats
            assert "seat 0" not in seats.lower() and "seat 1:" not in seats.lower()
            if decisions == 3 and not legend:
                term.say("legend", PROMPT)
                shown = "\n".join(term.lines())
                assert "digits are the seats' numbers" in shown or "Look-ups:" in shown
                legend = True
            if decisions == 6 and not undone:
                term.say("undo", PROMPT)
                assert table_part(board_of(term.lines())) == table_part(previous)
                undone = True
                decisions -= 1
                continue
            term.say("actions", PROMPT)
            cells = offered(term.lines())
            assert cells and all(len(cell) < COLS for cell in cells)
            previous = board
            term.say(choose(cells), PROMPT_OR_END)
        end = "\n".join(term.lines())
        assert undone and legend and decisions > 20
        assert logged == {ME, OTHER}, logged  # the log names seats as the board does
        sheet = next(line for line in term.lines() if ME in line and OTHER in line)
        assert sheet.index(ME) < sheet.index(OTHER), end  # the end screen, same names
        assert f"{ME}: " in end or f"{ME} " in end  # the summary names the seat
    finally:
        term.close()
    assert time.monotonic() - started < 60
