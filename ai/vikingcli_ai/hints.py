"""What a game's search hints mean for the ``mcts`` player, and its default budget.

A game says how to search it in one :class:`vikingcli.engine.SearchHints` (declared
and documented there); here the AI's own defaults fill what the game leaves open,
and the cut-off (the flat search: its reach) is lengthened for budgets above the
default where the game asks for it (:func:`look_ahead`). The search itself is
:mod:`vikingcli_ai.mcts` (tree) and :mod:`vikingcli_ai.flat`.
"""

from __future__ import annotations

import math
from typing import Final

from vikingcli.engine import Game

DEFAULT_ITERATIONS: Final = 300
"""The default budget; above it the tree search's cut-off grows where the game
asks for it (:func:`look_ahead`, the ``deepen`` hint)."""
DEFAULT_DEPTH: Final = 20
"""The rollout cut-off used when neither the player spec nor the game's
search hints say otherwise (Graenaland's say 1)."""


def default_depth(game: Game) -> int:
    """The game's cut-off hint, or DEFAULT_DEPTH."""
    depth = game.search_hints.depth
    return DEFAULT_DEPTH if depth is None else depth


def look_ahead(iterations: int, seconds: float) -> float:
    """How much farther than at the default budget a search looks: 1 at up to
    DEFAULT_ITERATIONS iterations (and with a time budget, whose iterations are not
    known in advance), ``sqrt(iterations / DEFAULT_ITERATIONS)`` above.

    Why: with a fixed cut-off, more iterations only sharpen the estimate of the
    same ``evaluate`` at the same horizon, and that estimate is mostly settled at
    the default budget (in Walhalla more iterations at the same cut-off barely beat
    the default; with a later cut-off they did). Looking farther is what more
    thinking buys, as deeper iterations do in alpha-beta. Only where the game's
    ``deepen`` hint asks: in Wikinger the later cut-off paid only with move-average
    rollouts (MAST, which the hint also turns on: :func:`vikingcli_ai.mast.auto_rollout`),
    in Jórvík it has not been shown better (benchmarks/README.md, "More thinking looks
    farther" and "Wikinger: a longer cut-off with move averages"). The flat search
    uses it for its reach, the chains of sub-decisions it plays through
    (:func:`vikingcli_ai.flat.deepened`)."""
    if seconds > 0 or iterations <= DEFAULT_ITERATIONS:
        return 1.0
    return math.sqrt(iterations / DEFAULT_ITERATIONS)


def cut_off(game: Game, depth: int, iterations: int, seconds: float) -> int:
    """The tree search's cut-off for a ``depth`` parameter (-1: the game's hint, grown
    by :func:`look_ahead` where the game's ``deepen`` hint asks)."""
    if depth >= 0:
        return depth
    if game.search_hints.deepen:
        return round(default_depth(game) * look_ahead(iterations, seconds))
    return default_depth(game)
