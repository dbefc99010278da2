"""A throwaway PostgreSQL server for tests: ``initdb`` in a temporary folder, ``pg_ctl``
on a free loopback port, trust authentication for the one test user, stopped and
removed at the end. PostgreSQL refuses to run as root, so under root it runs as
``nobody`` (through ``runuser``). Tests skip, saying why, where the binaries (or
psycopg) are missing."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

USER = "vikingcli"


def binaries() -> Path | None:
    """The folder with initdb and pg_ctl: on PATH, or Debian's /usr/lib/postgresql/N/bin."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return Path(found).parent
    for folder in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if (Path(folder) / "initdb").is_file() and (Path(folder) / "pg_ctl").is_file():
            return Path(folder)
    return None


def missing() -> str | None:
    """Why PostgreSQL tests cannot run here, or ``None``."""
    if binaries() is None:
        return "PostgreSQL's initdb and pg_ctl are not installed"
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "psycopg is not installed (pip install -e '.[postgres]')"
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        return "running as root without runuser: PostgreSQL will not start as root"
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Cluster:
    """One PostgreSQL server; :meth:`database` makes a fresh database per test."""

    def __init__(self) -> None:
        folder = binaries()
        assert folder is not None
        self.bin = folder
        # In /tmp, not $TMPDIR (tox sets it inside the work tree, whose folders the
        # user the server runs as may not be allowed to pass through).
        self.dir = Path(tempfile.mkdtemp(prefix="vikingcli-pg-", dir="/tmp"))
        self.data = self.dir / "data"
        self.port = _free_port()
        self.prefix: list[str] = []
        if os.geteuid() == 0:
            shutil.chown(self.dir, "nobody")
            self.prefix = ["runuser", "-u", "nobody", "--"]
        self._run(str(self.bin / "initdb"), "-D", str(self.data), "-A", "trust", "-U", USER,
                  "--no-sync", "-E", "UTF8")  # fmt: skip
        options = f"-k {self.dir} -h 127.0.0.1 -p {self.port} -F -c max_connections=50"
        self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-o", options,
                  "-l", str(self.dir / "log"), "-w", "-t", "60", "start")  # fmt: skip
        self.count = 0

    def _run(self, *args: str) -> None:
        done = subprocess.run(
            [*self.prefix, *args], capture_output=True, text=True, timeout=120, cwd=self.dir
        )
        if done.returncode != 0:
            raise RuntimeError(f"{args[0]} failed: {done.stdout}{done.stderr}")

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://{USER}@127.0.0.1:{self.port}/{database}"

    def database(self) -> str:
        """A new empty database; its URL."""
        import psycopg

        self.count += 1
        name = f"test{os.getpid()}_{self.count}"
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)

    def stop(self) -> None:
        try:
            self._run(str(self.bin / "pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)
