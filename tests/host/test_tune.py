"""``vikingcli tune`` end to end on the fixture game: progress, the weights file the
players take, the validation on fresh deals, and a resumed run that plays exactly
the games a run that never stopped plays."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import orjson

from tests.host.conftest import CLI


def tune(cli: CLI, out: Path, iterations: int, *more: str):
    return cli(
        "tune", "toygame", "--out", str(out), "--iterations", str(iterations), "--deals", "2",
        "--seed", "5", *more,
    )  # fmt: skip


def test_tune_prints_progress_writes_weights_and_validates(cli: CLI, tmp_path: Path) -> None:
    out = tmp_path / "w.json"
    proc = tune(cli, out, 3, "--validate", "3")
    assert proc.returncode == 0, proc.stderr
    progress = [line for line in proc.stderr.splitlines() if line.startswith("iteration ")]
    assert [line.split(":")[0] for line in progress] == [
        "iteration 1/3", "iteration 2/3", "iteration 3/3",
    ]  # fmt: skip
    assert "plus vs minus" in progress[0] and "hand=" in progress[0]
    data = orjson.loads(out.read_bytes())
    assert data["game"] == "toygame"
    assert set(data["weights"]) == {"score", "hand"}
    assert data["tune"]["iteration"] == 3
    assert f"use: -p greedy:weights={out}" in proc.stdout
    check = re.search(r"on (\d+) fresh games \(seeds (\d+)\.\.(\d+)\).*95% Wilson", proc.stdout)
    assert check, proc.stdout
    assert check.group(1) == "6"  # 3 deals x 2 seatings
    assert int(check.group(2)) >= 1_000_000_000  # never a tuning deal (seeds 5.. on)
    # the players take the file
    played = cli("run", "toygame", "-p", f"greedy:weights={out}", "-p", "greedy", "--json")
    assert played.returncode == 0, played.stderr


def test_a_rerun_resumes_and_plays_the_games_an_unbroken_run_plays(
    cli: CLI, tmp_path: Path
) -> None:
    whole = tmp_path / "whole.json"
    assert tune(cli, whole, 4, "--validate", "0").returncode == 0
    part = tmp_path / "part.json"
    assert tune(cli, part, 2, "--validate", "0").returncode == 0
    resumed = tune(cli, part, 4, "--validate", "0")
    assert resumed.returncode == 0, resumed.stderr
    assert "resuming" in resumed.stderr and "at iteration 2/4" in resumed.stderr
    assert "iteration 1/4" not in resumed.stderr and "iteration 3/4" in resumed.stderr
    a, b = orjson.loads(whole.read_bytes()), orjson.loads(part.read_bytes())
    assert a["weights"] == b["weights"]
    assert a["tune"]["history"] == b["tune"]["history"]
    # a file of other settings is refused, and left as it was
    before = part.read_bytes()
    other = tune(cli, part, 4, "--validate", "0", "--players", "3")
    assert other.returncode == 2
    assert "other settings (players)" in other.stderr
    assert part.read_bytes() == before


def test_weights_of_another_game_are_refused(cli: CLI, tmp_path: Path) -> None:
    path = tmp_path / "w.json"
    path.write_bytes(orjson.dumps({"game": "wikinger", "weights": {"gold": 0.3}}))
    proc = cli("run", "toygame", "-p", f"greedy:weights={path}", "-p", "greedy")
    assert proc.returncode == 2
    assert "weights for wikinger, not toygame" in proc.stderr
    missing = cli("run", "toygame", "-p", f"mcts:weights={tmp_path / 'none.json'}", "-p", "greedy")
    assert missing.returncode == 2
    assert "cannot read" in missing.stderr


def test_item10_tune_out_reads_only_a_regular_file_of_bounded_size(
    plugin_dir: Path, tmp_path: Path
) -> None:
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (2 << 20))
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(
        p for p in (str(plugin_dir), os.environ.get("PYTHONPATH")) if p
    )
    for out, why in ((fifo, "is not a regular file"), ("/dev/zero", "is not a regular file"),
                     (big, "is larger than 1048576 bytes")):  # fmt: skip
        # A FIFO with no writer blocked the old reader for ever: a short bound here.
        proc = subprocess.run(
            [sys.executable, "-m", "vikingcli", "tune", "toygame", "--out", str(out),
             "--iterations", "1"],
            capture_output=True, text=True, env=env, cwd=tmp_path, timeout=60,
        )  # fmt: skip
        assert proc.returncode == 2, (out, proc.stderr[-2000:])
        assert proc.stderr == f"vikingcli: error: {out}: not a tuning run of vikingcli tune" \
                              f" ({out} {why})\n", proc.stderr[-2000:]  # fmt: skip


def test_item10_weights_must_be_finite_and_bounded(cli: CLI, tmp_path: Path) -> None:
    for value in ("1e308", "-2e6"):
        path = tmp_path / "w.json"
        path.write_text('{"game": "toygame", "weights": {"score": VALUE}}'.replace("VALUE", value))
        proc = cli("run", "toygame", "-p", f"greedy:weights={path}", "-p", "greedy", "--json")
        assert proc.returncode == 2, (value, proc.stdout[-500:], proc.stderr[-500:])
        assert proc.stderr.count("\n") == 1 and "weight 'score' is" in proc.stderr, proc.stderr
    # A run's file holds more numbers: every one is checked when it is resumed.
    path = tmp_path / "run.json"
    assert tune(cli, path, 1, "--validate", "0").returncode == 0
    data = orjson.loads(path.read_bytes())
    data["tune"]["x"][0] = 1e308
    path.write_bytes(orjson.dumps(data))
    resumed = tune(cli, path, 2, "--validate", "0")
    assert resumed.returncode == 2 and "is not within" in resumed.stderr, resumed.stderr
