"""Flows beyond the worked examples of docs/rules/graenaland.md §7: advanced setup, joint
works, permission, claims, the round limit, action texts, hidden information and the
heuristic."""

from __future__ import annotations

import random

import pytest

from vikingcli.engine import IllegalAction
from vikingcli_graenaland import data as D
from vikingcli_graenaland.data import AU, FORT, HALL, ROAD, TEMPLE, WL, G, L, O, W
from vikingcli_graenaland.game import GraenalandGame
from vikingcli_graenaland.rules.common import hres
from vikingcli_graenaland.rules.moves import place_waiting
from vikingcli_graenaland.scoring import vp
from vikingcli_graenaland.state import (
    BM_NORMAL,
    PH_BUILD,
    PH_CLAIM,
    PH_CONTRIB,
    PH_DRAFT,
    PH_JOINT,
    PH_MOVE,
    PH_OFFER,
    PH_OVER,
    PH_PAY,
    PH_RELOC,
    PH_VCKEEP,
    State,
)

GAME = GraenalandGame()
C1, C2, C3, C4, C5 = 0, 1, 2, 3, 4


def new(n: int, **opts: str) -> State:
    return GAME.new_state(n, GAME.resolve_options(opts), 5)


def give(st: State, s: int, *res: int) -> None:
    for r in res:
        d = next(d for d in range(4) if D.DECK_CONTENTS[d][r])
        st.hand[s][d * 5 + r] += 1
        d_deck = st.decks[d]
        d_deck.remove(r)  # keep the card census exact
    st.legal_cache = None


def to_build(st: State) -> None:
    """Play passes/stays until the lead's build phase."""
    while st.phase in (PH_MOVE, PH_OFFER):
        GAME.apply(st, ("stay",) if st.phase == PH_MOVE else ("pass",))


# -- advanced setup -------------------------------------------------------------------


def test_advanced_setup_overcrowding_and_relocation() -> None:
    st = new(3, setup="advanced")
    assert st.phase == PH_DRAFT and [len(st.down[p]) for p in range(3)] == [2, 2, 2]
    GAME.apply(st, ("place", C1))
    GAME.apply(st, ("place", C1))
    assert [sum(h) for h in st.hand] == [1, 1, 0]
    GAME.apply(st, ("place", C1))  # third village: no card, first arrival may move
    assert sum(st.hand[2]) == 0
    assert st.phase == PH_RELOC and st.actor == 0
    assert list(GAME.legal_actions(st)) == [("noreloc",), ("reloc", C2), ("reloc", C3)]
    GAME.apply(st, ("reloc", C2))
    assert st.vil[C1 * 3 + 0] == 0 and st.vil[C2 * 3 + 0] == 1
    assert st.hero[0 * 3 + WL] == C1  # only the village moves (R20)
    assert sum(st.hand[0]) == 2 and len(st.down[C2]) == 1
    # round 2 in reverse order: p3, p2, then p1 last
    assert st.phase == PH_DRAFT and st.actor == 2
    GAME.apply(st, ("place", C2))
    assert st.actor == 1
    # p2 is second-to-last: it must leave p1 a province with <= 1 village not p1's
    # p2 already has a village in C1; both others leave p1 a free spot
    assert list(GAME.legal_actions(st)) == [("place", C2), ("place", C3)]
    GAME.apply(st, ("place", C3))
    assert st.actor == 0
    GAME.apply(st, ("place", C3))
    assert st.phase == PH_MOVE
    assert all(not d for d in st.down)  # leftover face-down cards discarded


def test_last_placer_protection() -> None:
    st = new(3, setup="advanced")
    for p in (C2, C1, C3):  # round 1: p1 C2, p2 C1, p3 C3
        GAME.apply(st, ("place", p))
    GAME.apply(st, ("place", C1))  # round 2: p3 joins p2 in C1
    assert st.actor == 1
    # p2 in C3 would leave p1 only crowded provinces or its own (C2): forbidden
    assert list(GAME.legal_actions(st)) == [("place", C2)]


