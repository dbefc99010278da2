"""The commands that play a game with people: at this terminal (``play``), over SSH
(``serve``), and on from a save (``resume``); every move is saved as it is made."""


import shutil
import sys
import time
from contextlib import AbstractContextManager, ExitStack, nullcontext, redirect_stdout
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from vikingcli.cli.arguments import (
    Confirm,
    DealSeed,
    ForceOpt,
    GameName,
    Level,
    MoveTimeoutOpt,
    OptionPairs,
    Pace,
    Plain,
    SaveFile,
    SaveName,
    Specs,
    TableSize,
    TrustBots,
    UsageProblem,
    complete_game,
    find_game,
    game_options,
    make_seats,
    new_seed,
    refuse_programs,
    registry,
    save_file,
)
from vikingcli.cli.checks import seed_option
from vikingcli.cli.printing import dump, summary_line

if TYPE_CHECKING:  # the modules a command needs are imported when it runs
    from vikingcli.core.match import Match
    from vikingcli.core.registry import Registry
    from vikingcli.saves.schema import TableDoc


def resume(
    save: SaveFile,
    json_out: Annotated[bool, typer.Option("--json", help="Print the result as JSON.")] = False,
    move_timeout: MoveTimeoutOpt = None,
    pace: Pace = None,
    confirm: Confirm = False,
    plain: Plain = False,
    trust_bots: TrustBots = False,
) -> None:
    """Continue a saved game with its recorded players, and save it again."""
    from vikingcli.saves.match_file import load_save

    reg = registry()
    path = save_file(save)
    with _holding(path):
        saved = load_save(path, reg)
        match = saved.match
        refuse_programs(reg, match, path, trust_bots)
        # With --json, stdout carries only the result; the game shows on stderr.
        with redirect_stdout(sys.stderr) if json_out else nullcontext():
            _continue(
                reg, match, path, move_timeout, pace, confirm, table=saved.table,
                full_screen=not plain and not json_out,
            )  # fmt: skip
    result = match.result_json()
    if json_out:
        dump(result)
    else:
        typer.echo(summary_line(result))


def _holding(path: Path) -> AbstractContextManager[None]:
    """The save's lock while this process plays it: a second ``play``, ``resume`` or
    ``serve`` of the same save is refused, naming the process that holds it. A save
    that does not exist is not locked (loading it says so)."""
    from vikingcli.saves.files import file_lock

    return file_lock(path) if path.exists() else nullcontext()


def _continue(
    reg: "Registry",
    match: "Match",
    path: Path,
    move_timeout: float | None,
    pace: float | None = None,
    confirm: bool = False,
    table: "TableDoc | None" = None,
    full_screen: bool = True,
) -> None:
    """Play a match to its end; with people at the table, at this terminal with
    an autosave after every move: on the full screen where the terminal is big
    enough (and ``full_screen``), else line by line. A shared table's record
    (``table``: its owners, reservations and talk) stays in the save, so ``serve
    --resume`` can reopen it."""
    import asyncio  # with ssl, ~75 ms that only a full-screen game needs

    from vikingcli.core.driver import play_match
    from vikingcli.core.match import QuitGame, make_player
    from vikingcli.engine.text import shown
    from vikingcli.saves.match_file import write_save
    from vikingcli.table.fullscreen import play_full_screen
    from vikingcli.table.local import play_here
    from vikingcli.table.scoresheet import score_sheet

    if not any(reg.players[s.spec.kind].interactive for s in match.seats):
        players = [
            make_player(match.game, reg.players, s.spec, i, match.seed)
            for i, s in enumerate(match.seats)
        ]
        play_match(match, players, move_timeout=move_timeout)
        write_save(match, path, table)
        return
    def autosave(m: "Match") -> None:
        write_save(m, path, table)

    try:
        if full_screen and _screen_fits():
            asyncio.run(
                play_full_screen(
                    match, reg.players, autosave, move_timeout=move_timeout,
                    pace=0.4 if pace is None else pace, confirm=confirm,
                )
            )  # fmt: skip
        else:
            play_here(
                match, reg.players, autosave, move_timeout=move_timeout, pace=pace,
                show=typer.echo, confirm=confirm,
            )  # fmt: skip
    except QuitGame:
        write_save(match, path, table)
        typer.echo(f"saved to {path}; continue with: vikingcli resume {path}")
        raise typer.Exit(0) from None
    write_save(match, path, table)
    typer.echo(shown(match.game.render(match.state, None), match.names))
    typer.echo(score_sheet(match.outcome(), match.names))


def _screen_fits() -> bool:
    """A person at a terminal big enough for the full-screen table."""
    from vikingcli.table.screen import fits

    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return False
    size = shutil.get_terminal_size((0, 0))
    return fits(size.columns, size.lines)


