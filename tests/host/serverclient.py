"""Drive ``vikingcli server`` as people do: a real server process on 127.0.0.1, real
OpenSSH clients (``ssh``) in pseudo-terminals read through the pyte terminal emulator,
and ``ssh HOST COMMAND`` for one lobby command. Keys are made with ssh-keygen in the
test's folder; ``~/.ssh`` is never read (``-F /dev/null``, ``IdentitiesOnly``)."""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import pty
import re
import shutil
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from tests.host.sshclient import ANSI, COLS, ROWS, WAIT, Person, Server, plugin_path

SSH = shutil.which("ssh")
SSH_KEYGEN = shutil.which("ssh-keygen")
needs_openssh = pytest.mark.skipif(
    SSH is None or SSH_KEYGEN is None, reason="OpenSSH's ssh and ssh-keygen are not installed"
)
"""The mark of a test that runs a real OpenSSH client (CI installs one)."""


class ServerProcess:
    """``vikingcli server ...`` in ``folder`` on a free port."""

    def __init__(self, plugin_dir: Path | None, folder: Path, *args: str, db: str = "db.sqlite"):
        self.folder, self.args, self.db = folder, args, db
        self.plugin_dir = plugin_dir
        self.log_path = folder / f"server-{time.monotonic_ns()}.log"
        self.start()

    def start(self) -> None:
        env = dict(os.environ)
        if self.plugin_dir is not None:
            env["PYTHONPATH"] = plugin_path(self.plugin_dir)
        self.log = self.log_path.open("a")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "vikingcli", "server", "--port", "0", "--host", "127.0.0.1",
             "--host-key", "hostkey", "--db", self.db, *self.args],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=self.log,
            text=True, env=env, cwd=self.folder, start_new_session=True,
        )  # fmt: skip
        assert self.proc.stdout is not None
        first = self.proc.stdout.readline()
        found = re.search(r"127\.0\.0\.1:(\d+)", first)
        assert found, first + self.stderr()
        self.first = first
        self.port = int(found.group(1))
        self.proc.stdout.readline()

    def stderr(self) -> str:
        if not self.log.closed:
            self.log.flush()
        return self.log_path.read_text()

    def kill9(self) -> None:
        """Kill the server outright; its AI workers must end by themselves."""
        workers = children(self.proc.pid)
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=WAIT)
        self.log.close()
        end = time.monotonic() + WAIT
        while any(alive(pid) for pid in workers):
            assert time.monotonic() < end, f"workers {workers} outlived their server"
            time.sleep(0.1)

    def stop(self) -> tuple[int, str]:
        self.proc.send_signal(signal.SIGTERM)
        return self._ended()

    def interrupt(self) -> tuple[int, str]:
        """^C at the server's terminal: SIGINT to its whole process group, workers too."""
        os.killpg(self.proc.pid, signal.SIGINT)
        return self._ended()

    def _ended(self) -> tuple[int, str]:
        out, _ = self.proc.communicate(timeout=WAIT)
        self.log.close()
        return self.proc.returncode, out

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=WAIT)
        if not self.log.closed:
            self.log.close()


def alive(pid: int) -> bool:
    """Whether process ``pid`` runs (a zombie waiting to be reaped does not)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] != "Z"


def children(pid: int) -> list[int]:
    """The processes whose parent is ``pid`` (Linux: read from /proc)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rsplit(")", 1)[1].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def make_key(folder: Path, name: str, comment: str | None = None) -> Path:
    """A new ed25519 key pair ``folder/NAME`` and ``folder/NAME.pub``."""
    path = folder / name
    assert SSH_KEYGEN is not None
    subprocess.run(
        [SSH_KEYGEN, "-q", "-t", "ed25519", "-N", "", "-C", comment or f"{name}@laptop",
         "-f", str(path)],
        check=True,
    )  # fmt: skip
    return path


