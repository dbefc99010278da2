"""The report's Elo, LOS and LLR, recomputed here from a fixed results file with other
tools (numpy, scipy's normal distribution and root finder), must agree with what the
report shows.

The file (tests/fixtures/tournaments/gauntlet-toygame.jsonl) is a toygame gauntlet:
greedy against random, random:seed=7 and x=random:seed=9 at tables of 3, ``--sprt
elo0=0,elo1=100``, seed 40; it was decided, so the rerun here plays nothing and only
reads the file.
"""

from __future__ import annotations

import math
import shutil
from collections import defaultdict
from pathlib import Path
from typing import Any

import numpy as np
import orjson
import pytest
from scipy import optimize, stats

from tests.host.conftest import CLI
from tests.host.test_report import read_page
from vikingcli.batch.stats import pentanomial

FIXED = Path(__file__).resolve().parents[1] / "fixtures" / "tournaments" / "gauntlet-toygame.jsonl"
ARGS = [
    "tournament", "toygame", "-p", "greedy", "-p", "random", "-p", "random:seed=7",
    "-p", "x=random:seed=9", "--format", "gauntlet", "--table-size", "3",
    "--sprt", "elo0=0,elo1=100", "--games", "300", "--seed", "40",
]


def elo(score: float) -> float:
    return float(-400 * np.log10(1 / score - 1))


def outcomes(records: list[dict[str, Any]]) -> list[tuple[int, int, int, float]]:
    """(deal, entrant, opponent, points) for every pair at every table."""
    out = []
    for rec in records:
        for a, ea in enumerate(rec["seating"]):
            for b, eb in enumerate(rec["seating"]):
                if a != b:
                    ra, rb = rec["ranks"][a], rec["ranks"][b]
                    out.append((rec["deal"], ea, eb, 1.0 if ra < rb else 0.5 if ra == rb else 0.0))
    return out


