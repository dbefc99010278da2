"""``benchmarks/paired.py``: two variants compared game by game on the same deals, from
the records ``ladder.py --raw`` writes (the README's paired tuning figures come from it)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.benchmark_scripts import run_script


def _raw(path: Path, games: list[tuple[int, int, list[int]]]) -> None:
    """(seed, hero seat, ranks) per game, as ladder.py --raw writes them."""
    with path.open("w", encoding="utf-8") as fh:
        for seed, seat, ranks in games:
            fh.write(json.dumps({"hero_seat": seat, "seed": seed, "ranks": ranks}) + "\n")


def test_games_pair_by_seed_and_seat_and_unpaired_ones_are_left_out(tmp_path: Path) -> None:
    # A: first of three, then second of three; B on the same two games: last, then first;
    # B's third game has no partner in A.
    _raw(tmp_path / "a.jsonl", [(7, 0, [1, 2, 3]), (7, 1, [1, 2, 3])])
    _raw(tmp_path / "b.jsonl", [(7, 0, [3, 2, 1]), (7, 1, [2, 1, 3]), (8, 0, [1, 2, 3])])
    a, b = str(tmp_path / "a.jsonl"), str(tmp_path / "b.jsonl")
    out = run_script("paired.py", a, b)
    assert out.returncode == 0, out.stderr
    # h2h: A 1.0 and 0.5, B 0.0 and 1.0 -> diffs +1.0 and -0.5
    assert out.stdout.startswith("2 paired games (seeds 7-7): A 75.0% B 50.0% diff +25.0%")
    assert out.stdout.rstrip().endswith("A better in 1, worse in 1")
    win = run_script("paired.py", a, b, "--measure", "win")
    assert "A 50.0% B 50.0% diff +0.0%" in win.stdout


def test_a_file_that_is_not_ladder_records_is_one_line_and_exit_2(tmp_path: Path) -> None:
    (tmp_path / "bad.jsonl").write_text('{"seed": 1}\n', encoding="utf-8")
    _raw(tmp_path / "b.jsonl", [(7, 0, [1, 2])])
    out = run_script("paired.py", str(tmp_path / "bad.jsonl"), str(tmp_path / "b.jsonl"))
    assert out.returncode == 2
    assert out.stderr.strip().splitlines() == [
        f"paired.py: {tmp_path / 'bad.jsonl'}:1: not a ladder.py --raw record"
    ]
    none = run_script("paired.py", str(tmp_path / "missing-*.jsonl"), str(tmp_path / "b.jsonl"))
    assert none.returncode == 2 and "no file matches" in none.stderr
