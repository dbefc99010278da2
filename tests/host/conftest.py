"""Install the fixture plugin packages the way a third party would, for CLI tests.

They go into a private target folder (never into the test environment itself) and
the CLI runs in a subprocess with that folder on PYTHONPATH, so the host must find
them through their ``vikingcli`` entry points, like any installed game.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.host.sshclient import plugin_path

FIXTURES = Path(__file__).parent.parent / "fixtures"


def _install(target: Path, *packages: str) -> None:
    # Build from a copy: setuptools writes build/ and egg-info next to the sources,
    # and parallel test workers must not build in the same folder.
    sources = target.parent / f"{target.name}-src"
    for package in packages:
        shutil.copytree(FIXTURES / package, sources / package)
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "--disable-pip-version-check",
            "--target",
            str(target),
            *[str(sources / p) for p in packages],
        ],
        check=True,
        capture_output=True,
    )


@pytest.fixture(scope="session")
def plugin_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("plugins")
    _install(target, "toygame")
    return target


@pytest.fixture(scope="session")
def broken_plugin_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("broken")
    _install(target, "toygame", "brokenplugins")
    return target


CLI = Callable[..., subprocess.CompletedProcess[str]]


def _runner(target: Path, cwd: Path) -> CLI:
    def run(*args: str, input: str | None = None) -> subprocess.CompletedProcess[str]:
        env = dict(os.environ)
        env["PYTHONPATH"] = plugin_path(target)
        env.pop("COLUMNS", None)
        return subprocess.run(
            [sys.executable, "-m", "vikingcli", *args],
            capture_output=True,
            text=True,
            env=env,
            cwd=cwd,
            input=input,
            timeout=300,
        )

    return run


@pytest.fixture
def cli(plugin_dir: Path, tmp_path: Path) -> CLI:
    """Run ``vikingcli`` with the fixture game installed, in a scratch folder."""
    return _runner(plugin_dir, tmp_path)


@pytest.fixture(scope="session")
def oldapi_plugin_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    target = tmp_path_factory.mktemp("oldapi")
    _install(target, "toygame", "oldapi")
    return target


@pytest.fixture
def oldapi_cli(oldapi_plugin_dir: Path, tmp_path: Path) -> CLI:
    """Run ``vikingcli`` with a plugin written against the previous plugin API installed."""
    return _runner(oldapi_plugin_dir, tmp_path)


@pytest.fixture
def broken_cli(broken_plugin_dir: Path, tmp_path: Path) -> CLI:
    return _runner(broken_plugin_dir, tmp_path)


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[object]:
    """A throwaway PostgreSQL server (one per test process); skips, saying why, where
    PostgreSQL or psycopg is missing."""
    from tests.host import pgcluster

    why = pgcluster.missing()
    if why is not None:
        pytest.skip(why)
    cluster = pgcluster.Cluster()
    try:
        yield cluster
    finally:
        cluster.stop()
