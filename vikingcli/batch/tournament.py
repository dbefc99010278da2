"""Seat-rotated (duplicate) tournaments: schedule, resume, statistics and ratings.

A tournament has entrants (player specs, each perhaps named) and a table size K.
Its format says which tables a deal is played at:

* ``all``: every entrant at one table (K is the number of entrants);
* ``round-robin``: every K-subset of the entrants;
* ``gauntlet``: the first entrant (the hero) with every (K-1)-subset of the others
  (the field).

Every deal (one seed) is played at each table in every distinct seating, so the
luck of the deal and of the seat order cancels out, and every entrant sits in
each seat equally often. Entrants with the same spec and no name of their own are
interchangeable: a seating that only swaps them is the same game and is played
once (which of them plays it turns from deal to deal, so over a few deals each of
them plays as often in each seat). Results are JSONL, one game a line; a rerun with
the same output file plays only what is missing (the file itself:
:mod:`vikingcli.batch.results_file`). The headline rating is the joint
maximum-likelihood fit of :mod:`vikingcli.batch.ratings`; openskill's μ−3σ
(Plackett-Luce, updated game by game) is a second column.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from vikingcli.batch.jobs import Job
from vikingcli.batch.stats import wilson as wilson  # its home was here

Z95 = 1.959963984540054
FORMATS = ("all", "round-robin", "gauntlet")
"""The tournament formats (``--format``)."""
ROTATIONS = ("all", "cyclic")


class PlanError(ValueError):
    """A tournament that cannot be laid out; the message says why."""


def entrant_labels(specs: Sequence[str], names: Sequence[str | None] | None = None) -> list[str]:
    """What the standings call each entrant: its ``NAME=`` where given, else
    ``N:SPEC`` (its place on the command line and its spec)."""
    given = list(names) if names is not None else [None] * len(specs)
    return [g if g is not None else f"{i + 1}:{s}" for i, (s, g) in enumerate(zip(specs, given))]


@dataclass(frozen=True)
class Plan:
    """The shape of a tournament: who plays, at which tables, in which seatings."""

    specs: tuple[str, ...]
    names: tuple[str | None, ...] = ()
    table_size: int = 0
    """Seats at a table; 0: every entrant (the ``all`` format)."""
    fmt: str = "all"
    rotation: str = "all"

    def __post_init__(self) -> None:
        n = len(self.specs)
        if not self.names:
            object.__setattr__(self, "names", (None,) * n)
        if not self.table_size:
            object.__setattr__(self, "table_size", n)
        k = self.table_size
        if self.fmt not in FORMATS:
            raise PlanError(f"unknown format {self.fmt!r} (accepted: {', '.join(FORMATS)})")
        if self.rotation not in ROTATIONS:
            raise PlanError(
                f"unknown rotation {self.rotation!r} (accepted: {', '.join(ROTATIONS)})"
            )
        if len(self.names) != n:
            raise PlanError(f"{len(self.names)} names for {n} entrants")
        if self.fmt == "all" and k != n:
            raise PlanError(
                f"--format all seats every entrant at one table, but a table has {k}"
                f" seats and there are {n} entrants (--format round-robin or gauntlet"
                " plays tables of a part of them)"
            )
        if k < 2 and n > 1:
            raise PlanError(f"--table-size {k}: a table needs at least 2 seats")
        if k > n:
            raise PlanError(
                f"--table-size {k} but only {n} entrant{'s' if n != 1 else ''} (-p)"
            )
        if self.fmt == "gauntlet" and n < 2:
            raise PlanError("--format gauntlet needs the hero (the first -p) and a field")

    @property
    def labels(self) -> list[str]:
        return entrant_labels(self.specs, self.names)

    @property
    def classes(self) -> list[int]:
        """Per entrant, the first entrant it is interchangeable with (itself when
        none): same spec, no name of its own, and not the hero of a gauntlet."""
        first: dict[str, int] = {}
        out = []
        for i, (spec, name) in enumerate(zip(self.specs, self.names)):
            if name is not None or (self.fmt == "gauntlet" and i == 0):
                out.append(i)
            else:
                out.append(first.setdefault(spec, i))
        return out

    def tables(self) -> list[tuple[int, ...]]:
        """The tables of a deal, as entrant indices in order."""
        n, k = len(self.specs), self.table_size
        if self.fmt == "all":
            return [tuple(range(n))]
        if self.fmt == "round-robin":
            return list(itertools.combinations(range(n), k))
        return [(0, *rest) for rest in itertools.combinations(range(1, n), k - 1)]

    @functools.cached_property
    def _base(self) -> list[tuple[int, ...]]:
        return self.base_seatings()

    def base_seatings(self) -> list[tuple[int, ...]]:
        """The seatings of deal 0."""
        if self.fmt == "all" and self.rotation == "cyclic":
            base = tuple(range(len(self.specs)))
            return [base[k:] + base[:k] for k in range(len(base))]
        classes = self.classes
        seen: dict[tuple[int, ...], tuple[int, ...]] = {}
        for table in self.tables():
            if self.rotation == "cyclic":
                orders: Iterable[tuple[int, ...]] = (
                    table[k:] + table[:k] for k in range(len(table))
                )
            else:
                orders = itertools.permutations(table)
            for order in orders:
                seen.setdefault(tuple(classes[e] for e in order), order)
        return list(seen.values())

    def seatings(self, deal: int = 0) -> list[tuple[int, ...]]:
        """The seatings deal ``deal`` is played in. In the ``all`` format they are
        the same for every deal; in the others, interchangeable entrants take each
        other's places in turn from deal to deal."""
        base = self._base
        if self.fmt == "all" or deal == 0:
            return list(base)
        groups: dict[int, list[int]] = {}
        for e, c in enumerate(self.classes):
            groups.setdefault(c, []).append(e)
        turn = list(range(len(self.specs)))
        for members in groups.values():
            for i, e in enumerate(members):
                turn[e] = members[(i + deal) % len(members)]
        return [tuple(turn[e] for e in order) for order in base]

    @property
    def games_per_deal(self) -> int:
        return len(self._base)


