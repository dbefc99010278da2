"""The worked examples of docs/rules/graenaland.md §7 (T1 ... T9), one test per example,
named after its label; they drive the game through its public interface where the example
allows (production, hero-move reveal and claim resolution call their rules function)."""

from __future__ import annotations

from typing import Any

import pytest

from vikingcli_graenaland import data as D
from vikingcli_graenaland.data import (
    AU,
    FORT,
    HALL,
    MARKET,
    PR,
    RAMPART,
    SK,
    TEMPLE,
    WL,
    G,
    L,
    O,
    W,
)
from vikingcli_graenaland.game import GraenalandGame
from vikingcli_graenaland.rules.claims import resolve_claims
from vikingcli_graenaland.rules.common import hres
from vikingcli_graenaland.rules.moves import resolve_moves
from vikingcli_graenaland.rules.rounds import produce
from vikingcli_graenaland.rules.votes import votes, votes_all
from vikingcli_graenaland.scoring import card_vp, conditions, measures
from vikingcli_graenaland.state import (
    BM_NORMAL,
    PH_BUILD,
    PH_MOVE,
    PH_OFFER,
    PH_OVER,
    PH_PAY,
    PH_VOTE,
    STAY,
    State,
)

GAME = GraenalandGame()

# province ids per board (coastal Ci = i-1, inland Ij = k + j - 1)
C1, C2, C3, C4, C5 = 0, 1, 2, 3, 4


def inland(n: int, j: int) -> int:
    return D.BOARDS[n].k + j - 1


def blank(n: int, **opts: str) -> State:
    """An empty board: no settlements, heroes, hands or lying cards; lead p1 building."""
    st = GAME.new_state(n, GAME.resolve_options(opts), 7)
    npv = st.board.np
    st.vil = [0] * (npv * n)
    st.bld = [-1] * (npv * 3)
    st.hero = [-1] * (n * 3)
    st.wait = [-1] * (n * 3)
    st.up = [0] * (npv * 5)
    st.down = [[] for _ in range(npv)]
    st.hand = [[0] * D.NKIND for _ in range(n)]
    st.shand = [[] for _ in range(n)]
    st.phase = PH_BUILD
    st.start = st.actor = st.bseat = 0
    st.bmode = BM_NORMAL
    st.mkt_used = [0] * npv
    st.legal_cache = None
    return st


def give(st: State, s: int, *res: int) -> None:
    """Put resource cards into seat ``s``'s hand (from a deck that has that resource)."""
    for r in res:
        d = next(d for d in range(4) if D.DECK_CONTENTS[d][r])
        st.hand[s][d * 5 + r] += 1


def lead_build(st: State, s: int) -> None:
    st.start = st.actor = st.bseat = s
    st.phase = PH_BUILD
    st.bmode = BM_NORMAL
    st.supply_taken = st.joint_used = st.perm_used = False
    st.mkt_used = [0] * st.board.np
    st.legal_cache = None


def run_vote(st: State, offerer: int, x: int, yes_seats: set[int]) -> bool:
    """``offerer`` offers every card at ``x`` to itself; ``yes_seats`` vote yes."""
    st.start = (offerer - 1) % st.n
    st.phase = PH_OFFER
    st.oidx = 0
    st.actor = offerer
    GAME.apply(st, ("offer", x))
    while st.phase != PH_VOTE:
        GAME.apply(st, ("to", offerer))
    while st.phase == PH_VOTE:
        GAME.apply(st, ("yes",) if st.actor in yes_seats else ("no",))
    return bool(st.offer_log[-1][5])


# ---------------------------------------------------------------------------------
# T1 votes
# ---------------------------------------------------------------------------------

YELLOW, RED, WHITE, PURPLE, BLUE = 0, 1, 2, 3, 4


def t1_state(priest: bool = False) -> State:
    st = blank(5)
    x = C3
    st.rampart[x] = 1
    st.vil[x * 5 + YELLOW] = 1
    st.vil[x * 5 + RED] = 1
    st.hero[RED * 3 + WL] = x
    st.army[RED] = 1
    st.hero[WHITE * 3 + WL] = x
    st.army[WHITE] = 3
    st.hero[PURPLE * 3 + SK] = x
    st.hero[BLUE * 3 + WL] = x
    st.army[BLUE] = 1
    if priest:
        st.hero[YELLOW * 3 + PR] = x
    st.up[x * 5 + G] = 1
    return st


