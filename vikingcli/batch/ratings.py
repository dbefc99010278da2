"""The joint rating list: one maximum-likelihood fit of every entrant's strength
over all the games of a tournament, the headline of its standings and report.

The model is Plackett–Luce: at a table, the finishing order is drawn place by
place, and the chance that entrant ``i`` takes the next place among those still
unplaced ``R`` is ``exp(s_i) / sum_{k in R} exp(s_k)``. With two seats it is
Bradley–Terry: ``i`` beats ``j`` with chance ``1 / (1 + 10^((E_j - E_i) / 400))``
for Elo ``E = s * 400 / ln 10``, the logistic Elo of the head-to-head figures.
A tie for a place counts each of the ``m`` tied entrants as having taken it with
weight ``1 / m`` (with two players a draw is half a win and half a loss, as
cutechess counts it). The fit does not depend on the order the games were
played in (openskill's μ−3σ, updated game by game, does).

A perfect score has no finite maximum, so every strength carries a weak normal
prior (mean 0, :data:`PRIOR_SD` natural units, about 700 Elo): it keeps a
10-0 record finite and moves a rating fitted from dozens of games by well under
an Elo.

Ratings are shown against an anchor: the mean of all entrants (0 by default) or
one entrant fixed at 0. The 95% interval of each is honest at any sample size:
its half-width is the larger of

* ``t(D-1) * se`` with the cluster-robust (sandwich) error over *deals* — the
  games of a deal share their cards and seatings, so they are not independent —
  and Student's t quantile for ``D - 1`` degrees of freedom (12.7 for 2 deals,
  not 1.96);
* ``1.96 * se`` from the model's information (the games taken as independent),
  which never collapses to 0 when every deal happened to end alike.

Under :data:`FEW_DEALS` deals the standings warn that the intervals are rough.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

ELO_PER_UNIT = 400.0 / math.log(10.0)
"""Elo points per natural unit of strength."""
PRIOR_SD = 4.0
"""Standard deviation of every strength's prior, in natural units (≈ 695 Elo)."""
FEW_DEALS = 5
"""Under this many deals the intervals come with a warning."""
Z95 = 1.959963984540054

_T975 = (
    12.706205, 4.302653, 3.182446, 2.776445, 2.570582, 2.446912, 2.364624, 2.306004,
    2.262157, 2.228139, 2.200985, 2.178813, 2.160369, 2.144787, 2.13145, 2.119905,
    2.109816, 2.100922, 2.093024, 2.085963, 2.079614, 2.073873, 2.068658, 2.063899,
    2.059539, 2.055529, 2.051831, 2.048407, 2.04523, 2.042272,
)  # fmt: skip
"""Student's t 97.5% quantile for 1..30 degrees of freedom (the usual table)."""

Pattern = tuple[tuple[int, ...], ...]
"""A game's finishing order: groups of entrants (tied within a group), best first."""


def t975(df: int) -> float:
    """Student's t 97.5% quantile for ``df`` degrees of freedom (≥ 1): the table
    up to 30, then the Cornish–Fisher expansion (Abramowitz & Stegun 26.7.5),
    good to 1e-5 there."""
    if df < 1:
        raise ValueError("a t quantile needs at least 1 degree of freedom")
    if df <= len(_T975):
        return _T975[df - 1]
    z = Z95
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
    return z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4


def pattern(seating: Sequence[int], ranks: Sequence[int]) -> Pattern:
    """The finishing order of one game as groups of entrants, best place first."""
    groups: dict[int, list[int]] = defaultdict(list)
    for entrant, rank in zip(seating, ranks, strict=True):
        groups[int(rank)].append(int(entrant))
    return tuple(tuple(sorted(groups[r])) for r in sorted(groups))


def deal_patterns(records: Sequence[Mapping[str, Any]]) -> dict[int, Counter[Pattern]]:
    """Per deal, how often each finishing order happened."""
    out: dict[int, Counter[Pattern]] = defaultdict(Counter)
    for rec in records:
        order = rec["seating"]
        if len(set(order)) != len(order):
            continue  # an entrant against itself says nothing about strengths
        out[int(rec["deal"])][pattern(order, rec["ranks"])] += 1
    return dict(out)


def _steps(p: Pattern) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
    """The places of a finishing order: (the group taking it, those still unplaced)."""
    left = [e for group in p for e in group]
    out = []
    for group in p:
        if len(left) > 1:
            out.append((group, tuple(left)))
        left = left[len(group) :]
    return out


def _softmax(s: Sequence[float], among: Sequence[int]) -> tuple[list[float], float]:
    top = max(s[k] for k in among)
    ex = [math.exp(s[k] - top) for k in among]
    total = sum(ex)
    return [x / total for x in ex], top + math.log(total)


def _terms(
    n: int, s: Sequence[float], counts: Mapping[Pattern, float]
) -> tuple[float, list[float], list[list[float]]]:
    """Log-likelihood, its gradient and its Hessian over ``counts`` (no prior)."""
    ll = 0.0
    grad = [0.0] * n
    hess = [[0.0] * n for _ in range(n)]
    for p, w in counts.items():
        for group, left in _steps(p):
            probs, lse = _softmax(s, left)
            share = w / len(group)
            for i in group:
                ll += share * (s[i] - lse)
                grad[i] += share
            for a, pa in zip(left, probs):
                grad[a] -= w * pa
                row = hess[a]
                row[a] -= w * pa
                for b, pb in zip(left, probs):
                    row[b] += w * pa * pb
    return ll, grad, hess


