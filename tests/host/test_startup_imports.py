"""Issue 38: ``vikingcli --help`` starts about as fast as a bare Typer app, because it
imports only the command line's own modules. Start-up is checked by what is imported
(a count and names), never by a timed assertion: times on a loaded machine say little.
The times themselves are ``benchmarks/startup.py``'s."""

from __future__ import annotations

import os
import subprocess
import sys

# What ``--help`` must not load: each costs start-up time and only some commands use it.
HEAVY = (
    "asyncio",  # with ssl, ~75 ms: only the full-screen game, tables and the server
    "ssl",
    "pluggy",  # the plugin registry: commands that load games
    "vikingcli.engine",  # the game contract and every kind of player
    "vikingcli.engine.game",
    "vikingcli.core.registry",
    "prompt_toolkit",
    "asyncssh",
    "orjson",
    "msgspec",
    "multiprocessing",
    "concurrent.futures",
    "ctypes",
)

# Runs the app's help in a fresh interpreter and prints every module then imported.
PROBE = """
import contextlib, io, sys
sys.argv = ["vikingcli", *sys.argv[1:]]
from vikingcli.cli.app import app
with contextlib.redirect_stdout(io.StringIO()):
    try:
        app()
    except SystemExit:
        pass
print("\\n".join(sorted(sys.modules)))
"""

# Modules the project itself may load for ``--help``: the command modules, what they
# share, and the signal handling every command installs.
ALLOWED_OWN_MODULES = 25


def _modules_imported(*args: str) -> set[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in sys.path if p)
    out = subprocess.run(
        [sys.executable, "-c", PROBE, *args],
        capture_output=True, text=True, check=True, timeout=60, env=env,
    )  # fmt: skip
    return set(out.stdout.split())


def heavy_among(modules: set[str]) -> list[str]:
    """The heavy modules (or their submodules) among ``modules``."""
    return sorted(m for m in modules if any(m == h or m.startswith(h + ".") for h in HEAVY))


def test_item38_help_imports_none_of_the_heavy_modules() -> None:
    modules = _modules_imported("--help")
    assert "vikingcli.cli.app" in modules  # the probe ran the app
    assert heavy_among(modules) == []
    own = sorted(m for m in modules if m.split(".")[0].startswith("vikingcli"))
    assert len(own) <= ALLOWED_OWN_MODULES, own


def test_item38_command_help_imports_none_of_the_heavy_modules() -> None:
    """A command's own ``--help`` (play's, the one with the most options) stays light."""
    modules = _modules_imported("play", "--help")
    assert heavy_among(modules) == []


def test_item38_the_check_names_a_heavy_module_when_one_is_imported() -> None:
    """The twin: a probe that does load the engine is caught, by name."""
    modules = _modules_imported("--help") | {"asyncio.events", "vikingcli.engine.game"}
    assert heavy_among(modules) == ["asyncio.events", "vikingcli.engine.game"]


def string_annotated_commands() -> list[str]:
    """The commands (and the app's callback) whose parameters are annotated with
    strings, which Typer must ``eval`` (compiling each) every time the program starts."""
    from vikingcli.cli.app import app

    callbacks = [c.callback for c in app.registered_commands]
    if app.registered_callback is not None:
        callbacks.append(app.registered_callback.callback)
    return sorted(
        f"{f.__module__}.{f.__name__}"
        for f in callbacks
        if f is not None and any(isinstance(a, str) for a in f.__annotations__.values())
    )


def test_item38_command_parameters_are_not_evaluated_at_start_up() -> None:
    """Typer builds every command's parameters for any ``--help``; with ``from
    __future__ import annotations`` in a command module each annotation is a string it
    evaluates (about 660 of them, 30 ms of a 200 ms start on the development machine),
    so command modules keep their annotations evaluated once, into the bytecode."""
    assert string_annotated_commands() == []


def test_item38_the_annotation_check_finds_a_string_annotated_command() -> None:
    """The twin: a command annotated with strings is named."""
    from vikingcli.cli.app import app

    def planted(games: int) -> None:  # a string: this module imports annotations
        """A command with a string annotation."""

    app.command()(planted)
    try:
        assert any(name.endswith(".planted") for name in string_annotated_commands())
    finally:
        app.registered_commands.pop()
