"""How ``reproduce.py`` measures a stated figure again: one class per kind of figure
(a pairing's share, a scoring category's points, Jórvík's craftsmen and columns, a
level gap, a mean score, a speed, an instructions ratio, a start-up ratio, seconds a
decision, the server's answers under load), each with ``run`` (the measurement, as a
:class:`Measured`), ``command`` (the benchmark script's command line that measures the
same) and ``mcts`` (whether a search seat makes it costly)."""

from __future__ import annotations

import math
import statistics
from dataclasses import dataclass
from typing import Any

import behaviour
import default_ai  # benchmarks/*.py, next to this script
import demand_rule
import instructions
import levels
import server_latency
import speed
import startup
from ladder import run_row

from vikingcli.batch import run_games
from vikingcli.batch.tournament import wilson
from vikingcli.core.registry import Registry

SPEED_NOISE = 0.3
"""How far a speed figure may lie outside the measured range and still agree: the
documents measured repeated speed runs differing by up to about 30%."""
Z95 = 1.959964


@dataclass(frozen=True)
class Measured:
    """One measurement: the value, its interval, how many games (or rounds, repeats,
    decisions) it rests on, and how a stated figure is judged against it."""

    value: float
    low: float
    high: float
    count: int
    noisy: bool = False
    """A speed, time or start-up figure (agreement: within the range widened by
    SPEED_NOISE), not a statistic of games."""

    def agrees(self, stated: float) -> bool:
        """Does ``stated`` agree with this measurement (see the module docstring)?"""
        if self.noisy:
            return self.low * (1 - SPEED_NOISE) <= stated <= self.high * (1 + SPEED_NOISE)
        return self.low - 1e-9 <= stated <= self.high + 1e-9


def _mean_interval(xs: list[float]) -> tuple[float, float, float]:
    mean = statistics.fmean(xs)
    half = Z95 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else math.inf
    return mean, mean - half, mean + half


def _opts(options: tuple[str, ...]) -> dict[str, str]:
    return dict(o.split("=", 1) for o in options)


def _opt_args(options: tuple[str, ...]) -> str:
    return "".join(f" -o {o}" for o in options)


@dataclass(frozen=True)
class Share:
    """The hero's share against ``other`` seats, every seat rotation (ladder.py):
    ``measure`` "win" (a shared first counts 1/k) or "h2h" (against each other seat)."""

    game: str
    players: int
    hero: str
    other: str
    measure: str = "win"
    options: tuple[str, ...] = ()
    unit = "%"

    def deals(self, games: int) -> int:
        return max(1, round(games / self.players))

    def run(self, reg: Registry, seed: int, games: int) -> Measured:
        row = run_row(reg, self.game, self.players, self.hero, self.other, 0.5,
                      self.deals(games), seed, 1, _opts(self.options), self.measure)  # fmt: skip
        got = row.wins if self.measure == "win" else row.h2h
        lo, hi = wilson(got, row.games)
        return Measured(got / row.games, lo, hi, row.games)

    def command(self, seed: int, games: int) -> str:
        return (f"ladder.py --game {self.game} --players {self.players} --hero {self.hero}"
                f" --other {self.other} --measure {self.measure} --deals {self.deals(games)}"
                f" --seed {seed}{_opt_args(self.options)}")  # fmt: skip

    def mcts(self) -> bool:
        return "mcts" in self.hero + self.other or "openspiel" in self.hero + self.other


