"""``evaluate_all`` (the shared work done once) returns exactly what ``evaluate``
returns seat by seat: search scores its cut-offs with it, so any drift would change
the AI's moves. Every state of seeded random games, at every table size and in every
scoring variant (hidden hero moves half committed, offers, votes, payments, claims)."""

from __future__ import annotations

import random

import pytest

from vikingcli.engine.testing import iter_states
from vikingcli_graenaland.game import GraenalandGame
from vikingcli_graenaland.rules.votes import votes, votes_all
from vikingcli_graenaland.scoring import measures, own_settlements

GAME = GraenalandGame()
CASES = [
    *((n, opts) for n in (3, 4, 5) for opts in ({}, {"setup": "advanced"}, {"victory": "cards"})),
    (5, {"permission": "on"}),  # the 5-player variant only
]


@pytest.mark.parametrize(("n", "options"), CASES, ids=str)
def test_evaluate_all_is_evaluate_of_every_seat(n: int, options: dict[str, str]) -> None:
    for seed in range(3):
        for st in iter_states(GAME, n, GAME.resolve_options(options), seed):
            heroes = st.hero[:]
            together = GAME.evaluate_all(st)
            assert together == [GAME.evaluate(st, seat) for seat in range(n)]
            assert st.hero == heroes  # a committed move is tried and taken back


@pytest.mark.parametrize("n", [3, 4, 5])
def test_written_out_counts_agree(n: int) -> None:
    """The counts the heuristic reads, written out for speed, against their one-seat,
    one-province forms, on boards laid out at random (heroes anywhere, several in one
    province, priests with warlords; ramparts, armies, villages and buildings):
    ``votes_all`` against ``votes``, ``measures`` against ``own_settlements``."""
    st = GAME.new_state(n, GAME.resolve_options({}), 1)
    np_ = st.board.np
    rng = random.Random(n)
    for _ in range(2000):
        st.hero = [rng.randrange(-1, np_) for _ in range(3 * n)]
        st.rampart = [rng.randrange(2) for _ in range(np_)]
        st.army = [rng.randrange(1, 6) for _ in range(n)]
        st.vil = [rng.choice((0, 0, 0, 1, 2)) for _ in range(np_ * n)]
        st.bld = [rng.choice((-1, -1, *range(n))) for _ in range(np_ * 3)]
        for p in range(np_):
            assert votes_all(st, p) == [votes(st, s, p) for s in range(n)]
        for s in range(n):
            own = [own_settlements(st, s, p) for p in range(np_)]
            assert measures(st, s)[:3] == (sum(own), sum(c >= 2 for c in own), max(own))
