"""The ``vikingcli`` command line (Typer): the contract users and scripts rely on.

Exit codes: 0 success, 1 a game or tournament error, 2 bad usage or bad input.
Errors are one readable line on stderr, never a traceback (unless ``--debug``).

Here are the app, its options and the error boundary every command runs inside;
the commands are in modules named for their job (``catalogue``, ``batch``, ``play``,
``server``, ``study``), what their
arguments mean in :mod:`vikingcli.cli.arguments`.
"""


import functools
import inspect
import os
import signal
import sys
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Annotated, NoReturn, ParamSpec

import typer

import vikingcli
from vikingcli.cli import batch as batch_commands
from vikingcli.cli import catalogue as catalogue_commands
from vikingcli.cli import checks
from vikingcli.cli import play as play_commands
from vikingcli.cli import server as server_commands
from vikingcli.cli import study as study_commands
from vikingcli.cli import tune as tune_commands
from vikingcli.cli import verify as verify_commands
from vikingcli.cli.arguments import UsageProblem
from vikingcli.core.errors import BadInput

app = typer.Typer(
    name="vikingcli",
    help="Play and study Viking-themed board games in the terminal, against people and AI"
    " players ('vikingcli games' lists the installed games).",
    no_args_is_help=True,
    pretty_exceptions_enable=False,
)

_DEBUG = False


def _input_errors() -> tuple[type[Exception], ...]:
    """Every error of bad usage or bad input. The classes of modules a command
    imports when it runs are imported here only once an error is being handled, so
    ``--help`` never loads those modules."""
    from vikingcli.engine.players import SpecError
    from vikingcli.saves.files import SaveError

    return UsageProblem, BadInput, SpecError, SaveError


def _fail(message: str, code: int) -> NoReturn:
    typer.echo(f"vikingcli: error: {checks.error_line(message)}", err=True)
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
    except OSError as exc:  # a file or a connection failed mid-run: exit code 1
        if _DEBUG:
            raise
        _fail(str(exc), 1)
    except KeyboardInterrupt as exc:
        # Stopped by a signal (vikingcli.core.processes): bots and workers are ended.
        if getattr(exc, "signum", None) == signal.SIGTERM:
            _fail("terminated (SIGTERM)", 128 + signal.SIGTERM)
        _fail("interrupted", 130)


P = ParamSpec("P")


def _reflowed(doc: str | None) -> str:
    """A command's docstring as ``--help`` should show it: paragraphs (split at
    blank lines) each joined into one line, for the terminal to wrap. Why: Typer's
    rich help keeps the docstring's own line breaks after the first paragraph, and
    the command list keeps them in the first, so a docstring wrapped at the source's
    width broke mid-sentence at 80 columns."""
    paragraphs = inspect.cleandoc(doc or "").split("\n\n")
    return "\n\n".join(" ".join(p.split()) for p in paragraphs)


def _command(func: Callable[P, None]) -> None:
    """Register ``func`` as a command of the app, run inside the error boundary.
    Typer reads the name and parameters through ``functools.wraps``."""

    @functools.wraps(func)
    def guarded(*args: P.args, **kwargs: P.kwargs) -> None:
        with _errors():
            func(*args, **kwargs)

    app.command(help=_reflowed(func.__doc__))(guarded)


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


# In this order in --help and in completion.
for _func in (
    catalogue_commands.games,
    catalogue_commands.players,
    catalogue_commands.rules,
    batch_commands.run,
    batch_commands.tournament,
    play_commands.resume,
    play_commands.play,
    play_commands.serve,
    server_commands.server,
    study_commands.replay,
    study_commands.analyze,
    tune_commands.tune,
    verify_commands.verify,
):
    _command(_func)


def main() -> None:
    """Entry point of the ``vikingcli`` script (and of ``python -m vikingcli``).

    SIGTERM and SIGINT end the command's bots and workers (and what they started)
    before it stops with one line: exit code 143 or 130."""
    from vikingcli.core.processes import stop_on_signals

    # asyncssh imports cryptography's DSA, which cryptography 51 deprecates with a
    # warning on stderr at every ssh command's start: a notice between two libraries,
    # not for the person at the terminal, whose errors are one line there.
    warnings.filterwarnings("ignore", message="DSA is deprecated", module="asyncssh")
    stop_on_signals()
    code = checks.run_app(app)
    # What is still buffered is flushed here rather than at interpreter exit, where a
    # reader gone away (``serve ... | tee log`` with tee ended) makes Python exit 120
    # after a clean stop. Nobody reads it any more: it goes to /dev/null.
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except OSError:
            os.dup2(os.open(os.devnull, os.O_WRONLY), stream.fileno())
    sys.exit(code)


if __name__ == "__main__":
    main()
