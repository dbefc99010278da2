"""The worked examples of docs/rules/wikinger.md §7, TV-01 ... TV-22: one test each,
named after the example."""

from __future__ import annotations

from vikingcli_wikinger import board as bd
from vikingcli_wikinger import scoring
from vikingcli_wikinger.data import (
    BOATMAN,
    FISHER,
    GOLDSMITH,
    NOBLE,
    SCOUT,
    SP02,
    SP03,
    SP04,
    SP11,
    T_L,
    T_MA,
    T_R,
    WARRIOR,
)
from vikingcli_wikinger.rules.ferry import next_ferrier
from vikingcli_wikinger.rules.offer import start_round
from vikingcli_wikinger.rules.take import occupied, price
from vikingcli_wikinger.state import (
    PH_DISCARD,
    PH_FERRY,
    PH_FIGURE,
    PH_OVER,
    PH_SPECIAL,
    PH_TAKE,
    TRIP_NONE,
    State,
)

from .helpers import (
    GAME,
    board,
    empty_state,
    legal,
    play,
    set_wheel,
    settle,
    ship,
    turn_outcomes,
)

M, L, R = T_MA, T_L, T_R
F, G, S, N, W, B = FISHER, GOLDSMITH, SCOUT, NOBLE, WARRIOR, BOATMAN


def takes(s: State) -> list[int]:
    return [a[1] for a in legal(s) if a[0] == "take"]


# ---------------------------------------------------------------- TV-01


def tv01_state() -> State:
    s = empty_state(2, gold=20, vp=10)
    stack1 = [M, ship("red"), L, R, ship("blue"), M, L, R, M, L, R, M]
    s.stacks = stack1 + [L] * 60
    drawn = [N, F, W, B, G, F, N, B, G, N, F, W]  # 3F 2G 0S 3N 2W 2Bt, any order
    s.bag = drawn + [S] * 66
    start_round(s)
    return s


def test_tv01_offer_layout_and_zero_combination() -> None:
    s = tv01_state()
    assert s.wheel_t == [M, L, R, M, L, R, M, L, R, M, ship("blue"), ship("red")]
    assert s.wheel_f == [F, F, F, G, G, N, N, N, W, W, B, B]
    assert [price(s, i) for i in range(12)] == list(range(12))
    assert takes(s) == list(range(1, 12))  # the fisher at 0 is not the last fisher


# ---------------------------------------------------------------- TV-02


def test_tv02_wheel_rotation() -> None:
    s = empty_state(2, gold=20, vp=10)
    board(s, 0, "ships: c0=red c1=red c2=red\nrow1: L")
    board(s, 1, "row1: L")
    set_wheel(s, {0: (ship("blue"), F), 3: (M, G), 4: (M, G), 7: (M, N), 9: (M, W), 11: (M, B)})
    assert 0 in takes(s)  # last fisher
    play(s, "take 0")  # the ship goes to column 3 (forced), fisher to the mainland
    assert s.ships[0] == [2, 2, 2, 5]
    assert s.actor == 1 and s.phase == PH_TAKE
    assert [price(s, i) for i in (3, 4, 7, 9, 11)] == [0, 1, 4, 6, 8]
    assert occupied(s)[0] == 3 and s.wheel_f[3] == G  # zero combination: goldsmith
    assert takes(s) == [4, 7, 9, 11]


# ---------------------------------------------------------------- TV-03


def test_tv03_affordability_and_poverty_override() -> None:
    cases = {
        (3, 0): [1, 2, 3],
        (3, 4): list(range(1, 8)),
        (0, 0): [0],
        (0, 5): [0, 1, 2, 3, 4, 5],
    }
    for (gold, vp), expected in cases.items():
        s = tv01_state()
        s.gold[0], s.vp[0] = gold, vp
        assert takes(s) == expected, (gold, vp)
    s = empty_state(2, gold=0, vp=0)
    set_wheel(s, {2: (M, G), 6: (M, N), 9: (M, W)})
    assert [price(s, i) for i in (2, 6, 9)] == [0, 4, 7]
    assert takes(s) == [2]
    # 3 gold / 4 VP: slots up to 7 with the automatic VP exchange, which the text shows.
    s = tv01_state()
    s.gold[0], s.vp[0] = 3, 4
    assert GAME.format_action(s, ("take", 3)) == "take 3"
    assert GAME.format_action(s, ("take", 7)) == "take 7 -4vp"
    try:
        GAME.parse_action(s, "take 7")
    except ValueError as exc:
        assert "4 VP" in str(exc) and "take 7 -4vp" in str(exc)
    else:  # pragma: no cover
        raise AssertionError("bare 'take 7' must not spend VP silently")
    assert GAME.parse_action(s, "take 7 -4vp") == ("take", 7)
    play(s, "take 7 -4vp")
    assert (s.gold[0], s.vp[0]) == (0, 0)


