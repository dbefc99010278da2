"""Seat-rotated (duplicate) tournaments: schedule, resume, statistics and ratings.

Every deal (one seed) is played once in every distinct seating of the entrants,
so the luck of the deal and of the seat order cancels out. Results are JSONL, one
game a line; a rerun with the same output file plays only what is missing (the
file itself: :mod:`vikingcli.batch.results_file`). Ratings
come from openskill (Plackett-Luce), which handles multi-player ranks and ties.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from vikingcli.batch.jobs import Job

Z95 = 1.959963984540054


def seatings(n_entrants: int, specs: Sequence[str], rotation: str = "all") -> list[tuple[int, ...]]:
    """The seatings to play each deal in, as entrant indices per seat.

    ``all``: every distinct permutation (identical specs are interchangeable, so
    one mcts seat among three greedy seats needs only 4 seatings, not 24);
    ``cyclic``: the n rotations of the given order (for large tables)."""
    base = tuple(range(n_entrants))
    if rotation == "cyclic":
        return [base[k:] + base[:k] for k in range(n_entrants)]
    if rotation != "all":
        raise ValueError(f"unknown rotation {rotation!r} (accepted: all, cyclic)")
    seen: dict[tuple[str, ...], tuple[int, ...]] = {}
    for perm in itertools.permutations(base):
        key = tuple(specs[i] for i in perm)
        seen.setdefault(key, perm)
    return list(seen.values())


def schedule(
    game: str,
    options: dict[str, str],
    specs: Sequence[str],
    games: int,
    first_seed: int,
    rotation: str = "all",
    move_timeout: float | None = None,
) -> list[Job]:
    """Jobs for at least ``games`` games in whole rotation blocks (one seed per deal)."""
    orders = seatings(len(specs), specs, rotation)
    deals = max(1, math.ceil(games / len(orders)))
    jobs: list[Job] = []
    for deal in range(deals):
        for order in orders:
            jobs.append(
                {
                    "game": game,
                    "options": dict(options),
                    "seed": first_seed + deal,
                    "seats": [(f"{e + 1}:{specs[e]}", specs[e]) for e in order],
                    "move_timeout": move_timeout,
                    "save_dir": None,
                    "tag": {"deal": deal, "seating": list(order)},
                }
            )
    return jobs


def job_key(record: dict[str, Any]) -> tuple[int, int, tuple[int, ...]]:
    """What identifies a game of a tournament (seed, deal, seating)."""
    return (record["seed"], record["deal"], tuple(record["seating"]))


def wilson(successes: float, n: int, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval for a proportion (ties count as fractional wins)."""
    if n == 0:
        return (0.0, 1.0)
    p = successes / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class EntrantStats:
    """One entrant's results over a tournament."""

    label: str
    games: int = 0
    wins: float = 0.0
    ranks: list[int] = field(default_factory=list)
    scores: list[float] = field(default_factory=list)
    forfeits: int = 0
    mu: float = 0.0
    sigma: float = 0.0

    def to_json(self) -> dict[str, Any]:
        lo, hi = wilson(self.wins, self.games)
        mean_rank = sum(self.ranks) / len(self.ranks) if self.ranks else 0.0
        if len(self.ranks) > 1:
            var = sum((r - mean_rank) ** 2 for r in self.ranks) / (len(self.ranks) - 1)
            half = Z95 * math.sqrt(var / len(self.ranks))
        else:
            half = float("nan")
        return {
            "entrant": self.label,
            "games": self.games,
            "wins": self.wins,
            "win_share": self.wins / self.games if self.games else 0.0,
            "win_share_95": [lo, hi],
            "mean_rank": mean_rank,
            "mean_rank_95": [mean_rank - half, mean_rank + half],
            "mean_score": sum(self.scores) / len(self.scores) if self.scores else 0.0,
            "forfeits": self.forfeits,
            "rating_mu": self.mu,
            "rating_sigma": self.sigma,
            "rating": self.mu - 3 * self.sigma,
        }


def summarize(
    specs: Sequence[str],
    records: Iterable[dict[str, Any]],
    trace: list[list[tuple[int, float, float]]] | None = None,
) -> list[dict[str, Any]]:
    """Win share and mean rank with 95% intervals, and openskill ratings, per entrant.

    ``trace`` (one list per entrant) receives ``(games, mu, sigma)`` at the start
    and after each game the entrant played, for the report's rating chart."""
    from openskill.models import PlackettLuce

    labels = [f"{i + 1}:{s}" for i, s in enumerate(specs)]
    stats = [EntrantStats(label) for label in labels]
    model = PlackettLuce()
    ratings = [model.rating(name=label) for label in labels]
    if trace is not None:
        trace[:] = [[(0, r.mu, r.sigma)] for r in ratings]
    for k, rec in enumerate(sorted(records, key=job_key), 1):
        order: list[int] = rec["seating"]
        winners = rec["winners"]
        for seat, entrant in enumerate(order):
            st = stats[entrant]
            st.games += 1
            st.ranks.append(rec["ranks"][seat])
            st.scores.append(rec["scores"][seat])
            if seat in winners:
                st.wins += 1 / len(winners)
            forfeit = rec.get("forfeit")
            if forfeit and forfeit.get("seat") == seat:
                st.forfeits += 1
        if len(set(order)) == len(order):
            teams = [[ratings[e]] for e in order]
            new = model.rate(teams, ranks=[float(r) for r in rec["ranks"]])
            for e, team in zip(order, new, strict=True):
                ratings[e] = team[0]
                if trace is not None:
                    trace[e].append((k, team[0].mu, team[0].sigma))
    for st, r in zip(stats, ratings, strict=True):
        st.mu, st.sigma = r.mu, r.sigma
    return [st.to_json() for st in stats]

