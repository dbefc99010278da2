"""``evaluate_all`` (the majority standings worked out once) returns exactly what
``evaluate`` returns seat by seat: search scores its cut-offs with it, so any drift
would change the AI's moves. Every state of seeded random games, at every table size,
basic and advanced."""

from __future__ import annotations

import pytest

from vikingcli.engine.testing import iter_states
from vikingcli_wikinger.game import WikingerGame

GAME = WikingerGame()


@pytest.mark.parametrize("n", [2, 3, 4])
@pytest.mark.parametrize("mode", ["basic", "advanced"])
def test_evaluate_all_is_evaluate_of_every_seat(n: int, mode: str) -> None:
    for seed in range(6):
        for s in iter_states(GAME, n, GAME.resolve_options({"mode": mode}), seed):
            assert GAME.evaluate_all(s) == [GAME.evaluate(s, seat) for seat in range(n)]