def test_t1_1_rampart_example() -> None:
    st = t1_state()
    assert votes_all(st, C3) == [1, 2, 2, 3, 0]
    assert sum(votes_all(st, C3)) == 8
    # eligibility: yellow, red, white, purple may be named; blue may not offer on X
    st = t1_state()
    st.phase = PH_OFFER
    st.actor = YELLOW
    GAME.apply(st, ("offer", C3))
    assert list(GAME.legal_actions(st)) == [
        ("to", YELLOW),
        ("to", RED),
        ("to", WHITE),
        ("to", PURPLE),
    ]
    st2 = t1_state()
    st2.phase = PH_OFFER
    st2.actor = BLUE
    assert ("offer", C3) not in GAME.legal_actions(st2)
    # vote results: {purple, red} pass, {purple, yellow} fail, {red, white, yellow} pass
    for yes, passed in (
        ({PURPLE, RED}, True),
        ({PURPLE, YELLOW}, False),
        ({RED, WHITE, YELLOW}, True),
    ):
        st = t1_state()
        assert run_vote(st, YELLOW, C3, yes) is passed
        log = st.offer_log[-1]
        assert log[4] == 8
        assert log[3] == sum(votes(st, s, C3) for s in yes)


def test_t1_2_priest_added() -> None:
    st = t1_state(priest=True)
    assert votes_all(st, C3) == [1, 1, 0, 4, 0]
    assert run_vote(st, YELLOW, C3, {PURPLE}) is True
    assert st.offer_log[-1][3:] == (4, 6, 1)
    st = t1_state(priest=True)
    st.phase = PH_OFFER
    st.actor = YELLOW
    GAME.apply(st, ("offer", C3))
    assert list(GAME.legal_actions(st)) == [("to", YELLOW), ("to", RED), ("to", PURPLE)]


def t1_3p(rampart: bool, priest: bool = True) -> State:
    st = blank(3)
    x = C2
    st.rampart[x] = int(rampart)
    st.vil[x * 3 + 0] = 1
    st.hero[0 * 3 + WL] = x
    st.army[0] = 2
    if priest:
        st.hero[1 * 3 + PR] = x
        st.hero[2 * 3 + SK] = x
    return st


def test_t1_3_three_players_no_rampart() -> None:
    st = t1_3p(False)
    assert votes_all(st, C2) == [1, 1, 3]
    st.up[C2 * 5 + G] = 1
    assert run_vote(st, 0, C2, {2}) is True  # 3 of 5
    assert st.offer_log[-1][3:] == (3, 5, 1)


def test_t1_4_three_players_rampart() -> None:
    st = t1_3p(True)
    assert votes_all(st, C2) == [1, 0, 2]
    st.up[C2 * 5 + G] = 1
    assert run_vote(st, 0, C2, {2}) is True  # 2 of 3
    assert st.offer_log[-1][3:] == (2, 3, 1)


def test_t1_5_three_players_no_priest() -> None:
    st = t1_3p(False, priest=False)
    assert votes(st, 0, C2) == 4
    st = t1_3p(True, priest=False)
    assert votes(st, 0, C2) == 3


def test_t1_6_tie_fails() -> None:
    st = blank(4)
    st.vil[C2 * 4 + 0] = 2
    st.vil[C2 * 4 + 1] = 2
    st.up[C2 * 5 + W] = 1
    assert run_vote(st, 0, C2, {0}) is False
    assert st.offer_log[-1][3:] == (2, 4, 0)
    assert st.up[C2 * 5 + W] == 1  # the card stays


# ---------------------------------------------------------------------------------
# T2 production
# ---------------------------------------------------------------------------------


