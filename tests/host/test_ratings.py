"""Issue 36, item 1: the joint rating list is the maximum-likelihood fit an
independent implementation finds (scipy's optimizer on a likelihood written here
from the model's definition), and its intervals are honest with few deals.

The likelihood written here: Plackett–Luce over each game's finishing order, a tie
for a place shared 1/m among the m tied, plus the documented normal prior on every
strength. Elo is natural units times 400 / ln 10.
"""

from __future__ import annotations

import math
import random
from collections import defaultdict
from typing import Any

import numpy as np
import pytest
from scipy import optimize, special, stats

from vikingcli.batch.ratings import PRIOR_SD, joint_ratings, t975

SCALE = 400 / math.log(10)


def game(deal: int, seating: list[int], ranks: list[int]) -> dict[str, Any]:
    return {"deal": deal, "seating": seating, "ranks": ranks}


def game_loglik(s: np.ndarray, rec: dict[str, Any]) -> float:
    seating, ranks = np.array(rec["seating"]), np.array(rec["ranks"])
    total = 0.0
    for r in sorted(set(ranks.tolist())):
        left = seating[ranks >= r]
        if len(left) < 2:
            break
        tied = seating[ranks == r]
        total += float(np.mean(s[tied])) - float(special.logsumexp(s[left]))
    return total


def prior(s: np.ndarray) -> float:
    return float(-0.5 * (s**2).sum() / PRIOR_SD**2)


def independent_fit(n: int, records: list[dict[str, Any]]) -> np.ndarray:
    def neg(s: np.ndarray) -> float:
        return -(sum(game_loglik(s, r) for r in records) + prior(s))

    res = optimize.minimize(neg, np.zeros(n), method="BFGS", options={"gtol": 1e-8})
    assert np.abs(res.jac).max() < 1e-5, res.message  # at the maximum
    return np.asarray(res.x)


def independent_widths(n: int, records: list[dict[str, Any]], s: np.ndarray) -> np.ndarray:
    """95% half-widths against the mean, in Elo: max(t(D-1) sandwich over deals,
    z model-based), with numerical derivatives."""
    deals: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        deals[r["deal"]].append(r)

    def grad(f: Any, x: np.ndarray, h: float = 1e-6) -> np.ndarray:
        eye = np.eye(len(x)) * h
        return np.array([(f(x + e) - f(x - e)) / (2 * h) for e in eye])

    def total(x: np.ndarray) -> float:
        return sum(game_loglik(x, r) for r in records) + prior(x)

    h = 1e-4
    eye = np.eye(n) * h
    hess = np.array(
        [
            [
                (total(s + a + b) - total(s + a - b) - total(s - a + b) + total(s - a - b))
                / (4 * h * h)
                for b in eye
            ]
            for a in eye
        ]
    )
    info = -(hess + hess.T) / 2
    inv = np.linalg.inv(info)
    scores = np.array(
        [grad(lambda x, g=g: sum(game_loglik(x, r) for r in g), s) for g in deals.values()]
    )
    d = len(scores)
    centred = scores - scores.mean(axis=0)
    robust = inv @ (centred.T @ centred * d / (d - 1)) @ inv
    widths = []
    for i in range(n):
        c = -np.ones(n) / n
        c[i] += 1
        w = stats.norm.ppf(0.975) * math.sqrt(c @ inv @ c)
        w = max(w, stats.t.ppf(0.975, d - 1) * math.sqrt(max(0.0, c @ robust @ c)))
        widths.append(w * SCALE)
    return np.array(widths)


def check(labels: list[str], records: list[dict[str, Any]]) -> dict[str, Any]:
    got = joint_ratings(labels, records)
    s = independent_fit(len(labels), records)
    want = (s - s.mean()) * SCALE
    assert [r["elo"] for r in got["entrants"]] == pytest.approx(want.tolist(), abs=0.05)
    widths = independent_widths(len(labels), records, s)
    assert [r["elo_error"] for r in got["entrants"]] == pytest.approx(widths.tolist(), rel=1e-3)
    return got


def test_item1_rock_paper_scissors_rates_all_three_equal() -> None:
    """A beats B, B beats C, C beats A: per-entrant Elo against the field gave each
    +190.8; the joint fit gives each 0, as the independent fit does."""
    records = []
    for deal in range(4):
        for w, l_ in [(0, 1), (1, 2), (2, 0)]:
            records += [game(deal, [w, l_], [1, 2]), game(deal, [l_, w], [2, 1])]
    got = check(["rock", "paper", "scissors"], records)
    assert [r["elo"] for r in got["entrants"]] == pytest.approx([0, 0, 0], abs=1e-6)
    assert got["model"] == "Bradley-Terry"


def test_item1_two_deals_34_0_2_has_a_wide_interval_not_zero() -> None:
    """Two identical deals (17 wins and a draw each): the score's error over deals
    is 0, which gave "+492.2 ± 0"; the joint rating's interval is the model's, wide."""
    records = []
    for deal in range(2):
        records += [game(deal, [0, 1] if k % 2 else [1, 0], [1, 2] if k % 2 else [2, 1])
                    for k in range(17)]
        records.append(game(deal, [0, 1], [1, 1]))
    got = check(["a", "b"], records)
    assert got["few_deals"] and got["deals"] == 2
    assert got["entrants"][0]["elo_error"] > 100


