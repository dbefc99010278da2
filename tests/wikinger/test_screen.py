"""A whole game of Wikinger as a person plays it at an 80x24 terminal (issue 12): at
every prompt the board fits the screen with the prompt, seats carry the same names in
the log, on the board and on the end screen, and 'actions', 'legend' and 'undo' work.

The game runs in a pseudo-terminal read through the pyte terminal emulator, so the test
sees exactly what a person would see."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from .helpers import Terminal

ME, OTHER = "alice", "random"
PROMPT = re.compile(rf"^{ME} > *$")
ROWS = 24


def board_at_prompt(lines: list[str]) -> list[str]:
    """The board just printed above the prompt: from its title to the line before the
    prompt's."""
    prompt = max(i for i, ln in enumerate(lines) if PROMPT.match(ln))
    titles = [i for i, ln in enumerate(lines[:prompt]) if ln.startswith("WIKINGER ")]
    assert titles, "the board's first line is not on the screen:\n" + "\n".join(lines)
    return lines[titles[-1]:prompt]


def answer_of(lines: list[str], command: str) -> list[str]:
    """What the program printed for the last ``command`` typed at the prompt."""
    asked = max(i for i, ln in enumerate(lines) if ln == f"{ME} > {command}")
    return [ln for ln in lines[asked + 1:-1] if ln.strip() and not PROMPT.match(ln)]


@pytest.mark.slow
def test_a_whole_game_at_80_by_24(tmp_path: Path) -> None:
    term = Terminal(
        ["play", "wikinger", "--plain", "-p", "alice=human", "-p", "random", "--seed", "5",
         "--pace", "0"],
        tmp_path,
    )
    started = time.monotonic()
    seen_log_names = False
    previous: list[str] = []
    decisions = 0
    try:
        last = term.wait_for(PROMPT)
        while last is not None:
            lines = term.lines()
            screen = "\n".join(lines)
            board = board_at_prompt(lines)
            assert len(board) <= ROWS - 8, "\n".join(board)
            # pyte wraps what is wider than the screen: no line may fill it.
            assert all(len(ln) < 80 for ln in lines), screen
            assert f"{ME} (1, you): " in screen and f"{OTHER} (2): " in screen
            assert "{p" not in screen and "seat " not in screen, screen
            seen_log_names |= f"{OTHER}: take " in screen or f"{ME}: take " in screen
            decisions += 1

            if decisions == 3:
                term.send("legend", PROMPT)
                shown = "\n".join(term.lines())
                # All of it above the prompt (prompt-toolkit keeps rows for its menu).
                assert "Wheel: 'take S'" in shown and "~L-.==MaN=" in shown, shown
                assert "More: 'board N'" in shown, shown
            if decisions == 12:
                assert term.send("undo", PROMPT) is not None
                after = term.lines()
                assert any("Back to move" in ln for ln in after), "\n".join(after)
                assert board_at_prompt(after) == previous, "\n".join(after)
                board = previous
            if decisions == 20:
                term.send("board 2", PROMPT)
                assert f"{OTHER} (2): " in "\n".join(answer_of(term.lines(), "board 2"))

            term.send("actions", PROMPT)
            offered = answer_of(term.lines(), "actions")
            assert offered, "\n".join(term.lines())
            previous = board
            last = term.send(offered[0].split("  ")[0], PROMPT)
        end = "\n".join(term.lines())
        # The end screen from the last prompt on, scrolled-off part included.
        text = term.raw.decode(errors="replace")
        final = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", "", text[text.rfind(f"{ME} > "):])
    finally:
        term.close()
    assert term.proc.returncode == 0, end
    assert decisions >= 30
    assert seen_log_names
    # The end screen names both seats as the board and the log did.
    assert ME in final and OTHER in final and "{p" not in final, final
    assert "{p" not in end
    assert time.monotonic() - started < 60
