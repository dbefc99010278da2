"""Hidden information, determinization, action texts and options."""

from __future__ import annotations

import random

import pytest

from tests.walhalla.helpers import (
    ANNA,
    BELA,
    CECIL,
    GAME,
    blank,
    end_raid,
    play,
    set_hand,
    set_tile,
    start_turn,
    texts,
)
from vikingcli.engine import IllegalAction
from vikingcli_walhalla import data as D
from vikingcli_walhalla.board import parse_headlands


def test_other_hands_are_hidden() -> None:
    s1 = blank(4)
    s2 = blank(4)
    set_hand(s1, BELA, ["hunt", "attack"])
    set_hand(s2, BELA, ["shield", "forest"])
    # same deck composition is not required: the deck is hidden as a count
    def sizes(obs: dict) -> list[int]:
        return [p["hand_size"] for p in obs["seats"]]

    assert sizes(GAME.observation(s1, ANNA)) == sizes(GAME.observation(s2, ANNA))
    o1, o2 = GAME.observation(s1, ANNA), GAME.observation(s2, ANNA)
    assert o1 == o2
    assert GAME.observation(s1, BELA)["hand"] != GAME.observation(s2, BELA)["hand"]


def commit_state(card: str):
    s = blank(4)
    set_hand(s, ANNA, [card.split()[0]])
    set_hand(s, BELA, ["forest"])
    end_raid(s)
    play(s, f"play {card}", "done")  # Anna commits face down; Béla is next
    return s


def test_commitments_stay_hidden_until_reveal() -> None:
    a = commit_state("wheat")
    b = commit_state("village")
    assert GAME.to_move(a) == BELA
    assert GAME.observation(a, BELA) == GAME.observation(b, BELA)
    assert GAME.observation(a, BELA)["seats"][ANNA]["hand_size"] == 1  # face-down: counted
    assert GAME.observation(a, ANNA)["face_down"] == [{"card": "wheat", "headland": None}]
    assert "face-down: wheat" in GAME.render(a, ANNA)
    assert "wheat" not in GAME.render(a, BELA).lower()


def test_determinize_redeals_only_what_is_hidden() -> None:
    s = commit_state("headland h2")
    before = GAME.to_json(s)
    det = GAME.determinize(s, BELA, random.Random(5))
    assert GAME.to_json(s) == before
    assert GAME.observation(det, BELA) == GAME.observation(s, BELA)
    assert det.hands[BELA] == s.hands[BELA]
    assert len(det.commits[ANNA]) == 1
    assert det.commits[ANNA][0][0] in D.END_OF_RAID_CARDS
    for t in range(D.N_CARD_TYPES):
        total = det.deck.count(t) + det.discard[t] + sum(h[t] for h in det.hands)
        total += sum(1 for c in det.commits for ct, _ in c if ct == t)
        assert total == D.CARD_COUNTS[t]


def test_galley_deck_order_is_hidden_and_redealt() -> None:
    s = GAME.new_state(4, GAME.resolve_options({}), 11)
    obs = GAME.observation(s, 0)
    assert "gdeck" not in obs and obs["galley_deck_size"] == 11
    orders = {tuple(GAME.determinize(s, 0, random.Random(k)).gdeck) for k in range(5)}
    assert len(orders) > 1


def test_junk_and_unknown_text_are_refused() -> None:
    s = GAME.new_state(3, GAME.resolve_options({}), 2)
    before = GAME.to_json(s)
    for junk in (None, ("__junk__",), (99,), "land", (4, 10**6), (2, 7, ("x",))):
        with pytest.raises(IllegalAction):
            GAME.apply(s, junk)
    assert GAME.to_json(s) == before
    # the engine's parse_action names what is accepted now
    with pytest.raises(IllegalAction, match="legal: board none, board front"):
        GAME.parse_action(s, "fly to valhalla")


def test_fixed_orientation_offers_only_bow_in() -> None:
    s = blank(4, fixed="yes")
    s.turn_player = ANNA

    start_turn(s, 1)
    play(s, "board front")
    assert texts(s) == ["moor f1 in", "moor f2 in", "moor f3 in", "moor f4 in"]
    assert GAME.parse_action(s, "moor f3") == GAME.parse_action(s, "moor f3 in")


def test_orientation_choice_and_dedup() -> None:
    s = blank(4)
    s.turn_player = CECIL

    start_turn(s, 7)  # G07: YELLOW front seat, Cecil's own
    play(s, "board front")
    assert texts(s)[:2] == ["moor f1 in", "moor f1 out"]
    s2 = blank(4)
    s2.turn_player = CECIL
    start_turn(s2, 8)  # G08: YELLOW middle seat
    play(s2, "board middle")
    assert texts(s2) == ["moor f1 in", "moor f2 in", "moor f3 in", "moor f4 in"]  # same seating


