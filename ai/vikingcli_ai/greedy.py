"""The ``greedy`` player: one ply ahead with the game's ``evaluate``, seeded ties.

Honesty: the player never evaluates the true state. It draws one determinization
of the position from its own seat's view (``game.determinize``), then for every
legal action clones that determinization, applies the action and asks
``evaluate`` for the acting seat. Hidden cards that an action reveals (a draw)
are therefore sampled, not peeked at. Ties (within 1e-9) are broken with the
player's seeded RNG, so the same seed gives the same game.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from vikingcli.engine import SEED_MAX, Action, Game, Param, PlayerKind, State

TIE = 1e-9


def greedy_values(
    game: Game, base: State, seat: int, actions: Sequence[Action], *, trusted: bool = False
) -> list[float]:
    """``evaluate(seat)`` after each action, applied to a clone of ``base``.

    ``trusted``: the actions come from ``legal_actions(base)`` itself, so the
    engine may skip its legality check. The greedy player's own actions are the
    true state's, which the contract does not promise to be legal in a
    determinization: those stay checked."""
    clone, evaluate = game.clone, game.evaluate
    apply = game.apply_legal if trusted else game.apply
    out = []
    for action in actions:
        child = apply(clone(base), action)
        out.append(evaluate(child, seat))
    return out


def pick_best(actions: Sequence[Action], values: Sequence[float], rng: random.Random) -> Action:
    """The action of highest value; ties broken by ``rng``."""
    top = max(values)
    best = [a for a, v in zip(actions, values) if v >= top - TIE]
    return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


class GreedyPlayer:
    """One ply of look-ahead on a determinization, scored by ``evaluate``."""

    __slots__ = ("rng",)

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)

    def checkpoint(self) -> Any:
        """The random generator's state (undo puts it back: the same moves replay
        the same game)."""
        return self.rng.getstate()

    def restore(self, checkpoint: Any) -> None:
        self.rng.setstate(checkpoint)

    def choose(self, game: Game, state: State, seat: int) -> Action:
        actions = list(game.legal_actions(state))
        if len(actions) == 1:
            return actions[0]
        base = game.determinize(state, seat, self.rng)
        return pick_best(actions, greedy_values(game, base, seat, actions), self.rng)


def _make(game: Game, seat: int, params: Mapping[str, Any]) -> GreedyPlayer:
    return GreedyPlayer(params["seed"])


GREEDY = PlayerKind(
    name="greedy",
    description="one ply ahead with the game's evaluate on a determinization; seeded ties",
    factory=_make,
    params=(
        Param(
            "seed",
            int,
            0,
            "RNG seed; the match mixes in its own seed and the seat",
            minimum=0,
            maximum=SEED_MAX,
        ),
    ),
)
