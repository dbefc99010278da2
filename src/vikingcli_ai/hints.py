"""What a game's search hints mean for the ``mcts`` player, and its default budget.

A game may set ``ai_depth``, ``ai_deepen``, ``ai_tiebreak`` and ``ai_search``
(declared and documented on :class:`vikingcli.engine.Game`); here each is read with
the AI's own default where the game says nothing, and the cut-off (the flat search: its
reach) is lengthened for budgets above the default where the game asks for it
(:func:`look_ahead`). The search
itself is :mod:`vikingcli_ai.mcts` (tree) and :mod:`vikingcli_ai.flat`.
"""

from __future__ import annotations

import math
from typing import Final

from vikingcli.engine import Game

TIEBREAK = False
"""Let the one-ply prior decide between root actions the search cannot separate.

Off unless the game sets ``ai_tiebreak`` (Wikinger does). Measured on the same 10
deals per game (20 seat-rotated 2-player games, mcts iterations=300 vs greedy,
seeds 1000-1009): Jórvík 65% with it, 88% without; Wikinger 80% with it, 50%
without. Graenaland (3 players, 9 vs 6 games) showed no gain."""
DEFAULT_ITERATIONS: Final = 300
"""The default budget; above it the tree search's cut-off grows where the game
asks for it (:func:`look_ahead`, the ``ai_deepen`` hint)."""
DEFAULT_DEPTH: Final = 20
"""The rollout cut-off used when neither the player spec nor the game's
``ai_depth`` hint says otherwise (Graenaland's hint is 1; see its rules module)."""


def default_tiebreak(game: Game) -> bool:
    """The game's ``ai_tiebreak`` hint, else TIEBREAK."""
    hint = getattr(game, "ai_tiebreak", None)
    return hint if isinstance(hint, bool) else TIEBREAK


def default_search(game: Game) -> str:
    """The game's ``ai_search`` hint ("tree" or "flat"), else "tree"."""
    hint = getattr(game, "ai_search", None)
    return hint if hint in ("tree", "flat") else "tree"


def default_deepen(game: Game) -> bool:
    """The game's ``ai_deepen`` hint, else False."""
    return getattr(game, "ai_deepen", None) is True


def default_depth(game: Game) -> int:
    """The game's ``ai_depth`` hint, or DEFAULT_DEPTH."""
    hint = getattr(game, "ai_depth", None)
    if isinstance(hint, int) and not isinstance(hint, bool) and hint >= 0:
        return hint
    return DEFAULT_DEPTH


def look_ahead(iterations: int, seconds: float) -> float:
    """How much farther than at the default budget a search looks: 1 at up to
    DEFAULT_ITERATIONS iterations (and with a time budget, whose iterations are not
    known in advance), ``sqrt(iterations / DEFAULT_ITERATIONS)`` above.

    Why: with a fixed cut-off, more iterations only sharpen the estimate of the
    same ``evaluate`` at the same horizon, and that estimate is mostly settled at
    the default budget (measured in Walhalla: 1000 iterations against 300 at the
    same 20-ply cut-off, 54.4% head to head). Looking farther is what more thinking
    buys, as deeper iterations do in alpha-beta (benchmarks/README.md has the
    rows). Only where the game's ``ai_deepen`` hint asks: in Wikinger 1000
    iterations at 37 plies won 2 of 10 games against 300 at 20, so a later
    cut-off is not better everywhere. The flat search uses it for its reach, the
    chains of sub-decisions it plays through (:func:`vikingcli_ai.flat.deepened`)."""
    if seconds > 0 or iterations <= DEFAULT_ITERATIONS:
        return 1.0
    return math.sqrt(iterations / DEFAULT_ITERATIONS)
