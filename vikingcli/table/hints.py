"""``hint`` at a table: the best moves from a short search from the person's own view."""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence

from vikingcli.core.registry import find_advisor
from vikingcli.engine import Advice, Game, PlayerKind, State


def hint_lines(advice: Sequence[Advice], top: int = 3, scale: float = 10.0) -> list[str]:
    """The best ``top`` moves, each with its share of the search and expected margin,
    to about a hundredth of the game's typical winning margin ``scale`` (one decimal
    for a game scored in tens of points, two for one scored in a few)."""
    decimals = max(1, math.ceil(-math.log10(scale / 100))) if scale > 0 else 1
    lines = []
    for rank, a in enumerate(advice[:top], 1):
        margin = round(a.margin, decimals) + 0.0  # a tiny loss reads +0.0, not -0.0
        lines.append(
            f"  {rank}. {a.text:<28} {a.share:4.0%} of the search,"
            f" expected margin {margin:+.{decimals}f}"
        )
    return lines


HINT_SECONDS = 1.0
"""Search time behind ``hint`` at the prompt."""


def hinter(kinds: Mapping[str, PlayerKind]) -> Callable[[Game, State, int], list[str]] | None:
    """``hint`` at the prompt: the best three moves from a short search from the
    person's own view, or ``None`` when no player kind can judge positions."""
    advise = find_advisor(kinds)
    if advise is None:
        return None
    judge = advise

    def hint(game: Game, state: State, seat: int) -> list[str]:
        advice = judge(game, state, seat, HINT_SECONDS, 0, ())
        return [
            f"Best moves after {HINT_SECONDS:g} s of search:",
            *hint_lines(advice, scale=game.search_hints.eval_scale),
        ]

    return hint