# ---------------------------------------------------------------- TV-04


def test_tv04_legal_placement_cells() -> None:
    s = empty_state()
    board(s, 0, "ships: c0=red c2=yellow\nrow2: L M\nrow4: L R")
    assert bd.ship_columns(s.ships[0]) == [1]
    rows = s.rows[0]
    assert bd.island_cells(rows, L) == [(1, 0), (1, 1), (3, 0), (3, 1), (4, 2), (5, 0), (5, 1)]
    assert bd.island_cells(rows, M) == [(1, 1), (2, 2), (3, 1), (5, 1)]
    assert bd.island_cells(rows, R) == [(1, 1), (2, 2), (3, 1), (5, 1)]
    assert (2, 2) not in bd.island_cells(rows, L)
    assert (4, 2) not in bd.island_cells(rows, M) + bd.island_cells(rows, R)
    assert all(c > 0 for _, c in bd.island_cells(rows, M) + bd.island_cells(rows, R))
    assert all(r >= 1 for r, _ in bd.island_cells(rows, L))


# ---------------------------------------------------------------- TV-05


def test_tv05_first_turn_with_start_tile() -> None:
    s = empty_state(2)
    set_wheel(s, {0: (R, N), 5: (L, F), 11: (ship("red"), W)})
    play(s, "take 0")
    outcomes = turn_outcomes(s)
    paths = sorted(" / ".join(p) for p, _ in outcomes)
    assert paths == sorted(
        ["start 1", "start 2 / figure here", "start 2 / figure mainland",
         "start 3", "start 4", "start 5"]
    )
    for p, end in outcomes:
        r = int(p[0].split()[1])
        assert end.rows[0][r - 1][:2] == [L, R] or end.rows[0][r - 1][:2] == [L, R | 16]
    s = empty_state(2)
    set_wheel(s, {0: (R, N), 5: (L, F), 11: (ship("red"), W)})
    play(s, "take 11")
    outcomes = turn_outcomes(s)
    assert len(outcomes) == 15
    assert all(end.idle[0][W] == 1 for _, end in outcomes)
    rows = empty_state().rows[0]
    bd.set_cell(rows, 2, 0, L)
    assert bd.island_cells(rows, L) == [(1, 0), (3, 0), (4, 0), (5, 0)]
    assert bd.island_cells(rows, M) == [(2, 1)]
    assert bd.island_cells(rows, R) == [(2, 1)]


# ---------------------------------------------------------------- TV-06


def test_tv06_figure_placement() -> None:
    s = empty_state(2)
    board(s, 0, "row2: L\nrow4: L")
    board(s, 1, "row1: L")
    set_wheel(s, {0: (M, S), 1: (M, G), 2: (ship("red"), N), 3: (M, B), 11: (M, W)})
    play(s, "take 0")  # (M, scout); the M can go to (2,1) or (4,1)
    assert legal(s) == [("tile", 2, 1), ("tile", 4, 1)]
    play(s, "tile 2 1")
    assert s.idle[0][S] == 1 and s.phase == PH_TAKE and s.actor == 1  # no choice
    play(s, "take 3")  # player 1: (M, boatman) -> forced cell (1,1), boatman idle
    assert s.idle[1][B] == 1 and s.actor == 0
    play(s, "take 1")  # (M, goldsmith) into row 4: a real choice
    play(s, "tile 4 1")
    assert s.phase == PH_FIGURE and legal(s) == [("figure", 1), ("figure", 0)]
    play(s, "figure here")
    assert s.rows[0][3][1] == M | 16
    play(s, "take 2", "ship 0")  # player 1: ship + noble: the noble goes to the mainland
    assert s.idle[1][N] == 1


