"""Input that helps: a readable move that is not allowed now is refused with the
reason (the commonest refusals of each decision), and the board's own
abbreviations and short forms are read as the moves they name."""

from __future__ import annotations

import pytest

from tests.walhalla.helpers import (
    ANNA,
    BELA,
    GAME,
    blank,
    end_raid,
    play,
    put,
    set_hand,
    set_pools,
    start_turn,
)
from vikingcli.engine import IllegalAction
from vikingcli.table.lookups import look_up
from vikingcli_walhalla.state import State


def refused(s: State, text: str, reason: str) -> None:
    with pytest.raises(IllegalAction, match="is not allowed now: .*" + reason):
        GAME.parse_action(s, text)


def boarding(midgard: int = 7, cards: tuple[str, ...] = (), score: int = 5) -> State:
    """Anna boards G05 (middle seat BLACK) after Béla declined the invitation."""
    s = blank(4)
    set_pools(s, ANNA, midgard=midgard)
    set_hand(s, ANNA, cards)
    s.vp[ANNA] = score
    start_turn(s, 5)
    play(s, "decline")
    return s


def landing() -> State:
    """Anna's viking at F2 position 1 (touching H1.1 and H2.1) disembarks;
    Béla stands on H1.1."""
    s = blank(4)
    put(s, 1, 1, BELA)
    start_turn(s, 1)  # G01: front seat RED, Anna's own galley
    play(s, "board front", "moor f2 in")
    return s


def test_boarding_refusals_name_the_seat_the_vikings_and_the_cards() -> None:
    refused(boarding(), "board middle", "middle seat of G05 is coloured for BLACK")
    refused(boarding(midgard=1, cards=("hunt",)), "board front+back", "1 short: add 'sell")
    refused(boarding(midgard=1), "board front+back", "1 viking in Midgard and no card to sell")
    refused(boarding(midgard=0), "board front", "0 vikings in Midgard and no card to sell")
    refused(boarding(midgard=0, cards=("hunt",), score=0), "board front sell hunt", "costs 1 VP")
    refused(boarding(midgard=0, cards=("hunt",)), "board front sell shield", "no Shield card")
    refused(boarding(cards=("hunt",)), "board front sell hunt", "sold only when Midgard runs")
    refused(boarding(), "board front+back+middle+left", "name the seats")


def test_invitation_and_wrong_moment_refusals() -> None:
    s = blank(4)
    set_pools(s, BELA, midgard=0)
    start_turn(s, 5)
    refused(s, "join", "0 vikings in Midgard and no card to sell")
    refused(s, "board front", "it is time to answer the invitation")
    refused(boarding(), "moor f2 in", "it is time to board the galley's seats")
    refused(landing(), "lose", "it is time for your viking to disembark")


def test_mooring_refusals() -> None:
    s = boarding()
    play(s, "board front+back")
    refused(s, "moor f9 in", "only the fjords F1-F4")
    refused(s, "moor f2 out", "front and back seats have the same owner")
    s.fjords[1] = [(12, 0, (-1, -1, -1))] * s.board.max_berths[1]
    s.legal_cache = None
    refused(s, "moor f2 in", "F2 is full")
    fixed = blank(4, fixed="yes")
    start_turn(fixed, 1)
    play(fixed, "board front+middle")
    refused(fixed, "moor f1 out", "fixed_orientation=yes every galley moors bow in")


def test_disembarking_refusals_name_the_space() -> None:
    s = landing()
    refused(s, "land h1.1", "H1.1 is taken by BLACK: attack h1.1")
    refused(s, "attack h2.1", "H2.1 is empty: land h2.1")
    refused(s, "land h1.5", "touches only H1.1 and H2.1, not H1.5")
    refused(s, "land h1.40", "H1 has positions 1-12, not 40")
    refused(s, "attack h1.1 card", "you hold no Attack card")
    own = blank(4)
    put(own, 2, 1, ANNA)
    put(own, 1, 1, BELA)
    start_turn(own, 1)
    play(own, "board front", "moor f2 in")
    refused(own, "land h2.1", "your own viking stands on H2.1")


def test_defending_hunting_and_card_refusals() -> None:
    s = landing()
    set_pools(s, BELA, walhalla=0)
    play(s, "attack h1.1")
    refused(s, "win", "winning costs a viking from Walhalla and you have none")
    refused(s, "win shield", "you hold no Shield card")

    forest = blank(4)
    forest.stype = tuple(1 for _ in forest.stype)  # every space a forest 2
    start_turn(forest, 1)
    play(forest, "board front", "moor f1 in", "land h1.1")
    refused(forest, "hunt", "you hold no Hunt card")

    c = blank(4)
    c.raid = 3
    set_hand(c, ANNA, ["walhalla", "hunt", "headland"])
    end_raid(c)
    refused(c, "play walhalla", "only at the end of raids 1 and 2")
    refused(c, "play hunt", "Hunt is played during the raid")
    refused(c, "play forest", "you hold no Forest scoring card")
    refused(c, "play headland", "name the headland")


def test_text_that_is_no_move_lists_the_legal_ones() -> None:
    with pytest.raises(IllegalAction, match="is not a legal action now; legal: "):
        GAME.parse_action(boarding(), "fly to valhalla")


@pytest.mark.parametrize(
    ("typed", "meant"),
    [
        ("board f+b", "board front+back"),
        ("board b f", "board front+back"),
        ("none", "board none"),
    ],
)
def test_board_abbreviations_are_read_when_boarding(typed: str, meant: str) -> None:
    s = boarding()
    assert GAME.format_action(s, GAME.parse_action(s, typed)) == meant


def test_short_forms_of_mooring_landing_and_cards() -> None:
    s = boarding()
    play(s, "board f+b")
    assert GAME.format_action(s, GAME.parse_action(s, "moor 2 in")) == "moor f2 in"
    assert GAME.format_action(s, GAME.parse_action(s, "moor f2")) == "moor f2 in"
    s = landing()
    assert GAME.format_action(s, GAME.parse_action(s, "land 2.1")) == "land h2.1"
    assert GAME.format_action(s, GAME.parse_action(s, "land h2 1")) == "land h2.1"
    assert GAME.format_action(s, GAME.parse_action(s, "h1.1")) == "attack h1.1"
    c = blank(4)
    set_hand(c, ANNA, ["village", "headland"])
    end_raid(c)
    assert GAME.format_action(c, GAME.parse_action(c, "play vill")) == "play village"
    assert GAME.format_action(c, GAME.parse_action(c, "play headland 2")) == "play headland h2"


def test_item35_a_boarding_move_not_allowed_is_refused_with_its_reason_not_looked_up() -> None:
    """Typed while boarding, ``board middle`` (the middle seat is BLACK's) was answered
    as the look-up of a seat called 'middle' ("board: no seat 'middle'"), so the
    refusals above never reached a person; now it is refused with the reason."""
    s = boarding()
    names = ["anna", "bela", "cecil", "denes"]
    for text in ("board middle", "board front+back+middle+left", "board xyz"):
        assert look_up(GAME, s, ANNA, text, names=names) is None, text
    refused(s, "board middle", "middle seat of G05 is coloured for BLACK")
    refused(s, "board xyz", "name the seats")
    # a seat's board stays a look-up, also while boarding, and for a seat not asked
    # 'board middle' is the look-up it always was
    assert "bela" in (look_up(GAME, s, ANNA, "board bela", names=names) or "")
    assert "bela" in (look_up(GAME, s, ANNA, "board 2", names=names) or "")
    other = look_up(GAME, s, BELA, "board middle", names=names) or ""
    assert other.startswith("board: no seat 'middle'"), other
