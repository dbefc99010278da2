"""What the words of a ``vikingcli`` command mean: the game named, its options, the
seats from ``-p`` specs, the save named, and the shell completion of each.

Every command reads its arguments through these, so a game, a spec or a save is
understood (and refused) alike everywhere; a refusal is a :class:`UsageProblem`,
which the error boundary of :mod:`vikingcli.cli` prints as one line, exit code 2.
The modules a look-up needs are imported when it runs: ``--help`` loads none.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from vikingcli.cli import checks
from vikingcli.core.levels import DEFAULT_LEVEL, LEVELS

if TYPE_CHECKING:  # the modules a command needs are imported when it runs
    from vikingcli.core.match import Match, Seat
    from vikingcli.core.registry import Registry
    from vikingcli.engine import Game

RUN_DEFAULT_AI = ("greedy", "random")
"""Preferred kinds that fill every seat of ``run``/``tournament`` with no ``-p``."""
PLAY_DEFAULT_AI = (LEVELS[DEFAULT_LEVEL], "greedy", "random")
"""Preferred opponents of the person in ``play`` with no ``-p`` and no ``--level``: the
default level's spec (``mcts:iterations=3000``). The budget is counted in iterations,
not seconds, so ``play --seed N`` with the same moves replays the same game on any
machine under any load; 3000 think about as long as the one second they replaced
(benchmarks/default_ai.py; benchmarks/README.md, "play's default AI")."""


class UsageProblem(Exception):
    """Bad usage or bad input: exit code 2."""


def registry() -> Registry:
    """The installed games and player kinds; a plugin that failed to load is a warning."""
    from vikingcli.core.registry import load_registry

    reg = load_registry()
    for warning in reg.warnings:
        typer.echo(f"vikingcli: warning: {warning}", err=True)
    return reg


def find_game(reg: Registry, name: str) -> Game:
    try:
        return reg.game(name)
    except KeyError as exc:
        raise UsageProblem(exc.args[0]) from None


def game_options(game: Game, pairs: Sequence[str]) -> dict[str, str]:
    """The game's options from ``--option KEY=VALUE`` pairs, defaults filled in; an
    option given twice is refused (which one was meant?), not silently overridden."""
    from vikingcli.engine.text import quoted

    given: dict[str, str] = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        key = key.strip()
        if not eq or not key:
            raise UsageProblem(f"option {quoted(pair)} is not KEY=VALUE")
        if key in given:
            raise UsageProblem(
                f"option {quoted(key, 40)} is given twice ({quoted(given[key], 40)} and"
                f" {quoted(value.strip(), 40)}); give it once"
            )
        given[key] = value.strip()
    try:
        return game.resolve_options(given)
    except ValueError as exc:
        raise UsageProblem(str(exc)) from None


def _default_spec(reg: Registry, preferences: Sequence[str]) -> str:
    for text in preferences:
        if text.partition(":")[0] in reg.players:
            return text
    raise UsageProblem("no AI player kind is installed")


def _named_specs(specs: Sequence[str]) -> list[tuple[str | None, str]]:
    """``[NAME=]SPEC`` texts with ``N*SPEC`` expanded: (name or None, spec) per seat."""
    from vikingcli.core.specs import expand_specs, split_name

    named: list[tuple[str | None, str]] = []
    for text in specs:
        name, spec = split_name(text)
        many = expand_specs([spec])
        if name is not None and len(many) > 1:
            raise UsageProblem(f"{text!r}: a name goes with one seat, not {len(many)}")
        named += [(name, one) for one in many]
    return named


def _check_table(game: Game, size: int, options: dict[str, str] | None, what: str) -> None:
    """``size`` seats are a table of ``game`` (with these options)."""
    if not game.min_players <= size <= game.max_players:
        raise UsageProblem(
            f"{game.name} takes {game.min_players}-{game.max_players} players, got {what}"
        )
    if options is not None:
        try:
            # Some option values depend on the table size (a start seat, a
            # board); the game's own setup is the one judge of that.
            game.new_state(size, options, 0)
        except ValueError as exc:
            raise UsageProblem(f"{game.name}: {exc}") from None


def _seats(
    reg: Registry, named: list[tuple[str | None, str]], *, interactive: bool
) -> list[Seat]:
    from vikingcli.core.match import Seat
    from vikingcli.core.specs import PlayerSpec, login_name, parse_spec, seat_names

    parsed: list[PlayerSpec] = [parse_spec(t, reg.players) for _, t in named]
    if not interactive:
        for one in parsed:
            if reg.players[one.kind].interactive:
                raise UsageProblem(
                    f"player kind {one.kind!r} needs a person; use 'vikingcli play' for it"
                )
    given = [name for name, _ in named]
    people = [reg.players[s.kind].interactive for s in parsed]
    names = seat_names([s.kind for s in parsed], people, given, login_name())
    return [Seat(name, s) for name, s in zip(names, parsed, strict=True)]


def make_seats(
    reg: Registry,
    game: Game,
    specs: Sequence[str],
    players: int | None,
    *,
    interactive: bool,
    options: dict[str, str] | None = None,
    level: str | None = None,
) -> list[Seat]:
    """The seats of a new table from ``-p`` specs; with none, the person and the
    default AI (``play``) or the default AI everywhere (``run``). ``level`` (``play
    --level``) is the spec of the AI seats no ``-p`` names: in ``play`` those past
    the ``-p`` specs up to ``--players``, or (fewer than the game needs) up to its
    default table."""
    from vikingcli.core.levels import level_spec
    from vikingcli.core.specs import parse_spec

    fill: tuple[str, ...] = PLAY_DEFAULT_AI
    if level is not None:
        try:
            fill = (level_spec(level, reg.players),)
        except ValueError as exc:
            raise UsageProblem(f"--level: {exc}") from None
    named = _named_specs(specs)
    filled = not named
    if players is not None:
        _check_table(game, players, None, str(players))  # before a list that long
    if not named:
        n = players or game.default_players
        if interactive:
            texts = ["human"] + [_default_spec(reg, fill)] * (n - 1)
        else:
            texts = [_default_spec(reg, RUN_DEFAULT_AI)] * n
        named = [(None, t) for t in texts]
    elif players is not None and interactive and players > len(named):
        # `play GAME -p human --players 3 --level expert`: the seats -p leaves are the AI's.
        named += [(None, _default_spec(reg, fill))] * (players - len(named))
        filled = True
    elif players is not None and players != len(named):
        raise UsageProblem(f"--players {players} but {len(named)} player specs given")
    for _, text in named:
        parse_spec(text, reg.players)  # an unknown kind first, before the table size
    if interactive and players is None and len(named) < game.min_players:
        # `play GAME -p ann=human`: the rest of the game's default table is the default AI.
        missing = max(game.default_players, game.min_players) - len(named)
        named += [(None, _default_spec(reg, fill))] * missing
        filled = missing > 0
    if level is not None and not filled:
        raise UsageProblem(
            "--level sets the AI seats no -p names, and every seat is named"
            f" (give -p {fill[0]} for a seat at that level)"
        )
    _check_table(game, len(named), options, str(len(named)))
    return _seats(reg, named, interactive=interactive)


def make_entrants(
    reg: Registry,
    game: Game,
    specs: Sequence[str],
    table_size: int | None,
    *,
    options: dict[str, str],
) -> tuple[list[Seat], list[str | None], int]:
    """A tournament's entrants (any number), the names given to them with ``NAME=``
    (``None`` where none was), and the table size they play at: ``table_size``, or
    the number of entrants when the game seats that many, else the game's default."""
    from vikingcli.core.specs import parse_spec

    named = _named_specs(specs)
    if not named:
        n = table_size or game.default_players
        named = [(None, _default_spec(reg, RUN_DEFAULT_AI))] * n
    for _, text in named:
        parse_spec(text, reg.players)
    n = len(named)
    if table_size is not None:
        _check_table(game, table_size, options, f"--table-size {table_size}")
        size = table_size
    elif game.min_players <= n <= game.max_players:
        size = n
    elif n < game.min_players:
        raise UsageProblem(
            f"{game.name} takes {game.min_players}-{game.max_players} players,"
            f" got {n} entrant{'s' if n != 1 else ''}"
        )
    else:
        size = game.default_players
    _check_table(game, size, options, f"a table of {size}")
    seats = _seats(reg, named, interactive=False)
    return seats, [name for name, _ in named], size


