"""Sequential testing of the first entrant (``tournament --sprt``), as fishtest does.

Question: is the first entrant (the hero) better than its opponents by at least
``elo1`` (H1) rather than by at most ``elo0`` (H0)? After every complete deal the
generalized sequential probability ratio test (GSPRT, M. Van den Bergh) compares
the log-likelihood ratio of the two hypotheses with Wald's bounds
``log(beta / (1 - alpha))`` and ``log((1 - beta) / alpha)``; the tournament stops
at the first deal that crosses one.

The hero's score in one game is rank-based: the share of its opponents at the
table it placed above, a tie counting half (with two players: 1, ½ or 0). That
is the head-to-head score of the report, and its expectation is the logistic Elo
formula: under the Plackett-Luce model of finishing orders (openskill's), the
chance that the hero places above a given opponent is ``1 / (1 + 10^(-d/400))``
for an Elo difference ``d``, at a table of any size, so ``elo0``/``elo1`` mean
what they mean between two players; against a field, ``d`` is measured against
the field's opponents on average.

The unit of the test is a deal, not a game: a deal is played in every seating
(at every table of a gauntlet), so its value (the hero's mean score over them) is
fishtest's "game pair" (with two players: 0, 1/4, ... 1, the pentanomial) and seat
advantage cancels out. The distribution of deal values is estimated without a
model, regularized as fishtest does so that an all-wins start has a finite ratio.

The decision depends only on the deals in order, never on which worker finished
first, so a run is reproducible from its seed and a resumed run decides exactly
where an uninterrupted one would have.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

Z95 = 1.959963984540054
REGULARIZE = 5e-3
"""Count shared out among the deal values never seen: fishtest gives 1e-3 to each of
the pentanomial's five; a test with more possible values spreads the same total."""


class SprtUsage(ValueError):
    """An ``--sprt`` text that cannot be used; the message names the problem."""


def score_of_elo(elo: float) -> float:
    """Expected score of a player ``elo`` points stronger (logistic Elo)."""
    return 1.0 / (1.0 + 10.0 ** (-elo / 400.0))


def elo_of_score(score: float) -> float:
    """The logistic Elo difference of an expected score (±inf at 0 and 1)."""
    if score <= 0.0:
        return -math.inf
    if score >= 1.0:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


@dataclass(frozen=True, slots=True)
class SprtSpec:
    """The hypotheses (as expected scores of the first entrant) and error rates."""

    score0: float
    score1: float
    alpha: float = 0.05
    beta: float = 0.05
    text: str = ""
    normalized: tuple[float, float] | None = None
    """``(nelo0, nelo1)`` when the bounds are normalized Elo (then ``score0`` and
    ``score1`` are unused)."""
    h0: str = ""
    """Hypothesis H0 in the words of the bounds given (``Elo <= +0``)."""
    h1: str = ""
    """Hypothesis H1 likewise (``Elo >= +10``)."""
    gain: bool = True
    """Whether H0's bound is no loss (``elo0 >= 0``): the test asks "better?"."""

    @property
    def lower(self) -> float:
        return math.log(self.beta / (1.0 - self.alpha))

    @property
    def upper(self) -> float:
        return math.log((1.0 - self.beta) / self.alpha)


_KEYS = ("elo0", "elo1", "nelo0", "nelo1", "share0", "share1", "alpha", "beta")
NELO_PER_T = 800.0 / math.log(10.0)
"""Normalized Elo per unit of a game's t-value (fishtest's ``nelo_divided_by_nt``)."""


