"""Builds of vikingcli side by side: the pure sources, the mypyc-compiled build, the
sources of another commit. Each is a list of directories that go first on
``PYTHONPATH``, so one interpreter (the project's venv, with every dependency) runs any
of them and the entry points of the installed package find the build's modules. Run
a build from another directory than the tree's root (``python -m`` and ``-c`` put the
working directory first on ``sys.path``, where the root's ``vikingcli/`` would win).

Used by ``speed.py --compare`` and by the opt-in test of the compiled build
(``tests/compiled``).
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tarfile
import tempfile
from dataclasses import dataclass
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
COMPILE_ENV = "VIKINGCLI_MYPYC"  # read by setup.py


class BuildError(RuntimeError):
    """A build could not be made; the message says which step failed and why."""


@dataclass(frozen=True)
class Build:
    """A way to run vikingcli: ``paths`` go first on ``PYTHONPATH``."""

    label: str
    paths: tuple[Path, ...]

    @property
    def path(self) -> Path:
        """Where the build is (its first directory)."""
        return self.paths[0]

    def env(self) -> dict[str, str]:
        env = dict(os.environ)
        rest = env.get("PYTHONPATH", "")
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [*map(str, self.paths), rest]))
        return env


def source_paths(root: Path) -> tuple[Path, ...]:
    """The import roots of a source tree: the host at the top, the AI players and the
    games in ``ai/`` and ``plugins/`` (or ``src/`` in trees from before that layout)."""
    if (root / "src").is_dir():
        return (root / "src",)
    return (root, root / "ai", root / "plugins")


def pure(repo: Path = REPO) -> Build:
    """The working tree's sources, interpreted (what the editable install runs)."""
    return Build("pure", source_paths(repo))


def _run(cmd: list[str], what: str, **kwargs: object) -> None:
    done = subprocess.run(cmd, capture_output=True, text=True, **kwargs)  # type: ignore[call-overload]
    if done.returncode != 0:
        tail = (done.stderr or done.stdout).strip().splitlines()[-15:]
        raise BuildError(f"{what} failed (exit {done.returncode}):\n" + "\n".join(tail))


def compiled(dest: Path, repo: Path = REPO) -> Build:
    """The mypyc build of ``repo``'s working tree, installed (without dependencies)
    into ``dest``. Reused when ``dest`` already holds one: compiling takes minutes."""
    marker = dest / ".vikingcli-compiled"
    if not marker.exists():
        dest.mkdir(parents=True, exist_ok=True)
        with tempfile.TemporaryDirectory() as wheels:
            env = dict(os.environ, **{COMPILE_ENV: "1"})
            cmd = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", wheels]
            if importlib.util.find_spec("mypyc") is not None:
                # mypy is here already: build with it instead of fetching it again.
                cmd.append("--no-build-isolation")
            _run([*cmd, str(repo)], "compiling with mypyc", env=env)
            (wheel,) = Path(wheels).glob("vikingcli-*.whl")
            _run(
                [sys.executable, "-m", "pip", "install", "-q", "--no-deps", "--upgrade",
                 "--target", str(dest), str(wheel)],
                "installing the compiled wheel",
            )
        marker.write_text(str(repo) + "\n")
    return Build("compiled", (dest,))


def commit(rev: str, dest: Path, repo: Path = REPO) -> Build:
    """The pure sources of commit ``rev`` (``git archive``), unpacked under ``dest``."""
    archive = dest / "sources.tar"
    dest.mkdir(parents=True, exist_ok=True)
    _run(["git", "-C", str(repo), "archive", "-o", str(archive), rev],
         f"reading commit {rev!r}")
    with tarfile.open(archive) as tar:
        tar.extractall(dest, filter="data")
    archive.unlink()
    return Build(f"git:{rev}", source_paths(dest))


def compiled_modules(build: Build) -> list[str]:
    """The modules of ``build`` that are extension modules (compiled), by file name."""
    return sorted(
        str(p.relative_to(build.path)) for p in build.path.rglob("*.so") if "__mypyc" not in p.name
    )
