"""Issue 36, item 3: CI that fails loudly. ``--strict`` turns a forfeit into exit
code 4; a tournament in a pipe says a line per finished game; SIGTERM/SIGINT give
one error line and no traceback; ``kill -9`` of a tournament leaves no worker."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

CRASH = "crash=exec:false"  # exits at once: every game of it is forfeited
LONG = ["tournament", "jorvik", "-p", "random", "-p", "greedy", "--games", "400", "--jobs", "2"]


def vikingcli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "vikingcli", *args],
        capture_output=True, text=True, cwd=cwd, timeout=120,
    )


def start(cwd: Path) -> subprocess.Popen[str]:
    """A long tournament, stderr piped; returns once its first game is done."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "vikingcli", *LONG],
        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=cwd,
    )
    assert proc.stderr is not None
    first = proc.stderr.readline()
    assert first.startswith("game 1/"), first
    return proc


def children(pid: int) -> list[int]:
    found = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        found += [int(c) for c in (task / "children").read_text().split()]
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state not in ("Z", "X")


@pytest.mark.parametrize("command", ["run", "tournament"])
def test_item3_strict_exits_4_when_a_bot_crashes(command: str, tmp_path: Path) -> None:
    args = [command, "jorvik", "-p", "random", "-p", CRASH, "--games", "2"]
    loose = vikingcli(*args, cwd=tmp_path)
    assert loose.returncode == 0, loose.stderr
    assert "ended by forfeit" in loose.stderr
    strict = vikingcli(*args, "--strict", cwd=tmp_path)
    assert strict.returncode == 4, strict.stderr
    assert strict.stderr.strip().splitlines()[-1] == (
        "vikingcli: error: 2 games ended by forfeit (--strict)"
    )


def test_item3_a_tournament_in_a_pipe_says_a_line_per_game(tmp_path: Path) -> None:
    long = "1:random:seed=1234567890123456789"  # N:SPEC, past 80 columns with the rest
    proc = vikingcli("tournament", "jorvik", "-p", long[2:], "-p", "greedy",
                     "--games", "6", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    lines = proc.stderr.splitlines()
    assert [line.split(":")[0] for line in lines] == [f"game {k}/6" for k in range(1, 7)]
    assert all("jorvik seed" in line and "(#1)" in line for line in lines)
    # The piped standings are cut nowhere (they were cut at 80 columns).
    assert any(line.split()[:1] == [long] for line in proc.stdout.splitlines())
    assert "openskill: μ−3σ, updated game by game." in proc.stdout


@pytest.mark.parametrize(
    ("sig", "code", "line"),
    [
        (signal.SIGTERM, 143, "vikingcli: error: terminated (SIGTERM)"),
        (signal.SIGTERM, 143, "vikingcli: error: terminated (SIGTERM)"),
        (signal.SIGTERM, 143, "vikingcli: error: terminated (SIGTERM)"),
        (signal.SIGINT, 130, "vikingcli: error: interrupted"),
        (signal.SIGINT, 130, "vikingcli: error: interrupted"),
    ],
)
def test_item3_a_signal_to_a_tournament_gives_one_line_and_no_traceback(
    sig: int, code: int, line: str, tmp_path: Path
) -> None:
    proc = start(tmp_path)
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == code
    rest = [x for x in err.splitlines() if not x.startswith("game ")]
    assert rest == [line], err


def test_item3_kill_9_of_a_tournament_leaves_no_worker(tmp_path: Path) -> None:
    proc = start(tmp_path)
    workers = children(proc.pid)
    assert len(workers) >= 2, workers
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=30)
    deadline = time.monotonic() + 10
    while any(alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    left = [w for w in workers if alive(w)]
    for w in left:  # the old code's orphans: end them, then fail
        os.kill(w, signal.SIGKILL)
    assert not left, f"workers {left} outlived their parent"
