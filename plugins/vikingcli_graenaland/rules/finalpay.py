"""Paying a build in the final-build search (finalsearch.py): every distinct way to
pay a cost, as the payment steps of ``pay_actions`` and ``legal_fee`` would, on plain
tuples instead of game states.

Three choices keep the number of payments small without losing any result, because more
resources never allow fewer builds (the payability check is monotone):

* a supply card used for its icons is used first, while every icon it shows is still
  needed (using it later, after paying one icon with another card, leaves less);
* a requirement is paid with an own card of its type when there is one, and a market
  swap only uses a card its own type does not need (the other way leaves less);
* of two ways to pay the same build, one that leaves at most the same cards (a gold
  card may stand for any other card), the same supply cards and no fewer markets is
  dropped.

The results are kept (``lru_cache``): they depend on their arguments only.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from vikingcli_graenaland.data import AU
from vikingcli_graenaland.rules.payment import after_icons, can_pay, can_start, distinct_supply
from vikingcli_graenaland.state import Action

Plan = tuple[Action, ...]
Hand = tuple[int, int, int, int, int]
Cost = tuple[int, int, int, int]


def as_hand(h: Sequence[int]) -> Hand:
    """A hand of resource counts (G, L, W, O, Au) as a tuple."""
    return (h[0], h[1], h[2], h[3], h[4])


@lru_cache(maxsize=1 << 16)
def payable(cost: Cost, h: Hand, sup: tuple[int, ...], mk: int) -> bool:
    """``can_pay`` of a build's cost with no contributions."""
    return can_pay(cost, h, None, sup, mk)


@lru_cache(maxsize=1 << 14)
def fees(h: Hand, cost: Cost, fee: int, sup: tuple[int, ...], mk: int) -> list[tuple[Hand, Plan]]:
    """Every hand left after giving ``fee`` rampart-fee cards (``legal_fee``), each once."""
    out: dict[Hand, Plan] = {h: ()}
    for left in range(fee, 0, -1):
        nxt: dict[Hand, Plan] = {}
        for hand, steps in out.items():
            hl = list(hand)
            for r in range(5):
                if hl[r]:
                    hl[r] -= 1
                    if can_start(cost, left - 1, hl, sup, mk):
                        k = as_hand(hl)
                        if k not in nxt:
                            nxt[k] = (*steps, ("fee", r))
                    hl[r] += 1
        out = nxt
    return list(out.items())


@lru_cache(maxsize=1 << 16)
def payments(
    h: Hand, sup: tuple[int, ...], mk: int, cost: Cost
) -> list[tuple[Hand, tuple[int, ...], int, Plan]]:
    """Every distinct (hand, supply cards, markets used, steps) after paying ``cost``
    (``pay_actions``): first supply cards for their icons, then each requirement in
    G, L, W, O order from an own card, gold, or a market swap (an own card of another
    type, a supply card). Each step keeps the rest payable, as the engine asks."""
    results: dict[tuple[Hand, tuple[int, ...], int], Plan] = {}
    # supply cards used for their icons, in id order, each while it covers something
    icon_states: list[tuple[list[int], tuple[int, ...], Plan]] = []

    def icons(req: list[int], rest: tuple[int, ...], steps: Plan, start: int) -> None:
        icon_states.append((req, rest, steps))
        cands = distinct_supply(rest)
        for sid in cands:
            if sid < start:
                continue
            nr, cov = after_icons(req, sid)
            if not cov:
                continue
            left = list(rest)
            left.remove(sid)
            if can_pay(nr, h, None, left, mk):
                icons(nr, tuple(left), (*steps, ("supply", sid)), sid)

    icons(list(cost), sup, (), 0)
    seen: set[tuple[tuple[int, ...], Hand, tuple[int, ...], int]] = set()

    def pay(req: list[int], hl: list[int], rest: tuple[int, ...], used: int, steps: Plan) -> None:
        key = (tuple(req), as_hand(hl), rest, used)
        if key in seen:
            return
        seen.add(key)
        r = next((x for x in range(4) if req[x]), -1)
        if r < 0:
            k = (as_hand(hl), rest, used)
            if k not in results:
                results[k] = steps
            return
        m = mk - used
        req[r] -= 1
        if hl[r]:  # an own card of the type first: anything else leaves less
            hl[r] -= 1
            if can_pay(req, hl, None, rest, m):
                pay(req, hl, rest, used, (*steps, ("pay", r)))
            return
        if hl[AU]:
            hl[AU] -= 1
            if can_pay(req, hl, None, rest, m):
                pay(list(req), list(hl), rest, used, (*steps, ("gold", r)))
            hl[AU] += 1
        if m:
            for c in range(4):
                # market fodder: only a card its own type does not need (else paying
                # that type with it and this one otherwise saves the market)
                if c != r and hl[c] > req[c]:
                    hl[c] -= 1
                    if can_pay(req, hl, None, rest, m - 1):
                        pay(list(req), list(hl), rest, used + 1, (*steps, ("mkt", c, r)))
                    hl[c] += 1
            for sid in distinct_supply(rest):
                left = list(rest)
                left.remove(sid)
                if can_pay(req, hl, None, left, m - 1):
                    pay(list(req), list(hl), tuple(left), used + 1, (*steps, ("mkts", sid, r)))
        req[r] += 1

    for req, rest, steps in icon_states:
        pay(list(req), list(h), rest, 0, steps)
    return _undominated(results)


def _covers(a: Hand, b: Hand) -> bool:
    """Can hand ``a`` do whatever hand ``b`` can (gold standing for any card)?"""
    short = 0
    for r in range(4):
        if b[r] > a[r]:
            short += b[r] - a[r]
    return a[4] - b[4] >= short


def _undominated(
    results: dict[tuple[Hand, tuple[int, ...], int], Plan],
) -> list[tuple[Hand, tuple[int, ...], int, Plan]]:
    """The payments no other payment leaves at least as well off."""
    items = list(results.items())
    out = []
    for i, ((h, sup, used), steps) in enumerate(items):
        beaten = False
        for j, ((h2, sup2, used2), _s) in enumerate(items):
            if j == i or sup2 != sup or used2 > used or not _covers(h2, h):
                continue
            if h2 != h or used2 < used or j < i:  # equal ones: keep the first
                beaten = True
                break
        if not beaten:
            out.append((h, sup, used, steps))
    return out