def t2_state(x_card: int, before: int) -> State:
    st = blank(4)
    p = C1  # PLAIN_A, improvement grain
    assert st.board.tiles[p].ident == "PLAIN_A"
    st.vil[p * 4 + 0] = 1
    st.vil[p * 4 + 1] = 1
    st.road[p] = 1
    st.impr[p] = 1
    st.up[p * 5 + O] = before
    st.decks[D.PLAIN] = [G, G, G, x_card, O, L]  # top = end: L, O, x, ...
    st.disc = [0] * D.NKIND
    return st


def test_t2_1_improvement_match() -> None:
    st = t2_state(G, 0)
    produce(st)
    assert st.up[0:5] == [1, 1, 0, 0, 0]  # L and G face up
    assert st.down[C1] == [O]
    assert len(st.decks[D.PLAIN]) == 3


def test_t2_2_improvement_no_match() -> None:
    st = t2_state(L, 0)
    produce(st)
    assert st.up[0:5] == [0, 1, 0, 0, 0]
    assert st.down[C1] == [O]
    assert st.disc[D.PLAIN * 5 + L] == 1
    assert len(st.decks[D.PLAIN]) == 3


def test_t2_3_cap_reached_no_reveal() -> None:
    st = t2_state(G, 1)
    produce(st)
    assert sum(st.up[0:5]) + len(st.down[C1]) == 3
    assert st.up[L] == 1 and st.down[C1] == [O]
    assert len(st.decks[D.PLAIN]) == 4
    assert sum(st.disc) == 0


def test_t2_4_one_card() -> None:
    st = t2_state(G, 2)
    produce(st)
    assert sum(st.up[0:5]) + len(st.down[C1]) == 3
    assert st.up[L] == 1 and st.down[C1] == []
    assert len(st.decks[D.PLAIN]) == 5


def test_t2_5_nothing() -> None:
    st = t2_state(G, 3)
    produce(st)
    assert sum(st.up[0:5]) == 3 and st.down[C1] == []
    assert len(st.decks[D.PLAIN]) == 6


def test_t2_6_unpopulated_with_road() -> None:
    st = blank(4)
    st.road[C2] = 1
    before = [len(d) for d in st.decks]
    produce(st)
    assert sum(st.up) == 0 and not any(st.down)
    assert [len(d) for d in st.decks] == before


def test_t2_7_forest_road() -> None:
    st = blank(4)
    p = C2
    assert st.board.tiles[p].ident == "FOREST_A"
    st.vil[p * 4 + 0] = 1
    st.road[p] = 1
    st.decks[D.FOREST] = [G, W]
    produce(st)
    assert st.up[p * 5 : p * 5 + 5] == [0, 0, 1, 0, 0]
    assert st.down[p] == [G]


def test_t2_8_draw_order_across_provinces() -> None:
    st = blank(5)
    i3 = inland(5, 3)
    assert st.board.tiles[i3].ident == "FOREST_IN"
    assert st.board.tiles[C5].ident == "FOREST_B"
    st.vil[C2 * 5 + 0] = 1
    st.vil[i3 * 5 + 1] = 1
    st.decks[D.FOREST] = [G, W]
    produce(st)
    assert st.up[C2 * 5 + W] == 1
    assert st.up[i3 * 5 + G] == 1
    # with C5 populated it takes the G before I3
    st = blank(5)
    st.vil[C2 * 5 + 0] = 1
    st.vil[i3 * 5 + 1] = 1
    st.vil[C5 * 5 + 2] = 1
    st.decks[D.FOREST] = [W, G, W]
    produce(st)
    assert st.up[C5 * 5 + G] == 1
    assert st.up[i3 * 5 + W] == 1


# ---------------------------------------------------------------------------------
# payment helpers (T3, T4)
# ---------------------------------------------------------------------------------


def pays(st: State, s: int, start: tuple[Any, ...]) -> bool:
    """Is ``start`` legal and does its payment use up the whole hand exactly?"""
    if start not in GAME.legal_actions(st):
        return False
    GAME.apply(st, start)
    while st.phase == PH_PAY:
        GAME.apply(st, GAME.legal_actions(st)[0])
    assert st.phase == PH_BUILD
    return sum(st.hand[s]) == 0 and not st.shand[s]


