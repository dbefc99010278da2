"""Seat-rotated tournaments: seatings, intervals, resuming from the JSONL file."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import orjson
import pytest

from tests.host.conftest import CLI
from vikingcli.batch.tournament import schedule, seatings, summarize, wilson


def test_all_seatings_collapse_identical_specs() -> None:
    assert seatings(2, ["mcts", "greedy"]) == [(0, 1), (1, 0)]
    # one mcts among three greedy seats: 4 distinct tables, mcts once in each seat
    four = seatings(4, ["mcts", "greedy", "greedy", "greedy"])
    assert len(four) == 4
    assert sorted(order.index(0) for order in four) == [0, 1, 2, 3]
    assert len(seatings(3, ["a", "b", "c"])) == 6
    assert seatings(3, ["a", "b", "c"], "cyclic") == [(0, 1, 2), (1, 2, 0), (2, 0, 1)]


def test_every_deal_is_played_in_every_seating_with_one_seed() -> None:
    jobs = schedule("toygame", {"hand": "3"}, ["random", "greedy"], 5, 100)
    assert len(jobs) == 6  # rounded up to whole rotations
    assert [j["seed"] for j in jobs] == [100, 100, 101, 101, 102, 102]
    assert [j["seats"][0][1] for j in jobs[:2]] == ["random", "greedy"]


def test_wilson_interval_matches_the_textbook_values() -> None:
    lo, hi = wilson(8, 10)
    assert (round(lo, 4), round(hi, 4)) == (0.4902, 0.9433)
    assert wilson(0, 0) == (0.0, 1.0)


def test_summary_counts_wins_ranks_and_rates_the_winner_higher() -> None:
    records = [
        {
            "seed": 1,
            "deal": 0,
            "seating": [0, 1],
            "winners": [0],
            "ranks": [1, 2],
            "scores": [10, 5],
            "forfeit": None,
        },
        {
            "seed": 1,
            "deal": 0,
            "seating": [1, 0],
            "winners": [1],
            "ranks": [2, 1],
            "scores": [4, 9],
            "forfeit": None,
        },
        {
            "seed": 2,
            "deal": 1,
            "seating": [0, 1],
            "winners": [0, 1],
            "ranks": [1, 1],
            "scores": [7, 7],
            "forfeit": None,
        },
    ]
    a, b = summarize(["strong", "weak"], records)
    assert (a["games"], a["wins"], b["wins"]) == (3, 2.5, 0.5)
    assert a["mean_rank"] == 1.0 and b["mean_rank"] == pytest.approx(5 / 3)
    assert a["rating"] > b["rating"]


def test_cli_tournament_writes_jsonl_and_a_rerun_resumes(cli: CLI, tmp_path: Path) -> None:
    out = tmp_path / "t.jsonl"
    first = cli(
        "tournament",
        "toygame",
        "-p",
        "random",
        "-p",
        "random:seed=3",
        "--games",
        "4",
        "--out",
        str(out),
    )
    assert first.returncode == 0, first.stderr
    header, *games = [orjson.loads(x) for x in out.read_bytes().splitlines()]
    assert header["format"] == "vikingcli-tournament" and len(games) == 4
    assert header["entrants"] == ["random", "random:seed=3"] and header["seed"] == 1
    again = cli(
        "tournament",
        "toygame",
        "-p",
        "random",
        "-p",
        "random:seed=3",
        "--games",
        "6",
        "--out",
        str(out),
        "--json",
    )
    assert again.returncode == 0, again.stderr
    lines = [orjson.loads(x) for x in out.read_bytes().splitlines()[1:]]
    assert len(lines) == 6 and sorted({(r["seed"], tuple(r["seating"])) for r in lines}) == [
        (1, (0, 1)),
        (1, (1, 0)),
        (2, (0, 1)),
        (2, (1, 0)),
        (3, (0, 1)),
        (3, (1, 0)),
    ]
    standings = orjson.loads(again.stdout)
    assert standings["games"] == 6 and [e["games"] for e in standings["entrants"]] == [6, 6]
    other = cli("tournament", "toygame", "-p", "2*random", "--out", str(out))
    assert other.returncode == 2 and "another tournament" in other.stderr


def test_cli_tournament_ray_backend_is_the_same_games_or_a_clear_error(cli: CLI) -> None:
    args = (
        "tournament",
        "toygame",
        "-p",
        "random",
        "-p",
        "random:seed=4",
        "--games",
        "4",
        "--json",
    )
    proc = cli(*args, "--backend", "ray", "--jobs", "2")
    try:
        import ray  # noqa: F401  (optional: pip install 'vikingcli[ray]')
    except ImportError:
        assert proc.returncode == 2 and "pip install 'vikingcli[ray]'" in proc.stderr
        return
    assert proc.returncode == 0, proc.stderr
    local = cli(*args)
    assert orjson.loads(proc.stdout) == orjson.loads(local.stdout)


def test_two_tournaments_on_one_results_file_do_not_both_write_it(
    plugin_dir: Path, tmp_path: Path
) -> None:
    """Issue 26, item 9: two runs on one --out both exited 0 and left a garbled line;
    now the second is refused with one line naming the holder, and the file stays whole."""
    env = dict(os.environ, PYTHONPATH=str(plugin_dir))
    env.pop("COLUMNS", None)
    args = [sys.executable, "-m", "vikingcli", "tournament", "toygame", "-p",
            "mcts:iterations=200", "-p", "random", "--games", "400", "--seed", "7",
            "--out", "cc.jsonl"]  # fmt: skip
    first = subprocess.Popen(args, cwd=tmp_path, env=env, stderr=subprocess.PIPE, text=True)
    try:
        out = tmp_path / "cc.jsonl"
        end = time.monotonic() + 120
        while not (out.exists() and out.read_bytes().count(b"\n") >= 2):
            assert first.poll() is None and time.monotonic() < end, "the first run did not start"
            time.sleep(0.05)
        second = subprocess.run(args, cwd=tmp_path, env=env, capture_output=True, text=True)
        assert first.poll() is None  # the second ran while the first held the file
    finally:
        first.terminate()
        first.communicate(timeout=60)
    assert second.returncode == 2
    line = second.stderr.strip()
    assert line.count("\n") == 0 and "cc.jsonl is in use by another vikingcli" in line
    assert str(first.pid) in line  # the holder, named
    lines = out.read_bytes().split(b"\n")
    assert all(orjson.loads(r) for r in lines[:-1] if r.strip())  # whole lines only


def test_a_results_file_of_blank_lines_is_a_new_tournaments_file(cli: CLI, tmp_path: Path) -> None:
    """Issue 26, item 12: `echo > t.jsonl` made a file the tool refused on rerun."""
    out = tmp_path / "t.jsonl"
    out.write_text("\n")
    first = cli("tournament", "toygame", "-p", "2*random", "--games", "2", "--out", str(out))
    assert first.returncode == 0, first.stderr
    again = cli("tournament", "toygame", "-p", "2*random", "--games", "2", "--out", str(out))
    assert again.returncode == 0, again.stderr
    lines = out.read_text().splitlines()
    assert orjson.loads(lines[0])["format"] == "vikingcli-tournament"
