"""Targeted rules tests beyond the spec's vectors: Jarl cards, storage flags, texts."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

from vikingcli.engine import IllegalAction
from vikingcli_jorvik import data as D
from vikingcli_jorvik.data import AMBER, IRON, JET, LEATHER, SILK, WOOL
from vikingcli_jorvik.state import PH_BUY, PH_COMMIT, PH_DEMAND, PH_LOAD

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
    cube_count,
    do,
    give,
    put_slot,
    texts,
)


def loading_turn(mode: str = "jarl", pool: dict[int, int] | None = None):
    """Benedek's loading turn with the given pool (goods taken from the bag)."""
    s = blank(4, mode, start=B)
    begin_loading(s)
    for g, k in (pool or {}).items():
        s.pool[g] += k
        for _ in range(k):
            s.bag.remove(g)
    s.legal_cache = None
    return s


def cgs_from_bag(s, g: int, k: int = 1) -> None:
    for _ in range(k):
        s.bag.remove(g)
        s.cgs[g] += 1
    s.legal_cache = None


def test_oracle_sacrifice_gives_two_vp() -> None:
    s = loading_turn(pool={AMBER: 2})
    give(s, B, "A17")
    s.legal_cache = None
    do(s, "put amber A17", "put amber A17")
    assert s.vp[B] == 14
    assert s.cgs[AMBER] == 2
    assert "put amber A17" not in texts(s)


def test_exchange_card_two_for_one() -> None:
    s = loading_turn(pool={IRON: 1, JET: 1})
    give(s, B, "A20", "A08")  # A08 needs LEATHER, WOOL
    cgs_from_bag(s, WOOL)
    assert "exchange iron jet wool" in texts(s)
    assert "exchange iron jet leather" not in texts(s)  # no leather in the CGS
    do(s, "exchange iron jet wool")
    assert texts(s) == ["put A08"]
    do(s, "put A08")
    assert s.fill[cid("A08")] == 0b10


def test_storage_flag_blocks_a_second_storage() -> None:
    s = loading_turn(pool={IRON: 3})
    give(s, B, "A06")
    cgs_from_bag(s, JET)
    do(s, "convert iron iron iron jet")
    assert texts(s) == ["put wh"]  # A06 only: never the board space
    do(s, "put wh")
    assert s.swh[B] == [JET + 8]
    do(s, "take jet wh")
    assert s.pool[JET + 8] == 1
    assert "store jet board" not in texts(s)  # it already entered storage this turn
    assert "store jet wh" not in texts(s)
    do(s, "end")
    assert s.cgs[JET] == 1  # left in the pool -> common goods space


def test_storage_keeps_goods_between_rounds() -> None:
    s = loading_turn(pool={WOOL: 1})
    do(s, "store wool board")
    assert "store wool board" not in texts(s)
    assert "take wool board" in texts(s)
    do(s, "end")
    assert s.sboard[B] == WOOL + 8
    while s.actor != B or s.phase != PH_LOAD:
        GAME.apply(s, GAME.legal_actions(s)[-1])
    assert s.sboard[B] == WOOL  # flags cleared when the turn starts


def test_market_stall() -> None:
    s = loading_turn()
    give(s, B, "C20", "A04")  # A04 trader buys WOOL
    cgs_from_bag(s, WOOL)
    cgs_from_bag(s, IRON)
    assert [t for t in texts(s) if t.startswith("market")] == ["market wool"]
    coins = s.coins[B]
    do(s, "market wool", "put A04")
    assert s.coins[B] == coins + 1
    assert cid("C20") in s.box
    assert s.cgs[WOOL] == 1  # sold back to the common space


def test_rework_moves_goods_to_another_craftsman() -> None:
    s = loading_turn()
    give(s, B, "D28", "A08", "C07")  # A08 LEATHER WOOL, C07 AMBER AMBER WOOL
    s.fill[cid("A08")] = 0b10  # WOOL on A08
    s.bag.remove(WOOL)
    s.legal_cache = None
    assert "rework A08:wool" in texts(s)
    do(s, "rework A08:wool")
    assert s.fill[cid("A08")] == 0
    assert texts(s) == ["put A08", "put C07"]
    do(s, "put C07")
    assert s.fill[cid("C07")] == 0b100
    assert cid("D28") in s.box


