"""Tableau geometry (docs/rules/wikinger.md §1.4, §3.6, §4.1) and the ferrying maximum (§4.4.4).

A tableau is ``ships`` (list of depths by column, 0 = empty) plus ``rows``: five lists
(rows 1..5) of island cells by column. Cells are ``tile | FIG`` ints (see data.py).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from vikingcli_wikinger.data import (
    FIG,
    LEFT_EDGE,
    RIGHT_EDGE,
    SEA,
    T_L,
    T_R,
    TILE_MASK,
    is_middle,
)


def cell(rows: list[list[int]], r: int, c: int) -> int:
    """The cell (r, c), r in 1..5; 0 when empty or outside the stored row."""
    row = rows[r - 1]
    return row[c] if c < len(row) else 0


def set_cell(rows: list[list[int]], r: int, c: int, value: int) -> None:
    """Write cell (r, c), growing the row with empty cells as needed."""
    row = rows[r - 1]
    while len(row) <= c:
        row.append(0)
    row[c] = value


def island_cells(rows: list[list[int]], tile: int) -> list[tuple[int, int]]:
    """Every legal cell for island tile ``tile`` (§3.6.3), ordered by (row, column)."""
    left = LEFT_EDGE[tile]
    right = RIGHT_EDGE[tile]
    out: list[tuple[int, int]] = []
    for r in range(1, 6):
        row_cells(
            r,
            rows[r - 1],
            rows[r - 2] if r > 1 else None,
            rows[r] if r < 5 else None,
            left,
            right,
            out,
        )
    return out


def row_cells(
    r: int,
    row: list[int],
    up: list[int] | None,
    down: list[int] | None,
    left: int,
    right: int,
    out: list[tuple[int, int]],
) -> None:
    """Adds to ``out`` the legal cells of row ``r`` (between rows ``up`` and ``down``,
    None at the tableau's edge) for a tile with edges ``left`` and ``right``: empty,
    touching a tile, its edges matching both neighbours', column 0 only with a sea edge
    to the mainland."""
    n = len(row)
    width = n
    if up is not None and len(up) > width:
        width = len(up)
    if down is not None and len(down) > width:
        width = len(down)
    for c in range(width + 1):
        if c < n and row[c]:
            continue
        rt = row[c + 1] & TILE_MASK if c + 1 < n else 0
        if c == 0:
            # The mainland faces column 0 with a SEA edge.
            if left != SEA:
                continue
        else:
            lt = row[c - 1] & TILE_MASK if c - 1 < n else 0
            if not (
                lt
                or rt
                or (up is not None and c < len(up) and up[c])
                or (down is not None and c < len(down) and down[c])
            ):
                continue  # no contact (§8.6: ships are no neighbours)
            if lt and RIGHT_EDGE[lt] != left:
                continue
        if rt and LEFT_EDGE[rt] != right:
            continue
        out.append((r, c))


def ship_columns(ships: list[int]) -> list[int]:
    """Legal columns for a new ship (§3.6.2)."""
    n = sum(1 for d in ships if d)
    if n < 3:
        return [c for c in range(3) if not ships[c]]
    return [n]


def place_ship(ships: list[int], c: int, depth: int) -> None:
    """Put a ship of ``depth`` into column c."""
    while len(ships) <= c:
        ships.append(0)
    ships[c] = depth


def threat_depths(ships: list[int], rows: list[list[int]]) -> list[int]:
    """Per column the depth down to which figures are threatened (0 = none), §4.1."""
    row1 = rows[0]
    n1 = len(row1)
    out = [0] * len(ships)
    for c, d in enumerate(ships):
        if d and not (c < n1 and row1[c] & FIG):
            out[c] = d
    return out


def is_threatened(td: list[int], r: int, c: int) -> bool:
    """Whether a figure at (r, c) is threatened, given ``threat_depths``."""
    return c < len(td) and r <= td[c]


def fought(ships: list[int], rows: list[list[int]], c: int) -> bool:
    """A ship at (0, c) with a warrior directly below it."""
    row1 = rows[0]
    return bool(c < len(ships) and ships[c] and c < len(row1) and row1[c] & FIG)


def completed_islands(rows: list[list[int]]) -> list[int]:
    """Lengths of every completed island (§1.4.6), in row then column order."""
    out: list[int] = []
    for row in rows:
        n = len(row)
        c = 0
        while c < n:
            if row[c] & TILE_MASK == T_L:
                a = c
                c += 1
                while c < n and is_middle(row[c] & TILE_MASK):
                    c += 1
                if c < n and row[c] & TILE_MASK == T_R:
                    out.append(c - a + 1)
                    c += 1
                continue
            c += 1
    return out


def free_tiles(row: list[int]) -> list[int]:
    """Columns of island tiles in ``row`` that hold no figure."""
    return [c for c, v in enumerate(row) if v and not v & FIG]


# ---------------------------------------------------------------- ferrying maximum


def maxf_basic(a: list[int], b: int) -> int:
    """Most figures ``b`` basic-capacity boatmen can ferry, with ``a[x]`` the
    ferryable figures of colour x (min of idle and free tiles), §4.4.4 closed form:
    j boatmen take a whole single-colour load each (the j largest), the other b-j
    take one of each remaining colour per trip."""
    if b <= 0:
        return 0
    srt = sorted(a, reverse=True)
    best = 0
    for j in range(min(b, len(srt)) + 1):
        rest = b - j
        v = sum(srt[:j]) + sum(x if x < rest else rest for x in srt[j:])
        if v > best:
            best = v
    return best


def maxf(m: list[int], f: list[int], b: int, t: int, advanced: bool) -> int:
    """Ferrying maximum from idle counts ``m``, free tile counts ``f`` (both by
    colour 0..4), ``b`` idle boatmen and ``t`` unused SP04 tiles (advanced)."""
    # a list written out and sorted in place, far cheaper than sorting a generator
    # (benchmarks/README.md, "Hot rules functions"): this runs after every ferrying
    # step and in every evaluation
    a = [
        m[0] if m[0] < f[0] else f[0],
        m[1] if m[1] < f[1] else f[1],
        m[2] if m[2] < f[2] else f[2],
        m[3] if m[3] < f[3] else f[3],
        m[4] if m[4] < f[4] else f[4],
    ]
    a.sort(reverse=True)
    return _maxf_sorted(tuple(a), b, t if advanced else -1)


@lru_cache(maxsize=65536)
def _maxf_sorted(a: tuple[int, ...], b: int, t: int) -> int:
    """``maxf`` on the sorted ferryable counts; t = -1 for the basic game."""
    if t < 0:
        return maxf_basic(list(a), b)
    k = b if b < t else t
    total = sum(a)
    v = maxf_basic(list(a), k) + (b - k)
    return v if v < total else total


def potential(
    m: list[int], f: list[int], b: int, t: int, advanced: bool, mode: int, xl: int, right_free: int
) -> int:
    """Cached front of :func:`_potential` (lists become tuples)."""
    return _potential(tuple(m), tuple(f), b, t, advanced, mode, xl, right_free)


@lru_cache(maxsize=65536)
def _potential(
    mt: tuple[int, ...],
    ft: tuple[int, ...],
    b: int,
    t: int,
    advanced: bool,
    mode: int,
    xl: int,
    right_free: int,
) -> int:
    """Most figures still ferryable, including the completion of an open trip.

    ``mode`` is the open trip's mode (state.TRIP_*: 0 none, 1 one figure, 2 one
    colour, 3 distinct colours), ``xl`` the colour of its last figure and
    ``right_free`` the free tiles right of its last cell in that row. Within a trip
    figures are added in increasing (row, column) order, so a one-colour trip grows
    rightwards and a mixed trip grows downwards (rows of lower colour index)."""
    m = list(mt)
    f = list(ft)
    best = maxf(m, f, b, t, advanced)
    if mode == 0:
        return best
    if mode in (1, 2):
        kmax = min(m[xl], right_free)
        for k in range(1, kmax + 1):
            m2 = m[:]
            f2 = f[:]
            m2[xl] -= k
            f2[xl] -= k
            v = k + maxf(m2, f2, b, t, advanced)
            if v > best:
                best = v
    if mode in (1, 3):
        cand = [x for x in range(xl) if m[x] >= 1 and f[x] >= 1]
        for size in range(1, len(cand) + 1):
            for sub in combinations(cand, size):
                m2 = m[:]
                f2 = f[:]
                for x in sub:
                    m2[x] -= 1
                    f2[x] -= 1
                v = size + maxf(m2, f2, b, t, advanced)
                if v > best:
                    best = v
    return best
