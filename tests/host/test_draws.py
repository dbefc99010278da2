"""vikingcli.engine.draws gives exactly what random.Random's own methods give, draw for draw
(the recorded games and every seeded test depend on it)."""

from __future__ import annotations

import random

import pytest

from vikingcli.engine import draws


@pytest.mark.parametrize("seed", range(20))
def test_same_draws_as_the_standard_library(seed: int) -> None:
    mine, theirs = random.Random(seed), random.Random(seed)
    for length in [0, 1, 2, 3, 7, 13, 64, 65, 100, 257]:
        a = list(range(length))
        b = list(range(length))
        draws.shuffle(mine, a)
        theirs.shuffle(b)
        assert a == b
        for n in [1, 2, 3, 5, 8, 63, 64, 65, 1000, 2**70 + 3]:
            assert draws.randbelow(mine, n) == theirs.randrange(n)
        if length:
            assert draws.choice(mine, a) == theirs.choice(b)
        assert mine.getstate() == theirs.getstate()


class Odd(random.Random):
    """A generator that draws in its own way: handed to its own methods."""

    def random(self) -> float:
        return 0.5


def test_other_generators_use_their_own_methods() -> None:
    a, b = list(range(10)), list(range(10))
    draws.shuffle(Odd(1), a)
    Odd(1).shuffle(b)
    assert a == b
    assert draws.randbelow(Odd(1), 7) == Odd(1).randrange(7)
    assert draws.choice(Odd(1), "abc") == Odd(1).choice("abc")


def test_empty() -> None:
    with pytest.raises(ValueError):
        draws.randbelow(random.Random(1), 0)
    with pytest.raises(IndexError):
        draws.choice(random.Random(1), [])
