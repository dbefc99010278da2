"""Ferrying with boatmen before each big scoring (PH_FERRY), the big scoring and the
final scoring after it, docs/rules/wikinger.md §4.3, §4.4, §5.3."""

from __future__ import annotations

from typing import Any, Final

from vikingcli_wikinger import scoring
from vikingcli_wikinger.board import cell, free_tiles, maxf, potential, set_cell
from vikingcli_wikinger.data import BOATMAN, COLOUR_OF_ROW, FIG, N_ROUNDS, ROW_OF, SP04
from vikingcli_wikinger.rules.offer import next_round
from vikingcli_wikinger.state import (
    E_FERRY,
    E_FERRY_END,
    E_LAND,
    E_NO_FERRY,
    E_OVER,
    E_SCORING,
    PH_FERRY,
    PH_OVER,
    TRIP_DISTINCT,
    TRIP_FIRST,
    TRIP_NONE,
    TRIP_SINGLE,
    Action,
    State,
)

LAND: Final[Action] = ("land",)
DONE: Final[Action] = ("done",)


def ferry_counts(s: State, p: int) -> tuple[list[int], list[int]]:
    """Idle figures and free tiles of p by colour (boatmen not included)."""
    m = s.idle[p][:5]
    rows = s.rows[p]
    f = [sum(1 for v in rows[ROW_OF[x] - 1] if v and not v & FIG) for x in range(5)]
    return m, f


def right_free(rows: list[list[int]], r: int, c: int) -> int:
    """Free tiles of row r to the right of column c."""
    row = rows[r - 1]
    return sum(1 for cc in range(c + 1, len(row)) if row[cc] and not row[cc] & FIG)


def ferry_candidates(s: State, p: int) -> list[Action]:
    """Ferrying actions before the round-6 maximality filter (§4.4.2, §5.3)."""
    rows = s.rows[p]
    idle = s.idle[p]
    out: list[Action] = []
    if s.trip_mode == TRIP_NONE:
        b = idle[BOATMAN]
        if b:
            for kind in ("boat", "longship"):
                if kind == "longship" and not (s.advanced and s.sp[p][SP04]):
                    continue
                for r in range(1, 6):
                    if idle[COLOUR_OF_ROW[r]]:
                        for c in free_tiles(rows[r - 1]):
                            out.append((kind, r, c))
        out.append(DONE)
        return out
    lr, lc = s.trip_r, s.trip_c
    if s.trip_mode != TRIP_DISTINCT and idle[COLOUR_OF_ROW[lr]]:
        row = rows[lr - 1]
        for c in range(lc + 1, len(row)):
            if row[c] and not row[c] & FIG:
                out.append(("add", lr, c))
    if s.trip_mode != TRIP_SINGLE:
        for r in range(lr + 1, 6):
            if idle[COLOUR_OF_ROW[r]]:
                for c in free_tiles(rows[r - 1]):
                    out.append(("add", r, c))
    out.append(LAND)
    return out


def potential_after(
    s: State, p: int, a: Action, m: list[int], f: list[int]
) -> tuple[int, int]:
    """(figures ferried so far, best still possible) after ferry action ``a``;
    ``m``/``f`` are the current idle and free-tile counts by colour (not changed)."""
    b = s.idle[p][BOATMAN]
    t = s.sp[p][SP04] if s.advanced else 0
    mode, lr, lc = s.trip_mode, s.trip_r, s.trip_c
    ferried = s.ferried
    kind = a[0]
    if kind in ("boat", "longship", "add"):
        r, c = a[1], a[2]
        x = COLOUR_OF_ROW[r]
        m = m[:]
        f = f[:]
        m[x] -= 1
        f[x] -= 1
        ferried += 1
        if kind == "add":
            mode = TRIP_SINGLE if r == lr else TRIP_DISTINCT
        else:
            b -= 1
            if kind == "longship":
                t -= 1
            mode = TRIP_FIRST if (kind == "longship" or not s.advanced) else TRIP_NONE
        lr, lc = r, c
    elif kind == "land":
        mode = TRIP_NONE
    if mode == TRIP_NONE:
        return ferried, maxf(m, f, b, t, s.advanced)
    rf = right_free(s.rows[p], lr, lc) if mode != TRIP_DISTINCT else 0
    return ferried, potential(m, f, b, t, s.advanced, mode, COLOUR_OF_ROW[lr], rf)


