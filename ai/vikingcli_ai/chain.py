"""Greedy's look through a chain of its own moves: where one ply misjudges a step.

Where the game's ``settle`` hint names a decision as a step of one seat's chain of
sub-decisions (Jórvík: a loading turn, placing, storing and exchanging goods one
at a time), one ply of ``evaluate`` judges each step as if the chain ended there:
it stores a good where it scores now and so leaves the craftsman that needed it
unfilled, or never makes the exchange whose good only a later step puts to use.
Here the player searches every way its own chain can go on, to where the chain
ends (the game's ``horizon``), and judges each first step by the best end it can
reach. The chain is the seat's own: nobody else moves inside it, so the search
needs no model of the others. Moves that undo one made earlier in the chain (the
``undoes`` hint) are not followed while another is legal, as greedy never plays
them. A chain with more ways to go on than the player's ``chain`` budget, or longer
than :data:`LONGEST` moves (a move that leaves the position as it was could repeat
for ever), is judged one ply deep, as without it.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from vikingcli.engine import Action, Game, State

LONGEST = 64
"""The most moves of a chain searched (a Jórvík loading turn has a few dozen at most)."""


class _Budget:
    """Positions the search may still visit; spent as each one is made."""

    __slots__ = ("left",)

    def __init__(self, left: int) -> None:
        self.left = left


def chain_values(
    game: Game, base: State, seat: int, actions: Sequence[Action], budget: int
) -> list[float] | None:
    """For each of ``actions`` (legal in ``base``, the seat's determinization), the
    best ``evaluate(seat)`` the seat's own chain can reach after it, or ``None`` when
    the chain has more than ``budget`` positions to visit or more than :data:`LONGEST`
    moves, or ``base`` is not a chain's step (the game names none, or not this one).
    The actions are applied checked, as :func:`~vikingcli_ai.greedy.greedy_values`
    does: they are the true state's, not promised legal in a determinization."""
    hints = game.search_hints
    if hints.settle is None or hints.horizon is None or not hints.settle(base):
        return None
    spend = _Budget(budget)
    out = []
    for action in actions:
        child = game.apply(game.clone(base), action)
        value = _best_end(game, base, child, seat, spend, 1)
        if value is None:
            return None
        out.append(value)
    return out


def _best_end(
    game: Game, start: State, state: State, seat: int, spend: _Budget, depth: int
) -> float | None:
    """The best ``evaluate(seat)`` at the end of ``start``'s chain from ``state``,
    ``depth`` moves into it, or ``None`` when the budget or :data:`LONGEST` runs out
    first."""
    spend.left -= 1
    if spend.left < 0 or depth > LONGEST:
        return None
    hints = game.search_hints
    if game.to_move(state) != seat or hints.ends_chain(start, state):
        return game.evaluate(state, seat)
    actions = game.legal_actions(state)
    undoes = hints.undoes
    followed = [a for a in actions if undoes is None or not undoes(state, a)] or list(actions)
    best = -math.inf
    for action in followed:
        child = game.apply_legal(game.clone(state), action)
        value = _best_end(game, start, child, seat, spend, depth + 1)
        if value is None:
            return None
        best = max(best, value)
    return best
