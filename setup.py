"""Build script: what pyproject.toml cannot say statically.

* The plugins' entry points, read from the tree: every package under ``ai/`` and
  ``plugins/`` is registered in the ``vikingcli`` entry-point group under its name
  without the ``vikingcli_`` prefix (``plugins/vikingcli_jorvik`` is ``jorvik``),
  exactly as a third-party plugin package registers itself; so adding a game edits
  no list. The host adds one of its own: ``openspiel``, the player kind of
  ``vikingcli.adapters.players``.
* The optional mypyc extension modules (as mypy and black ship themselves), when
  ``VIKINGCLI_MYPYC=1`` asks for the compiled build; pure Python otherwise::

    VIKINGCLI_MYPYC=1 pip install .        # compiled game plugins and AI players
    pip install -e .[test]                 # development: pure Python, editable

The wheel of a compiled build still holds every ``.py`` file; Python imports the
extension module where one was built, so the host package (but ``flat.py`` and
``draws.py``) and any module left out below run as plain Python.
"""

from __future__ import annotations

import os
import sys
import tomllib
from pathlib import Path

from setuptools import setup

COMPILE_ENV = "VIKINGCLI_MYPYC"

TOP = Path(__file__).resolve().parent
PLUGIN_FOLDERS = ("ai", "plugins")
"""Where the plugin packages live: one folder per package, named as the package."""
PREFIX = "vikingcli_"


def plugin_packages(top: Path = TOP) -> list[Path]:
    """Every plugin package of the tree (the AI players and the games), sorted."""
    return sorted(
        package
        for folder in PLUGIN_FOLDERS
        for package in (top / folder).glob(f"{PREFIX}*")
        if (package / "__init__.py").is_file()
    )


def entry_points(top: Path = TOP) -> dict[str, list[str]]:
    """The ``vikingcli`` script, the ``vikingcli`` plugins of the tree, and the
    conformance suite for pytest."""
    plugins = [f"{p.name.removeprefix(PREFIX)} = {p.name}" for p in plugin_packages(top)]
    # The host's own plugin: the player kind that seats an OpenSpiel bot (its library is
    # imported only when such a player is made: the rl extra stays optional).
    plugins.append("openspiel = vikingcli.adapters.players")
    return {
        "console_scripts": ["vikingcli = vikingcli.cli.app:main"],
        "vikingcli": plugins,
        "pytest11": ["vikingcli = vikingcli.engine.testing"],
    }


COMPILED_HOST_MODULES = ["vikingcli/engine/flat.py", "vikingcli/engine/draws.py"]
"""The host modules compiled too: :class:`vikingcli.engine.flat.FlatState` is the base of
every game's state class, and a state class is compiled as a native class (its
fields at fixed offsets, read and written by the compiled rules without a name
look-up) only if its base class is native as well. FlatState and FlatGame still
allow interpreted subclasses (toy games, third-party plugins). ``draws`` is the
games' shuffle (``random.Random.shuffle`` is Python code: interpreted speed in every
``determinize``)."""

INTERPRETED_MODULES = {"__init__.py"}
"""Top-level modules of the plugin packages (compiled whole) that stay interpreted in
the compiled build: ``__init__.py``, the plugin hooks, run once (pluggy inspects their
signatures). A subpackage's ``__init__.py`` is compiled like any module: the games' ``rules``
packages keep their per-phase dispatch (``to_move``, ``legal_actions``, ``apply_legal``) there, on
every ply's path."""


def _compiled_sources() -> list[str]:
    return COMPILED_HOST_MODULES + [
        str(path.relative_to(TOP))
        for package in plugin_packages()
        for path in sorted(package.rglob("*.py"))
        if path.relative_to(package).as_posix() not in INTERPRETED_MODULES
    ]


MYPY_REQUIREMENT = "mypy>=1.10"


def _build_requirements() -> list[str]:
    """mypy, and the project's own dependencies: mypyc type-checks the modules it
    compiles together with everything they import (pluggy, orjson...)."""
    pyproject = tomllib.loads((TOP / "pyproject.toml").read_text())
    return [MYPY_REQUIREMENT, *pyproject["project"]["dependencies"]]


# The build commands that need the extension modules; metadata-only runs
# (egg_info, dist_info) skip the slow mypyc translation.
_BUILDS = {"bdist_wheel", "build", "build_ext", "install", "editable_wheel", "develop"}


def _compiling() -> bool:
    value = os.environ.get(COMPILE_ENV, "").strip()
    if value not in ("", "0", "1"):
        sys.exit(f"{COMPILE_ENV} must be 1 (compile) or 0 (pure Python), not {value!r}")
    return value == "1"


if __name__ == "__main__":
    if not _compiling():
        setup(entry_points=entry_points())
    else:
        try:
            from mypyc.build import mypycify
        except ImportError:
            # In pip's isolated build environment: setuptools reports setup_requires as
            # build requirements, so pip installs them and runs this script again.
            setup(entry_points=entry_points(), setup_requires=_build_requirements())
        else:
            if _BUILDS.isdisjoint(sys.argv[1:]):
                setup(entry_points=entry_points(), setup_requires=_build_requirements())
            else:
                setup(
                    entry_points=entry_points(),
                    ext_modules=mypycify(_compiled_sources(), opt_level="3"),
                )