# ---------------------------------------------------------------- TV-07


def test_tv07_ship_column_sequence() -> None:
    ships = [0, 0, 0]
    bd.place_ship(ships, 2, 2)
    bd.place_ship(ships, 0, 3)
    assert bd.ship_columns(ships) == [1]
    bd.place_ship(ships, 1, 4)
    assert bd.ship_columns(ships) == [3]
    bd.place_ship(ships, 3, 5)
    assert bd.ship_columns(ships) == [4]


# ---------------------------------------------------------------- ferrying helpers


def ferry_state(rows_text: str, idle: str, round_: int = 2, advanced: bool = False) -> State:
    s = empty_state(2, advanced=advanced)
    board(s, 0, rows_text + "\nmainland: " + idle)
    s.round = round_
    s.turn = 12
    s.start = 0
    s.ferry_i = 0
    next_ferrier(s, advance=False)
    s.legal_cache = None
    return s


def trips(s: State) -> set[str]:
    """Colour letters of every complete first trip (forced follow-ups included)."""
    out: set[str] = set()
    before = s.idle[0][:]

    def walk(state: State) -> None:
        for a in legal(state):
            if a[0] == "done":
                continue
            nxt = state.clone()
            GAME.apply(nxt, a)
            if a[0] == "land" or nxt.phase != PH_FERRY or nxt.trip_mode == TRIP_NONE:
                moved = "".join("FGSNW"[x] * (before[x] - nxt.idle[0][x]) for x in range(5))
                out.add(moved)
            else:
                walk(nxt)

    walk(s)
    return out


FREE_345 = "row3: L M M R\nrow4: L M M R\nrow5: L M M R"


def test_tv08_one_boatmans_loads() -> None:
    s = ferry_state(FREE_345, "F x3 G S x2 Bt")
    assert s.phase == PH_FERRY
    assert trips(s) == {
        "F", "FF", "FFF", "G", "S", "SS",
        "FG", "FS", "GS", "FGS",
    }
    s = ferry_state(FREE_345, "F x3 G S x2 Bt", round_=6)
    assert s.maxf0 == 3
    assert ("done",) not in legal(s)
    assert trips(s) == {"FFF", "FGS"}


def test_tv09_advanced_boatmen() -> None:
    assert bd.maxf([0, 0, 1, 1, 0], [0, 0, 1, 1, 0], 2, 0, True) == 2
    assert bd.maxf([0, 0, 1, 1, 0], [0, 0, 1, 1, 0], 1, 0, True) == 1
    s = ferry_state("row2: L R\nrow3: L R", "N S Bt x2", advanced=True)
    play(s, "boat 2 0")
    assert s.phase == PH_FERRY and s.idle[0][B] == 1 and s.idle[0][S] == 1
    play(s, "boat 3 0")
    assert s.idle[0][B] == 0 and s.rows[0][2][0] == L | 16


TV10_ROWS = "row3: L\nrow4: L R\nrow5: L\nrow1: L+W"


def test_tv10_round6_forced_ferrying() -> None:
    s = ferry_state(TV10_ROWS, "F x2 G x2 S W Bt x2", round_=6)
    assert s.maxf0 == 4
    # {G, G} then {S + F}
    t = s.clone()
    play(t, "boat 4 0", "add 4 1")  # then landing and {S + F} are forced (taken automatically)
    assert t.phase == PH_OVER
    assert t.idle[0] == [1, 0, 0, 0, 1, 0]
    # {S + G + F} then {G}
    t = s.clone()
    play(t, "boat 3 0", "add 4 0")
    assert set(legal(t)) == {("add", 5, 0), ("land",)}  # {S+G} then {G+F} also reaches 4
    play(t, "add 5 0")  # then the trip {G} is forced
    assert t.phase == PH_OVER
    assert t.idle[0] == [1, 0, 0, 0, 1, 0]
    # {F} alone first is illegal (1 + 2 < 4), as is ending early
    assert ("boat", 5, 0) not in legal(s)
    assert ("done",) not in legal(s)
    s = ferry_state(TV10_ROWS, "F x2 G x2 S W Bt x2", round_=6, advanced=True)
    assert s.maxf0 == 2
    s.sp[0][SP04] = 0


