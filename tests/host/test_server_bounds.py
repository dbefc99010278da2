"""Issue 34: what one server costs and owns. Typing bounded in memory and in CPU so
nobody's answer waits on another account's keys (item 6), one server per SQLite
file however the file is named (item 7), and a database only the server's user
reads (item 8). Real ``vikingcli server`` processes on 127.0.0.1, real SSH clients
(OpenSSH's ``ssh``, asyncssh for the many typing connections), every wait bounded."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from tests.host.serverclient import SSH, SSH_KEYGEN, ServerProcess, make_key, ssh_run
from tests.host.sshclient import WAIT, plugin_path

pytestmark = pytest.mark.skipif(
    SSH is None or SSH_KEYGEN is None, reason="OpenSSH's ssh and ssh-keygen are not installed"
)


def _second_server(plugin_dir: Path, folder: Path, db: str) -> subprocess.CompletedProcess[str]:
    """``vikingcli server --db DB`` that should be refused: what it printed and its
    exit code, or a failure if it is still running after a while (it started)."""
    env = dict(os.environ, PYTHONPATH=plugin_path(plugin_dir))
    proc = subprocess.Popen(
        [sys.executable, "-m", "vikingcli", "server", "--port", "0", "--host", "127.0.0.1",
         "--host-key", "hostkey", "--db", db],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        env=env, cwd=folder,
    )  # fmt: skip
    try:
        out, err = proc.communicate(timeout=20)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate(timeout=WAIT)
        raise AssertionError(f"a server ran on {db}: {out}{err}") from None
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


def test_item7_a_second_server_through_a_symlink_or_hardlink_is_refused_in_one_line(
    plugin_dir: Path, tmp_path: Path
) -> None:
    amy = make_key(tmp_path, "amy")
    server = ServerProcess(plugin_dir, tmp_path, "--open-registration")
    try:
        assert ssh_run(server.port, amy, "amy", "register", "amy").returncode == 0
        (tmp_path / "other").mkdir(mode=0o700)
        os.symlink(tmp_path / "db.sqlite", tmp_path / "other" / "soft.sqlite")
        os.link(tmp_path / "db.sqlite", tmp_path / "other" / "hard.sqlite")
        for name in ("other/soft.sqlite", "other/hard.sqlite", "./other/../db.sqlite"):
            second = _second_server(plugin_dir, tmp_path, name)
            assert second.returncode == 2, second.stderr
            line = second.stderr.strip()
            assert "\n" not in line and "in use by another vikingcli server" in line, line
            assert "Traceback" not in second.stderr
        # The first server goes on: its tables and accounts are its own.
        who = ssh_run(server.port, amy, "amy", "who")
        assert who.returncode == 0 and "amy" in who.stdout, who.stderr
        assert server.proc.poll() is None
        code, _ = server.stop()
        assert code == 0, server.stderr()
        assert "UNIQUE constraint" not in server.stderr()
    finally:
        server.close()


def _mode(path: Path) -> int:
    return stat.S_IMODE(path.stat().st_mode)


def test_item8_the_database_files_are_the_servers_users_alone(
    plugin_dir: Path, tmp_path: Path
) -> None:
    amy = make_key(tmp_path, "amy")
    server = ServerProcess(plugin_dir, tmp_path, "--open-registration", db="data/db.sqlite")
    try:
        assert ssh_run(server.port, amy, "amy", "register", "amy").returncode == 0
        made = ssh_run(server.port, amy, "amy", "create", "toygame", "ai=random", "time=1h")
        assert made.returncode == 0, made.stderr
        data = tmp_path / "data"
        for name in ("db.sqlite", "db.sqlite-shm", "db.sqlite-wal"):
            assert _mode(data / name) == 0o600, (name, oct(_mode(data / name)))
        assert sorted(p.name for p in data.iterdir()) == [
            "db.sqlite", "db.sqlite-shm", "db.sqlite-wal"
        ]  # fmt: skip
        assert _mode(data) & 0o077 == 0, oct(_mode(data))
    finally:
        server.close()
    # A database an older server left readable to all is made private at the start.
    for name in ("db.sqlite", "db.sqlite-shm", "db.sqlite-wal"):
        if (tmp_path / "data" / name).exists():
            (tmp_path / "data" / name).chmod(0o644)
    again = ServerProcess(plugin_dir, tmp_path, db="data/db.sqlite")
    try:
        for name in ("db.sqlite", "db.sqlite-shm", "db.sqlite-wal"):
            assert _mode(tmp_path / "data" / name) == 0o600, name
        assert ssh_run(again.port, amy, "amy", "who").returncode == 0
    finally:
        again.close()


def test_item8_a_database_folder_anyone_may_write_to_is_refused_in_one_line(
    plugin_dir: Path, tmp_path: Path
) -> None:
    shared = tmp_path / "shared"
    shared.mkdir()
    shared.chmod(0o1777)  # as /tmp: anyone could put their own -wal file there first
    refused = _second_server(plugin_dir, tmp_path, "shared/db.sqlite")
    assert refused.returncode == 2, refused.stderr
    line = refused.stderr.strip()
    assert "\n" not in line and "writable by everyone" in line, line
    assert list(shared.iterdir()) == []
