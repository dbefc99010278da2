"""The worked examples of docs/rules/walhalla.md §7 (test vectors TV1 ... TV9 and their
variants), with the spec's numbers; each test is named after its example's label."""

from __future__ import annotations

import pytest

from tests.walhalla.helpers import (
    ANNA,
    BELA,
    CECIL,
    DENES,
    GAME,
    blank,
    end_raid,
    ledger,
    play,
    put,
    set_hand,
    set_pools,
    set_tile,
    sp,
    start_turn,
    texts,
)
from vikingcli.engine import IllegalAction
from vikingcli_walhalla import data as D
from vikingcli_walhalla.board import make_board
from vikingcli_walhalla.scoring import headland_strengths, majority_points, reinforcement
from vikingcli_walhalla.state import PH_COMMIT, PH_DEFEND, PH_INVITE, PH_OVER

# -- TV1: the rulebook's disembarking example ------------------------------------------------


def tv1_state(
    *,
    bela_cards: tuple[str, ...] = ("forest",),
    cecil_cards: tuple[str, ...] = ("village",),
    cecil_walhalla: int = 1,
    black_on_h1_1: bool = False,
):
    """TV1 start: raid 2, Anna to move, the board fragment of docs/rules/walhalla.md §7 TV1."""
    s = blank(4)
    s.raid = 2
    set_tile(s, 1, 1, 16, D.V1)  # T16 (V1 | W)
    set_tile(s, 1, 2, 4, D.S)  # T04 (S | V1)
    set_tile(s, 2, 1, 14, D.W)  # T14 (W | F3)
    set_tile(s, 2, 2, 17, D.V2)  # T17 (V2 | W)
    put(s, 1, 1, BELA if black_on_h1_1 else CECIL)
    put(s, 1, 3, ANNA)
    put(s, 2, 1, BELA)  # left on wheat from raid 1
    s.vp = [4, 2, 3, 0]
    set_pools(s, ANNA, midgard=5, walhalla=0)
    set_pools(s, BELA, midgard=4, walhalla=1)
    set_pools(s, CECIL, midgard=0, walhalla=cecil_walhalla)
    set_pools(s, DENES, midgard=3, walhalla=1)
    set_hand(s, ANNA, ["hunt"])
    set_hand(s, BELA, bela_cards)
    set_hand(s, CECIL, cecil_cards)
    s.turn_player = ANNA
    start_turn(s, 4)  # G04: front seat BLACK
    return s


def tv1_sail(s, sail_back: bool = False) -> None:
    """Steps 1-2: Béla joins, Anna fills middle+back, moors F2 berth 1 BOW_IN."""
    assert s.phase == PH_INVITE and GAME.to_move(s) == BELA
    play(s, "join")
    assert s.midgard[BELA] == 3
    play(s, "board middle+back")
    assert s.midgard[ANNA] == 3
    play(s, "moor f2 in")
    first = [] if sail_back else [(1, BELA)]  # a viking without target sailed back at once
    assert [(q, o) for _, q, o in s.queue] == [*first, (2, ANNA), (3, ANNA)]


def test_tv1_disembarking_example_from_the_rulebook() -> None:
    s = tv1_state()
    tv1_sail(s)
    # Step 3: Béla's seat @1 may only attack YELLOW on (H1,1).
    assert GAME.to_move(s) == BELA
    assert texts(s) == ["attack h1.1"]
    play(s, "attack h1.1")
    assert s.phase == PH_DEFEND and GAME.to_move(s) == CECIL
    assert texts(s) == ["lose", "win"]
    play(s, "lose")
    assert s.walhalla[CECIL] == 2
    # Step 4: Anna @2 may land on (H1,2) W or (H2,2) F3.
    assert GAME.to_move(s) == ANNA
    assert texts(s) == ["land h1.2", "land h2.2"]
    play(s, "land h2.2")
    assert texts(s) == ["no hunt", "hunt"]  # D7, she holds Hunt
    play(s, "no hunt")
    assert s.vp[ANNA] == 7
    # Step 5: Anna @3 may only land on (H2,3) V2.
    assert texts(s) == ["land h2.3"]
    play(s, "land h2.3")
    # Expected end state
    occupied = {i: o for i, o in enumerate(s.occ) if o >= 0}
    assert occupied == {
        sp(s, 1, 1): BELA,
        sp(s, 1, 3): ANNA,
        sp(s, 2, 1): BELA,
        sp(s, 2, 2): ANNA,
        sp(s, 2, 3): ANNA,
    }
    assert s.vp[:3] == [7, 2, 3]
    assert (s.midgard[ANNA], s.midgard[BELA]) == (3, 3)
    assert (s.walhalla[CECIL], s.walhalla[BELA]) == (2, 1)
    assert s.hands[ANNA][D.C_HUNT] == 1 and sum(s.hands[ANNA]) == 1
    assert s.hands[BELA][D.C_FOREST] == 1 and sum(s.hands[BELA]) == 1
    assert s.hands[CECIL][D.C_VILLAGE] == 1 and sum(s.hands[CECIL]) == 1
    assert s.turn_player == BELA  # the turn passed on


