"""``evaluate_all`` (the defence standing worked out once) returns exactly what
``evaluate`` returns seat by seat: search scores its cut-offs with it, so any drift
would change the AI's moves. Every state of seeded random games at every table size,
with and without the Jarl."""

from __future__ import annotations

import pytest

from vikingcli.engine.testing import iter_states
from vikingcli_jorvik.game import JorvikGame

GAME = JorvikGame()


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("mode", ["karl", "jarl"])
def test_evaluate_all_is_evaluate_of_every_seat(n: int, mode: str) -> None:
    options = GAME.resolve_options({"mode": mode})
    for seed in range(5):
        for s in iter_states(GAME, n, options, seed):
            assert GAME.evaluate_all(s) == [GAME.evaluate(s, seat) for seat in range(n)]
