"""A person at a terminal, for screen tests: ``vikingcli ARGS`` in a pseudo-terminal
whose output goes through the pyte terminal emulator, so a test reads the screen
exactly as a person would see it. The game test suites add their own ways to wait."""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from collections.abc import Callable
from pathlib import Path

import pyte

WAIT = 90.0
"""Seconds a screen may take to show what a test waits for. Only a hang should reach
it: a loaded machine (CI, or other work on two cores) has taken over 30 s for a
first screen with an AI seat's move."""


class Terminal:
    """``vikingcli ARGS`` in a pseudo-terminal of ``cols`` x ``rows``."""

    def __init__(
        self,
        args: list[str],
        cwd: Path,
        cols: int = 80,
        rows: int = 24,
        command: list[str] | None = None,
        env: dict[str, str] | None = None,
    ) -> None:
        """``vikingcli ARGS``, or ``command`` (another program: an ssh client)."""
        self.master, slave = pty.openpty()
        os.set_blocking(self.master, False)
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        env = dict(env or os.environ, TERM="xterm")
        env.pop("NO_COLOR", None)
        env.pop("COLUMNS", None)  # the terminal's own size, which resize() changes
        env.pop("LINES", None)
        self.proc = subprocess.Popen(
            command or [sys.executable, "-m", "vikingcli", *args],
            stdin=slave, stdout=slave, stderr=slave, cwd=cwd, env=env, close_fds=True,
            start_new_session=True,
        )  # fmt: skip
        os.close(slave)
        self.screen = pyte.Screen(cols, rows)
        self.stream = pyte.ByteStream(self.screen)
        self.raw = b""
        """Everything the program wrote."""
        self.transcript: list[str] = []
        """Every line that scrolled off the top, so the log can be read back."""
        self.screen.index = self._index  # type: ignore[method-assign]

    def _index(self) -> None:
        if self.screen.cursor.y == self.screen.lines - 1:
            row = self.screen.buffer[0]
            self.transcript.append(
                "".join(row[x].data for x in range(self.screen.columns)).rstrip()
            )
        pyte.Screen.index(self.screen)

    def pump(self, seconds: float) -> None:
        """Read what the program writes for ``seconds``."""
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            ready, _, _ = select.select([self.master], [], [], 0.02)
            if ready:
                try:
                    data = os.read(self.master, 65536)
                except OSError:
                    return
                self.stream.feed(data)
                self.raw += data
                # prompt-toolkit asks where the cursor is; answer like a terminal does.
                if b"\x1b[6n" in data:
                    y, x = self.screen.cursor.y + 1, self.screen.cursor.x + 1
                    os.write(self.master, f"\x1b[{y};{x}R".encode())

    def lines(self) -> list[str]:
        return [line.rstrip() for line in self.screen.display]

    def last(self) -> str:
        """The last line on the screen that is not empty."""
        return next((ln for ln in reversed(self.lines()) if ln.strip()), "")

    def wait_for(self, pattern: re.Pattern[str], timeout: float = WAIT) -> str | None:
        """The last non-empty line once it matches ``pattern``; ``None`` when the
        program has ended instead."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.pump(0.03)
            if pattern.search(self.last()):
                return self.last()
            if self.proc.poll() is not None:
                self.pump(0.2)
                return None
        raise AssertionError("timed out; the screen shows:\n" + "\n".join(self.lines()))

    def type(self, text: str) -> None:
        os.write(self.master, text.encode() + b"\r")

    def keys(self, data: str) -> None:
        """Type keys without Enter (Tab is "\\t", PageUp "\\x1b[5~")."""
        os.write(self.master, data.encode())

    def resize(self, cols: int, rows: int) -> None:
        """Resize the terminal, as a person drags its window: the program gets SIGWINCH."""
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, cols, 0, 0))
        self.screen.resize(rows, cols)
        os.killpg(self.proc.pid, signal.SIGWINCH)

    def until(self, predicate: Callable[[list[str]], bool], timeout: float = WAIT) -> list[str]:
        """The screen's lines once ``predicate`` holds for them."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.pump(0.03)
            lines = self.lines()
            if predicate(lines):
                return lines
        raise AssertionError("timed out; the screen shows:\n" + "\n".join(self.lines()))

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
        os.close(self.master)
