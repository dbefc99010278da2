"""The ``vikingcli`` command line (Typer): the contract users and scripts rely on.

Exit codes: 0 success, 1 a game or tournament error, 2 bad usage or bad input.
Errors are one readable line on stderr, never a traceback (unless ``--debug``).
"""

from __future__ import annotations

import os
import sys
import textwrap
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, nullcontext, redirect_stdout
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, NoReturn

import typer

import vikingcli
from vikingcli import checks
from vikingcli.engine import Game
from vikingcli.progress import progress as _progress
from vikingcli.text import shown

if TYPE_CHECKING:  # the modules a command needs are imported when it runs
    from vikingcli.match import Match, Seat
    from vikingcli.registry import Registry

SPRT_HELP = (
    "Stop when decided: is the first entrant better than the second? elo0=0,elo1=10"
    "[,alpha=0.05,beta=0.05] or share0=..,share1=..; --games is the cap."
)

RUN_DEFAULT_AI = ("greedy", "random")
"""Preferred kinds that fill every seat of ``run``/``tournament`` with no ``-p``."""
PLAY_DEFAULT_AI = ("mcts:seconds=1", "greedy", "random")
"""Preferred opponents of the person in ``play`` with no ``-p``."""

app = typer.Typer(
    name="vikingcli",
    help="Play and study Viking board games in the terminal: Wikinger, Walhalla, "
    "Graenaland and Jórvík, against people and AI players.",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)

_DEBUG = False


class UsageProblem(Exception):
    """Bad usage or bad input: exit code 2."""


class GameProblem(Exception):
    """A game or tournament failed: exit code 1."""


def _input_errors() -> tuple[type[Exception], ...]:
    """Every error of bad usage or bad input. The classes of modules a command
    imports when it runs are imported here only once an error is being handled, so
    ``--help`` never loads those modules."""
    from vikingcli.players import SpecError
    from vikingcli.saves import SaveError

    return UsageProblem, checks.BadInput, SpecError, SaveError


def _fail(message: str, code: int) -> NoReturn:
    typer.echo(f"vikingcli: error: {message}", err=True)
    raise typer.Exit(code)


@contextmanager
def _errors() -> Iterator[None]:
    """Turn known problems into one line and an exit code."""
    try:
        yield
    except (typer.Exit, typer.Abort):
        raise
    except _input_errors() as exc:
        if _DEBUG:
            raise
        _fail(str(exc), 2)
    except BrokenPipeError:
        # The reader went away (| head): stop quietly like any Unix filter.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        raise typer.Exit(0) from None
    except (GameProblem, OSError) as exc:
        if _DEBUG:
            raise
        _fail(str(exc), 1)
    except KeyboardInterrupt:
        _fail("interrupted", 130)


def _registry() -> Registry:
    from vikingcli.registry import load_registry

    reg = load_registry()
    for warning in reg.warnings:
        typer.echo(f"vikingcli: warning: {warning}", err=True)
    return reg


def _game(reg: Registry, name: str) -> Game:
    try:
        return reg.game(name)
    except KeyError as exc:
        raise UsageProblem(exc.args[0]) from None


def _options(game: Game, pairs: Sequence[str]) -> dict[str, str]:
    given: dict[str, str] = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq or not key.strip():
            raise UsageProblem(f"option {pair!r} is not KEY=VALUE")
        given[key.strip()] = value.strip()
    try:
        return game.resolve_options(given)
    except ValueError as exc:
        raise UsageProblem(str(exc)) from None


def _default_spec(reg: Registry, preferences: Sequence[str]) -> str:
    for text in preferences:
        if text.partition(":")[0] in reg.players:
            return text
    raise UsageProblem("no AI player kind is installed")