def refuse_programs(reg: Registry, match: Match, path: Path, trusted: bool) -> None:
    """A save is data: a seat whose player starts a program (``exec``) is played from
    it only when the person says so on the command line (``trusted``, --trust-bots);
    otherwise the first such seat is named with its command, before anything runs."""
    from vikingcli.engine.text import quoted

    if trusted:
        return
    for i, seat in enumerate(match.seats):
        if reg.players[seat.spec.kind].runs_program:
            raise UsageProblem(
                f"{path}: seat {i} ({seat.name}) would run the program"
                f" {quoted(str(seat.spec), 300)};"
                " a save starts no program unless you add --trust-bots (if you trust"
                " whoever wrote it)"
            )


def save_file(save: Path) -> Path:
    """The save file a save argument names: a path, or a name under saves/."""
    from vikingcli.saves.files import save_path

    if save.exists():
        return save
    candidate = save_path(save)
    return candidate if candidate.exists() else save


def new_seed() -> int:
    """The seed of a deal when none is given."""
    return int.from_bytes(os.urandom(4), "big") >> 1


# -- completion ------------------------------------------------------------------------


def complete_game(incomplete: str) -> list[str]:
    from vikingcli.core.registry import load_registry

    return [name for name in sorted(load_registry().games) if name.startswith(incomplete)]