def army_state(*res: int, forts: tuple[int, ...] = (C2, C1)) -> State:
    st = blank(4)
    s = 0
    st.vil[C3 * 4 + s] = 1
    for p in forts:
        st.bld[p * 3 + FORT] = s
    give(st, s, *res)
    lead_build(st, s)
    return st


def army_payable(*res: int, forts: tuple[int, ...] = (C2, C1)) -> bool:
    """Some army variant accepts exactly this payment."""
    for x in (G, L, W, O):
        st = army_state(*res, forts=forts)
        if pays(st, 0, ("army", x)):
            assert st.army[0] == 2
            return True
    return False


@pytest.mark.parametrize(
    ("payment", "legal"),
    [
        ((G, O, L), True),
        ((G, O, W), True),
        ((G, G, G, G, O), True),
        ((AU, O, L), True),
        ((G, AU, W), True),
        ((G, O, O), False),
        ((G, W, L), False),
    ],
    ids=["G_O_L", "G_O_W", "4G_O", "Au_O_L", "G_Au_W", "G_O_O_illegal", "G_W_L_illegal"],
)
def test_t3_1_army_payments(payment: tuple[int, ...], legal: bool) -> None:
    assert army_payable(*payment) is legal


def test_t3_2_no_fort_peasant_only() -> None:
    st = army_state(G, G, G, G, O, forts=())
    assert [a for a in GAME.legal_actions(st) if a[0] == "army"] == [("army", G)]
    assert army_payable(G, G, G, G, O, forts=()) is True
    assert army_payable(G, G, G, AU, O, forts=()) is True
    assert army_payable(G, O, L, forts=()) is False


def test_t3_3_hills_fort() -> None:
    assert army_payable(G, O, O, forts=(C4,)) is True  # C4 = HILLS_CO on 4 players


def test_t3_4_army_twice() -> None:
    st = army_state(G, O, L, G, O, L, forts=(C1,))
    for _ in range(2):
        GAME.apply(st, ("army", L))
        while st.phase == PH_PAY:
            GAME.apply(st, GAME.legal_actions(st)[0])
    assert st.army[0] == 3
    assert sum(st.hand[0]) == 0


def village_state(*res: int, supply: tuple[int, ...] = (), market: bool = False) -> State:
    st = blank(4)
    s = 0
    st.vil[C2 * 4 + s] = 1  # next to C1 = PLAIN_A
    if market:
        st.market[C2] = 1
    give(st, s, *res)
    st.shand[s] = sorted(supply)
    lead_build(st, s)
    st.srow = []
    return st


S03, S09, S10, S11 = 2, 8, 9, 10


def test_t4_1_market_example() -> None:
    st = village_state(W, W, L, G, market=True)
    assert D.TILES["PLAIN_A"].village == (0, 2, 2, 0)
    assert pays(st, 0, ("village", C1))
    assert st.vil[C1 * 4] == 1
    assert st.mkt_used[C2] == 1
    st = village_state(W, W, L, G)
    assert ("village", C1) not in GAME.legal_actions(st)  # without the market


def test_t4_2_supply_w_l() -> None:
    assert pays(village_state(W, L, supply=(S10,)), 0, ("village", C1))


def test_t4_3_supply_w_w() -> None:
    assert pays(village_state(L, L, supply=(S11,)), 0, ("village", C1))


def test_t4_4_supply_icon_lost() -> None:
    st = village_state(W, L, L, supply=(S09,))
    assert pays(st, 0, ("village", C1))
    assert st.sdisc[-1] == S09


def test_t4_5_supply_cannot_be_split() -> None:
    st = village_state(W, L, G, G, W, W, supply=(S10,))
    GAME.apply(st, ("village", C1))
    GAME.apply(st, ("supply", S10))
    assert st.req == [0, 1, 1, 0]  # both icons went into this village
    assert st.shand[0] == []  # nothing of S10 is left for a hall


