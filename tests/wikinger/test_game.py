"""Game-level checks beyond the worked examples of docs/rules/wikinger.md §7: options,
special tiles, texts, views."""

from __future__ import annotations

import random

import pytest

from vikingcli.engine import IllegalAction
from vikingcli.engine.text import plain_text
from vikingcli_wikinger.data import (
    BOATMAN,
    FISHER,
    GOLDSMITH,
    NOBLE,
    SCOUT,
    SHIP,
    SP01,
    SP04,
    SP11,
    T_L,
    T_MA,
    WARRIOR,
)
from vikingcli_wikinger.rules.ferry import next_ferrier
from vikingcli_wikinger.state import PH_AUCTION, PH_DISCARD, PH_FERRY, PH_OVER, PH_SWAP, State
from vikingcli_wikinger.view import render_board

from .helpers import GAME, board, empty_state, legal, play, set_wheel, ship, tile_code


def random_state(n: int, mode: str, seed: int, steps: int) -> State:
    rng = random.Random(seed)
    s = GAME.new_state(n, {"mode": mode}, seed)
    for _ in range(steps):
        if GAME.to_move(s) is None:
            break
        acts = GAME.legal_actions(s)
        GAME.apply(s, acts[rng.randrange(len(acts))])
    return s


def test_options_start_player_and_no_bidding() -> None:
    s = GAME.new_state(3, GAME.resolve_options({"start": "2"}), 5)
    assert s.start == 2 and s.actor == 2
    with pytest.raises(ValueError):
        GAME.new_state(2, GAME.resolve_options({"start": "3"}), 5)
    with pytest.raises(ValueError):
        GAME.resolve_options({"start": "7"})
    s = GAME.new_state(2, GAME.resolve_options({"mode": "advanced", "bidding": "no"}), 1)
    assert s.phase == PH_DISCARD and sum(s.drawn) == 13 and all(d >= 0 for d in s.display)
    s = GAME.new_state(2, GAME.resolve_options({"mode": "advanced"}), 1)
    assert s.phase == PH_AUCTION


def test_round_and_scoring_sequence() -> None:
    s = random_state(3, "advanced", 4, 10_000)
    assert s.phase == PH_OVER
    assert [e["scoring"] for e in s.log] == [
        "small", "big", "small", "big", "small", "big", "final"
    ]
    out = GAME.outcome(s)
    assert out.breakdown["scorings"][-1]["seats"][0]["vp"] == s.log[-1]["seats"][0]["vp"]


def test_treasure_gives_five_gold_and_leaves() -> None:
    s = empty_state(2, advanced=True, gold=20)
    board(s, 0, "ships: c0=red c1=red c2=red\nrow1: L")
    board(s, 1, "row1: L")
    set_wheel(s, {0: (T_MA, FISHER), 11: (ship("red"), SCOUT)})
    s.display = [SP01, -1, -1, -1]
    s.turn = 10  # the round ends after player 1's forced last take
    play(s, "take 11", "special 0")
    assert s.gold[0] == 20 - 11 + 5 and s.box_specials == [SP01] and s.sp[0][SP01] == 0


def test_longship_carries_like_a_basic_boatman() -> None:
    s = empty_state(2, advanced=True)
    board(s, 0, "row3: L M R\nrow5: L R\nmainland: S x3 F Bt x2")
    s.sp[0][SP04] = 1
    s.round, s.turn, s.start, s.ferry_i = 2, 12, 0, 0
    next_ferrier(s, advance=False)
    assert s.phase == PH_FERRY
    acts = legal(s)
    assert ("longship", 3, 0) in acts and ("boat", 3, 0) in acts
    play(s, "longship 3 0", "add 3 1", "add 3 2")  # three scouts in one trip
    assert s.idle[0][SCOUT] == 0 and s.sp[0][SP04] == 0 and s.idle[0][BOATMAN] == 1
    assert s.box_specials == [SP04]
    play(s, "boat 5 0")  # (the full trip landed by itself) an ordinary boatman: one figure
    assert s.idle[0][FISHER] == 0 and s.idle[0][BOATMAN] == 0


def test_bid_text_shows_vp_spent() -> None:
    s = random_state(3, "advanced", 2, 0)
    p = s.actor
    s.gold[p], s.vp[p] = 2, 5
    s.legal_cache = None
    assert GAME.format_action(s, ("bid", 2)) == "bid 2"
    assert GAME.format_action(s, ("bid", 4)) == "bid 4 -2vp"
    with pytest.raises(IllegalAction, match="2 VP"):
        GAME.parse_action(s, "bid 4")


