"""What an organiser reads first, from a tournament's game records: Elo with its
error and LOS, W/D/L, pentanomial counts, seats, game lengths, forfeits.

Every game is read as head-to-head results between the players at its table, as
cutechess reads a game of two: against each opponent an entrant placed above, it
won; level, drew; below, lost. Its score is ``(W + D/2) / (W + D + L)``, the
rank-based score of the head-to-head matrix and of ``--sprt``; with two players
these are plain wins, draws and losses.

* Elo: the logistic Elo difference of that score, ``-400 log10(1/score - 1)``: an
  entrant's against the field it met, a pair's against each other.
* Its 95% interval comes from the score's standard error over *deals*, not games:
  the games of a deal share their cards and seatings, so they are not independent
  (fishtest treats a game pair the same way). The error is the ratio estimator's:
  ``sqrt(sum_d (S_d - score N_d)^2 / (D (D - 1))) / mean(N_d)`` for points ``S_d``
  in ``N_d`` results in each of ``D`` deals, times Student's t quantile for ``D - 1``
  degrees of freedom (12.7 for 2 deals, not 1.96). Deals that happened to end alike
  have an error of 0, so the interval is at least the Wilson interval of the
  results taken as independent. The score's interval is mapped to Elo, and ``±``
  is half its width, as cutechess prints it.
* LOS (likelihood of superiority): ``Φ((W - L) / sqrt(W + L))``, cutechess's.
* Pentanomial counts (two-player tables only): per deal and pair, the points of
  the first of the pair over the two games in which they swapped seats: 0, ½, 1,
  1½, 2.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from vikingcli.batch.ratings import t975
from vikingcli.batch.sprt import elo_of_score

Z95 = 1.959963984540054


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (ties count as fractional wins)."""
    if n == 0:
        return (0.0, 1.0)
    p = min(1.0, max(0.0, successes / n))
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    # At p = 0 (or 1) the bound is 0 (or 1) exactly; computed, it is off by a rounding.
    lo = 0.0 if p == 0.0 else max(0.0, centre - half)
    hi = 1.0 if p == 1.0 else min(1.0, centre + half)
    return (lo, hi)


def los(wins: float, losses: float) -> float:
    """Likelihood of superiority from wins and losses (draws carry no information)."""
    if wins + losses == 0:
        return 0.5
    return 0.5 * (1.0 + math.erf((wins - losses) / math.sqrt(2.0 * (wins + losses))))


def _outcome(mine: int, theirs: int) -> int:
    """1 placed above, 0 level, -1 below (a rank is a place: 1 is first)."""
    return 1 if mine < theirs else 0 if mine == theirs else -1


class _Tally:
    """Wins, draws and losses, and the points per deal for the error."""

    def __init__(self) -> None:
        self.w = self.d = self.l = 0
        self.by_deal: dict[int, list[float]] = defaultdict(lambda: [0.0, 0.0])

    def add(self, deal: int, result: int) -> None:
        if result > 0:
            self.w += 1
        elif result == 0:
            self.d += 1
        else:
            self.l += 1
        cell = self.by_deal[deal]
        cell[0] += (result + 1) / 2
        cell[1] += 1

    @property
    def n(self) -> int:
        return self.w + self.d + self.l

    def to_json(self) -> dict[str, Any]:
        n = self.n
        score = (self.w + self.d / 2) / n if n else math.nan
        lo = hi = math.nan
        deals = list(self.by_deal.values())
        if n and len(deals) > 1:
            mean_n = sum(c[1] for c in deals) / len(deals)
            resid = sum((c[0] - score * c[1]) ** 2 for c in deals)
            se = math.sqrt(resid / (len(deals) * (len(deals) - 1))) / mean_n
            half = t975(len(deals) - 1) * se
            floor_lo, floor_hi = wilson(self.w + self.d / 2, n)
            lo = max(0.0, min(score - half, floor_lo))
            hi = min(1.0, max(score + half, floor_hi))
        elo = elo_of_score(score) if n else math.nan
        elo_lo, elo_hi = elo_of_score(lo), elo_of_score(hi)
        return {
            "w": self.w,
            "d": self.d,
            "l": self.l,
            "results": n,
            "deals": len(deals),
            "score": score,
            "draw_ratio": self.d / n if n else math.nan,
            "score_95": [lo, hi],
            "elo": elo,
            "elo_95": [elo_lo, elo_hi],
            "elo_error": (elo_hi - elo_lo) / 2,
            "los": los(self.w, self.l),
        }


