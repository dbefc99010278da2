"""Property test over 512 random games (issue 6): goods cubes conserved, at most 8
vikings in a column, coins never negative, every card in exactly one place."""

from __future__ import annotations

import random

import pytest

from vikingcli_jorvik import data as D
from vikingcli_jorvik.state import PH_OVER

from .helpers import GAME, all_places, cube_count

CONFIGS = [(n, mode) for mode in ("karl", "jarl") for n in range(2, 6)]
GAMES_PER_CONFIG = 64  # 8 configurations x 64 = 512 games


def check_invariants(s, total_cubes: list[int], vikings: int) -> None:
    assert cube_count(s) == total_cubes
    places = all_places(s)
    assert sorted(places) == list(range(D.N_CARDS)), "a card is missing or in two places"
    for col in s.cols:
        assert len(col) <= D.COLUMN_MAX
    assert min(s.coins) >= 0
    for p in range(s.n):
        placed = sum(1 for col in s.cols for v in col if v == p) + s.res_vik.count(p)
        assert s.vik[p] + placed == vikings
    placed_brown = sum(1 for col in s.cols for v in col if v >= 8)
    placed_brown += sum(1 for v in s.res_vik if v >= 8)
    if s.advanced:
        # the 2 brown vikings: in the general supply until A19 is bought, then on A19,
        # committed, placed or boxed
        owned = any(D.C_A19 in s.cards[p] + s.loading[p] for p in range(s.n))
        used = s.a19_brown + sum(s.bsup) + placed_brown + s.brown_boxed
        assert used in (0, D.BROWN_VIKINGS)
        if owned:
            assert used == D.BROWN_VIKINGS
    else:
        assert placed_brown == 0 and s.a19_brown == 0


@pytest.mark.parametrize(("n", "mode"), CONFIGS, ids=[f"{m}-{n}p" for n, m in CONFIGS])
def test_random_games_keep_the_invariants(n: int, mode: str) -> None:
    advanced = mode == "jarl"
    total = [9] * 5 + ([3] * 3 if advanced else [0] * 3)
    vikings = 4 if advanced else 3
    for seed in range(GAMES_PER_CONFIG):
        s = GAME.new_state(n, {"mode": mode}, seed)
        rng = random.Random(seed)
        steps = 0
        while GAME.to_move(s) is not None:
            if steps % 2 == 0:  # every other state keeps the run time down
                check_invariants(s, total, vikings)
            la = GAME.legal_actions(s)
            GAME.apply(s, la[rng.randrange(len(la))])
            steps += 1
            assert steps < 5000
        check_invariants(s, total, vikings)
        assert s.phase == PH_OVER
        assert len(s.deck) == 0 and D.E01 in s.box
        out = GAME.outcome(s)
        assert list(out.scores) == s.vp
        assert out.breakdown["final"]["total"] == [
            sum(out.breakdown["final"][k][p] for k in out.breakdown["final"] if k != "total")
            for p in range(n)
        ]