def test_victory_cards_keep_one() -> None:
    st = new(4, victory="cards")
    assert st.phase == PH_VCKEEP and st.actor == 0
    dealt = list(st.vc_dealt[0])
    assert len(dealt) == 3
    assert list(GAME.legal_actions(st)) == [("vc", c) for c in dealt]
    obs1 = GAME.observation(st, 1)
    assert len(obs1["victory_cards_dealt"]) == 3  # its own three
    assert obs1["seats"][0]["victory_card"] is None
    assert GAME.observation(st, 0)["victory_cards_dealt"] == [f"VC{c + 1:02d}" for c in dealt]
    for _ in range(4):
        GAME.apply(st, GAME.legal_actions(st)[1])
    assert st.vc[0] == dealt[1] and st.phase == PH_MOVE


# -- joint works and permission ----------------------------------------------------------


def test_joint_work_contributions() -> None:
    st = new(4)
    to_build(st)
    assert st.actor == 0
    for s in range(4):
        st.hand[s] = [0] * D.NKIND
    st.legal_cache = None
    give(st, 0, W, O)
    give(st, 1, W, L, G)
    give(st, 2, G)
    GAME.apply(st, ("joint", ROAD, C1))
    assert st.phase == PH_CONTRIB and st.actor == 1
    GAME.apply(st, ("give", W))
    GAME.apply(st, ("give", L))
    GAME.apply(st, ("give", G))
    GAME.apply(st, ("done",))
    assert st.actor == 2
    GAME.apply(st, ("give", G))
    GAME.apply(st, ("done",))
    GAME.apply(st, ("done",))  # p4 gives nothing
    assert st.phase == PH_JOINT and st.actor == 0
    assert list(GAME.legal_actions(st)) == [("complete",), ("abandon",)]
    GAME.apply(st, ("complete",))
    assert st.phase == PH_PAY
    # road 2 W + O + L + G: W from p1 and p2, O own, L and G from contributions
    for a in (("pay", W), ("cpay", W, 1), ("pay", O), ("cpay", L, 1), ("cpay", G, 2)):
        GAME.apply(st, a)
    assert st.phase == PH_BUILD and st.road[C1] == 1
    assert [sum(h) for h in st.hand] == [0, 1, 0, 0]  # p2's unused G came back
    assert hres(st.hand[1])[G] == 1
    acts = GAME.legal_actions(st)
    assert not [a for a in acts if a[0] in ("joint", "permit")]


def test_joint_work_abandon_returns_cards() -> None:
    st = new(4)
    to_build(st)
    before = [list(h) for h in st.hand]
    GAME.apply(st, ("joint", ROAD, C1))
    while st.phase == PH_CONTRIB:
        acts = GAME.legal_actions(st)
        GAME.apply(st, acts[0])
        if st.phase == PH_CONTRIB and acts[0] != ("done",):
            GAME.apply(st, ("done",))
    GAME.apply(st, ("abandon",))
    assert st.hand == before and st.phase == PH_BUILD and st.joint_used


def test_permission_five_players() -> None:
    st = new(5, permission="on")
    to_build(st)
    give(st, 2, W, W, L, O)
    acts = GAME.legal_actions(st)
    assert [a for a in acts if a[0] == "permit"] == [("permit", s) for s in (1, 2, 3, 4)]
    GAME.apply(st, ("permit", 2))
    assert st.actor == 2 and st.bmode != BM_NORMAL
    acts = GAME.legal_actions(st)
    assert ("nothing",) in acts and ("end",) not in acts
    assert not [a for a in acts if a[0] in ("take", "joint", "permit")]
    GAME.apply(st, ("village", C4))  # p3 has a village in C4 = PLAIN_B: 2 W + L + O
    while st.phase == PH_PAY:
        GAME.apply(st, GAME.legal_actions(st)[0])
    assert st.actor == 0 and st.bmode == BM_NORMAL and st.vil[C4 * 5 + 2] == 2
    acts = GAME.legal_actions(st)
    assert not [a for a in acts if a[0] in ("joint", "permit")]


def test_permission_off_with_four_players() -> None:
    st = new(4, permission="on")
    to_build(st)
    assert not [a for a in GAME.legal_actions(st) if a[0] == "permit"]


# -- claims -------------------------------------------------------------------------------