def test_parse_aliases_and_errors() -> None:
    s = empty_state(2, advanced=True)
    s.phase = 2  # colour choice
    s.drawn = [2, 0, 1, 0, 0, 0]
    assert GAME.parse_action(s, "colour fisher") == ("colour", FISHER)
    assert GAME.parse_action(s, "  COLOR   Green ") == ("colour", SCOUT)
    with pytest.raises(IllegalAction, match=r"no black figure .*blue, green"):
        GAME.parse_action(s, "colour black")
    with pytest.raises(IllegalAction, match="a view, not a move"):
        GAME.parse_action(s, "board 1")


def test_board_n_shows_that_players_whole_tableau_numbered_from_1() -> None:
    s = random_state(4, "basic", 3, 80)
    shown = GAME.view(s, 0, "board 3")
    assert shown is not None and shown == render_board(s, 2, 0)
    assert "{p2} (3)" in shown
    assert "(1, you)" in (GAME.view(s, 0, "board 1") or "")
    assert "N = 1..4" in (GAME.view(s, 0, "board 9") or "")
    assert "N = 1..4" in (GAME.view(s, 0, "board 0") or "")
    assert GAME.view(s, 0, "take 3") is None


def test_render_fits_16_lines_of_80_columns_and_shows_own_board_in_full() -> None:
    for seed in range(6):
        s = random_state(4, "advanced" if seed % 2 else "basic", seed, 60 + seed * 40)
        for seat in (0, 1, 2, 3, None):
            text = plain_text(GAME.render(s, seat))
            assert max(len(line) for line in text.splitlines()) <= 80
            if seat is not None:
                assert len(text.splitlines()) <= 16, text
        text = plain_text(GAME.render(s, 1))
        assert "{p1} (2, you)" in text
        assert ("slot" in text and "price" in text) == any(s.wheel_t)
        assert "~L" in text  # full cells show sea/land edges
        for p in (0, 2, 3):  # the others: short, their tableaux behind 'board N'
            shown = f"{{p{p}}} ({p + 1}): " if s.phase != PH_OVER else f". {{p{p}}}: "
            assert shown in text
        assert "~L-" not in text.split("{p1} (2, you)")[0]  # no other tableau drawn


def test_a_tableau_too_wide_for_full_cells_is_drawn_narrow() -> None:
    s = empty_state(2)
    board(s, 0, "row5: " + " ".join(["L", "R"] * 9))
    text = GAME.render(s, 0)
    assert len(text.splitlines()) <= 16 and max(len(ln) for ln in text.splitlines()) < 80
    assert "L-.R-.L-." in text


def test_legend_explains_every_abbreviation_of_the_board() -> None:
    legend = GAME.view(random_state(4, "advanced", 1, 100), 0, "legend") or ""
    lines = legend.splitlines()
    assert len(lines) <= 15 and max(len(line) for line in lines) <= 80
    for word in ("~L-.==MaN=", "r3g!", "3g", "2v", "lower case", "mainland F2 W1", "*",
                 "Ma..Md", "<r>", "price", "slot", "'board N'", "'scores'", "'specials'"):
        assert word in legend, word
    for letter, role in zip("FGSNWB", ("fisher", "goldsmith", "scout", "noble", "warrior",
                                       "boatman")):
        assert f"{letter} {role}" in legend
    for abbreviation in ("Mc/S", "offer", "(~ sea, = land)", "SP"):
        assert abbreviation in legend
    assert "SP04 longship" in (GAME.view(random_state(4, "advanced", 1, 100), 0, "specials") or "")
    assert "VP" in (GAME.view(random_state(2, "basic", 1, 100), 1, "scores") or "")


def test_item35_specials_says_what_each_special_tile_does() -> None:
    """The advanced display read 'SP05 noble hall, SP06 scout camp, ...': names only,
    so a new player could not tell which tile to take; each now says what it does."""
    view = GAME.view(random_state(4, "advanced", 1, 100), 0, "specials") or ""
    lines = view.splitlines()
    assert max(len(line) for line in lines) <= 80
    for told in (
        "SP01 treasure +5 gold: +5 gold at once",
        "SP02 goldsmith guild +1: +1 gold per safe goldsmith at every scoring",
        "SP03 goldsmith guild +2: +2 gold per safe goldsmith at every scoring",
        "SP04 longship: one ferrying trip carries as in the basic game",
        "SP05 noble hall: +1 VP per safe noble at every big scoring",
        "SP06 scout camp: +1 VP per safe scout at every big scoring",
        "SP07 fishing ground: +1 VP per safe fisher at every big scoring",
        "SP08 boatman counter: counts as one idle boatman",
        "SP09 feast: final feeding: each surplus ration gives 3 VP instead of 2",
        "SP10 trader: final scoring: 3 gold make 1 VP instead of 5",
        "SP11A..D building special (X on the islands): an M tile with building a..d",
    ):
        assert told in view, told
    assert lines[-4].startswith("{p0} (1) holds:")


