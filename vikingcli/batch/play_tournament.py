"""Playing a seat-rotated tournament to its standings: what ``vikingcli tournament``
does, as a Python function.

Example::

    from vikingcli.batch import tournament

    result = tournament("toygame", ["greedy", "random"], games=8, seed=1)
    for row in result.standings:
        print(row.entrant, row.win_share, row.joint_elo)

The pieces are those of the command: :mod:`vikingcli.batch.tournament` lays out the
games and sums them up, :mod:`vikingcli.batch.results_file` resumes a results file,
:mod:`vikingcli.batch.sprt` stops when the first entrant's strength is decided.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from contextlib import ExitStack
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vikingcli.batch.fingerprints import Fingerprint, fingerprint
from vikingcli.batch.jobs import Job, run_jobs
from vikingcli.batch.results_file import Settings, resume, settings_of
from vikingcli.batch.series import (
    GameResult,
    check_seed_range,
    make_seats,
    named_players,
    resolve_game,
)
from vikingcli.batch.sprt import Sequential, SprtResult, tournament_sprt
from vikingcli.batch.tournament import Plan, PlanError, schedule, summarize
from vikingcli.core.errors import BadInput
from vikingcli.core.match import Seat
from vikingcli.core.registry import Registry, load_registry
from vikingcli.saves.files import file_lock

if TYPE_CHECKING:
    from vikingcli.engine import Game


@dataclass(frozen=True)
class Standing:
    """One entrant's line of the standings. ``row`` is the whole line as
    ``tournament --json`` prints it (docs/schemas/tournament-standings.schema.json)."""

    entrant: str
    games: int
    wins: float
    win_share: float
    mean_rank: float
    mean_score: float
    joint_elo: float
    forfeits: int
    row: dict[str, Any] = field(repr=False)

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> Standing:
        """The typed view of a row of :func:`vikingcli.batch.tournament.summarize`."""
        return cls(
            entrant=row["entrant"],
            games=row["games"],
            wins=row["wins"],
            win_share=row["win_share"],
            mean_rank=row["mean_rank"],
            mean_score=row["mean_score"],
            joint_elo=row["joint_elo"],
            forfeits=row["forfeits"],
            row=row,
        )


@dataclass(frozen=True)
class TournamentResult:
    """A tournament's games (those of a resumed results file too) and its standings."""

    game: Game
    options: dict[str, str]
    plan: Plan
    seed: int
    started: str
    """When the tournament was begun (ISO 8601, UTC): a resumed file's own start."""
    records: list[dict[str, Any]]
    """Every game's result record, with its ``deal`` and ``seating``."""
    standings: list[Standing]
    rating_fit: dict[str, Any]
    """How the joint rating was fitted (model, anchor, deals, a few-deals flag)."""
    sprt: SprtResult | None

    @property
    def forfeits(self) -> int:
        """How many games ended by forfeit."""
        return sum(1 for r in self.records if r.get("forfeit"))