def test_claim_with_plan_wins() -> None:
    st = new(5, victory="cards")
    for _ in range(5):
        GAME.apply(st, GAME.legal_actions(st)[0])
    st.vc[3] = 3  # VC04: light S and A
    n = 5
    st.vil[C4 * n + 3] = 4
    st.vil[C5 * n + 3] = 2
    st.bld[C4 * 3 + FORT] = 3  # PLAIN_B fort: army costs G + O + L
    st.army[3] = 3
    st.legal_cache = None
    assert vp(st, 3) == 4  # S 7 -> 1, P 2 -> 0, D 5 -> 1, B 1 -> 0, A 3 -> 2
    give(st, 3, W, W, L, O, G, O, L)  # a village in C4 (S 8) and one army step (A 4)
    before = vp(st, 3)
    while st.phase in (PH_MOVE, PH_OFFER):
        GAME.apply(st, ("stay",) if st.phase == PH_MOVE else ("pass",))
    assert st.phase == PH_CLAIM
    while st.actor != 3:
        GAME.apply(st, ("noclaim",))
    acts = GAME.legal_actions(st)
    assert before < 6
    claims = [a for a in acts if a[0] == "claim"]
    assert claims and claims[0] == ("claim", 6)
    GAME.apply(st, claims[-1])
    while st.phase == PH_CLAIM:
        GAME.apply(st, ("noclaim",))
    assert st.winner == 3
    assert vp(st, 3) >= claims[-1][1]
    while st.phase != PH_OVER:
        GAME.apply(st, ("end",))
    out = GAME.outcome(st)
    assert out.ranks[3] == 1 and out.end_reason == "rules"


# -- round limit, texts, hidden information, heuristic --------------------------------------


def test_round_limit_ends_the_game() -> None:
    st = new(3, rounds="2")
    while st.phase != PH_OVER:
        acts = GAME.legal_actions(st)
        a = ("end",) if ("end",) in acts else acts[0]
        GAME.apply(st, a)
    assert st.round == 3
    out = GAME.outcome(st)
    assert out.end_reason == "round limit" and out.breakdown["winner"] is None
    assert out.breakdown["rounds"] == 2


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (("mv", WL, 3), "wl ne"),
        (("offer", C3), "offer C3"),
        (("to", 1), "to p2"),
        (("build", TEMPLE, C2), "temple C2"),
        (("build", HALL, 5), "hall I2"),
        (("army", G), "army peasant"),
        (("army", L), "army L"),
        (("work", ROAD, C1), "road C1"),
        (("joint", 3, C1), "joint improve C1"),
        (("mkts", 2, L), "mkt S03 L"),
        (("mkt", G, W), "mkt G W"),
        (("gold", O), "gold O"),
        (("take", 9), "take S10"),
        (("vc", 2), "keep VC03"),
    ],
)
def test_action_texts(action: tuple[object, ...], text: str) -> None:
    st = new(4)
    assert GAME.format_action(st, action) == text


def test_parse_rejects_with_a_readable_message() -> None:
    st = new(4)
    with pytest.raises(IllegalAction, match="legal: stay"):
        GAME.parse_action(st, "fly to the moon")
    assert GAME.parse_action(st, "  STAY ") == ("stay",)


def test_observation_hides_hands_and_commitments() -> None:
    st = new(4)
    GAME.apply(st, ("mv", WL, 0))  # p2 commits a move
    obs = GAME.observation(st, 2)
    assert obs["seats"][1]["hero_move"] is True  # committed, not shown
    # p1's card backs: one plain, one forest
    assert obs["seats"][0]["cards"] == {"plain": 1, "forest": 1, "hills": 0, "mountain": 0}
    mine = obs["hand"]
    assert [mine[d][r] for d in D.DECK_NAME for r in D.RES_LETTER] == st.hand[2]
    assert all(isinstance(x, int) for x in obs["decks"].values())
    det = GAME.determinize(st, 2, random.Random(1))
    assert GAME.observation(det, 2) == obs
    assert det.mcommit[2] == -1 and det.mcommit[1] >= 0