def test_tv1_hunt_would_give_10() -> None:
    s = tv1_state()
    tv1_sail(s)
    play(s, "attack h1.1", "lose", "land h2.2", "hunt")
    assert s.vp[ANNA] == 10
    assert s.hands[ANNA][D.C_HUNT] == 0 and s.discard[D.C_HUNT] == 1


def test_tv1b_cecil_chooses_win() -> None:
    s = tv1_state()
    tv1_sail(s)
    asgard_cecil = s.asgard[CECIL]
    play(s, "attack h1.1", "win")
    assert s.walhalla[CECIL] == 0
    assert s.asgard[CECIL] == asgard_cecil + 1
    assert s.walhalla[BELA] == 2
    assert s.occ[sp(s, 1, 1)] == CECIL


def test_tv1b_empty_walhalla_no_shield_only_lose() -> None:
    s = tv1_state(cecil_walhalla=0)
    tv1_sail(s)
    play(s, "attack h1.1")
    assert texts(s) == ["lose"]


def test_tv1b_attack_card_skips_the_defender() -> None:
    s = tv1_state(bela_cards=("forest", "attack"))
    tv1_sail(s)
    assert texts(s) == ["attack h1.1", "attack h1.1 card"]
    play(s, "attack h1.1 card")
    assert GAME.to_move(s) == ANNA  # no D6
    assert s.walhalla[CECIL] == 2
    assert s.occ[sp(s, 1, 1)] == BELA
    assert s.hands[BELA][D.C_ATTACK] == 0 and s.discard[D.C_ATTACK] == 1


def test_tv1b_shield_with_empty_walhalla() -> None:
    s = tv1_state(cecil_cards=("village", "shield"), cecil_walhalla=0)
    tv1_sail(s)
    asgard_cecil = s.asgard[CECIL]
    play(s, "attack h1.1")
    assert texts(s) == ["lose", "win shield"]
    play(s, "win shield")
    assert s.occ[sp(s, 1, 1)] == CECIL
    assert (s.walhalla[CECIL], s.asgard[CECIL]) == (0, asgard_cecil)
    assert s.walhalla[BELA] == 2
    assert s.hands[CECIL][D.C_SHIELD] == 0 and s.discard[D.C_SHIELD] == 1


def test_tv1b_sail_back_case() -> None:
    s = tv1_state(black_on_h1_1=True)
    tv1_sail(s, sail_back=True)
    # Béla's viking had no target and is back in Midgard; Anna disembarks next.
    assert s.midgard[BELA] == 4
    assert GAME.to_move(s) == ANNA
    assert texts(s) == ["land h1.2", "land h2.2"]


# -- TV2-TV4: headland scoring -------------------------------------------------------------------