def parse_sprt(text: str) -> SprtSpec:
    """``elo0=0,elo1=10[,alpha=0.05,beta=0.05]``, ``nelo0=0,nelo1=5,...`` (normalized
    Elo, as fishtest) or ``share0=0.5,share1=0.55,...``."""
    values = _sprt_values(text)
    elo = "elo0" in values or "elo1" in values
    nelo = "nelo0" in values or "nelo1" in values
    share = "share0" in values or "share1" in values
    normalized = None
    if elo + nelo + share > 1:
        raise SprtUsage("--sprt: give one pair of bounds: elo0/elo1, nelo0/nelo1 or share0/share1")
    if nelo:
        if "nelo0" not in values or "nelo1" not in values:
            raise SprtUsage("--sprt: give both nelo0 and nelo1")
        if values["nelo0"] >= values["nelo1"]:
            raise SprtUsage("--sprt: nelo0 must be below nelo1")
        normalized = (values["nelo0"], values["nelo1"])
        score0 = score1 = 0.5
        bounds = f"nelo0={values['nelo0']:g},nelo1={values['nelo1']:g}"
        h0 = f"normalized Elo <= {signed(values['nelo0'], 2)}"
        h1 = f"normalized Elo >= {signed(values['nelo1'], 2)}"
    elif elo:
        if "elo0" not in values or "elo1" not in values:
            raise SprtUsage("--sprt: give both elo0 and elo1")
        score0, score1 = score_of_elo(values["elo0"]), score_of_elo(values["elo1"])
        bounds = f"elo0={values['elo0']:g},elo1={values['elo1']:g}"
        if values["elo0"] >= values["elo1"]:
            raise SprtUsage("--sprt: elo0 must be below elo1")
        h0 = f"Elo <= {signed(values['elo0'], 2)}"
        h1 = f"Elo >= {signed(values['elo1'], 2)}"
    elif share:
        if "share0" not in values or "share1" not in values:
            raise SprtUsage("--sprt: give both share0 and share1")
        score0, score1 = values["share0"], values["share1"]
        bounds = f"share0={score0:g},share1={score1:g}"
        if not 0.0 < score0 < score1 < 1.0:
            raise SprtUsage("--sprt: need 0 < share0 < share1 < 1")
        h0, h1 = f"score <= {score0:g}", f"score >= {score1:g}"
    else:
        raise SprtUsage("--sprt: give elo0 and elo1 (or share0 and share1)")
    alpha, beta = values.get("alpha", 0.05), values.get("beta", 0.05)
    for name, rate in (("alpha", alpha), ("beta", beta)):
        if not 0.0 < rate < 0.5:
            raise SprtUsage(f"--sprt: {name} must be between 0 and 0.5, got {rate:g}")
    text = f"{bounds},alpha={alpha:g},beta={beta:g}"
    gain = (normalized[0] >= 0) if normalized else score0 >= 0.5
    return SprtSpec(score0, score1, alpha, beta, text, normalized, h0, h1, gain)


def _sprt_values(text: str) -> dict[str, float]:
    """The ``KEY=VALUE`` items of ``--sprt``: known keys, each once, finite numbers."""
    values: dict[str, float] = {}
    for item in text.split(","):
        key, eq, raw = item.partition("=")
        key = key.strip()
        if not eq or not key:
            raise SprtUsage(f"--sprt: {item.strip()!r} is not KEY=VALUE (keys: {', '.join(_KEYS)})")
        if key not in _KEYS:
            raise SprtUsage(f"--sprt: unknown key {key!r} (accepted: {', '.join(_KEYS)})")
        if key in values:
            raise SprtUsage(f"--sprt: {key} given twice")
        try:
            value = float(raw)
        except ValueError:
            raise SprtUsage(f"--sprt: {key}={raw.strip()!r} is not a number") from None
        if not math.isfinite(value):
            raise SprtUsage(f"--sprt: {key} must be a finite number")
        values[key] = value
    return values


def _constrained_mle(values: Sequence[float], probs: Sequence[float], mean: float) -> list[float]:
    """The distribution on ``values`` closest (max likelihood) to ``probs`` whose
    expected value is ``mean``: ``p_i = probs_i / (1 + lam * (values_i - mean))``,
    with ``lam`` the root of a decreasing function, found by bisection."""
    lo_v, hi_v = min(values), max(values)
    # lam keeps every 1 + lam * (v - mean) positive.
    lo = -1.0 / (hi_v - mean) if hi_v > mean else -1e12
    hi = 1.0 / (mean - lo_v) if lo_v < mean else 1e12
    span = hi - lo
    lo, hi = lo + 1e-12 * span, hi - 1e-12 * span

    def slope(lam: float) -> float:
        return sum(p * (v - mean) / (1.0 + lam * (v - mean)) for v, p in zip(values, probs))

    for _ in range(200):
        mid = (lo + hi) / 2.0
        if slope(mid) > 0.0:
            lo = mid
        else:
            hi = mid
    lam = (lo + hi) / 2.0
    return [p / (1.0 + lam * (v - mean)) for v, p in zip(values, probs)]


def _tvalue_mle(values: Sequence[float], probs: Sequence[float], t: float) -> list[float]:
    """The distribution on ``values`` closest (max likelihood) to ``probs`` whose
    t-value ``(mean - 1/2) / sd`` is ``t``: fishtest's fixed point (MLE_tvalue), each
    step a mean constraint on shifted values."""
    pdf = [1.0 / len(values)] * len(values)  # fishtest starts from the uniform one
    for _ in range(100):
        mu = sum(p * v for p, v in zip(pdf, values))
        sd = math.sqrt(max(1e-12, sum(p * (v - mu) ** 2 for p, v in zip(pdf, values))))
        shifted = [
            v - 0.5 - t * sd * (1.0 + ((mu - v) / sd) ** 2) / 2.0 for v in values
        ]
        new = _constrained_mle(shifted, probs, 0.0)
        done = max(abs(a - b) for a, b in zip(new, pdf)) < 1e-10
        pdf = new
        if done:
            break
    return pdf


