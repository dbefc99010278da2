"""benchmarks/levels.py at a table size asked for (``--players``): the levels of a game
measured where people play it by default, not only at its smallest table."""

from __future__ import annotations

from tests.benchmark_scripts import run_script


def test_players_sets_the_table_of_every_row() -> None:
    out = run_script("levels.py", "--game", "wikinger", "--pair", "easy:easy", "--players", "3",
                     "--deals", "1", "--seed", "5")  # fmt: skip
    assert out.returncode == 0, out.stderr
    row = [line for line in out.stdout.splitlines() if line.startswith("| wikinger")]
    # one deal, every seating of the stronger seat at 3 seats: three games
    assert [cell.strip() for cell in row[0].split("|")[2:5]] == ["3", "easy vs easy", "3"]


def test_a_table_the_game_is_not_played_at_is_one_line_and_exit_2() -> None:
    out = run_script("levels.py", "--game", "wikinger", "--players", "7", "--deals", "1")
    assert out.returncode == 2
    assert out.stderr == "levels.py: wikinger is played by 2-4 players, not 7\n"
    assert out.stdout == ""
