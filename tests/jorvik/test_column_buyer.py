"""Issue 38, "Jórvík craftsmen bought are filled": a demand column's card is worth
something to the seat whose viking will buy it, not to its top viking. The purchase
phase offers the card to the top viking first, and to the next when its owner cannot
pay the column's length (rules §3.3: the price falls by one as each viking leaves).
Credited to the top viking whatever its coins, a seat never placed under a top viking
that could not pay, and seats whose craftsmen lacked the goods of such a ship ended
with no craftsman complete after buying one (benchmarks/README.md, "Jórvík: a column's
card is worth something to the seat that buys it")."""

from __future__ import annotations

import pytest

from vikingcli_jorvik.heuristic import WEIGHTS, evaluate
from vikingcli_jorvik.state import PH_DEMAND, State

from .helpers import B, M, blank, put_slot

SLOT = 5
BEFORE = dict(WEIGHTS, column_buyer=0.0)


def a_column(vikings: list[int], coins: dict[int, int]) -> State:
    """Four seats in a demand phase, a feast in slot 5 whose column holds ``vikings``
    (seat numbers, top first), the seats' coins as given (5 otherwise)."""
    s = blank(4, "karl", start=B)
    for slot, name in enumerate(["A01", "A02", "A03", "A04"], start=1):
        put_slot(s, slot, name)
    put_slot(s, SLOT, "B09")
    for seat, n in coins.items():
        s.coins[seat] = n
    s.cols[SLOT - 1] = list(vikings)
    s.phase = PH_DEMAND
    return s


def credit(vikings: list[int], coins: dict[int, int], seat: int, w: dict[str, float]) -> float:
    """What the column adds to ``seat``'s value (its vikings there, against none)."""
    empty = a_column([], coins)
    return evaluate(a_column(vikings, coins), seat, w) - evaluate(empty, seat, w)


def test_item38_a_viking_under_a_top_viking_that_cannot_pay_buys_the_card() -> None:
    """M tops the column with no coins: B's viking under it buys the feast for 1."""
    broke = {M: 0}
    assert credit([M, B], broke, B, WEIGHTS) > 0.5
    # priced as the one viking left when M's leaves: as if B stood alone on top
    assert credit([M, B], broke, B, WEIGHTS) == pytest.approx(credit([B], broke, B, WEIGHTS))
    assert credit([M, B], broke, M, WEIGHTS) == 0.0


def test_item38_twin_credited_to_the_top_viking_the_place_under_it_was_worth_nothing() -> None:
    broke = {M: 0}
    assert credit([M, B], broke, B, BEFORE) == 0.0
    assert credit([M, B], broke, M, BEFORE) > 0.0


def test_item38_a_top_viking_that_can_pay_keeps_the_card() -> None:
    rich = {M: 5}
    assert credit([M, B], rich, B, WEIGHTS) == 0.0
    # at the column's length, 2, as before
    assert credit([M, B], rich, M, WEIGHTS) == pytest.approx(credit([M, B], rich, M, BEFORE))
