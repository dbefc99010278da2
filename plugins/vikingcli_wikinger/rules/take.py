"""Taking a combination from the wheel (PH_TAKE), docs/rules/wikinger.md §3.3-§3.5."""

from __future__ import annotations

from typing import Final

from vikingcli_wikinger.data import SLOTS
from vikingcli_wikinger.rules.place import continue_place
from vikingcli_wikinger.state import E_TAKE, PH_START, Action, State

TAKES: Final[tuple[Action, ...]] = tuple(("take", s) for s in range(SLOTS))


def occupied(s: State) -> list[int]:
    """Slots still holding a combination, ascending."""
    return [i for i in range(SLOTS) if s.wheel_t[i]]


def take_slots(s: State, p: int) -> list[int]:
    """§3.4.1: the legal ``Take`` slots of player p."""
    occ = occupied(s)
    smin = occ[0]
    if len(occ) == 1:
        return [smin]
    budget = s.gold[p] + s.vp[p]
    zf = s.wheel_f[smin]
    out = []
    last_of_colour = True
    for i in occ[1:]:
        if s.wheel_f[i] == zf:
            last_of_colour = False
            break
    if last_of_colour or s.gold[p] < occ[1] - smin:
        out.append(smin)
    for i in occ[1:]:
        if i - smin <= budget:
            out.append(i)
    return out


def price(s: State, slot: int) -> int:
    """Current price of the combination at ``slot`` (§3.3)."""
    for i in range(SLOTS):
        if s.wheel_t[i]:
            return slot - i
    return 0


def legal_take(s: State) -> list[Action]:
    """Every slot the seat to move may take."""
    return [TAKES[i] for i in take_slots(s, s.actor)]


def apply_take(s: State, a: Action) -> None:
    """Pay (exchanging VP automatically and minimally, §3.4.2) and pick up the
    combination; the start tile comes first on the player's first turn."""
    p = s.actor
    slot = a[1]
    occ = occupied(s)
    cost = slot - occ[0]
    if s.events is not None:
        paid = min(cost, s.gold[p])
        s.events.append((E_TAKE, p, slot, s.wheel_t[slot], s.wheel_f[slot], paid, cost - paid))
    if cost > s.gold[p]:
        s.vp[p] -= cost - s.gold[p]  # automatic minimal VP exchange (§3.4.2)
        s.gold[p] = 0
    else:
        s.gold[p] -= cost
    # §5.4.2: the most expensive combination on the wheel, never the zero one.
    s.pend_special = s.advanced and slot == occ[-1] and len(occ) > 1
    s.pend_t = s.wheel_t[slot]
    s.pend_f = s.wheel_f[slot]
    s.pend_r = s.pend_c = -1
    s.wheel_t[slot] = 0
    s.wheel_f[slot] = -1
    if not s.placed_start[p]:
        s.phase = PH_START
        return
    continue_place(s, p)
