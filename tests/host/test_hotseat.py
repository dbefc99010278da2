"""Hot-seat: two people share one terminal, and neither ever sees the other's hand.

The game runs in a real pseudo-terminal and its output goes through a terminal
emulator (pyte), so the test reads the screen exactly as a person would."""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pyte
import pytest

COLS, ROWS = 100, 150
PROMPT = re.compile(r"^(human-[01]) > *$")


class Terminal:
    def __init__(self, args: list[str], cwd: Path) -> None:
        self.master, slave = pty.openpty()
        os.set_blocking(self.master, False)
        env = dict(os.environ, TERM="xterm", COLUMNS=str(COLS), LINES=str(ROWS))
        env.pop("NO_COLOR", None)
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "vikingcli", *args],
            stdin=slave, stdout=slave, stderr=slave, cwd=cwd, env=env, close_fds=True,
        )  # fmt: skip
        os.close(slave)
        self.screen = pyte.Screen(COLS, ROWS)
        self.stream = pyte.ByteStream(self.screen)

    def pump(self, seconds: float) -> None:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if ready:
                try:
                    data = os.read(self.master, 65536)
                except OSError:
                    return
                self.stream.feed(data)
                # prompt-toolkit asks where the cursor is; answer like a terminal does.
                if b"\x1b[6n" in data:
                    y, x = self.screen.cursor.y + 1, self.screen.cursor.x + 1
                    os.write(self.master, f"\x1b[{y};{x}R".encode())

    def lines(self) -> list[str]:
        return [line.rstrip() for line in self.screen.display]

    def wait_for(self, pattern: re.Pattern[str], timeout: float = 30) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.pump(0.1)
            last = next((ln for ln in reversed(self.lines()) if ln.strip()), "")
            if pattern.search(last):
                return last
        raise AssertionError("timed out; the screen shows:\n" + "\n".join(self.lines()))

    def type(self, text: str) -> None:
        os.write(self.master, text.encode() + b"\r")

    def close(self) -> None:
        self.proc.kill()
        self.proc.wait()
        os.close(self.master)


@pytest.mark.slow
def test_one_persons_hand_is_never_on_screen_while_the_others_prompt_is(tmp_path: Path) -> None:
    term = Terminal(
        ["play", "walhalla", "-p", "human", "-p", "human", "-p", "greedy", "--seed", "4"],
        tmp_path,
    )
    colour = {"human-0": "RED", "human-1": "BLACK"}
    turns = {"human-0": 0, "human-1": 0}
    try:
        for _ in range(40):
            last = term.wait_for(re.compile(r"press Enter|^human-[01] > *$"))
            if "press Enter" in last:
                # The hand-over screen shows no hand at all.
                assert not any("your hand" in line for line in term.lines())
                term.type("")
                continue
            person = PROMPT.match(last).group(1)  # type: ignore[union-attr]
            other = "human-1" if person == "human-0" else "human-0"
            screen = "\n".join(term.lines())
            assert f"your hand ({colour[person]})" in screen
            assert f"your hand ({colour[other]})" not in screen, screen
            turns[person] += 1
            term.type("actions")
            term.wait_for(PROMPT)
            offered = term.lines()
            row = offered[max(i for i, ln in enumerate(offered) if ln.startswith(person)) - 1]
            term.type(row.split("  ")[0])
        assert min(turns.values()) >= 3, turns
    finally:
        term.close()