@dataclass(frozen=True)
class Points:
    """The hero's points in one final-scoring category of ``pairing``'s games
    (ladder.py --points): ``stat`` "mean", or "zero", the share of games in which it
    scored none there."""

    pairing: Share
    category: str
    stat: str = "mean"

    @property
    def unit(self) -> str:
        return "pts" if self.stat == "mean" else "%"

    def run(self, reg: Registry, seed: int, games: int) -> Measured:
        p = self.pairing
        row = run_row(reg, p.game, p.players, p.hero, p.other, 0.5, p.deals(games), seed, 1,
                      _opts(p.options), points=self.category)  # fmt: skip
        got = row.hero_points
        if self.stat == "mean":
            return Measured(*_mean_interval(got), len(got))
        zero = sum(1 for x in got if x == 0)
        return Measured(zero / len(got), *wilson(zero, len(got)), len(got))

    def command(self, seed: int, games: int) -> str:
        return self.pairing.command(seed, games) + f" --points {self.category}"

    def mcts(self) -> bool:
        return self.pairing.mcts()


_TALLIES: dict[tuple[object, ...], Any] = {}
"""Behaviour rows' tallies by their games (players, specs, deals, seed, options)."""


@dataclass(frozen=True)
class Behaviour:
    """What ``spec`` seats did in Jórvík (behaviour.py, the other seats ``other``,
    greedy unless said; specs, never level names, which would follow the level
    table's later changes and which ``behaviour.run_row`` does not read):
    ``stat`` "unfilled", the share of the craftsmen they bought that were incomplete
    at the end, "zero", the share of seats that bought one and completed none, or
    "tall", the share of demand phases in which a column reached ``behaviour.TALL``
    vikings, "warrior", the share of those whose tallest column bid for a warrior, or
    "thrown", the share of their loading turns (but the last round's) that threw away a
    good taken out of storage (``behaviour.StoreWatch``)."""

    players: int
    spec: str
    stat: str
    options: tuple[str, ...] = ()
    other: str = "greedy"
    unit = "%"

    def deals(self, games: int) -> int:
        # a spec against itself: every seat of one series counts (behaviour.run_row)
        return games if self.spec == self.other else max(1, round(games / self.players))

    def run(self, reg: Registry, seed: int, games: int) -> Measured:
        # a table's rows (zero, unfilled, ...) are counts of the same games: played once
        key = (self.players, self.spec, self.other, self.deals(games), seed, self.options)
        t = _TALLIES.get(key)
        if t is None:
            t = _TALLIES[key] = behaviour.run_row(reg, "jorvik", self.players, self.spec,
                                                  self.other, self.deals(games), seed, 1,
                                                  _opts(self.options))  # fmt: skip
        got, of = {"unfilled": (t.unfilled, t.bought), "zero": (t.zero_after_buying, t.seats),
                   "thrown": (t.thrown, t.turns),
                   "tall": (t.tall_phases, t.phases),
                   "warrior": (t.tall_kinds["warrior"], t.tall_phases)}[self.stat]  # fmt: skip
        lo, hi = wilson(got, of) if of else (0.0, 1.0)
        return Measured(got / of if of else 0.0, lo, hi, of)

    def command(self, seed: int, games: int) -> str:
        other = f" --other {self.other}" if self.other != "greedy" else ""
        return (f"behaviour.py --game jorvik --players {self.players} --spec {self.spec}{other}"
                f" --deals {self.deals(games)} --seed {seed}{_opt_args(self.options)}")  # fmt: skip

    def mcts(self) -> bool:
        return "mcts" in self.spec


@dataclass(frozen=True)
class DemandRule:
    """Jórvík's demand rule (demand_rule.py): the head-to-head share of one ``spec``
    seat keeping the variant ``keeps`` among seats keeping ``others_keep``, every
    seating (variants, not specs: demand_rule.VARIANTS)."""

    spec: str
    keeps: str = "rule"
    others_keep: str = "none"
    players: int = 4
    unit = "%"

    def deals(self, games: int) -> int:
        return max(1, round(games / self.players))

    def run(self, reg: Registry, seed: int, games: int) -> Measured:
        recs = demand_rule.run_row(reg.games["jorvik"], self.spec, self.players, seed,
                                   self.deals(games), (self.keeps, self.others_keep))  # fmt: skip
        got = sum(r["h2h"] for r in recs)
        return Measured(got / len(recs), *wilson(got, len(recs)), len(recs))

    def command(self, seed: int, games: int) -> str:
        return (f"demand_rule.py --players {self.players} --spec {self.spec}"
                f" --hero {self.keeps} --other {self.others_keep}"
                f" --deals {self.deals(games)} --seed {seed}")  # fmt: skip

    def mcts(self) -> bool:
        return "mcts" in self.spec


