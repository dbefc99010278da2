"""Pict attacks (docs/rules/jorvik.md §3.1.1, §8.19): defence standing, the Glory (D29)
and Ransom (C22) decisions, gains and losses.

``start_pict`` and the two ``play_*`` functions say whether the attack is still
waiting for a decision; the caller resumes the supply phase or the game end.
"""

from __future__ import annotations

from typing import Final

from vikingcli_jorvik import data as D
from vikingcli_jorvik.data import CARDS
from vikingcli_jorvik.rules.common import box_own
from vikingcli_jorvik.rules.encoding import A_DECLINE, A_GLORY, A_RANSOM, OP_GLORY, OP_RANSOM, Move
from vikingcli_jorvik.scoring import defence
from vikingcli_jorvik.state import PH_GLORY, PH_RANSOM, RANSOM_BIT, State

LEGAL_GLORY: Final = [A_GLORY, A_DECLINE]
LEGAL_RANSOM: Final = [A_RANSOM, A_DECLINE]


def start_pict(s: State, c: int, ctx: int) -> bool:
    """Resolve Pict attack card c; True if a decision is now pending."""
    s.box.append(c)
    s.pk_card = c
    s.pk_ctx = ctx
    n = s.n
    defs = [defence(s, p) for p in range(n)]
    s.pk_delta = [0] * n
    s.pk_glory = 0
    hi, lo = max(defs), min(defs)
    if hi == lo:
        s.pk_win = s.pk_lose = 0
        log_pict(s, defs)
        return False
    s.pk_win = sum(1 << p for p in range(n) if defs[p] == hi)
    s.pk_lose = sum(1 << p for p in range(n) if defs[p] == lo)
    order = [(s.start + i) % n for i in range(n)]
    s.pk_queue = [p for p in order if (s.pk_win >> p) & 1 and D.C_D29 in s.cards[p]]
    if s.pk_queue:
        s.phase = PH_GLORY
        s.actor = s.pk_queue[0]
        return True
    return pict_gains(s)


def pict_gains(s: State) -> bool:
    """The winners gain (doubled with Glory); True if a Ransom decision is pending."""
    n = s.n
    gain = CARDS[s.pk_card].gain
    for p in range(n):
        if (s.pk_win >> p) & 1:
            g = 2 * gain if (s.pk_glory >> p) & 1 else gain
            s.vp[p] += g
            s.pk_delta[p] += g
    order = [(s.start + i) % n for i in range(n)]
    s.pk_queue = [
        p
        for p in order
        if (s.pk_lose >> p) & 1 and D.C_C22 in s.cards[p] and s.coins[p] >= D.RANSOM_COINS
    ]
    if s.pk_queue:
        s.phase = PH_RANSOM
        s.actor = s.pk_queue[0]
        return True
    pict_losses(s)
    return False


def pict_losses(s: State) -> None:
    loss = CARDS[s.pk_card].loss
    for p in range(s.n):
        if (s.pk_lose >> p) & 1 and not (s.pk_glory >> (p + RANSOM_BIT)) & 1:
            s.vp[p] -= loss  # spec §8.18: VP may go below 0
            s.pk_delta[p] -= loss
    log_pict(s, [defence(s, p) for p in range(s.n)])


def log_pict(s: State, defs: list[int]) -> None:
    n = s.n
    s.log.append(
        {
            "scoring": "pict attack",
            "card": CARDS[s.pk_card].cid,
            "round": s.round,
            "defence": defs,
            "delta": list(s.pk_delta),
            "glory": [p for p in range(n) if (s.pk_glory >> p) & 1],
            "ransom": [p for p in range(n) if (s.pk_glory >> (p + RANSOM_BIT)) & 1],
        }
    )
    s.pk_queue = []


def legal_glory(s: State) -> list[Move]:
    return LEGAL_GLORY


def legal_ransom(s: State) -> list[Move]:
    return LEGAL_RANSOM


def apply_glory(s: State, a: Move) -> bool:
    """Use D29 or decline; True once the attack is resolved."""
    p = s.actor
    if a[0] == OP_GLORY:
        s.pk_glory |= 1 << p
        box_own(s, p, D.C_D29)
    s.pk_queue.pop(0)
    if s.pk_queue:
        s.actor = s.pk_queue[0]
        return False
    return not pict_gains(s)


def apply_ransom(s: State, a: Move) -> bool:
    """Pay the ransom or decline; True once the attack is resolved."""
    p = s.actor
    if a[0] == OP_RANSOM:
        s.coins[p] -= D.RANSOM_COINS
        s.pk_glory |= 1 << (p + RANSOM_BIT)
    s.pk_queue.pop(0)
    if s.pk_queue:
        s.actor = s.pk_queue[0]
        return False
    pict_losses(s)
    return True
