"""``benchmarks/agreement.py``: how often two searches choose differently at the same
positions (the benchmarks README's diagnosis of why more thinking did not pay in
Jórvík at 4 seats comes from it)."""

from __future__ import annotations

from tests.benchmark_scripts import run_script


def _rows(stdout: str) -> dict[str, list[str]]:
    rows = {}
    for line in stdout.splitlines()[2:]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        rows[f"{cells[0]}: {cells[1]}"] = cells[2:]
    return rows


def test_a_seeded_choice_never_differs_from_itself_and_random_play_does() -> None:
    # mcts with a fixed seed chooses the same move from the same position every time
    # (its two draws differ only where the spec leaves the seed open); a random
    # player's two seeds disagree at most positions: the count can be 0 and can not.
    out = run_script("agreement.py", "--game", "wikinger", "--players", "2", "--play",
                     "greedy", "--spec", "mcts:iterations=20,seed=5", "--spec", "random",
                     "--games", "1", "--every", "8")  # fmt: skip
    assert out.returncode == 0, out.stderr
    rows = _rows(out.stdout)
    assert set(rows) == {"other: mcts:iterations=20,seed=5 vs itself",
                         "other: random vs itself",
                         "other: mcts:iterations=20,seed=5 vs random"}  # fmt: skip
    positions, same_seed, _ = rows["other: mcts:iterations=20,seed=5 vs itself"]
    assert int(positions) >= 5 and same_seed == "0.0%"
    assert float(rows["other: random vs itself"][1].rstrip("%")) > 30


def test_jorvik_loading_steps_are_counted_apart() -> None:
    out = run_script("agreement.py", "--game", "jorvik", "--players", "2", "--play", "greedy",
                     "--spec", "greedy", "--games", "1", "--every", "5")  # fmt: skip
    assert out.returncode == 0, out.stderr
    assert {"other: greedy vs itself", "chain step: greedy vs itself"} == set(_rows(out.stdout))


def test_a_bad_spec_or_game_is_one_line_and_exit_2() -> None:
    out = run_script("agreement.py", "--game", "wikinger", "--spec", "mcts:iterations=lots")
    assert out.returncode == 2
    assert len(out.stderr.strip().splitlines()) == 1 and "iterations" in out.stderr
    out = run_script("agreement.py", "--game", "chess")
    assert out.returncode == 2
    assert out.stderr.strip().startswith("agreement.py: no game 'chess'")