def ferry_actions(s: State, p: int) -> list[Action]:
    """Legal ferrying actions; in round 6 only those keeping the maximum reachable.

    Candidates that lead to the same counts (same kind and row, same free tiles to
    the right) are checked once."""
    cand = ferry_candidates(s, p)
    if s.round < N_ROUNDS:
        return cand
    m, f = ferry_counts(s, p)
    out = []
    seen: dict[tuple[Any, ...], bool] = {}
    for a in cand:
        if a == DONE:
            if potential_after(s, p, a, m, f)[1] == 0:
                out.append(a)
            continue
        if len(a) == 3:
            key: tuple[Any, ...] = (a[0], a[1], right_free(s.rows[p], a[1], a[2]))
        else:
            key = a
        ok = seen.get(key)
        if ok is None:
            done, best = potential_after(s, p, a, m, f)
            ok = seen[key] = done + best == s.maxf0
        if ok:
            out.append(a)
    return out


def legal_ferry(s: State) -> list[Action]:
    """The ferrying actions of the seat to move."""
    return ferry_actions(s, s.actor)


def apply_ferry(s: State, a: Action) -> None:
    """``boat``/``longship``/``add r c``, ``land`` or ``done``."""
    kind = a[0]
    p = s.actor
    if kind == "land":
        s.trip_mode = TRIP_NONE
        if s.events is not None:
            s.events.append((E_LAND, p))
        ferry_auto(s, p)
    elif kind == "done":
        if s.events is not None:
            s.events.append((E_FERRY_END, p, True))
        next_ferrier(s, advance=True)
    else:
        ferry(s, p, kind, a[1], a[2])


def can_ferry(s: State, p: int) -> bool:
    """Whether p has an idle boatman and an idle figure with a free tile of its row."""
    if not s.idle[p][BOATMAN]:
        return False
    rows = s.rows[p]
    return any(s.idle[p][x] and free_tiles(rows[ROW_OF[x] - 1]) for x in range(5))


def next_ferrier(s: State, advance: bool) -> None:
    """Hand ferrying to the next player in turn order; then the big scoring."""
    if advance:
        s.ferry_i += 1
    s.trip_mode = TRIP_NONE
    s.trip_r = s.trip_c = -1
    s.ferried = 0
    skipped: list[int] = []
    while s.ferry_i < s.n:
        p = (s.start + s.ferry_i) % s.n
        if can_ferry(s, p):
            m, f = ferry_counts(s, p)
            s.maxf0 = maxf(m, f, s.idle[p][BOATMAN], s.sp[p][SP04] if s.advanced else 0, s.advanced)
            if s.maxf0 > 0:
                if s.events is not None and skipped:
                    s.events.append((E_NO_FERRY, tuple(skipped)))
                s.actor = p
                s.phase = PH_FERRY
                return
        skipped.append(p)
        s.ferry_i += 1
    s.maxf0 = 0
    ev = s.events
    if ev is not None and skipped:
        ev.append((E_NO_FERRY, tuple(skipped)))
    scoring.big_scoring(s)
    if ev is not None:
        ev.append((E_SCORING, len(s.log) - 1))
    if s.round == N_ROUNDS:
        scoring.final_scoring(s)
        s.phase = PH_OVER
        if ev is not None:
            ev.append((E_SCORING, len(s.log) - 1))
            ev.append((E_OVER,))
        return
    next_round(s)


def ferry(s: State, p: int, kind: str, r: int, c: int) -> None:
    """Ferry one figure to (r, c): a new trip (``boat``, ``longship``) or ``add``."""
    x = COLOUR_OF_ROW[r]
    s.idle[p][x] -= 1
    set_cell(s.rows[p], r, c, cell(s.rows[p], r, c) | FIG)
    s.ferried += 1
    if s.events is not None:
        s.events.append((E_FERRY, p, kind, r, c))
    if kind == "add":
        s.trip_mode = TRIP_SINGLE if r == s.trip_r else TRIP_DISTINCT
    else:
        s.idle[p][BOATMAN] -= 1  # the boatman leaves the game after the trip
        s.box_figs[BOATMAN] += 1
        if kind == "longship":
            s.sp[p][SP04] -= 1
            s.box_specials.append(SP04)
            s.trip_mode = TRIP_FIRST
        else:
            s.trip_mode = TRIP_NONE if s.advanced else TRIP_FIRST
    s.trip_r, s.trip_c = r, c
    ferry_auto(s, p)


def ferry_auto(s: State, p: int) -> None:
    """End this player's ferrying once nothing more can be ferried."""
    if s.trip_mode == TRIP_NONE and not can_ferry(s, p):
        if s.events is not None:
            s.events.append((E_FERRY_END, p, False))
        next_ferrier(s, advance=True)