def _seats(
    reg: Registry,
    game: Game,
    specs: Sequence[str],
    players: int | None,
    *,
    interactive: bool,
    options: dict[str, str] | None = None,
) -> list[Seat]:
    from vikingcli.match import Seat
    from vikingcli.players import (
        PlayerSpec,
        expand_specs,
        login_name,
        parse_spec,
        seat_names,
        split_name,
    )

    named: list[tuple[str | None, str]] = []
    for text in specs:
        name, spec = split_name(text)
        many = expand_specs([spec])
        if name is not None and len(many) > 1:
            raise UsageProblem(f"{text!r}: a name goes with one seat, not {len(many)}")
        named += [(name, one) for one in many]
    texts = [spec for _, spec in named]
    if not texts:
        n = players or game.default_players
        if interactive:
            texts = ["human"] + [_default_spec(reg, PLAY_DEFAULT_AI)] * (n - 1)
        else:
            texts = [_default_spec(reg, RUN_DEFAULT_AI)] * n
    elif players is not None and players != len(texts):
        raise UsageProblem(f"--players {players} but {len(texts)} player specs given")
    parsed: list[PlayerSpec] = [parse_spec(t, reg.players) for t in texts]
    if not game.min_players <= len(texts) <= game.max_players:
        raise UsageProblem(
            f"{game.name} takes {game.min_players}-{game.max_players} players, got {len(texts)}"
        )
    if options is not None:
        try:
            # Some option values depend on the table size (a start seat, a
            # board); the game's own setup is the one judge of that.
            game.new_state(len(texts), options, 0)
        except ValueError as exc:
            raise UsageProblem(f"{game.name}: {exc}") from None
    if not interactive:
        for one in parsed:
            if reg.players[one.kind].interactive:
                raise UsageProblem(
                    f"player kind {one.kind!r} needs a person; use 'vikingcli play' for it"
                )
    given = [name for name, _ in named] or [None] * len(parsed)
    people = [reg.players[s.kind].interactive for s in parsed]
    names = seat_names([s.kind for s in parsed], people, given, login_name())
    return [Seat(name, s) for name, s in zip(names, parsed, strict=True)]


def _version(value: bool) -> None:
    if value:
        typer.echo(f"vikingcli {vikingcli.__version__}")
        raise typer.Exit


@app.callback()
def _main(
    debug: Annotated[bool, typer.Option("--debug", help="Show tracebacks on errors.")] = False,
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Print the version.")
    ] = False,
) -> None:
    global _DEBUG
    _DEBUG = debug


# -- listing ---------------------------------------------------------------------


def _game_json(game: Game) -> dict[str, Any]:
    return {
        "name": game.name,
        "title": game.title,
        "version": game.version,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "default_players": game.default_players,
        "options": [
            {"name": o.name, "default": o.default, "choices": list(o.choices), "help": o.help}
            for o in game.options
        ],
    }


def _dump(obj: Any) -> None:
    import orjson

    sys.stdout.write(orjson.dumps(obj).decode() + "\n")


def _wrap(text: str, indent: int) -> str:
    pad = " " * indent
    return textwrap.fill(text, 80, initial_indent=pad, subsequent_indent=pad)


def _complete_game(incomplete: str) -> list[str]:
    from vikingcli.registry import load_registry

    return [name for name in sorted(load_registry().games) if name.startswith(incomplete)]


def _complete_player(incomplete: str) -> list[str]:
    from vikingcli.registry import load_registry

    return [name for name in sorted(load_registry().players) if name.startswith(incomplete)]


def _complete_option(ctx: typer.Context, incomplete: str) -> list[str]:
    from vikingcli.registry import load_registry

    games = load_registry().games
    # While completing, the positional game is not always parsed yet: find it in the words.
    words = os.environ.get("_TYPER_COMPLETE_ARGS") or os.environ.get("COMP_WORDS") or ""
    named = [ctx.params.get("game"), *words.split()]
    game = next((games[w] for w in named if isinstance(w, str) and w in games), None)
    if game is None:
        return []
    values = [
        f"{opt.name}={value}"
        for opt in game.options
        for value in (opt.choices or (opt.default,))
    ]
    return [v for v in values if v.startswith(incomplete)]


