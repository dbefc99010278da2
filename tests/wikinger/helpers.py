"""Helpers building Wikinger positions directly from the board notation of
docs/rules/wikinger.md §7.0, and driving them through the engine interface."""

from __future__ import annotations

import re
import time
from typing import Any

from tests.terminal import Terminal as SharedTerminal
from vikingcli_wikinger import rules
from vikingcli_wikinger.board import set_cell
from vikingcli_wikinger.data import (
    BLUE,
    BOATMAN,
    COLOUR_LETTERS,
    FIG,
    GREEN,
    RED,
    SHIP,
    T_L,
    T_MA,
    T_R,
    T_SP11,
    YELLOW,
)
from vikingcli_wikinger.game import WikingerGame
from vikingcli_wikinger.state import PH_TAKE, State

GAME = WikingerGame()
SAILS = {"red": RED, "green": GREEN, "yellow": YELLOW, "blue": BLUE}
LETTER = {c: x for x, c in enumerate(COLOUR_LETTERS)}
LETTER["Bt"] = BOATMAN


def tile_code(word: str) -> int:
    """'L', 'M', 'Ma'..'Md', 'R', 'X' (SP11 of building A), 'Xb'..; or a ship 'ship red'."""
    base = word[0]
    b = "abcd".index(word[1]) if len(word) > 1 else 0
    if base == "L":
        return T_L
    if base == "R":
        return T_R
    if base == "M":
        return T_MA + b
    if base == "X":
        return T_SP11 + b
    raise ValueError(word)


def ship(colour: str) -> int:
    """Stack code of a ship with that sail colour."""
    return SHIP + SAILS[colour]


def board(s: State, p: int, text: str) -> None:
    """Fill player p's tableau from the notation of docs/rules/wikinger.md §7.0
    (ships:, rowN:, mainland:)."""
    for line in text.strip().splitlines():
        head, _, rest = line.strip().partition(":")
        words = rest.split("(")[0].split()
        if head == "ships":
            for w in words:
                if w == "none":
                    continue
                col, colour = w.split("=")
                c = int(col[1:])
                while len(s.ships[p]) <= c:
                    s.ships[p].append(0)
                s.ships[p][c] = SAILS[colour]
        elif head.startswith("row"):
            r = int(head[3:])
            for c, w in enumerate(words):
                if w == ".":
                    continue
                t, _, fig = w.partition("+")
                set_cell(s.rows[p], r, c, tile_code(t) | (FIG if fig else 0))
        elif head == "mainland":
            i = 0
            while i < len(words):
                w = words[i]
                k = 1
                if i + 1 < len(words) and words[i + 1].startswith("x"):
                    k = int(words[i + 1][1:])
                    i += 1
                s.idle[p][LETTER[w]] += k
                i += 1
        else:
            raise ValueError(line)
    s.placed_start[p] = True
    s.legal_cache = None


def empty_state(n: int = 2, advanced: bool = False, gold: int = 20, vp: int = 10) -> State:
    """A state in the take phase with empty tableaux and nothing on the wheel."""
    s = State.empty(n, advanced)
    s.gold = [gold] * n
    s.vp = [vp] * n
    s.stacks = [T_L] * 72
    s.bag = [0] * 78
    s.phase = PH_TAKE
    return s


def set_wheel(s: State, slots: dict[int, tuple[int, int]]) -> None:
    """Put (tile, figure) combinations on the given slots; the rest empty."""
    s.wheel_t = [0] * 12
    s.wheel_f = [-1] * 12
    for i, (t, f) in slots.items():
        s.wheel_t[i] = t
        s.wheel_f[i] = f
    s.legal_cache = None


def legal(s: State) -> list[Any]:
    """Legal actions (fresh, not cached)."""
    s.legal_cache = None
    return list(GAME.legal_actions(s))


def play(s: State, *texts: str) -> State:
    """Apply action texts in order."""
    for t in texts:
        GAME.apply(s, GAME.parse_action(s, t))
    return s


def turn_outcomes(s: State) -> list[tuple[list[str], State]]:
    """Every way to finish the current turn (after a take): list of (texts, end state)."""
    out: list[tuple[list[str], State]] = []
    turn = s.turn

    def walk(state: State, path: list[str]) -> None:
        if state.turn != turn or (state.phase == PH_TAKE and state.turn != turn):
            out.append((path, state))
            return
        for a in GAME.legal_actions(state):
            nxt = state.clone()
            text = GAME.format_action(state, a)
            GAME.apply(nxt, a)
            walk(nxt, [*path, text])

    walk(s, [])
    return out


def settle(s: State) -> None:
    """Take forced decisions like apply does."""
    rules.settle(s)


# ---------------------------------------------------------------- a terminal, as a person sees it


class Terminal(SharedTerminal):
    """The shared test terminal, plus typing a line and waiting for its answer."""

    def send(self, text: str, pattern: re.Pattern[str], timeout: float = 20) -> str | None:
        """Type ``text`` and Enter, then wait for a changed screen whose last line
        matches ``pattern`` (None when the program has ended)."""
        before = self.lines()
        self.type(text)
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.pump(0.03)
            now = self.lines()
            last = next((ln for ln in reversed(now) if ln.strip()), "")
            if now != before and pattern.search(last):
                return last
            if self.proc.poll() is not None:
                self.pump(0.2)
                return None
        raise AssertionError("timed out; the screen shows:\n" + "\n".join(self.lines()))


