"""The house docs/architecture.md draws ("The tree"): ``vikingcli/`` (the host, in
layers), ``ai/`` and ``plugins/`` (one folder per package, named as the package), every
game with the same modules, none too long, no import hidden inside a function to dodge
a circle, and no circle anywhere (``tests/architecture.py`` checks the layers).

Everything here reads the games from the tree, so a fifth game is checked with no list
edited; :func:`test_a_fifth_game_is_found_typed_and_checked_with_no_list_edited` adds
one to a copy of the tree and shows it.
"""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import sys
from pathlib import Path

import orjson
import pytest

from tests import architecture

ROOT = architecture.ROOT
MAX_LINES = 600
# What every game has; a game with a board adds board.py.
EVERY_GAME = {
    "__init__.py", "game.py", "render.py", "view.py", "heuristic.py", "narrate.py", "actions.py",
    "rules", "scoring.py", "state.py", "data.py", "rulestext.py", "schema.py", "codec.py",
}  # fmt: skip
TOP_LEVEL = {"vikingcli", "ai", "plugins", "saves", "tests", "pyproject.toml", "tox.ini"}


def games(root: Path) -> list[Path]:
    return [root / "plugins" / name for name in architecture.packages(root, "plugins")]


def plugin_packages(root: Path) -> list[Path]:
    return [root / f / n for f in ("ai", "plugins") for n in architecture.packages(root, f)]


def layout_problems(root: Path) -> list[str]:
    """What in the tree at ``root`` is not as the house layout says, one line each."""
    problems = []
    missing = TOP_LEVEL - {p.name for p in root.iterdir()}
    if missing:
        problems.append(f"missing at the top level: {sorted(missing)}")
    for folder in ("ai", "plugins"):
        for entry in (root / folder).iterdir():
            if entry.name == "__pycache__":
                continue
            if not (entry / "__init__.py").is_file() or not entry.name.startswith("vikingcli_"):
                problems.append(f"{folder}/{entry.name}: not a vikingcli_* package folder")
        if (root / folder / "__init__.py").exists():
            problems.append(f"{folder}/ must not be a package (its folders are the packages)")
    for game in games(root):
        names = {p.name for p in game.iterdir() if p.name != "__pycache__"}
        if not names >= EVERY_GAME:
            problems.append(f"{game.name}: missing {sorted(EVERY_GAME - names)}")
        extra = names - EVERY_GAME - {"board.py", "py.typed"}
        if extra:
            problems.append(f"{game.name}: modules outside the house layout: {sorted(extra)}")
        if not (game / "rules" / "__init__.py").exists():
            problems.append(f"{game.name}: rules/ is not a package")
    for package in [root / "vikingcli", *plugin_packages(root)]:
        if not (package / "py.typed").exists():
            problems.append(f"{package.name}: no py.typed")
    for module in sorted((root / "vikingcli").rglob("*.py")) + _plugin_modules(root):
        where = module.relative_to(root)
        lines = len(module.read_text(encoding="utf-8").splitlines())
        if lines > MAX_LINES:
            problems.append(f"{where}: {lines} lines; split it by job")
    for module in _plugin_modules(root):
        where = module.relative_to(root)
        problems += [f"{where}: {h}" for h in _imports_inside_functions(module)]
    return problems


def _plugin_modules(root: Path) -> list[Path]:
    # The games and the AI; the host may import a command's modules when the command
    # runs (a quick start), which the games and the AI have no reason to do.
    return sorted(m for p in plugin_packages(root) for m in p.rglob("*.py"))


