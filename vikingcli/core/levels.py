"""The AI levels a person chooses from (``play GAME --level hard``, ``create GAME
level=hard`` at the server): each a name for one player spec.

One table, here, for every front end. A level is a spec, not a kind of player: the
levels span kinds (the easiest plays greedy, the others search), and the host already
names the AI plugin's kinds for ``play``'s default opponent. Every budget is counted
in iterations, never seconds, so ``play --seed N --level L`` with the same moves
replays the same game on any machine under any load. How far apart the levels are is
measured by ``benchmarks/levels.py`` (benchmarks/README.md, "AI levels").

This module imports nothing of the engine: the command line offers the names in
``--help`` without loading any player.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from types import MappingProxyType
from typing import Final

LEVELS: Final[Mapping[str, str]] = MappingProxyType(
    {
        # One ply ahead with the game's evaluation: sensible moves, no lookahead.
        "easy": "greedy",
        # The mcts kind's own default budget.
        "medium": "mcts:iterations=300",
        # play's default opponent since budgets went to iterations (0.5-1.6 s a move
        # at each game's default table: benchmarks/README.md, "play's default AI").
        "hard": "mcts:iterations=3000",
        "expert": "mcts:iterations=10000",
    }
)
"""Level name -> the player spec that plays it, weakest first."""

DEFAULT_LEVEL: Final = "hard"
"""The level of ``play``'s AI seats when no level is asked for."""


def level_spec(name: str, kinds: Collection[str]) -> str:
    """The spec of level ``name``, checked against the installed player ``kinds``.

    Raises :class:`ValueError` naming the problem: no such level, or the level's kind
    of player is not installed."""
    spec = LEVELS.get(name.strip().lower())
    if spec is None:
        raise ValueError(f"no level {name[:40]!r} (levels: {', '.join(LEVELS)})")
    kind = spec.partition(":")[0]
    if kind not in kinds:
        raise ValueError(f"level {name.strip().lower()} plays {kind!r}, which is not installed")
    return spec
