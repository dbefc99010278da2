"""What each move tells the table (issue 11): the no-leak check on random games at every
table size and option value; the forced take, the forced placement, the tile discarded
because it fits nowhere and a whole forced ferry each told in a line; the round's
offer, the auction and the start player, every scoring; and the score sheet."""

from __future__ import annotations

import random
from typing import Any

import pytest

from vikingcli.engine import name_seats
from vikingcli.engine.testing import check_narration, iter_states
from vikingcli_wikinger.data import (
    BOATMAN,
    FISHER,
    GOLDSMITH,
    NOBLE,
    SCOUT,
    SP01,
    SP05,
    SP11,
    T_L,
    T_MA,
    T_R,
)
from vikingcli_wikinger.narrate import replay_events
from vikingcli_wikinger.rules.ferry import next_ferrier
from vikingcli_wikinger.state import PH_FIGURE, PH_OVER, PH_TAKE, State

from .helpers import GAME, board, empty_state, play, set_wheel, ship

NAMES = ["Ása", "Bjørn", "Cnut", "Dagny"]
F, G, S, N, B = FISHER, GOLDSMITH, SCOUT, NOBLE, BOATMAN
L, M, R = T_L, T_MA, T_R


def told(s: State, text: str, seat: int | None = None) -> list[str]:
    """Play ``text`` in ``s`` (in place) and return what ``seat`` is told, with names."""
    before = GAME.clone(s)
    action = GAME.parse_action(s, text)
    GAME.apply(s, action)
    return [name_seats(line, NAMES) for line in GAME.narrate(before, action, s, seat)]


def random_moves(n: int, options: dict[str, str], seed: int) -> list[tuple[State, Any, State]]:
    """(before, action, after) of every move of a seeded random game."""
    rng = random.Random(seed)
    s = GAME.new_state(n, options, seed)
    out = []
    while GAME.to_move(s) is not None:
        action = rng.choice(GAME.legal_actions(s))
        before = GAME.clone(s)
        GAME.apply(s, action)
        out.append((before, action, GAME.clone(s)))
    return out


def all_lines(moves: list[tuple[State, Any, State]]) -> list[str]:
    return [
        name_seats(line, NAMES)
        for before, action, after in moves
        for line in GAME.narrate(before, action, after, None)
    ]


TABLES = [
    (n, opts)
    for n in (2, 3, 4)
    for opts in (
        {"mode": "basic"},
        {"mode": "advanced"},
        {"mode": "advanced", "bidding": "no"},
        {"start": "1"},
    )
]


# --------------------------------------------------------------------------- no leaks


@pytest.mark.parametrize(("n", "options"), TABLES, ids=[f"{n}p-{o}" for n, o in TABLES])
def test_narration_tells_no_seat_more_than_it_observes(n: int, options: dict[str, str]) -> None:
    for i, state in enumerate(iter_states(GAME, n, options, 3)):
        if GAME.to_move(state) is not None:
            check_narration(GAME, state, random.Random(i))


def test_every_seat_and_spectators_are_told_the_same() -> None:
    # only the order of the stacks, the bag and the special pile is secret (§6.3)
    for before, action, after in random_moves(3, {"mode": "advanced"}, 4):
        lines = GAME.narrate(before, action, after, None)
        assert lines[0] == GAME.format_action(before, action)
        for seat in range(3):
            assert GAME.narrate(before, action, after, seat) == lines


def test_the_narrated_replay_is_the_move_itself() -> None:
    # narrate plays the move again with the rules' steps recorded: same position
    for before, action, after in random_moves(4, {"mode": "advanced"}, 5):
        again, _ = replay_events(before, action)
        assert GAME.to_json(again) == GAME.to_json(after)
        assert after.events is None and again.events is None