def _glr(
    values: Sequence[float],
    counts: Sequence[float],
    fit: Callable[[Sequence[float], Sequence[float], float], list[float]],
    h0: float,
    h1: float,
) -> float:
    """The generalized log-likelihood ratio of ``h1`` against ``h0`` for ``counts``
    observations of ``values`` (regularized), each hypothesis fitted by ``fit``."""
    n = sum(counts)
    if n == 0:
        return 0.0
    floor = REGULARIZE / len(counts)
    reg = [max(c, floor) for c in counts]
    total = sum(reg)
    probs = [c / total for c in reg]
    p0, p1 = fit(values, probs, h0), fit(values, probs, h1)
    return n * sum(p * math.log(b / a) for p, a, b in zip(probs, p0, p1))


def llr_normalized(
    values: Sequence[float], counts: Sequence[float], t0: float, t1: float
) -> float:
    """The generalized log-likelihood ratio of t-value ``t1`` against ``t0``
    (normalized Elo bounds) for ``counts`` observations of ``values`` (regularized)."""
    return _glr(values, counts, _tvalue_mle, t0, t1)


def llr(values: Sequence[float], counts: Sequence[float], score0: float, score1: float) -> float:
    """The generalized log-likelihood ratio of mean ``score1`` against ``score0``
    for ``counts`` observations of each of ``values`` (regularized)."""
    return _glr(values, counts, _constrained_mle, score0, score1)


@dataclass(frozen=True, slots=True)
class SprtResult:
    """Where the test stands after the deals it used."""

    spec: SprtSpec
    decision: str | None
    """``"better"`` (H1 accepted), ``"not better"`` (H0 accepted) or ``None``."""
    llr: float
    deals: int
    games: int
    score: float
    score_95: tuple[float, float]
    history: tuple[tuple[int, float], ...] = ()
    """``(games, llr)`` after each deal the test used."""
    pentanomial: tuple[int, ...] | None = None
    """Deals by the hero's points in them (0, ½, ... 2), when every deal is one
    pair of two-player games."""

    @property
    def exit_code(self) -> int:
        """What a ``--sprt`` run exits with: 0 H1 accepted, 1 H0 accepted, 3 undecided."""
        return EXIT_CODES[self.decision]

    def to_json(self) -> dict[str, Any]:
        lo, hi = self.score_95
        return {
            "test": self.spec.text,
            "decision": self.decision or "undecided",
            "accepted": self.accepted,
            "h0": self.spec.h0,
            "h1": self.spec.h1,
            "exit_code": self.exit_code,
            "llr": self.llr,
            "bounds": [self.spec.lower, self.spec.upper],
            "deals": self.deals,
            "games": self.games,
            "score": self.score,
            "score_95": [lo, hi],
            "elo": elo_of_score(self.score),
            "elo_95": [elo_of_score(lo), elo_of_score(hi)],
            "pentanomial": list(self.pentanomial) if self.pentanomial is not None else None,
            "llr_history": [{"games": g, "llr": r} for g, r in self.history],
        }

    @property
    def accepted(self) -> str | None:
        """The hypothesis accepted, in the words of the bounds: ``H1: Elo >= +10``."""
        if self.decision == "better":
            return f"H1: {self.spec.h1}"
        if self.decision == "not better":
            return f"H0: {self.spec.h0}"
        return None

    def summary(self) -> str:
        """One line for people: the verdict in words that fit the bounds (a test
        whose H0 allows a loss, like ``elo0=-10,elo1=0``, asks "not worse?"), and the
        hypothesis accepted."""
        verdict = self.decision or "undecided"
        if self.spec.h0 and not self.spec.gain:
            verdict = {"better": "not worse", "not better": "worse"}.get(verdict, verdict)
        elo = elo_of_score(self.score)
        lo, hi = (elo_of_score(s) for s in self.score_95)
        return (
            f"SPRT {self.spec.text}: {verdict} after {self.games} games ({self.deals} deals);"
            f" LLR {self.llr:.2f} in [{self.spec.lower:.2f}, {self.spec.upper:.2f}];"
            f" first entrant's score {self.score:.3f},"
            f" Elo {signed(elo)} [{signed(lo)}, {signed(hi)}]"
            + (f"; accepted {self.accepted}" if self.accepted else "")
        )


