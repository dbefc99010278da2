"""Checks of command-line values at parse time, and Typer's usage errors as one line.

Typer checks types and ``min``/``max``, but a float option takes ``nan``, ``inf``
and negatives, and a seed any size of integer; these callbacks refuse what the
engine cannot use, naming the option (Typer adds its name to the message).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import typer


def seed_option(help: str) -> Any:
    """A ``--seed`` option that takes only seeds (0 to 2^63-1)."""
    return typer.Option(help=help, callback=seed_value)


def seconds_option(help: str) -> Any:
    """A time limit option: a positive, finite number of seconds."""
    return typer.Option(help=help, callback=seconds_value)


def save_dir_option(help: str) -> Any:
    """A folder that saves go to, checked to be writable before any game is played."""
    return typer.Option(help=help, callback=save_dir_value)


def seed_value(value: int | None) -> int | None:
    """A seed the engine and the save format take: 0 to 2^63-1."""
    # Imported here, not at the top: the engine package loads every game contract
    # and pluggy, which ``--help`` never needs.
    from vikingcli.engine.players import SEED_MAX

    if value is not None and not 0 <= value <= SEED_MAX:
        raise typer.BadParameter(f"{value} is not a seed (0 to {SEED_MAX})")
    return value


def check_seed_range(first: int, count: int) -> None:
    """Consecutive seeds ``first`` ... ``first + count - 1`` must all be seeds."""
    from vikingcli.engine.players import SEED_MAX

    if first + count - 1 > SEED_MAX:
        raise typer.BadParameter(
            f"{first} with {count} games goes past the largest seed {SEED_MAX}",
            param_hint="'--seed'",
        )


def save_dir_value(value: Path | None) -> Path | None:
    from vikingcli.saves.files import SaveError, prepare_save_dir

    if value is not None:
        try:
            prepare_save_dir(value)
        except SaveError as exc:
            raise typer.BadParameter(str(exc)) from None
    return value


def finite_value(value: float) -> float:
    """A number option that must be finite (``nan`` passes any range check)."""
    if not math.isfinite(value):
        raise typer.BadParameter(f"{value!r} is not a finite number")
    return value


MAX_SECONDS = 86400.0
"""The longest time limit per move (a day): the clock of a move cannot take more."""


def seconds_value(value: float | None) -> float | None:
    """A time limit: a finite number of seconds above zero, at most a day (no option:
    no limit)."""
    if value is not None and not (math.isfinite(value) and value > 0):
        raise typer.BadParameter(
            f"{value!r} is not a positive number of seconds (leave the option out for no limit)"
        )
    if value is not None and value > MAX_SECONDS:
        raise typer.BadParameter(
            f"{value:g} seconds is more than a move may take (at most {MAX_SECONDS:g});"
            " leave the option out for no limit"
        )
    return value


MAX_ERROR = 1000
"""The longest error message printed (characters): whatever a file or a plugin put
in one, the error stays a line a person can read."""


def error_line(message: str) -> str:
    """``message`` as the one printable line an error is: control characters (a line
    break, an escape sequence from a file) become spaces, a long one is cut."""
    from vikingcli.engine.text import printable_line

    return printable_line(message, MAX_ERROR)


def _click_error(name: str) -> type[Exception]:
    # Typer raises click's exceptions (a vendored copy in newer Typer versions);
    # reached through the public typer.BadParameter so either copy is caught.
    for cls in typer.BadParameter.__mro__:
        if cls.__name__ == name and issubclass(cls, Exception):
            return cls
    raise ImportError(f"typer.BadParameter does not derive from {name}")


_UsageError = _click_error("UsageError")
_ClickException = _click_error("ClickException")


def run_app(app: typer.Typer, argv: Sequence[str] | None = None) -> int:
    """Run the CLI and return its exit code; a usage error is one line on stderr.

    Typer draws usage errors as a framed box of five or six lines; every other
    error of vikingcli is one line, so scripts and people read them the same way."""
    args = list(argv) if argv is not None else None
    try:
        code = app(args=args, prog_name="vikingcli", standalone_mode=False)
    except _UsageError as exc:
        ctx = getattr(exc, "ctx", None)
        if type(exc).__name__ == "NoArgsIsHelpError" and ctx is not None:
            # A bare `vikingcli` shows the help, as before (exit 2: nothing was done).
            typer.echo(ctx.get_help())
            return 2
        message = error_line(" ".join(_message(exc).split()))
        if ctx is not None:
            message += f" (see '{ctx.command_path} --help')"
        typer.echo(f"vikingcli: error: {message}", err=True)
        return 2
    except _ClickException as exc:
        typer.echo(f"vikingcli: error: {error_line(' '.join(_message(exc).split()))}", err=True)
        return int(getattr(exc, "exit_code", 1))
    except typer.Abort:
        typer.echo("vikingcli: error: aborted", err=True)
        return 1
    return code if isinstance(code, int) else 0


def _message(exc: Exception) -> str:
    format_message = getattr(exc, "format_message", None)
    return str(format_message()) if callable(format_message) else str(exc)
