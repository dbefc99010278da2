"""The ``vikingcli`` command line (Typer): the contract users and scripts rely on.

Exit codes: 0 success, 1 a game or tournament error, 2 bad usage or bad input.
Errors are one readable line on stderr, never a traceback (unless ``--debug``).
"""

from __future__ import annotations

import os
import sys
import textwrap
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, nullcontext, redirect_stdout
from pathlib import Path
from typing import Annotated, Any, NoReturn

import orjson
import typer

from vikingcli import __version__, checks
from vikingcli.batch import BackendUnavailable, Job, run_jobs
from vikingcli.engine import Game
from vikingcli.match import Match, QuitGame, Seat, make_player
from vikingcli.players import PlayerSpec, SpecError, expand_specs, parse_spec
from vikingcli.registry import Registry, load_registry
from vikingcli.saves import SaveError, create_save, load_match, save_path, write_save
from vikingcli.text import plain_text

RUN_DEFAULT_AI = ("greedy", "random")
"""Preferred kinds that fill every seat of ``run``/``tournament`` with no ``-p``."""
PLAY_DEFAULT_AI = ("mcts:seconds=1", "greedy", "random")
"""Preferred opponents of the person in ``play`` with no ``-p``."""

app = typer.Typer(
    name="vikingcli",
    help="Play and study Viking board games in the terminal: Wikinger, Walhalla, "
    "Graenaland and Jórvík, against people and AI players.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

_DEBUG = False


class UsageProblem(Exception):
    """Bad usage or bad input: exit code 2."""


class GameProblem(Exception):
    """A game or tournament failed: exit code 1."""


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
    except (UsageProblem, SpecError, SaveError, BackendUnavailable, checks.BadInput) as exc:
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
    texts = expand_specs(specs)
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
        for spec in parsed:
            if reg.players[spec.kind].interactive:
                raise UsageProblem(
                    f"player kind {spec.kind!r} needs a person; use 'vikingcli play' for it"
                )
    return [
        Seat(f"{s.kind}-{i}" if s.kind != "human" else f"human-{i}", s)
        for i, s in enumerate(parsed)
    ]


def _version(value: bool) -> None:
    if value:
        typer.echo(f"vikingcli {__version__}")
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
    sys.stdout.write(orjson.dumps(obj).decode() + "\n")


def _wrap(text: str, indent: int) -> str:
    pad = " " * indent
    return textwrap.fill(text, 80, initial_indent=pad, subsequent_indent=pad)


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
def rules(game: Annotated[str, typer.Argument(help="Game name.")]) -> None:
    """Print a readable rules summary and the action syntax of a game."""
    with _errors():
        typer.echo(_game(_registry(), game).rules_text())


# -- headless runs -----------------------------------------------------------------

Specs = Annotated[
    list[str] | None,
    typer.Option("-p", "--player", help="Player spec kind[:key=value,...]; N*SPEC repeats it."),
]
DealSeed = Annotated[int | None, checks.seed_option("Seed of the deal.")]
TableSize = Annotated[
    int | None, typer.Option("--players", min=1, help="Table size when no -p is given.")
]
SaveName = Annotated[str | None, typer.Option(help="Save name (under saves/) or path.")]
ForceOpt = Annotated[bool, typer.Option("--force", help="Replace a save of that name.")]
MoveTimeoutOpt = Annotated[
    float | None, checks.seconds_option("Hard limit in seconds per move; overrun forfeits.")
]
OptionPairs = Annotated[
    list[str] | None, typer.Option("--option", "-o", help="Game option KEY=VALUE.")
]


@contextmanager
def _progress(total: int, label: str) -> Iterator[Callable[[], None]]:
    """A progress bar on stderr when it is a terminal and there is more than one game."""
    if total <= 1 or not sys.stderr.isatty():
        yield lambda: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
        redirect_stdout=False,
        redirect_stderr=False,
    ) as bar:
        task = bar.add_task(label, total=total)
        yield lambda: bar.advance(task)


def _summary_line(result: dict[str, Any]) -> str:
    parts = []
    for i, seat in enumerate(result["seats"]):
        parts.append(f"{seat['player']} {result['scores'][i]:g} (#{result['ranks'][i]})")
    end = "" if result["end_reason"] == "rules" else f"  [{result['end_reason']}]"
    return f"{result['game']} seed {result['seed']}: " + ", ".join(parts) + end