def headland_fixture(viking_specs: dict[int, list[int]], inner: int, outer: int) -> list[int]:
    """Score H1 with capes inner/outer through the end of raid 1; each seat's list gives
    the village bonus of each of its vikings there (0 = not a village). Returns the H1
    points of the scoring log (checked against the scoring functions)."""
    s = blank(4)
    # H1 tiles: V1, V2 and plain spaces enough for the fixture.
    set_tile(s, 1, 1, 16, D.V1)  # V1 | W
    set_tile(s, 1, 2, 17, D.V2)  # V2 | W
    set_tile(s, 1, 3, 18, D.V1)  # V1 | W
    set_tile(s, 1, 4, 10, D.V2)  # V2 | F2
    set_tile(s, 1, 5, 7, D.S)  # S | W
    set_tile(s, 1, 6, 8, D.S)  # S | W
    villages = {1: [sp(s, 1, 1), sp(s, 1, 5)], 2: [sp(s, 1, 3), sp(s, 1, 7)]}
    plain = [sp(s, 1, p) for p in (2, 4, 6, 8, 9, 10, 11, 12)]
    s.capes = ((inner, outer), (3, 6), (4, 7))
    for seat, bonuses in viking_specs.items():
        for bonus in bonuses:
            space = villages[bonus].pop() if bonus else plain.pop()
            s.occ[space] = seat
            s.asgard[seat] -= 1
    strengths = headland_strengths(s, [[0, 0, 0]] * 4)[0]
    expected = majority_points(strengths, inner, outer)
    end_raid(s)  # nobody holds a card: the raid is scored at once
    scorings = GAME.observation(s, ANNA)["scorings"]
    scored = next(e["vp"] for e in scorings if e["scoring"] == "raid 1 H1")
    assert scored == expected
    return scored


def test_tv2_headland_scoring_example_1() -> None:
    # Anna 3 (one on V1) = 4, Dénes 2 = 2, Cecil 1 on V1 = 2, Béla 1 = 1; capes 5/7.
    pts = headland_fixture({ANNA: [1, 0, 0], DENES: [0, 0], CECIL: [1], BELA: [0]}, 5, 7)
    assert pts == [7, 0, 3, 3]


def test_tv3_headland_scoring_example_2() -> None:
    # Béla 3 (one V2) = 5, Dénes 2 (V1, V2) = 5, Cecil 2 = 2, Anna 0; capes 3/8.
    pts = headland_fixture({BELA: [2, 0, 0], DENES: [1, 2], CECIL: [0, 0]}, 3, 8)
    assert pts == [0, 6, 0, 6]


@pytest.mark.parametrize(
    ("strengths", "inner", "outer", "expected"),
    [
        ([3, 3, 3, 0], 4, 6, [4, 4, 4, 0]),
        ([5, 2, 2, 2], 4, 6, [6, 2, 2, 2]),
        ([1, 0, 0, 0], 3, 8, [8, 0, 0, 0]),
        ([2, 1, 0, 0], 5, 7, [7, 5, 0, 0]),
    ],
)
def test_tv4_more_headland_checks(strengths, inner, outer, expected) -> None:
    assert majority_points(strengths, inner, outer) == expected


def test_tv4_headland_card_without_vikings() -> None:
    """A has no viking on H1 but reveals Headland +2 naming it; B has one viking."""
    s = blank(4)
    s.capes = ((5, 7), (3, 6), (4, 8))
    set_tile(s, 1, 1, 7, D.S)  # plain shrine at (H1,1)
    put(s, 1, 1, BELA)
    set_hand(s, ANNA, ["headland"])
    end_raid(s)
    assert s.phase == PH_COMMIT and GAME.to_move(s) == ANNA
    assert texts(s) == ["play headland h1", "play headland h2", "play headland h3", "done"]
    play(s, "play headland h1")
    assert texts(s) == ["done"]
    play(s, "done")
    assert s.raid == 2  # revealed and scored (nobody else held a card)
    assert ledger(s)["raid 1 H1"] == (7, 5, 0, 0)


# -- TV5 / TV6: reinforcement and departure ------------------------------------------------


def test_tv5_reinforcement_example_from_the_rulebook() -> None:
    # order Anna, Béla, Cecil, Dénes
    assert reinforcement([2, 3, 2, 0], [9, 10, 8, 7]) == [8, 10, 8, 6]


def test_tv5_reinforcement_in_play() -> None:
    s = blank(4)
    for seat, (wal, asg) in enumerate([(2, 9), (3, 10), (2, 8), (0, 7)]):
        set_pools(s, seat, midgard=14 - wal - asg, walhalla=wal, asgard=asg)
    mid = s.midgard[:]
    end_raid(s)
    assert [s.midgard[p] - mid[p] for p in range(4)] == [8, 10, 8, 6]
    assert s.asgard == [1, 0, 0, 1]
    assert s.walhalla == [2, 3, 2, 0]  # m = 0, nobody leaves


