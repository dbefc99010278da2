"""Special tiles (advanced game): choosing one from the display (PH_SPECIAL) and
the SP11 building swap (PH_SWAP), docs/rules/wikinger.md §5.4."""

from __future__ import annotations

from typing import Final

from vikingcli_wikinger.board import cell, set_cell
from vikingcli_wikinger.data import (
    DISPLAY_SIZE,
    FIG,
    SP01,
    SP11,
    T_MA,
    T_SP11,
    TILE_MASK,
    TREASURE_GOLD,
)
from vikingcli_wikinger.rules.turn import end_turn
from vikingcli_wikinger.state import (
    E_SP11_WAIT,
    E_SPECIAL,
    E_SWAP,
    E_TREASURE,
    PH_SWAP,
    Action,
    State,
)

NO_SPECIAL: Final[Action] = ("special", -1)


def swap_targets(s: State, p: int, b: int) -> list[tuple[int, int]]:
    """Own island tiles showing building b (SP11 swap, §5.4.4)."""
    want = T_MA + b
    return [
        (r, c)
        for r in range(1, 6)
        for c, v in enumerate(s.rows[p][r - 1])
        if v & TILE_MASK == want
    ]


def swap(s: State, p: int, r: int, c: int, b: int) -> None:
    """Replace the building-b tile at (r, c) by SP11 of b; the figure stays."""
    old = cell(s.rows[p], r, c)
    s.box_tiles.append(old & TILE_MASK)
    set_cell(s.rows[p], r, c, (T_SP11 + b) | (old & FIG))


def legal_special(s: State) -> list[Action]:
    """A display space holding a tile, or none."""
    return [("special", i) for i in range(DISPLAY_SIZE) if s.display[i] >= 0] + [NO_SPECIAL]


def legal_swap(s: State) -> list[Action]:
    """The tile of the held SP11's building to swap."""
    return [("swap", r, c) for r, c in swap_targets(s, s.actor, s.swap_b)]


def apply_special(s: State, a: Action) -> None:
    """Take display space ``a[1]`` (or none): its immediate effect, then the turn ends."""
    p = s.actor
    i = a[1]
    ev = s.events
    if i < 0:
        if ev is not None:
            ev.append((E_SPECIAL, p, -1))
        end_turn(s)
        return
    k = s.display[i]
    s.display[i] = -1
    if ev is not None:
        ev.append((E_SPECIAL, p, k))
    if k == SP01:
        s.gold[p] += TREASURE_GOLD
        s.box_specials.append(k)
        if ev is not None:
            ev.append((E_TREASURE, p, TREASURE_GOLD))
    elif k >= SP11:
        b = k - SP11
        s.sp[p][k] += 1  # held (waiting) until swapped
        targets = swap_targets(s, p, b)
        if len(targets) == 1:
            swap(s, p, *targets[0], b)
            s.sp[p][k] -= 1
            if ev is not None:
                ev.append((E_SWAP, p, targets[0][0], targets[0][1], b, True))
        elif len(targets) > 1:
            s.swap_b = b
            s.phase = PH_SWAP
            return
        elif ev is not None:
            ev.append((E_SP11_WAIT, p, b))
    else:
        s.sp[p][k] += 1
    end_turn(s)


def apply_swap(s: State, a: Action) -> None:
    """Swap the chosen tile for the held SP11; the turn ends."""
    p = s.actor
    swap(s, p, a[1], a[2], s.swap_b)
    s.sp[p][SP11 + s.swap_b] -= 1
    if s.events is not None:
        s.events.append((E_SWAP, p, a[1], a[2], s.swap_b, False))
    s.swap_b = -1
    end_turn(s)
