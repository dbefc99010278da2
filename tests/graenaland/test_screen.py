"""Issue 12: a game of Graenaland as a person plays it in an 80 x 24 terminal, read
through a terminal emulator: the board and the prompt fit the screen at every
decision, the seats have the same names in the log, the board and the end screen
(never ``p1``), and 'legend', 'map', 'actions' and 'undo' work.

The game is played to its end by the round limit (``rounds=5``), so it stays short
whatever the random players do. Seat names are read from the screen (the prompt
and the seat table), not assumed."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from tests.jorvik.helpers import Terminal

COLS, ROWS = 80, 24
ANY_PROMPT = re.compile(r"^(\S.*?) > *$")
END = re.compile(r"^graenaland seed \d+:")
LOGGED = re.compile(r"^ *\d+\. (.+?): ")


def board_of(lines: list[str], prompt: re.Pattern[str]) -> list[str]:
    """The board on the screen: from its first line to the line above the prompt."""
    heads = [i for i, line in enumerate(lines) if line.startswith("Graenaland round ")]
    assert heads, "the board does not fit above the prompt:\n" + "\n".join(lines)
    at = max(i for i, line in enumerate(lines) if prompt.match(line))
    return lines[heads[-1] : at]


def table_part(board: list[str]) -> list[str]:
    """The board down to the seat table (what undo must restore exactly)."""
    i = next(i for i, line in enumerate(board) if line.lstrip().startswith("army"))
    j = i + 1
    while j < len(board) and re.match(r"^ ?\d ", board[j]):
        j += 1
    return board[:j]


def seat_names(board: list[str]) -> list[str]:
    """The names in the seat table, in seat order (the name is the last column)."""
    i = next(i for i, line in enumerate(board) if line.lstrip().startswith("army"))
    head = board[i]
    col = head.index("seat")
    names = []
    for line in board[i + 1 :]:
        if not re.match(r"^ ?\d ", line):
            break
        names.append(re.sub(r" \((you|lead|you, lead)\)$", "", line[col:].strip()))
    return names


def offered(lines: list[str], me: str, prompt: re.Pattern[str]) -> list[str]:
    """The actions listed in columns above the prompt."""
    at = max(i for i, line in enumerate(lines) if prompt.match(line))
    asked = [i for i in range(at) if lines[i].startswith(f"{me} > actions")]
    rows = lines[asked[-1] + 1 : at] if asked else lines[:at]
    return [cell for row in rows for cell in re.split(r"\s{2,}", row.strip()) if cell]


def choose(cells: list[str]) -> str:
    """A person's quick choice: end a build at once, make an offer rather than pass
    (so offers are split card by card), vote yes, else the first move."""
    if "end" in cells:
        return "end"
    if cells[0] == "pass" and len(cells) > 1:
        return cells[1]
    return "yes" if "yes" in cells else cells[0]


@pytest.mark.slow
def test_a_game_fits_an_80_by_24_terminal(tmp_path: Path) -> None:
    started = time.monotonic()
    args = ["play", "graenaland", "--plain", "-p", "human", "-p", "random", "-p", "random"]
    args += ["--seed", "5", "--pace", "0", "-o", "rounds=5"]
    term = Terminal([*args, "--save", str(tmp_path / "game.json")], tmp_path, COLS, ROWS)
    logged: set[str] = set()
    decisions = 0
    previous: list[str] = []
    undone = legend = mapped = False
    try:
        first = term.wait_for(re.compile(r"^(\S.*?) > *$|^graenaland seed \d+:"))
        me = ANY_PROMPT.match(first)
        assert me, first
        ME = me.group(1)
        prompt = re.compile(rf"^{re.escape(ME)} > *$")
        prompt_or_end = re.compile(rf"^{re.escape(ME)} > *$|^graenaland seed \d+:")
        names: list[str] = []
        while True:
            last = term.last()
            lines = term.lines()
            logged |= {m.group(1) for line in lines if (m := LOGGED.match(line))}
            if END.match(last):
                break
            decisions += 1
            board = board_of(lines, prompt)  # the whole board and the prompt are on screen
            assert len(board) <= 18, board
            assert all(len(line) < COLS for line in board), board  # nothing wrapped
            names = seat_names(board)
            assert len(names) == 3 and names[0] == ME, board
            text = "\n".join(table_part(board))
            assert f"{ME} (you" in text, text
            assert not re.search(r"\bp\d\b|seat 0", text), text  # names, not p1 / seat 0
            if decisions == 2 and not legend:
                term.say("legend", prompt)
                shown = "\n".join(term.lines())
                assert "=3 = its votes there" in shown and "G grain" in shown, shown
                legend = True
            if decisions == 3 and not mapped:
                term.say("map", prompt)
                shown = "\n".join(term.lines())
                assert "the sea (south)" in shown and "ship_e C3" in shown, shown
                mapped = True
            if decisions == 6 and not undone:
                term.say("undo", prompt)
                assert table_part(board_of(term.lines(), prompt)) == table_part(previous)
                undone = True
                decisions -= 1
                continue
            term.say("actions", prompt)
            cells = offered(term.lines(), ME, prompt)
            assert cells and all(len(cell) < COLS for cell in cells)
            previous = board
            term.say(choose(cells), prompt_or_end)
        end = "\n".join(term.lines())
        assert undone and legend and mapped and decisions > 10
        assert logged <= set(names) and ME in logged, (logged, names)  # the log's names
        sheet = next(line for line in term.lines() if all(n in line for n in names))
        assert sheet.index(names[0]) < sheet.index(names[1]), end  # the end screen, same names
    finally:
        term.close()
    assert time.monotonic() - started < 120
