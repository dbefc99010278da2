"""Round start: the offer of the basic game, the display and the draw of the advanced
game, and the hand-over to the next round (docs/rules/wikinger.md §2, §3.1, §3.2, §5.2)."""

from __future__ import annotations

from vikingcli_wikinger.data import DISPLAY_SIZE, SHIP, SLOTS
from vikingcli_wikinger.state import (
    E_DRAW,
    E_OFFER,
    E_ROUND,
    PH_AUCTION,
    PH_DISCARD,
    PH_TAKE,
    State,
)


def start_round(s: State) -> None:
    """Round start: the offer (basic) or display, draw and auction (advanced)."""
    s.turn = 0
    s.actor = s.start
    if s.events is not None:
        s.events.append((E_ROUND, s.round, s.start))
    if not s.advanced:
        lay_tiles(s)
        drawn = sorted(s.bag[s.bag_pos:s.bag_pos + SLOTS])
        s.bag_pos += SLOTS
        s.wheel_f = drawn  # sorted by colour = cheapest colour first (§3.2)
        s.phase = PH_TAKE
        if s.events is not None:
            s.events.append((E_OFFER, tuple(s.wheel_t), tuple(s.wheel_f)))
        return
    for i in range(DISPLAY_SIZE):
        if s.display[i] < 0 and s.pile_pos < len(s.pile):
            s.display[i] = s.pile[s.pile_pos]
            s.pile_pos += 1
    for k in range(SLOTS + 1):
        s.drawn[s.bag[s.bag_pos + k]] += 1
    s.bag_pos += SLOTS + 1
    if s.events is not None:
        s.events.append((E_DRAW, tuple(s.display), tuple(s.drawn)))
    if s.bidding:
        s.phase = PH_AUCTION
        s.in_auction = [True] * s.n
        s.high_bid = -1
        s.high_bidder = -1
    else:
        s.phase = PH_DISCARD


def lay_tiles(s: State) -> None:
    """§3.2 step 1: islands fill slots upwards from 0, ships downwards from 11."""
    lo, hi = 0, SLOTS - 1
    for t in s.stacks[s.stack_pos:s.stack_pos + SLOTS]:
        if t >= SHIP:
            s.wheel_t[hi] = t
            hi -= 1
        else:
            s.wheel_t[lo] = t
            lo += 1
    s.stack_pos += SLOTS
    s.next_slot = SLOTS - 1


def next_round(s: State) -> None:
    """The marker passes left (§3.1 step 6, §8.21) and the next round starts."""
    s.start = (s.start + 1) % s.n
    s.round += 1
    start_round(s)