@dataclass(frozen=True)
class LevelGap:
    """The Elo gap of one level over another, head to head (levels.py)."""

    game: str
    weak: str
    strong: str
    players: int = 2
    """The table: the game's smallest (Walhalla and Graenaland: 3), where levels.py
    plays unless asked for another."""
    hero: str = ""
    """The stronger seat's spec where the level has played differently since the row
    was measured: the search the stated figure is of ("": the level's spec today)."""
    other: str = ""
    """The same for the weaker seat."""
    unit = "Elo"

    def run(self, reg: Registry, seed: int, games: int) -> Measured:
        n = self.players
        strong, weak = self.specs()
        row = run_row(reg, self.game, n, strong, weak,
                      0.5, max(1, round(games / n)), seed, 1, {}, "h2h")  # fmt: skip
        lo, hi = wilson(row.h2h, row.games)
        return Measured(levels.elo(row.h2h / row.games), levels.elo(lo), levels.elo(hi), row.games)

    def specs(self) -> tuple[str, str]:
        """The stronger and the weaker seat's specs."""
        return self.hero or levels.LEVELS[self.strong], self.other or levels.LEVELS[self.weak]

    def command(self, seed: int, games: int) -> str:
        deals = max(1, round(games / self.players))
        if self.hero or self.other:
            strong, weak = self.specs()
            return (f"ladder.py --game {self.game} --players {self.players} --hero {strong}"
                    f" --other {weak} --target 0.5 --measure h2h"
                    f" --deals {deals} --seed {seed}")  # fmt: skip
        return (f"levels.py --game {self.game} --pair {self.weak}:{self.strong}"
                f" --players {self.players} --deals {deals} --seed {seed}")  # fmt: skip

    def mcts(self) -> bool:
        return True


@dataclass(frozen=True)
class MeanScore:
    """Every seat's mean final score, all seats playing ``spec`` (``run``)."""

    game: str
    players: int
    spec: str
    options: tuple[str, ...] = ()
    unit = "pts"

    def run(self, reg: Registry, seed: int, games: int) -> Measured:
        series = run_games(self.game, [self.spec] * self.players, games=games, seed=seed,
                           options=_opts(self.options), registry=reg)  # fmt: skip
        per_game = [statistics.fmean(r.scores) for r in series.results]
        return Measured(*_mean_interval(per_game), len(per_game))

    def command(self, seed: int, games: int) -> str:
        return (f"vikingcli run {self.game} -p {self.players}*{self.spec} --games {games}"
                f" --seed {seed} --json{_opt_args(self.options)}")  # fmt: skip

    def mcts(self) -> bool:
        return "mcts" in self.spec


_SPEED_CACHE: dict[tuple[str, int, float], list[dict[str, Any]]] = {}


@dataclass(frozen=True)
class Speed:
    """One figure of speed.py's table (``random_games_per_s``, ``mcts_it_per_s_opening``,
    ``mcts_it_per_s_midgame``) over ``games`` repeats of its measurement."""

    game: str
    players: int
    figure: str
    unit = "/s"
    budget = 1.5

    def run(self, reg: Registry, seed: int, games: int) -> Measured:
        budget = self.budget if games > 1 else 0.2
        key = (self.game, self.players, budget)
        runs = _SPEED_CACHE.setdefault(key, [])
        while len(runs) < games:  # a game's figures come from one measurement
            runs.append(speed.measure(reg.game(self.game), self.players, budget))
        xs = [r[self.figure] for r in runs[:games]]
        return Measured(statistics.median(xs), min(xs), max(xs), len(xs), noisy=True)

    def command(self, seed: int, games: int) -> str:
        return f"speed.py --game {self.game} --players {self.players} --budget {self.budget}"

    def mcts(self) -> bool:
        return False