def test_item35_a_slot_whose_figure_is_not_laid_out_yet_shows_no_boatman() -> None:
    """While the advanced round's colours were laid out, every slot still without a
    figure read 'Mb/B' (figure -1 drew the last letter, B, the boatman): the wheel
    offered ten boatmen when one was drawn."""
    rng = random.Random(21)
    s = GAME.new_state(4, GAME.resolve_options({"mode": "advanced"}), 21)
    while not (any(s.wheel_t) and -1 in s.wheel_f):
        acts = GAME.legal_actions(s)
        GAME.apply(s, acts[rng.randrange(len(acts))])
    offer = next(ln for ln in GAME.render(s, 0).splitlines() if ln.startswith("offer"))
    cells = offer.split()[1:]
    assert len(cells) == 12
    for cell, tile, figure in zip(cells, s.wheel_t, s.wheel_f, strict=True):
        if tile and figure < 0:
            assert cell.endswith("/?"), offer
    assert sum(cell.endswith("/B") for cell in cells) == s.wheel_f.count(BOATMAN), offer
    assert "Mc/? no figure yet" in (GAME.view(s, 0, "legend") or "")


def test_observation_hides_stacks_bag_and_pile() -> None:
    s = random_state(3, "advanced", 9, 30)
    obs = GAME.observation(s, 0)
    for hidden in ("stacks", "pile"):
        assert hidden not in obs
    # the bag, the stacks and the pile as counts of what is left, never their order
    assert sum(obs["bag"].values()) == 78 - s.bag_pos
    assert sum(obs["unseen_tiles"].values()) == len(s.stacks) - s.stack_pos
    assert sum(obs["special_pile"].values()) == len(s.pile) - s.pile_pos
    det = GAME.determinize(s, 0, random.Random(3))
    assert GAME.observation(det, 0) == obs
    assert det.stacks[s.stack_pos:] != s.stacks[s.stack_pos:]
    assert sorted(det.stacks[s.stack_pos:]) == sorted(s.stacks[s.stack_pos:])


def test_start_tile_goes_first_on_a_ship_turn() -> None:
    s = empty_state(2)
    set_wheel(s, {0: (T_L, FISHER), 11: (ship("blue"), BOATMAN)})
    play(s, "take 11", "start 5", "ship 2")
    assert s.rows[0][4][0] == T_L and s.ships[0] == [0, 0, 5] and s.idle[0][BOATMAN] == 1
    assert s.placed_start[0]


def test_sp11_swap_when_taken_and_waiting() -> None:
    s = empty_state(2, advanced=True)
    board(s, 0, "ships: c0=red c1=red c2=red\nrow3: L Mb+S Mb R")
    board(s, 1, "row1: L")
    set_wheel(s, {0: (T_MA, FISHER), 5: (T_MA, GOLDSMITH), 11: (ship("red"), WARRIOR)})
    s.display = [SP11 + 1, -1, -1, -1]
    play(s, "take 11", "special 0")
    assert s.phase == PH_SWAP and legal(s) == [("swap", 3, 1), ("swap", 3, 2)]
    play(s, "swap 3 1")
    assert s.rows[0][2][1] == tile_code("Xb") | 16 and T_MA + 1 in s.box_tiles
    # A waiting SP11 swaps onto the next tile of its building that is placed.
    s = empty_state(2, advanced=True)
    board(s, 0, "row4: L")
    board(s, 1, "row1: L")
    s.sp[0][SP11 + 2] = 1
    set_wheel(s, {0: (T_MA + 2, GOLDSMITH), 4: (T_MA, NOBLE)})
    s.turn = 10
    play(s, "take 0", "figure here")
    assert s.rows[0][3][1] == tile_code("Xc") | 16 and s.sp[0][SP11 + 2] == 0


def test_ship_code_round_trip() -> None:
    assert ship("blue") == SHIP + 5
