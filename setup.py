"""Build script: pure Python unless ``VIKINGCLI_MYPYC=1`` asks for the compiled build.

Everything else about the package lives in pyproject.toml; this file only adds the
optional mypyc extension modules (as mypy and black ship themselves)::

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

COMPILED_PACKAGES = [
    "vikingcli_ai",
    "vikingcli_wikinger",
    "vikingcli_walhalla",
    "vikingcli_graenaland",
    "vikingcli_jorvik",
]
"""What mypyc compiles: the search and the rules, where the time goes. The host
(CLI, saves, tournaments) stays interpreted: its speed is start-up and I/O."""

COMPILED_HOST_MODULES = ["src/vikingcli/flat.py", "src/vikingcli/draws.py"]
"""The host modules compiled too: :class:`vikingcli.flat.FlatState` is the base of
every game's state class, and a state class is compiled as a native class (its
fields at fixed offsets, read and written by the compiled rules without a name
look-up) only if its base class is native as well. FlatState and FlatGame still
allow interpreted subclasses (toy games, third-party plugins). ``draws`` is the
games' shuffle (``random.Random.shuffle`` is Python code: interpreted speed in every
``determinize``)."""

INTERPRETED_MODULES = {"__init__.py"}
"""Top-level modules of those packages that stay interpreted in the compiled build:
``__init__.py``, the plugin hooks, run once (pluggy inspects their signatures). A
subpackage's ``__init__.py`` is compiled like any module: the games' ``rules``
packages keep their per-phase dispatch (``to_move``, ``legal``, ``play``) there, on
every ply's path."""


def _compiled_sources() -> list[str]:
    top = Path(__file__).parent
    root = top / "src"
    return COMPILED_HOST_MODULES + [
        str(path.relative_to(top))
        for package in COMPILED_PACKAGES
        for path in sorted((root / package).rglob("*.py"))
        if path.relative_to(root / package).as_posix() not in INTERPRETED_MODULES
    ]


MYPY_REQUIREMENT = "mypy>=1.10"


def _build_requirements() -> list[str]:
    """mypy, and the project's own dependencies: mypyc type-checks the modules it
    compiles together with everything they import (pluggy, orjson...)."""
    pyproject = tomllib.loads((Path(__file__).parent / "pyproject.toml").read_text())
    return [MYPY_REQUIREMENT, *pyproject["project"]["dependencies"]]


# The build commands that need the extension modules; metadata-only runs
# (egg_info, dist_info) skip the slow mypyc translation.
_BUILDS = {"bdist_wheel", "build", "build_ext", "install", "editable_wheel", "develop"}


def _compiling() -> bool:
    value = os.environ.get(COMPILE_ENV, "").strip()
    if value not in ("", "0", "1"):
        sys.exit(f"{COMPILE_ENV} must be 1 (compile) or 0 (pure Python), not {value!r}")
    return value == "1"


if not _compiling():
    setup()
else:
    try:
        from mypyc.build import mypycify
    except ImportError:
        # In pip's isolated build environment: setuptools reports setup_requires as
        # build requirements, so pip installs them and runs this script again.
        setup(setup_requires=_build_requirements())
    else:
        if _BUILDS.isdisjoint(sys.argv[1:]):
            setup(setup_requires=_build_requirements())
        else:
            setup(ext_modules=mypycify(_compiled_sources(), opt_level="3"))