def test_t4_6_supply_through_market() -> None:
    st = village_state(W, W, L, supply=(S03,), market=True)
    GAME.apply(st, ("village", C1))
    for a in (("pay", W), ("pay", W), ("pay", L)):
        GAME.apply(st, a)
    assert list(GAME.legal_actions(st)) == [("mkts", S03, L)]
    GAME.apply(st, ("mkts", S03, L))
    assert st.phase == PH_BUILD and st.vil[C1 * 4] == 1


# ---------------------------------------------------------------------------------
# T5 placement and buildings (4-player board)
# ---------------------------------------------------------------------------------

RICH = (G, L, W, O) * 8 + (AU,) * 4


def test_t5_1_village_adjacency() -> None:
    st = blank(4)
    red = 1
    st.vil[C1 * 4 + red] = 1
    give(st, red, *RICH)
    lead_build(st, red)
    vill = {a[1] for a in GAME.legal_actions(st) if a[0] == "village"}
    assert vill == {C1, C2, inland(4, 1)}
    assert not vill & {C3, inland(4, 2), inland(4, 3)}


def test_t5_2_building_needs_village() -> None:
    st = blank(4)
    red = 1
    st.bld[C2 * 3 + FORT] = red
    give(st, red, *RICH)
    lead_build(st, red)
    assert ("build", TEMPLE, C2) not in GAME.legal_actions(st)
    assert ("build", HALL, C2) not in GAME.legal_actions(st)


def test_t5_3_mountain() -> None:
    st = blank(4)
    red = 1
    i1 = inland(4, 1)
    assert st.board.tiles[i1].ident == "MOUNT_A"
    st.vil[C1 * 4 + red] = 1
    st.vil[i1 * 4 + red] = 1
    give(st, red, *RICH)
    lead_build(st, red)
    acts = GAME.legal_actions(st)
    assert not [a for a in acts if a[0] == "build" and a[2] == i1]
    assert ("village", i1) in acts
    assert sum(st.board.tiles[i1].village) == 6
    assert {a[1] for a in acts if a[0] == "work" and a[2] == i1} == {0, 1, 2, 3}


def test_t5_4_rampart_fee() -> None:
    st = blank(4)
    red, blue, yellow = 1, 2, 3
    st.rampart[C3] = 1
    st.vil[C3 * 4 + blue] = 2
    st.vil[C3 * 4 + yellow] = 1
    st.vil[C2 * 4 + red] = 1
    assert D.TILES["PLAIN_B"].village == (0, 1, 2, 1)
    give(st, red, W, W, L, O, G, G)
    lead_build(st, red)
    before = [sum(h) for h in st.hand]
    GAME.apply(st, ("village", C3))
    while st.phase != PH_BUILD:
        GAME.apply(st, GAME.legal_actions(st)[0])
    after = [sum(h) for h in st.hand]
    assert before[red] - after[red] == 6
    assert after[blue] == before[blue] + 1
    assert after[yellow] == before[yellow] + 1
    assert st.vil[C3 * 4 + red] == 1
    # the second village pays no fee
    give(st, red, W, W, L, O)
    GAME.apply(st, ("village", C3))
    assert st.phase == PH_PAY
    while st.phase != PH_BUILD:
        GAME.apply(st, GAME.legal_actions(st)[0])
    assert [sum(h) for h in st.hand] == [0, 0, 1, 1]


def test_t5_5_waiting_priest() -> None:
    st = blank(4)
    red = 1
    st.vil[C2 * 4 + red] = 1
    st.hero[red * 3 + WL] = C2
    give(st, red, L, L, W, G, O)
    lead_build(st, red)
    GAME.apply(st, ("build", TEMPLE, C2))
    while st.phase != PH_BUILD:
        GAME.apply(st, GAME.legal_actions(st)[0])
    assert st.hero[red * 3 + PR] == -1
    assert st.wait[red * 3 + PR] == C2
    GAME.apply(st, ("end",))
    assert st.phase == PH_MOVE
    while st.phase == PH_MOVE:
        GAME.apply(st, ("mv", WL, 1) if st.actor == red else ("stay",))  # E
    assert st.phase == PH_OFFER
    assert st.hero[red * 3 + WL] == C3
    assert st.hero[red * 3 + PR] == C2
    assert st.wait[red * 3 + PR] == -1


