"""Issue 38, "Jórvík craftsmen bought are filled": what a ship on offer is worth to the
seat whose viking tops its demand column. At a flat worth per good, a seat whose
craftsman lacked one good bid for the ship bringing it no more than a seat with no
craftsman at all, and greedy's seats at four ended with no craftsman complete after
buying one at 9.5% (benchmarks/README.md, "Jórvík: a ship is worth what it brings
the seat"). The evaluation now credits a ship by its goods and what they add to the
seat's craftsmen (counted only by the latter, a good for a craftsman four short was
worth less than a good kept late in the game: "a ship's goods for a craftsman are
goods too"); a ship bringing nothing a craftsman lacks stays at the flat worth, for
every seat alike."""

from __future__ import annotations

import pytest

from vikingcli_jorvik import data as D
from vikingcli_jorvik.data import AMBER, IRON, JET, LEATHER, WOOL
from vikingcli_jorvik.heuristic import WEIGHTS, evaluate
from vikingcli_jorvik.state import PH_DEMAND, State

from .helpers import B, M, blank, cid, give, put_slot

SHIP_SLOT = 5


def a_table(cargo: tuple[int, ...]) -> State:
    """Four seats in a demand phase of the autumn (the deck holds its cards only: the
    chance of a missing good coming is low): B owns A09 (amber and jet) with its
    amber placed, M no craftsman; a ship with ``cargo`` in slot 5, its column empty."""
    s = blank(4, "karl", start=B)
    s.box += [c for c in s.deck if D.SEASON[c] < D.SEASON[cid("D01")]]
    s.deck = [c for c in s.deck if D.SEASON[c] >= D.SEASON[cid("D01")]]
    give(s, B, "A09")
    s.fill[cid("A09")] = 1  # bit 0: its first space, the amber
    for slot, name in enumerate(["A01", "A02", "A03", "A04"], start=1):
        put_slot(s, slot, name)
    put_slot(s, SHIP_SLOT, "B01", cargo)
    s.phase = PH_DEMAND
    return s


def bid_worth(cargo: tuple[int, ...], seat: int) -> float:
    """What topping the ship's column adds to ``seat``'s value."""
    s = a_table(cargo)
    before = evaluate(s, seat)
    s.cols[SHIP_SLOT - 1] = [seat]
    return evaluate(s, seat) - before


def test_item38_a_ship_bringing_the_good_a_craftsman_lacks_is_worth_more_to_its_owner() -> None:
    with_jet = (JET, WOOL, IRON)
    assert bid_worth(with_jet, B) > bid_worth(with_jet, M) + 0.5


def test_item38_twin_a_ship_bringing_nothing_a_craftsman_lacks_is_worth_the_same_to_both() -> None:
    no_jet = (LEATHER, WOOL, IRON)
    assert bid_worth(no_jet, B) == pytest.approx(bid_worth(no_jet, M))
    assert bid_worth(no_jet, M) > 0.0


def test_item38_the_good_already_held_is_not_counted_twice() -> None:
    """B already stores a jet: the ship's jet is one more good, not the craftsman's."""
    with_jet = (JET, WOOL, AMBER)
    stored = a_table(with_jet)
    stored.sboard[B] = JET
    before = evaluate(stored, B)
    stored.cols[SHIP_SLOT - 1] = [B]
    assert evaluate(stored, B) - before == pytest.approx(bid_worth(with_jet, M))


def test_item38_twin_at_weight_0_a_ship_is_worth_its_flat_worth_to_every_seat() -> None:
    """``ship_for_craftsmen`` 0 is the evaluation before: the jet counts as any good."""
    before = dict(WEIGHTS, ship_for_craftsmen=0.0)
    worth = []
    for seat in (B, M):
        s = a_table((JET, WOOL, IRON))
        start = evaluate(s, seat, before)
        s.cols[SHIP_SLOT - 1] = [seat]
        worth.append(evaluate(s, seat, before) - start)
    assert worth[0] == pytest.approx(worth[1])


