"""The 2- and 3-good payments ``legal_load`` offers from the pool, written out for
speed, against ``combinations_with_replacement`` filtered by the pool's counts (the
form they replace): the same tuples in the same order."""

from __future__ import annotations

import itertools
import random

from vikingcli_jorvik.rules.loading import pool_pairs, pool_triples


def reference(have: list[int], size: int) -> list[tuple[int, ...]]:
    types = [g for g in range(8) if have[g]]
    return [
        m
        for m in itertools.combinations_with_replacement(types, size)
        if all(m.count(g) <= have[g] for g in m)
    ]


def pools() -> list[list[int]]:
    # every pool of counts 0..3 on four goods (spread over the eight), plus random ones
    out = [[a, 0, b, 0, c, 0, 0, e] for a, b, c, e in itertools.product(range(4), repeat=4)]
    rng = random.Random(16)
    out += [[rng.choice((0, 0, 1, 1, 2, 3)) for _ in range(8)] for _ in range(300)]
    return out


def test_pool_pairs_and_triples_match_the_filtered_combinations() -> None:
    for have in pools():
        types = [g for g in range(8) if have[g]]
        assert pool_pairs(types, have) == reference(have, 2), have
        assert pool_triples(types, have) == reference(have, 3), have
