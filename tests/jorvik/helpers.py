"""Position builders for the Jórvík tests (the docs/rules/jorvik.md §7 examples are
built directly), and the rules' phase entry points that start play from such a
position (re-exported so every test file takes them from here)."""

from __future__ import annotations

import re
import time

from tests.terminal import WAIT
from tests.terminal import Terminal as SharedTerminal
from vikingcli_jorvik import data as D
from vikingcli_jorvik.game import JorvikGame
from vikingcli_jorvik.rules.demand import begin_demand, end_demand
from vikingcli_jorvik.rules.end import final_scoring
from vikingcli_jorvik.rules.loading import begin_loading
from vikingcli_jorvik.rules.pict import start_pict
from vikingcli_jorvik.rules.supply import begin_round
from vikingcli_jorvik.scoring import final_breakdown
from vikingcli_jorvik.state import PH_SUPPLY, State
from vikingcli_jorvik.view import CRAFTSMEN, all_places, cube_count

__all__ = [
    "CRAFTSMEN", "GAME", "B", "E", "M", "P", "Terminal", "all_places", "begin_demand",
    "begin_loading", "begin_round", "blank", "cid", "cube_count", "deck_top", "do",
    "end_demand", "final_breakdown", "final_scoring", "give", "put_slot", "start_pict",
    "take", "texts",
]  # fmt: skip

GAME = JorvikGame()
B, M, E, P = 0, 1, 2, 3  # Benedek, Móni, Eszti, Peti (rulebook seating)


def cid(name: str) -> int:
    return D.BY_ID[name]


def blank(n: int = 4, mode: str = "karl", start: int = 0) -> State:
    """A state before the first supply phase: full deck (E01 at the bottom, A on top),
    full bag, empty board, everybody at 10 VP / 5 coins."""
    s = GAME.new_state(n, {"mode": mode}, 1)
    advanced = mode == "jarl"
    used = D.deck_cards(n, advanced)
    s.box = [c.idx for c in D.CARDS if c.idx not in set(used)]
    rest = [c for c in used if c != D.E01]
    # D first ... A last (= top); each season's Pict attack at the bottom of its pile
    rest.sort(key=lambda c: (-D.SEASON[c], D.KIND[c] != D.PICT, -c))
    s.deck = [D.E01, *rest]
    s.bag = [g for g in D.BASIC_GOODS for _ in range(9)]
    if advanced:
        s.bag += [g for g in D.PREMIUM_GOODS for _ in range(3)]
    s.cgs = [0] * 8
    s.slots = [-1] * 12
    s.cargo = [()] * D.N_CARDS
    s.fill = [0] * D.N_CARDS
    s.cols = [[] for _ in range(6)]
    s.res_cards, s.res_vik = [], []
    s.coins = [5] * n
    s.vp = [10] * n
    s.vik = [4 if advanced else 3] * n
    s.bsup = [0] * n
    s.loading = [[] for _ in range(n)]
    s.cards = [[] for _ in range(n)]
    s.sboard = [-1] * n
    s.swh = [[] for _ in range(n)]
    s.log = []
    s.start = start
    s.actor = start
    s.phase = PH_SUPPLY
    s.round = 0
    s.legal_cache = None
    return s


def take(s: State, name: str) -> int:
    """Remove the named card from the deck or the box (to place it elsewhere)."""
    c = cid(name)
    if c in s.deck:
        s.deck.remove(c)
    else:
        s.box.remove(c)
    return c


def give(s: State, p: int, *names: str, area: str = "cards") -> None:
    for name in names:
        getattr(s, area)[p].append(take(s, name))


def put_slot(s: State, slot: int, name: str, cargo: tuple[int, ...] = ()) -> int:
    """Card into board slot (1-based) ``slot``; a ship takes ``cargo`` from the bag."""
    c = take(s, name)
    s.slots[slot - 1] = c
    for g in cargo:
        s.bag.remove(g)
    s.cargo[c] = cargo
    return c


def deck_top(s: State, *names: str) -> None:
    """Put the named cards on top of the deck, the first name on the very top."""
    for name in reversed(names):
        s.deck.append(take(s, name))


def texts(s: State) -> list[str]:
    return [GAME.format_action(s, a) for a in GAME.legal_actions(s)]


def do(s: State, *cmds: str) -> None:
    for text in cmds:
        GAME.apply(s, GAME.parse_action(s, text))


# --------------------------------------------------------------------------- a terminal


class Terminal(SharedTerminal):
    """The shared test terminal, waiting until the screen settles."""

    def wait_for(self, pattern: re.Pattern[str], timeout: float = WAIT) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.pump(0.03)
            if pattern.search(self.last()):
                self.pump(0.03)  # the rest of the screen, if any
                if pattern.search(self.last()):
                    return self.last()
        raise AssertionError("timed out; the screen shows:\n" + "\n".join(self.lines()))

    def say(self, text: str, pattern: re.Pattern[str], timeout: float = WAIT) -> str:
        """Type ``text`` and wait for its answer: new output, then ``pattern`` on the
        last line and a moment of quiet."""
        self.type(text)
        end = time.monotonic() + timeout
        seen = False
        while time.monotonic() < end:
            before = self.screen.display
            self.pump(0.05)
            changed = self.screen.display != before
            seen = seen or changed
            if seen and not changed and pattern.search(self.last()):
                return self.last()
        raise AssertionError("timed out; the screen shows:\n" + "\n".join(self.lines()))