def complete_player(incomplete: str) -> list[str]:
    from vikingcli.core.registry import load_registry

    return [name for name in sorted(load_registry().players) if name.startswith(incomplete)]


def complete_option(ctx: typer.Context, incomplete: str) -> list[str]:
    from vikingcli.core.registry import load_registry

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


# -- the arguments and options several commands share ------------------------------------

GameName = Annotated[str, typer.Argument(help="Game name.", autocompletion=complete_game)]
Specs = Annotated[
    list[str] | None,
    typer.Option(
        "-p",
        "--player",
        help="Player spec kind[:key=value,...]; N*SPEC repeats it.",
        autocompletion=complete_player,
    ),
]
DealSeed = Annotated[int | None, checks.seed_option("Seed of the deal.")]
TableSize = Annotated[
    int | None,
    typer.Option(
        "--players",
        min=1,
        help="Table size; with -p, play seats the AI (--level) in the seats -p leaves.",
    ),
]
SeatsAtTable = Annotated[
    int | None,
    typer.Option(
        "--table-size",
        "-k",
        min=1,
        help="Seats at a table (default: every entrant if the game seats that many, else"
        " the game's default).",
    ),
]
SaveName = Annotated[str | None, typer.Option(help="Save name (under saves/) or path.")]
SaveFile = Annotated[Path, typer.Argument(help="Save file (or a name under saves/).")]
Confirm = Annotated[
    bool, typer.Option("--confirm", help="Ask even when you have only one legal move.")
]
Pace = Annotated[
    float | None,
    typer.Option(
        min=0, help="Seconds to pause after each AI move (default 0.4 on a terminal, 0 in a pipe)."
    ),
]
Plain = Annotated[
    bool,
    typer.Option(
        "--plain",
        help="Line mode (as in a pipe) even on a terminal big enough for the full-screen table.",
    ),
]
TrustBots = Annotated[
    bool,
    typer.Option(
        "--trust-bots",
        help="Start the bot programs (exec seats) the save names; without it such a save"
        " is refused.",
    ),
]


def _complete_level(incomplete: str) -> list[str]:
    return [name for name in LEVELS if name.startswith(incomplete)]


def _level_value(value: str | None) -> str | None:
    if value is not None and value.strip().lower() not in LEVELS:
        raise typer.BadParameter(f"{value[:40]!r} is not a level ({', '.join(LEVELS)})")
    return None if value is None else value.strip().lower()


Level = Annotated[
    str | None,
    typer.Option(
        help=f"Strength of the AI seats no -p names: {', '.join(LEVELS)} (default"
        f" {DEFAULT_LEVEL}; 'vikingcli players' shows what each plays).",
        callback=_level_value,
        autocompletion=_complete_level,
    ),
]
ForceOpt = Annotated[bool, typer.Option("--force", help="Replace a save of that name.")]
MoveTimeoutOpt = Annotated[
    float | None, checks.seconds_option("Hard limit in seconds per move; overrun forfeits.")
]
OptionPairs = Annotated[
    list[str] | None,
    typer.Option(
        "--option", "-o", help="Game option KEY=VALUE.", autocompletion=complete_option
    ),
]
