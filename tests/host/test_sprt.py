"""``tournament --sprt``: the sequential test decides early, says which way, resumes."""

from __future__ import annotations

import math
import random
from pathlib import Path

import orjson
import pytest

from tests.host.conftest import CLI
from tests.host.test_cli import assert_usage_error
from vikingcli.batch.sprt import Sequential, SprtUsage, elo_of_score, llr, parse_sprt, score_of_elo

PAIR_VALUES = [0.0, 0.25, 0.5, 0.75, 1.0]


def deal(index: int, first_wins: tuple[bool, bool]) -> list[dict[str, object]]:
    """The two games of one deal; the first entrant wins the ones marked True."""
    games = []
    for seating, won in zip(([0, 1], [1, 0]), first_wins):
        seat_of_first = seating.index(0)
        winner = seat_of_first if won else 1 - seat_of_first
        ranks = [1, 2] if winner == 0 else [2, 1]
        games.append(
            {
                "deal": index,
                "seed": 100 + index,
                "seating": seating,
                "winners": [winner],
                "ranks": ranks,
            }
        )
    return games


def test_elo_and_expected_score_are_the_logistic_pair() -> None:
    assert score_of_elo(0) == 0.5
    assert score_of_elo(400) == pytest.approx(10 / 11)
    assert elo_of_score(score_of_elo(-123.0)) == pytest.approx(-123.0)


def test_the_text_names_bounds_and_error_rates() -> None:
    spec = parse_sprt("elo0=0,elo1=10")
    assert (spec.score0, spec.alpha, spec.beta) == (0.5, 0.05, 0.05)
    assert spec.lower == pytest.approx(math.log(0.05 / 0.95))
    assert spec.upper == pytest.approx(math.log(0.95 / 0.05))
    shares = parse_sprt("share0=0.5,share1=0.6,alpha=0.01,beta=0.1")
    assert (shares.score0, shares.score1, shares.alpha, shares.beta) == (0.5, 0.6, 0.01, 0.1)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("elo0=0", "give both elo0 and elo1"),
        ("elo0=10,elo1=0", "elo0 must be below elo1"),
        ("elo0=0,elo1=nan", "finite"),
        ("elo0=0,elo1=x", "not a number"),
        ("elo0=0,share1=0.6", "one pair of bounds"),
        ("share0=0.5,share1=1.2", "0 < share0 < share1 < 1"),
        ("elo0=0,elo1=5,alpha=0.7", "alpha must be between 0 and 0.5"),
        ("elo0=0,elo1=5,gamma=1", "unknown key 'gamma'"),
        ("fast", "is not KEY=VALUE"),
    ],
)
def test_bad_sprt_texts_name_the_problem(text: str, message: str) -> None:
    with pytest.raises(SprtUsage, match=message):
        parse_sprt(text)


def test_the_exact_ratio_agrees_with_fishtest_s_approximation_on_a_large_sample() -> None:
    # fishtest's LLR_alt: N/2 * log(r0/r1), r = mean squared deviation from s0 and s1;
    # close to the exact GSPRT when the hypotheses are near each other.
    counts = [30.0, 220.0, 500.0, 240.0, 40.0]
    n = sum(counts)
    s0, s1 = score_of_elo(0), score_of_elo(10)
    r0, r1 = (sum(c * (v - s) ** 2 for v, c in zip(PAIR_VALUES, counts)) / n for s in (s0, s1))
    assert llr(PAIR_VALUES, counts, s0, s1) == pytest.approx(n / 2 * math.log(r0 / r1), rel=0.02)


def test_the_ratio_grows_with_evidence_and_has_the_right_sign() -> None:
    s0, s1 = score_of_elo(0), score_of_elo(50)
    strong = [0, 1, 2, 6, 11]
    assert 0 < llr(PAIR_VALUES, strong, s0, s1) < llr(PAIR_VALUES, [2 * c for c in strong], s0, s1)
    assert llr(PAIR_VALUES, [2, 6, 12, 6, 2], s0, s1) < 0


def test_a_decision_needs_whole_deals_in_order_whatever_order_results_arrive() -> None:
    spec = parse_sprt("elo0=0,elo1=200")
    games = [g for k in range(40) for g in deal(k, (True, True))]
    in_order = Sequential(spec).add(games).result()
    shuffled = games[:]
    random.Random(5).shuffle(shuffled)
    assert Sequential(spec).add(shuffled).result() == in_order
    assert in_order.decision == "better" and in_order.games < 40
    # Without the second game of deal 0 nothing can be decided.
    assert Sequential(spec).add(games[:1] + games[2:]).result().deals == 0


def test_even_results_are_not_better() -> None:
    spec = parse_sprt("elo0=0,elo1=200")
    games = [g for k in range(60) for g in deal(k, (k % 2 == 0, k % 4 < 2))]
    result = Sequential(spec).add(games).result()
    assert result.decision == "not better"
    assert result.llr <= spec.lower


def test_greedy_against_random_stops_early_as_better(cli: CLI, tmp_path: Path) -> None:
    out = tmp_path / "sprt.jsonl"
    args = ("tournament", "jorvik", "-p", "greedy", "-p", "random", "--games", "400")
    args += ("--sprt", "elo0=0,elo1=100", "--out", str(out), "--jobs", "2")
    proc = cli(*args)
    assert proc.returncode == 0, proc.stderr
    line = proc.stdout.strip().splitlines()[-1]
    assert line.startswith("SPRT elo0=0,elo1=100,alpha=0.05,beta=0.05: better after ")
    used = int(line.split("better after ")[1].split()[0])
    assert used < 400
    played = len(out.read_bytes().splitlines())
    assert used <= played < 400

    again = cli(*args, "--json")  # resumed: decided already, nothing more is played
    assert again.returncode == 0, again.stderr
    assert len(out.read_bytes().splitlines()) == played
    verdict = orjson.loads(again.stdout)["sprt"]
    assert (verdict["decision"], verdict["games"]) == ("better", used)
    assert verdict["llr"] >= verdict["bounds"][1]


def test_random_against_random_is_not_better_or_reaches_the_cap(cli: CLI) -> None:
    common = ("tournament", "jorvik", "-p", "random:seed=1", "-p", "random:seed=2", "--json")
    wide = cli(*common, "--games", "300", "--sprt", "elo0=0,elo1=100")
    assert wide.returncode == 1, wide.stderr  # H0 accepted
    verdict = orjson.loads(wide.stdout)["sprt"]
    assert verdict["decision"] == "not better" and verdict["games"] < 300
    assert verdict["llr"] <= verdict["bounds"][0]

    narrow = cli(*common, "--games", "20", "--sprt", "elo0=0,elo1=10")
    assert narrow.returncode == 3, narrow.stderr  # undecided
    capped = orjson.loads(narrow.stdout)
    assert capped["sprt"]["decision"] == "undecided"
    assert capped["sprt"]["games"] == capped["games"] == 20


def test_sprt_needs_a_hero_and_a_readable_test(cli: CLI) -> None:
    three = cli(
        "tournament", "jorvik", "-p", "3*random", "-k", "2", "--format", "round-robin",
        "--sprt", "elo0=0,elo1=10",
    )
    assert_usage_error(three, "--sprt tests the first entrant against the others")
    bad = cli("tournament", "jorvik", "-p", "2*random", "--sprt", "elo0=5")
    assert_usage_error(bad, "give both elo0 and elo1")