EXIT_CODES = {"better": 0, "not better": 1, None: 3}
"""Exit codes of a ``--sprt`` run (README: "Is my new version better?")."""


def signed(value: float, digits: int = 1) -> str:
    """``+12.3``, ``-4.0``, ``0.0`` (never ``-0.0``), ``+inf``."""
    if not math.isfinite(value):
        return "+inf" if value > 0 else "-inf" if value < 0 else "nan"
    text = f"{value:+.{digits}f}"
    return text[1:] if float(text) == 0.0 else text


def rank_score(record: dict[str, Any], entrant: int = 0) -> float:
    """``entrant``'s rank-based score in one game: the share of the others at the
    table it placed above, a tie counting half (two players: 1, ½ or 0)."""
    seat = list(record["seating"]).index(entrant)
    ranks = record["ranks"]
    mine = ranks[seat]
    others = [r for s, r in enumerate(ranks) if s != seat]
    if not others:
        return 0.5
    return sum(1.0 if mine < r else 0.5 if mine == r else 0.0 for r in others) / len(others)


class Sequential:
    """The test fed with results as they come: whole deals are taken in order
    (0, 1, ...) as soon as each is complete, up to the first decision, so the
    work per result is one likelihood ratio, not a pass over the whole file.

    ``seatings``: the games of one deal; ``table``: the seats at each of them."""

    def __init__(self, spec: SprtSpec, seatings: int = 2, table: int = 2) -> None:
        self.spec = spec
        self.seatings = seatings
        # A game's score is a multiple of 1 / (2 (table - 1)); a deal's, of that
        # over the number of its games.
        self.steps = 2 * (table - 1) * seatings
        self.values = [k / self.steps for k in range(self.steps + 1)]
        self.counts = [0.0] * len(self.values)
        self.pending: dict[int, dict[tuple[int, ...], dict[str, Any]]] = {}
        self.shares: list[float] = []
        self.history: list[tuple[int, float]] = []
        self.ratio = 0.0
        self.decision: str | None = None

    def add(self, records: Iterable[dict[str, Any]]) -> Sequential:
        """Take more results (any order, repeats ignored); return ``self``."""
        for rec in records:
            self.pending.setdefault(int(rec["deal"]), {}).setdefault(tuple(rec["seating"]), rec)
        while self.decision is None:
            deal = self.pending.get(len(self.shares))
            if deal is None or len(deal) < self.seatings:
                break
            value = sum(rank_score(r) for r in deal.values()) / self.seatings
            self.counts[round(value * self.steps)] += 1
            self.shares.append(value)
            if self.spec.normalized is not None:
                # A deal is ``seatings`` games: its t-value is sqrt(seatings) times a
                # game's (fishtest: a game pair's is sqrt(2) times).
                t0, t1 = (
                    nelo / NELO_PER_T * math.sqrt(self.seatings) for nelo in self.spec.normalized
                )
                self.ratio = llr_normalized(self.values, self.counts, t0, t1)
            else:
                self.ratio = llr(self.values, self.counts, self.spec.score0, self.spec.score1)
            self.history.append((len(self.shares) * self.seatings, self.ratio))
            if self.ratio >= self.spec.upper:
                self.decision = "better"
            elif self.ratio <= self.spec.lower:
                self.decision = "not better"
        return self

    @property
    def decided(self) -> bool:
        return self.decision is not None

    def result(self) -> SprtResult:
        """Where the test stands now."""
        shares = self.shares
        score = sum(shares) / len(shares) if shares else 0.5
        if len(shares) > 1:
            var = sum((s - score) ** 2 for s in shares) / (len(shares) - 1)
            half = Z95 * math.sqrt(var / len(shares))
        else:
            half = 0.5
        interval = (max(0.0, score - half), min(1.0, score + half))
        deals = len(shares)
        penta = None
        if self.steps == 4:
            penta = tuple(int(c) for c in self.counts)
        return SprtResult(
            self.spec,
            self.decision,
            self.ratio,
            deals,
            deals * self.seatings,
            score,
            interval,
            tuple(self.history),
            penta,
        )


def tournament_sprt(text: str, fmt: str, seatings: int, table: int) -> Sequential:
    """The test a tournament runs for ``--sprt TEXT``: the first entrant against
    the others, in the ``all`` format or a gauntlet (``seatings`` games a deal at
    tables of ``table``)."""
    if fmt not in ("all", "gauntlet"):
        raise SprtUsage(
            "--sprt tests the first entrant against the others: use --format gauntlet"
            f" (or all), not {fmt}"
        )
    return Sequential(parse_sprt(text), seatings=seatings, table=table)
