"""Drive ``vikingcli serve`` as people do: a real server process on 127.0.0.1 and real
asyncssh clients with their own keys, reading what each one's terminal received."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import asyncssh
import pyte

COLS, ROWS = 110, 40
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|\x1b[=>]")
WAIT = 60.0  # generous: CI machines can be slow; every wait still ends
"""Longest wait for one expected line; a test fails, never hangs."""


def plugin_path(plugin_dir: Path) -> str:
    """PYTHONPATH for a server process: the fixture plugins, then what this test run
    has on its own PYTHONPATH (a checkout being tested ahead of an installed one)."""
    ours = [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]
    return os.pathsep.join([str(plugin_dir), *ours])


class Server:
    """``vikingcli serve ...`` in ``folder``; its console is ``self.console``."""

    def __init__(self, plugin_dir: Path, folder: Path, *args: str) -> None:
        """``args`` for ``serve``; without ``--rematch SECONDS`` a finished game ends
        the server at once, as a test that does not ask for a rematch expects."""
        if "--rematch" not in args:
            args = (*args, "--rematch", "0")
        env = dict(os.environ, PYTHONPATH=plugin_path(plugin_dir))
        self.log_path = folder / f"server-{time.monotonic_ns()}.log"
        self.log = self.log_path.open("w")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "vikingcli", "serve", "--port", "0",
             "--host", "127.0.0.1", "--host-key", "hostkey", *args],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log,
            text=True, env=env, cwd=folder,
        )  # fmt: skip
        assert self.proc.stdout is not None
        first = self.proc.stdout.readline()
        found = re.search(r"127\.0\.0\.1:(\d+)", first)
        assert found, first + self.stderr()
        self.port = int(found.group(1))
        self.proc.stdout.readline()

    def stderr(self) -> str:
        if not self.log.closed:
            self.log.flush()
        return self.log_path.read_text()

    def console(self, line: str) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def stop(self, sig: signal.Signals = signal.SIGTERM) -> tuple[int, str]:
        """Send ``sig``; the exit code and what the server printed on stdout."""
        self.proc.send_signal(sig)
        out, _ = self.proc.communicate(timeout=WAIT)
        return self.proc.returncode, out

    def finish(self) -> tuple[int, str]:
        """Wait for the server to end by itself."""
        out, _ = self.proc.communicate(timeout=WAIT)
        return self.proc.returncode, out

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=WAIT)
        self.log.close()


class Person:
    """One ssh connection with a terminal: what it was sent (escape codes removed) and
    what its screen shows."""

    def __init__(
        self,
        user: str,
        key: asyncssh.SSHKey | None,
        *,
        plain: bool = True,
        cols: int = COLS,
        rows: int = ROWS,
    ) -> None:
        """``plain``: the line-mode table (``ssh HOST plain``), whose output is a
        transcript these tests read line by line; else the full-screen table (in a
        terminal of ``cols`` x ``rows``)."""
        self.user, self.key = user, key
        self.plain = plain
        self.size = (cols, rows)
        self.text = ""
        self.received = 0
        """Bytes received (a redraw sends some, even of a screen that did not change)."""
        self.pos = 0
        self.turns = 0  # where the last "Your move" this person answered was printed
        self.closed = asyncio.Event()
        self.arrived = asyncio.Event()
        """Set when output arrives: a wait wakes when it does, not at a polling tick
        (an answer time measured is the server's, to within a millisecond)."""
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)

    async def connect(self, port: int) -> Person:
        keys = [self.key] if self.key is not None else []
        # Without a key, keyboard-interactive (an open table asks no question; asyncssh
        # tries it only with something to answer).
        self.conn = await asyncssh.connect(
            "127.0.0.1", port, known_hosts=None, username=self.user, client_keys=keys,
            agent_path=None, preferred_auth="publickey,keyboard-interactive",
            password=None if keys else "-",
        )  # fmt: skip
        self.proc = await self.conn.create_process(
            "plain" if self.plain else None, term_type="xterm", term_size=self.size,
            encoding=None,
        )
        self._reader = asyncio.ensure_future(self._read())
        return self

    async def _read(self) -> None:
        while True:
            data = await self.proc.stdout.read(65536)
            if not data:
                self.closed.set()
                self.arrived.set()
                return
            self.received += len(data)
            self.stream.feed(data)
            if b"\x1b[6n" in data:  # where is the cursor? answer as a terminal does
                cursor = self.screen.cursor
                with contextlib.suppress(BrokenPipeError):  # the server hung up meanwhile
                    self.proc.stdin.write(f"\x1b[{cursor.y + 1};{cursor.x + 1}R".encode())
            plain = ANSI.sub("", data.decode("utf-8", "replace")).replace("\r", "")
            self.text += re.sub(".\x08", "", plain)  # a character the terminal rubs out
            self.arrived.set()

    async def until(self, pattern: str, start: int | None = None) -> re.Match[str]:
        """Wait until the output from ``start`` (default: the read position) matches;
        move the read position past the match."""
        regex = re.compile(pattern, re.MULTILINE)
        begin = self.pos if start is None else start
        end = time.monotonic() + WAIT
        while True:
            found = regex.search(self.text, begin)
            if found:
                self.pos = found.end()
                return found
            if self.closed.is_set() or time.monotonic() > end:
                raise AssertionError(
                    f"{self.user}: no {pattern!r}; received:\n{self.text[begin:][-3000:]}"
                )
            self.arrived.clear()
            with contextlib.suppress(asyncio.TimeoutError):
                await asyncio.wait_for(self.arrived.wait(), max(0.001, end - time.monotonic()))

    async def on_screen(self, pattern: str) -> str:
        """Wait until a line of the screen (as the terminal shows it now) matches."""
        regex = re.compile(pattern)
        end = time.monotonic() + WAIT
        while time.monotonic() < end:
            for line in self.screen_lines():
                if regex.search(line):
                    return line
            await asyncio.sleep(0.02)
        raise AssertionError(f"{self.user}: no {pattern!r} on:\n" + "\n".join(self.screen_lines()))

    def type(self, text: str | bytes, enter: bool = True) -> None:
        data = text.encode() if isinstance(text, str) else text
        self.proc.stdin.write(data + (b"\r" if enter else b""))

    async def ask(self, line: str, answer: str) -> re.Match[str]:
        """Type ``line`` and wait for ``answer`` printed after it."""
        start = len(self.text)
        self.type(line)
        return await self.until(answer, start)

    async def next_decision(self) -> None:
        """Wait until this person is asked a decision after the last one they answered
        ('Your move, NAME.' is said when a turn comes, not before each decision of it,
        so this waits for the prompt that asks, with nothing typed on it yet)."""
        found = await self.until(rf"^{re.escape(self.user)} \(your move\) > *$", self.turns)
        self.turns = found.end()

    async def play_turn(self) -> str | None:
        """Wait for this person's turn, play their first legal action; ``None`` once the
        game is over."""
        found = await self.until(r"Your move, \S+\.|^Game over", self.turns)
        self.turns = found.end()
        if found.group(0).startswith("Game over"):
            return None
        listed = await self.ask("actions", r"^(play \d+)(?: +play \d+)*\s*$")
        action = listed.group(1)
        self.type(action)
        return action

    async def play_to_the_end(self) -> list[str]:
        played = []
        while (action := await self.play_turn()) is not None:
            played.append(action)
        return played

    def screen_lines(self) -> list[str]:
        return [line.rstrip() for line in self.screen.display]

    async def hang_up(self) -> None:
        self.conn.close()
        await self.conn.wait_closed()


def keys(folder: Path, *names: str) -> dict[str, asyncssh.SSHKey]:
    """A fresh key per name (its comment ``NAME@laptop``, as ssh-keygen writes one),
    all written to ``folder/authorized_keys``."""
    made = {
        name: asyncssh.generate_private_key("ssh-ed25519", comment=f"{name}@laptop")
        for name in names
    }
    (folder / "authorized_keys").write_bytes(b"".join(k.export_public_key() for k in made.values()))
    return made


def run(scenario: object, seconds: float = 300) -> object:
    """Run a scenario coroutine with an overall time bound."""
    return asyncio.run(asyncio.wait_for(scenario, seconds))  # type: ignore[arg-type]
