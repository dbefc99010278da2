"""Where every Wikinger component is: the totals the rules must conserve."""

from __future__ import annotations

from vikingcli_wikinger.data import FIG, T_SP11, TILE_MASK
from vikingcli_wikinger.state import FIGURE, PLACE, START, State


def figures(s: State) -> int:
    """Every figure: bag, drawn (advanced), wheel, in hand, tableaux, mainland, box."""
    total = len(s.bag) - s.bag_pos + sum(s.drawn) + sum(1 for f in s.wheel_f if f >= 0)
    if s.pend_f >= 0 and s.phase in (START, PLACE, FIGURE):
        total += 1
    for p in range(s.n):
        total += sum(s.idle[p])
        total += sum(1 for row in s.rows[p] for v in row if v & FIG)
    return total + sum(s.box_figs)


def tiles(s: State) -> tuple[int, int]:
    """(island+ship tiles, special tiles) over every place they can be."""
    regular = len(s.stacks) - s.stack_pos + sum(1 for t in s.wheel_t if t)
    regular += len(s.box_tiles)
    if s.phase in (START, PLACE) and s.pend_t:
        regular += 1
    special = len(s.pile) - s.pile_pos + sum(1 for d in s.display if d >= 0)
    special += len(s.box_specials)
    for p in range(s.n):
        regular += sum(1 for d in s.ships[p] if d)
        regular += 0 if s.placed_start[p] else 1  # start tile still in hand
        special += sum(s.sp[p])
        for row in s.rows[p]:
            for v in row:
                t = v & TILE_MASK
                if t >= T_SP11:
                    special += 1
                elif t:
                    regular += 1
    return regular, special


def component_totals(s: State) -> dict[str, int]:
    """78 figures, 76 island and ship tiles, 25 special tiles, wherever they are."""
    regular, special = tiles(s)
    return {"figures": figures(s), "tiles": regular, "special_tiles": special}