def seatings(n_entrants: int, specs: Sequence[str], rotation: str = "all") -> list[tuple[int, ...]]:
    """The seatings to play each deal in when every entrant sits at one table.

    ``all``: every distinct permutation (identical specs are interchangeable, so
    one mcts seat among three greedy seats needs only 4 seatings, not 24);
    ``cyclic``: the n rotations of the given order (for large tables)."""
    return Plan(tuple(specs[:n_entrants]), rotation=rotation).seatings()


def schedule(
    game: str,
    options: dict[str, str],
    specs: Sequence[str] | Plan,
    games: int,
    first_seed: int,
    rotation: str = "all",
    move_timeout: float | None = None,
) -> list[Job]:
    """Jobs for at least ``games`` games in whole deals (one seed per deal)."""
    plan = specs if isinstance(specs, Plan) else Plan(tuple(specs), rotation=rotation)
    per_deal = plan.games_per_deal
    deals = max(1, math.ceil(games / per_deal))
    labels = plan.labels
    jobs: list[Job] = []
    for deal in range(deals):
        for order in plan.seatings(deal):
            jobs.append(
                {
                    "game": game,
                    "options": dict(options),
                    "seed": first_seed + deal,
                    "seats": [(labels[e], plan.specs[e]) for e in order],
                    "move_timeout": move_timeout,
                    "save_dir": None,
                    "tag": {"deal": deal, "seating": list(order)},
                    "seat_moves": True,
                }
            )
    return jobs


def plain(value: Any) -> Any:
    """``value`` (JSON-ready data) with every ``-0.0`` made ``0.0``."""
    if isinstance(value, float):
        return 0.0 if value == 0.0 else value
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [plain(v) for v in value]
    return value


def job_key(record: dict[str, Any]) -> tuple[int, int, tuple[int, ...]]:
    """What identifies a game of a tournament (seed, deal, seating)."""
    return (record["seed"], record["deal"], tuple(record["seating"]))


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
    labels: Sequence[str] | None = None,
    anchor: str | None = None,
    fit: dict[str, Any] | None = None,
) -> list[dict[str, Any]]:
    """Win share and mean rank with 95% intervals, the joint rating (Elo against
    ``anchor``, an entrant's label, or the mean) and openskill ratings, per entrant.

    ``trace`` (one list per entrant) receives ``(games, mu, sigma)`` at the start
    and after each game the entrant played, for the report's rating chart; ``fit``
    receives how the joint rating was fitted (model, anchor, deals, a few-deals flag)."""
    from openskill.models import PlackettLuce

    labels = list(labels) if labels is not None else entrant_labels(specs)
    stats = [EntrantStats(label) for label in labels]
    model = PlackettLuce()
    ratings = [model.rating(name=label) for label in labels]
    if trace is not None:
        trace[:] = [[(0, r.mu, r.sigma)] for r in ratings]
    records = sorted(records, key=job_key)
    for k, rec in enumerate(records, 1):
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
    from vikingcli.batch.ratings import joint_ratings
    from vikingcli.batch.stats import head_to_head

    versus = head_to_head(len(labels), list(records))["entrants"]
    joint = joint_ratings(labels, records, anchor)
    if fit is not None:
        fit.update({k: v for k, v in joint.items() if k != "entrants"})
    rows = []
    for st, h, j in zip(stats, versus, joint["entrants"], strict=True):
        row = st.to_json()
        row.update(
            {
                "joint_elo": j["elo"],
                "joint_elo_95": j["elo_95"],
                "joint_elo_error": j["elo_error"],
                "w": h["w"],
                "d": h["d"],
                "l": h["l"],
                "draw_ratio": h["draw_ratio"],
                "score": h["score"],
                "score_95": h["score_95"],
                "elo": h["elo"],
                "elo_95": h["elo_95"],
                "elo_error": h["elo_error"],
                "los": h["los"],
            }
        )
        rows.append(row)
    return rows