def test_two_ferrying_orders_that_end_alike_are_told_apart() -> None:
    # {G, G} first or {S + F} first: the rest is forced, and the game ends the same
    # way; the observation holds the last move, so the narration may differ.
    s = ferry_state("row3: L\nrow4: L R\nrow5: L\nrow1: L+W", "F x2 G x2 S W Bt x2", round_=6)
    a, b = s.clone(), s.clone()
    play(a, "boat 4 0", "add 4 1")
    play(b, "boat 3 0", "add 4 0", "add 5 0")
    assert a.phase == b.phase == PH_OVER
    assert GAME.observation(a, 1) != GAME.observation(b, 1)
    assert a.last_move == (0, "add", 4, 1)


# --------------------------------------------------------------------------- forced moves


def last_turns() -> State:
    """Two turns left in round 1: Ása chooses, then Bjørn's take is forced."""
    s = empty_state(2, gold=20, vp=10)
    board(s, 0, "row5: L")
    board(s, 1, "row5: L")
    s.turn = 10
    set_wheel(s, {0: (R, F), 3: (L, F)})
    return s


def test_forced_take_and_forced_placement_are_told() -> None:
    s = last_turns()
    play(s, "take 3")
    lines = told(s, "tile 4 0")
    assert lines[:2] == ["tile 4 0", "Ása's blue fisher goes to the mainland (not its row)"]
    # Bjørn has one legal take (the last combination) and one cell for its R tile
    assert "Bjørn takes slot 0: R tile + blue fisher, free (forced)" in lines
    assert "Bjørn puts the R tile at row 5 column 1 (forced: its only cell)" in lines
    assert s.phase == PH_FIGURE and s.actor == 1
    # and every seat reads it so
    assert told(s, "figure here", 0)[0] == "figure here"


def test_the_take_names_combination_and_price() -> None:
    s = last_turns()
    s.gold = [1, 20]
    lines = told(s, "take 3 -2vp")
    assert lines == ["take 3 -2vp",
                     "Ása takes slot 3: L tile + blue fisher, for 1 gold and 2 VP"]


def test_tile_that_fits_nowhere_is_told() -> None:  # TV-21
    s = empty_state(2)
    board(s, 0, "\n".join(f"row{r}: L R" for r in range(1, 6)))
    board(s, 1, "row1: L")
    set_wheel(s, {0: (M, F), 5: (M, G), 11: (R, N)})
    lines = told(s, "take 11")
    assert lines == [
        "take 11",
        "Ása takes slot 11: R tile + red noble, for 11 gold",
        "Ása's R tile fits nowhere and is discarded",
        "Ása's red noble goes to the mainland",
    ]


def test_forced_ship_column_is_told() -> None:
    s = empty_state(2)
    board(s, 0, "ships: c0=red c1=red c2=green\nrow1: L")
    board(s, 1, "row1: L")
    set_wheel(s, {0: (M, F), 4: (ship("blue"), B), 7: (M, G)})
    lines = told(s, "take 4")
    assert "Ása puts the blue ship in column 3 (forced: its only column)" in lines
    assert "Ása's grey boatman goes to the mainland" in lines


def ferry_state(rows_text: str, idle: str, round_: int = 2) -> State:
    s = empty_state(2)
    board(s, 0, rows_text + "\nmainland: " + idle)
    s.round = round_
    s.turn = 12
    s.start = 0
    s.ferry_i = 0
    next_ferrier(s, advance=False)
    s.legal_cache = None
    return s


