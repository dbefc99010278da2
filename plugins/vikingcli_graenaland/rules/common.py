"""Small queries and steps on the state that several phases share: card counts, hands,
decks and their reshuffles (docs/rules/graenaland.md §1.4), build rights."""

from __future__ import annotations

import random
from typing import Final

from vikingcli.engine import shuffle
from vikingcli_graenaland import data as D
from vikingcli_graenaland.data import MARKET, RAMPART, ROAD, G
from vikingcli_graenaland.scoring import own_settlements
from vikingcli_graenaland.state import BM_PERMIT, Action, State

A_PASS: Final[Action] = ("pass",)
A_YES: Final[Action] = ("yes",)
A_NO: Final[Action] = ("no",)
A_STAY: Final[Action] = ("stay",)
A_END: Final[Action] = ("end",)
A_NOTHING: Final[Action] = ("nothing",)
A_DONE: Final[Action] = ("done",)
A_COMPLETE: Final[Action] = ("complete",)
A_ABANDON: Final[Action] = ("abandon",)
A_NOCLAIM: Final[Action] = ("noclaim",)
A_NORELOC: Final[Action] = ("noreloc",)


def total_settlements(st: State, p: int) -> int:
    """Settlements of all colours in ``p``."""
    n = st.n
    b = st.bld
    i = p * 3
    return sum(st.vil[p * n : p * n + n]) + (b[i] >= 0) + (b[i + 1] >= 0) + (b[i + 2] >= 0)


def cards_at(st: State, p: int) -> int:
    """Resource cards lying in province ``p`` (face up and face down)."""
    # written out: asked for every province at every search cut-off (the compiled
    # build calls sum through Python's protocol, on a slice it makes first)
    up = st.up
    i = p * 5
    return up[i] + up[i + 1] + up[i + 2] + up[i + 3] + up[i + 4] + len(st.down[p])


def hres(hand: list[int]) -> list[int]:
    """Resource counts (G, L, W, O, Au) of a hand of card kinds."""
    # written out: called for every build and payment step, where a loop cost more
    # (benchmarks/README.md, "Hot rules functions")
    return [
        hand[0] + hand[5] + hand[10] + hand[15],
        hand[1] + hand[6] + hand[11] + hand[16],
        hand[2] + hand[7] + hand[12] + hand[17],
        hand[3] + hand[8] + hand[13] + hand[18],
        hand[4] + hand[9] + hand[14] + hand[19],
    ]


def take_res(hand: list[int], r: int) -> int:
    """Remove one card of resource ``r`` (lowest deck first); return its kind."""
    for k in (r, 5 + r, 10 + r, 15 + r):
        if hand[k]:
            hand[k] -= 1
            return k
    raise AssertionError("no such card")


def next_random(st: State) -> random.Random:
    """A generator seeded from the state's RNG word, which moves on."""
    r = random.Random(st.rng)
    st.rng = r.getrandbits(62)
    return r


def draw(st: State, d: int) -> int:
    """Top card (resource) of deck ``d``; reshuffles the discard pile (§1.4); -1 if
    both are empty (R15)."""
    deck = st.decks[d]
    if not deck:
        disc = st.disc
        for r in range(5):
            c = disc[d * 5 + r]
            if c:
                deck.extend([r] * c)
                disc[d * 5 + r] = 0
        if not deck:
            return -1
        shuffle(next_random(st), deck)
    return deck.pop()


def draw_supply(st: State) -> int:
    """Top supply card; reshuffles the supply discards; -1 if both are empty."""
    if not st.sdeck:
        if not st.sdisc:
            return -1
        st.sdeck = st.sdisc
        st.sdisc = []
        shuffle(next_random(st), st.sdeck)
    return st.sdeck.pop()


def houses_left(st: State, s: int) -> int:
    n = st.n
    used = st.bld.count(s) + sum(st.vil[p * n + s] for p in range(st.board.np))
    return D.SETTLEMENT_HOUSES - used


def markets_avail(st: State, s: int) -> list[int]:
    """Provinces whose market seat ``s`` may still use in this build phase."""
    if st.bmode == BM_PERMIT:
        return []
    return [
        p
        for p in range(st.board.np)
        if st.market[p] and not st.mkt_used[p] and own_settlements(st, s, p) > 0
    ]


def fee_recipients(st: State, s: int, p: int) -> list[int]:
    """Players owed a rampart entry fee if ``s`` founds a village in ``p`` (§4.3)."""
    if not st.rampart[p] or own_settlements(st, s, p) > 0:
        return []
    return [o for o in range(st.n) if o != s and own_settlements(st, o, p) > 0]


def village_allowed(st: State, s: int, p: int) -> bool:
    if own_settlements(st, s, p) > 0:
        return True
    return any(own_settlements(st, s, q) > 0 for q in st.board.neighbours[p])


def work_available(st: State, w: int, p: int) -> bool:
    if w == ROAD:
        return not st.road[p] and st.left_road > 0
    if w == MARKET:
        return not st.market[p] and st.left_market > 0
    if w == RAMPART:
        return not st.rampart[p] and st.left_rampart > 0
    return not st.impr[p]


def army_variants(st: State, s: int) -> list[int]:
    """Third army resource choices: G = peasant (3 G), else a fort resource owned."""
    out = [G]
    tiles = st.board.tiles
    for p in range(st.board.np):
        if st.bld[p * 3] == s:
            fr = tiles[p].fort_resource
            if fr not in out:
                out.append(fr)
    out.sort()
    return out


def contrib_totals(st: State) -> list[int]:
    """Resources given to the joint work, summed over the contributors."""
    tot = [0, 0, 0, 0, 0]
    for c in st.contrib:
        for r, x in enumerate(hres(c)):
            tot[r] += x
    return tot
