"""The batch commands: AI-vs-AI games played headless (``run``) and seat-rotated
tournaments with standings, ratings and a stopping test (``tournament``)."""


import shlex
import sys
from contextlib import ExitStack
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from vikingcli.cli import checks
from vikingcli.cli.arguments import (
    GameName,
    MoveTimeoutOpt,
    OptionPairs,
    SeatsAtTable,
    Specs,
    TableSize,
    find_game,
    game_options,
    make_entrants,
    make_seats,
    new_seed,
    registry,
)
from vikingcli.cli.printing import dump, summary_line
from vikingcli.cli.progress import progress

if TYPE_CHECKING:  # the modules a command needs are imported when it runs
    from collections.abc import Callable

    from vikingcli.core.registry import Registry
    from vikingcli.core.specs import PlayerSpec

STRICT_HELP = (
    "Exit with code 4 when any game ended by forfeit (a bot crashed, timed out or"
    " answered wrongly), after the results are shown."
)
JSON_VERSION = 1
"""The version of ``run --json``'s records and ``tournament --json``'s standings
(docs/schemas/run-record.schema.json, tournament-standings.schema.json)."""
FORFEIT_EXIT = 4
"""The exit code of --strict when a game ended by forfeit."""

SPRT_HELP = (
    "Stop when decided: is the first entrant better than the others? elo0=0,elo1=10"
    "[,alpha=0.05,beta=0.05], nelo0=0,nelo1=5 (normalized Elo, as fishtest) or"
    " share0=..,share1=..; --games is the cap. Exit code 0: H1 accepted, 1: H0"
    " accepted, 3: undecided."
)


def _count(n: float, noun: str) -> str:
    """``1 win``, ``2 wins``, ``1.5 wins`` (a shared first place counts as a fraction)."""
    return f"{n:g} {noun}" + ("" if n == 1 else "s")


def run(
    game: GameName,
    player: Specs = None,
    games_: Annotated[int, typer.Option("--games", "-n", min=1, help="Number of games.")] = 1,
    seed: Annotated[
        int | None, checks.seed_option("Seed of the first game (then N+1, ...).")
    ] = None,
    option: OptionPairs = None,
    players_: TableSize = None,
    json_out: Annotated[
        bool, typer.Option("--json", help="One JSON object per game on stdout.")
    ] = False,
    save_dir: Annotated[
        Path | None, checks.save_dir_option("Write one save per game here.")
    ] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="Worker processes.")] = 1,
    move_timeout: MoveTimeoutOpt = None,
    strict: Annotated[bool, typer.Option("--strict", help=STRICT_HELP)] = False,
) -> None:
    """Play AI-vs-AI games headless; with --json one JSON object per game."""
    from vikingcli.batch import GameResult, run_games

    reg = registry()
    g = find_game(reg, game)
    options = game_options(g, option or [])
    seats = make_seats(reg, g, player or [], players_, interactive=False, options=options)
    first = seed if seed is not None else new_seed()
    checks.check_seed_range(first, games_)
    with progress(games_, f"{g.name}") as advance:

        def show(result: GameResult) -> None:
            advance()
            if json_out:
                dump({"version": JSON_VERSION, **result.record})
            else:
                typer.echo(summary_line(result.record))

        series = run_games(
            g, seats, games=games_, seed=first, options=options, jobs=jobs,
            move_timeout=move_timeout, save_dir=save_dir, registry=reg, on_game=show,
            on_warning=_warn,
        )  # fmt: skip
    if not json_out and games_ > 1:
        wins, means = series.wins, series.mean_scores
        share = "; ".join(
            f"seat {i} {s.name}: {_count(wins[i], 'win')}, mean score {means[i]:.1f}"
            for i, s in enumerate(seats)
        )
        typer.echo(f"{games_} games, first seed {first}: {share}")
    _forfeit_line(series.forfeits, strict)


def _warn(note: str) -> None:
    typer.echo(f"vikingcli: warning: {note}", err=True)


def _forfeit_line(forfeits: int, strict: bool) -> None:
    """One stderr line when games ended by forfeit; with ``--strict``, exit code 4."""
    if not forfeits:
        return
    games = "1 game" if forfeits == 1 else f"{forfeits} games"
    if strict:
        typer.echo(f"vikingcli: error: {games} ended by forfeit (--strict)", err=True)
        raise typer.Exit(FORFEIT_EXIT)
    typer.echo(f"vikingcli: {games} ended by forfeit", err=True)


def _every_param(reg: "Registry", spec: "PlayerSpec") -> dict[str, Any]:
    """Every parameter of a player spec, defaults filled in; a seed left open is
    the one the match gives each seat (from the deal's seed and the seat)."""
    from vikingcli.core.specs import full_params

    params: dict[str, Any] = full_params(reg.players[spec.kind], spec)
    if "seed" in params and "seed" not in spec.params:
        params["seed"] = "from the deal and the seat"
    return params


