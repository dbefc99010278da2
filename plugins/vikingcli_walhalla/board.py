"""Board geometry (docs/rules/walhalla.md §3): headlands, spaces, fjords, berths and seat
contacts.

Headlands h = 0, 1, 2 (H1..H3, left to right), positions p = 1 .. 2*L_h from the
coast. Spaces are numbered flat: ``offset[h] + p - 1``. Fjords f = 0..3 (F1..F4);
fjord f has left headland f-1 (if f >= 1) and right headland f (if f <= 2). Berth k
(1-based) covers fjord positions 3k-2 .. 3k. A :class:`Board` depends only on the
three headland lengths and is shared by every state of a game.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import Final

from vikingcli_walhalla.data import MAX_TILES, MIN_TILES, TOTAL_TILES

N_HEADLANDS: Final = 3
N_FJORDS: Final = 4

BOW_IN: Final = 0
BOW_OUT: Final = 1


@dataclass(frozen=True, slots=True)
class Board:
    lengths: tuple[int, int, int]
    """Tiles per headland."""
    offsets: tuple[int, ...]
    """Flat index of position 1 of each headland."""
    n_spaces: int
    space_h: tuple[int, ...]
    """Headland of each flat space."""
    space_p: tuple[int, ...]
    """Position (1-based) of each flat space."""
    max_berths: tuple[int, ...]
    """Number of legal berths per fjord (§3.3)."""
    contacts: tuple[tuple[tuple[int, ...], ...], ...]
    """``contacts[f][q]``: flat spaces touched by a seat at fjord position q (left first)."""

    def space(self, h: int, p: int) -> int:
        """Flat index of space (h, p); h 0-based, p 1-based."""
        if not 1 <= p <= 2 * self.lengths[h]:
            raise ValueError(f"H{h + 1} has no position {p}")
        return self.offsets[h] + p - 1

    def space_text(self, s: int) -> str:
        """``H1.3`` style name of a flat space."""
        return f"H{self.space_h[s] + 1}.{self.space_p[s]}"

    def seat_position(self, berth: int, seat: int, orient: int) -> int:
        """Fjord position of ``seat`` (0 front, 1 middle, 2 back) in 0-based ``berth``."""
        return 3 * berth + 1 + (seat if orient == BOW_IN else 2 - seat)


def fjord_neighbours(f: int) -> tuple[int, ...]:
    """Headlands beside fjord f, left first."""
    return tuple(h for h in (f - 1, f) if 0 <= h < N_HEADLANDS)


@cache
def make_board(lengths: tuple[int, int, int]) -> Board:
    offsets = []
    space_h: list[int] = []
    space_p: list[int] = []
    for h, length in enumerate(lengths):
        offsets.append(len(space_h))
        for p in range(1, 2 * length + 1):
            space_h.append(h)
            space_p.append(p)
    max_berths = []
    contacts = []
    for f in range(N_FJORDS):
        reach = max(2 * lengths[h] for h in fjord_neighbours(f))
        k = 0
        # berth k+1 is legal while its first position 3k+1 touches land (§3.3)
        while 3 * k + 1 <= reach:
            k += 1
        max_berths.append(k)
        row: list[tuple[int, ...]] = [()]  # index 0 unused
        for q in range(1, 3 * k + 1):
            row.append(
                tuple(offsets[h] + q - 1 for h in fjord_neighbours(f) if q <= 2 * lengths[h])
            )
        contacts.append(tuple(row))
    return Board(
        lengths=lengths,
        offsets=tuple(offsets),
        n_spaces=len(space_h),
        space_h=tuple(space_h),
        space_p=tuple(space_p),
        max_berths=tuple(max_berths),
        contacts=tuple(contacts),
    )


def parse_headlands(text: str) -> str:
    """Validate the ``headlands`` option (``6,6,6``); return its canonical text."""
    parts = [x.strip() for x in text.replace("/", ",").split(",")]
    try:
        values = [int(x) for x in parts]
    except ValueError:
        raise ValueError(f"headlands: {text!r} is not three numbers like 6,6,6") from None
    if len(values) != N_HEADLANDS:
        raise ValueError(f"headlands: need three lengths like 6,6,6, got {text!r}")
    if any(not MIN_TILES <= v <= MAX_TILES for v in values):
        raise ValueError(f"headlands: each length must be {MIN_TILES}-{MAX_TILES} tiles")
    if sum(values) != TOTAL_TILES:
        raise ValueError(f"headlands: lengths must add up to {TOTAL_TILES} (e.g. 5,6,7)")
    return ",".join(str(v) for v in values)


def lengths_of(text: str) -> tuple[int, int, int]:
    a, b, c = (int(x) for x in parse_headlands(text).split(","))
    return (a, b, c)