def test_tv5_short_supply() -> None:
    assert reinforcement([2, 3, 2, 0], [9, 10, 8, 4]) == [8, 10, 8, 4]


def test_tv5_walhalla_plus_two() -> None:
    assert reinforcement([2, 3, 2, 0 + 2], [9, 10, 8, 7]) == [8, 10, 8, 7]
    s = blank(4)
    for seat, (wal, asg) in enumerate([(2, 9), (3, 10), (2, 8), (0, 7)]):
        set_pools(s, seat, midgard=14 - wal - asg, walhalla=wal, asgard=asg)
    set_hand(s, DENES, ["walhalla"])
    mid = s.midgard[:]
    end_raid(s)
    assert GAME.to_move(s) == DENES
    assert texts(s) == ["play walhalla", "done"]
    play(s, "play walhalla", "done")
    assert [s.midgard[p] - mid[p] for p in range(4)] == [8, 10, 8, 7]  # ranks 2, 1, 2, 2
    assert s.walhalla == [2, 3, 2, 0]  # departure uses actual counts: m = 0
    assert s.discard[D.C_WALHALLA] == 1


def test_tv5_walhalla_card_not_offered_in_raid_3() -> None:
    s = blank(4)
    s.raid = 3
    set_hand(s, DENES, ["walhalla"])
    end_raid(s)
    assert s.phase == PH_COMMIT and GAME.to_move(s) == DENES
    assert texts(s) == ["done"]
    play(s, "done")
    assert s.phase == PH_OVER


def test_tv6_departure_example_from_the_rulebook() -> None:
    s = blank(4)
    for seat, wal in enumerate([4, 3, 3, 2]):
        set_pools(s, seat, midgard=0, walhalla=wal, asgard=14 - wal)
    end_raid(s)
    assert s.walhalla == [2, 1, 1, 0]
    # reinforcement first (ranks 1,2,2,3 -> 10,8,8,6), then +2 each from Walhalla
    assert s.asgard == [10 - 10 + 2, 11 - 8 + 2, 11 - 8 + 2, 12 - 6 + 2]


# -- TV7: mooring ------------------------------------------------


def test_tv7_mooring_standard_board() -> None:
    b = make_board((6, 6, 6))
    assert b.max_berths == (4, 4, 4, 4)
    s = blank(4)
    positions = []
    for k in range(4):
        s.turn_player = ANNA
        set_pools(s, ANNA, midgard=5)
        start_turn(s, 1)  # G01, own colour: no invitation
        play(s, "board none")
        assert "moor f2 in" in texts(s)
        play(s, "moor f2 in")
        positions.append([b.seat_position(k, i, 0) for i in range(3)])
    assert positions == [[1, 2, 3], [4, 5, 6], [7, 8, 9], [10, 11, 12]]
    assert [g for g, _, _ in s.fjords[1]] == [1, 1, 1, 1]
    s.turn_player = ANNA
    start_turn(s, 2)
    play(s, "board none")
    assert not any(t.startswith("moor f2") for t in texts(s))  # berth 5 touches no land
    with pytest.raises(IllegalAction):
        GAME.parse_action(s, "moor f2 in")


def test_tv7_mooring_variant_5_7_6() -> None:
    b = make_board((5, 7, 6))
    assert b.max_berths[0] == 4  # F1 berth 4 (10-12) touches (H1,10)
    assert b.max_berths[1] == 5  # F2 berth 5 (13-15) touches H2's 13 and 14
    assert b.contacts[0][10] == (b.space(0, 10),)
    assert b.contacts[0][11] == () and b.contacts[0][12] == ()
    # A full galley in F1 berth 4: the vikings at 11 and 12 sail back to Midgard.
    s = blank(4, headlands="5,7,6")
    s.fjords[0] = [(5, 0, (-1, -1, -1))] * 3
    set_pools(s, ANNA, midgard=5)
    s.turn_player = ANNA
    start_turn(s, 2)  # G02, RED middle seat: all three seats are Anna's
    play(s, "board front+middle+back")
    assert s.midgard[ANNA] == 2
    play(s, "moor f1 in")
    assert texts(s) == ["land h1.10"]
    play(s, "land h1.10")
    if D.FOREST_VP[s.stype[sp(s, 1, 10)]]:
        play(s, "no hunt")  # ruling C6: asked of every forest occupier
    assert s.midgard[ANNA] == 4
    assert s.occ[sp(s, 1, 10)] == ANNA