def test_a_whole_forced_ferry_is_told() -> None:
    # The last take of round 6 (Ása's R fits nowhere); Bjørn's take of the last
    # combination and its ship column are forced, Ása has nothing to ferry, and Bjørn's
    # whole ferrying (one scout, then landing) is forced: then the scorings.
    s = empty_state(2)
    board(s, 0, "\n".join(f"row{r}: L R" for r in range(1, 6)))
    board(s, 1, "ships: c0=red c1=red c2=red\nrow3: L\nmainland: S Bt")
    s.round = 6
    s.turn = 10
    set_wheel(s, {0: (ship("blue"), F), 4: (R, G)})
    lines = told(s, "take 4")
    assert s.phase == PH_OVER
    expected = [
        "take 4",
        "Ása takes slot 4: R tile + yellow goldsmith, for 4 gold",
        "Ása's R tile fits nowhere and is discarded",
        "Ása's yellow goldsmith goes to the mainland",
        "Bjørn takes slot 0: blue ship + blue fisher, free (forced)",
        "Bjørn puts the blue ship in column 3 (forced: its only column)",
        "Bjørn's blue fisher goes to the mainland (came with a ship)",
        "nothing to ferry: Ása",
        "Bjørn ferries a green scout to row 3 column 0 (forced)",
        "Bjørn's boatman lands (forced)",
        "Bjørn can ferry nothing more",
        "big scoring after round 6:",
    ]
    assert lines[: len(expected)] == expected
    assert "final scoring:" in lines
    assert lines[-1] == (
        f"the game is over: Ása {s.vp[0]} VP ({s.gold[0]} gold left),"
        f" Bjørn {s.vp[1]} VP ({s.gold[1]} gold left)"
    )


def test_forced_ferrying_steps_after_a_choice_are_told() -> None:  # TV-10
    s = ferry_state("row3: L\nrow4: L R\nrow5: L\nrow1: L+W", "F x2 G x2 S W Bt x2", round_=6)
    play(s, "boat 4 0")
    lines = told(s, "add 4 1")
    assert lines[:4] == [
        "add 4 1",
        "Ása's boatman lands (forced)",
        "Ása ferries a green scout to row 3 column 0 (forced)",
        "Ása's boatman also takes a blue fisher to row 5 column 0 (forced)",
    ]
    assert "Ása can ferry nothing more" in lines


# --------------------------------------------------------------------------- round flow


def end_of_round_1(moves: list[tuple[State, Any, State]]) -> tuple[State, Any, State]:
    """The move that ends round 1."""
    return next(m for m in moves if m[0].round == 1 and m[2].round == 2)


def test_round_end_tells_scoring_start_player_and_offer() -> None:
    before, action, after = end_of_round_1(random_moves(3, {"mode": "basic"}, 2))
    lines = [name_seats(x, NAMES) for x in GAME.narrate(before, action, after, 2)]
    small = lines.index("small scoring after round 1 (goldsmiths):")
    entry = after.log[0]["seats"]
    for p in range(3):
        assert lines[small + 1 + p] == f"  {NAMES[p]} {entry[p]['gold']:+d} gold"
    assert f"round 2 begins; {NAMES[after.start]} is start player" in lines
    assert after.start == (before.start + 1) % 3
    offer = " ".join(lines[lines.index(next(x for x in lines if x.startswith("the offer"))):])
    for slot in (0, 11):
        assert f"{slot} " in offer
    assert offer.count("+") == 12  # tile + figure, every slot


def test_auction_draw_and_colours_are_told() -> None:
    lines = all_lines(random_moves(3, {"mode": "advanced"}, 4))
    assert any("wins the auction with" in x or x.startswith("nobody bids") for x in lines)
    assert any("figures are drawn from the bag:" in x for x in lines)
    assert any(x.startswith("special tiles on display:") for x in lines)
    assert any(x.startswith("the tiles are laid out:") for x in lines)
    assert any(" lays out " in x and x.endswith("(forced)") for x in lines)  # the last colour
    assert any(x.startswith("big scoring after round") for x in lines)
    assert any(x.startswith("final scoring:") for x in lines)


def test_lines_fit_the_screen() -> None:
    # the host indents a move's further lines by 8 columns; seats are named there
    for before, action, after in random_moves(4, {"mode": "advanced"}, 6):
        for line in GAME.narrate(before, action, after, None)[1:]:
            assert len(line) <= 70, line


def test_the_draw_tells_no_more_than_the_open_draw() -> None:
    # advanced: the 13 drawn figures are open (State.drawn), the bag's rest is not told
    before, action, after = end_of_round_1(random_moves(3, {"mode": "advanced"}, 4))
    lines = GAME.narrate(before, action, after, None)
    drawn = next(x for x in lines if "figures are drawn from the bag" in x)
    assert drawn.startswith(f"{sum(after.drawn)} figures")
    obs = GAME.observation(after, 0)
    assert list(obs["drawn"].values()) == after.drawn
    assert sum(obs["bag"].values()) == len(after.bag) - after.bag_pos  # counts, no order