GameName = Annotated[str, typer.Argument(help="Game name.", autocompletion=_complete_game)]
Specs = Annotated[
    list[str] | None,
    typer.Option(
        "-p",
        "--player",
        help="Player spec kind[:key=value,...]; N*SPEC repeats it.",
        autocompletion=_complete_player,
    ),
]
@app.command()
def games(
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """List the installed games, their player counts and options."""
    with _errors():
        reg = _registry()
        items = [_game_json(reg.games[name]) for name in sorted(reg.games)]
        if json_out:
            _dump(items)
            return
        for g in items:
            typer.echo(
                f"{g['name']:<12} {g['title']}  ({g['min_players']}-{g['max_players']} players)"
            )
            for o in g["options"]:
                values = "|".join(o["choices"]) if o["choices"] else o["default"]
                typer.echo(f"    --option {o['name']}={values}  (default {o['default']})")
                typer.echo(_wrap(o["help"], 8))


@app.command()
def players(
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """List the installed player kinds and their parameters."""
    with _errors():
        reg = _registry()
        items = [reg.players[name].to_json() for name in sorted(reg.players)]
        if json_out:
            _dump(items)
            return
        for p in items:
            typer.echo(f"{p['name']:<8} {p['description']}")
            for param in p["params"]:
                typer.echo(f"    {param['name']}={param['type']} (default {param['default']})")
                typer.echo(_wrap(param["help"], 8))


@app.command()
def rules(game: GameName) -> None:
    """Print a readable rules summary and the action syntax of a game."""
    with _errors():
        typer.echo(_game(_registry(), game).rules_text())


# -- headless runs -----------------------------------------------------------------

DealSeed = Annotated[int | None, checks.seed_option("Seed of the deal.")]
TableSize = Annotated[
    int | None, typer.Option("--players", min=1, help="Table size when no -p is given.")
]
SaveName = Annotated[str | None, typer.Option(help="Save name (under saves/) or path.")]
Confirm = Annotated[
    bool, typer.Option("--confirm", help="Ask even when you have only one legal move.")
]
Pace = Annotated[
    float | None,
    typer.Option(
        min=0, help="Seconds to pause after each AI move (default 0.4 on a terminal, 0 in a pipe)."
    ),
]
ForceOpt = Annotated[bool, typer.Option("--force", help="Replace a save of that name.")]
MoveTimeoutOpt = Annotated[
    float | None, checks.seconds_option("Hard limit in seconds per move; overrun forfeits.")
]
OptionPairs = Annotated[
    list[str] | None,
    typer.Option(
        "--option", "-o", help="Game option KEY=VALUE.", autocompletion=_complete_option
    ),
]


def _count(n: float, noun: str) -> str:
    """``1 win``, ``2 wins``, ``1.5 wins`` (a shared first place counts as a fraction)."""
    return f"{n:g} {noun}" + ("" if n == 1 else "s")


def _summary_line(result: dict[str, Any]) -> str:
    parts = []
    for i, seat in enumerate(result["seats"]):
        parts.append(f"{seat['name']} {result['scores'][i]:g} (#{result['ranks'][i]})")
    end = "" if result["end_reason"] == "rules" else f"  [{result['end_reason']}]"
    return f"{result['game']} seed {result['seed']}: " + ", ".join(parts) + end


@app.command()
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
) -> None:
    """Play AI-vs-AI games headless; with --json one JSON object per game."""
    from vikingcli.batch import Job, run_jobs

    with _errors():
        reg = _registry()
        g = _game(reg, game)
        options = _options(g, option or [])
        seats = _seats(reg, g, player or [], players_, interactive=False, options=options)
        first = seed if seed is not None else _new_seed()
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
        with _progress(games_, f"{g.name}") as advance:
            for result in run_jobs(job_list, jobs):
                advance()
                forfeits += result["forfeit"] is not None
                winners = result["winners"]
                for w in winners:
                    wins[w] += 1 / len(winners)
                for i, score in enumerate(result["scores"]):
                    totals[i] += score
                if json_out:
                    _dump(result)
                else:
                    typer.echo(_summary_line(result))
        if not json_out and games_ > 1:
            share = "; ".join(
                f"seat {i} {s.spec}: {_count(wins[i], 'win')}, mean score {totals[i] / games_:.1f}"
                for i, s in enumerate(seats)
            )
            typer.echo(f"{games_} games, first seed {first}: {share}")
        if forfeits:
            typer.echo(f"vikingcli: {forfeits} game(s) ended by forfeit", err=True)


@app.command()
def tournament(
    game: GameName,
    player: Specs = None,
    games_: Annotated[
        int, typer.Option("--games", "-n", min=1, help="Games (rounded up to whole rotations).")
    ] = 12,
    seed: Annotated[int, checks.seed_option("Seed of the first deal (then N+1, ...).")] = 1,
    option: OptionPairs = None,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="Worker processes.")] = 1,
    backend: Annotated[str, typer.Option(help="Executor: local or ray.")] = "local",
    rotation: Annotated[str, typer.Option(help="Seatings per deal: all or cyclic.")] = "all",
    out: Annotated[
        Path | None, typer.Option(help="JSONL results; a rerun with the same file resumes.")
    ] = None,
    json_out: Annotated[bool, typer.Option("--json", help="Print the standings as JSON.")] = False,
    move_timeout: MoveTimeoutOpt = None,
    sprt: Annotated[str | None, typer.Option(help=SPRT_HELP)] = None,
    report: Annotated[Path | None, typer.Option(help="Write a self-contained HTML report.")] = None,
) -> None:
    """Seat-rotated matches (same deal in every seating) with win shares and ratings."""
    from vikingcli.batch import run_jobs
    from vikingcli.report import print_standings, write_report
    from vikingcli.results_file import resume
    from vikingcli.sprt import tournament_sprt
    from vikingcli.tournament import schedule, summarize

    with _errors():
        reg = _registry()
        g = _game(reg, game)
        options = _options(g, option or [])
        seats = _seats(reg, g, player or [], None, interactive=False, options=options)
        specs = [str(s.spec) for s in seats]
        try:
            test = tournament_sprt(sprt, specs) if sprt is not None else None
            rotation = "cyclic" if test else rotation  # both seatings, even of equal specs
            planned = schedule(g.name, options, specs, games_, seed, rotation, move_timeout)
        except ValueError as exc:
            raise UsageProblem(str(exc)) from None
        book, records, todo = resume(out, g, options, specs, rotation, seed, planned)
        for note in book.begin() if book else []:
            typer.echo(f"vikingcli: warning: {note}", err=True)
        if test is not None and test.add(records).decided:
            todo = []  # a rerun of a decided test plays nothing more
        try:
            with _progress(len(todo), f"{g.name} tournament") as advance:
                for rec in run_jobs(todo, jobs, backend, ordered=False):
                    records.append(rec)
                    if book:
                        book.append(rec)
                    advance()
                    if test is not None and test.add([rec]).decided:
                        break
        finally:
            if book:
                book.close()
        rows = summarize(specs, records)
        verdict = test.result() if test is not None else None
        if report is not None:
            write_report(report, g, options, specs, records, verdict)
        if json_out:
            head = {"game": g.name, "options": options, "games": len(records), "entrants": rows}
            _dump({**head, "sprt": verdict.to_json()} if verdict else head)
        else:
            print_standings(rows, len(records), g.title, verdict)


