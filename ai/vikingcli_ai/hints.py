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
    as in Jórvík, where the game caps the growth (its ``deepest``: 73 plies, what 1000
    iterations reach), since farther still made its larger budgets think far longer
    (benchmarks/README.md, "More thinking looks farther", "Wikinger: a longer cut-off
    with move averages" and "Jórvík looks farther, up to 73 plies"). The flat search
    uses it for its reach, the chains of sub-decisions it plays through
    (:func:`vikingcli_ai.flat.deepened`)."""
    if seconds > 0 or iterations <= DEFAULT_ITERATIONS:
        return 1.0
    return math.sqrt(iterations / DEFAULT_ITERATIONS)


def cut_off(game: Game, depth: int, iterations: int, seconds: float) -> int:
    """The tree search's cut-off for a ``depth`` parameter (-1: the game's hint, grown
    by :func:`look_ahead` where the game's ``deepen`` hint asks, up to its ``deepest``)."""
    if depth >= 0:
        return depth
    hints = game.search_hints
    if not hints.deepen:
        return default_depth(game)
    grown = round(default_depth(game) * look_ahead(iterations, seconds))
    return grown if hints.deepest is None else min(grown, max(hints.deepest, default_depth(game)))