# --------------------------------------------------------------------------- score sheet


@pytest.mark.parametrize("mode", ["basic", "advanced"])
def test_score_sheet_rows_add_up_to_the_total(mode: str) -> None:
    moves = random_moves(4, {"mode": mode}, 8)
    s = moves[-1][2]
    out = GAME.outcome(s)
    assert out.breakdown["scorings"] == s.log  # breakdown unchanged
    labels = [label for label, _ in out.sheet]
    assert labels[0] == "start" and labels[-1] == "total"
    assert labels[-2] == "gold left (tie-break)"
    assert out.sheet[-1][1] == tuple(s.vp)
    assert out.sheet[-2][1] == tuple(f"{g}g" for g in s.gold)
    vp_rows = [values for _, values in out.sheet[:-2] if isinstance(values[0], int)]
    assert tuple(map(sum, zip(*vp_rows))) == tuple(s.vp)
    assert "final F6 feeding" in labels and "final F2 gold to VP" in labels
    assert any(label.startswith("round 6 ") for label in labels)
    for _, values in out.sheet:
        assert len(values) == 4


def test_score_sheet_takes_items_from_the_log() -> None:
    s = empty_state(2)
    s.vp = [12, 8]
    s.gold = [3, 0]
    s.log = [
        {"scoring": "small", "round": 1,
         "seats": [{"goldsmiths_gold": 6, "gold": 6, "vp": 0},
                   {"goldsmiths_gold": 0, "gold": 0, "vp": 0}]},
        {"scoring": "big", "round": 2,
         "seats": [{"plunder_gold": 0, "plunder_vp": 0, "nobles_vp": 4, "scouts_vp": 0,
                    "goldsmiths_gold": 0, "gold": 0, "vp": 4},
                   {"plunder_gold": 0, "plunder_vp": 3, "nobles_vp": 0, "scouts_vp": 0,
                    "goldsmiths_gold": 0, "gold": 0, "vp": 3}]},
    ]
    s.phase = PH_OVER
    sheet = dict(GAME.outcome(s).sheet)
    assert sheet["round 1 goldsmiths (gold)"] == ("+6g", "+0g")
    assert sheet["round 2 nobles"] == (4, 0)
    assert sheet["round 2 plunder"] == (0, 3)
    assert "round 2 scouts" not in sheet  # nobody scored it
    assert sheet["VP exchanged for gold"] == (-2, -5)  # what the log does not explain
    assert sheet["total"] == (12, 8)


def test_outcome_of_an_unfinished_game_has_a_sheet() -> None:
    s = empty_state(2)
    s.phase = PH_TAKE
    assert GAME.outcome(s).sheet[-1] == ("total", (10, 10))


# --------------------------------------------------------------------------- special tiles


def special_turn(display: list[int]) -> State:
    """Ása takes the most expensive combination and places it: a special tile is hers."""
    s = empty_state(2, advanced=True)
    board(s, 0, "row1: L Ma R")
    board(s, 1, "row1: L")
    set_wheel(s, {0: (M, F), 5: (R, G)})
    s.turn = 10  # the last two turns of the round
    s.display = display
    play(s, "take 5", "tile 2 1")
    return s


def test_special_tile_treasure_is_told() -> None:
    s = special_turn([SP01, SP05, -1, -1])
    assert told(s, "special 0")[:3] == [
        "special 0",
        "Ása takes special tile SP01 (treasure +5 gold)",
        "Ása gets 5 gold from the treasure",
    ]


def test_building_swap_is_told() -> None:
    s = special_turn([SP05, SP11, -1, -1])  # SP11A; Ása's only building-a tile is (1,1)
    assert told(s, "special 1")[1:3] == [
        "Ása takes special tile SP11A (building A)",
        "Ása's SP11A replaces the building a tile at row 1 column 1 at once",
    ]
