"""Scoring: the measures of the victory sheet and cards (docs/rules/graenaland.md §1.7,
§5), the current score and the final outcome with its breakdown."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from vikingcli.engine import Outcome, ranks_from_keys
from vikingcli_graenaland import data as D
from vikingcli_graenaland.state import State


def seat_text(s: int) -> str:
    """A seat as players read it (``p1`` for seat 0)."""
    return f"p{s + 1}"


def own_settlements(st: State, s: int, p: int) -> int:
    """Settlements (villages + buildings) of seat ``s`` in province ``p``."""
    b = st.bld
    i = p * 3
    return st.vil[p * st.n + s] + (b[i] == s) + (b[i + 1] == s) + (b[i + 2] == s)


def measures(st: State, s: int) -> tuple[int, int, int, int, int]:
    """(S settlements, P provinces with >= 2, D max in one province, B buildings, A army)."""
    S = P = Dm = B = 0
    n = st.n
    vil = st.vil
    b = st.bld
    # own_settlements written out: asked for every seat at every search cut-off; the
    # buildings counted on the way (bld is 3 owners per province), not by bld.count,
    # which the compiled build does by Python's generic comparison of every entry
    for p in range(st.board.np):
        i = p * 3
        own_b = (b[i] == s) + (b[i + 1] == s) + (b[i + 2] == s)
        B += own_b
        c = vil[p * n + s] + own_b
        S += c
        if c >= 2:
            P += 1
        if c > Dm:
            Dm = c
    return (S, P, Dm, B, st.army[s])


def conditions(st: State, s: int) -> tuple[bool, bool, bool, bool, bool]:
    """Basic victory sheet V1..V5 (docs/rules/graenaland.md §1.7)."""
    S, P, Dm, B, A = measures(st, s)
    bt = D.V_BUILDINGS_3P if st.n == 3 else D.V_BUILDINGS
    return (S >= D.V_SETTLEMENTS, P >= D.V_PROVINCES2, Dm >= D.V_DOMINATED, bt <= B, A >= D.V_ARMY)


def card_vp(card: int, n: int, m: Sequence[int]) -> list[int]:
    """VP per column of victory card ``card`` for measures ``m``."""
    th = D.victory_card_thresholds(card, n)
    return [sum(1 for t in th[c] if m[c] >= t) for c in range(5)]


def vp(st: State, s: int) -> int:
    """VP of seat ``s`` on its kept victory card (0 before one is kept)."""
    if st.vc[s] < 0:
        return 0
    return sum(card_vp(st.vc[s], st.n, measures(st, s)))


def score_of(st: State, s: int) -> int:
    """Current score: conditions met (basic) or VP (victory cards)."""
    return vp(st, s) if st.cards else sum(conditions(st, s))


def has_won(st: State, s: int) -> bool:
    """Does seat ``s`` meet the victory check at the end of its build (§5.1, §5.4)?"""
    return vp(st, s) >= D.VP_TO_WIN if st.cards else sum(conditions(st, s)) >= D.V_NEEDED


def current_scores(st: State) -> tuple[float, ...]:
    return tuple(float(score_of(st, s)) for s in range(st.n))


def outcome(st: State) -> Outcome:
    """Final scores; the winner ranks first, the others by score (§5.3)."""
    n = st.n
    scores = current_scores(st)
    keys = [(1 if s == st.winner else 0, scores[s]) for s in range(n)]
    breakdown: dict[str, Any] = {
        "winner": None if st.winner < 0 else seat_text(st.winner),
        "end_reason": st.end_reason,
        "rounds": min(st.round, st.round_limit),
        "scoring": "victory cards (VP)" if st.cards else "conditions V1-V5",
        "players": {},
    }
    for s in range(n):
        m = measures(st, s)
        row: dict[str, Any] = {
            "settlements": m[0],
            "provinces_with_2": m[1],
            "max_in_province": m[2],
            "buildings": m[3],
            "army": m[4],
            "conditions": [int(x) for x in conditions(st, s)],
        }
        if st.cards and st.vc[s] >= 0:
            row["victory_card"] = f"VC{st.vc[s] + 1:02d}"
            row["vp_per_column"] = card_vp(st.vc[s], n, m)
        row["score"] = scores[s]
        breakdown["players"][seat_text(s)] = row
    return Outcome(
        scores=scores,
        ranks=ranks_from_keys(keys),
        end_reason=st.end_reason or "rules",
        breakdown=breakdown,
        sheet=score_sheet(st),
    )


CONDITION_LABELS: Final = (
    f"V1 {D.V_SETTLEMENTS}+ settlements",
    f"V2 {D.V_PROVINCES2}+ provinces with 2",
    f"V3 {D.V_DOMINATED}+ in one province",
    "V4 {} buildings",
    f"V5 army {D.V_ARMY}+",
)
COLUMN_LABELS: Final = (
    "S settlements",
    "P provinces with 2",
    "D most in one province",
    "B buildings",
    "A army",
)


def score_sheet(st: State) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The score sheet for people: per condition (basic, 1 if met) or per victory-card
    column (cards, the VP of its levels reached), then the total score."""
    n = st.n
    rows: list[tuple[str, tuple[int, ...]]] = []
    if st.cards:
        per = [
            card_vp(st.vc[s], n, measures(st, s)) if st.vc[s] >= 0 else [0] * 5 for s in range(n)
        ]
        for c, label in enumerate(COLUMN_LABELS):
            rows.append((f"{label} (VP)", tuple(per[s][c] for s in range(n))))
        rows.append(("total VP", tuple(sum(per[s]) for s in range(n))))
    else:
        met = [conditions(st, s) for s in range(n)]
        bt = D.V_BUILDINGS_3P if n == 3 else D.V_BUILDINGS
        for c, label in enumerate(CONDITION_LABELS):
            rows.append((label.format(f"{bt}+"), tuple(int(met[s][c]) for s in range(n))))
        rows.append(("conditions met", tuple(sum(met[s]) for s in range(n))))
    return tuple(rows)
