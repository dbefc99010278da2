"""D3: the active player boards the remaining seats, selling cards for vikings when
Midgard runs short (docs/rules/walhalla.md §4.2, §4.6)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from vikingcli.engine import Action
from vikingcli_walhalla import data as D
from vikingcli_walhalla.rules.cards import sell
from vikingcli_walhalla.state import BOARD, PH_SEND, State


def multisets(counts: Sequence[int], size: int) -> list[tuple[int, ...]]:
    """Every multiset of ``size`` card types drawn from the hand ``counts``, sorted."""
    out: list[tuple[int, ...]] = []
    _add_multisets(counts, 0, size, (), out)
    out.sort()
    return out


def _add_multisets(
    counts: Sequence[int], t: int, left: int, acc: tuple[int, ...], out: list[tuple[int, ...]]
) -> None:
    # A module function, not a closure: compiled, a closure is called through
    # Python's protocol, a function directly.
    if left == 0:
        out.append(acc)
        return
    for u in range(t, D.N_CARD_TYPES):
        c = counts[u]
        if c:
            k = 1
            while k <= c and k <= left:
                _add_multisets(counts, u + 1, left - k, acc + (u,) * k, out)
                k += 1


def legal_actions(s: State) -> list[Action]:
    a = s.turn_player
    g = s.galley
    cs = D.galley_coloured_seat(g)
    own = D.galley_colour(g) == a
    m = s.midgard[a]
    hand = s.hands[a]
    # two-argument min: compiled as a comparison (three arguments: a call)
    smax = min(min(sum(hand), s.vp[a]), s.asgard[a])
    acts: list[Action] = []
    for mask in range(8):
        if not own and mask >> cs & 1:
            continue
        cnt = (mask & 1) + (mask >> 1 & 1) + (mask >> 2 & 1)
        need = cnt - m
        if need <= 0:
            acts.append((BOARD, mask, ()))
        elif need <= smax:
            for sold in multisets(hand, need):
                acts.append((BOARD, mask, sold))
    return acts


def apply_legal(s: State, a: tuple[Any, ...]) -> None:
    p = s.turn_player
    for t in a[2]:
        sell(s, p, t)
    mask = a[1]
    for i in range(3):
        if mask >> i & 1:
            s.seats[i] = p
            s.midgard[p] -= 1
    s.phase = PH_SEND
