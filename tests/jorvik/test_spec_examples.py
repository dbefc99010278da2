"""The worked examples TV1-TV13 of docs/rules/jorvik.md §7, asserting the spec's numbers
exactly: one test per example (and per case of a table of cases)."""

from __future__ import annotations

import random

import pytest

from vikingcli_jorvik import data as D
from vikingcli_jorvik.data import AMBER, IRON, JET, LEATHER, WOOL
from vikingcli_jorvik.state import (
    CTX_SUPPLY,
    PH_BUY,
    PH_DEMAND,
    PH_GLORY,
    PH_LOAD,
    PH_OVER,
    PH_RANSOM,
    PH_RESBUY,
    PH_SWAP,
    State,
)

from .helpers import (
    GAME,
    B,
    E,
    M,
    P,
    begin_demand,
    begin_loading,
    begin_round,
    blank,
    cid,
    deck_top,
    do,
    end_demand,
    final_breakdown,
    final_scoring,
    give,
    put_slot,
    start_pict,
    texts,
)

# --------------------------------------------------------------------------- TV1


def test_tv01_pict_attack_rulebook_example() -> None:
    s = blank(4, "karl", start=B)
    give(s, P, "A11")
    give(s, B, "B10", "A12")
    deck_top(s, "B13", "A07")  # the attack comes up while slot 1 is being filled
    begin_round(s)
    assert s.vp == [12, 8, 8, 10]  # B +2, M -2, E -2, P unchanged
    assert s.log[0]["defence"] == [3, 0, 0, 1]
    assert s.log[0]["delta"] == [2, -2, -2, 0]
    assert cid("B13") in s.box
    assert s.slots[0] == cid("A07")  # the next card fills the same slot
    assert s.phase == PH_DEMAND


# --------------------------------------------------------------------------- TV2


def _attack(s, card: str) -> None:
    c = cid(card)
    if c in s.deck:
        s.deck.remove(c)
    start_pict(s, c, CTX_SUPPLY)


def test_tv02_all_equal_defence_changes_nothing() -> None:
    s = blank(4, "jarl")
    give(s, B, "A12")
    give(s, M, "B11")
    give(s, E, "C11")
    give(s, P, "B19")
    _attack(s, "B13")
    assert s.vp == [10, 10, 10, 10]
    assert s.log[-1]["delta"] == [0, 0, 0, 0]


def test_tv02_two_players() -> None:
    s = blank(2)
    give(s, M, "B12")  # defence 3
    _attack(s, "A13")
    assert s.vp == [9, 11]  # M +1, B -1


def test_tv02_tie_for_top() -> None:
    s = blank(3)
    give(s, B, "B12")  # 3
    give(s, M, "A12", "B10")  # 2 + 1 = 3
    give(s, E, "A11")  # 1
    _attack(s, "C13")
    assert s.log[-1]["defence"] == [3, 3, 1]
    assert s.vp == [13, 13, 7]


def test_tv02_shield_wall() -> None:
    s = blank(4, "jarl")
    give(s, P, "B23", "A12", "C12")  # 2 + 4 + 4 (doubled) = 10
    give(s, B, "D14", "D13")  # 9
    _attack(s, "D15")
    assert s.log[-1]["defence"] == [9, 0, 0, 10]
    assert s.vp == [10, 6, 6, 14]
    # without B23 P would have 6 and gain nothing
    s2 = blank(4, "jarl")
    give(s2, P, "A12", "C12")
    give(s2, B, "D14", "D13")
    _attack(s2, "D15")
    assert s2.vp == [14, 6, 6, 10]


def test_tv02_glory() -> None:
    s = blank(4, "jarl")
    give(s, B, "D29", "B12")
    give(s, M, "A11")
    _attack(s, "C13")
    assert s.phase == PH_GLORY and s.actor == B
    assert texts(s) == ["glory", "decline"]
    do(s, "glory")
    assert s.vp[B] == 16  # +6 = 2 x 3
    assert cid("D29") in s.box and cid("D29") not in s.cards[B]
    assert s.vp[E] == s.vp[P] == 7


