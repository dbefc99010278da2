"""The mypyc build plays exactly the games the pure build plays.

Opt-in: compiling takes minutes, so these tests run only with
``VIKINGCLI_TEST_COMPILED=1`` (CI keeps testing the pure build)::

    VIKINGCLI_TEST_COMPILED=1 pytest -q tests/compiled

They build the working tree with mypyc into a temporary directory, then run the same
batches (every game at its default table size, a search player, greedy and random
seats, fixed seeds) with the pure sources and with the compiled modules, and compare
the JSON records (minus timings) and every saved move. ``VIKINGCLI_COMPILED_DIR=DIR``
reuses a build that ``benchmarks/builds.py`` made there (of the same sources) instead.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import orjson
import pytest

from benchmarks import builds
from vikingcli.core.registry import load_registry

ENV = "VIKINGCLI_TEST_COMPILED"
DIR_ENV = "VIKINGCLI_COMPILED_DIR"

pytestmark = pytest.mark.skipif(
    os.environ.get(ENV) != "1", reason=f"compiles with mypyc (minutes); set {ENV}=1"
)

GAMES = {name: game.default_players for name, game in load_registry().games.items()}


@pytest.fixture(scope="module")
def compiled(tmp_path_factory: pytest.TempPathFactory) -> builds.Build:
    given = os.environ.get(DIR_ENV)
    return builds.compiled(Path(given) if given else tmp_path_factory.mktemp("compiled"))


def _batch(build: builds.Build, game: str, n: int, saves: Path) -> list[dict[str, Any]]:
    players = ["mcts:iterations=40", "greedy", *["random"] * (n - 2)]
    cmd = [
        sys.executable,
        "-m",
        "vikingcli",
        "run",
        game,
        "--games",
        "3",
        "--seed",
        "7",
        "--json",
        "--save-dir",
        str(saves),
    ]
    for spec in players:
        cmd += ["-p", spec]
    # Not from the tree's root, where python -m would import its vikingcli/ first.
    done = subprocess.run(
        cmd, env=build.env(), capture_output=True, text=True, check=False, cwd=saves.parent
    )
    assert done.returncode == 0, done.stderr
    records = []
    for line in done.stdout.splitlines():
        record = orjson.loads(line)
        record.pop("seconds", None)
        record.pop("save", None)  # the path, in each build's own directory
        save = orjson.loads((saves / f"{record['game']}-{record['seed']}.json").read_bytes())
        record["actions"] = save["actions"]
        records.append(record)
    return records


def test_the_compiled_build_runs_compiled_rules_and_search(
    compiled: builds.Build, tmp_path: Path
) -> None:
    probe = (
        "import importlib, sys\n"
        "for name in sys.argv[1:]:\n"
        "    print(importlib.import_module(name).__file__)\n"
    )
    names = [
        "vikingcli.engine.flat",
        "vikingcli_ai.mcts",
        *(f"vikingcli_{g}.game" for g in GAMES),
        *(f"vikingcli_{g}.state" for g in GAMES),
    ]
    done = subprocess.run(
        [sys.executable, "-c", probe, *names],
        env=compiled.env(),
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    )
    files = dict(zip(names, done.stdout.split()))
    for name, path in files.items():
        assert path.startswith(str(compiled.path)), f"{name} came from {path}"
        # The state classes too, and the host's flat.py they derive from (setup.py).
        assert not path.endswith(".py"), f"{name}: {path}"


@pytest.mark.parametrize(("game", "n"), GAMES.items(), ids=list(GAMES))
def test_same_seeds_give_the_same_games(
    compiled: builds.Build, game: str, n: int, tmp_path: Path
) -> None:
    pure = _batch(builds.pure(), game, n, tmp_path / "pure")
    fast = _batch(compiled, game, n, tmp_path / "compiled")
    assert len(pure) == 3
    assert fast == pure


def test_python_m_in_the_source_tree_names_the_cause_instead_of_crashing(
    compiled: builds.Build,
) -> None:
    """From the repository's root, ``python -m vikingcli`` imports the tree's interpreted
    ``vikingcli/`` ahead of the compiled build, whose game states need its compiled
    host: importing them there ended the interpreter with a segmentation fault."""
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(
        [sys.executable, "-m", "vikingcli", "run", "jorvik", "--games", "1"],
        env=compiled.env(),
        capture_output=True,
        text=True,
        check=False,
        cwd=root,
    )
    assert done.returncode == 2, (done.returncode, done.stderr)
    assert "plugins not loaded: ai, graenaland, jorvik, walhalla, wikinger" in done.stderr
    assert "run from another directory" in done.stderr
    assert "Traceback" not in done.stderr
