"""Issue 12: input that helps, and a board that warns. The board's spellings are
accepted (``Je`` for jet, a shortened verb, paid goods in any order) and a readable
move that is not allowed now is refused with the reason (the price and the coins, the
empty slot, the missing goods, the wrong phase), never with "not a legal action". A
Pict attack the viewer is losing is marked as a threat."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from vikingcli.engine import IllegalAction
from vikingcli.engine.text import THREAT, plain_text, shown
from vikingcli.table.colour import painted
from vikingcli_jorvik import data as D
from vikingcli_jorvik.actions import action_text
from vikingcli_jorvik.scoring import defence
from vikingcli_jorvik.state import PH_BUY, PH_DEMAND, PH_LOAD, State

from .helpers import GAME


def find(pred: Callable[[State], bool], mode: str = "karl", n: int = 3) -> State:
    """The first state of seeded random games where ``pred`` holds."""
    for seed in range(40):
        rng = random.Random(seed)
        s = GAME.new_state(n, {"mode": mode}, seed)
        while GAME.to_move(s) is not None:
            if pred(s):
                return s
            GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    raise AssertionError("no such state")


def refused(s: State, text: str) -> str:
    with pytest.raises(IllegalAction) as err:
        GAME.parse_action(s, text)
    message = str(err.value)
    assert "is not allowed now:" in message, message  # a reason, not the legal list
    return message


def pool(s: State) -> list[int]:
    return [s.pool[g] + s.pool[g + 8] for g in range(8)]


def test_buy_too_dear_names_the_price_and_the_coins() -> None:
    s = find(lambda s: s.phase == PH_BUY and s.coins[s.actor] < len(s.cols[s.pslot]))
    price, coins = len(s.cols[s.pslot]), s.coins[s.actor]
    cid = D.CARDS[s.slots[s.pslot]].cid
    cost = "1 coin" if price == 1 else f"{price} coins"
    assert f"{cid} in slot {s.pslot + 1} costs {cost} and you have {coins}" in refused(s, "buy")


def test_item35_a_price_of_one_is_1_coin_not_1_coins() -> None:
    """Issue 35 (played at 80x24): the purchase line read 'for 1 coins'."""
    s = find(lambda s: s.phase == PH_BUY and len(s.cols[s.pslot]) == 1)
    cid = D.CARDS[s.slots[s.pslot]].cid
    board = plain_text(GAME.render(s, s.actor))
    assert f"Purchase: slot {s.pslot + 1} ({cid}) for 1 coin, or pass" in board
    assert "1 coins" not in board + str(GAME.view(s, s.actor, "scores"))


def test_free_purchase_without_b22() -> None:
    s = find(lambda s: s.phase == PH_BUY and D.C_B22 not in s.cards[s.actor])
    assert "no free purchase (B22)" in refused(s, "free")


def test_placing_on_a_slot_out_of_play_full_or_missing() -> None:
    # three players: 4 slots a row in play (§1.3), so slot 6 is never dealt a card
    s = find(lambda s: s.phase == PH_DEMAND and s.slots[5] < 0)
    assert "the demand columns at 3 players are slots 1 to 4, not 6" in refused(s, "place 6")
    assert "slots 1 to 4, not 9" in refused(s, "place 9")
    assert "e.g. 'place 2'" in refused(s, "place")
    full = find(lambda s: s.phase == PH_DEMAND and any(len(c) == 8 for c in s.cols), n=5)
    col = next(i for i in range(6) if len(full.cols[i]) == 8)
    assert f"column {col + 1} is full" in refused(full, f"place {col + 1}")


def test_reservations_only_in_jarl_and_only_slots_7_to_12() -> None:
    s = find(lambda s: s.phase == PH_DEMAND)
    assert "only in the Jarl game" in refused(s, "reserve 7")
    j = find(lambda s: s.phase == PH_DEMAND and s.slots[0] >= 0, mode="jarl")
    assert "'place 1'" in refused(j, "reserve 1")
    assert "the reservable slots at 3 players are 7 to 10, not 12" in refused(j, "reserve 12")
    assert "slot 10 is reserved" in refused(j, "place 10")
    assert "slots 1 to 4, not 11" in refused(j, "place 11")


def test_a_move_of_another_phase_names_this_phase() -> None:
    s = find(lambda s: s.phase == PH_DEMAND)
    message = refused(s, "put jet A09")
    assert "loading phase" in message and "this is the demand phase" in message
    load = find(lambda s: s.phase == PH_LOAD and not s.buf)
    assert "this is the loading phase" in refused(load, "place 1")


def test_loading_refusals_name_the_missing_good_or_the_card() -> None:
    s = find(lambda s: s.phase == PH_LOAD and not s.buf and not any(pool(s)))
    assert "no goods to unload" in refused(s, "put jet A09")
    assert "no goods to unload" in refused(s, "cash am ir")
    assert "no good is called 'mud'" in refused(s, "put mud A09")
    g = find(
        lambda s: (
            s.phase == PH_LOAD
            and not s.buf
            and pool(s)[D.JET] == 0
            and any(pool(s))
            and s.sboard[s.actor] < 0
        )
    )
    assert "you have no jet to unload" in refused(g, "put Je A09")
    assert "your storage space is empty" in refused(g, "take wool board")
    assert "no warehouse (A06)" in refused(g, "store Je wh") or D.C_A06 in g.cards[g.actor]


def test_a_good_a_card_does_not_take() -> None:
    def craftsman_and_goods(s: State) -> bool:
        if s.phase != PH_LOAD or s.buf:
            return False
        have = pool(s)
        crafts = [c for c in s.cards[s.actor] if D.KIND[c] == D.CRAFTSMAN]
        return any(have[g] and g not in D.NEEDS[c] for c in crafts for g in range(8))

    s = find(craftsman_and_goods)
    have = pool(s)
    c = next(c for c in s.cards[s.actor] if D.KIND[c] == D.CRAFTSMAN)
    g = next(g for g in range(8) if have[g] and g not in D.NEEDS[c])
    cid, good = D.CARDS[c].cid, D.GOOD_NAMES[g]
    assert f"{cid} takes" in refused(s, f"put {good} {cid}")
    assert f"not {good}" in refused(s, f"put {D.GOOD_SHORT[g]} {cid}")
    other = next(x for x in range(D.N_CARDS) if x not in s.cards[s.actor])
    assert "not in your card area" in refused(s, f"put {good} {D.CARDS[other].cid}")


def test_no_move_of_the_game_gets_the_legal_moves() -> None:
    s = find(lambda s: s.phase == PH_DEMAND)
    with pytest.raises(IllegalAction, match="legal: place"):
        GAME.parse_action(s, "fly to the moon")


def test_the_boards_spellings_are_accepted() -> None:
    def has(text: str) -> Callable[[State], bool]:
        return lambda s: any(action_text(a).startswith(text) for a in GAME.legal_actions(s))

    s = find(has("put "))
    canonical = next(
        action_text(a) for a in GAME.legal_actions(s) if action_text(a).startswith("put ")
    )
    _, good, cid = canonical.split()
    short = D.GOOD_SHORT[D.GOOD_NAMES.index(good)]
    assert action_text(GAME.parse_action(s, f"put {short} {cid}")) == canonical
    assert action_text(GAME.parse_action(s, f"PU {short.upper()} {cid.lower()}")) == canonical
    c = find(has("convert "))
    canonical = next(
        action_text(a) for a in GAME.legal_actions(c) if action_text(a).startswith("convert ")
    )
    words = canonical.split()
    shuffled = [D.GOOD_SHORT[D.GOOD_NAMES.index(w)] for w in reversed(words[1:4])]
    typed = " ".join(["conv", *shuffled, words[4]])
    assert action_text(GAME.parse_action(c, typed)) == canonical


# --------------------------------------------------------------------------- look-ups


def test_the_board_is_short_and_the_look_ups_answer() -> None:
    names = ["alice", "random 2", "random 3", "random 4"]
    rng = random.Random(3)
    s = GAME.new_state(4, {"mode": "karl"}, 3)
    while GAME.to_move(s) is not None:
        board = shown(GAME.render(s, 0), names).splitlines()
        assert len(board) <= 20 and all(len(line) < 80 for line in board), board
        assert "alice (you" in "\n".join(board)
        GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    for text in ("legend", "cards", "cards 2", "scores"):
        answer = GAME.view(s, 0, text)
        assert answer and all(len(line) < 80 for line in answer.splitlines()), text
    assert "seats' numbers" in (GAME.view(s, 0, "legend") or "")
    assert "1..4" in (GAME.view(s, 0, "cards 9") or "")
    assert GAME.view(s, 0, "nonsense") is None


def test_a_pict_attack_to_come_is_marked_as_a_threat_to_the_least_defended_seat() -> None:
    rng = random.Random(5)
    s = GAME.new_state(3, {"mode": "karl"}, 5)
    seen = set()
    while GAME.to_move(s) is not None and len(seen) < 2:
        defences = [defence(s, p) for p in range(3)]
        for seat in range(3):
            board = GAME.render(s, seat)
            marked = [] if isinstance(board, str) else [t for st, t in board if st == THREAT]
            deck = plain_text(board).splitlines()[1]
            warned = "attack still to come" in deck or "final Pict attack" in deck
            least = defences[seat] == min(defences) < max(defences)
            assert bool(marked and marked[0].startswith("Deck")) == (warned and least)
            if marked:
                seen.add(seat)
                assert "\x1b[7mDeck" in painted(board, True)
                assert painted(board, False) == plain_text(board)
        GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    assert seen  # the scenario reached a threatened seat


def test_item35_an_attack_in_the_first_deal_is_pointed_to_on_the_board() -> None:
    """Issue 35 (played at 80x24): the winter attack came with the first deal, before
    any move, so the log never told it and the board only said it was over. The board
    now points to 'scores', which lists it."""
    def first_deal_attacked(s: State) -> bool:
        winter_attack_left = any(
            D.KIND[c] == D.PICT and D.SEASON[c] == D.WINTER for c in s.deck
        )
        return s.round == 1 and not winter_attack_left

    s = find(first_deal_attacked)
    board = plain_text(GAME.render(s, s.actor))
    assert "its Pict attack is over ('scores')" in board
    assert "A13 (round 1)" in str(GAME.view(s, s.actor, "scores"))


def test_item35_card_id_says_what_a_card_does() -> None:
    """Issue 35 (played at 80x24): the board names a card by id and kind ('B23
    shield-wall') and nothing in the game said what it does. 'card ID' or the bare id
    now answers for every card, and the legend and rules name the look-up."""
    s = GAME.new_state(5, {"mode": "jarl"}, 1)
    for card in D.CARDS:
        answer = GAME.view(s, 0, f"card {card.cid}")
        assert answer and answer.startswith(card.cid), card.cid
        assert GAME.view(s, 0, card.cid.lower()) == answer
    assert "strongest warrior counts twice" in str(GAME.view(s, 0, "B23"))
    assert "'swap C:I C:I'" in str(GAME.view(s, 0, "card a21"))
    assert "'card ID' says what a card does" in str(GAME.view(s, 0, "card Z99"))
    assert "card ID" in str(GAME.view(s, 0, "legend"))
    assert "'card A21'" in GAME.rules_text()
