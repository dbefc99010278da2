"""Issue 38, "Jórvík craftsmen bought are filled": the goods still to come reach the
seats that can pay for ships. Counted as shared alike, a seat's craftsman kept its
chance however the seat spent its coins, so seats emptied their purses on warriors
and feasts and then could not pay for the ship carrying their craftsman's good
(benchmarks/README.md, "Jórvík: the goods to come go to the seats that can pay").
With ``craft_coin_share`` the seats' shares follow their coins and the income of the
rounds left, so coins spent cost a seat with a craftsman to fill more than they cost
a seat without one."""

from __future__ import annotations

import pytest

from vikingcli_jorvik import data as D
from vikingcli_jorvik.heuristic import WEIGHTS, evaluate
from vikingcli_jorvik.state import PH_DEMAND, PH_LOAD, State

from .helpers import B, M, blank, cid, give, put_slot


def an_autumn_table(coins_b: int, coins_m: int) -> State:
    """Four seats in a demand phase of the autumn (the deck holds its cards only): B
    owns A09 (amber and jet) with its amber placed, M no craftsman; five traders on
    offer, no ship."""
    s = blank(4, "karl", start=B)
    s.box += [c for c in s.deck if D.SEASON[c] < D.SEASON[cid("D01")]]
    s.deck = [c for c in s.deck if D.SEASON[c] >= D.SEASON[cid("D01")]]
    give(s, B, "A09")
    s.fill[cid("A09")] = 1  # bit 0: its first space, the amber
    for slot, name in enumerate(["A01", "A02", "A03", "A04", "A05"], start=1):
        put_slot(s, slot, name)
    s.phase = PH_DEMAND
    s.coins[B] = coins_b
    s.coins[M] = coins_m
    return s


def spent(seat: int, weights: dict[str, float]) -> float:
    """What four of ``seat``'s five coins are worth to it, the others keeping five."""
    rich = an_autumn_table(5, 5)
    poor = an_autumn_table(1 if seat == B else 5, 1 if seat == M else 5)
    return evaluate(rich, seat, weights) - evaluate(poor, seat, weights)


def test_item38_coins_spent_cost_a_seat_with_a_craftsman_to_fill_more() -> None:
    weights = dict(WEIGHTS)
    assert weights["craft_coin_share"] > 0.0
    assert spent(B, weights) > spent(M, weights) + 0.5


def test_item38_twin_with_the_goods_shared_alike_coins_cost_both_the_same() -> None:
    """``craft_coin_share`` 0 is the evaluation before: a coin is a coin to every seat."""
    before = dict(WEIGHTS, craft_coin_share=0.0)
    assert spent(B, before) == pytest.approx(spent(M, before))
    assert spent(M, before) > 0.0


def test_item38_in_a_loading_phase_the_share_reads_the_coins_of_the_position_judged() -> None:
    """One reading serves a whole loading phase, whose turns change coins (traders,
    sales): the seat's share is read from the position judged, not from the first
    position the reading was made for."""
    drops = []
    for weights in (dict(WEIGHTS), dict(WEIGHTS, craft_coin_share=0.0)):
        s = an_autumn_table(5, 5)
        s.phase, s.actor = PH_LOAD, M
        s.phase_reading = None
        first = evaluate(s, B, weights)  # the phase's reading is made here
        later = s.clone()  # shares the reading, as the phase's next positions do
        later.coins[B] = 1
        assert later.phase_reading is s.phase_reading
        drops.append(first - evaluate(later, B, weights))
    assert drops[0] > drops[1] + 0.5