# -- saves ---------------------------------------------------------------------------


@app.command()
def resume(
    save: Annotated[Path, typer.Argument(help="Save file (or a name under saves/).")],
    json_out: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    move_timeout: MoveTimeoutOpt = None,
    pace: Pace = None,
    confirm: Confirm = False,
) -> None:
    """Continue a saved game with its recorded players, and save it again."""
    from vikingcli.saves import load_match

    with _errors():
        reg = _registry()
        path = _existing(save)
        match = load_match(path, reg)
        # With --json, stdout carries only the result; the game shows on stderr.
        with redirect_stdout(sys.stderr) if json_out else nullcontext():
            _continue(reg, match, path, move_timeout, pace, confirm)
        result = match.result_json()
        if json_out:
            _dump(result)
        else:
            typer.echo(_summary_line(result))


def _existing(save: Path) -> Path:
    from vikingcli.saves import save_path

    if save.exists():
        return save
    candidate = save_path(save)
    return candidate if candidate.exists() else save


def _continue(
    reg: Registry,
    match: Match,
    path: Path,
    move_timeout: float | None,
    pace: float | None = None,
    confirm: bool = False,
) -> None:
    """Play a match to its end; with people at the table, at this terminal with
    an autosave after every move."""
    from vikingcli.hotseat import play_here
    from vikingcli.match import QuitGame, make_player
    from vikingcli.saves import write_save
    from vikingcli.scoresheet import score_sheet

    if not any(reg.players[s.spec.kind].interactive for s in match.seats):
        players = [
            make_player(match.game, reg.players, s.spec, i, match.seed)
            for i, s in enumerate(match.seats)
        ]
        match.play(players, move_timeout=move_timeout)
        write_save(match, path)
        return
    try:
        play_here(
            match,
            reg.players,
            lambda m: write_save(m, path),
            move_timeout=move_timeout,
            pace=pace,
            show=typer.echo,
            confirm=confirm,
        )
    except QuitGame:
        write_save(match, path)
        typer.echo(f"saved to {path}; continue with: vikingcli resume {path}")
        raise typer.Exit(0) from None
    write_save(match, path)
    typer.echo(shown(match.game.render(match.state, None), match.names))
    typer.echo(score_sheet(match.outcome(), match.names))


def _ask_line(prompt: str) -> str:
    """One line from the person (EOFError at the end of input)."""
    typer.echo(prompt, nl=False)
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    return line


def _new_seed() -> int:
    return int.from_bytes(os.urandom(4), "big") >> 1


