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

from collections.abc import Mapping, Sequence
from typing import Final

from vikingcli_wikinger import data as D
from vikingcli_wikinger.board import completed_islands, maxf, threat_depths
from vikingcli_wikinger.scoring import goldsmith_rate, safe_counts, sp11_score
from vikingcli_wikinger.state import PH_AUCTION, PH_OVER, State

WEIGHTS: Final[Mapping[str, float]] = {
    # VP per gold during the game (spent on combinations or kept for F2)
    "gold": 0.3,
    # VP per figure that can still be ferried onto a free tile
    "ferry": 1.5,
    # a building tile still waiting for its middle tile
    "sp11_waiting": 2.0,
    # the start-player marker in the advanced game with bidding (the discard, the
    # first colour and the first take of the round): what a bid buys. At 2 VP greedy
    # seats bid about 6 gold a round and scored 15% below the basic game; at 0.5
    # about as in basic, and no weaker head to head (benchmarks/README.md, "Issue 30")
    "start": 0.5,
    # how sure an end-of-game term is before round 5 (1 from round 5 on)
    "early_certainty": 0.7,
}
"""The weights of :func:`evaluate` (the game's ``weights``, tuned by ``vikingcli tune``;
benchmarks/README.md, "Tuned weights")."""


def _share(mine: float, others: Sequence[float], bonus: float) -> float:
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


class _Shared:
    """What every seat's value reads alike, worked out once per state: the scorings
    still to come and how sure the end is, and per seat the F3-F5 majority standings
    (boatmen, island progress, longest completed island)."""

    __slots__ = ("boats", "isl", "late", "longest", "n_big", "n_small")

    def __init__(self, s: State, w: Mapping[str, float]) -> None:
        rounds_left = range(s.round, 7)
        self.n_small = sum(1 for r in rounds_left if r % 2)
        self.n_big = len(rounds_left) - self.n_small
        # the further off the end, the less certain
        self.late = 1.0 if s.round >= 5 else w["early_certainty"]
        self.boats = [s.idle[q][D.BOATMAN] + s.sp[q][D.SP08] for q in range(s.n)]
        done = [completed_islands(s.rows[q]) for q in range(s.n)]
        self.isl = [_island_progress(s.rows[q], done[q]) for q in range(s.n)]
        self.longest = [max(done[q], default=0) for q in range(s.n)]


def evaluate(s: State, seat: int, w: Mapping[str, float] = WEIGHTS) -> float:
    """Projected final VP of ``seat``."""
    if s.phase == PH_OVER:
        return float(s.vp[seat]) + s.gold[seat] / 100.0
    return _seat_value(s, seat, _Shared(s, w), w)


def evaluate_all(s: State, w: Mapping[str, float] = WEIGHTS) -> list[float]:
    """``evaluate`` of every seat, what they read alike (:class:`_Shared`) worked out once."""
    if s.phase == PH_OVER:
        return [evaluate(s, seat) for seat in range(s.n)]
    shared = _Shared(s, w)
    return [_seat_value(s, seat, shared, w) for seat in range(s.n)]


def _seat_value(s: State, p: int, shared: _Shared, w: Mapping[str, float]) -> float:
    """``evaluate`` of a live game, given :class:`_Shared`."""
    ships, rows, sp = s.ships[p], s.rows[p], s.sp[p]
    k = safe_counts(ships, rows)
    n_small, n_big, late = shared.n_small, shared.n_big, shared.late

    gold = float(s.gold[p])
    value = float(s.vp[p])
    if s.bidding and s.advanced:  # the start-player auction (§5.2)
        value += _marker_value(s, p, w)
        if s.phase == PH_AUCTION and s.high_bidder == p:
            # a standing bid is as good as paid unless outbid: gold first, then VP 1:1
            paid = min(s.high_bid, s.gold[p])
            gold -= paid
            value -= s.high_bid - paid
    gold += (n_small + n_big) * goldsmith_rate(sp) * k["goldsmiths"]
    gold += n_big * k["plunder_gold"]
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
    value += gold * max(w["gold"], 1.0 / rate) if s.round < 6 else gold / rate

    # F3, F4, F5 majorities against the other players.
    boats, isl, longest = shared.boats, shared.isl, shared.longest
    value += late * _share(boats[p], boats[:p] + boats[p + 1 :], D.BOATMAN_BONUS)
    value += late * _share(isl[p], isl[:p] + isl[p + 1 :], D.ISLANDS_BONUS)
    value += late * _share(longest[p], longest[:p] + longest[p + 1 :], D.LONGEST_BONUS)

    # One walk over the tableau: the figures on it (to feed) and the free tiles per
    # row (to ferry onto).
    figures = 0
    free = [0, 0, 0, 0, 0]
    for r, row in enumerate(rows):
        for v in row:
            if v & D.FIG:
                figures += 1
            elif v:
                free[r] += 1

    # F6 feeding balance on the current board.
    need = sum(s.idle[p]) + figures
    food = D.FOOD_PER_FISHER * k["fishers"]
    surplus = food - need
    value += late * (surplus * (3 if sp[D.SP09] else 2) if surplus >= 0 else surplus)

    # Ferrying still possible at the coming big scorings.
    if n_big:
        m = s.idle[p][:5]
        f = [free[D.ROW_OF[x] - 1] for x in range(5)]
        value += w["ferry"] * maxf(
            m, f, s.idle[p][D.BOATMAN], sp[D.SP04] if s.advanced else 0, s.advanced
        )
    if s.advanced:
        value += late * sp11_score(ships, rows)
        value += w["sp11_waiting"] * sum(sp[D.SP11 : D.SP11 + 4])  # not yet swapped in
    return value


def _marker_value(s: State, p: int, w: Mapping[str, float]) -> float:
    """The start-player marker's worth to ``p``: it goes to the standing bid's bidder
    during the auction, or stays with its holder when no bid stands; after the
    auction, with the start player, for the rest of the round (its worth is the
    discard, the first colour and the first take). Why the whole round: a value that
    vanished at the end of the colours or of the first take would make every move
    that ends them look worse than one that does not; the marker passes on only when
    the round ends."""
    if s.phase == PH_AUCTION and s.high_bid >= 0:
        holder = s.high_bidder
    else:
        holder = s.start
    return w["start"] if holder == p else 0.0