# ---------------------------------------------------------------- TV-11, TV-12


TV11 = """
ships: c0=green c1=red c2=blue
row1:  L     M+W   R+W
row2:  L+N   R+N
row3:  L+S   M     M+S   R+S
row4:  L+G   M     R+G
row5:  L+F
"""


def test_tv11_big_scoring_8vp_9gold() -> None:
    s = empty_state(2, gold=0, vp=0)
    board(s, 0, TV11)
    scoring.big_scoring(s)
    assert (s.vp[0], s.gold[0]) == (8, 9)
    e = s.log[-1]["seats"][0]
    assert e["plunder_vp"] == 3 and e["plunder_gold"] == 3
    assert e["nobles_vp"] == 2 and e["scouts_vp"] == 3 and e["goldsmiths_gold"] == 6
    s = empty_state(2, gold=0, vp=0)
    board(s, 0, TV11)
    scoring.small_scoring(s)
    assert (s.vp[0], s.gold[0]) == (0, 6)
    s = empty_state(2, advanced=True, gold=0, vp=0)
    board(s, 0, TV11)
    s.sp[0][SP02] = 1
    s.sp[0][SP03] = 1
    scoring.small_scoring(s)
    assert s.gold[0] == 12


TV12 = """
ships: c0=green c1=yellow c2=blue c3=red
row1:  L     M     M+W   R+W
row2:  L+N   M     M+N   R+N
row3:  L+S   M+S   M+S   M+S   M+S   R+S
row4:  L+G   M     M+G   M+G   R+G
row5:  L+F   M+F   M+F   R+F
"""


def test_tv12_big_scoring_nessi_16vp_15gold() -> None:
    s = empty_state(2, gold=0, vp=0)
    board(s, 0, TV12)
    td = bd.threat_depths(s.ships[0], s.rows[0])
    threatened = [
        (r, c) for r in range(1, 6) for c, v in enumerate(s.rows[0][r - 1])
        if v & 16 and bd.is_threatened(td, r, c)
    ]
    assert threatened == [(2, 0), (3, 0), (3, 1)]
    scoring.big_scoring(s)
    assert (s.vp[0], s.gold[0]) == (16, 15)
    e = s.log[-1]["seats"][0]
    assert (e["nobles_vp"], e["scouts_vp"]) == (4, 9)
    s = empty_state(2, gold=0, vp=0)
    board(s, 0, TV12)
    scoring.small_scoring(s)
    assert s.gold[0] == 12


# ---------------------------------------------------------------- TV-13 .. TV-16


def final(boards: list[str], gold: list[int], vp: list[int], advanced: bool = False) -> State:
    s = empty_state(len(boards), advanced=advanced)
    for p, text in enumerate(boards):
        if text:
            board(s, p, text)
    s.gold = gold[:]
    s.vp = vp[:]
    s.round = 6
    scoring.final_scoring(s)
    return s


def test_tv13_final_ship_penalties() -> None:
    for (gold, vp), (gold1, vp1) in {(12, 40): (7, 37), (2, 40): (0, 34), (0, 1): (0, -7)}.items():
        s = final(["ships: c0=green c1=blue", ""], [gold, 0], [vp, 0])
        e = s.log[-1]["seats"][0]
        assert (gold + e["f1_gold"], vp + e["f1_vp"]) == (gold1, vp1)


def test_tv14_completed_islands() -> None:
    s = empty_state()
    board(s, 0, "row2: L R L M R\nrow3: L M M M M R\nrow4: L M M\nrow5: L . R")
    assert bd.completed_islands(s.rows[0]) == [2, 3, 6]
    assert (5, 2) in bd.island_cells([[], [], [], [T_L, T_MA, T_MA], [T_L]], R)


TV15_A = """
ships: none
row2: L+N M+N R+N
row3: L+S M+S M+S M+S R+S
row4: L+G M+G M+G M+G R+G
row5: L+F M+F M+F M+F R+F
mainland: Bt x5
"""
TV15_B = """
ships: c0=blue
row2: L+N M+N M+N R+N
row3: L+S M+S M+S M+S R+S
row4: L+G M+G M+G M+G R+G
row5: L+F M+F M+F R+F
mainland: Bt x5
"""