def _solve(matrix: Sequence[Sequence[float]], rhs: Sequence[Sequence[float]]) -> list[list[float]]:
    """``matrix^-1 @ rhs`` by Gauss–Jordan with partial pivoting (a small, positive
    definite matrix)."""
    n = len(matrix)
    m = len(rhs[0])
    a = [list(matrix[i]) + list(rhs[i]) for i in range(n)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[pivot] = a[pivot], a[c]
        inv = 1.0 / a[c][c]
        a[c] = [x * inv for x in a[c]]
        for r in range(n):
            if r != c and a[r][c]:
                f = a[r][c]
                a[r] = [x - f * y for x, y in zip(a[r], a[c])]
    return [row[n : n + m] for row in a]


def fit(
    n: int, counts: Mapping[Pattern, float], start: Sequence[float] | None = None
) -> list[float]:
    """The strengths (natural units, mean 0) that maximize the likelihood of
    ``counts`` under the prior, by Newton's method with step halving."""
    s = list(start) if start is not None else [0.0] * n
    prec = 1.0 / PRIOR_SD**2

    def objective(x: Sequence[float]) -> float:
        return _terms(n, x, counts)[0] - 0.5 * prec * sum(v * v for v in x)

    current = objective(s)
    for _ in range(100):
        _, grad, hess = _terms(n, s, counts)
        g = [grad[i] - prec * s[i] for i in range(n)]
        info = [[-hess[i][j] + (prec if i == j else 0.0) for j in range(n)] for i in range(n)]
        step = [row[0] for row in _solve(info, [[x] for x in g])]
        scale = 1.0
        while True:
            trial = [x + scale * d for x, d in zip(s, step)]
            value = objective(trial)
            if value >= current - 1e-12 or scale < 1e-6:
                break
            scale /= 2
        s, current = trial, value
        if max(abs(scale * d) for d in step) < 1e-10:
            break
    return s


def joint_ratings(
    labels: Sequence[str],
    records: Sequence[Mapping[str, Any]],
    anchor: str | None = None,
) -> dict[str, Any]:
    """The rating list: per entrant its Elo against the anchor (``anchor``: an
    entrant's label fixed at 0; ``None``: the mean is 0) and its 95% interval."""
    n = len(labels)
    if anchor is not None and anchor not in labels:
        raise ValueError(f"--anchor {anchor}: no entrant is called that")
    by_deal = deal_patterns(records)
    total: Counter[Pattern] = Counter()
    for seen in by_deal.values():
        total.update(seen)
    s = fit(n, total)
    _, _, hess = _terms(n, s, total)
    prec = 1.0 / PRIOR_SD**2
    info = [[-hess[i][j] + (prec if i == j else 0.0) for j in range(n)] for i in range(n)]
    eye = [[1.0 if i == j else 0.0 for j in range(n)] for i in range(n)]
    model_cov = _solve(info, eye)
    deals = len(by_deal)
    robust_cov = _robust_covariance(n, s, by_deal, info) if deals > 1 else None
    a = labels.index(anchor) if anchor is not None else None
    base = s[a] if a is not None else sum(s) / n if n else 0.0
    rows = []
    for i in range(n):
        c = [0.0] * n
        c[i] += 1.0
        if a is not None:
            c[a] -= 1.0
        else:
            c = [x - 1.0 / n for x in c]

        def var(cov: Sequence[Sequence[float]], c: list[float] = c) -> float:
            return max(0.0, sum(c[p] * cov[p][q] * c[q] for p in range(n) for q in range(n)))

        width = Z95 * math.sqrt(var(model_cov))
        if robust_cov is not None:
            width = max(width, t975(deals - 1) * math.sqrt(var(robust_cov)))
        if a == i:
            width = 0.0
        elo = (s[i] - base) * ELO_PER_UNIT
        rows.append(
            {
                "entrant": labels[i],
                "elo": elo,
                "elo_95": [elo - width * ELO_PER_UNIT, elo + width * ELO_PER_UNIT],
                "elo_error": width * ELO_PER_UNIT,
            }
        )
    return {
        "model": "Plackett-Luce" if any(len(g) > 2 for g in _sizes(total)) else "Bradley-Terry",
        "anchor": anchor,
        "deals": deals,
        "few_deals": deals < FEW_DEALS,
        "prior_sd_elo": PRIOR_SD * ELO_PER_UNIT,
        "entrants": rows,
    }


def _robust_covariance(
    n: int, s: list[float], by_deal: Mapping[int, Counter[Pattern]], info: list[list[float]]
) -> list[list[float]]:
    """The sandwich covariance of the fit ``s`` clustered by deal (``info``: the
    penalised information matrix), for intervals that hold when a deal's games are
    not independent."""
    deals = len(by_deal)
    per_deal = [_terms(n, s, seen)[1] for seen in by_deal.values()]
    mean = [sum(g[i] for g in per_deal) / deals for i in range(n)]
    meat = [[0.0] * n for _ in range(n)]
    for g in per_deal:
        d = [g[i] - mean[i] for i in range(n)]
        for i in range(n):
            for j in range(n):
                meat[i][j] += d[i] * d[j] * deals / (deals - 1)
    half = _solve(info, meat)  # info^-1 meat
    return _solve(info, [list(col) for col in zip(*half)])  # (info^-1 meat info^-1)


def _sizes(total: Mapping[Pattern, float]) -> list[list[int]]:
    return [[e for g in p for e in g] for p in total]