def test_tv02_ransom() -> None:
    s = blank(4, "jarl")
    give(s, B, "B12")
    give(s, M, "B11")
    give(s, P, "A11")
    give(s, E, "C22")
    _attack(s, "B13")
    assert s.phase == PH_RANSOM and s.actor == E
    assert texts(s) == ["ransom", "decline"]
    do(s, "ransom")
    assert s.coins[E] == 3
    assert s.vp == [12, 10, 10, 10]
    assert s.log[-1]["ransom"] == [E]


def test_tv02_final_card() -> None:
    s = blank(4)
    give(s, B, "D14", "A12")  # 7
    give(s, M, "C12", "B12")  # 7
    give(s, E, "B11")  # 2
    give(s, P, "D13", "A11")  # 5
    s.box += [c for c in s.deck if c != D.E01]
    s.deck = [D.E01]
    begin_round(s)  # deck holds only E01 -> game end
    assert s.phase == PH_OVER
    assert s.log[-1]["card"] == "E01"
    assert s.log[-1]["delta"] == [4, 4, -4, 0]


# --------------------------------------------------------------------------- TV3


def test_tv03_demand_placement() -> None:
    s = blank(4, "karl", start=B)
    for slot, name in enumerate(["A07", "A08", "A09", "A10"], start=1):
        put_slot(s, slot, name)
    put_slot(s, 5, "B01", (LEATHER, AMBER, IRON))
    begin_demand(s)
    assert s.actor == B
    do(s, "place 5")
    assert s.cols[4] == [B]
    do(s, "place 2")
    assert s.cols[1] == [M]
    do(s, "place 5")
    assert s.cols[4] == [B, E]
    do(s, "place 1")
    assert s.cols[0] == [P]
    assert s.actor == B
    assert texts(s) == ["place 1", "place 2", "place 3", "place 4", "place 5"]


# --------------------------------------------------------------------------- TV4


def test_tv04_purchase() -> None:
    s = blank(4, "karl", start=E)  # E loads first, so B's and M's coins stay visible
    c1 = put_slot(s, 1, "A07")
    ship = put_slot(s, 5, "B01", (LEATHER, AMBER, IRON))
    s.cols[0] = [P, M, B]
    s.cols[4] = [B, E, B, P]
    s.vik = [0, 2, 2, 1]
    s.phase = PH_DEMAND
    end_demand(s)
    assert s.phase == PH_BUY and s.actor == P
    assert texts(s) == ["buy", "pass"]
    do(s, "pass")
    assert s.cols[0] == [M, B] and s.actor == M
    do(s, "buy")
    assert s.coins[M] == 3
    assert s.loading[M] == [c1]
    assert s.vik[B] == 1  # B's viking from column 1 came home
    assert s.actor == B
    do(s, "pass")  # price 4
    assert s.cols[4] == [E, B, P] and s.actor == E
    do(s, "pass")  # price 3
    assert s.cols[4] == [B, P] and s.actor == B
    do(s, "buy")  # price 2
    assert s.coins[B] == 3
    assert s.loading[B] == [ship]
    assert s.cargo[ship] == (LEATHER, AMBER, IRON)
    assert s.phase == PH_LOAD and s.actor == E
    assert s.vik == [3, 3, 3, 3]  # every viking is home again


# --------------------------------------------------------------------------- TV5


