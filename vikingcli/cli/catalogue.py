"""The catalogue commands: what is installed (``games``, ``players``) and a game's
rules (``rules``)."""


import textwrap
from typing import TYPE_CHECKING, Annotated, Any

import typer

from vikingcli.cli.arguments import GameName, find_game, registry
from vikingcli.cli.printing import dump

if TYPE_CHECKING:  # the modules a command needs are imported when it runs
    from vikingcli.engine import Game


def _game_json(game: "Game") -> dict[str, Any]:
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


def _wrap(text: str, indent: int) -> str:
    pad = " " * indent
    return textwrap.fill(text, 80, initial_indent=pad, subsequent_indent=pad)


def games(
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """List the installed games, their player counts and options."""
    reg = registry()
    items = [_game_json(reg.games[name]) for name in sorted(reg.games)]
    if json_out:
        dump(items)
        return
    for g in items:
        typer.echo(
            f"{g['name']:<12} {g['title']}  ({g['min_players']}-{g['max_players']} players)"
        )
        for o in g["options"]:
            values = "|".join(o["choices"]) if o["choices"] else o["default"]
            typer.echo(f"    --option {o['name']}={values}  (default {o['default']})")
            typer.echo(_wrap(o["help"], 8))


def players(
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON.")] = False,
) -> None:
    """List the installed player kinds, their parameters and the AI levels."""
    from vikingcli.core.levels import LEVELS

    reg = registry()
    items = [reg.players[name].to_json() for name in sorted(reg.players)]
    for item in items:  # each kind names the levels it plays (play --level, create level=)
        item["levels"] = [lv for lv, spec in LEVELS.items() if spec.split(":")[0] == item["name"]]
    if json_out:
        dump(items)
        return
    for p in items:
        typer.echo(f"{p['name']:<8} {p['description']}")
        for param in p["params"]:
            typer.echo(
                f"    {param['name']}={param['type']} (default {param['default']}"
                f"{_bounds(param)})"
            )
            typer.echo(_wrap(param["help"], 8))
    typer.echo("levels (play GAME --level NAME; at the server: create GAME level=NAME)")
    for name, spec in LEVELS.items():
        kind = spec.split(":")[0]
        missing = "" if kind in reg.players else f" ({kind} not installed)"
        typer.echo(f"    {name:<8} {spec}{missing}")


def _bounds(param: dict[str, Any]) -> str:
    """``, 1 to 10000000`` for a parameter with bounds (from its JSON description)."""
    low, high = param.get("minimum"), param.get("maximum")

    def shown(v: float) -> str:
        return str(v) if isinstance(v, int) else f"{v:g}"

    if low is not None and high is not None:
        return f", {shown(low)} to {shown(high)}"
    if low is not None:
        return f", at least {shown(low)}"
    if high is not None:
        return f", at most {shown(high)}"
    return ""


def rules(game: GameName) -> None:
    """Print a readable rules summary and the action syntax of a game."""
    typer.echo(find_game(registry(), game).rules_text())