def _imports_inside_functions(module: Path) -> list[str]:
    package = next(p for p in module.parts if p.startswith("vikingcli_"))
    tree = ast.parse(module.read_text(encoding="utf-8"))
    hidden = []
    for func in ast.walk(tree):
        if not isinstance(func, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(func):
            if isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == package:
                hidden.append(f"line {node.lineno}: from {node.module} import ... in a function")
            elif isinstance(node, ast.Import):
                hidden += [
                    f"line {node.lineno}: import {a.name} in a function"
                    for a in node.names
                    if a.name.split(".")[0] == package
                ]
    return hidden


def test_the_tree_is_the_house_layout() -> None:
    assert not (ROOT / "src").exists()
    assert layout_problems(ROOT) == []


def test_the_tree_has_the_four_games_and_the_ai() -> None:
    assert [g.name for g in games(ROOT)] == [
        "vikingcli_graenaland", "vikingcli_jorvik", "vikingcli_walhalla", "vikingcli_wikinger",
    ]  # fmt: skip
    assert architecture.packages(ROOT, "ai") == ["vikingcli_ai"]


def test_no_import_circle_anywhere() -> None:
    assert architecture.cycles() == []


def test_a_circle_is_found() -> None:
    edges = {"a": ["b"], "b": ["c"], "c": ["a", "d"], "d": ["e"], "e": ["d"], "f": ["a"]}
    found = architecture._strongly_connected(edges)
    assert sorted(found) == [["a", "b", "c"], ["d", "e"]]
    assert architecture._strongly_connected({"a": ["b"], "b": []}) == []


def test_games_and_the_ai_may_import_only_the_engine_of_the_host() -> None:
    public = architecture.contracts(ROOT)["public-api"]
    assert public["forbidden_modules"] == [
        "vikingcli.__main__", "vikingcli.adapters", "vikingcli.batch", "vikingcli.cli",
        "vikingcli.core", "vikingcli.hookspecs", "vikingcli.saves", "vikingcli.server",
        "vikingcli.study", "vikingcli.table", "vikingcli.testing",
    ]  # fmt: skip


def _copy_tree(dest: Path) -> None:
    for name in ("vikingcli", "ai", "plugins", "benchmarks", "tests", "saves"):
        shutil.copytree(
            ROOT / name, dest / name, ignore=shutil.ignore_patterns("__pycache__", "build")
        )
    for name in ("pyproject.toml", "setup.py", "README.md", "tox.ini"):
        shutil.copy2(ROOT / name, dest / name)


def _add_game(root: Path, name: str, *, broken: bool = False) -> None:
    """A new game under plugins/: Jórvík's rules under another name."""
    package = root / "plugins" / f"vikingcli_{name}"
    shutil.copytree(ROOT / "plugins" / "vikingcli_jorvik", package)
    for module in package.rglob("*.py"):
        text = module.read_text(encoding="utf-8").replace("vikingcli_jorvik", package.name)
        text = text.replace('name = "jorvik"', f'name = "{name}"')
        text = text.replace('title = "Jórvík"', f'title = "{name.title()}"')
        module.write_text(text, encoding="utf-8")
    if broken:  # a game that reaches past the public API into the host's core
        data = package / "data.py"
        data.write_text(
            "from vikingcli.core.match import Match  # noqa: F401\n" + data.read_text("utf-8"),
            encoding="utf-8",
        )


@pytest.mark.slow
def test_a_fifth_game_is_found_typed_and_checked_with_no_list_edited(tmp_path: Path) -> None:
    """Copy the tree, add a game folder under plugins/ and touch nothing else: the
    built package registers it (the CLI lists it), one mypy run checks it, the layout
    test and every import contract cover it (a game that breaks a contract is caught)."""
    root = tmp_path / "tree"
    _copy_tree(root)
    _add_game(root, "fifth")
    assert layout_problems(root) == []

    target = tmp_path / "installed"
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "COLUMNS")}
    subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps", "--no-build-isolation",
         "--disable-pip-version-check", "--target", str(target), str(root)],
        check=True, capture_output=True, env=env, cwd=tmp_path,
    )  # fmt: skip
    listed = subprocess.run(
        [sys.executable, "-m", "vikingcli", "games", "--json"],
        check=True, capture_output=True, env={**env, "PYTHONPATH": str(target)}, cwd=tmp_path,
    )  # fmt: skip
    names = [g["name"] for g in orjson.loads(listed.stdout)]
    assert names == ["fifth", "graenaland", "jorvik", "walhalla", "wikinger"]

    typed = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "mypy-cache")],
        capture_output=True, text=True, env=env, cwd=root,
    )  # fmt: skip
    assert typed.returncode == 0, typed.stdout
    wrong = root / "plugins" / "vikingcli_fifth" / "data.py"
    wrong.write_text(wrong.read_text("utf-8") + '\nWRONG: int = "a"\n', encoding="utf-8")
    mistyped = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "mypy-cache")],
        capture_output=True, text=True, env=env, cwd=root,
    )  # fmt: skip
    assert mistyped.returncode == 1
    assert "plugins/vikingcli_fifth/data.py" in mistyped.stdout
    wrong.write_text(wrong.read_text("utf-8").replace('WRONG: int = "a"', ""), encoding="utf-8")

    checked = _architecture(root, env)
    assert checked.returncode == 0, checked.stdout
    _add_game(root, "sixth", broken=True)
    caught = _architecture(root, env)
    assert caught.returncode == 1
    assert "vikingcli_sixth.data -> vikingcli.core.match" in caught.stdout


def _architecture(root: Path, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "tests.architecture", str(root)],
        capture_output=True, text=True, env=env, cwd=ROOT,
    )  # fmt: skip


def test_item35_a_host_folder_in_no_layer_fails_the_architecture_check(tmp_path: Path) -> None:
    """A folder added under vikingcli/ that HOST_LAYERS does not name is not waved
    through: ``python -m tests.architecture`` fails and names it."""
    root = tmp_path / "tree"
    for name in ("vikingcli", "ai", "plugins"):
        shutil.copytree(ROOT / name, root / name, ignore=shutil.ignore_patterns("__pycache__"))

    def check() -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "tests.architecture", str(root)],
            capture_output=True, text=True, cwd=ROOT,
        )  # fmt: skip

    assert check().returncode == 0
    extra = root / "vikingcli" / "extra"
    extra.mkdir()
    (extra / "__init__.py").write_text('"""A folder in no layer."""\n', encoding="utf-8")
    failed = check()
    assert failed.returncode == 1
    assert "vikingcli/extra is in no layer" in failed.stdout
    assert "core; engine BROKEN" in failed.stdout.replace("\n", "")
