"""The host's engine-contract conformance suite, run on Wikinger."""

import pytest

from vikingcli.engine.testing import check_replay, conformance_suite, play_random
from vikingcli_wikinger.game import WikingerGame

GAME = WikingerGame()

TestConformance = conformance_suite(GAME)

# The suite varies one option at a time at the smallest and largest table; these add
# the advanced game (with and without bidding) at 3 players, so every player count is
# checked in both modes.
EXTRA = [
    (3, {"mode": "advanced", "bidding": "yes", "start": "random"}),
    (3, {"mode": "advanced", "bidding": "no", "start": "2"}),
    (4, {"mode": "advanced", "bidding": "no", "start": "random"}),
]


@pytest.mark.parametrize(("n", "options"), EXTRA, ids=["3p-adv", "3p-adv-nobid", "4p-adv-nobid"])
def test_contract_advanced_every_table_size(n: int, options: dict[str, str]) -> None:
    for seed in range(2):
        play_random(GAME, n, options, seed)
    check_replay(GAME, n, options, 77)