def head_to_head(n: int, records: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Per entrant (against the field) and per ordered pair: W/D/L, score, Elo with
    its 95% interval, LOS."""
    field = [_Tally() for _ in range(n)]
    pairs = [[_Tally() for _ in range(n)] for _ in range(n)]
    for rec in records:
        order, ranks, deal = rec["seating"], rec["ranks"], int(rec["deal"])
        for si, i in enumerate(order):
            for sj, j in enumerate(order):
                if si == sj:
                    continue
                result = _outcome(ranks[si], ranks[sj])
                field[i].add(deal, result)
                pairs[i][j].add(deal, result)
    return {
        "entrants": [t.to_json() for t in field],
        "pairs": [
            [None if i == j or not pairs[i][j].n else pairs[i][j].to_json() for j in range(n)]
            for i in range(n)
        ],
    }


PENTANOMIAL = ("0", "½", "1", "1½", "2")
"""The points of a game pair, column by column."""


def pentanomial(n: int, records: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """Per pair of entrants that met at two-player tables: how many deals gave the
    first of the pair 0, ½, 1, 1½ or 2 points in the two games where they swapped
    seats (a deal with only one of the two games is left out)."""
    games: dict[tuple[int, int, int], list[float]] = defaultdict(list)
    for rec in records:
        order, ranks = rec["seating"], rec["ranks"]
        if len(order) != 2:
            return []
        a, b = order
        i, j = min(a, b), max(a, b)
        mine = ranks[order.index(i)]
        theirs = ranks[order.index(j)]
        games[(i, j, int(rec["deal"]))].append((_outcome(mine, theirs) + 1) / 2)
    counts: dict[tuple[int, int], list[int]] = {}
    for (i, j, _), points in sorted(games.items()):
        if len(points) != 2:
            continue
        counts.setdefault((i, j), [0] * 5)[round(2 * sum(points))] += 1
    return [{"pair": [i, j], "counts": c} for (i, j), c in sorted(counts.items())]


def per_seat(n: int, size: int, records: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Per seat (first to move is seat 1): games, win share and mean rank-based score,
    over all entrants and per entrant (the first-player advantage)."""
    seat_games = [0] * size
    seat_wins = [0.0] * size
    seat_points = [0.0] * size
    entrant_games = [[0] * size for _ in range(n)]
    entrant_points = [[0.0] * size for _ in range(n)]
    for rec in records:
        order, ranks, winners = rec["seating"], rec["ranks"], rec["winners"]
        for seat, entrant in enumerate(order):
            others = [r for s, r in enumerate(ranks) if s != seat]
            points = (
                sum((_outcome(ranks[seat], r) + 1) / 2 for r in others) / len(others)
                if others
                else 0.5
            )
            seat_games[seat] += 1
            seat_points[seat] += points
            if seat in winners:
                seat_wins[seat] += 1 / len(winners)
            entrant_games[entrant][seat] += 1
            entrant_points[entrant][seat] += points

    def ratio(a: float, b: int) -> float:
        return a / b if b else math.nan

    return {
        "seats": [
            {
                "games": seat_games[s],
                "win_share": ratio(seat_wins[s], seat_games[s]),
                "score": ratio(seat_points[s], seat_games[s]),
            }
            for s in range(size)
        ],
        "entrants": [
            [
                {
                    "games": entrant_games[e][s],
                    "score": ratio(entrant_points[e][s], entrant_games[e][s]),
                }
                for s in range(size)
            ]
            for e in range(n)
        ],
    }


def lengths(n: int, records: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Game length in moves and seconds, and each entrant's time per move."""
    moves = [int(rec.get("moves", 0)) for rec in records]
    seconds = [float(sum(rec.get("seconds") or [0.0])) for rec in records]
    made = [0] * n
    spent = [0.0] * n
    played = [0] * n
    longest = [0.0] * n
    counted = [True] * n
    for rec in records:
        per_seat_moves = rec.get("seat_moves")
        for seat, entrant in enumerate(rec["seating"]):
            took = float((rec.get("seconds") or [0.0] * len(rec["seating"]))[seat])
            spent[entrant] += took
            played[entrant] += 1
            longest[entrant] = max(longest[entrant], took)
            if per_seat_moves is None:
                counted[entrant] = False
            else:
                made[entrant] += int(per_seat_moves[seat])

    def summary(values: Sequence[float]) -> dict[str, float]:
        if not values:
            return {"mean": math.nan, "median": math.nan, "min": math.nan, "max": math.nan}
        return {
            "mean": statistics.fmean(values),
            "median": float(statistics.median(values)),
            "min": float(min(values)),
            "max": float(max(values)),
        }

    return {
        "moves": summary(moves),
        "seconds": summary(seconds),
        "entrants": [
            {
                "games": played[e],
                "moves": made[e] if counted[e] else None,
                "seconds": spent[e],
                "seconds_per_move": spent[e] / made[e] if counted[e] and made[e] else None,
                "seconds_per_game": spent[e] / played[e] if played[e] else None,
                "longest_game_seconds": longest[e],
            }
            for e in range(n)
        ],
    }


def forfeits(
    labels: Sequence[str], records: Sequence[Mapping[str, Any]]
) -> list[dict[str, Any]]:
    """Every forfeit reason per entrant, how often, and the first games it happened in."""
    seen: Counter[tuple[int, str]] = Counter()
    where: dict[tuple[int, str], list[dict[str, Any]]] = defaultdict(list)
    for rec in sorted(records, key=lambda r: (r["seed"], r["deal"], list(r["seating"]))):
        forfeit = rec.get("forfeit")
        if not forfeit:
            continue
        seat = int(forfeit["seat"])
        key = (int(rec["seating"][seat]), str(forfeit.get("reason", "")))
        seen[key] += 1
        if len(where[key]) < 5:
            # Seed and seating identify the game (the seed alone is a deal of many).
            game = {
                "seed": int(rec["seed"]),
                "seat": seat + 1,
                "seating": [labels[e] for e in rec["seating"]],
            }
            if rec.get("save"):
                game["save"] = str(rec["save"])
            where[key].append(game)
    return [
        {"entrant": labels[e], "reason": reason, "count": count, "games": where[(e, reason)]}
        for (e, reason), count in sorted(seen.items(), key=lambda kv: (kv[0][0], -kv[1]))
    ]
