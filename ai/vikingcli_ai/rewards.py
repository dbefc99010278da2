"""Search rewards in [0, 1] per seat: from the final ranks of a finished game, or
from ``evaluate_all`` at a cut-off (out of ``mcts.py``, which keeps to 600 lines)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Final

EVAL_SHARPNESS: Final = 1.5
"""Slope of the logistic that turns evaluate margins (in eval_scale units) into rewards."""
WIN_WEIGHT: Final = 0.7
"""Terminal reward: weight of winning versus the share of opponents beaten."""


def rank_rewards(ranks: Sequence[int]) -> list[float]:
    """Per-seat rewards in [0, 1] from final ranks (1 best)."""
    n = len(ranks)
    if n == 1:
        return [1.0]
    firsts = sum(1 for r in ranks if r == 1)
    out = []
    for r in ranks:
        beaten = sum(1 for q in ranks if q > r)
        tied = sum(1 for q in ranks if q == r) - 1
        pair = (beaten + 0.5 * tied) / (n - 1)
        win = 1.0 / firsts if r == 1 else 0.0
        out.append(WIN_WEIGHT * win + (1.0 - WIN_WEIGHT) * pair)
    return out


def margin(values: Sequence[float], seat: int) -> float:
    """``seat``'s lead over the best other seat (negative when behind)."""
    best = best_other(values, seat)
    return values[seat] - best if len(values) > 1 else 0.0


def best_other(values: Sequence[float], seat: int) -> float:
    """The greatest value of a seat other than ``seat`` (``-inf`` if none); a loop,
    not ``max`` over a generator: a call through Python's protocol when compiled."""
    best = -math.inf
    for j in range(len(values)):
        if j != seat and values[j] > best:
            best = values[j]
    return best


def eval_rewards(values: Sequence[float], scale: float) -> list[float]:
    """Per-seat rewards in [0, 1] from projected scores: logistic of the margin
    over the best other seat, in units of the game's typical winning margin."""
    n = len(values)
    if n == 1:
        return [0.5]
    k = EVAL_SHARPNESS / (scale if scale > 0 else 1.0)
    out = []
    top = best_other(values, -1)  # every seat's best other is the top value, but
    at = list(values).index(top)  # the (first) top seat's, which is the next one
    for i, v in enumerate(values):
        x = k * (v - (top if i != at else best_other(values, at)))
        x = 30.0 if x > 30.0 else -30.0 if x < -30.0 else x
        out.append(1.0 / (1.0 + math.exp(-x)))
    return out


def win_chances(values: Sequence[float], scale: float) -> list[float]:
    """Each seat's estimated chance to win from projected scores: a softmax of the
    values in units of the game's typical winning margin (``scale``, the slope as in
    :func:`eval_rewards`), so the chances of all seats add up to 1. What ``hint``
    shows in a game won by conditions, where the projected score is progress."""
    k = EVAL_SHARPNESS / (scale if scale > 0 else 1.0)
    top = max(values)
    weights = [math.exp(max(-30.0, k * (v - top))) for v in values]
    total = sum(weights)
    return [w / total for w in weights]


def rank_wins(ranks: Sequence[int]) -> list[float]:
    """Each seat's share of the win in a finished game (1/k for k tied winners)."""
    firsts = sum(1 for r in ranks if r == 1)
    return [1.0 / firsts if r == 1 else 0.0 for r in ranks]
