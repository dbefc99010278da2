"""Position evaluation: a projected final score in VP (docs/rules/wikinger.md §4 drives
every term).

Terms, each from the current board, for the scorings still to come:

* VP now, plus gold at an in-game worth (gold buys combinations; 5 gold = 1 VP at the end);
* income of every remaining small/big scoring from unthreatened goldsmiths (gold),
  nobles, scouts (with the figures below them) and plunder of fought ships;
* final scoring estimates: unfought ship penalties, boatman / island / longest-island
  majorities shared by rank against the other players, the feeding balance, SP11;
* ferrying potential: idle figures that idle boatmen can still put on free tiles.
"""

from __future__ import annotations

from vikingcli_wikinger import data as D
from vikingcli_wikinger.board import completed_islands, maxf, threat_depths
from vikingcli_wikinger.scoring import goldsmith_rate, safe_counts, sp11_score
from vikingcli_wikinger.state import OVER, State

GOLD_WORTH = 0.3  # VP per gold during the game (spent on combinations or kept for F2)
FERRY_WORTH = 1.5  # VP per figure that can still be ferried onto a free tile
WAITING_SP11_WORTH = 2.0  # a building tile still waiting for its middle tile


def _share(mine: float, others: list[float], bonus: float) -> float:
    """Expected share of a majority bonus: full when ahead, half when tied."""
    if mine <= 0:
        return 0.0
    best = max(others) if others else 0
    if mine > best:
        return bonus
    if mine == best:
        return bonus / 2
    return bonus * 0.2 if mine >= best - 1 else 0.0


def _island_progress(rows: list[list[int]], done: list[int]) -> float:
    """Completed islands (``done``), plus half credit for an open island (L with
    middles and an empty cell where its right end could go)."""
    partial = 0.0
    for row in rows:
        for c, v in enumerate(row):
            if v & D.TILE_MASK == D.T_L:
                k = c + 1
                while k < len(row) and D.is_middle(row[k] & D.TILE_MASK):
                    k += 1
                if k >= len(row) or not row[k]:
                    partial += 0.5
    return len(done) + partial


def evaluate(s: State, seat: int) -> float:
    """Projected final VP of ``seat``."""
    if s.phase == OVER:
        return float(s.vp[seat]) + s.gold[seat] / 100.0
    p = seat
    ships, rows, sp = s.ships[p], s.rows[p], s.sp[p]
    k = safe_counts(ships, rows)
    rounds_left = range(s.round, 7)
    n_small = sum(1 for r in rounds_left if r % 2)
    n_big = len(rounds_left) - n_small
    late = 1.0 if s.round >= 5 else 0.7  # the further off the end, the less certain

    gold = float(s.gold[p])
    gold += (n_small + n_big) * goldsmith_rate(sp) * k["goldsmiths"]
    gold += n_big * k["plunder_gold"]
    value = float(s.vp[p])
    value += n_big * (
        (D.NOBLE_VP + sp[D.SP05]) * k["nobles"]
        + k["scout_vp"]
        + sp[D.SP06] * k["scouts"]
        + sp[D.SP07] * k["fishers"]
        + k["plunder_vp"]
    )
    # F1: unfought ships cost their value at the end.
    td = threat_depths(ships, rows)
    for c, d in enumerate(ships):
        if d and td[c]:
            value -= late * D.SHIP_VP[d]
            gold -= late * D.SHIP_GOLD[d]
    rate = D.GOLD_PER_VP_TRADER if sp[D.SP10] else D.GOLD_PER_VP  # SP10 trader: 3 gold = 1 VP
    value += gold * max(GOLD_WORTH, 1.0 / rate) if s.round < 6 else gold / rate

    # F3, F4, F5 majorities against the other players.
    def boats(q: int) -> float:
        return s.idle[q][D.BOATMAN] + s.sp[q][D.SP08]

    others = [q for q in range(s.n) if q != p]
    value += late * _share(boats(p), [boats(q) for q in others], D.BOATMAN_BONUS)
    done = [completed_islands(s.rows[q]) for q in range(s.n)]
    isl = [_island_progress(s.rows[q], done[q]) for q in range(s.n)]
    value += late * _share(isl[p], [isl[q] for q in others], D.ISLANDS_BONUS)
    longest = [max(done[q], default=0) for q in range(s.n)]
    value += late * _share(longest[p], [longest[q] for q in others], D.LONGEST_BONUS)

    # F6 feeding balance on the current board.
    need = sum(s.idle[p]) + sum(1 for row in rows for v in row if v & D.FIG)
    food = D.FOOD_PER_FISHER * k["fishers"]
    surplus = food - need
    value += late * (surplus * (3 if sp[D.SP09] else 2) if surplus >= 0 else surplus)

    # Ferrying still possible at the coming big scorings.
    if n_big:
        m = s.idle[p][:5]
        f = [sum(1 for v in rows[D.ROW_OF[x] - 1] if v and not v & D.FIG) for x in range(5)]
        value += FERRY_WORTH * maxf(m, f, s.idle[p][D.BOATMAN], sp[D.SP04] if s.adv else 0, s.adv)
    if s.adv:
        value += late * sp11_score(ships, rows)
        value += WAITING_SP11_WORTH * sum(sp[D.SP11:D.SP11 + 4])  # not yet swapped in
    return value
