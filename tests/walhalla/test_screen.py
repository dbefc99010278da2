"""A person plays a full game of Walhalla at an 80x24 terminal (a pseudo-terminal
read through the pyte emulator), answering every prompt with the first legal move
that ``actions`` lists, and checks at each prompt that the board fits the screen and
names every seat the same way as the log and the end screen; ``legend``, ``undo``
and a refused move are tried on the way."""

from __future__ import annotations

import random
import re
import time
from pathlib import Path

import pytest

from tests.terminal import Terminal
from tests.walhalla.helpers import GAME
from vikingcli.engine.text import name_seats

NAMES = ("alice", "random 2", "random 3")
COLOURS = ("RED", "BLACK", "YELLOW")
PROMPT = re.compile(r"^alice > *$")
HEADER = "WALHALLA  raid "
LOG = re.compile(r"^\s*\d+\. ([\w -]+?): ")


def _board(lines: list[str]) -> list[str]:
    """The board on screen: from its header to the line above the last prompt."""
    prompt = max(i for i, ln in enumerate(lines) if PROMPT.match(ln))
    top = max((i for i, ln in enumerate(lines[:prompt]) if ln.startswith(HEADER)), default=None)
    assert top is not None, "the board's first line is off the screen:\n" + "\n".join(lines)
    return lines[top:prompt]


def _say(term: Terminal, text: str) -> str:
    """Type ``text`` at the prompt and wait for the next prompt (or the end)."""
    before = term.lines()
    term.type(text)
    end = time.monotonic() + 10
    while term.lines() == before and time.monotonic() < end:
        term.pump(0.02)
    return term.wait_for(PROMPT)


@pytest.mark.slow
def test_a_person_plays_a_full_game_at_80x24(tmp_path: Path) -> None:
    args = ["play", "walhalla", "--plain", "-p", "alice=human", "-p", "random", "-p", "random"]
    term = Terminal([*args, "--seed", "3", "--pace", "0"], tmp_path)
    prompts = 0
    previous: tuple[str, list[str]] | None = None  # status and board of the last prompt
    undone = refused = False
    try:
        while True:
            last = term.wait_for(PROMPT)
            if not last:
                break  # the game is over and the program has ended
            prompts += 1
            screen = term.lines()
            board = _board(screen)
            # The board and the prompt fit 24 rows; no line is cut or wrapped.
            assert len(board) + 1 <= 24 and len(board) <= 20, "\n".join(board)
            assert all(len(line) < 80 for line in screen), "\n".join(screen)
            # Names: the person's seat marked, every seat by name and colour.
            text = "\n".join(board)
            assert f"{NAMES[0]} ({COLOURS[0]}, you)" in text
            for name, colour in zip(NAMES[1:], COLOURS[1:], strict=True):
                assert f"{name} ({colour})" in text
            assert "{p" not in text and "seat 0" not in text
            status = board[-1]

            if prompts == 1:
                _say(term, "legend")
                shown = "\n".join(term.lines())
                assert "R RED = alice" in shown and "K BLACK = random 2" in shown
                assert "F2/F3 forest" in shown and "F/M/B: the coloured seat" in shown
                assert "Map: the coast" in shown  # the whole legend is on screen
            if not refused and " moors G" in status:
                _say(term, "moor f9 in")
                assert any("only the fjords F1-F4" in ln for ln in term.lines())
                refused = True
            if (
                not undone
                and previous is not None
                and " moors G" in status
                and " boards G" in previous[0]
            ):
                # My previous decision was boarding this galley: undo goes back to it.
                _say(term, "undo")
                again = term.lines()
                assert any("Back to move" in ln for ln in again)
                assert _board(again) == previous[1]
                undone = True
                status, board = previous
            previous = (status, board)

            _say(term, "actions")
            lines = term.lines()
            offered = lines[max(i for i, ln in enumerate(lines) if PROMPT.match(ln)) - 1]
            assert "not legal" not in offered
            chosen = offered.split("  ")[0]
            before = term.lines()
            term.type(chosen)
            end = time.monotonic() + 10
            while term.lines() == before and time.monotonic() < end:
                term.pump(0.02)
        assert prompts >= 10 and undone and refused
        log = "\n".join(term.transcript + term.lines())
        movers = {m.group(1) for ln in log.splitlines() if (m := LOG.match(ln))}
        assert movers <= set(NAMES) and {"random 2", "random 3"} <= movers
        assert "{p" not in log
        # The end screen names the seats as the board and the log did.
        # (the log wraps long lines: read the words after "the game is over:")
        over = " ".join(log[log.index("the game is over:") :].split()[:12])
        assert all(name in over for name in NAMES), over
        final = next(ln for ln in log.splitlines() if ln.strip().startswith("alice  "))
        assert re.split(r" {2,}", final.strip()) == list(NAMES)
        assert f"Game over: {NAMES[0]} ({COLOURS[0]})" in log
    finally:
        term.close()


@pytest.mark.parametrize(("players", "headlands"), [(3, "8,5,5"), (4, "6,6,6"), (4, "5,6,7")])
def test_the_board_fits_20_lines_of_80_columns_at_every_move(players: int, headlands: str) -> None:
    names = ["alice-the-long", "greedy 2", "mcts 3", "random 4"][:players]
    rng = random.Random(players)
    s = GAME.new_state(players, {"headlands": headlands}, 5)
    while GAME.to_move(s) is not None:
        seat = GAME.to_move(s)
        shown = name_seats(GAME.render(s, seat), names).splitlines()
        assert len(shown) <= 16 and max(map(len, shown)) <= 79, "\n".join(shown)
        for look in ("legend", "scores", "cards", "tiles", "hand"):
            page = name_seats(GAME.view(s, seat, look) or "", names).splitlines()
            assert max(map(len, page)) <= 80 and len(page) <= 22, (look, "\n".join(page))
        GAME.apply(s, rng.choice(GAME.legal_actions(s)))
