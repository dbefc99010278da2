"""The search's decision: which root action its statistics choose (the ``mcts``
player's tree search, :mod:`vikingcli_ai.mcts`)."""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Final

from vikingcli.engine import Action

TIE_Z: Final = 1.0
"""Root actions whose mean rewards are within TIE_Z standard errors of the
difference cannot be told apart ..."""
TIE_VISITS: Final = 0.5
"""... if they also have at least TIE_VISITS of the most visited one's visits."""


def best_action(
    stats: Mapping[Action, tuple[int, float, float]],
    actions: Sequence[Action],
    rng: random.Random,
    prior: Mapping[Action, float] | None = None,
) -> Action:
    """The most visited root action (then the best mean), unless the search cannot
    tell it apart from others: then the one-ply ``evaluate`` prior decides.

    "Cannot tell apart": another action has at least TIE_VISITS of its visits and
    a mean reward within TIE_Z standard errors of the difference. In games where
    many actions are nearly equal (Graenaland's families of joint works and
    payments) the most-visited choice among them is noise, while the heuristic
    still knows a small preference; the search then refines the heuristic instead
    of replacing it by a coin. Remaining ties go to the seeded RNG."""
    best: list[Action] = []
    best_key: tuple[int, float] | None = None
    for a in actions:
        if a not in stats:
            continue
        n, w, _ = stats[a]
        key = (n, w / n if n else 0.0)
        if best_key is None or key > best_key:
            best_key = key
            best = [a]
        elif key == best_key:
            best.append(a)
    if not best:
        return actions[rng.randrange(len(actions))]
    if prior:
        nb, wb, qb = stats[best[0]]
        mb = wb / nb
        vb = max(qb / nb - mb * mb, 0.0) / nb
        close = []
        for a in actions:
            if a not in stats or a not in prior:
                continue
            n, w, q = stats[a]
            if n < TIE_VISITS * nb:
                continue
            m = w / n
            v = max(q / n - m * m, 0.0) / n
            if mb - m <= TIE_Z * math.sqrt(vb + v):
                close.append(a)
        if len(close) > 1:
            top = max(prior[a] for a in close)
            best = [a for a in close if prior[a] >= top - 1e-9]
    return best[0] if len(best) == 1 else best[rng.randrange(len(best))]