def _new_table(
    reg: Registry,
    game: str,
    player: list[str] | None,
    players: int | None,
    option: list[str] | None,
    seed: int | None,
    save: str | None,
    force: bool,
) -> tuple[Match, Path]:
    """A new match with people at the table, and its first save (never over another)."""
    from vikingcli.match import Match
    from vikingcli.saves import create_save, save_path

    g = _game(reg, game)
    options = _options(g, option or [])
    seats = _seats(reg, g, player or [], players, interactive=True, options=options)
    first = seed if seed is not None else _new_seed()
    match = Match(g, options, first, seats)
    path = save_path(save or f"{g.name}-{first}")
    return match, create_save(match, path, force=force, unique=save is None)


@app.command()
def play(
    game: GameName,
    player: Specs = None,
    seed: DealSeed = None,
    option: OptionPairs = None,
    players_: TableSize = None,
    save: SaveName = None,
    pace: Pace = None,
    force: ForceOpt = False,
    confirm: Confirm = False,
) -> None:
    """Play interactively (hot-seat for several humans); autosaves after every move."""
    with _errors():
        reg = _registry()
        match, path = _new_table(reg, game, player, players_, option, seed, save, force)
        g = match.game
        typer.echo(f"{g.title}, seed {match.seed}; saving to {path}. Type 'help' for commands.")
        _continue(reg, match, path, None, pace, confirm)
        typer.echo(_summary_line(match.result_json()))


@app.command()
def serve(
    game: Annotated[
        str | None,
        typer.Argument(help="Game name (none with --resume).", autocompletion=_complete_game),
    ] = None,
    player: Specs = None,
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="Port (0: any free).")] = 8022,
    authorized_keys: Annotated[
        Path | None,
        typer.Option(help="Public keys that may join [default: ~/.ssh/authorized_keys]."),
    ] = None,
    open_table: Annotated[
        bool, typer.Option("--open", help="No key check: anyone who reaches the port joins.")
    ] = False,
    seat: Annotated[
        list[str] | None, typer.Option("--seat", help="NAME=N keeps seat N for user NAME.")
    ] = None,
    spectators: Annotated[
        bool, typer.Option("--spectators", help="Let more connections watch the public view.")
    ] = False,
    resume: Annotated[
        Path | None, typer.Option(help="Reopen a saved table with its seats and history.")
    ] = None,
    release: Annotated[
        list[int] | None, typer.Option(help="With --resume: free seat N for a new person.")
    ] = None,
    host_key: Annotated[Path, typer.Option(help="Server host key (created when missing).")] = Path(
        "saves/ssh_host_key"
    ),
    seed: DealSeed = None,
    option: OptionPairs = None,
    players_: TableSize = None,
    save: SaveName = None,
    force: ForceOpt = False,
    confirm: Confirm = False,
) -> None:
    """An SSH table: people join with any ssh client and their key; seats stay theirs."""
    from vikingcli.saves import load_match
    from vikingcli.ssh import host_table
    from vikingcli.ssh_keys import check_host_key

    with _errors():
        reg = _registry()
        if resume is not None:
            if game or player or option or seed is not None or players_ or save:
                raise UsageProblem(
                    "--resume takes the game, seats, options and save from the save file;"
                    " drop GAME, -p, --option, --seed, --players and --save"
                )
            path = _existing(resume)
            match = load_match(path, reg)
        elif game is None:
            raise UsageProblem("serve needs a GAME, or --resume SAVE")
        elif release:
            raise UsageProblem("--release N goes with --resume: a new table has no owners yet")
        else:
            check_host_key(host_key)  # refused before the table's save is written
            match, path = _new_table(reg, game, player, players_, option, seed, save, force)
        try:
            ended = host_table(
                reg, match, path, host=host, port=port, host_key=host_key,
                authorized_keys=authorized_keys, open_table=open_table,
                reserve=seat or [], release=release or [], spectators=spectators,
                resumed=resume is not None, confirm=confirm,
            )  # fmt: skip
        except ValueError as exc:
            raise UsageProblem(str(exc)) from None
        typer.echo(ended or _summary_line(match.result_json()))