def test_item1_few_deals_at_tables_of_three_with_ties_match_an_independent_fit() -> None:
    rng = random.Random(7)
    records = []
    for deal in range(3):
        for _ in range(6):
            seating = rng.sample(range(4), 3)
            strength = {0: 2.0, 1: 1.0, 2: 0.0, 3: 0.0}
            keys = [strength[e] + rng.gauss(0, 1.5) for e in seating]
            ranks = [1 + sum(k2 > k + 0.3 for k2 in keys) for k in keys]  # close ones tie
            records.append(game(deal, seating, ranks))
    got = check(["w", "x", "y", "z"], records)
    assert got["model"] == "Plackett-Luce" and got["few_deals"]


def test_item1_many_deals_use_the_t_sandwich_and_an_anchor_fixes_one_entrant() -> None:
    rng = random.Random(3)
    records = []
    for deal in range(12):
        for a, b in [(0, 1), (1, 2), (0, 2)]:
            for seating in ([a, b], [b, a]):
                p = 1 / (1 + 10 ** ((b - a) * 60 / 400))
                win = rng.random() < p
                first = seating[0] == a
                records.append(game(deal, seating, [1, 2] if win == first else [2, 1]))
    check(["p", "q", "r"], records)
    anchored = joint_ratings(["p", "q", "r"], records, anchor="q")
    free = joint_ratings(["p", "q", "r"], records)
    assert anchored["entrants"][1]["elo"] == 0 and anchored["entrants"][1]["elo_error"] == 0
    diff = free["entrants"][0]["elo"] - free["entrants"][1]["elo"]
    assert anchored["entrants"][0]["elo"] == pytest.approx(diff)


@pytest.mark.parametrize("df", [1, 2, 3, 4, 9, 30, 31, 45, 100, 1000])
def test_item1_t_quantile_is_students(df: int) -> None:
    assert t975(df) == pytest.approx(float(stats.t.ppf(0.975, df)), abs=2e-5)


def test_item1_per_entrant_elo_interval_over_two_deals_does_not_collapse() -> None:
    """34-0-2 in 36 games over two deals that ended alike showed "+492.2 ± 0"."""
    from vikingcli.batch.stats import head_to_head

    records = []
    for deal in range(2):
        records += [game(deal, [0, 1], [1, 2]) for _ in range(17)]
        records.append(game(deal, [0, 1], [1, 1]))
    row = head_to_head(2, records)["entrants"][0]
    assert (row["w"], row["d"], row["l"]) == (34, 2, 0)
    lo, hi = row["elo_95"]
    assert lo < 400 < 800 < hi  # at least the Wilson interval of 35 points in 36
    two = [game(0, [0, 1], [1, 2]), game(0, [0, 1], [2, 1]), game(1, [0, 1], [1, 2]),
           game(1, [0, 1], [1, 2])]  # deals scored ½ and 1: t with 1 df, 12.7
    s = head_to_head(2, two)["entrants"][0]
    se = math.sqrt(((1 - 0.75 * 2) ** 2 + (2 - 0.75 * 2) ** 2) / 2) / 2
    assert s["score_95"] == pytest.approx([0.0, 1.0])  # 0.75 ± 12.7 * 0.25
    assert 12.7 * se > 1


def test_item1_the_standings_are_ordered_by_the_rating_list_with_a_few_deals_warning(
    tmp_path: Any,
) -> None:
    import subprocess
    import sys

    def cli(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([sys.executable, "-m", "vikingcli", "tournament", "jorvik",
                               "-p", "random", "-p", "g=greedy", "-p", "r3=random:seed=3",
                               "--table-size", "2", "--games", "6", *args],
                              capture_output=True, text=True, cwd=tmp_path, timeout=120)

    shown = cli("--anchor", "r3")
    assert shown.returncode == 0, shown.stderr
    rows = [line.split() for line in shown.stdout.splitlines() if line.split()[:1] in
            (["1:random"], ["g"], ["r3"])]
    elos = [float(r[1]) for r in rows]
    assert elos == sorted(elos, reverse=True) and ["r3", "0", "±", "0"] in [r[:4] for r in rows]
    assert "warning: only 1 deal: the intervals are rough (more deals: --games)" in shown.stdout
    assert "against r3 fixed at 0" in shown.stdout
    data = __import__("orjson").loads(cli("--json").stdout)
    assert data["rating_fit"]["few_deals"] and data["rating_fit"]["anchor"] is None
    assert sum(e["joint_elo"] for e in data["entrants"]) == pytest.approx(0, abs=1e-6)
    bad = cli("--anchor", "nobody")
    assert bad.returncode == 2
    assert bad.stderr.splitlines() == [
        "vikingcli: error: --anchor nobody: no entrant is called that (entrants: 1:random, g, r3)"
    ]