def autumn_table(cargo: tuple[int, ...]) -> State:
    """The autumn again, B owning B08 (wool, wool, iron, leather; 11 VP) with nothing
    placed, M no craftsman; a ship with ``cargo`` in slot 5 (as in the game that
    showed it: a seat with an empty craftsman of four passed ships with two of its
    goods for warriors, and ended with it empty)."""
    s = a_table(cargo)
    s.cards[B] = []
    give(s, B, "B08")
    return s


def autumn_bid(cargo: tuple[int, ...], seat: int, kept: float) -> float:
    weights = dict(WEIGHTS, ship_goods_kept=kept)
    s = autumn_table(cargo)
    before = evaluate(s, seat, weights)
    s.cols[SHIP_SLOT - 1] = [seat]
    return evaluate(s, seat, weights) - before


def test_item38_a_ship_with_two_goods_of_an_empty_craftsman_is_worth_more_to_its_owner() -> None:
    """Late, the first goods of a craftsman four short add little to its chance: valued
    by that alone, the two goods counted less than two goods kept, and the seat that
    needed them bid less for the ship than a seat with no craftsman (the twin). They
    count as goods too (``ship_goods_kept`` 1)."""
    two = (WOOL, WOOL, AMBER)
    assert autumn_bid(two, B, 1.0) > autumn_bid(two, M, 1.0) + 0.1


def test_item38_twin_goods_for_a_craftsman_counted_only_by_it_made_the_ship_worth_less() -> None:
    two = (WOOL, WOOL, AMBER)
    assert autumn_bid(two, B, 0.0) < autumn_bid(two, M, 0.0)
    # to a seat with no craftsman the weight changes nothing
    assert autumn_bid(two, M, 1.0) == pytest.approx(autumn_bid(two, M, 0.0))


def exchange_bid(cargo: tuple[int, ...], seat: int, exchange: float) -> float:
    """``bid_worth`` with a jet in the common goods space, at weight ``exchange``."""
    weights = dict(WEIGHTS, craft_exchange=exchange)
    s = a_table(cargo)
    s.cgs[JET] = 1
    before = evaluate(s, seat, weights)
    s.cols[SHIP_SLOT - 1] = [seat]
    return evaluate(s, seat, weights) - before


def test_item38_three_goods_buy_the_missing_jet_from_the_common_goods() -> None:
    """A ship with no jet, but the common goods space holds one: its three goods buy it
    by the exchange (rules §3.4, three for one), so to B, whose A09 lacks only a jet,
    the ship is worth more than to M (a seat one good short once bid for no ship but one
    carrying that good, and ended with no craftsman complete while the space held it:
    benchmarks/README.md, "Jórvík: three spare goods buy a missing one")."""
    no_jet = (LEATHER, WOOL, IRON)
    assert exchange_bid(no_jet, B, 1.0) > exchange_bid(no_jet, M, 1.0) + 0.5
    # to a seat with no craftsman the exchange changes nothing
    assert exchange_bid(no_jet, M, 1.0) == pytest.approx(exchange_bid(no_jet, M, 0.0))


def test_item38_twin_without_the_exchange_counted_the_ship_was_worth_the_same_to_both() -> None:
    no_jet = (LEATHER, WOOL, IRON)
    assert exchange_bid(no_jet, B, 0.0) == pytest.approx(exchange_bid(no_jet, M, 0.0))


def test_item38_two_goods_do_not_buy_it_nor_does_an_empty_space() -> None:
    """Three goods pay one (two only with A20), and only a good the space holds."""
    assert exchange_bid((LEATHER, WOOL), B, 1.0) == pytest.approx(
        exchange_bid((LEATHER, WOOL), M, 1.0)
    )
    assert bid_worth((LEATHER, WOOL, IRON), B) == pytest.approx(
        bid_worth((LEATHER, WOOL, IRON), M)
    )