# ---------------------------------------------------------------------------------
# T6 hero movement (5-player board)
# ---------------------------------------------------------------------------------

DIR = {name: i for i, name in enumerate(D.DIR_NAME)}


def move(hero_at: dict[int, int], h: int, d: str) -> list[int]:
    st = blank(5)
    red = 1
    for hh, p in hero_at.items():
        st.hero[red * 3 + hh] = p
    st.mcommit = [-1] * 5
    st.mcommit[red] = h * 8 + DIR[d]
    resolve_moves(st)
    return st.hero[red * 3 : red * 3 + 3]


def test_t6_1_warlord_c1_west_stays() -> None:
    assert move({WL: C1}, WL, "w")[WL] == C1
    # an impossible move is not even offered
    st = blank(5)
    st.hero[1 * 3 + WL] = C1
    st.phase = PH_MOVE
    st.start = 0
    st.actor = 1
    acts = GAME.legal_actions(st)
    assert ("mv", WL, DIR["w"]) not in acts
    assert ("mv", WL, DIR["ship_e"]) in acts
    assert acts[0] == ("stay",)


def test_t6_2_warlord_c2_ship_east() -> None:
    assert move({WL: C2}, WL, "ship_e")[WL] == C4


def test_t6_3_warlord_c4_ship_east_stays() -> None:
    assert move({WL: C4}, WL, "ship_e")[WL] == C4


def test_t6_4_skald_inland_cannot_sail() -> None:
    assert move({SK: inland(5, 1)}, SK, "ship_w")[SK] == inland(5, 1)


def test_t6_5_priest_i2_southeast() -> None:
    assert move({PR: inland(5, 2)}, PR, "se")[PR] == C3


def test_t6_6_warlord_c3_northeast() -> None:
    assert move({WL: C3}, WL, "ne")[WL] == inland(5, 3)


def test_t6_7_swap() -> None:
    assert move({WL: C2, PR: C3}, WL, "e") == [C3, C2, -1]


def test_t6_8_lead_has_no_move() -> None:
    st = GAME.new_state(5, GAME.resolve_options({}), 3)
    assert st.phase == PH_MOVE
    seen = []
    while st.phase == PH_MOVE:
        seen.append(st.actor)
        GAME.apply(st, ("stay",))
    assert seen == [1, 2, 3, 4]
    # revealed: the moves stay public until the next round's commitments
    assert st.mcommit == [-1, STAY, STAY, STAY, STAY] and STAY == 24


# ---------------------------------------------------------------------------------
# T7 victory
# ---------------------------------------------------------------------------------


def t7_state(n: int = 5) -> State:
    st = blank(n, victory="cards")
    s = 0
    st.vil[C1 * n + s] = 2
    st.bld[C1 * 3 + FORT] = s
    st.bld[C1 * 3 + TEMPLE] = s
    st.bld[C1 * 3 + HALL] = s
    st.vil[C2 * n + s] = 2
    st.vil[inland(n, 1) * n + s] = 1
    st.army[s] = 3
    return st


def test_t7_1_advanced_card_example() -> None:
    st = t7_state()
    m = measures(st, 0)
    assert m == (8, 2, 5, 3, 3)
    assert card_vp(2, 5, m) == [2, 0, 1, 2, 1]  # VC03
    assert sum(card_vp(2, 5, m)) == 6
    assert sum(card_vp(0, 5, m)) == 6  # VC01
    assert card_vp(4, 5, m) == [1, 1, 3, 1, 1]  # VC05
    assert sum(card_vp(9, 5, m)) == 6  # VC10
    assert card_vp(9, 5, m) == [1, 0, 1, 2, 2]
    # 6 VP: the lead wins after its build
    st = t7_state()
    st.vc = [2, 0, 0, 0, 0]
    lead_build(st, 0)
    GAME.apply(st, ("end",))
    assert st.winner == 0
    while st.phase != PH_OVER:
        GAME.apply(st, ("end",))
    out = GAME.outcome(st)
    assert out.end_reason == "rules"
    assert out.ranks[0] == 1 and out.scores[0] == 6.0