# -- TV8: wheat, cards and final scoring ------------------------------------------------


def test_tv8_wheat_cards_end_of_raid_2() -> None:
    s = blank(4)
    s.raid = 2
    set_tile(s, 1, 1, 13, D.F2)  # F2 | W
    set_tile(s, 1, 2, 14, D.F3)  # F3 | W
    put(s, 1, 2, ANNA)  # wheat (left standing since raid 1)
    put(s, 1, 4, ANNA)  # wheat
    put(s, 1, 1, ANNA)  # forest
    set_hand(s, ANNA, ["wheat", "forest"])
    end_raid(s)
    play(s, "play forest", "play wheat", "done")
    led = ledger(s)
    assert led["raid 2 cards"][ANNA] == 3
    assert led["raid 2 wheat"][ANNA] == 4
    assert led["raid 2 cards"][ANNA] + led["raid 2 wheat"][ANNA] == 7


def test_tv8_final_occupation() -> None:
    s = blank(4)
    s.raid = 3
    for p in (1, 2, 3, 4, 5):
        put(s, 2, p, ANNA)
    end_raid(s)
    assert s.phase == PH_OVER
    assert ledger(s)["final occupation"] == (5, 0, 0, 0)
    out = GAME.outcome(s)
    assert out.breakdown["final occupation"] == [5, 0, 0, 0]
    assert sum(v[ANNA] for k, v in out.breakdown.items() if k != "total") == s.vp[ANNA]


@pytest.mark.parametrize(
    ("walhalla", "expected"),
    [
        ([5, 5, 3, 1], [5, 5, 0, 0]),
        ([6, 4, 4, 2], [6, 2, 2, 0]),
        ([3, 3, 3, 0], [4, 4, 4, 0]),
        ([2, 0, 0, 0], [6, 0, 0, 0]),
    ],
)
def test_tv8_final_walhalla_majority(walhalla, expected) -> None:
    s = blank(4)
    s.raid = 3
    for seat, w in enumerate(walhalla):
        set_pools(s, seat, walhalla=w)
    end_raid(s)
    assert ledger(s)["final walhalla"] == tuple(expected)


# -- TV9: card sale ------------------------------------------------


def tv9_state(score: int):
    s = blank(4)
    set_pools(s, BELA, midgard=0, asgard=3, walhalla=11)
    s.vp[BELA] = score
    set_hand(s, BELA, ["hunt", "shield"])
    s.turn_player = ANNA
    set_pools(s, ANNA, midgard=5)
    start_turn(s, 4)  # G04: front seat BLACK
    return s


def test_tv9_card_sale() -> None:
    s = tv9_state(5)
    assert GAME.to_move(s) == BELA
    assert texts(s) == ["decline", "join sell hunt", "join sell shield"]
    play(s, "join sell hunt")
    assert sum(s.hands[BELA]) == 1
    assert s.vp[BELA] == 4
    assert s.asgard[BELA] == 2
    assert s.midgard[BELA] == 0
    assert s.seats == [BELA, -1, -1]
    assert s.sale_vp[BELA] == -1


def test_tv9_no_sale_with_zero_vp() -> None:
    s = tv9_state(0)
    assert texts(s) == ["decline"]


def test_tv9_active_player_sells_for_extra_seats() -> None:
    s = blank(4)
    set_pools(s, ANNA, midgard=1, asgard=2, walhalla=11)
    s.vp[ANNA] = 3
    set_hand(s, ANNA, ["hunt", "hunt", "shield"])
    s.turn_player = ANNA
    start_turn(s, 1)  # G01: RED front seat, all three are Anna's
    got = texts(s)
    assert "board front+middle+back sell hunt+hunt" in got
    assert "board front+middle+back sell hunt+shield" in got
    assert "board front+middle+back sell shield+shield" not in got
    play(s, "board front+middle+back sell hunt+shield")
    assert (s.midgard[ANNA], s.asgard[ANNA], s.vp[ANNA]) == (0, 0, 1)
    assert s.hands[ANNA][D.C_HUNT] == 1 and sum(s.hands[ANNA]) == 1