def test_thief_steals_from_an_incomplete_craftsman_only() -> None:
    s = loading_turn()
    give(s, B, "B24")
    give(s, M, "A08", "A09")
    s.fill[cid("A08")] = 0b01  # LEATHER, incomplete
    s.fill[cid("A09")] = 0b11  # complete: safe
    for g in (LEATHER, AMBER, JET):
        s.bag.remove(g)
    s.legal_cache = None
    steals = [t for t in texts(s) if t.startswith("steal")]
    assert steals == ["steal 1 A08 leather"]
    do(s, "steal 1 A08 leather")
    assert s.fill[cid("A08")] == 0
    assert texts(s) == ["discard"]  # no own target: into the CGS
    do(s, "discard")
    assert s.cgs[LEATHER] == 1


def test_stolen_good_may_be_discarded_even_with_a_target() -> None:
    s = loading_turn()
    give(s, B, "B24", "A03")  # A03 trader buys LEATHER
    give(s, M, "A08")
    s.fill[cid("A08")] = 0b01
    s.bag.remove(LEATHER)
    s.legal_cache = None
    do(s, "steal 1 A08 leather")
    assert texts(s) == ["put A03", "discard"]


def test_hired_hands_brown_vikings() -> None:
    s = blank(2, "jarl", start=B)
    give(s, B, "A19")
    s.a19_brown = 2
    put_slot(s, 1, "A07")
    put_slot(s, 2, "A08")
    put_slot(s, 7, "A09")
    begin_demand(s)
    assert s.phase == PH_COMMIT and s.actor == B
    assert texts(s) == ["commit 0", "commit 1", "commit 2"]
    do(s, "commit 2")
    assert s.phase == PH_DEMAND and s.bsup[B] == 2
    do(s, "place 1")  # a brown viking
    assert s.cols[0] == [B + 8]
    placed = 0
    while s.phase == PH_DEMAND:
        GAME.apply(s, GAME.legal_actions(s)[0])
        placed += 1
    assert placed == 4 + 4 + 1  # 4 + 4 own vikings and the second brown one
    assert s.phase == PH_BUY
    while s.phase == PH_BUY:
        do(s, "pass")
    assert s.brown_boxed == 2
    assert cid("A19") in s.box and cid("A19") not in s.cards[B]
    assert s.vik == [4, 4]


def test_income_and_card_moves_with_longhouse_in_loading_area() -> None:
    s = blank(4, "karl", start=B)
    give(s, B, "C10", area="loading")
    begin_loading(s)
    assert s.coins[B] == 5 + 1 + 1
    assert s.cards[B] == [cid("C10")]


def test_premium_goods_only_in_jarl() -> None:
    karl = GAME.new_state(3, {"mode": "karl"}, 5)
    advanced = GAME.new_state(3, {"mode": "jarl"}, 5)
    assert sum(cube_count(karl)) == 45 and cube_count(karl)[SILK] == 0
    assert sum(cube_count(advanced)) == 54 and cube_count(advanced)[SILK] == 3


def test_parse_rejects_illegal_text_readably() -> None:
    s = GAME.new_state(2, {"mode": "karl"}, 3)
    with pytest.raises(IllegalAction, match="at 2 players are slots 1 to 3, not 9"):
        GAME.parse_action(s, "place 9")  # readable but illegal: the reason
    with pytest.raises(IllegalAction, match="legal: place 1"):
        GAME.parse_action(s, "plonk 9")  # no move at all: the legal moves
    with pytest.raises(IllegalAction):
        GAME.apply(s, ("__junk__",))
    with pytest.raises(IllegalAction):
        GAME.apply(s, [1, 2])  # unhashable junk


def test_determinize_reshuffles_only_hidden_order() -> None:
    s = GAME.new_state(4, {"mode": "jarl"}, 11)
    det = GAME.determinize(s, 0, random.Random(2))
    assert GAME.observation(det, 0) == GAME.observation(s, 0)
    assert det.deck != s.deck  # the order changed ...
    # ... but only within each season pile
    assert [D.SEASON[c] for c in det.deck] == [D.SEASON[c] for c in s.deck]
    assert sorted(det.bag) == sorted(s.bag)
    assert det.deck[0] == D.E01


