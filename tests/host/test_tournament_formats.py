"""Tournaments with more entrants than seats: round robins and gauntlets at tables of
K, seat balance per deal, resuming after kill -9, and --sprt for a hero against a
field with the exit code a CI pipeline gates on."""

from __future__ import annotations

import itertools
import os
import signal
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import orjson
import pytest

from tests.host.conftest import CLI
from tests.host.test_cli import assert_usage_error
from vikingcli.batch.results_file import Settings
from vikingcli.batch.tournament import Plan, PlanError, job_key, schedule, wilson

ROOT = Path(__file__).resolve().parents[2]
BOT = ROOT / "examples" / "bots" / "random_bot.py"
ROUND_ROBIN = [
    "tournament",
    "wikinger",
    "-p",
    "mcts:iterations=20",
    "-p",
    "greedy",
    "-p",
    "random",
    "-p",
    f"a=exec:{sys.executable} {BOT}",
    "-p",
    f"b=exec:{sys.executable} {BOT}",
    "--table-size",
    "3",
    "--format",
    "round-robin",
    "--games",
    "60",
]


def seat_counts(seatings: list[tuple[int, ...]] | list[list[int]]) -> Counter[tuple[int, int]]:
    """(entrant, seat) -> games."""
    return Counter((e, s) for order in seatings for s, e in enumerate(order))


def test_a_round_robin_deal_is_every_table_in_every_seating() -> None:
    plan = Plan(("mcts", "greedy", "random", "exec:x", "exec:y"), table_size=3, fmt="round-robin")
    deal = plan.seatings(0)
    assert len(deal) == 10 * 6 and len(set(deal)) == 60
    assert {tuple(sorted(o)) for o in deal} == set(itertools.combinations(range(5), 3))
    # 6 tables hold each entrant, 2 seatings of each put it in each seat
    assert set(seat_counts(deal).values()) == {12}
    assert len(seat_counts(deal)) == 5 * 3


def test_a_gauntlet_seats_the_hero_at_every_table_in_every_seat() -> None:
    plan = Plan(("mcts", "a", "b", "c", "d"), table_size=3, fmt="gauntlet")
    deal = plan.seatings(0)
    assert len(deal) == 6 * 6 and all(0 in order for order in deal)
    counts = seat_counts(deal)
    assert [counts[(0, s)] for s in range(3)] == [12, 12, 12]
    assert {counts[(e, s)] for e in range(1, 5) for s in range(3)} == {6}


def test_interchangeable_entrants_take_turns_and_even_out_over_deals() -> None:
    # mcts against three greedy (same spec, no names): one table, 3 seatings a deal,
    # and over three deals each greedy sits in each seat as often as the others.
    plan = Plan(("mcts", "greedy", "greedy", "greedy"), table_size=3, fmt="gauntlet")
    assert plan.games_per_deal == 3
    three = [order for deal in range(3) for order in plan.seatings(deal)]
    counts = seat_counts(three)
    assert [counts[(0, s)] for s in range(3)] == [3, 3, 3]
    assert {counts[(e, s)] for e in (1, 2, 3) for s in range(3)} == {2}
    # A name makes an entrant its own, even with the same spec.
    named = Plan(("greedy", "greedy"), ("x", "y"), 2, "round-robin")
    assert named.seatings(0) == [(0, 1), (1, 0)]
    assert Plan(("greedy", "greedy"), table_size=2, fmt="round-robin").seatings(0) == [(0, 1)]


def test_the_all_format_keeps_its_seatings() -> None:
    plan = Plan(("mcts", "greedy", "greedy", "greedy"))
    assert plan.seatings(0) == plan.seatings(5) == [
        (0, 1, 2, 3),
        (1, 0, 2, 3),
        (1, 2, 0, 3),
        (1, 2, 3, 0),
    ]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"table_size": 2}, "--format all seats every entrant"),
        ({"table_size": 4, "fmt": "round-robin"}, "--table-size 4 but only 3 entrants"),
        ({"table_size": 2, "fmt": "swiss"}, "unknown format 'swiss'"),
        ({"table_size": 2, "fmt": "gauntlet", "rotation": "spiral"}, "unknown rotation"),
    ],
)
def test_a_plan_that_cannot_be_laid_out_says_why(kwargs: dict[str, Any], message: str) -> None:
    with pytest.raises(PlanError, match=message):
        Plan(("a", "b", "c"), **kwargs)


