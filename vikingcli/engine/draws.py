"""Random draws that give exactly what :class:`random.Random`'s own methods give.

Why: ``random.Random.shuffle``, ``randrange`` and ``choice`` are written in Python
(only ``random()`` and ``getrandbits()`` are C), so in the compiled build (``setup.py``
compiles this module with the games) every shuffle of a deal, the bulk of each
game's ``determinize``, would still run at interpreted speed. These functions do the
same steps as CPython's (``_randbelow_with_getrandbits``: ``getrandbits`` of ``n``'s
bit length, drawn again while ``>= n``; ``shuffle``: Fisher-Yates from the end), so
they consume the same draws and return the same results: a seed gives the same game
with or without them, pure or compiled (``tests/test_draws.py`` checks it against
the standard library).

Only for a plain :class:`random.Random`: any other generator (a subclass may draw
in another way) is handed to its own methods.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")


def randbelow(rng: random.Random, n: int) -> int:
    """``rng.randrange(n)`` for ``n > 0``: a uniform int in ``[0, n)``."""
    if type(rng) is not random.Random:
        return rng.randrange(n)
    if n <= 0:
        raise ValueError("empty range for randbelow()")
    return _below(rng, n)


def _below(rng: random.Random, n: int) -> int:
    getrandbits = rng.getrandbits
    k = n.bit_length()
    r = getrandbits(k)
    while r >= n:
        r = getrandbits(k)
    return r


def shuffle(rng: random.Random, items: list[T]) -> None:
    """``rng.shuffle(items)``: the same permutation from the same draws."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    # _below inlined, with the bound getrandbits made once and the bit length of n
    # kept up to date as n counts down (it drops by at most one bit per step): in
    # the compiled build both a bound-method look-up and n.bit_length() are calls
    # through Python's object protocol, and they were most of the cost per card.
    getrandbits = rng.getrandbits
    n = len(items)  # each step draws below n and swaps the draw into place n - 1
    k = n.bit_length()
    while n > 1:
        if n >> (k - 1) == 0:
            k -= 1
        r = getrandbits(k)
        while r >= n:
            r = getrandbits(k)
        n -= 1
        items[n], items[r] = items[r], items[n]


def choice(rng: random.Random, seq: Sequence[T]) -> T:
    """``rng.choice(seq)`` for a non-empty ``seq``."""
    if type(rng) is not random.Random:
        return rng.choice(seq)
    if not len(seq):
        raise IndexError("Cannot choose from an empty sequence")
    return seq[_below(rng, len(seq))]