def _new_table(
    reg: "Registry",
    game: str,
    player: list[str] | None,
    players: int | None,
    option: list[str] | None,
    seed: int | None,
    save: str | None,
    force: bool,
    hold: ExitStack,
    *,
    write: bool = True,
    level: str | None = None,
) -> "tuple[Match, Path]":
    """A new match with people at the table, and its first save (never over another),
    locked in ``hold`` for as long as this process plays it; ``--force`` never
    replaces a save another process is playing. With ``write`` off, only where the
    save will go (locked already): the caller writes it later; a name that is taken
    is refused now all the same."""
    from vikingcli.core.match import Match
    from vikingcli.saves.files import SaveError, file_lock, free_path, save_path
    from vikingcli.saves.match_file import create_save

    g = find_game(reg, game)
    options = game_options(g, option or [])
    seats = make_seats(
        reg, g, player or [], players, interactive=True, options=options, level=level
    )
    first = seed if seed is not None else new_seed()
    match = Match(g, options, first, seats)
    # A save's name is told to the people at the table, and a seed decides every
    # hidden card: only a seed the person at the keyboard chose names a save.
    if not write:  # a shared table, whose seed is secret even when the operator set it
        name = f"{g.name}-table"
    elif seed is not None:
        name = f"{g.name}-{seed}"
    else:
        name = f"{g.name}-{time.strftime('%Y%m%d-%H%M')}"
    path = save_path(save or name)
    if not write:
        if save is None:
            path = free_path(path)
        elif path.exists() and not force:
            raise SaveError(
                f"{path} already exists; continue that game with 'vikingcli resume {path}',"
                " choose another --save name, or add --force to replace it"
            )
        path.parent.mkdir(parents=True, exist_ok=True)  # the lock file goes beside it
        hold.enter_context(file_lock(path))
        return match, path
    locked = force and path.exists()
    if locked:
        hold.enter_context(file_lock(path))
    created = create_save(match, path, force=force, unique=save is None)
    if not locked:
        hold.enter_context(file_lock(created))
    return match, created


def play(
    game: GameName,
    player: Specs = None,
    seed: DealSeed = None,
    option: OptionPairs = None,
    players_: TableSize = None,
    level: Level = None,
    save: SaveName = None,
    pace: Pace = None,
    force: ForceOpt = False,
    confirm: Confirm = False,
    plain: Plain = False,
) -> None:
    """Play interactively (hot-seat for several humans); autosaves after every move."""
    reg = registry()
    with ExitStack() as hold:
        match, path = _new_table(
            reg, game, player, players_, option, seed, save, force, hold, level=level
        )
        g = match.game
        # The seed only where the person gave it: a drawn one is a secret of the deal
        # until the game ends (the summary line then names it).
        chosen = f", seed {match.seed}" if seed is not None else ""
        typer.echo(f"{g.title}{chosen}; saving to {path}. Type 'help' for commands.")
        _continue(reg, match, path, None, pace, confirm, full_screen=not plain)
    typer.echo(summary_line(match.result_json()))


def serve(
    game: Annotated[
        str | None,
        typer.Argument(help="Game name (none with --resume).", autocompletion=complete_game),
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
    seed: Annotated[
        int | None,
        seed_option(
            "The operator's server seed for the deal instead of a secret one: the operator"
            " then chooses the deal, with the seeds people add. Never shown to the table"
            " before the end."
        ),
    ] = None,
    option: OptionPairs = None,
    players_: TableSize = None,
    save: SaveName = None,
    force: ForceOpt = False,
    confirm: Confirm = False,
    move_timeout: MoveTimeoutOpt = None,
    trust_bots: TrustBots = False,
    rematch: Annotated[
        float,
        typer.Option(
            min=0,
            max=3600,
            help="Seconds a finished game waits for everyone seated to type 'rematch'"
            " (a new deal, the same seats); 0: no rematch.",
        ),
    ] = 60.0,
) -> None:
    """An SSH table: people join with any ssh client and their key; seats stay theirs.

    The deal is secret and verifiable: the table shows the commitment of its server
    seed, people may add seeds of their own ('seed TEXT'), the seed is shown at the end."""
    from vikingcli.core.fairdeal import Deal
    from vikingcli.saves.match_file import load_match
    from vikingcli.table.ssh import host_table
    from vikingcli.table.ssh_keys import check_host_key

    reg = registry()
    deal: Deal | None = None  # a resumed table keeps the deal its save holds
    with ExitStack() as hold:  # the save's lock, for as long as the table is open
        if resume is not None:
            if game or player or option or seed is not None or players_ or save:
                raise UsageProblem(
                    "--resume takes the game, seats, options and save from the save file;"
                    " drop GAME, -p, --option, --seed, --players and --save"
                )
            path = save_file(resume)
            hold.enter_context(_holding(path))
            match = load_match(path, reg)
            refuse_programs(reg, match, path, trust_bots)
        elif game is None:
            raise UsageProblem("serve needs a GAME, or --resume SAVE")
        elif release:
            raise UsageProblem("--release N goes with --resume: a new table has no owners yet")
        elif trust_bots:
            raise UsageProblem(
                "--trust-bots goes with --resume: the bots of a new table are on its command line"
            )
        else:
            # Nothing is written (no save, no host key) until the table is listening:
            # a refused start leaves nothing that would block the corrected command.
            check_host_key(host_key)
            # Dealt from a placeholder until the game begins, then from the deal.
            match, path = _new_table(
                reg, game, player, players_, option, 0, save, force, hold, write=False
            )
            deal = Deal.new(seed)
        if resume is not None:
            check_host_key(host_key)
        try:
            ended = host_table(
                reg, match, path, host=host, port=port, host_key=host_key,
                authorized_keys=authorized_keys, open_table=open_table,
                reserve=seat or [], release=release or [], spectators=spectators,
                resumed=resume is not None, confirm=confirm, replace=force,
                move_timeout=move_timeout, deal=deal, rematch=rematch,
            )  # fmt: skip
        except ValueError as exc:
            raise UsageProblem(str(exc)) from None
    typer.echo(ended or summary_line(match.result_json()))
