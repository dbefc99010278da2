"""The demand phase (docs/rules/jorvik.md §3.2, §8.7-8.8): committing brown vikings
(A19, Jarl), placing vikings into demand columns and reserving cards (Jarl)."""

from __future__ import annotations

from typing import Final

from vikingcli_jorvik import data as D
from vikingcli_jorvik.rules.encoding import OP_COMMIT, OP_PLACE, OP_RESERVE, Move
from vikingcli_jorvik.rules.purchase import cleanup
from vikingcli_jorvik.rules.swap import swap_pairs
from vikingcli_jorvik.state import PH_COMMIT, PH_DEMAND, PH_SWAP, State


def begin_demand(s: State) -> None:
    """The owner of A19 first commits brown vikings (if any are left on it)."""
    if s.advanced and s.a19_brown > 0:
        for p in range(s.n):
            if D.C_A19 in s.cards[p]:
                s.phase = PH_COMMIT
                s.actor = p
                return
    start_placement(s)


def start_placement(s: State) -> None:
    s.phase = PH_DEMAND
    next_placer(s, s.start)


def can_place(s: State) -> bool:
    """Is there a space for a viking: a column under the cap or (Jarl) a card to
    reserve?"""
    slots = s.slots
    cols = s.cols
    for i in range(6):
        if slots[i] >= 0 and len(cols[i]) < D.COLUMN_MAX:
            return True
    if s.advanced:
        for i in range(6, 12):
            if slots[i] >= 0:
                return True
    return False


def next_placer(s: State, p0: int) -> None:
    """The first seat from p0 on with a viking left places next (spec §8.7)."""
    if can_place(s):
        n = s.n
        vik = s.vik
        bsup = s.bsup
        for i in range(n):
            p = (p0 + i) % n
            if vik[p] + bsup[p] > 0:
                s.actor = p
                return
    end_demand(s)


def end_demand(s: State) -> None:
    # committed brown vikings that found no space go back onto A19
    for p in range(s.n):
        if s.bsup[p]:
            s.a19_brown += s.bsup[p]
            s.bsup[p] = 0
    if s.advanced:
        for p in range(s.n):
            if D.C_A21 in s.cards[p] and swap_pairs(s):
                s.phase = PH_SWAP
                s.actor = p
                return
    cleanup(s)


# The placement moves, made once: the demand phase is most of a rollout's moves.
PLACE_MOVES: Final[tuple[Move, ...]] = tuple((OP_PLACE, i) for i in range(6))
RESERVE_MOVES: Final[tuple[Move, ...]] = tuple((OP_RESERVE, i) for i in range(6, 12))


def legal_place(s: State) -> list[Move]:
    # a plain loop: measured faster than a comprehension over six slots
    slots = s.slots
    cols = s.cols
    out: list[Move] = []
    for i in range(6):
        if slots[i] >= 0 and len(cols[i]) < D.COLUMN_MAX:
            out.append(PLACE_MOVES[i])
    if s.advanced:
        for i in range(6, 12):
            if slots[i] >= 0:
                out.append(RESERVE_MOVES[i - 6])
    return out


def apply_place(s: State, a: Move) -> None:
    p = s.actor
    if s.bsup[p]:  # committed brown vikings are placed first (interchangeable)
        s.bsup[p] -= 1
        v = p + 8
    else:
        s.vik[p] -= 1
        v = p
    slot = a[1]
    if a[0] == OP_PLACE:
        s.cols[slot].append(v)
    else:
        s.res_cards.append(s.slots[slot])
        s.res_vik.append(v)
        s.slots[slot] = -1
    next_placer(s, (p + 1) % s.n)


def legal_commit(s: State) -> list[Move]:
    return [(OP_COMMIT, k) for k in range(s.a19_brown + 1)]


def apply_commit(s: State, a: Move) -> None:
    k = a[1]
    s.a19_brown -= k
    s.bsup[s.actor] += k
    start_placement(s)