def test_tv05_jarl_reservation_row() -> None:
    s = blank(4, "jarl", start=B)
    ship = D.BY_ID["B14"]
    for name in ("B14", "A07", "D20"):
        s.deck.remove(cid(name))
    s.cargo[ship] = (WOOL, JET)
    s.bag.remove(WOOL)
    s.bag.remove(JET)
    s.res_cards = [ship, cid("A07"), cid("D20")]
    s.res_vik = [P, M, E]
    s.coins = [5, 1, 2, 4]
    s.vik = [4, 3, 3, 3]
    s.phase = PH_DEMAND
    end_demand(s)
    assert s.phase == PH_RESBUY and s.actor == P
    assert texts(s) == ["buy", "discard"]
    do(s, "buy")  # price 3
    assert s.coins[P] == 1
    assert s.loading[P] == [ship]
    assert s.actor == M
    assert texts(s) == ["discard"]  # price 2, M has 1 coin
    do(s, "discard")
    assert cid("A07") in s.box
    assert s.actor == E
    do(s, "buy")  # price 1
    assert s.coins[E] == 1
    assert s.loading[E] == [cid("D20")]
    assert not s.res_cards
    assert s.phase == PH_LOAD  # row empty -> loading phase


# --------------------------------------------------------------------------- TV6


@pytest.mark.parametrize(
    ("mode", "n", "filled"),
    [
        ("karl", 2, [1, 2, 3]),
        ("karl", 3, [1, 2, 3, 4]),
        ("karl", 4, [1, 2, 3, 4, 5]),
        ("karl", 5, [1, 2, 3, 4, 5, 6]),
        ("jarl", 4, [1, 2, 3, 4, 5, 7, 8, 9, 10, 11]),
        ("jarl", 2, [1, 2, 3, 7, 8, 9]),
    ],
)
def test_tv06_supply_counts(mode: str, n: int, filled: list[int]) -> None:
    for seed in range(3):
        s = GAME.new_state(n, {"mode": mode}, seed)
        assert [i + 1 for i in range(12) if s.slots[i] >= 0] == filled


@pytest.mark.parametrize(
    ("mode", "n", "cards", "rounds"),
    [
        ("karl", 2, 48, 16),
        ("karl", 3, 48, 12),
        ("karl", 4, 50, 10),
        ("karl", 5, 48, 8),
        ("jarl", 2, 95, 16),
        ("jarl", 3, 95, 12),
        ("jarl", 4, 99, 10),
        ("jarl", 5, 95, 8),
    ],
)
def test_tv06_round_counts(mode: str, n: int, cards: int, rounds: int) -> None:
    used = D.deck_cards(n, mode == "jarl")
    non_pict = [c for c in used if D.KIND[c] != D.PICT]
    assert len(non_pict) == cards
    # play a random game and count the rounds in which cards were on offer
    s = GAME.new_state(n, {"mode": mode}, 7)
    rng = random.Random(7)
    offered: dict[int, int] = {}
    while GAME.to_move(s) is not None:
        if s.phase == PH_DEMAND and s.round not in offered:
            offered[s.round] = sum(1 for c in s.slots if c >= 0)
        la = GAME.legal_actions(s)
        GAME.apply(s, la[rng.randrange(len(la))])
    assert len(offered) == rounds
    assert sum(offered.values()) == cards
    if mode == "jarl" and n == 4:
        assert offered[10] == 9  # the 10th round is one card short: slot 11 stays empty


# --------------------------------------------------------------------------- TV7


def test_tv07_loading_rulebook_example() -> None:
    s = blank(4, "karl", start=B)
    give(s, B, "A08", area="loading")
    ship = cid("B01")
    give(s, B, "B01", area="loading")
    for g in (LEATHER, AMBER, IRON):
        s.bag.remove(g)
    s.cargo[ship] = (LEATHER, AMBER, IRON)
    give(s, B, "A01")
    s.coins[B] = 3
    begin_loading(s)
    assert s.actor == B
    assert s.coins[B] == 4  # income 1: the loading area was not empty
    assert s.cards[B] == [cid("A01"), cid("A08")]
    assert s.loading[B] == [ship]  # the ship stays until the end of the turn
    assert [s.pool[g] for g in range(5)] == [1, 1, 1, 0, 0]
    do(s, "put leather A08")
    assert s.fill[cid("A08")] == 0b01  # 1 of 2 spaces
    do(s, "put amber A01")
    assert s.coins[B] == 5
    assert s.cgs[AMBER] == 1
    do(s, "store iron board")
    assert s.sboard[B] & 7 == IRON
    do(s, "end")
    assert s.coins[B] == 5
    assert ship in s.cards[B] and not s.loading[B]
    assert sum(s.cgs) == 1  # only the sold amber
    assert final_breakdown(s, B)["craftsmen"] == 0  # incomplete
    s.fill[cid("A08")] = 0b11
    assert final_breakdown(s, B)["craftsmen"] == 5


