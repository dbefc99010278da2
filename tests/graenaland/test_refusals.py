"""Issue 12: input that helps in Graenaland. A hero move may name its destination
(``wl I1``) and a seat its number (``to 2``); a readable move that is not allowed now
is refused with the reason (the sea, no vote there, the price and the hand, the wrong
phase), never with the list of legal moves."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from vikingcli.engine import IllegalAction
from vikingcli_graenaland import data as D
from vikingcli_graenaland.actions import action_text
from vikingcli_graenaland.game import GraenalandGame
from vikingcli_graenaland.rules.common import cards_at
from vikingcli_graenaland.rules.votes import votes
from vikingcli_graenaland.state import PH_ALLOC, PH_BUILD, PH_MOVE, PH_OFFER, PH_PAY, State

GAME = GraenalandGame()


def find(pred: Callable[[State], bool], n: int = 4) -> State:
    """The first state of seeded random games where ``pred`` holds."""
    for seed in range(30):
        rng = random.Random(seed)
        st = GAME.new_state(n, {}, seed)
        while GAME.to_move(st) is not None:
            if pred(st):
                return st
            GAME.apply(st, rng.choice(GAME.legal_actions(st)))
    raise AssertionError("no such state")


def refused(st: State, text: str) -> str:
    with pytest.raises(IllegalAction) as err:
        GAME.parse_action(st, text)
    message = str(err.value)
    assert "is not allowed now:" in message, message  # a reason, not the legal list
    return message


def warlord_at(st: State) -> int:
    return st.hero[st.actor * 3 + D.WL]


def test_a_coastal_hero_cannot_walk_into_the_sea_and_is_told_the_ways() -> None:
    st = find(lambda s: s.phase == PH_MOVE and 0 <= warlord_at(s) < s.board.k)
    here = st.board.names[warlord_at(st)]
    message = refused(st, "wl sw")
    assert f"{here} is on the coast: sw leads into the sea" in message
    assert "ne I" in message or "nw I" in message  # the ways that do lead somewhere


def test_an_inland_hero_does_not_sail() -> None:
    st = find(lambda s: s.phase == PH_MOVE and warlord_at(s) >= s.board.k)
    assert "only a coastal hero sails" in refused(st, "wl ship_e")


def test_a_hero_not_on_the_board_and_a_far_destination() -> None:
    st = find(
        lambda s: s.phase == PH_MOVE and s.hero[s.actor * 3 + D.PR] < 0 and warlord_at(s) == 0
    )
    assert "priest is not on the board yet" in refused(st, "pr e")
    assert "C4 is not one move from C1" in refused(st, "wl c4")


def test_a_hero_move_by_its_destination() -> None:
    st = find(lambda s: s.phase == PH_MOVE and warlord_at(s) == 0)
    assert action_text(st, GAME.parse_action(st, "wl I1")) == "wl ne"
    assert action_text(st, GAME.parse_action(st, "WL c3")) == "wl ship_e"


def test_an_offer_needs_cards_and_a_vote() -> None:
    def empty_somewhere(s: State) -> bool:
        return s.phase == PH_OFFER and any(not cards_at(s, p) for p in range(s.board.np))

    st = find(empty_somewhere)
    p = next(p for p in range(st.board.np) if not cards_at(st, p))
    assert f"no cards lie in {st.board.names[p]}" in refused(st, f"offer {st.board.names[p]}")

    def no_vote(s: State) -> bool:
        return s.phase == PH_OFFER and any(
            cards_at(s, p) and not votes(s, s.actor, p) for p in range(s.board.np)
        )

    st = find(no_vote)
    p = next(p for p in range(st.board.np) if cards_at(st, p) and not votes(st, st.actor, p))
    assert "you have no vote in" in refused(st, f"offer {st.board.names[p]}")
    assert "no province X9" in refused(st, "offer x9")


def test_a_card_goes_only_to_a_seat_with_votes() -> None:
    st = find(lambda s: s.phase == PH_ALLOC and len(s.oelig) < s.n)
    out = next(o for o in range(st.n) if o not in st.oelig)
    assert f"p{out + 1} has no vote in" in refused(st, f"to p{out + 1}")
    assert f"p{out + 1} has no vote in" in refused(st, f"to {out + 1}")
    first = st.oelig[0]
    assert GAME.parse_action(st, f"to {first + 1}") == ("to", first)


def test_a_build_too_dear_names_the_price_and_the_hand() -> None:
    st = find(lambda s: s.phase == PH_BUILD and sum(s.hand[s.actor]) < 3 and s.bmode == 0)
    message = refused(st, "fort c1") if st.vil[st.actor] else refused(st, "army peasant")
    assert "costs" in message and "you have" in message
    assert "no buildings in the mountains" in refused(st, f"fort {st.board.names[st.board.k]}")


def test_a_move_of_another_phase_names_this_phase() -> None:
    st = find(lambda s: s.phase == PH_OFFER)
    message = refused(st, "village c1")
    assert "'village' is for the build; now: offer X or pass" in message
    pay = find(lambda s: s.phase == PH_PAY)
    assert "now: pay R" in refused(pay, "yes")


def test_no_move_of_the_game_gets_the_legal_moves() -> None:
    st = find(lambda s: s.phase == PH_OFFER)
    with pytest.raises(IllegalAction, match="legal: pass"):
        GAME.parse_action(st, "fly to the moon")