@app.command()
def run(
    game: Annotated[str, typer.Argument(help="Game name.")],
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
        forfeits = 0
        with _progress(games_, f"{g.name}") as advance:
            for result in run_jobs(job_list, jobs):
                advance()
                forfeits += result["forfeit"] is not None
                winners = result["winners"]
                for w in winners:
                    wins[w] += 1 / len(winners)
                if json_out:
                    _dump(result)
                else:
                    typer.echo(_summary_line(result))
        if not json_out and games_ > 1:
            share = ", ".join(f"seat {i} {s.spec}: {wins[i]:g} wins" for i, s in enumerate(seats))
            typer.echo(f"{games_} games, first seed {first}: {share}")
        if forfeits:
            typer.echo(f"vikingcli: {forfeits} game(s) ended by forfeit", err=True)


@app.command()
def tournament(
    game: Annotated[str, typer.Argument(help="Game name.")],
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
) -> None:
    """Seat-rotated matches (same deal in every seating) with win shares and ratings."""
    from vikingcli.results_file import resume
    from vikingcli.tournament import format_table, schedule, summarize

    with _errors():
        reg = _registry()
        g = _game(reg, game)
        options = _options(g, option or [])
        seats = _seats(reg, g, player or [], None, interactive=False, options=options)
        specs = [str(s.spec) for s in seats]
        try:
            planned = schedule(g.name, options, specs, games_, seed, rotation, move_timeout)
        except ValueError as exc:
            raise UsageProblem(str(exc)) from None
        book, records, todo = resume(out, g, options, specs, rotation, seed, planned)
        for note in book.begin() if book else []:
            typer.echo(f"vikingcli: warning: {note}", err=True)
        try:
            with _progress(len(todo), f"{g.name} tournament") as advance:
                for rec in run_jobs(todo, jobs, backend, ordered=False):
                    records.append(rec)
                    if book:
                        book.append(rec)
                    advance()
        finally:
            if book:
                book.close()
        rows = summarize(specs, records)
        if json_out:
            _dump({"game": g.name, "options": options, "games": len(records), "entrants": rows})
        else:
            typer.echo(format_table(rows, len(records)))


# -- saves ---------------------------------------------------------------------------


@app.command()
def resume(
    save: Annotated[Path, typer.Argument(help="Save file (or a name under saves/).")],
    json_out: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    move_timeout: MoveTimeoutOpt = None,
) -> None:
    """Continue a saved game with its recorded players, and save it again."""
    with _errors():
        reg = _registry()
        path = _existing(save)
        match = load_match(path, reg)
        # With --json, stdout carries only the result; the game shows on stderr.
        with redirect_stdout(sys.stderr) if json_out else nullcontext():
            _continue(reg, match, path, move_timeout)
        result = match.result_json()
        if json_out:
            _dump(result)
        else:
            typer.echo(_summary_line(result))


def _existing(save: Path) -> Path:
    if save.exists():
        return save
    candidate = save_path(save)
    return candidate if candidate.exists() else save


def _continue(reg: Registry, match: Match, path: Path, move_timeout: float | None) -> None:
    """Play a match to its end, autosaving after every move when a person plays."""
    players = [
        make_player(match.game, reg.players, s.spec, i, match.seed)
        for i, s in enumerate(match.seats)
    ]
    interactive = any(reg.players[s.spec.kind].interactive for s in match.seats)

    def autosave(m: Match, seat: int, text: str) -> None:
        if interactive:
            write_save(m, path)
            typer.echo(f"  {len(m.actions)}. seat {seat}: {text}")

    try:
        match.play(players, move_timeout=move_timeout, on_move=autosave)
    except QuitGame:
        write_save(match, path)
        typer.echo(f"saved to {path}; continue with: vikingcli resume {path}")
        raise typer.Exit(0) from None
    write_save(match, path)
    if interactive:
        typer.echo(plain_text(match.game.render(match.state, None)))


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
    g = _game(reg, game)
    options = _options(g, option or [])
    seats = _seats(reg, g, player or [], players, interactive=True, options=options)
    first = seed if seed is not None else _new_seed()
    match = Match(g, options, first, seats)
    path = save_path(save or f"{g.name}-{first}")
    return match, create_save(match, path, force=force, unique=save is None)


@app.command()
def play(
    game: Annotated[str, typer.Argument(help="Game name.")],
    player: Specs = None,
    seed: DealSeed = None,
    option: OptionPairs = None,
    players_: TableSize = None,
    save: SaveName = None,
    force: ForceOpt = False,
) -> None:
    """Play interactively (hot-seat for several humans); autosaves after every move."""
    with _errors():
        reg = _registry()
        match, path = _new_table(reg, game, player, players_, option, seed, save, force)
        g = match.game
        typer.echo(f"{g.title}, seed {match.seed}; saving to {path}. Type 'help' for commands.")
        _continue(reg, match, path, None)
        typer.echo(_summary_line(match.result_json()))


@app.command()
def serve(
    game: Annotated[str, typer.Argument(help="Game name.")],
    player: Specs = None,
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="Port (0: any free).")] = 8022,
    authorized_keys: Annotated[
        Path | None, typer.Option(help="Only these public keys may connect (else open).")
    ] = None,
    host_key: Annotated[Path, typer.Option(help="Server host key (created when missing).")] = Path(
        "saves/ssh_host_key"
    ),
    seed: DealSeed = None,
    option: OptionPairs = None,
    players_: TableSize = None,
    save: SaveName = None,
    force: ForceOpt = False,
) -> None:
    """An SSH table: people connect with any ssh client and take the human seats."""
    import asyncio

    from vikingcli.ssh import Table
    from vikingcli.ssh import serve as serve_table
    from vikingcli.ssh_keys import check_host_key

    with _errors():
        reg = _registry()
        if authorized_keys is not None and not authorized_keys.is_file():
            raise UsageProblem(f"{authorized_keys}: no such authorized-keys file")
        check_host_key(host_key)  # refused before the table's save is written
        match, path = _new_table(reg, game, player, players_, option, seed, save, force)
        g = match.game
        table = Table(match, reg.players, path, log=lambda m: typer.echo(m, err=True))

        def listening(h: str, p: int) -> None:
            humans = len(table.humans)
            typer.echo(f"{g.title} table on {h}:{p} for {humans} player(s); saving to {path}")
            typer.echo(f"connect with: ssh -p {p} NAME@{h}")
            sys.stdout.flush()

        asyncio.run(serve_table(table, host, port, host_key, authorized_keys, listening))
        typer.echo(_summary_line(match.result_json()))