@pytest.mark.parametrize(
    ("text", "canonical"), [("6,6,6", "6,6,6"), (" 5, 6 ,7", "5,6,7"), ("8/5/5", "8,5,5")]
)
def test_headlands_option_accepts(text: str, canonical: str) -> None:
    assert parse_headlands(text) == canonical


@pytest.mark.parametrize("text", ["6,6", "4,7,7", "9,5,4", "6,6,7", "a,b,c"])
def test_headlands_option_rejects(text: str) -> None:
    with pytest.raises(ValueError, match="headlands"):
        parse_headlands(text)


def test_three_player_setup() -> None:
    s = GAME.new_state(3, GAME.resolve_options({}), 4)
    assert (s.midgard, s.asgard, s.walhalla) == ([9] * 3, [4] * 3, [1] * 3)
    assert [sum(h) for h in s.hands] == [1, 1, 1]
    assert len(s.deck) == 29
    assert sorted(t for t, _ in (x for row in s.layout for x in row)) == list(range(18))


def test_four_player_setup() -> None:
    s = GAME.new_state(4, GAME.resolve_options({}), 4)
    assert (s.midgard, s.asgard, s.walhalla) == ([7] * 4, [6] * 4, [1] * 4)
    assert sorted(s.capes[h][0] for h in range(3)) == [3, 4, 5]
    assert sorted(s.capes[h][1] for h in range(3)) == [6, 7, 8]
    assert sum(D.CARD_COUNTS) == D.N_CARDS == 32


def test_unused_colour_seat_stays_empty_with_three_players() -> None:
    s = blank(3)
    s.turn_player = ANNA

    start_turn(s, 11)  # G11: BLUE middle seat, not in play
    assert GAME.to_move(s) == ANNA  # no invitation
    assert "board middle" not in texts(s)
    assert "board front+back" in texts(s)


def test_json_round_trip_mid_game() -> None:
    s = GAME.new_state(4, GAME.resolve_options({"headlands": "5,6,7"}), 9)
    rng = random.Random(3)
    for _ in range(70):
        GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    t = GAME.from_json(GAME.to_json(s))
    assert GAME.to_json(t) == GAME.to_json(s)
    for _ in range(40):
        if GAME.to_move(s) is None:
            break
        a = rng.choice(GAME.legal_actions(s))
        GAME.apply(s, a)
        GAME.apply(t, a)
    assert GAME.to_json(t) == GAME.to_json(s)


def test_commit_order_does_not_reveal_which_cards_are_held() -> None:
    a = blank(4)
    b = blank(4)
    set_hand(a, BELA, ["hunt"])  # nothing to commit
    set_hand(b, BELA, ["forest"])  # a scoring card
    for s in (a, b):
        set_hand(s, ANNA, ["wheat"])
        end_raid(s)
    assert GAME.observation(a, ANNA) == GAME.observation(b, ANNA)
    play(a, "done")
    play(b, "done")
    assert GAME.to_move(a) == GAME.to_move(b) == BELA
    assert texts(a) == ["done"]
    assert texts(b) == ["play forest", "done"]


def hunt_question(hand: list[str]):
    """Anna lands on a 2-VP forest holding ``hand``."""
    s = blank(4)
    set_tile(s, 1, 1, 13, D.F2)  # (H1,1) forest 2
    set_hand(s, ANNA, hand)
    s.turn_player = ANNA
    start_turn(s, 1)
    play(s, "board front", "moor f1 in", "land h1.1")
    return s


def test_the_hunt_question_is_asked_with_or_without_the_card() -> None:
    """Ruling C6 (replaces spec D7): every forest occupier is asked, so the question
    tells the other seats nothing; only the holder may answer ``hunt``."""
    holds = hunt_question(["hunt"])
    lacks = hunt_question(["attack"])
    assert texts(holds) == ["no hunt", "hunt"] and texts(lacks) == ["no hunt"]
    for s in (holds, lacks):
        assert GAME.to_move(s) == ANNA and GAME.observation(s, BELA)["phase"] == "hunt"
    assert GAME.observation(holds, BELA) == GAME.observation(lacks, BELA)
    # the re-deal of Anna's hidden card may give her Hunt or not
    dealt = {
        GAME.determinize(holds, BELA, random.Random(k)).hands[ANNA][D.C_HUNT] for k in range(40)
    }
    assert dealt == {0, 1}
    play(holds, "hunt")
    assert holds.vp[ANNA] == 4


def test_determinize_depends_only_on_the_observation() -> None:
    s = GAME.new_state(4, GAME.resolve_options({}), 21)
    rng = random.Random(21)
    checked = 0
    while GAME.to_move(s) is not None:
        seat = GAME.to_move(s)
        if checked < 40 and rng.random() < 0.3:
            other = GAME.determinize(s, seat, random.Random(checked))
            a = GAME.determinize(s, seat, random.Random(99))
            b = GAME.determinize(other, seat, random.Random(99))
            assert GAME.to_json(a) == GAME.to_json(b)
            checked += 1
        GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    assert checked >= 20