def test_json_round_trip_mid_game_plays_on_identically() -> None:
    s = GAME.new_state(3, {"mode": "jarl"}, 21)
    rng = random.Random(4)
    for _ in range(150):
        GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    r = GAME.from_json(GAME.to_json(s))
    rng1, rng2 = random.Random(9), random.Random(9)
    while GAME.to_move(s) is not None:
        a = rng1.choice(GAME.legal_actions(s))
        b = rng2.choice(GAME.legal_actions(r))
        assert a == b
        GAME.apply(s, a)
        GAME.apply(r, b)
    assert GAME.to_json(s) == GAME.to_json(r)
    assert GAME.outcome(s).scores == GAME.outcome(r).scores


def test_outcome_breakdown_and_tie_break_by_coins() -> None:
    s = blank(2, "karl", start=B)
    s.box += [c for c in s.deck if c != D.E01]
    s.deck = [D.E01]
    s.coins = [3, 7]
    begin_round(s)
    out = GAME.outcome(s)
    assert out.scores == (10.0, 10.0)
    assert out.ranks == (2, 1)  # equal VP: more coins wins
    assert out.breakdown["pict_attacks"][-1]["card"] == "E01"
    assert out.breakdown["final"]["total"] == [0, 0]


def test_evaluate_values_a_complete_craftsman() -> None:
    s = blank(2, "karl")
    give(s, M, "A08")  # out of the deck first (the deck size is the game's clock)
    base = GAME.evaluate(s, B)
    s.cards[M].remove(cid("A08"))
    s.cards[B].append(cid("A08"))
    s.fill[cid("A08")] = 0b11
    assert GAME.evaluate(s, B) - base == pytest.approx(5.0)
    assert E == 2 and P == 3  # seat names used across the tests


def _short_deck(s, *names: str) -> None:
    """Leave only E01 and the named cards (first name on top) in the deck."""
    keep = [cid(x) for x in names]
    s.box += [c for c in s.deck if c != D.E01 and c not in keep]
    s.deck = [D.E01, *reversed(keep)]


def test_deck_down_to_e01_leaves_slots_empty() -> None:
    s = blank(2, "karl", start=B)
    _short_deck(s, "D06")
    begin_round(s)
    assert s.slots[:3] == [cid("D06"), -1, -1]
    assert s.phase == PH_DEMAND
    assert s.deck == [D.E01]


def test_only_pict_cards_left_ends_the_game_after_resolving_them() -> None:
    s = blank(2, "karl", start=B)
    give(s, B, "B12")
    _short_deck(s, "D15")
    begin_round(s)
    assert [e["card"] for e in s.log] == ["D15", "E01"]
    assert s.vp == [18, 2]  # +4/-4 twice
    assert GAME.to_move(s) is None


def test_glory_on_the_final_attack() -> None:
    s = blank(2, "jarl", start=M)
    give(s, B, "D29", "A12")
    _short_deck(s)
    begin_round(s)
    assert s.actor == B and texts(s) == ["glory", "decline"]
    do(s, "glory")
    assert GAME.to_move(s) is None
    assert s.vp == [18, 6]
    assert GAME.outcome(s).breakdown["pict_attacks"][-1]["glory"] == [B]


@pytest.mark.parametrize("where", ["board", "wh"])
def test_rule_8_15_storing_straight_back_the_good_just_taken_out_is_a_no_op_the_ai_skips(
    where: str,
) -> None:
    """Issue 38: 'take jet board' then 'store jet board' changes nothing but the
    cube's storage flag (§8.15). The move stays legal (goods move freely, and saves
    that hold it replay), but the game names it an undo, so no AI plays it while
    another move is legal; stored elsewhere, or back after any other move, it is a
    move like any other."""
    s = loading_turn(pool={WOOL: 1})
    give(s, B, "A06")
    s.bag.remove(JET)
    if where == "board":
        s.sboard[B] = JET  # stored in an earlier round: no flag
    else:
        s.swh[B] = [JET]
    s.legal_cache = None
    before = GAME.to_json(s)
    undo = GAME.search_hints.undoes
    assert undo is not None
    do(s, f"take jet {where}")
    back = GAME.parse_action(s, f"store jet {where}")
    other = "wh" if where == "board" else "board"
    assert undo(s, back)
    assert not undo(s, GAME.parse_action(s, f"store jet {other}"))  # a real move
    pair = GAME.apply(GAME.clone(s), back)
    after = GAME.to_json(pair)
    assert after["pool"] == before["pool"]  # the pair only sets the cube's flag
    assert [x & 7 for x in pair.swh[B]] == [x & 7 for x in before["swh"][B]]
    assert pair.sboard[B] & 7 == before["sboard"][B] & 7
    do(s, "store wool wh")  # any other move in between: storing the jet is no undo
    assert not undo(s, GAME.parse_action(s, f"store jet {where}"))


