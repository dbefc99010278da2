"""Issue 35: the README's commands run as written.

Every fenced ``sh`` block of README.md is a list of commands (a line ending in ``\\``
goes on in the next; ``#`` starts a comment). Each block's commands run in order, by
bash, in one scratch folder, with a timeout, and each must succeed; a command that
fails prints its output. The scratch folder holds what the README takes for granted
a reader has: the repository's ``examples/``, friends' public keys (``alice.pub``,
``bob.pub``, ``carol.pub``, each commented with its owner's name) and a HOME whose
``~/.ssh/authorized_keys`` lists one of them.

Which commands are not run is an explicit list, :data:`NOT_RUN`: a piece of the
command and why (it needs a person at the keyboard or another machine, installs from
the network, or runs for minutes). Every entry must still match a README command,
so the list cannot outlive the commands it excuses.

A command that serves until stopped (:data:`SERVES`: ``serve``, ``server``) is run
with ``--host 127.0.0.1 --port 0`` added at its end (an option given twice counts
its last value): it must get as far as listening (its ``join with:`` line) on
loopback and a free port, and is then stopped with Ctrl-C (SIGINT). Everything else
on its line (seats, keys, saves, options) is checked as written.
"""

from __future__ import annotations

import os
import queue
import shlex
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import asyncssh
import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"

NOT_RUN: dict[str, str] = {
    "python3 -m venv": "creates a venv and installs the package from the network",
    "pip install": "installs packages from the network",
    "VIKINGCLI_MYPYC=1": "compiles the package with mypyc: minutes",
    "vikingcli play ": "needs a person at the keyboard",
    "ssh -": "needs a person, and a table served on another machine",
    "-p mcts:seconds=0.5": "a whole game at half a second a move: minutes",
    "vikingcli tournament ": "tens to thousands of games: minutes to hours",
    "postgresql://": "needs a PostgreSQL server",
    "--host 10.0.0.": "needs that machine's address and a PostgreSQL server",
}
"""A piece of a README command -> why that command is not run here."""

SERVES = ("vikingcli serve ", "vikingcli server ")
"""Commands that listen until stopped."""

COMMAND_SECONDS = 120.0
"""The most any one command may take (a serve: until it listens)."""


def readme_blocks(text: str) -> list[tuple[int, list[str]]]:
    """The ``sh`` blocks of a Markdown text: (line number of the fence, commands)."""
    blocks: list[tuple[int, list[str]]] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        if lines[i].strip() == "```sh":
            start, body = i + 1, []
            i += 1
            while lines[i].strip() != "```":
                body.append(lines[i])
                i += 1
            blocks.append((start, _commands(body)))
        i += 1
    return blocks


def _commands(lines: list[str]) -> list[str]:
    commands: list[str] = []
    current = ""
    for line in lines:
        current += line.strip() if current else line.rstrip()
        if current.endswith("\\"):
            current = current[:-1].rstrip() + " "
            continue
        if current.strip() and not current.lstrip().startswith("#"):
            commands.append(current.strip())
        current = ""
    return commands


def not_run(command: str) -> str | None:
    """Why ``command`` is not run (:data:`NOT_RUN`), or ``None``."""
    for piece, why in NOT_RUN.items():
        if piece in command:
            return why
    return None


BLOCKS = readme_blocks(README.read_text(encoding="utf-8"))


def test_item35_every_not_run_entry_excuses_a_readme_command() -> None:
    commands = [c for _, block in BLOCKS for c in block]
    assert commands
    stale = [piece for piece in NOT_RUN if not any(piece in c for c in commands)]
    assert not stale, f"NOT_RUN entries that match no README command: {stale}"


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """The folder the commands run in, and their environment."""
    where = tmp_path_factory.mktemp("readme")
    (where / "examples").symlink_to(ROOT / "examples")
    home = where / "home"
    (home / ".ssh").mkdir(parents=True)
    for name in ("alice", "bob", "carol"):
        key = asyncssh.generate_private_key("ssh-ed25519", comment=f"{name}@laptop")
        (where / f"{name}.pub").write_bytes(key.export_public_key())
    (home / ".ssh" / "authorized_keys").write_bytes((where / "alice.pub").read_bytes())
    env = dict(os.environ)
    env["HOME"] = str(home)
    env["PATH"] = f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}"
    env.pop("VIKINGCLI_DB", None)
    env.pop("COLUMNS", None)
    return where, env


def _run(command: str, where: Path, env: dict[str, str]) -> None:
    proc = subprocess.run(
        ["bash", "-c", command],
        cwd=where, env=env, capture_output=True, text=True, timeout=COMMAND_SECONDS,
        stdin=subprocess.DEVNULL,
    )  # fmt: skip
    assert proc.returncode == 0, (
        f"README command failed (exit {proc.returncode}): {command}\n{proc.stdout}{proc.stderr}"
    )


def _serve(command: str, where: Path, env: dict[str, str]) -> None:
    """Start a command that listens until stopped, see it listen, stop it."""
    args = [*shlex.split(command, comments=True), "--host", "127.0.0.1", "--port", "0"]
    proc = subprocess.Popen(
        args, cwd=where, env=env, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
        stderr=subprocess.PIPE, text=True, start_new_session=True,
    )  # fmt: skip
    assert proc.stdout is not None
    lines: queue.Queue[str] = queue.Queue()
    # A thread reads the lines: waiting on the pipe itself misses lines already read
    # into the file object's buffer.
    reader = threading.Thread(target=lambda: [lines.put(x) for x in proc.stdout or ()])
    reader.start()
    seen: list[str] = []
    deadline = time.monotonic() + COMMAND_SECONDS
    try:
        while time.monotonic() < deadline:
            try:
                line = lines.get(timeout=0.5)
            except queue.Empty:
                if proc.poll() is not None and not reader.is_alive() and lines.empty():
                    break  # it ended without listening
                continue
            seen.append(line)
            if line.startswith("join with:"):
                return
        _stop(proc)
        err = proc.stderr.read() if proc.stderr else ""
        pytest.fail(
            f"README command did not start listening (exit {proc.returncode}): {command}\n"
            f"{''.join(seen)}{err}"
        )
    finally:
        _stop(proc)
        reader.join(timeout=20)


def _stop(proc: subprocess.Popen[str]) -> None:
    """Ctrl-C, as a person stops it; killed (with what it started) if that is ignored."""
    if proc.poll() is None:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()


@pytest.mark.parametrize(
    "commands", [block for _, block in BLOCKS], ids=[f"line{n}" for n, _ in BLOCKS]
)
def test_item35_readme_commands_run_as_written(
    commands: list[str], scratch: tuple[Path, dict[str, str]]
) -> None:
    where, env = scratch
    runnable = [c for c in commands if not_run(c) is None]
    if not runnable:
        pytest.skip("; ".join(sorted({f"{not_run(c)}" for c in commands})))
    for command in commands:
        if not_run(command) is not None:
            continue
        if command.startswith(SERVES):
            _serve(command, where, env)
        else:
            _run(command, where, env)


def test_item35_blocks_are_read_as_a_reader_types_them() -> None:
    text = "x\n```sh\nvikingcli a \\\n    --b c   # note\n# a comment\nls\n```\n```\nno\n```\n"
    assert readme_blocks(text) == [(2, ["vikingcli a --b c   # note", "ls"])]
