"""A series of games with the same seats, one per seed: what ``vikingcli run`` plays,
as a Python function.

Example::

    from vikingcli.batch import run_games

    series = run_games("toygame", ["greedy", "random"], games=3, seed=1)
    for game in series.results:
        print(game.seed, game.scores, game.winners)
    print(series.wins, series.mean_scores)

Each game is a job of :mod:`vikingcli.batch.jobs`, so a result is the same whether
it is played here, by ``vikingcli run``, or in a worker process.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vikingcli.batch.jobs import Job, run_jobs
from vikingcli.core.errors import BadInput
from vikingcli.core.match import Seat
from vikingcli.core.registry import Registry, load_registry
from vikingcli.core.specs import expand_specs, parse_spec, seat_names, split_name
from vikingcli.engine.players import SEED_MAX

if TYPE_CHECKING:
    from vikingcli.engine import Game


class SeedRange(BadInput):
    """Consecutive seeds that go past the largest seed; the message says how."""


@dataclass(frozen=True)
class GameResult:
    """One finished game: its seed, every seat's score and place, and how it ended.

    ``record`` is the whole result record, as ``vikingcli run --json`` prints it
    (docs/schemas/run-record.schema.json, less the ``version`` key)."""

    seed: int
    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    winners: tuple[int, ...]
    end_reason: str
    moves: int
    forfeit: dict[str, Any] | None
    record: dict[str, Any] = field(repr=False)

    @classmethod
    def from_record(cls, record: dict[str, Any]) -> GameResult:
        """The typed view of a job's result record."""
        return cls(
            seed=record["seed"],
            scores=tuple(record["scores"]),
            ranks=tuple(record["ranks"]),
            winners=tuple(record["winners"]),
            end_reason=record["end_reason"],
            moves=record["moves"],
            forfeit=record["forfeit"],
            record=record,
        )


@dataclass(frozen=True)
class SeriesResult:
    """The games of :func:`run_games`, in seed order, and their sums per seat."""

    game: str
    options: dict[str, str]
    first_seed: int
    seats: tuple[Seat, ...]
    results: tuple[GameResult, ...]

    @property
    def wins(self) -> list[float]:
        """Games won per seat; a first place shared by k seats counts 1/k to each."""
        wins = [0.0] * len(self.seats)
        for game in self.results:
            for w in game.winners:
                wins[w] += 1 / len(game.winners)
        return wins

    @property
    def mean_scores(self) -> list[float]:
        """Each seat's mean score over the games (0 with no games)."""
        n = len(self.results)
        return [
            sum(g.scores[i] for g in self.results) / n if n else 0.0
            for i in range(len(self.seats))
        ]

    @property
    def forfeits(self) -> int:
        """How many games ended by forfeit (a bot crashed, timed out or answered wrongly)."""
        return sum(1 for g in self.results if g.forfeit is not None)


def check_seed_range(first: int, count: int) -> None:
    """Raise :class:`SeedRange` unless ``first`` ... ``first + count - 1`` are all seeds."""
    if first + count - 1 > SEED_MAX:
        raise SeedRange(f"{first} with {count} games goes past the largest seed {SEED_MAX}")


def resolve_game(reg: Registry, game: str | Game) -> Game:
    """The installed game called ``game`` (or ``game`` itself)."""
    if not isinstance(game, str):
        return game
    try:
        return reg.game(game)
    except KeyError as exc:
        raise BadInput(exc.args[0]) from None


def named_players(players: Sequence[str | Seat]) -> list[tuple[str | None, str | Seat]]:
    """``[NAME=]SPEC`` texts as (name or ``None``, spec) per seat, ``N*SPEC`` expanded
    to N seats, as on the command line; a ready :class:`Seat` keeps its name."""
    named: list[tuple[str | None, str | Seat]] = []
    for one in players:
        if isinstance(one, Seat):
            named.append((one.name, one))
            continue
        name, spec = split_name(one)
        many = expand_specs([spec])
        if name is not None and len(many) > 1:
            raise BadInput(f"{one!r}: a name goes with one seat, not {len(many)}")
        named += [(name, text) for text in many]
    return named


def make_seats(reg: Registry, named: Sequence[tuple[str | None, str | Seat]]) -> list[Seat]:
    """The seats of :func:`named_players`' answer. An unnamed AI is called by its
    kind, as on the command line (``greedy 2`` when it sits more than once)."""
    specs = [
        one.spec if isinstance(one, Seat) else parse_spec(one, reg.players) for _, one in named
    ]
    for spec in specs:
        if reg.players[spec.kind].interactive:
            raise BadInput(f"player kind {spec.kind!r} needs a person; a batch has none")
    given = [name for name, _ in named]
    names = seat_names([s.kind for s in specs], [False] * len(specs), given, "")
    return [Seat(name, spec) for name, spec in zip(names, specs, strict=True)]


def run_games(
    game: str | Game,
    players: Sequence[str | Seat],
    *,
    games: int = 1,
    seed: int = 1,
    options: Mapping[str, str] | None = None,
    jobs: int = 1,
    move_timeout: float | None = None,
    save_dir: Path | None = None,
    registry: Registry | None = None,
    on_game: Callable[[GameResult], None] | None = None,
    on_warning: Callable[[str], None] | None = None,
) -> SeriesResult:
    """Play ``games`` AI-vs-AI games of ``game``, seeds ``seed``, ``seed + 1``, ...,
    with the same ``players`` (player specs such as ``"mcts:iterations=300"``,
    ``"NAME=SPEC"`` or ``"3*greedy"`` for three seats) in the same seats, and return their results.

    ``options`` are the game's options (defaults filled in); ``jobs`` worker
    processes play them; ``save_dir`` receives one save per game; ``on_game`` is
    called with each result as it comes in (in seed order), ``on_warning`` with a
    line when a worker process died and its games are played again. ``registry`` is the
    installed plugins when already loaded (every game is played by looking its
    game and players up by name among the installed plugins). Bad input (an unknown
    game, kind or option, a table the game does not seat) raises a ``ValueError``
    whose message names the problem.

    Example::

        series = run_games("toygame", ["greedy", "random"], games=3, seed=7)
        series.wins        # games won per seat, a shared first place split
    """
    reg = registry if registry is not None else load_registry()
    g = resolve_game(reg, game)
    try:
        opts = g.resolve_options(options)
    except ValueError as exc:
        raise BadInput(str(exc)) from None
    seats = make_seats(reg, named_players(players))
    if not g.min_players <= len(seats) <= g.max_players:
        raise BadInput(
            f"{g.name} takes {g.min_players}-{g.max_players} players, got {len(seats)}"
        )
    if games < 1:
        raise BadInput(f"{games} games: play at least 1")
    check_seed_range(seed, games)
    job_list: list[Job] = [
        {
            "game": g.name,
            "options": opts,
            "seed": seed + k,
            "seats": [(s.name, str(s.spec)) for s in seats],
            "move_timeout": move_timeout,
            "save_dir": str(save_dir) if save_dir else None,
            "tag": {},
        }
        for k in range(games)
    ]
    results = []
    for record in run_jobs(job_list, jobs, on_warning=on_warning):
        result = GameResult.from_record(record)
        results.append(result)
        if on_game is not None:
            on_game(result)
    return SeriesResult(g.name, opts, seed, tuple(seats), tuple(results))
