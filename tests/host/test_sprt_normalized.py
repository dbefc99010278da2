"""Issue 36, item 6: ``--sprt nelo0=..,nelo1=..`` tests normalized Elo as fishtest
does (the LLR of the t-value constrained maximum-likelihood distributions, here
recomputed with scipy's SLSQP), and the verdict names the hypotheses by the bounds
given ("not worse" for a non-regression test)."""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np
import pytest
from scipy import optimize

from vikingcli.batch.sprt import REGULARIZE, Sequential, SprtUsage, parse_sprt


def deals(n: int, p: float, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out = []
    for d in range(n):
        for seating in ([0, 1], [1, 0]):
            win = rng.random() < p
            ranks = [1, 2] if win == (seating[0] == 0) else [2, 1]
            out.append({"deal": d, "seating": seating, "ranks": ranks,
                        "winners": [ranks.index(1)]})
    return out


def tvalue_mle(values: np.ndarray, q: np.ndarray, t: float) -> np.ndarray:
    def mean_sd(p: np.ndarray) -> tuple[float, float]:
        mu = float(p @ values)
        return mu, math.sqrt(float(p @ (values - mu) ** 2))

    res = optimize.minimize(
        lambda p: -float(q @ np.log(np.maximum(p, 1e-300))),
        q,
        method="SLSQP",
        bounds=[(1e-12, 1)] * len(q),
        constraints=[
            {"type": "eq", "fun": lambda p: p.sum() - 1},
            {"type": "eq", "fun": lambda p: (mean_sd(p)[0] - 0.5) - t * mean_sd(p)[1]},
        ],
        options={"ftol": 1e-15, "maxiter": 1000},
    )
    assert res.success, res.message
    return np.asarray(res.x)


def test_item6_normalized_elo_llr_agrees_with_an_independent_recomputation() -> None:
    records = deals(120, 0.56, 4)
    test = Sequential(parse_sprt("nelo0=0,nelo1=20"), seatings=2, table=2).add(records)
    values = np.arange(5) / 4
    counts = np.zeros(5)
    for d in range(120):
        pair = [r for r in records if r["deal"] == d]
        hero = sum(1.0 if r["ranks"][r["seating"].index(0)] == 1 else 0.0 for r in pair)
        counts[round(hero * 2)] += 1
    reg = np.maximum(counts, REGULARIZE / 5)
    q = reg / reg.sum()
    t0, t1 = (nelo / (800 / math.log(10)) * math.sqrt(2) for nelo in (0.0, 20.0))
    p0, p1 = tvalue_mle(values, q, t0), tvalue_mle(values, q, t1)
    want = counts.sum() * float(q @ np.log(p1 / p0))
    assert test.result().llr == pytest.approx(want, rel=1e-4, abs=1e-6)
    assert test.result().to_json()["h1"] == "normalized Elo >= +20.00"


def test_item6_a_clear_gain_is_accepted_in_normalized_elo() -> None:
    result = Sequential(parse_sprt("nelo0=0,nelo1=40"), 2, 2).add(deals(600, 0.62, 1)).result()
    assert result.decision == "better"
    assert result.summary().endswith("; accepted H1: normalized Elo >= +40.00")


def test_item6_a_non_regression_test_says_not_worse_or_worse() -> None:
    even = deals(600, 0.5, 2)
    result = Sequential(parse_sprt("elo0=-40,elo1=0"), 2, 2).add(even).result()
    assert result.decision is not None
    word = {"better": "not worse", "not better": "worse"}[result.decision]
    assert f": {word} after " in result.summary()
    assert result.to_json()["accepted"] in ("H1: Elo >= 0.00", "H0: Elo <= -40.00")


@pytest.mark.parametrize(
    ("text", "problem"),
    [("nelo0=5,nelo1=0", "nelo0 must be below nelo1"), ("nelo0=0", "give both nelo0 and nelo1"),
     ("elo0=0,nelo1=5", "give one pair of bounds")],
)
def test_item6_bad_normalized_bounds_are_named(text: str, problem: str) -> None:
    with pytest.raises(SprtUsage, match=problem):
        parse_sprt(text)
