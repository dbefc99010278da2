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