# --------------------------------------------------------------------------- TV8


def _income(
    mode: str, loading: tuple[str, ...], cards: tuple[str, ...] = ()
) -> tuple[int, State]:
    s = blank(4, mode, start=B)
    give(s, B, *loading, area="loading")
    give(s, B, *cards)
    before = s.coins[B]
    begin_loading(s)
    return s.coins[B] - before, s


def test_tv08_income() -> None:
    assert _income("karl", ("A07",))[0] == 1
    assert _income("karl", ())[0] == 2
    assert _income("jarl", ("A07",))[0] == 2
    assert _income("jarl", ())[0] == 3
    assert _income("jarl", ("C10",))[0] == 3  # 1 + 1 (Jarl) + 1 (C10 in loading area)
    assert _income("karl", (), ("C10",))[0] == 3
    inc, s = _income("jarl", ("C21",))
    assert inc == 2
    assert cid("C21") in s.box and cid("C21") not in s.cards[B]


# --------------------------------------------------------------------------- TV9


def _tv9(cgs: dict[int, int]):
    s = blank(4, "karl", start=B)
    give(s, B, "B08")  # needs WOOL, WOOL, IRON, LEATHER; IRON space filled below
    give(s, B, "C07")  # AMBER, AMBER, WOOL
    s.fill[cid("B08")] = 0b0100  # IRON filled (so an IRON can only be sold... no trader)
    s.bag.remove(IRON)
    begin_loading(s)
    s.pool = [0] * 16
    s.pool[IRON] = 2
    s.pool[JET] = 1
    for g in (IRON, IRON, JET):
        s.bag.remove(g)
    for g, k in cgs.items():
        s.cgs[g] = k
        for _ in range(k):
            s.bag.remove(g)
    s.legal_cache = None
    return s


def test_tv09_exchange_and_cash() -> None:
    s = _tv9({WOOL: 1, AMBER: 1})
    assert "convert iron iron jet wool" in texts(s)
    do(s, "convert iron iron jet wool")
    assert s.cgs[:5] == [1, 2, 0, 0, 1]  # AMBER, IRON, IRON, JET
    assert s.buf == [WOOL]
    assert texts(s) == ["put B08", "put C07"]  # must be used at once; no discard
    do(s, "put B08")
    assert s.fill[cid("B08")] == 0b0101
    assert sum(s.pool) == 0

    s = _tv9({AMBER: 1})
    assert "convert iron iron jet wool" not in texts(s)  # no WOOL after paying

    s = _tv9({WOOL: 1, AMBER: 1})
    coins = s.coins[B]
    do(s, "cash iron jet")
    assert s.coins[B] == coins + 1
    assert s.cgs[IRON] == 1 and s.cgs[JET] == 1
    assert s.pool[IRON] + s.pool[IRON + 8] == 1 and sum(s.pool) == 1


# --------------------------------------------------------------------------- TV10


def test_tv10_feast_table() -> None:
    feasts = ["A07", "B09", "D06", "D07", "C23", "D21"]
    expected = [0, 2, 5, 9, 14, 14, 14]
    for k in range(7):
        s = blank(4, "jarl")
        give(s, B, *feasts[:k])
        assert final_breakdown(s, B)["feasts"] == expected[k]


# --------------------------------------------------------------------------- TV11


