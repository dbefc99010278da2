"""The host's engine-contract conformance suite, plus the Jarl game at 3 and 4 players
(the suite varies options only at the smallest and largest table)."""

import pytest

from vikingcli.engine.testing import check_replay, conformance_suite, play_random
from vikingcli_jorvik.game import JorvikGame

TestConformance = conformance_suite(JorvikGame())


@pytest.mark.parametrize("n", [3, 4])
def test_jarl_middle_player_counts_keep_the_contract(n: int) -> None:
    game = JorvikGame()
    for seed in range(2):
        play_random(game, n, {"mode": "jarl"}, seed)
    check_replay(game, n, {"mode": "jarl"}, 1000)
