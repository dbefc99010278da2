"""The end of the demand phase and the purchase phase: demand columns slot by slot,
then the reservation row (Jarl) (docs/rules/jorvik.md §3.2 step 4, §3.3, §8.10-8.11)."""

from __future__ import annotations

from vikingcli_jorvik.rules.common import box_card, buy, owns_free, return_viking, use_free
from vikingcli_jorvik.rules.encoding import (
    A_BUY,
    A_DISCARD,
    A_FREE,
    A_PASS,
    OP_BUY,
    OP_DISCARD,
    OP_PASS,
    Move,
)
from vikingcli_jorvik.rules.loading import begin_loading
from vikingcli_jorvik.state import PH_BUY, PH_RESBUY, State


def cleanup(s: State) -> None:
    """Spec §3.2 step 4: cards nobody wants are discarded; the purchase phase starts."""
    for i in range(12):
        c = s.slots[i]
        if c >= 0 and (i >= 6 or not s.cols[i]):
            box_card(s, c)
            s.slots[i] = -1
    s.phase = PH_BUY
    s.pslot = 0
    next_purchase(s)


def next_purchase(s: State) -> None:
    """The next slot from ``pslot`` on with a card and a column buys; then the
    reservation row; then the loading phase."""
    slots = s.slots
    cols = s.cols
    i = s.pslot
    while i < 6:
        if slots[i] >= 0 and cols[i]:
            s.pslot = i
            s.phase = PH_BUY
            s.actor = cols[i][0] & 7
            return
        i += 1
    s.pslot = i
    if s.res_cards:
        s.phase = PH_RESBUY
        s.actor = s.res_vik[0] & 7
        return
    begin_loading(s)


def offers(s: State, price: int, refuse: Move) -> list[Move]:
    """Buy (when the actor has ``price`` coins), free (B22), then the refusal."""
    p = s.actor
    out = []
    if s.coins[p] >= price:
        out.append(A_BUY)
    if owns_free(s, p):
        out.append(A_FREE)
    out.append(refuse)
    return out


def legal_buy(s: State) -> list[Move]:
    return offers(s, len(s.cols[s.pslot]), A_PASS)


def apply_buy(s: State, a: Move) -> None:
    """The top viking of the current column buys (or uses B22) or passes."""
    p = s.actor
    op = a[0]
    i = s.pslot
    col = s.cols[i]
    slots = s.slots
    if op == OP_PASS:
        return_viking(s, col.pop(0))
        if not col:
            box_card(s, slots[i])
            slots[i] = -1
            s.pslot = i + 1
    else:
        if op == OP_BUY:
            s.coins[p] -= len(col)
        else:
            use_free(s, p)
        c = slots[i]
        slots[i] = -1
        for v in col:
            return_viking(s, v)
        col.clear()
        buy(s, p, c)
        s.pslot = i + 1
    next_purchase(s)


def legal_resbuy(s: State) -> list[Move]:
    return offers(s, len(s.res_cards), A_DISCARD)


def apply_resbuy(s: State, a: Move) -> None:
    """The first reservation: buy (price = cards left in the row), free, or discard."""
    p = s.actor
    op = a[0]
    c = s.res_cards.pop(0)
    v = s.res_vik.pop(0)
    price = len(s.res_cards) + 1
    if op == OP_DISCARD:
        box_card(s, c)
    else:
        if op == OP_BUY:
            s.coins[p] -= price
        else:
            use_free(s, p)
        buy(s, p, c)
    return_viking(s, v)
    next_purchase(s)