def test_t7_2_basic_sheet() -> None:
    st = t7_state()
    assert conditions(st, 0) == (True, False, True, True, True)
    st3 = t7_state(3)
    assert conditions(st3, 0) == (True, False, True, True, True)
    st = blank(4)
    st.vil = t7_state(4).vil
    st.bld = t7_state(4).bld
    st.army[0] = 3
    lead_build(st, 0)
    GAME.apply(st, ("end",))
    assert st.winner == 0
    assert st.final_queue == [2, 3] and st.actor == 1  # final builds from the left


def claim_winner(claims: dict[int, int]) -> int:
    st = blank(5, victory="cards")
    st.start = 1  # seat 2
    st.ccommit = [0] * 5
    for s, v in claims.items():
        st.ccommit[s] = v
    st.claim_plan = [()] * 5
    resolve_claims(st)
    return st.winner


def test_t7_3_claim_resolution() -> None:
    assert claim_winner({3: 7, 4: 7}) == 3
    assert claim_winner({3: 7, 4: 7, 1: 7}) == 1
    assert claim_winner({3: 7, 4: 8}) == 4


# ---------------------------------------------------------------------------------
# T8 offer count
# ---------------------------------------------------------------------------------


def count_offers(st: State) -> set[tuple[int, ...]]:
    if st.phase != PH_VOTE and len(st.oalloc) < len(st.ocls):
        out: set[tuple[int, ...]] = set()
        n_paths = 0
        for a in GAME.legal_actions(st):
            c = st.clone()
            GAME.apply(c, a)
            sub = count_offers(c)
            n_paths += len(sub)
            out |= sub
        assert n_paths == len(out)  # every offer is reached by one path only
        return out
    return {tuple(st.oalloc)}


def test_t8_offer_count() -> None:
    st = blank(4)
    x = C2
    st.vil[x * 4 + 0] = 2
    st.vil[x * 4 + 1] = 1
    st.up[x * 5 + G] = 2
    st.up[x * 5 + W] = 1
    st.down[x] = [L]
    st.phase = PH_OFFER
    st.actor = 0
    GAME.apply(st, ("offer", x))
    assert len(count_offers(st)) == 12


# ---------------------------------------------------------------------------------
# T9 initial state
# ---------------------------------------------------------------------------------


def test_t9_initial_state() -> None:
    st = GAME.new_state(4, GAME.resolve_options({}), 11)
    bd = st.board
    assert [t.ident for t in bd.tiles[:4]] == ["PLAIN_A", "FOREST_A", "PLAIN_B", "HILLS_CO"]
    expect = {C1: {0: 1, 3: 1}, C2: {1: 1, 0: 1}, C3: {2: 1, 1: 1}, C4: {3: 1, 2: 1}}
    for p, owners in expect.items():
        for s in range(4):
            assert st.vil[p * 4 + s] == owners.get(s, 0)
    assert [st.hero[s * 3 + WL] for s in range(4)] == [C1, C2, C3, C4]
    assert votes(st, 0, C1) == 2 and votes(st, 3, C1) == 1
    assert [sum(h) for h in st.hand] == [2, 2, 2, 2]
    assert hres(st.hand[0])[4] == 0
    # seat 1 drew one plain and one forest card
    assert sum(st.hand[0][0:5]) == 1 and sum(st.hand[0][5:10]) == 1
    assert len(st.srow) == 4 and st.army == [1, 1, 1, 1]
    # round 1 production: one face-up card on each coastal province, none inland
    for p in range(4):
        assert sum(st.up[p * 5 : p * 5 + 5]) == 1 and not st.down[p]
    for p in range(4, 7):
        assert sum(st.up[p * 5 : p * 5 + 5]) == 0
    while st.phase == PH_MOVE:
        GAME.apply(st, ("stay",))
    order = []
    while st.phase == PH_OFFER:
        order.append(st.actor)
        GAME.apply(st, ("pass",))
    assert order == [1, 2, 3]
    assert st.phase == PH_BUILD and st.actor == 0
    assert MARKET == 1 and RAMPART == 2