def test_tv15_feeding() -> None:
    s = final([TV15_A, TV15_B], [0, 0], [0, 0])
    a, b = s.log[-1]["seats"]
    assert (a["f6_figures"], a["f6_food"], a["f6_vp"]) == (23, 25, 4)
    assert (b["f6_figures"], b["f6_food"], b["f6_vp"]) == (23, 15, -8)
    assert b["f1_vp"] == -3


TV16_U = """
ships: c0=red c1=green c2=yellow
row1:  L    M    M    M+W  R+W
row2:  L+N  M+N  M+N  M+N  R+N
row3:  L+S  M+S  M+S  M+S  R+S
row4:  L+G  M+G  R+G
row5:  L+F  M+F  M+F  M+F  R
mainland: Bt x4
"""
TV16_T = """
ships: c0=blue c1=red
row1:  L+W  M+W  M    M    R
row2:  L+N  M+N  M+N  M+N  R+N
row3:  L+S  M+S  R+S
row4:  L+G  M+G  M+G  M+G  R+G
row5:  L+F  M+F  M+F  M+F  R+F
mainland: Bt x3
"""


def test_tv16_full_final_scoring_ungeheuer_vs_tester() -> None:
    s = final([TV16_U, TV16_T], [46, 20], [50, 60])
    u, t = s.log[-1]["seats"]
    assert (u["f1_gold"], u["f1_vp"], u["f2_vp"]) == (-8, -2, 7)
    assert (u["f3_vp"], u["f4_vp"], u["f5_vp"], u["f6_vp"]) == (10, 7, 5, -3)
    assert (t["f1_gold"], t["f1_vp"], t["f2_vp"]) == (0, 0, 4)
    assert (t["f3_vp"], t["f4_vp"], t["f5_vp"], t["f6_vp"]) == (0, 7, 5, 4)
    assert (s.vp, s.gold) == ([74, 80], [3, 0])
    s.phase = 10
    out = GAME.outcome(s)
    assert out.scores == (74.0, 80.0) and out.ranks == (2, 1)


# ---------------------------------------------------------------- TV-17 .. TV-19 (advanced)


def advanced_round_start(n: int, drawn: list[int], gold: list[int], vp: list[int]) -> State:
    s = State.empty(n, True)
    s.gold = gold[:]
    s.vp = vp[:]
    s.stacks = [M, ship("red"), L, R, ship("blue"), M, L, R, M, L, R, M] + [L] * 60
    rest = [x for x in range(6) for _ in range(13)]
    for x in drawn:
        rest.remove(x)
    s.bag = drawn + rest
    s.pile = [k for k in range(14) for _ in range((1, 2, 1, 6, 3, 1, 1, 4, 1, 1, 1, 1, 1, 1)[k])]
    s.start = 0
    start_round(s)
    settle(s)
    return s


TV17_DRAWN = [F] * 4 + [G] * 2 + [S] * 2 + [N] + [W] * 2 + [B] * 2


def test_tv17_advanced_colour_placement() -> None:
    s = advanced_round_start(3, TV17_DRAWN, [25] * 3, [10] * 3)
    play(s, "pass", "pass", "pass")
    assert s.phase == PH_DISCARD and s.actor == 0
    play(s, "discard grey")
    assert s.wheel_t == [M, L, R, M, L, R, M, L, R, M, ship("blue"), ship("red")]
    play(s, "colour yellow", "colour blue", "colour black", "colour green", "colour red")
    # C's boatman is forced (the last colour) and placed automatically.
    assert s.wheel_f == [B, N, S, S, W, W, F, F, F, F, G, G]
    assert s.phase == PH_TAKE and s.actor == 0
    assert 0 in takes(s)  # last boatman: the zero combination is takeable


