"""The batch commands: AI-vs-AI games played headless (``run``) and seat-rotated
tournaments with standings, ratings and a stopping test (``tournament``)."""

from __future__ import annotations

import shlex
import sys
from contextlib import ExitStack
from datetime import UTC, datetime
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
    UsageProblem,
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
    from vikingcli.batch.jobs import Job
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
    from vikingcli.batch.jobs import run_jobs

    reg = registry()
    g = find_game(reg, game)
    options = game_options(g, option or [])
    seats = make_seats(reg, g, player or [], players_, interactive=False, options=options)
    first = seed if seed is not None else new_seed()
    checks.check_seed_range(first, games_)
    job_list: list[Job] = [
        {
            "game": g.name,
            "options": options,
            "seed": first + k,
            "seats": [(s.name, str(s.spec)) for s in seats],
            "move_timeout": move_timeout,
            "save_dir": str(save_dir) if save_dir else None,
            "tag": {},
        }
        for k in range(games_)
    ]
    wins = [0.0] * len(seats)
    totals = [0.0] * len(seats)
    forfeits = 0
    with progress(games_, f"{g.name}") as advance:
        for result in run_jobs(job_list, jobs):
            advance()
            forfeits += result["forfeit"] is not None
            winners = result["winners"]
            for w in winners:
                wins[w] += 1 / len(winners)
            for i, score in enumerate(result["scores"]):
                totals[i] += score
            if json_out:
                dump({"version": JSON_VERSION, **result})
            else:
                typer.echo(summary_line(result))
    if not json_out and games_ > 1:
        share = "; ".join(
            f"seat {i} {s.name}: {_count(wins[i], 'win')}, mean score {totals[i] / games_:.1f}"
            for i, s in enumerate(seats)
        )
        typer.echo(f"{games_} games, first seed {first}: {share}")
    _forfeit_line(forfeits, strict)


def _forfeit_line(forfeits: int, strict: bool) -> None:
    """One stderr line when games ended by forfeit; with ``--strict``, exit code 4."""
    if not forfeits:
        return
    games = "1 game" if forfeits == 1 else f"{forfeits} games"
    if strict:
        typer.echo(f"vikingcli: error: {games} ended by forfeit (--strict)", err=True)
        raise typer.Exit(FORFEIT_EXIT)
    typer.echo(f"vikingcli: {games} ended by forfeit", err=True)


def _every_param(reg: Registry, spec: PlayerSpec) -> dict[str, Any]:
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
    from vikingcli.batch.fingerprints import fingerprint
    from vikingcli.batch.jobs import run_jobs
    from vikingcli.batch.report import Provenance, print_standings, write_report
    from vikingcli.batch.results_file import resume, settings_of
    from vikingcli.batch.sprt import tournament_sprt
    from vikingcli.batch.tournament import Plan, PlanError, plain, schedule, summarize
    from vikingcli.saves.files import file_lock

    reg = registry()
    g = find_game(reg, game)
    options = game_options(g, option or [])
    seats, names, size = make_entrants(reg, g, player or [], table_size, options=options)
    specs = [str(s.spec) for s in seats]
    fmt = format_ or ("all" if size == len(specs) else "round-robin")
    try:
        if sprt is not None and fmt == "all":
            rotation = "cyclic"  # the hero in every seat once, even among equal specs
        plan = Plan(tuple(specs), tuple(names), size, fmt, rotation)
        if anchor is not None and anchor not in plan.labels:
            raise PlanError(
                f"--anchor {anchor}: no entrant is called that"
                f" (entrants: {', '.join(plan.labels)})"
            )
        test = (
            tournament_sprt(sprt, fmt, plan.games_per_deal, size) if sprt is not None else None
        )
        planned = schedule(g.name, options, plan, games_, seed, move_timeout=move_timeout)
    except ValueError as exc:
        raise UsageProblem(str(exc)) from None
    checks.check_seed_range(seed, planned[-1]["seed"] - seed + 1)
    if save_dir is not None:
        for job in planned:
            job["save_dir"] = str(save_dir)
            order = "-".join(str(e + 1) for e in job["tag"]["seating"])
            job["save_name"] = f"{g.name}-seed{job['seed']}-{order}.json"
    started = datetime.now(UTC).isoformat(timespec="seconds")
    bots = [
        fingerprint(str(s.spec.params.get("cmd", ""))) if reg.players[s.spec.kind].runs_program
        else None
        for s in seats
    ]
    settings = settings_of(g, options, plan, seed, started, bots)
    with ExitStack() as hold:
        if out is not None:
            # One writer per results file: a second tournament on it is refused.
            out.parent.mkdir(parents=True, exist_ok=True)
            hold.enter_context(file_lock(out))
        book, records, todo = resume(out, settings, planned, accept_changed_bots)
        if book is not None and book.started:
            started = book.started
        for note in book.begin() if book else []:
            typer.echo(f"vikingcli: warning: {note}", err=True)
        if test is not None and test.add(records).decided:
            todo = []  # a rerun of a decided test plays nothing more
        try:
            with progress(len(todo), "game", lines=True) as advance:
                for rec in run_jobs(todo, jobs, backend, ordered=False):
                    records.append(rec)
                    if book:
                        book.append(rec)
                    advance(summary_line(rec))
                    if test is not None and test.add([rec]).decided:
                        break
        finally:
            if book:
                book.close()
    fit: dict[str, Any] = {}
    rows = summarize(specs, records, labels=plan.labels, anchor=anchor, fit=fit)
    verdict = test.result() if test is not None else None
    if report is not None:
        made = Provenance(
            command=shlex.join(["vikingcli", *sys.argv[1:]]),
            seed=seed,
            started=started,
            players=[(s.spec.kind, _every_param(reg, s.spec)) for s in seats],
        )
        write_report(report, g, options, plan, records, verdict, made, anchor)
    if json_out:
        head = {
            "version": JSON_VERSION,
            "game": g.name,
            "options": options,
            "format": plan.fmt,
            "table_size": plan.table_size,
            "games": len(records),
            "rating_fit": fit,
            "entrants": rows,
        }
        dump(plain({**head, "sprt": verdict.to_json()} if verdict else head))
    else:
        print_standings(rows, len(records), g.title, verdict, fit)
    _forfeit_line(sum(1 for r in records if r.get("forfeit")), strict)
    if verdict is not None and verdict.exit_code:
        raise typer.Exit(verdict.exit_code)
