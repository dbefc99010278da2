"""Heuristic evaluation: a projected final score in the game's own units
(conditions met in the basic game, VP with victory cards)."""

from __future__ import annotations

from vikingcli_graenaland import data as D
from vikingcli_graenaland.rules import (
    cards_at,
    hres,
    measures,
    score_of,
    votes_all,
)
from vikingcli_graenaland.state import PH_OVER, GState


def _progress(value: int, thresholds: tuple[int, ...]) -> float:
    """Levels reached plus a partial credit toward the next level."""
    got = 0
    prev = 0
    for t in thresholds:
        if value >= t:
            got += 1
            prev = t
        else:
            return got + 0.6 * max(0, value - prev) / max(1, t - prev)
    return float(got)


def evaluate(st: GState, seat: int) -> float:
    if st.phase == PH_OVER:
        return score_of(st, seat) + (3.0 if st.winner == seat else 0.0)
    m = measures(st, seat)
    if st.cards and st.vc[seat] >= 0:
        th = D.victory_card_thresholds(st.vc[seat], st.n)
        val = sum(_progress(m[c], th[c]) for c in range(5))
    else:
        bt = D.V_BUILDINGS_3P if st.n == 3 else D.V_BUILDINGS
        thr = (D.V_SETTLEMENTS, D.V_PROVINCES2, D.V_DOMINATED, bt, D.V_ARMY)
        val = sum(_progress(m[c], (thr[c],)) for c in range(5))
    # hand value: about one resource in twenty makes a condition step
    h = hres(st.hand[seat])
    units = sum(h) + 0.5 * h[4] + 2 * len(st.shand[seat])
    val += 0.05 * units
    # vote strength where resources lie: the expected share of those cards
    for p in range(st.board.np):
        c = cards_at(st, p)
        if c:
            v = votes_all(st, p)
            tot = sum(v)
            if tot and v[seat]:
                val += 0.04 * c * v[seat] / tot * (2.0 if 2 * v[seat] > tot else 1.0)
    return val
