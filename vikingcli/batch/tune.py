"""``vikingcli tune``: a game's heuristic weights tuned by self-play with SPSA, and
a validation of the result on deals the tuning never played.

Method: simultaneous perturbation stochastic approximation (Spall 1998), as chess
engines tune their evaluation by self-play (Stockfish's SPSA tuner). Each weight is
tuned relative to the game's own value, ``w = default * (1 + x)`` (a weight the game
sets to 0 as ``w = x``), so one step size fits weights of any size and no weight
changes its sign. Iteration ``k`` draws a random sign per weight (``delta``, ±1),
seats a player with ``x + c_k * delta`` against one with ``x - c_k * delta`` (the
rest of the table with ``x``) on ``deals`` deals in every rotation of the seats,
and moves ``x`` by ``a_k * result / (2 c_k) * delta``, where ``result`` is the mean
of +1 (the plus player placed better), 0 (level) and -1. Gains follow Spall:
``a_k = a / (k + 1 + A) ** 0.602``, ``c_k = c / (k + 1) ** 0.101``. Why SPSA and
not a library: it is two lines of arithmetic per iteration; what costs is the
games, which the project's own job runner plays (in parallel with ``--jobs``).

Everything a run needs to go on is in its file (settings, iteration, ``x``), and
each iteration's signs and deals follow from the seed and the iteration number, so
a run that is stopped and started again with the same file continues where it
stopped and plays the same games as one that never stopped.

The host does not import the AI: players are specs through the registry, the
weights reach them as a file (``KIND:weights=FILE``).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import orjson

from vikingcli.batch.jobs import Job, run_jobs
from vikingcli.batch.tournament import wilson
from vikingcli.engine import Game
from vikingcli.engine.files import read_bounded
from vikingcli.saves.files import write_atomic

FORMAT = "vikingcli-weights"
ALPHA = 0.602
GAMMA = 0.101
LIMIT = (-0.95, 3.0)
"""Bounds of ``x``: a tuned weight keeps its sign and stays within 5%..400% of the
game's own value."""
MAX_RUN_BYTES = 1 << 20
"""The largest run file read (the players read it as weights, with the same bound)."""
MAX_WEIGHT = 1e6
"""The largest game weight a run keeps (the players refuse larger ones)."""
VALIDATION_OFFSET = 1_000_000_000
"""Validation deals start this far above the tuning seed: never a tuning deal."""


class TuneError(ValueError):
    """A tuning run that cannot start or go on (its file, its settings)."""


@dataclass(frozen=True)
class Settings:
    """What a run is played with; a resumed run must have the same."""

    game: str
    players: int
    options: dict[str, str]
    kind: str
    iterations: int
    deals: int
    seed: int
    a: float = 0.05
    c: float = 0.2

    def same_run(self, other: Settings) -> list[str]:
        """The settings in which ``other`` differs (the budget may grow)."""
        mine, theirs = asdict(self), asdict(other)
        return [k for k in mine if k != "iterations" and mine[k] != theirs[k]]


@dataclass
class Run:
    """A run's progress: the file's content."""

    settings: Settings
    names: list[str]
    defaults: list[float]
    x: list[float]
    iteration: int = 0
    history: list[float] = field(default_factory=list)

    def weights(self, x: Sequence[float] | None = None) -> dict[str, float]:
        """The weights at ``x`` (default: the current point)."""
        point = self.x if x is None else x
        return {
            n: round(d * (1 + v) if d else v, 6)
            for n, d, v in zip(self.names, self.defaults, point)
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": 1,
            "game": self.settings.game,
            "weights": self.weights(),
            "tune": {
                "settings": asdict(self.settings),
                "defaults": dict(zip(self.names, self.defaults)),
                "x": self.x,
                "iteration": self.iteration,
                "history": self.history,
            },
        }


