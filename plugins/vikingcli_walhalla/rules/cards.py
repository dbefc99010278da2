"""Action cards moving between deck, hands and discards, and the state's own RNG
(docs/rules/walhalla.md §4.4 shrines, §4.6 card sale, §8 #21 reshuffle)."""

from __future__ import annotations

import random

from vikingcli.engine import draws
from vikingcli_walhalla import data as D
from vikingcli_walhalla.state import State


def shuffle(s: State, items: list[int]) -> None:
    """Shuffle with the state's own RNG and advance it (keeps apply pure)."""
    r = random.Random(s.rng)
    draws.shuffle(r, items)
    s.rng = r.getrandbits(62)


def discard(s: State, p: int, t: int) -> None:
    s.hands[p][t] -= 1
    s.discard[t] += 1


def sell(s: State, p: int, t: int) -> None:
    """§4.6: discard a card, lose 1 VP, Asgard -> Midgard (boards at once)."""
    discard(s, p, t)
    s.vp[p] -= 1
    s.sale_vp[p] -= 1
    s.asgard[p] -= 1
    s.midgard[p] += 1


def draw(s: State, p: int) -> int:
    """Draw the top action card; reshuffle the discards if the pile is empty (§8 #21).
    Return the card type drawn, or -1 if there was none."""
    if not s.deck:
        if not any(s.discard):
            return -1
        s.deck = [t for t in range(D.N_CARD_TYPES) for _ in range(s.discard[t])]
        s.discard = [0] * D.N_CARD_TYPES
        shuffle(s, s.deck)
    t = s.deck.pop()
    s.hands[p][t] += 1
    return t