@pytest.mark.parametrize("spec", ["greedy", "mcts:iterations=30"])
def test_rule_8_15_no_ai_takes_a_good_out_and_stores_it_straight_back(spec: str) -> None:
    """Issue 38: mcts played 'take jet board' then 'store jet board' three times.
    Over seeded games at both modes, no AI seat follows 'take G P' with 'store G P'."""
    from vikingcli.core.match import make_player
    from vikingcli.core.registry import load_registry
    from vikingcli.core.specs import parse_spec

    reg = load_registry()
    takes = 0
    for seed in range(4 if spec == "greedy" else 2):
        n = 2 + seed % 2
        s = GAME.new_state(n, {"mode": ("karl", "jarl")[seed % 2]}, 38100 + seed)
        kind = parse_spec(spec, reg.players)
        players = [make_player(GAME, reg.players, kind, p, seed) for p in range(n)]
        last = ""
        while (seat := GAME.to_move(s)) is not None:
            move = GAME.format_action(s, players[seat].choose(GAME, s, seat))
            if last.startswith("take "):
                takes += 1
                assert move != "store " + last.removeprefix("take "), (seed, move)
            last = move
            do(s, move)
    assert takes > 0  # the games did take goods out of storage


def _late(s, share: float) -> None:
    """Leave only ``share`` of the deck (its bottom part, E01 included): the game's clock."""
    keep = max(1, round(len(s.deck) * share))
    s.box += s.deck[keep:]
    s.deck = s.deck[:keep]


@pytest.mark.parametrize("share", [1.0, 0.5, 0.1])
def test_item38_a_good_on_a_craftsman_is_worth_more_than_the_same_good_kept(share: float) -> None:
    """Issue 38: AIs bought craftsmen and never filled them. Placing a good the
    craftsman needs must be worth more than storing it, early and late."""
    s = loading_turn(mode="karl", pool={WOOL: 1})
    give(s, B, "B08")  # needs WOOL, WOOL, IRON, LEATHER
    _late(s, share)
    s.legal_cache = None
    put, store = GAME.clone(s), GAME.clone(s)
    do(put, "put wool B08")
    do(store, "store wool board")
    assert GAME.evaluate(put, B) > GAME.evaluate(store, B)


def test_item38_each_good_placed_on_a_craftsman_is_worth_more_than_the_one_before() -> None:
    """Issue 38: only a complete craftsman scores, so the fourth good of B08 must
    add more than the first; and late in the game an empty one is worth little
    (buying it is no longer half its VP for nothing)."""
    s = blank(2, "karl")
    give(s, B, "B08")
    _late(s, 0.5)
    c = cid("B08")
    values = []
    for mask in (0b0000, 0b0001, 0b0011, 0b0111, 0b1111):
        s.fill[c] = mask
        values.append(GAME.evaluate(s, B))
    steps = [b - a for a, b in pairwise(values)]
    assert steps == sorted(steps) and steps[0] > 0
    _late(s, 0.2)  # a tenth of the deck left
    s.fill[c] = 0
    with_it = GAME.evaluate(s, B)
    s.cards[B].remove(c)
    assert with_it - GAME.evaluate(s, B) < 0.1 * D.CARDS[c].vp


def demand_column(coins: list[int], column: list[int], actor: int):
    """A Karl demand phase at four seats: the warrior A12 in slot 5 with ``column``
    (seats, top first) under it, a trader in slot 1 with no viking, ``actor`` to
    place; the seats hold ``coins``."""
    s = blank(4, "karl", start=B)
    put_slot(s, 1, "A05")
    put_slot(s, 5, "A12")
    s.cols[4] = list(column)
    s.coins = list(coins)
    s.phase = PH_DEMAND
    s.actor = actor
    s.legal_cache = None
    return s


