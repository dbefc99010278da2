"""Scoring: majorities, reinforcement, the scoring log, and the final outcome
(docs/rules/walhalla.md §4.8-4.10, §5)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from vikingcli.engine import Outcome, ranks_from_keys
from vikingcli_walhalla import data as D
from vikingcli_walhalla.board import N_HEADLANDS
from vikingcli_walhalla.state import E_SCORE, PH_OVER, State


def ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def majority_points(strengths: Sequence[int], second: int, first: int) -> list[int]:
    """Points per player for a first/second majority (headland or Walhalla).

    Only strength >= 1 takes part. A tie for first shares first+second (rounded up)
    and leaves no second place; a tie for second shares second (rounded up).
    """
    pts = [0] * len(strengths)
    # max(strengths, default=0) for what is read below (top >= 1 or not), as a loop:
    # compiled, max with a keyword is a call through Python's protocol, every scoring
    top = 0
    for v in strengths:
        if v > top:
            top = v
    if top < 1:
        return pts
    t1 = [i for i, v in enumerate(strengths) if v == top]
    if len(t1) >= 2:
        share = ceil_div(first + second, len(t1))
        for i in t1:
            pts[i] = share
        return pts
    pts[t1[0]] = first
    rest = [v for v in strengths if 1 <= v < top]
    if rest:
        sec = max(rest)
        t2 = [i for i, v in enumerate(strengths) if v == sec]
        share = ceil_div(second, len(t2))
        for i in t2:
            pts[i] = share
    return pts


def reinforcement(values: Sequence[int], asgard: Sequence[int]) -> list[int]:
    """Vikings each player moves Asgard -> Midgard (docs/rules/walhalla.md §4.9): dense
    rank on ``values``, table 10/8/6/4, capped by what is in Asgard."""
    distinct = sorted(set(values), reverse=True)
    return [min(D.REINFORCEMENT[distinct.index(v)], a) for v, a in zip(values, asgard, strict=True)]


def headland_strengths(s: State, bonus: Sequence[Sequence[int]]) -> list[list[int]]:
    """strength[h][p]: vikings + village bonuses + Headland +2 cards (``bonus[p][h]``)."""
    b = s.board
    out = []
    for h in range(N_HEADLANDS):
        st = [bonus[p][h] for p in range(s.n)]
        off = b.offsets[h]
        for sp in range(off, off + 2 * b.lengths[h]):
            o = s.occ[sp]
            if o >= 0:
                st[o] += 1 + D.VILLAGE_BONUS[s.stype[sp]]
        out.append(st)
    return out


def count_category(s: State, p: int, cat: int) -> int:
    """Spaces of scoring-card category ``cat`` (``D.SPACE_CATEGORY``) that ``p`` occupies."""
    n = 0
    st = s.stype
    for sp, o in enumerate(s.occ):
        if o == p and D.SPACE_CATEGORY[st[sp]] == cat:
            n += 1
    return n


def on_board(s: State) -> list[int]:
    """Vikings each seat has on the board."""
    out = [0] * s.n
    for o in s.occ:
        if o >= 0:
            out[o] += 1
    return out


def score(s: State, label: str, pts: Sequence[int]) -> None:
    """Add one scoring to the scores and to the scoring log (and to the events)."""
    for p in range(s.n):
        s.vp[p] += pts[p]
    s.events.append((E_SCORE, len(s.ledger)))
    s.ledger.append((label, tuple(pts)))


def breakdown(s: State) -> dict[str, Any]:
    """Points per scoring per seat; the values add up to the scores."""
    out: dict[str, Any] = {
        "forests (during raids)": s.forest_vp[:],
        "card sales": s.sale_vp[:],
    }
    for label, pts in s.ledger:
        out[label] = list(pts)
    out["total"] = s.vp[:]
    return out


def outcome(s: State) -> Outcome:
    """Final scores; ties broken by Walhalla vikings, then vikings on the board (§5)."""
    if s.phase != PH_OVER:
        raise ValueError("walhalla: game is not over")
    board = on_board(s)
    keys = [(s.vp[p], s.walhalla[p], board[p]) for p in range(s.n)]
    detail = breakdown(s)
    return Outcome(
        scores=tuple(float(x) for x in s.vp),
        ranks=ranks_from_keys(keys),
        end_reason="rules",
        breakdown=detail,
        sheet=tuple((label, tuple(pts)) for label, pts in detail.items()),
    )
