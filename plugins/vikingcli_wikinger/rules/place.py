"""Placing the taken combination: the start tile (PH_START), the tile (PH_PLACE) and
the figure (PH_FIGURE), docs/rules/wikinger.md §3.6, §3.7."""

from __future__ import annotations

from typing import Final

from vikingcli_wikinger.board import cell, island_cells, place_ship, set_cell, ship_columns
from vikingcli_wikinger.data import BOATMAN, FIG, ROW_OF, SHIP, SP11, T_L, building_of
from vikingcli_wikinger.rules.special import swap
from vikingcli_wikinger.rules.turn import end_turn
from vikingcli_wikinger.state import (
    E_DISCARD_TILE,
    E_FIGURE,
    E_IDLE,
    E_PLACE,
    E_START,
    E_SWAP,
    PH_FIGURE,
    PH_PLACE,
    PH_SPECIAL,
    Action,
    State,
)

FIG_HERE: Final[Action] = ("figure", 1)
FIG_MAINLAND: Final[Action] = ("figure", 0)
STARTS: Final[tuple[Action, ...]] = tuple(("start", r) for r in range(1, 6))


def legal_start(s: State) -> list[Action]:
    """The start tile goes to column 0 of any row (§3.6.1)."""
    return list(STARTS)


def legal_place(s: State) -> list[Action]:
    """The ship's columns or the island tile's cells."""
    p = s.actor
    if s.pend_t >= SHIP:
        return [("ship", c) for c in ship_columns(s.ships[p])]
    return [("tile", r, c) for r, c in island_cells(s.rows[p], s.pend_t)]


def legal_figure(s: State) -> list[Action]:
    """The figure on its tile or to the mainland (§3.7)."""
    return [FIG_HERE, FIG_MAINLAND]


def apply_start(s: State, a: Action) -> None:
    """Place the start tile, then the taken tile."""
    p = s.actor
    set_cell(s.rows[p], a[1], 0, T_L)
    s.placed_start[p] = True
    if s.events is not None:
        s.events.append((E_START, p, a[1]))
    continue_place(s, p)


def apply_place(s: State, a: Action) -> None:
    """``ship c`` or ``tile r c``."""
    p = s.actor
    if a[0] == "ship":
        place_ship(s.ships[p], a[1], s.pend_t - SHIP)
        s.idle[p][s.pend_f] += 1
        if s.events is not None:
            s.events.append((E_PLACE, p, 0, a[1], s.pend_t, False))
            s.events.append((E_IDLE, p, s.pend_f, "ship"))
        after_figure(s, p)
    else:
        place_island(s, p, a[1], a[2], False)


def apply_figure(s: State, a: Action) -> None:
    """``figure here`` or ``figure mainland``."""
    p = s.actor
    if a[1]:
        set_cell(s.rows[p], s.pend_r, s.pend_c, cell(s.rows[p], s.pend_r, s.pend_c) | FIG)
        if s.events is not None:
            s.events.append((E_FIGURE, p, s.pend_f, s.pend_r, s.pend_c))
    else:
        s.idle[p][s.pend_f] += 1
        if s.events is not None:
            s.events.append((E_IDLE, p, s.pend_f, "chosen"))
    after_figure(s, p)


def continue_place(s: State, p: int) -> None:
    """Place the pending tile: a forced ship column, a forced discard or a single cell
    are taken at once; otherwise the PH_PLACE decision follows."""
    t = s.pend_t
    if t >= SHIP:
        cols = ship_columns(s.ships[p])
        if len(cols) == 1:
            place_ship(s.ships[p], cols[0], t - SHIP)
            s.idle[p][s.pend_f] += 1
            if s.events is not None:
                s.events.append((E_PLACE, p, 0, cols[0], t, True))
                s.events.append((E_IDLE, p, s.pend_f, "ship"))
            after_figure(s, p)
            return
        s.phase = PH_PLACE
        return
    cells = island_cells(s.rows[p], t)
    if not cells:  # forced discard (§3.6.3); the figure goes to the mainland
        s.box_tiles.append(t)
        s.idle[p][s.pend_f] += 1
        if s.events is not None:
            s.events.append((E_DISCARD_TILE, p, t, s.pend_f))
        after_figure(s, p)
        return
    if len(cells) == 1:
        place_island(s, p, cells[0][0], cells[0][1], True)
        return
    s.phase = PH_PLACE
    s.legal_cache = tuple(("tile", r, c) for r, c in cells)  # reused by settle


def place_island(s: State, p: int, r: int, c: int, forced: bool) -> None:
    """Put the pending island tile on (r, c) (``forced``: the only legal cell, taken
    without asking); the figure may follow on a matching row."""
    set_cell(s.rows[p], r, c, s.pend_t)
    s.pend_r, s.pend_c = r, c
    if s.events is not None:
        s.events.append((E_PLACE, p, r, c, s.pend_t, forced))
    if s.pend_f < BOATMAN and ROW_OF[s.pend_f] == r:
        s.phase = PH_FIGURE
        return
    s.idle[p][s.pend_f] += 1
    if s.events is not None:
        s.events.append((E_IDLE, p, s.pend_f, "row"))
    after_figure(s, p)


def after_figure(s: State, p: int) -> None:
    """A waiting SP11 swaps onto the new tile; a special tile may be chosen; or the
    turn ends."""
    if s.advanced and s.pend_r > 0:
        b = building_of(s.pend_t)
        if b >= 0 and s.sp[p][SP11 + b]:  # a waiting SP11 triggers (§5.4.4)
            swap(s, p, s.pend_r, s.pend_c, b)
            s.sp[p][SP11 + b] -= 1
            if s.events is not None:
                s.events.append((E_SWAP, p, s.pend_r, s.pend_c, b, True))
    if s.pend_special and any(d >= 0 for d in s.display):
        s.phase = PH_SPECIAL
        return
    end_turn(s)
