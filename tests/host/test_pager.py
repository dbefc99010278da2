"""Issue 35: look-ups in a full-height view. A look-up too long for the log pane (a
map, a legend, a score sheet) opens in a pager over the board: PageDown/PageUp move a
page, q or Esc closes it, keys typed meanwhile are not typed ahead; ``log`` pages the
whole log; a short answer stays in the log; text wraps at words. Read through pyte
at 80x24."""

from __future__ import annotations

import re
from pathlib import Path

from tests.screens import screens
from tests.terminal import Terminal
from vikingcli.table.lookups import LOOKUP
from vikingcli.table.screen import TableScreen

NAMES = ["alice", "bob"]
BOARD = "THE BOARD, first line\nalice and bob at the table"
LONG = "\n".join(f"legend line {k}" for k in range(1, 61))
PAGE_DOWN, PAGE_UP, ESC = "\x1b[6~", "\x1b[5~", "\x1b"


def _lookup(text: str) -> object:
    def step(table: TableScreen) -> None:
        table.show(text, LOOKUP)

    return step


def _footer(lines: list[str]) -> tuple[int, int, int]:
    found = re.search(r"lines (\d+)-(\d+) of (\d+)", lines[-1])
    assert found, lines
    first, last, total = (int(x) for x in found.groups())
    return first, last, total


def test_item35_a_long_lookup_pages_over_the_board_and_q_closes_it() -> None:
    typed: list[str] = []
    _, opened, down, up, keys, closed = screens(
        BOARD, NAMES, [_lookup(LONG), PAGE_DOWN, PAGE_UP, "xyz", "q"], typed=typed
    )
    # full height: the text from its first line, the status line, the pager's keys
    assert opened[0] == "legend line 1" and "THE BOARD, first line" not in opened
    assert _footer(opened) == (1, 22, 60) and "q or Esc closes" in opened[-1]
    assert "your move" in opened[-2]
    # a page down (keeping one line of the last), then back up
    assert _footer(down)[:2] == (22, 43) and down[0] == "legend line 22"
    assert _footer(up)[:2] == (1, 22)
    assert keys == up  # letters are not typed ahead while paging
    # closed: the board and the prompt again, nothing typed meanwhile in it
    assert closed[0] == "THE BOARD, first line"
    assert closed[-1].rstrip() == "you (your move) >"
    assert "legend line 60" not in closed
    assert typed == []


def test_item35_escape_closes_the_pager_too() -> None:
    _, opened, closed = screens(BOARD, NAMES, [_lookup(LONG), ESC])
    assert opened[0] == "legend line 1"
    assert closed[0] == "THE BOARD, first line"


def test_item35_a_short_lookup_stays_in_the_log() -> None:
    (_, shown) = screens(BOARD, NAMES, [_lookup("no actions for you now: it is not your move")])
    assert shown[0] == "THE BOARD, first line"
    assert "no actions for you now: it is not your move" in shown


def test_item35_log_pages_the_whole_log_from_its_newest_page() -> None:
    """``log`` opens where the log pane ends, on the newest moves (it opened on move 1,
    so a new player paged down through the whole game to see the last moves); Home
    goes to the first, and the footer names both ends' keys."""
    log = [f"{k:4d}. bob: move {k}" for k in range(1, 41)]
    typed: list[str] = []
    (_, paged, home) = screens(BOARD, NAMES, ["log\r", "\x1b[H"], log=log, typed=typed)
    assert _footer(paged) == (19, 40, 40) and paged[21] == "  40. bob: move 40"
    assert "Home/End the ends" in paged[-1] and len(paged[-1].rstrip()) <= 80
    assert _footer(home)[:2] == (1, 22) and home[0] == "   1. bob: move 1"
    assert typed == []  # 'log' is the screen's own, not a line for the table


def test_item35_text_wraps_at_words_in_the_log() -> None:
    hint = (
        "best: buy 3 (+2.5 of your points, 61% of the search), then place 2 (+1.9 of "
        "your points, 30%), then pass (+0.4 of your points, 9%); 1.0 s, 4200 playouts"
    )
    (_, shown) = screens(BOARD, NAMES, [lambda table: table.show(hint)])
    rows = [row for row in shown if "playouts" in row or "best: buy 3" in row]
    at = shown.index(rows[0])
    joined = " ".join(row.strip() for row in shown[at : shown.index(rows[-1]) + 1])
    assert joined == hint, shown
    assert all(len(row) <= 79 for row in shown[at : at + 3])


def test_item35_legend_at_a_real_game_opens_the_pager_and_q_gives_the_board_back(
    tmp_path: Path,
) -> None:
    """The program in a pseudo-terminal: Jórvík's legend at the first move."""
    args = ["play", "jorvik", "-p", "ann=human", "-p", "random", "--seed", "4", "--pace", "0"]
    term = Terminal([*args, "--save", str(tmp_path / "game.json")], tmp_path)
    try:
        term.until(lambda ls: "(your move) >" in ls[-1])
        term.type("legend")
        paged = term.until(lambda ls: "q or Esc closes" in ls[-1])
        assert paged[0] == "The board, line by line:", "\n".join(paged)
        assert "your move" in paged[-2]
        term.keys("q")
        back = term.until(lambda ls: "(your move) >" in ls[-1])
        assert back[0].startswith("Jórvík Karl"), "\n".join(back)
        term.type("quit")
        term.until(lambda ls: term.proc.poll() is not None)
    finally:
        term.close()
