"""Property test over random games: components accounted for, invariants kept."""

from __future__ import annotations

import random
from functools import cache

import pytest

from vikingcli_wikinger.board import free_tiles, is_threatened, maxf, maxf_basic, threat_depths
from vikingcli_wikinger.data import (
    BOATMAN,
    FIG,
    LEFT_EDGE,
    RIGHT_EDGE,
    ROW_OF,
    SEA,
    SHIP,
    SP04,
    TILE_MASK,
)
from vikingcli_wikinger.state import PH_OVER, State
from vikingcli_wikinger.view import figures, tiles

from .helpers import GAME

CONFIGS = [(n, mode) for mode in ("basic", "advanced") for n in (2, 3, 4)]
GAMES = 510  # split evenly over the six configurations


def check_invariants(s: State) -> None:
    assert figures(s) == 78
    assert tiles(s) == (76, 25)
    for p in range(s.n):
        assert s.gold[p] >= 0
        if s.phase != PH_OVER:
            assert s.vp[p] >= 0  # voluntary exchange never goes below 0
        rows = s.rows[p]
        ships = s.ships[p]
        assert all(d in (0, 2, 3, 4, 5) for d in ships)
        td = threat_depths(ships, rows)
        for r in range(1, 6):
            row = rows[r - 1]
            for c, v in enumerate(row):
                t = v & TILE_MASK
                assert v in (0, t, t | FIG) and v != FIG, "figure without a tile"
                assert t < SHIP
                if not t:
                    continue
                # edges: column 0 faces the mainland's sea; neighbours match
                if c == 0:
                    assert LEFT_EDGE[t] == SEA
                elif row[c - 1]:
                    assert RIGHT_EDGE[row[c - 1] & TILE_MASK] == LEFT_EDGE[t]
                # contact: the mainland or an orthogonal island neighbour
                neighbours = [
                    row[c - 1] if c > 0 else 0,
                    row[c + 1] if c + 1 < len(row) else 0,
                    rows[r - 2][c] if r > 1 and c < len(rows[r - 2]) else 0,
                    rows[r][c] if r < 5 and c < len(rows[r]) else 0,
                ]
                assert c == 0 or any(neighbours)
                # threats: every threatened figure is below an unfought ship reaching it
                if v & FIG and is_threatened(td, r, c):
                    assert c < len(ships) and ships[c] >= r
                    assert not (rows[0][c] & FIG if c < len(rows[0]) else 0)
                if v & FIG and c < len(ships) and ships[c] >= r:
                    fought = c < len(rows[0]) and rows[0][c] & FIG
                    assert is_threatened(td, r, c) == (not fought)


@pytest.mark.slow
@pytest.mark.parametrize(("n", "mode"), CONFIGS)
def test_random_games_keep_invariants(n: int, mode: str) -> None:
    per = GAMES // len(CONFIGS)
    for seed in range(per):
        rng = random.Random(seed)
        s = GAME.new_state(n, {"mode": mode}, seed)
        step = 0
        while GAME.to_move(s) is not None:
            if seed < 5 or step % 15 == 0:
                check_invariants(s)
            acts = GAME.legal_actions(s)
            GAME.apply(s, acts[rng.randrange(len(acts))])
            step += 1
        check_invariants(s)
        assert s.round == 6 and len(s.log) == 7  # 3 small, 3 big, 1 final
        if mode == "basic":
            assert len(s.bag) - s.bag_pos == 6  # 72 of 78 drawn
        else:
            assert s.bag_pos == 78 and sum(s.box_figs) >= 6
        out = GAME.outcome(s)
        assert out.scores == tuple(float(v) for v in s.vp)
        for p in range(n):  # round-6 ferrying was maximal: nothing more can be ferried
            m = s.idle[p][:5]
            f = [len(free_tiles(s.rows[p][ROW_OF[x] - 1])) for x in range(5)]
            t = s.sp[p][SP04] if s.advanced else 0
            assert maxf(m, f, s.idle[p][BOATMAN], t, s.advanced) == 0


@cache
def _brute(a: tuple[int, ...], b: int) -> int:
    return _brute_maxf(list(a), b)


def _brute_maxf(a: list[int], b: int) -> int:
    """Brute force over trip sequences (basic capacity), for checking the closed form."""
    if b == 0 or not any(a):
        return 0
    best = 0
    for x in range(5):  # a single-colour trip: take all available of x (dominant)
        if a[x]:
            a2 = a[:]
            a2[x] = 0
            best = max(best, a[x] + _brute(tuple(a2), b - 1))
    for mask in range(1, 32):  # a mixed trip: one of each colour in mask
        if all(a[x] for x in range(5) if mask >> x & 1):
            a2 = [a[x] - (mask >> x & 1) for x in range(5)]
            best = max(best, bin(mask).count("1") + _brute(tuple(a2), b - 1))
    return best


def test_maxf_closed_form_matches_brute_force() -> None:
    rng = random.Random(7)
    for _ in range(300):
        a = [rng.choice((0, 0, 1, 1, 2, 3, 4)) for _ in range(5)]
        b = rng.randrange(0, 4)
        assert maxf_basic(a, b) == _brute_maxf(a, b), (a, b)


@cache
def _brute_adv(a: tuple[int, ...], b: int, t: int) -> int:
    """Advanced brute force: one-figure trips, or SP04 trips of basic capacity."""
    if b == 0 or not any(a):
        return 0
    best = 0
    for x in range(5):
        if a[x]:
            a2 = list(a)
            a2[x] -= 1
            best = max(best, 1 + _brute_adv(tuple(a2), b - 1, t))
            if t:
                for k in range(2, a[x] + 1):
                    a2 = list(a)
                    a2[x] -= k
                    best = max(best, k + _brute_adv(tuple(a2), b - 1, t - 1))
    if t:
        for mask in range(1, 32):
            if all(a[x] for x in range(5) if mask >> x & 1):
                a2 = [a[x] - (mask >> x & 1) for x in range(5)]
                best = max(best, bin(mask).count("1") + _brute_adv(tuple(a2), b - 1, t - 1))
    return best


def test_advanced_maxf_closed_form_matches_brute_force() -> None:
    rng = random.Random(11)
    for _ in range(400):
        a = [rng.choice((0, 0, 1, 1, 2, 3)) for _ in range(5)]
        b = rng.randrange(0, 4)
        t = rng.randrange(0, 3)
        assert maxf(a, a, b, t, True) == _brute_adv(tuple(a), b, t), (a, b, t)
