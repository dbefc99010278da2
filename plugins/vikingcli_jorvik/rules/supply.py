"""The round start and the supply phase (docs/rules/jorvik.md §3.1, §4.1, §8.5-8.6).

Every automatic step runs until the next decision, so ``to_move`` always names the
seat that must act.
"""

from __future__ import annotations

from typing import Final

from vikingcli_jorvik import data as D
from vikingcli_jorvik.data import CARDS, KIND
from vikingcli_jorvik.rules.demand import begin_demand
from vikingcli_jorvik.rules.end import final_scoring, start_final
from vikingcli_jorvik.rules.pict import start_pict
from vikingcli_jorvik.state import CTX_SUPPLY, PH_SUPPLY, State

# The board slots filled each round (0-based): N+1 per row, the reservation row too in Jarl.
TARGETS: Final[dict[tuple[int, bool], tuple[int, ...]]] = {}
for _n in range(2, 6):
    _k = D.slots_per_row(_n)
    TARGETS[(_n, False)] = tuple(range(_k))
    TARGETS[(_n, True)] = tuple(range(_k)) + tuple(range(6, 6 + _k))


def begin_round(s: State) -> None:
    # Spec §4.1: game-end check before every supply phase.
    if len(s.deck) <= 1:
        start_final(s)
        return
    s.round += 1
    s.fill_pos = 0
    s.phase = PH_SUPPLY
    s.actor = s.start
    supply(s)


def supply(s: State) -> None:
    """Fill the slots from ``fill_pos`` on (a Pict attack may pause it)."""
    targets = TARGETS[(s.n, s.advanced)]
    deck = s.deck
    while s.fill_pos < len(targets):
        if len(deck) <= 1:  # spec §8.6: never draw E01 into a slot
            break
        c = deck.pop()
        if KIND[c] == D.PICT:
            if start_pict(s, c, CTX_SUPPLY):
                return  # waiting for a Glory / Ransom decision
            continue  # the same slot still needs a card
        slot = targets[s.fill_pos]
        s.slots[slot] = c
        if KIND[c] == D.SHIP:
            cap = CARDS[c].capacity
            if s.advanced:
                cap = min(cap, D.JARL_SHIP_CAPACITY_CAP)
            k = min(cap, len(s.bag))  # spec §8.5: an empty bag gives what is left
            if k:
                s.cargo[c] = tuple(s.bag[-k:])
                del s.bag[-k:]
        s.fill_pos += 1
    for c in s.slots:
        if c >= 0:
            begin_demand(s)
            return
    start_final(s)  # spec §8.6: no card in any slot -> game ends


def resume_after_pict(s: State) -> None:
    """A Pict attack that waited for decisions is resolved: go on where it came up."""
    if s.pk_ctx == CTX_SUPPLY:
        s.phase = PH_SUPPLY
        s.actor = s.start
        supply(s)
    else:
        final_scoring(s)
