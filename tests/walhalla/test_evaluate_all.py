"""``evaluate_all`` (what the seats read alike worked out once) returns exactly what
``evaluate`` returns seat by seat: search scores its cut-offs with it, so any drift
would change the AI's moves. Every state of seeded random games at every table size,
with face-down Headland and Walhalla cards committed along the way."""

from __future__ import annotations

import pytest

from vikingcli.engine.testing import iter_states
from vikingcli_walhalla.game import WalhallaGame

GAME = WalhallaGame()
OPTIONS = ({}, {"headlands": "8,5,5"}, {"fixed_orientation": "yes"})


@pytest.mark.parametrize("n", [3, 4])
@pytest.mark.parametrize("options", OPTIONS, ids=lambda o: ",".join(o.values()) or "default")
def test_evaluate_all_is_evaluate_of_every_seat(n: int, options: dict[str, str]) -> None:
    for seed in range(5):
        for s in iter_states(GAME, n, GAME.resolve_options(options), seed):
            assert GAME.evaluate_all(s) == [GAME.evaluate(s, seat) for seat in range(n)]