def start(path: Path, settings: Settings, game: Game) -> Run:
    """The run in ``path`` when it holds one with these settings (resumed), else a new
    one at the game's own weights; :class:`TuneError` when the file holds something else."""
    if not game.weights:
        raise TuneError(f"{game.name} has no weights to tune")
    names = sorted(game.weights)
    defaults = [float(game.weights[n]) for n in names]
    if not path.exists() and not path.is_symlink():
        return Run(settings, names, defaults, [0.0] * len(names), 0, [])
    try:
        # --out may name anything (a FIFO, /dev/zero): a regular file, bounded.
        data = orjson.loads(read_bounded(path, MAX_RUN_BYTES))
        tune = data["tune"]
        old = Settings(**tune["settings"])
        x = [_number(v, LIMIT[0], LIMIT[1]) for v in tune["x"]]
        iteration = int(tune["iteration"])
        saved_defaults = {str(k): _number(v) for k, v in tune["defaults"].items()}
        history = [_number(v, -1.0, 1.0) for v in tune.get("history", [])]
        if not 0 <= iteration <= int(old.iterations):
            raise ValueError(f"iteration {iteration} is not within its run's budget")
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise TuneError(f"{path}: not a tuning run of vikingcli tune ({exc})") from None
    differ = settings.same_run(old)
    if differ:
        raise TuneError(
            f"{path} is a run with other settings ({', '.join(differ)}); "
            "use another file or the same settings"
        )
    if sorted(saved_defaults) != names or len(x) != len(names):
        raise TuneError(f"{path} tunes other weights than {game.name} has now")
    return Run(settings, names, [saved_defaults[n] for n in names], x, iteration, history)