def tournament(
    game: GameName,
    player: Specs = None,
    games_: Annotated[
        int, typer.Option("--games", "-n", min=1, help="Games (rounded up to whole deals).")
    ] = 12,
    seed: Annotated[int, checks.seed_option("Seed of the first deal (then N+1, ...).")] = 1,
    option: OptionPairs = None,
    table_size: SeatsAtTable = None,
    format_: Annotated[
        str | None,
        typer.Option(
            "--format",
            help="Tables of a deal: all (every entrant at one table), round-robin (every"
            " K-subset of entrants) or gauntlet (the first entrant against every"
            " (K-1)-subset of the others). Default: all if every entrant is seated, else"
            " round-robin.",
        ),
    ] = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="Worker processes.")] = 1,
    backend: Annotated[str, typer.Option(help="Executor: local or ray.")] = "local",
    rotation: Annotated[str, typer.Option(help="Seatings per table: all or cyclic.")] = "all",
    out: Annotated[
        Path | None, typer.Option(help="JSONL results; a rerun with the same file resumes.")
    ] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print the standings as JSON.")] = False,
    move_timeout: MoveTimeoutOpt = None,
    sprt: Annotated[str | None, typer.Option(help=SPRT_HELP)] = None,
    report: Annotated[Path | None, typer.Option(help="Write a self-contained HTML report.")] = None,
    save_dir: Annotated[
        Path | None,
        checks.save_dir_option(
            "Write every game here as a save that replay and analyze read"
            " (GAME-seedN-E1-E2....json: the deal's seed, the entrants by seat)."
        ),
    ] = None,
    anchor: Annotated[
        str | None,
        typer.Option(
            help="The entrant (its name or N:SPEC label) whose rating is fixed at 0;"
            " default: the mean of all entrants is 0."
        ),
    ] = None,
    strict: Annotated[bool, typer.Option("--strict", help=STRICT_HELP)] = False,
    accept_changed_bots: Annotated[
        bool,
        typer.Option(
            "--accept-changed-bots",
            help="Resume --out although an exec bot's program changed since the file was"
            " begun (refused otherwise).",
        ),
    ] = False,
) -> None:
    """Seat-rotated matches (same deal in every seating) with win shares and ratings."""
    from vikingcli.batch import GameResult, SeedRange
    from vikingcli.batch import tournament as play
    from vikingcli.batch.report import Provenance, print_standings, write_report
    from vikingcli.batch.tournament import plain

    reg = registry()
    g = find_game(reg, game)
    options = game_options(g, option or [])
    seats, names, size = make_entrants(reg, g, player or [], table_size, options=options)
    entrants = [str(s.spec) if n is None else f"{n}={s.spec}" for s, n in zip(seats, names)]
    with ExitStack() as shown:
        # The bar (or the status lines) begins once the games left to play are known.
        advance: Callable[..., None] | None = None

        def start(todo: int) -> None:
            nonlocal advance
            advance = shown.enter_context(progress(todo, "game", lines=True))

        def show(result: GameResult) -> None:
            assert advance is not None, "on_start comes before any game"
            advance(summary_line(result.record))

        try:
            done = play(
                g, entrants, games=games_, seed=seed, options=options, table_size=size,
                fmt=format_, rotation=rotation, jobs=jobs, backend=backend, out=out,
                move_timeout=move_timeout, sprt=sprt, save_dir=save_dir, anchor=anchor,
                accept_changed_bots=accept_changed_bots, registry=reg,
                on_warning=_warn, on_start=start, on_game=show,
            )  # fmt: skip
        except SeedRange as exc:
            raise typer.BadParameter(str(exc), param_hint="'--seed'") from None
    rows = [s.row for s in done.standings]
    if report is not None:
        made = Provenance(
            command=shlex.join(["vikingcli", *sys.argv[1:]]),
            seed=seed,
            started=done.started,
            players=[(s.spec.kind, _every_param(reg, s.spec)) for s in seats],
        )
        write_report(report, g, options, done.plan, done.records, done.sprt, made, anchor)
    if json_out:
        head = {
            "version": JSON_VERSION,
            "game": g.name,
            "options": options,
            "format": done.plan.fmt,
            "table_size": done.plan.table_size,
            "games": len(done.records),
            "rating_fit": done.rating_fit,
            "entrants": rows,
        }
        dump(plain({**head, "sprt": done.sprt.to_json()} if done.sprt else head))
    else:
        print_standings(rows, len(done.records), g.title, done.sprt, done.rating_fit)
    _forfeit_line(done.forfeits, strict)
    if done.sprt is not None and done.sprt.exit_code:
        raise typer.Exit(done.sprt.exit_code)