def tournament(
    game: str | Game,
    entrants: Sequence[str],
    *,
    games: int = 12,
    seed: int = 1,
    options: Mapping[str, str] | None = None,
    table_size: int | None = None,
    fmt: str | None = None,
    rotation: str = "all",
    jobs: int = 1,
    backend: str = "local",
    out: Path | None = None,
    move_timeout: float | None = None,
    sprt: str | None = None,
    save_dir: Path | None = None,
    anchor: str | None = None,
    accept_changed_bots: bool = False,
    registry: Registry | None = None,
    on_warning: Callable[[str], None] | None = None,
    on_start: Callable[[int], None] | None = None,
    on_game: Callable[[GameResult], None] | None = None,
) -> TournamentResult:
    """Play a seat-rotated tournament of ``entrants`` (``[NAME=]SPEC`` texts, one
    entrant each; ``N*SPEC`` is N entrants) and return its standings.

    At least ``games`` games are played, in whole deals (seeds ``seed``, ``seed + 1``
    ...). A table has ``table_size`` seats (default: every entrant, if the game seats
    that many, else the game's default); ``fmt`` is ``all``, ``round-robin`` or
    ``gauntlet`` (default ``all`` when every entrant is seated); ``rotation`` ``all``
    or ``cyclic``. ``out`` is a JSONL results file that a rerun resumes; ``sprt``
    stops once the first entrant is shown better or not (see ``tournament --help``);
    ``anchor`` is the entrant whose rating is 0. ``on_warning`` hears what a resumed
    file notes and that a worker died (its games played again), ``on_start`` how
    many games are left to play, ``on_game`` each game as it ends (in the order they
    end); ``registry`` is the installed plugins when already loaded. Bad input
    raises a ``ValueError`` naming it.

    Example::

        result = tournament("toygame", ["hero=greedy", "random"], games=4)
        result.standings[0].win_share     # the hero's share of the wins
    """
    reg = registry if registry is not None else load_registry()
    g = resolve_game(reg, game)
    try:
        opts = g.resolve_options(options)
    except ValueError as exc:
        raise BadInput(str(exc)) from None
    named = named_players(entrants)
    seats = make_seats(reg, named)
    names = [name for name, _ in named]
    specs = [str(s.spec) for s in seats]
    size = table_size or _default_table(g, len(specs))
    fmt = fmt or ("all" if size == len(specs) else "round-robin")
    if sprt is not None and fmt == "all":
        rotation = "cyclic"  # the hero in every seat once, even among equal specs
    try:
        plan = Plan(tuple(specs), tuple(names), size, fmt, rotation)
        if anchor is not None and anchor not in plan.labels:
            raise PlanError(
                f"--anchor {anchor}: no entrant is called that"
                f" (entrants: {', '.join(plan.labels)})"
            )
        test = (
            tournament_sprt(sprt, fmt, plan.games_per_deal, size) if sprt is not None else None
        )
        planned = schedule(g.name, opts, plan, games, seed, move_timeout=move_timeout)
    except ValueError as exc:
        raise BadInput(str(exc)) from None
    check_seed_range(seed, planned[-1]["seed"] - seed + 1)
    if save_dir is not None:
        _name_saves(g, planned, save_dir)
    started = datetime.now(UTC).isoformat(timespec="seconds")
    settings = settings_of(g, opts, plan, seed, started, _bot_fingerprints(reg, seats))
    resumed_start, records = _play(
        out, settings, planned, test,
        accept_changed_bots=accept_changed_bots, jobs=jobs, backend=backend,
        on_warning=on_warning, on_start=on_start, on_game=on_game,
    )  # fmt: skip
    fit: dict[str, Any] = {}
    rows = summarize(specs, records, labels=plan.labels, anchor=anchor, fit=fit)
    verdict = test.result() if test is not None else None
    standings = [Standing.from_row(row) for row in rows]
    return TournamentResult(
        g, opts, plan, seed, resumed_start or started, records, standings, fit, verdict
    )


def _name_saves(game: Game, planned: list[Job], save_dir: Path) -> None:
    """Each game's save file in ``save_dir``, named by game, seed and seating."""
    for job in planned:
        job["save_dir"] = str(save_dir)
        order = "-".join(str(e + 1) for e in job["tag"]["seating"])
        job["save_name"] = f"{game.name}-seed{job['seed']}-{order}.json"


def _bot_fingerprints(reg: Registry, seats: Sequence[Seat]) -> list[Fingerprint | None]:
    """Per entrant, the fingerprint of the program it runs (None: no program), so a
    resumed results file notices a changed bot."""
    return [
        fingerprint(str(s.spec.params.get("cmd", ""))) if reg.players[s.spec.kind].runs_program
        else None
        for s in seats
    ]  # fmt: skip


def _play(
    out: Path | None,
    settings: Settings,
    planned: list[Job],
    test: Sequential | None,
    *,
    accept_changed_bots: bool,
    jobs: int,
    backend: str,
    on_warning: Callable[[str], None] | None,
    on_start: Callable[[int], None] | None,
    on_game: Callable[[GameResult], None] | None,
) -> tuple[str | None, list[dict[str, Any]]]:
    """Plays the games a results file ``out`` (when given, locked while it is written)
    does not hold yet, until the SPRT ``test`` (if any) is decided; returns the file's
    own start time when it was resumed, and every game's record."""
    started = None
    with ExitStack() as hold:
        if out is not None:
            # One writer per results file: a second tournament on it is refused.
            out.parent.mkdir(parents=True, exist_ok=True)
            hold.enter_context(file_lock(out))
        book, records, todo = resume(out, settings, planned, accept_changed_bots)
        if book is not None and book.started:
            started = book.started
        for note in book.begin() if book else []:
            if on_warning is not None:
                on_warning(note)
        if test is not None and test.add(records).decided:
            todo = []  # a rerun of a decided test plays nothing more
        if on_start is not None:
            on_start(len(todo))
        try:
            for rec in run_jobs(todo, jobs, backend, ordered=False, on_warning=on_warning):
                records.append(rec)
                if book:
                    book.append(rec)
                if on_game is not None:
                    on_game(GameResult.from_record(rec))
                if test is not None and test.add([rec]).decided:
                    break
        finally:
            if book:
                book.close()
    return started, records


def _default_table(game: Game, entrants: int) -> int:
    """Every entrant at one table when the game seats that many, else the game's default."""
    if game.min_players <= entrants <= game.max_players:
        return entrants
    if entrants < game.min_players:
        raise BadInput(
            f"{game.name} takes {game.min_players}-{game.max_players} players,"
            f" got {entrants} entrant{'s' if entrants != 1 else ''}"
        )
    return game.default_players
