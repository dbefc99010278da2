"""kill -9 during ``tournament --out``, again and again: no game lost, none played twice.

Each round starts the tournament on the same file and kills it (SIGKILL, no
chance to clean up) at a random point: before it wrote anything, or after a
random number of further games. A last run finishes it. The file then holds every
planned game exactly once, and the standings are those of a run never killed.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import orjson

from vikingcli.batch.tournament import job_key, schedule

ENTRANTS = ["random", "random:seed=3"]
GAMES = 80
ARGS = ["tournament", "jorvik", "-p", ENTRANTS[0], "-p", ENTRANTS[1], "--games", str(GAMES)]


def _start(out: Path) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [sys.executable, "-m", "vikingcli", *ARGS, "--json", "--out", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,  # its own process group: the kill reaches any worker too
    )


def _records(out: Path) -> int:
    try:
        return max(0, out.read_bytes().count(b"\n") - 1)  # the first line is the header
    except FileNotFoundError:
        return 0


def test_killing_a_tournament_at_random_points_loses_and_repeats_no_game(tmp_path: Path) -> None:
    reference = subprocess.run(
        [sys.executable, "-m", "vikingcli", *ARGS, "--json"],
        capture_output=True,
        check=True,
        timeout=300,
    )
    out = tmp_path / "t.jsonl"
    rng = random.Random(14)
    mid_run_kills = 0
    for round_ in range(6):
        done = _records(out)
        proc = _start(out)
        if round_ == 0:
            time.sleep(rng.uniform(0.0, 0.3))  # most likely before the first line
        else:
            target = done + rng.randint(1, 12)
            while _records(out) < target and proc.poll() is None:
                time.sleep(0.002)
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        if proc.returncode == -signal.SIGKILL and 0 < _records(out) < GAMES:
            mid_run_kills += 1
    assert mid_run_kills >= 3, "the kills did not land mid-run; the test proved nothing"

    final = subprocess.run(
        [sys.executable, "-m", "vikingcli", *ARGS, "--json", "--out", str(out)],
        capture_output=True,
        timeout=300,
    )
    assert final.returncode == 0, final.stderr
    header, *lines = out.read_bytes().splitlines()
    assert orjson.loads(header)["entrants"] == ENTRANTS
    keys = [job_key(orjson.loads(line)) for line in lines]
    planned = [
        (j["seed"], j["tag"]["deal"], tuple(j["tag"]["seating"]))
        for j in schedule("jorvik", {"mode": "karl"}, ENTRANTS, GAMES, 1)
    ]
    assert sorted(keys) == sorted(planned)  # every game exactly once
    assert orjson.loads(final.stdout) == orjson.loads(reference.stdout)


def _workers(pid: int) -> list[int]:
    """The worker processes of the vikingcli process ``pid`` (not multiprocessing's
    resource tracker)."""
    children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    return [
        int(c) for c in children
        if b"resource_tracker" not in Path(f"/proc/{c}/cmdline").read_bytes()
    ]  # fmt: skip


def test_a_worker_killed_mid_tournament_costs_no_game_and_prints_no_traceback(
    tmp_path: Path,
) -> None:
    """kill -9 of one worker of ``--jobs 2`` (a fault of the host): the run replaces its
    workers, plays again the games that were in flight, and ends as a run never killed."""
    args = ["tournament", "jorvik", "-p", "greedy", "-p", "mcts:iterations=60", "--games", "12"]
    reference = subprocess.run(
        [sys.executable, "-m", "vikingcli", *args, "--json"],
        capture_output=True, check=True, timeout=300,
    )  # fmt: skip
    out = tmp_path / "t.jsonl"
    proc = subprocess.Popen(
        [sys.executable, "-m", "vikingcli", *args, "--jobs", "2", "--json", "--out", str(out)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    while _records(out) < 1 and proc.poll() is None:
        time.sleep(0.01)
    workers = _workers(proc.pid)
    assert workers and _records(out) < 12, "the kill would not land mid-run"
    os.kill(workers[0], signal.SIGKILL)
    stdout, stderr = proc.communicate(timeout=300)
    assert proc.returncode == 0, stderr
    assert b"Traceback" not in stderr
    # said, in one line, not hidden: the run took longer for a reason
    assert b"vikingcli: warning: a worker process died; new workers play the" in stderr
    lines = out.read_bytes().splitlines()[1:]  # after the header
    assert len(lines) == len({job_key(orjson.loads(line)) for line in lines}) == 12
    assert orjson.loads(stdout) == orjson.loads(reference.stdout)