def _tv11(extra: tuple[str, ...] = ()):
    s = blank(4, "jarl", start=B)
    give(s, B, "A08", "C08", "A01", "A03", "A07", "B09", "D06", "D09", "B25", "D26")
    give(s, B, "D10", "A06", "B01", "C01", "A11", "A12", *extra)
    s.fill[cid("A08")] = 0b11
    s.fill[cid("C08")] = 0b0111
    s.swh[B] = [AMBER, IRON, WOOL]
    for g in (LEATHER, WOOL, IRON, JET, LEATHER, AMBER, IRON, WOOL):
        s.bag.remove(g)
    s.vp[B] = 14
    s.coins[B] = 7
    s.deck = [D.E01]
    return s


def test_tv11_final_scoring() -> None:
    s = _tv11()
    assert final_breakdown(s, B) == {
        "craftsmen": 5,
        "traders": 2,
        "travels": 6,
        "feasts": 9,
        "skalds": 4 + 7,
        "warehouse": 3,
    }
    final_scoring(s)
    assert s.vp[B] == 50
    assert s.phase == PH_OVER
    assert GAME.to_move(s) is None
    out = GAME.outcome(s)
    assert out.scores[B] == 50.0
    assert out.breakdown["final"]["total"][B] == 50 - 14
    s = _tv11(("D23",))
    final_scoring(s)
    assert s.vp[B] == 52


# --------------------------------------------------------------------------- TV12


def test_tv12_tribute() -> None:
    s = blank(4, "jarl", start=B)
    put_slot(s, 1, "D27")
    put_slot(s, 2, "A07")  # keeps the purchase phase going after the tribute
    s.cols[0] = [B, M]
    s.cols[1] = [P]
    s.vik = [3, 3, 4, 3]
    s.coins = [5, 3, 0, 1]
    s.phase = PH_DEMAND
    end_demand(s)
    do(s, "buy")  # price 2
    assert s.coins == [5, 2, 0, 0]  # B net 0: paid 2, received 2 (E could not pay)
    assert s.loading[B] == [cid("D27")]
    assert s.phase == PH_BUY and s.actor == P


def test_tv12_treasure() -> None:
    s = blank(4, "jarl", start=M)
    put_slot(s, 1, "C21")
    s.cols[0] = [B, M, E]
    s.vik = [3, 3, 3, 4]
    s.phase = PH_DEMAND
    end_demand(s)
    assert s.actor == B
    do(s, "buy")  # price 3, +4 at once
    assert s.coins[B] == 6  # net +1
    assert s.loading[B] == [cid("C21")]
    # loading: Móni starts; then Benedek's turn moves C21 to the box
    while s.actor != B:
        do(s, "end")
    assert cid("C21") in s.box and cid("C21") not in s.cards[B]


def test_tv12_free_purchase() -> None:
    s = blank(4, "jarl", start=B)
    give(s, B, "B22")
    card = put_slot(s, 3, "D14")
    put_slot(s, 4, "A07")
    s.cols[2] = [B, M, E, P]
    s.cols[3] = [M]
    s.vik = [3, 2, 3, 3]
    s.coins[B] = 0
    s.phase = PH_DEMAND
    end_demand(s)
    assert s.actor == B
    assert texts(s) == ["free", "pass"]
    do(s, "free")
    assert cid("B22") in s.box and cid("B22") not in s.cards[B]
    assert s.coins[B] == 0
    assert s.loading[B] == [card]
    assert s.phase == PH_BUY and s.actor == M


# --------------------------------------------------------------------------- TV13


def test_tv13_loki_swap() -> None:
    s = blank(4, "jarl", start=B)
    give(s, P, "A21")
    put_slot(s, 5, "D14")
    s.cols[4] = [B, E, B, P]
    s.vik = [0, 0, 0, 0]
    s.phase = PH_DEMAND
    end_demand(s)
    assert s.phase == PH_SWAP and s.actor == P
    assert "swap 5:0 5:3" in texts(s)
    assert "swap 5:0 5:2" not in texts(s)  # both Benedek's
    do(s, "swap 5:0 5:3")
    assert s.cols[4] == [P, E, B, B]
    assert cid("A21") in s.box and cid("A21") not in s.cards[P]
    assert s.phase == PH_BUY and s.actor == P