def expected(rows: list[tuple[int, int, int, float]]) -> dict[str, float]:
    points = np.array([p for *_, p in rows])
    w, d, l_ = (points == 1).sum(), (points == 0.5).sum(), (points == 0).sum()
    score = points.mean()
    by_deal: dict[int, list[float]] = defaultdict(list)
    for deal, _, _, p in rows:
        by_deal[deal].append(p)
    sums = np.array([sum(v) for v in by_deal.values()])
    sizes = np.array([len(v) for v in by_deal.values()])
    k = len(sums)
    se = np.sqrt(((sums - score * sizes) ** 2).sum() / (k * (k - 1))) / sizes.mean()
    # Student's t over the deals, never narrower than the Wilson interval of the results.
    t = stats.t.ppf(0.975, k - 1)
    n, z = len(points), stats.norm.ppf(0.975)
    centre = (score + z * z / (2 * n)) / (1 + z * z / n)
    half = z * np.sqrt(score * (1 - score) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    lo = max(0.0, min(score - t * se, centre - half))
    hi = min(1.0, max(score + t * se, centre + half))
    return {
        "w": int(w),
        "d": int(d),
        "l": int(l_),
        "score": float(score),
        "elo": elo(score),
        "elo_lo": elo(lo),
        "elo_hi": elo(hi),
        "los": float(stats.norm.cdf((w - l_) / np.sqrt(w + l_))),
    }


def gsprt_llr(values: np.ndarray, counts: np.ndarray, s0: float, s1: float) -> float:
    """Van den Bergh's GSPRT: the empirical distribution tilted to each mean by the
    Lagrange multiplier, found here with scipy's brentq."""
    n = counts.sum()
    reg = np.maximum(counts, 5e-3 / len(counts))
    q = reg / reg.sum()

    def tilted(s: float) -> np.ndarray:
        d = values - s
        lo, hi = -1 / d.max(), -1 / d.min()
        lam = optimize.brentq(
            lambda t: float((q * d / (1 + t * d)).sum()), lo + 1e-12, hi - 1e-12, xtol=1e-15
        )
        return q / (1 + lam * d)

    return float(n * (q * np.log(tilted(s1) / tilted(s0))).sum())


@pytest.fixture
def fixed_report(cli: CLI, tmp_path: Path) -> tuple[list[dict[str, Any]], dict[str, Any], Path]:
    out, html = tmp_path / "fixed.jsonl", tmp_path / "fixed.html"
    shutil.copy(FIXED, out)
    before = out.read_bytes()
    proc = cli(*ARGS, "--out", str(out), "--report", str(html))
    assert proc.returncode == 0, proc.stderr  # H1 accepted, as when the file was made
    assert out.read_bytes() == before  # nothing was played
    records = [orjson.loads(x) for x in before.splitlines()[1:]]
    data = orjson.loads(read_page(html).data_text)
    return records, data, html


def test_elo_and_los_per_entrant_and_pair_agree_with_a_recomputation(
    fixed_report: tuple[list[dict[str, Any]], dict[str, Any], Path],
) -> None:
    records, data, html = fixed_report
    rows = outcomes(records)
    labels = data["entrants"]
    assert labels == ["1:greedy", "2:random", "3:random:seed=7", "x"]
    text = html.read_text()
    for e, label in enumerate(labels):
        want = expected([r for r in rows if r[1] == e])
        got = data["standings"][e]
        assert (got["w"], got["d"], got["l"]) == (want["w"], want["d"], want["l"])
        assert got["elo"] == pytest.approx(want["elo"], rel=1e-9)
        # rel 1e-6: the t quantile comes from a table of six decimals
        assert got["elo_95"] == pytest.approx([want["elo_lo"], want["elo_hi"]], rel=1e-6)
        assert got["los"] == pytest.approx(want["los"], rel=1e-9)
        # What people read: the Elo table's row shows the same, rounded.
        assert f'data-entrant="{label}" data-elo="{got["elo"]}"' in text
        assert f"{want['elo']:+.1f}" in text
        for j in range(len(labels)):
            pair = [r for r in rows if r[1] == e and r[2] == j]
            cell = data["pairwise"][e][j]
            if not pair:
                assert cell is None
                continue
            want = expected(pair)
            assert cell["elo"] == pytest.approx(want["elo"], rel=1e-9)
            assert cell["los"] == pytest.approx(want["los"], rel=1e-9)
            assert (cell["w"], cell["d"], cell["l"]) == (want["w"], want["d"], want["l"])


def test_the_llr_over_the_deals_agrees_with_a_recomputation(
    fixed_report: tuple[list[dict[str, Any]], dict[str, Any], Path],
) -> None:
    records, data, _ = fixed_report
    sprt = data["sprt"]
    by_deal: dict[int, list[float]] = defaultdict(list)
    for rec in records:
        me = rec["seating"].index(0)
        others = [r for s, r in enumerate(rec["ranks"]) if s != me]
        mine = rec["ranks"][me]
        by_deal[rec["deal"]].append(
            np.mean([1.0 if mine < r else 0.5 if mine == r else 0.0 for r in others])
        )
    per_deal = 18  # 3 tables (hero + 2 of 3) x 6 seatings
    steps = 2 * (3 - 1) * per_deal
    values = np.arange(steps + 1) / steps
    counts = np.zeros(steps + 1)
    s0, s1 = 0.5, 1 / (1 + 10 ** (-100 / 400))
    lower, upper = math.log(0.05 / 0.95), math.log(0.95 / 0.05)
    history = []
    for deal in range(len(by_deal)):
        games = by_deal[deal]
        assert len(games) == per_deal
        counts[round(np.mean(games) * steps)] += 1
        history.append(gsprt_llr(values, counts, s0, s1))
        if not lower < history[-1] < upper:
            break
    assert sprt["decision"] == "better" and history[-1] >= upper
    assert [p["llr"] for p in sprt["llr_history"]] == pytest.approx(history, rel=1e-7, abs=1e-9)
    assert [p["games"] for p in sprt["llr_history"]] == [
        per_deal * (k + 1) for k in range(len(history))
    ]
    assert sprt["bounds"] == pytest.approx([lower, upper])


def test_pentanomial_counts_pair_the_two_seatings_of_a_deal() -> None:
    def game(deal: int, seating: list[int], ranks: list[int]) -> dict[str, Any]:
        return {"deal": deal, "seating": seating, "ranks": ranks}

    records = [
        game(0, [0, 1], [1, 2]), game(0, [1, 0], [2, 1]),  # 0 wins both: 2 points
        game(1, [0, 1], [1, 1]), game(1, [1, 0], [1, 2]),  # a draw and a loss: ½
        game(2, [0, 1], [1, 2]), game(2, [1, 0], [1, 2]),  # a win and a loss: 1
        game(3, [0, 1], [1, 2]),  # half a pair: left out
    ]
    assert pentanomial(2, records) == [{"pair": [0, 1], "counts": [0, 1, 1, 0, 1]}]