_STARTUP_CACHE: dict[tuple[int, bool], dict[str, list[float]]] = {}


@dataclass(frozen=True)
class Startup:
    """A command's start-up over the bare Typer app's ``--help`` (startup.py): the
    median ratio of ``games`` rounds, of wall time or (``cpu``) CPU time."""

    name: str
    cpu: bool = False
    unit = "x"

    def run(self, reg: Registry, seed: int, games: int) -> Measured:
        key = (games, self.cpu)
        if key not in _STARTUP_CACHE:
            _STARTUP_CACHE[key] = startup.round_times(games, self.cpu)
        r = startup.ratios(_STARTUP_CACHE[key], self.name)
        return Measured(statistics.median(r), r[0], r[-1], len(r), noisy=True)

    def command(self, seed: int, games: int) -> str:
        return f"startup.py --rounds {games}" + (" --cpu" if self.cpu else "")

    def mcts(self) -> bool:
        return False


@dataclass(frozen=True)
class DecisionTime:
    """Mean wall seconds per decision of ``spec`` at seat 0 against greedy seats
    (default_ai.py), the first ``games`` decisions with more than one legal move."""

    game: str
    spec: str
    players: int = 4
    unit = "s"

    def run(self, reg: Registry, seed: int, games: int) -> Measured:
        t = default_ai.decision_times(reg.game(self.game), self.spec, games, seed, self.players)
        return Measured(statistics.fmean(t), min(t), max(t), len(t), noisy=True)

    def command(self, seed: int, games: int) -> str:
        return (f"default_ai.py --game {self.game} --spec {self.spec} --moves {games}"
                f" --seed {seed}")  # fmt: skip

    def mcts(self) -> bool:
        return True


@dataclass(frozen=True)
class Latency:
    """The p99 in ms of the people's echoes or answers in one of the server's load
    scenarios (server_latency.py), ``games`` runs: their median, within their range."""

    scenario: str
    unit = "ms"

    def run(self, reg: Registry, seed: int, games: int) -> Measured:
        p99 = server_latency.p99s(self.scenario, games)
        return Measured(statistics.median(p99), min(p99), max(p99), len(p99), noisy=True)

    def command(self, seed: int, games: int) -> str:
        return f"server_latency.py --only {self.scenario} --repeats {games}"

    def mcts(self) -> bool:
        return False


@dataclass(frozen=True)
class Instructions:
    """The instructions ``iterations`` mcts iterations cost in build ``after`` over
    build ``before`` (instructions.py: valgrind's count, from one of speed.py's
    positions). A count, not a time: two runs of one build differ by well under 1%
    (Python's hashing is seeded anew), so it agrees within INSTRUCTIONS_NOISE."""

    game: str
    players: int
    position: str
    before: str
    after: str
    iterations: int = 300
    unit = "x"

    def run(self, reg: Registry, seed: int, games: int) -> Measured:
        r = instructions.ratio((self.before, self.after), self.game, self.players,
                               self.position, self.iterations)  # fmt: skip
        return Measured(r, r - INSTRUCTIONS_NOISE, r + INSTRUCTIONS_NOISE, 1)

    def command(self, seed: int, games: int) -> str:
        return (f"instructions.py --compare {self.before} {self.after} --game {self.game}"
                f" --players {self.players} --position {self.position}"
                f" --iterations {self.iterations}")  # fmt: skip

    def mcts(self) -> bool:
        return False


INSTRUCTIONS_NOISE = 0.02
"""How far a stated instructions ratio may lie from the one measured and agree."""


What = (
    Share | Points | Behaviour | DemandRule | LevelGap | MeanScore | Speed | Startup
    | DecisionTime | Latency | Instructions
)