@app.command()
def replay(
    save: Annotated[Path, typer.Argument(help="Save file (or a name under saves/).")],
    board: Annotated[
        bool, typer.Option("--board", help="Show the table after every move.")
    ] = False,
    seat: Annotated[int | None, typer.Option(help="Show the table as this seat sees it.")] = None,
    step: Annotated[
        bool, typer.Option("--step", help="Show the table and wait for Enter after every move.")
    ] = False,
) -> None:
    """Print a saved game move by move (or step through it with --step)."""
    with _errors():
        reg = _registry()
        path = _existing(save)
        saved = load_match(path, reg)
        game = saved.game
        if seat is not None and not 0 <= seat < len(saved.seats):
            raise UsageProblem(f"--seat {seat}: the game has seats 0-{len(saved.seats) - 1}")
        fresh = Match(game, saved.options, saved.seed, saved.seats)
        typer.echo(f"{game.title}  seed {saved.seed}  options {saved.options}")
        for i, s in enumerate(saved.seats):
            typer.echo(f"  seat {i}: {s.name} ({s.spec})")
        for k, text in enumerate(saved.actions, 1):
            mover = game.to_move(fresh.state)
            fresh.apply_text(text)
            typer.echo(f"{k:4d}. seat {mover}: {text}")
            if board or step:
                typer.echo(plain_text(game.render(fresh.state, seat)))
            if step and k < len(saved.actions):
                answer = input("Enter: next move, q: stop > ") if sys.stdin.isatty() else ""
                if answer.strip().lower() == "q":
                    return
        if not (board or step):
            typer.echo(plain_text(game.render(fresh.state, seat)))
        if saved.over:
            typer.echo(_summary_line(saved.result_json()))
        else:
            typer.echo(f"(game not finished: {len(saved.actions)} moves so far)")


def main() -> None:
    """Entry point of the ``vikingcli`` script."""
    checks.main(app)


if __name__ == "__main__":
    main()