def test_version_1_files_read_as_every_entrant_at_one_table() -> None:
    old = Settings(
        version=1, game="g", game_version="1", options={}, entrants=["a", "b"], rotation="all",
        seed=1,
    )
    assert old.plan() == Plan(("a", "b"))
    assert old.compared()["table_size"] == 2 and old.compared()["names"] == [None, None]


def test_json_intervals_are_clamped_and_exact_at_the_ends() -> None:
    assert wilson(0, 12) == (0.0, pytest.approx(0.2425, abs=1e-4))
    assert wilson(0, 12)[0] == 0.0 and wilson(12, 12)[1] == 1.0


def test_bad_table_sizes_and_formats_are_one_line_usage_errors(cli: CLI) -> None:
    five = ["tournament", "toygame", "-p", "greedy", "-p", "4*random"]
    assert_usage_error(cli(*five, "--table-size", "5"), "toygame takes 2-4 players")
    assert_usage_error(cli(*five, "--table-size", "0"), "--table-size")
    assert_usage_error(
        cli("tournament", "toygame", "-p", "3*random", "-k", "2", "--format", "all"),
        "--format all seats every entrant at one table",
    )
    assert_usage_error(
        cli("tournament", "toygame", "-p", "2*random", "-k", "3", "--format", "round-robin"),
        "--table-size 3 but only 2 entrants",
    )
    assert_usage_error(cli(*five, "--format", "swiss"), "unknown format 'swiss'")


def test_five_entrants_of_a_four_player_game_play_a_round_robin_by_default(
    cli: CLI, tmp_path: Path
) -> None:
    out = tmp_path / "five.jsonl"
    proc = cli(
        "tournament", "toygame", "-p", "greedy", "-p", "random", "-p", "random:seed=3",
        "-p", "random:seed=4", "-p", "me=random:seed=5", "-k", "2", "--out", str(out), "--json",
    )
    assert proc.returncode == 0, proc.stderr
    standings = orjson.loads(proc.stdout)
    assert (standings["format"], standings["table_size"]) == ("round-robin", 2)
    assert [e["entrant"] for e in standings["entrants"]][-1] == "me"  # NAME= labels it
    assert all(e["games"] == 8 for e in standings["entrants"])  # 4 opponents x 2 seatings
    header = orjson.loads(out.read_bytes().splitlines()[0])
    assert (header["schedule"], header["table_size"], header["names"][-1]) == (
        "round-robin",
        2,
        "me",
    )
    # Another table size, format or name is another tournament.
    for other in (["-k", "3"], ["-k", "2", "--format", "gauntlet"]):
        again = cli(
            "tournament", "toygame", "-p", "greedy", "-p", "random", "-p", "random:seed=3",
            "-p", "random:seed=4", "-p", "me=random:seed=5", *other, "--out", str(out),
        )
        assert_usage_error(again, "holds another tournament")
    renamed = cli(
        "tournament", "toygame", "-p", "greedy", "-p", "random", "-p", "random:seed=3",
        "-p", "random:seed=4", "-p", "you=random:seed=5", "-k", "2", "--out", str(out),
    )
    assert_usage_error(renamed, "names -, -, -, -, me (this run: -, -, -, -, you)")


def _lines(out: Path) -> int:
    try:
        return max(0, out.read_bytes().count(b"\n") - 1)
    except FileNotFoundError:
        return 0