@app.command()
def replay(
    save: Annotated[Path, typer.Argument(help="Save file (or a name under saves/).")],
    board: Annotated[
        bool, typer.Option("--board", help="Show the table after every move.")
    ] = False,
    seat: Annotated[int | None, typer.Option(help="Show the table as this seat sees it.")] = None,
    step: Annotated[
        bool, typer.Option("--step", help="Walk back and forth through the game from its start.")
    ] = False,
) -> None:
    """Print a saved game move by move (or walk through it with --step)."""
    from vikingcli.replay import positions, step_through
    from vikingcli.saves import load_match
    from vikingcli.scoresheet import score_sheet

    with _errors():
        reg = _registry()
        path = _existing(save)
        saved = load_match(path, reg)
        game = saved.game
        if seat is not None and not 0 <= seat < len(saved.seats):
            raise UsageProblem(f"--seat {seat}: the game has seats 0-{len(saved.seats) - 1}")
        options = " ".join(f"{k}={v}" for k, v in saved.options.items()) or "none"
        typer.echo(f"{game.title}  seed {saved.seed}  options {options}")
        for i, s in enumerate(saved.seats):
            typer.echo(f"  seat {i}: {s.name} ({s.spec})")
        if seat is None:
            typer.echo("Showing everything, every seat's secrets included"
                       " (--seat N shows only what seat N learned).")
        else:
            typer.echo(f"Showing what seat {seat} ({saved.seats[seat].name}) learned.")
        if step:
            step_through(saved, seat, ask=_ask_line, show=typer.echo)
            return
        steps = positions(saved, seat)
        for here in steps[1:]:
            for line in here.lines:
                typer.echo(line)
            if board:
                typer.echo(shown(game.render(here.state, seat), saved.names))
        if not board:
            typer.echo(shown(game.render(steps[-1].state, seat), saved.names))
        if saved.over:
            if saved.forfeit is None:
                typer.echo(score_sheet(saved.outcome(), saved.names))
            typer.echo(_summary_line(saved.result_json()))
        else:
            typer.echo(f"(game not finished: {len(saved.actions)} moves so far)")


@app.command()
def analyze(
    save: Annotated[Path, typer.Argument(help="Save file (or a name under saves/).")],
    seat: Annotated[
        list[int] | None,
        typer.Option(help="Judge this seat's decisions (repeatable; default every seat)."),
    ] = None,
    seconds: Annotated[
        float, typer.Option(min=0, help="Search time per decision (0: use --iterations).")
    ] = 0.0,
    iterations: Annotated[
        int, typer.Option(min=1, help="Search iterations per decision when --seconds is 0.")
    ] = 1000,
    json_out: Annotated[bool, typer.Option("--json", help="Print the analysis as JSON.")] = False,
) -> None:
    """Annotate a saved game: each decision's best move, the points the move played lost."""
    from vikingcli.analysis import annotate, find_advisor, summary
    from vikingcli.analysis import to_json as annotations_json
    from vikingcli.saves import load_match

    with _errors():
        reg = _registry()
        path = _existing(save)
        saved = load_match(path, reg)
        n = len(saved.seats)
        seats = sorted(set(seat)) if seat else list(range(n))
        bad = [s for s in seats if not 0 <= s < n]
        if bad:
            raise UsageProblem(f"--seat {bad[0]}: the game has seats 0-{n - 1}")
        advise = find_advisor(reg.players)
        if advise is None:
            raise UsageProblem("no installed player kind can judge positions (install mcts)")
        with _progress(len(saved.actions), "analyzing") as advance:
            notes = annotate(
                saved, advise, seats, seconds=seconds, iterations=iterations, progress=advance
            )
        rows = summary(notes, seats)
        if json_out:
            _dump({
                "game": saved.game.name, "seed": saved.seed, "options": saved.options,
                "seats": [s.to_json() for s in saved.seats],
                "search": {"seconds": seconds, "iterations": iterations},
                "annotations": annotations_json(notes), "summary": rows,
            })  # fmt: skip
            return
        names = saved.names
        for note in notes:
            if note.verdict:
                typer.echo(
                    f"{note.move:4d}. {names[note.seat]}: {note.played!r} ({note.verdict},"
                    f" {note.loss:.1f} points) - best {note.best!r}"
                )
        for row in rows:
            if row["decisions"]:
                typer.echo(
                    f"{names[row['seat']]}: {row['decisions']} decisions, best move"
                    f" {row['best_share']:.0%}, mean loss {row['mean_loss']:.2f} points;"
                    f" {row['inaccuracies']} inaccuracies, {row['mistakes']} mistakes,"
                    f" {row['blunders']} blunders"
                )


def main() -> None:
    """Entry point of the ``vikingcli`` script (and of ``python -m vikingcli``)."""
    checks.main(app)


if __name__ == "__main__":
    main()
