"""The advanced round start's decisions: the start-player auction (PH_AUCTION),
the discard (PH_DISCARD) and the colour lay-out (PH_COLOUR), docs/rules/wikinger.md §5.2."""

from __future__ import annotations

from typing import Final

from vikingcli_wikinger.data import N_COLOURS
from vikingcli_wikinger.rules.offer import lay_tiles
from vikingcli_wikinger.state import (
    E_AUCTION,
    E_COLOUR,
    E_DISCARD_FIG,
    E_NO_BID,
    E_TILES,
    PH_COLOUR,
    PH_DISCARD,
    PH_TAKE,
    Action,
    State,
)

PASS: Final[Action] = ("pass",)


def bid_range(s: State, p: int) -> range:
    """Legal bids of p (§5.2 step 2, §8.22)."""
    if s.high_bid < 0:
        lo = 0 if p == s.start else 1
    else:
        lo = s.high_bid + 1
    return range(lo, s.gold[p] + s.vp[p] + 1)


def legal_auction(s: State) -> list[Action]:
    """Every bid the seat to move may make, then ``pass``."""
    return [("bid", b) for b in bid_range(s, s.actor)] + [PASS]


def legal_discard(s: State) -> list[Action]:
    """One figure of a drawn colour goes back to the box."""
    return [("discard", x) for x in range(N_COLOURS) if s.drawn[x]]


def legal_colour(s: State) -> list[Action]:
    """A drawn colour to lay out next."""
    return [("colour", x) for x in range(N_COLOURS) if s.drawn[x]]


def apply_auction(s: State, a: Action) -> None:
    """``bid b`` or ``pass``."""
    if a[0] == "bid":
        s.high_bid = a[1]
        s.high_bidder = s.actor
    else:
        s.in_auction[s.actor] = False
    auction_next(s)


def auction_next(s: State) -> None:
    """§5.2 step 2: next active bidder, or the auction's end."""
    active = [q for q in range(s.n) if s.in_auction[q]]
    if s.high_bid >= 0 and len(active) == 1:
        w = active[0]
        bid = s.high_bid
        if s.events is not None:
            paid = min(bid, s.gold[w])
            s.events.append((E_AUCTION, w, bid, paid, bid - paid, s.start))
        if bid > s.gold[w]:
            s.vp[w] -= bid - s.gold[w]
            s.gold[w] = 0
        else:
            s.gold[w] -= bid
        s.start = w
        s.phase = PH_DISCARD
        s.actor = w
        return
    if not active:  # everybody passed without a bid: S keeps the marker for free
        if s.events is not None:
            s.events.append((E_NO_BID, s.start))
        s.phase = PH_DISCARD
        s.actor = s.start
        return
    q = (s.actor + 1) % s.n
    while not s.in_auction[q]:
        q = (q + 1) % s.n
    s.actor = q


def apply_discard(s: State, a: Action) -> None:
    """The discarded figure goes to the box; the tiles are laid out (§5.2 steps 3-4)."""
    s.drawn[a[1]] -= 1
    s.box_figs[a[1]] += 1
    lay_tiles(s)
    if s.events is not None:
        s.events.append((E_DISCARD_FIG, s.actor, a[1]))
        s.events.append((E_TILES, tuple(s.wheel_t)))
    s.phase = PH_COLOUR
    s.actor = s.start


def apply_colour(s: State, a: Action) -> None:
    """Every drawn figure of the colour goes on the wheel from the next slot down."""
    x = a[1]
    first = s.next_slot
    for _ in range(s.drawn[x]):
        s.wheel_f[s.next_slot] = x
        s.next_slot -= 1
    s.drawn[x] = 0
    if s.events is not None:
        s.events.append((E_COLOUR, s.actor, x, tuple(range(first, s.next_slot, -1))))
    if s.next_slot < 0:
        s.phase = PH_TAKE
        s.actor = s.start
        s.turn = 0
    else:
        s.actor = (s.actor + 1) % s.n