def test_tv18_special_tile_eligibility() -> None:
    def state() -> State:
        s = empty_state(3, advanced=True, gold=20, vp=10)
        for p in range(3):
            board(s, p, "ships: c0=red c1=red c2=red\nrow1: L\nrow5: L")
        set_wheel(s, {1: (M, F), 3: (M, G), 6: (M, N), 11: (ship("red"), W)})
        s.display = [SP02, SP04, SP03, SP11]
        return s

    s = state()
    assert [price(s, i) for i in (1, 3, 6, 11)] == [0, 2, 5, 10]
    play(s, "take 11")
    assert s.phase == PH_SPECIAL and s.actor == 0
    assert legal(s) == [("special", 0), ("special", 1), ("special", 2), ("special", 3),
                        ("special", -1)]
    play(s, "special 1")
    assert s.sp[0][SP04] == 1 and s.display[1] == -1
    assert s.actor == 1
    play(s, "take 6", "tile 1 1")  # now the most expensive: player 1 may take one
    assert s.phase == PH_SPECIAL
    play(s, "special none")
    s = state()
    play(s, "take 6", "tile 1 1")
    assert s.phase == PH_TAKE and s.actor == 1  # price 5 < 10: no special tile
    s = state()
    set_wheel(s, {6: (M, N)})
    s.turn = 11
    play(s, "take 6", "tile 1 1")
    assert s.round == 2 and s.sp[0] == [0] * 14  # the zero combination never qualifies
    assert s.display == [SP02, SP04, SP03, SP11]


def auction(seq: list[str]) -> State:
    s = advanced_round_start(3, TV17_DRAWN, [12, 5, 20], [10, 3, 0])
    assert s.phase == 0 and s.actor == 0
    return play(s, *seq)


def test_tv19_start_player_auction() -> None:
    s = auction(["bid 0", "bid 2", "pass", "bid 3", "bid 8 -3vp", "pass"])
    assert s.start == 1 and s.phase == PH_DISCARD and s.actor == 1
    assert (s.gold[1], s.vp[1]) == (0, 0) and (s.gold[0], s.vp[0]) == (12, 10)
    s = auction(["pass", "pass", "pass"])
    assert s.start == 0 and s.phase == PH_DISCARD and s.gold[0] == 12
    s = auction(["pass", "pass"])
    assert s.actor == 2 and ("bid", 0) not in legal(s) and ("bid", 1) in legal(s)
    play(s, "bid 1")
    assert s.start == 2 and s.gold[2] == 19 and s.phase == PH_DISCARD
    s = auction(["pass", "pass", "pass"])
    assert s.start == 0
    s = auction(["bid 0"])
    assert ("bid", 9) not in legal(s) and ("bid", 8) in legal(s)
    s = auction(["pass"])
    assert min(a[1] for a in legal(s) if a[0] == "bid") == 1


# ---------------------------------------------------------------- TV-20 .. TV-22


TV20 = """
ships: c2=green
row2:  L  M+N  M+N  R+N
row3:  L  M+S  X+S  R+S
row4:  L  M+G  M+G  R+G
"""


def test_tv20_building_tile_sp11_scoring() -> None:
    s = empty_state(2, advanced=True)
    board(s, 0, TV20)
    assert scoring.sp11_score(s.ships[0], s.rows[0]) == 7
    s.ships[0] = [0, 0, 0]
    assert scoring.sp11_score(s.ships[0], s.rows[0]) == 9
    assert bd.completed_islands(s.rows[0]) == [4, 4, 4]  # SP11 counts as a middle


def test_tv21_forced_discard() -> None:
    rows = "\n".join(f"row{r}: L R" for r in range(1, 6))
    s = empty_state(2)
    board(s, 0, rows)
    board(s, 1, "row1: L")
    assert bd.island_cells(s.rows[0], M) == [] and bd.island_cells(s.rows[0], R) == []
    assert bd.island_cells(s.rows[0], L) == [(r, 2) for r in range(1, 6)]
    set_wheel(s, {0: (M, F), 5: (M, G), 11: (R, N)})
    play(s, "take 11")
    assert s.box_tiles == [R] and s.idle[0][N] == 1 and s.actor == 1


def test_tv22_majorities_with_zero_and_tiebreak() -> None:
    s = final(["row1: L R", "row2: L M"], [3, 1], [72, 74])
    a, b = s.log[-1]["seats"]
    assert a["f3_vp"] == b["f3_vp"] == 0
    assert a["f4_vp"] == 7 and a["f5_vp"] == 5 and b["f4_vp"] == 0 and b["f5_vp"] == 0
    s.vp = [74, 74]
    s.gold = [3, 1]
    s.phase = 10
    assert GAME.outcome(s).ranks == (1, 2)
    s.gold = [2, 2]
    assert GAME.outcome(s).ranks == (1, 1)