def served_with_key(plugin_dir: Path, folder: Path, *args: str) -> tuple[Server, Path]:
    """``vikingcli serve toygame -p human -p random ARGS`` and a new OpenSSH key,
    ``folder/alice``, the one its ``--authorized-keys`` lets in."""
    key = make_key(folder, "alice")
    (folder / "authorized_keys").write_text((folder / "alice.pub").read_text())
    server = Server(
        plugin_dir, folder, "toygame", "-p", "human", "-p", "random",
        "--authorized-keys", "authorized_keys", *args,
    )  # fmt: skip
    return server, key


def ssh_args(port: int, key: Path, user: str, tty: bool) -> list[str]:
    assert SSH is not None
    return [
        SSH, "-F", "/dev/null", "-tt" if tty else "-T", "-p", str(port), "-i", str(key),
        "-o", "IdentitiesOnly=yes", "-o", "IdentityAgent=none", "-o", "BatchMode=yes",
        "-o", "StrictHostKeyChecking=no", "-o", f"UserKnownHostsFile={key.parent}/known_hosts",
        "-o", "LogLevel=ERROR", f"{user}@127.0.0.1",
    ]  # fmt: skip


def ssh_run(
    port: int, key: Path, user: str, *command: str, input: str | None = None
) -> subprocess.CompletedProcess[str]:
    """One ``ssh -T`` call (a lobby command, or lines on standard input)."""
    return subprocess.run(
        [*ssh_args(port, key, user, tty=False), *command],
        input=input, capture_output=True, text=True, timeout=WAIT,
    )  # fmt: skip


class OpenSSHPerson(Person):
    """A person with OpenSSH's ``ssh -tt`` in a pseudo-terminal of COLS x ROWS; waits
    and typing as :class:`~tests.host.sshclient.Person` (the asyncssh one).

    ``plain`` (the default): ``ssh -tt HOST plain``, the lobby's prompt, whose output
    is a transcript these tests read line by line; else the full screen."""

    def __init__(
        self, user: str, key: Path, cols: int = COLS, rows: int = ROWS, *, plain: bool = True
    ) -> None:
        super().__init__(user, None, plain=plain)
        self.key_path = key
        self.cols, self.rows = cols, rows
        import pyte

        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = bytearray()  # every byte received (pyte keeps no alternate screen)

    async def connect(self, port: int) -> OpenSSHPerson:  # type: ignore[override]
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", self.rows, self.cols, 0, 0))
        os.set_blocking(self.master, False)
        env = dict(os.environ, TERM="xterm")
        self.popen = subprocess.Popen(
            [*ssh_args(port, self.key_path, self.user, tty=True), *(["plain"] * self.plain)],
            stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True,
        )  # fmt: skip
        os.close(slave)
        asyncio.get_running_loop().add_reader(self.master, self._readable)
        return self

    def _readable(self) -> None:
        try:
            data = os.read(self.master, 65536)
        except OSError:
            data = b""
        if not data:
            asyncio.get_running_loop().remove_reader(self.master)
            self.closed.set()
            self.arrived.set()
            return
        self.raw += data
        self.stream.feed(data)
        if b"\x1b[6n" in data:  # where is the cursor? answer as a terminal does
            cursor = self.screen.cursor
            with contextlib.suppress(OSError):
                os.write(self.master, f"\x1b[{cursor.y + 1};{cursor.x + 1}R".encode())
        plain = ANSI.sub("", data.decode("utf-8", "replace")).replace("\r", "")
        self.text += re.sub(".\x08", "", plain)
        self.arrived.set()

    def type(self, text: str | bytes, enter: bool = True) -> None:
        data = text.encode() if isinstance(text, str) else text
        os.write(self.master, data + (b"\r" if enter else b""))

    async def hang_up(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.popen.pid, signal.SIGTERM)
        await asyncio.get_running_loop().run_in_executor(None, self.popen.wait)
        await asyncio.wait_for(self.closed.wait(), WAIT)
        with contextlib.suppress(OSError):
            os.close(self.master)