def test_item38_a_seventh_viking_under_ones_own_that_only_raises_a_price_is_an_undo() -> None:
    """Issue 38: three search seats put 8 vikings on one warrior, each paying vikings
    to raise the price (§3.3: the column's length less the vikings above). Six
    vikings there, Eszti on top holding the price in coins (6): a seventh of a seat
    already in the column that does not make that seat's viking the buyer only makes
    the card dearer, so the game names it an undo and no AI plays it while another
    move is legal. Peti's outbids (Eszti cannot pay 7, Peti's viking pays 6) and is
    a move like any other, as is Benedek's first viking there, and any viking under
    one's own in a shorter column (a hedge). Every one stays legal."""
    undo = GAME.search_hints.undoes
    assert undo is not None
    coins = [1, 5, 6, 7]
    six = [E, P, M, E, P, M]

    def seventh(seat: int) -> bool:
        s = demand_column(coins, six, seat)
        assert "place 5" in texts(s)
        return undo(s, GAME.parse_action(s, "place 5"))

    assert seventh(E)  # Eszti's own price goes to 7, past her coins: Peti then buys
    assert not seventh(P)  # ... so Peti's seventh makes Peti the buyer: it outbids
    assert seventh(M)  # Móni's makes Peti the buyer, not Móni
    assert not seventh(B)  # Benedek's first viking in the column
    s = demand_column(coins, [E, P, M], E)  # the fourth viking: a hedge
    assert not undo(s, GAME.parse_action(s, "place 5"))
    assert not undo(s, GAME.parse_action(s, "place 1"))


def purchase(coins: int, column: int, slot_card: str = "A12", cargo: tuple[int, ...] = ()):
    """A Karl purchase phase at four seats: Benedek's viking tops the column of slot 5
    (``column`` vikings, the others Móni's), over ``slot_card``; he holds ``coins``
    and owns B08 (wool, wool, iron, leather) with every space empty."""
    s = blank(4, "karl", start=B)
    give(s, B, "B08")
    put_slot(s, 5, slot_card, cargo)
    s.cols[4] = [B] + [M] * (column - 1)
    s.coins[B] = coins
    s.phase, s.pslot, s.actor = PH_BUY, 4, B
    s.legal_cache = None
    return s


def test_item38_paying_the_coins_kept_for_a_craftsman_for_a_warrior_is_an_undo() -> None:
    """Issue 38: seats bought a craftsman, then paid their last coins for a warrior
    and were outbid for every ship after. Benedek, B08 empty and ships still in the
    deck, tops a column of 3 over the warrior A12 with 4 coins: buying it leaves 1,
    fewer than the 2 he keeps (``craft_coin_reserve``), so the game names it an undo
    and no AI buys it; passing stays legal and is not named. With 5 coins (2 left),
    at a price of 2 (a card a round's income pays for), over a ship, with B08
    complete, with no ship left in the deck, or with the weight at 0, nothing is
    named. Every purchase stays legal."""
    undo = GAME.search_hints.undoes
    assert undo is not None

    def named(s) -> bool:
        assert {"buy", "pass"} <= set(texts(s))
        assert not undo(s, GAME.parse_action(s, "pass"))
        return undo(s, GAME.parse_action(s, "buy"))

    assert named(purchase(4, 3))
    assert not named(purchase(5, 3))
    assert not named(purchase(2, 2))
    assert not named(purchase(4, 3, "B01", (WOOL, IRON, LEATHER)))  # a ship
    s = purchase(4, 3)
    s.fill[cid("B08")] = D.FULL_MASK[cid("B08")]
    assert not named(s)
    s = purchase(4, 3)
    s.box += [c for c in s.deck if D.KIND[c] == D.SHIP]
    s.deck = [c for c in s.deck if D.KIND[c] != D.SHIP]
    assert not named(s)
    keeping_none = GAME.with_weights({"craft_coin_reserve": 0.0}).search_hints.undoes
    assert keeping_none is not None
    s = purchase(4, 3)
    assert not keeping_none(s, GAME.parse_action(s, "buy"))
