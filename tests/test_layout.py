"""The house layout every game plugin follows (issue 10, DESIGN.md "One shape for every
game plugin"): the same modules in every game, none too long, and no import hidden inside
a function to dodge an import cycle (import-linter checks the layers themselves)."""

from __future__ import annotations

import ast
import tomllib
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parent.parent / "src"
GAMES = ("wikinger", "walhalla", "graenaland", "jorvik")
PACKAGES = sorted(p for p in SRC.iterdir() if (p / "__init__.py").exists())
MODULES = sorted(m for p in PACKAGES for m in p.rglob("*.py"))
MAX_LINES = 600
# The games and the AI; the host may also import a command's modules when the command
# runs (a quick start), which the games and the AI have no reason to do.
PLUGIN_MODULES = [m for m in MODULES if m.relative_to(SRC).parts[0] != "vikingcli"]
# What every game has; a game with a board adds board.py.
EVERY_GAME = {
    "__init__.py", "game.py", "render.py", "view.py", "heuristic.py", "narrate.py", "actions.py",
    "rules", "scoring.py", "state.py", "data.py", "rulestext.py",
}  # fmt: skip


def _id(path: Path) -> str:
    return str(path.relative_to(SRC))


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_the_same_modules(game: str) -> None:
    folder = SRC / f"vikingcli_{game}"
    names = {p.name for p in folder.iterdir() if p.name != "__pycache__"}
    assert names >= EVERY_GAME, f"missing: {sorted(EVERY_GAME - names)}"
    extra = names - EVERY_GAME - {"board.py", "py.typed"}
    assert not extra, f"modules outside the house layout: {sorted(extra)}"
    assert (folder / "rules" / "__init__.py").exists()


@pytest.mark.parametrize("package", PACKAGES, ids=_id)
def test_package_ships_type_information(package: Path) -> None:
    assert (package / "py.typed").exists()


@pytest.mark.parametrize("module", PLUGIN_MODULES, ids=_id)
def test_module_is_not_too_long(module: Path) -> None:
    lines = len(module.read_text(encoding="utf-8").splitlines())
    assert lines <= MAX_LINES, f"{lines} lines; split it by job"


@pytest.mark.parametrize("module", PLUGIN_MODULES, ids=_id)
def test_no_function_imports_its_own_package(module: Path) -> None:
    package = module.relative_to(SRC).parts[0]
    tree = ast.parse(module.read_text(encoding="utf-8"))
    hidden = []
    for func in ast.walk(tree):
        if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(func):
            if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == package:
                hidden.append(f"line {node.lineno}: from {node.module} import ...")
            elif isinstance(node, ast.Import):
                hidden += [
                    f"line {node.lineno}: import {a.name}"
                    for a in node.names
                    if a.name.split(".")[0] == package
                ]
    assert not hidden, "imports inside functions: " + "; ".join(hidden)


def test_the_games_may_import_only_the_engine_api_of_the_host() -> None:
    """Every host module is in the import-linter list games may not import, but the
    engine API: a new host module cannot slip out of the contract unnoticed."""
    config = tomllib.loads((SRC.parent / "pyproject.toml").read_text(encoding="utf-8"))
    contracts = config["tool"]["importlinter"]["contracts"]
    games = next(c for c in contracts if c["name"].startswith("A game uses only"))
    public = {"__init__", "__main__", "engine", "flat", "draws", "hookspecs", "text"}
    host = {m.stem for m in (SRC / "vikingcli").glob("*.py")} - public
    assert {f"vikingcli.{m}" for m in host} == set(games["forbidden_modules"])