def test_evaluate_prefers_progress() -> None:
    st = new(4)
    base = GAME.evaluate(st, 0)
    st.army[0] = 3
    assert GAME.evaluate(st, 0) > base + 0.6  # V5 met (from 1/3 to full credit)
    st2 = new(4)
    give(st2, 0, W, W)
    assert GAME.evaluate(st2, 0) > GAME.evaluate(new(4), 0)
    st3 = new(4)
    st3.bld[C1 * 3 + FORT] = 0
    st3.bld[C1 * 3 + TEMPLE] = 0
    assert GAME.evaluate(st3, 0) > base + 0.9  # V4 met
    assert AU == 4


# -- priest / skald placement (§4.4, R19, R33) ----------------------------------------------


def temple_state() -> State:
    st = new(4)
    to_build(st)
    st.vil[C1 * 4 + 0] = 1  # p1: villages in C1 (warlord), C2 and C3
    st.vil[C3 * 4 + 0] = 1
    st.legal_cache = None
    return st


def build_temple(st: State, p: int) -> None:
    give(st, 0, L, L, W, G, O)
    GAME.apply(st, ("build", TEMPLE, p))
    while st.phase == PH_PAY:
        GAME.apply(st, GAME.legal_actions(st)[0])


def test_later_temple_may_move_the_priest() -> None:
    st = temple_state()
    build_temple(st, C2)
    assert st.hero[0 * 3 + 1] == C2  # first temple: the priest enters at once
    build_temple(st, C3)
    assert list(GAME.legal_actions(st)) == [("hero", 1), ("hero", 0)]
    GAME.apply(st, ("hero", 1))
    assert st.hero[0 * 3 + 1] == C3 and st.phase == PH_BUILD


def test_waiting_priest_retargeted_enters_at_once() -> None:
    st = temple_state()
    build_temple(st, C1)  # the warlord stands in C1: the priest waits
    assert st.wait[0 * 3 + 1] == C1 and st.hero[0 * 3 + 1] == -1
    build_temple(st, C2)  # R19: re-target; no hero of p1 in C2, so it enters now
    GAME.apply(st, ("hero", 1))
    assert st.hero[0 * 3 + 1] == C2 and st.wait[0 * 3 + 1] == -1


def test_priest_and_skald_waiting_for_one_province() -> None:
    st = temple_state()
    build_temple(st, C1)
    give(st, 0, W, W, G, G, L)
    GAME.apply(st, ("build", HALL, C1))
    while st.phase == PH_PAY:
        GAME.apply(st, GAME.legal_actions(st)[0])
    assert st.wait[0 * 3 + 1] == C1 and st.wait[0 * 3 + 2] == C1
    st.hero[0] = C2  # the warlord leaves C1
    place_waiting(st)
    assert st.hero[0 * 3 + 1] == C1  # the temple came first (R33)
    assert st.hero[0 * 3 + 2] == -1 and st.wait[0 * 3 + 2] == C1


def test_determinize_is_canonical_and_conserves_totals() -> None:
    """determinize depends only on the seat's observation (and the RNG)."""
    import orjson

    for opts in ({}, {"setup": "advanced", "victory": "cards"}):
        st = GAME.new_state(5, GAME.resolve_options(opts), 9)
        rng = random.Random(9)
        totals = GAME.component_totals(st)
        for step in range(600):
            if GAME.to_move(st) is None:
                break
            if step % 25 == 0:
                seat = GAME.to_move(st)
                assert seat is not None
                b = GAME.determinize(st, seat, random.Random(step))
                assert GAME.component_totals(b) == totals
                x = GAME.determinize(st, seat, random.Random(5))
                y = GAME.determinize(b, seat, random.Random(5))
                assert orjson.dumps(GAME.to_json(x)) == orjson.dumps(GAME.to_json(y))
            acts = GAME.legal_actions(st)
            GAME.apply(st, acts[rng.randrange(len(acts))])
            assert GAME.component_totals(st) == totals


def test_views() -> None:
    st = new(4)
    assert GAME.view(st, 0, "votes").splitlines()[1].split()[:5] == ["C1", "2", "0", "0", "1"]
    assert "village C1 (PLAIN_A): 2L 2W" in GAME.view(st, 0, "costs")
    assert GAME.view(st, 0, "nonsense") is None