def _number(value: Any, low: float = -MAX_WEIGHT, high: float = MAX_WEIGHT) -> float:
    """A number of a run's file, finite and within ``low..high`` (``ValueError``)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ValueError(f"{value!r} is not a number")
    number = float(value) if -MAX_WEIGHT <= value <= MAX_WEIGHT else math.inf
    if not low <= number <= high:  # nan and inf fail too
        raise ValueError(f"{value!r} is not within {low:g}..{high:g}")
    return number


def save(path: Path, run: Run) -> None:
    """Write the run (atomically: a killed run leaves the last complete iteration)."""
    data = orjson.dumps(run.to_json(), option=orjson.OPT_INDENT_2) + b"\n"
    write_atomic(path, data, mode=0o644)


def write_weights(path: Path, game: str, weights: Mapping[str, float]) -> None:
    """A weights file the players read (``KIND:weights=FILE``)."""
    data = {"format": FORMAT, "version": 1, "game": game, "weights": dict(weights)}
    write_atomic(path, orjson.dumps(data, option=orjson.OPT_INDENT_2) + b"\n", mode=0o644)


def signs(seed: int, iteration: int, k: int) -> list[int]:
    """The perturbation of one iteration: a function of the seed and the iteration."""
    rng = random.Random(seed * 1_000_003 + iteration)
    return [1 if rng.random() < 0.5 else -1 for _ in range(k)]


def rotations(table: Sequence[str]) -> list[list[str]]:
    """Every cyclic rotation of ``table`` (each spec sits in each seat once)."""
    return [list(table[i:]) + list(table[:i]) for i in range(len(table))]


def _jobs(settings: Settings, tables: list[list[str]], seeds: Sequence[int]) -> list[Job]:
    return [
        {
            "game": settings.game,
            "options": dict(settings.options),
            "seed": seed,
            "seats": [(f"seat{i}", spec) for i, spec in enumerate(table)],
            "move_timeout": None,
            "save_dir": None,
            "tag": {"table": table},
        }
        for seed in seeds
        for table in tables
    ]


def better(ranks: Sequence[int], i: int, j: int) -> float:
    """1 when seat ``i`` placed better than seat ``j``, 0.5 level, 0 worse."""
    return 1.0 if ranks[i] < ranks[j] else 0.5 if ranks[i] == ranks[j] else 0.0


def iterate(run: Run, work: Path, jobs: int, report: Callable[[str], None]) -> Iterator[int]:
    """Play the run's remaining iterations, saving after each; yield each one's number."""
    s = run.settings
    k_total = s.iterations
    big_a = max(1.0, k_total / 10)
    files = {side: work / f"{side}.json" for side in ("plus", "minus", "mid")}
    specs = {side: f"{s.kind}:weights={p}" for side, p in files.items()}
    while run.iteration < k_total:
        k = run.iteration
        ak = s.a / (k + 1 + big_a) ** ALPHA
        ck = s.c / (k + 1) ** GAMMA
        delta = signs(s.seed, k, len(run.x))
        plus = [min(LIMIT[1], max(LIMIT[0], v + ck * d)) for v, d in zip(run.x, delta)]
        minus = [min(LIMIT[1], max(LIMIT[0], v - ck * d)) for v, d in zip(run.x, delta)]
        write_weights(files["plus"], s.game, run.weights(plus))
        write_weights(files["minus"], s.game, run.weights(minus))
        write_weights(files["mid"], s.game, run.weights())
        table = [specs["plus"], specs["minus"]] + [specs["mid"]] * (s.players - 2)
        seeds = [s.seed + k * s.deals + j for j in range(s.deals)]
        total = 0.0
        games = 0
        for rec in run_jobs(_jobs(s, rotations(table), seeds), workers=jobs):
            seated = rec["table"]
            i, j = seated.index(specs["plus"]), seated.index(specs["minus"])
            total += 2 * better(rec["ranks"], i, j) - 1
            games += 1
        result = total / games
        for n in range(len(run.x)):
            step = ak * result / (2 * ck) * delta[n]
            run.x[n] = min(LIMIT[1], max(LIMIT[0], run.x[n] + step))
        run.iteration = k + 1
        run.history.append(round(result, 4))
        shown = ", ".join(f"{n}={v:g}" for n, v in run.weights().items())
        report(
            f"iteration {k + 1}/{k_total}: plus vs minus {result:+.2f} in {games} games; {shown}"
        )
        yield k + 1


@dataclass(frozen=True)
class Validation:
    """The tuned player against the untuned one on fresh deals."""

    games: int
    h2h: float
    """Summed head-to-head results of the tuned seat against each untuned seat
    (1 better, 0.5 level, 0 worse), averaged over those seats per game."""
    wins: float
    """Summed win share of the tuned seat (a shared first place counts 1/k)."""
    first_seed: int

    def line(self, players: int) -> str:
        lo, hi = wilson(self.h2h, self.games)
        share = self.h2h / self.games if self.games else math.nan
        win = self.wins / self.games if self.games else math.nan
        verdict = (
            "better" if lo > 0.5 else "worse" if hi < 0.5 else "not told apart from the untuned"
        )
        return (
            f"tuned vs untuned on {self.games} fresh games (seeds {self.first_seed}.."
            f"{self.first_seed + self.games // players - 1}): head to head {share:.1%}"
            f" [95% Wilson {lo:.1%}, {hi:.1%}], win share {win:.1%} (fair {1 / players:.1%});"
            f" {verdict}"
        )


def validate_run(
    run: Run, path: Path, deals: int, jobs: int, kind: str | None = None
) -> Validation:
    """One seat with the run's weights (file ``path``) against untuned seats of the same
    kind (``kind``: another, e.g. ``mcts``) on ``deals`` deals the tuning never played,
    in every rotation of the seats."""
    s = run.settings
    spec = kind or s.kind
    table = [f"{spec}:weights={path}"] + [spec] * (s.players - 1)
    first = s.seed + VALIDATION_OFFSET
    seeds = [first + j for j in range(deals)]
    h2h = wins = 0.0
    games = 0
    for rec in run_jobs(_jobs(s, rotations(table), seeds), workers=jobs):
        seated = rec["table"]
        me = next(i for i, x in enumerate(seated) if "weights=" in x)
        ranks = rec["ranks"]
        others = [i for i in range(len(ranks)) if i != me]
        h2h += sum(better(ranks, me, o) for o in others) / len(others)
        firsts = ranks.count(1)
        wins += 1 / firsts if ranks[me] == 1 else 0.0
        games += 1
    return Validation(games, h2h, wins, first)