@pytest.mark.slow
def test_a_round_robin_of_five_at_tables_of_three_is_balanced_and_survives_kill_9(
    tmp_path: Path,
) -> None:
    """The organiser's Wikinger round robin: mcts, greedy, random and two bots of
    their own (named a and b) at tables of 3; killed mid-run, then resumed."""
    out = tmp_path / "rr.jsonl"
    html = tmp_path / "rr.html"
    run = [sys.executable, "-m", "vikingcli", *ROUND_ROBIN, "--out", str(out), "--jobs", "2"]
    proc = subprocess.Popen(
        run, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path, start_new_session=True
    )
    deadline = time.monotonic() + 240
    while _lines(out) < 12 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.01)
    os.killpg(proc.pid, signal.SIGKILL)
    proc.communicate()
    killed_at = _lines(out)
    assert 0 < killed_at < 60, "the kill did not land mid-run"

    final = subprocess.run(
        [*run, "--json", "--report", str(html)],
        capture_output=True, text=True, cwd=tmp_path, timeout=300,
    )
    assert final.returncode == 0, final.stderr
    header, *lines = (orjson.loads(x) for x in out.read_bytes().splitlines())
    assert (header["table_size"], header["schedule"]) == (3, "round-robin")
    keys = [job_key(r) for r in lines]
    plan = Plan(tuple(header["entrants"]), tuple(header["names"]), 3, "round-robin")
    planned = [
        (j["seed"], j["tag"]["deal"], tuple(j["tag"]["seating"]))
        for j in schedule("wikinger", header["options"], plan, 60, 1)
    ]
    assert len(keys) == len(set(keys)) == 60 and sorted(keys) == sorted(planned)
    # Balanced: every entrant plays the same number of games in each seat.
    counts = seat_counts([r["seating"] for r in lines])
    assert len(counts) == 5 * 3 and set(counts.values()) == {12}
    standings = orjson.loads(final.stdout)
    assert [e["entrant"] for e in standings["entrants"]] == [
        "1:mcts:iterations=20", "2:greedy", "3:random", "a", "b",
    ]
    assert all(e["games"] == 36 for e in standings["entrants"])
    umask = os.umask(0o022)
    os.umask(umask)
    assert html.stat().st_mode & 0o777 == 0o644 & ~umask  # 0644: a web server may publish it


def test_a_gauntlet_sprt_stops_when_decided_and_exits_with_its_verdict(
    cli: CLI, tmp_path: Path
) -> None:
    """A rigged pair: greedy beats random players, random loses to greedy ones."""
    common = ["--format", "gauntlet", "--table-size", "3", "--sprt", "elo0=0,elo1=100"]
    out = tmp_path / "g.jsonl"
    better = cli(
        "tournament", "jorvik", "-p", "greedy", "-p", "3*random", *common, "--games", "900",
        "--out", str(out), "--json", "--jobs", "2",
    )
    assert better.returncode == 0, better.stderr  # H1 accepted
    verdict = orjson.loads(better.stdout)["sprt"]
    assert (verdict["decision"], verdict["exit_code"]) == ("better", 0)
    assert verdict["games"] < 900 and verdict["games"] % 3 == 0  # whole deals of 3 games
    assert verdict["llr"] >= verdict["bounds"][1]
    played = _lines(out)
    assert verdict["games"] <= played < 900
    again = cli(
        "tournament", "jorvik", "-p", "greedy", "-p", "3*random", *common, "--games", "900",
        "--out", str(out),
    )
    assert again.returncode == 0 and _lines(out) == played  # decided: nothing more
    assert "better after" in again.stdout.splitlines()[-1]

    worse = cli(
        "tournament", "jorvik", "-p", "random", "-p", "3*greedy", *common, "--games", "900",
        "--json",
    )
    assert worse.returncode == 1, worse.stderr  # H0 accepted
    assert orjson.loads(worse.stdout)["sprt"]["decision"] == "not better"

    capped = cli(
        "tournament", "jorvik", "-p", "greedy", "-p", "3*random", *common, "--games", "6",
        "--json",
    )
    assert capped.returncode == 3, capped.stderr  # undecided at the cap
    verdict = orjson.loads(capped.stdout)["sprt"]
    assert (verdict["decision"], verdict["games"]) == ("undecided", 6)
