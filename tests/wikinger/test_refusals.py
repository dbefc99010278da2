"""Why not: a readable but illegal move gets the reason a person needs (issue 12), and
the board's own spellings are accepted as moves."""

from __future__ import annotations

import pytest

from vikingcli.engine import IllegalAction
from vikingcli_wikinger.data import BOATMAN, FISHER, NOBLE, SCOUT, T_L, T_MA, T_R
from vikingcli_wikinger.state import PH_FERRY, PH_FIGURE, PH_PLACE, State

from .helpers import GAME, board, empty_state, play, set_wheel


def refused(s: State, text: str) -> str:
    with pytest.raises(IllegalAction) as err:
        GAME.parse_action(s, text)
    message = str(err.value)
    assert "is not allowed now" in message, message
    return message


def take_state(gold: int = 5, vp: int = 0) -> State:
    s = empty_state(2, gold=gold, vp=vp)
    set_wheel(s, {2: (T_L, FISHER), 3: (T_MA, FISHER), 6: (T_R, SCOUT), 11: (T_L, NOBLE)})
    board(s, 0, "row5: L")
    return s


def test_a_price_beyond_gold_and_vp_names_the_price_and_the_purse() -> None:
    s = take_state(gold=5, vp=2)
    assert "slot 11 costs 9 and you have 5 gold and 2 VP" in refused(s, "take 11")


def test_an_empty_slot_and_a_slot_off_the_wheel() -> None:
    s = take_state()
    assert "slot 4 is empty" in refused(s, "take 4")
    assert "slots are 0..11" in refused(s, "take 12")


def test_the_free_combination_says_when_it_may_be_taken() -> None:
    s = take_state(gold=5)
    message = refused(s, "take 2")
    assert "free combination at slot 2" in message and "last fisher" in message


def test_vp_needed_names_the_text_to_type() -> None:
    s = take_state(gold=2, vp=10)
    with pytest.raises(IllegalAction, match="exchange 2 VP"):
        GAME.parse_action(s, "take 6")
    assert "type 'take 6 -2vp'" in refused(s, "take 6 -1vp")


def test_a_move_of_another_phase_says_what_to_do_now() -> None:
    s = take_state()
    message = refused(s, "tile 2 1")
    assert "not the time for 'tile'" in message and "take a combination" in message
    assert "'take S'" in message


def place_state(tile: int) -> State:
    s = empty_state(2)
    board(s, 0, "row2: L M\nrow5: L")
    s.phase = PH_PLACE
    s.pend_t, s.pend_f = tile, NOBLE
    s.legal_cache = None
    return s


def test_an_occupied_cell_and_the_cells_that_are_free() -> None:
    s = place_state(T_MA)
    message = refused(s, "tile 2 1")
    assert "row 2, column 1 already holds a tile" in message and "free cells:" in message


def test_the_mainland_needs_a_sea_edge_and_a_tile_must_touch_the_islands() -> None:
    s = place_state(T_MA)
    assert "sea edge" in refused(s, "tile 1 0")
    assert "touches no island tile" in refused(s, "tile 4 5")
    assert "rows 1..5" in refused(s, "tile 0 1")


def test_edges_must_match() -> None:
    s = place_state(T_L)  # sea on its left: cannot follow the M's land edge at (2,1)
    assert "left edge does not match" in refused(s, "tile 2 2")


def test_ferrying_refusals_name_the_tile_or_the_missing_figure() -> None:
    s = empty_state(2)
    board(s, 0, "row2: L+N M\nrow3: L\nmainland: Bt N")
    s.phase = PH_FERRY
    s.round = 2
    s.legal_cache = None
    assert GAME.parse_action(s, "boat 2 1") == ("boat", 2, 1)
    assert "already has a figure" in refused(s, "boat 2 0")
    assert "no tile at row 4" in refused(s, "boat 4 0")
    assert "no idle scout" in refused(s, "boat 3 0")
    assert s.idle[0][BOATMAN] == 1


def test_the_boards_spellings_are_moves() -> None:
    s = take_state(gold=20)
    assert GAME.parse_action(s, "take slot 6") == ("take", 6)
    assert GAME.parse_action(s, "ta 6") == ("take", 6)
    assert GAME.parse_action(s, "take s6") == ("take", 6)
    s = place_state(T_MA)
    assert GAME.parse_action(s, "tile r1 c1") == ("tile", 1, 1)
    assert GAME.parse_action(s, "tile (1,1)") == ("tile", 1, 1)
    assert GAME.parse_action(s, "tile row 1 col 1") == ("tile", 1, 1)
    play(s, "tile 2 2")
    assert s.phase == PH_FIGURE
    assert GAME.parse_action(s, "fig h") == ("figure", 1)
    assert GAME.parse_action(s, "figure m") == ("figure", 0)


def test_text_that_is_no_move_lists_the_legal_moves() -> None:
    s = take_state()
    with pytest.raises(IllegalAction, match="not a legal action now; legal: take"):
        GAME.parse_action(s, "hello")
