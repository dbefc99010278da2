"""The ``random`` player: uniform over the legal actions, seeded."""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from vikingcli.engine import SEED_PARAM, Action, Game, PlayerKind, State


class RandomPlayer:
    """Picks uniformly among the legal actions with its own seeded RNG."""

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
        actions = game.legal_actions(state)
        return actions[self.rng.randrange(len(actions))]


def _make(game: Game, seat: int, params: Mapping[str, Any]) -> RandomPlayer:
    return RandomPlayer(params["seed"])


RANDOM = PlayerKind(
    name="random",
    description="uniform over the legal actions (seeded)",
    factory=_make,
    params=(SEED_PARAM,),
)
