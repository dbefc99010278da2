"""Setup (docs/rules/graenaland.md §3): the fresh state, the advanced start-placement
draft with its relocations (D2, D3) and keeping one victory card (D4)."""

from __future__ import annotations

import random
from collections.abc import Mapping

from vikingcli.engine import shuffle
from vikingcli_graenaland import data as D
from vikingcli_graenaland.data import BOARDS, WL
from vikingcli_graenaland.rules.common import A_NORELOC, draw
from vikingcli_graenaland.rules.rounds import start_round
from vikingcli_graenaland.state import (
    BM_NORMAL,
    PH_BUILD,
    PH_DRAFT,
    PH_RELOC,
    PH_VCKEEP,
    Action,
    State,
)


def new_state(n_players: int, options: Mapping[str, str], seed: int) -> State:
    """A fresh game (§3); ``options`` holds every option (``Game.resolve_options``)."""
    if not 3 <= n_players <= 5:
        raise ValueError("Graenaland needs 3 to 5 players")
    n = n_players
    bd = BOARDS[n]
    npv = bd.np
    rnd = random.Random(seed)
    st = State.__new__(State)
    st.n = n
    st.advanced = options["setup"] == "advanced"
    st.cards = options["victory"] == "cards"
    st.permission = options["permission"] == "on" and n == 5
    st.round_limit = int(options["rounds"])
    st.round = 1
    st.start = 0
    st.phase = PH_BUILD
    st.actor = 0
    st.wcount = 0
    st.left_road, st.left_market, st.left_rampart = D.WORK_MARKERS
    st.oidx = st.offer_x = st.vidx = st.yes = st.total = 0
    st.bseat = 0
    st.bmode = BM_NORMAL
    st.supply_taken = st.joint_used = st.perm_used = False
    st.pend_kind = st.pend_t = st.pend_p = 0
    st.pend_joint = False
    st.hero_type = st.hero_p = st.joint_w = st.joint_p = st.cidx = 0
    st.winner = -1
    st.end_reason = ""
    st.didx = st.reloc_p = st.reloc_stage = st.reloc_mover = 0
    st.vil = [0] * (npv * n)
    st.bld = [-1] * (npv * 3)
    st.hero = [-1] * (n * 3)
    st.wait = [-1] * (n * 3)
    st.wseq = [0] * (n * 3)
    st.army = [1] * n
    st.road = [0] * npv
    st.market = [0] * npv
    st.rampart = [0] * npv
    st.impr = [0] * npv
    st.up = [0] * (npv * 5)
    st.disc = [0] * D.NKIND
    st.mcommit = [-1] * n
    st.ocls, st.oelig, st.oalloc, st.voters, st.vvotes = [], [], [], [], []
    st.mkt_used = [0] * npv
    st.req = [0, 0, 0, 0]
    st.fee = []
    st.final_queue = []
    st.vc = [-1] * n
    st.ccommit = [-1] * n
    st.dorder = []
    st.vote_log = []
    st.down = [[] for _ in range(npv)]
    st.hand = [[0] * D.NKIND for _ in range(n)]
    st.shand = [[] for _ in range(n)]
    st.contrib = [[0] * D.NKIND for _ in range(n)]
    st.arrivals = [[] for _ in range(npv)]
    st.vc_dealt = [[] for _ in range(n)]
    st.claim_plan = [None] * n
    st.offer_log = []
    st.claim_cache = [None] * n
    st.legal_cache = None
    # decks (top = end of list)
    st.decks = []
    for d in range(4):
        deck = [r for r in range(5) for _ in range(D.DECK_CONTENTS[d][r])]
        shuffle(rnd, deck)
        st.decks.append(deck)
    st.sdeck = list(range(16))
    shuffle(rnd, st.sdeck)
    st.srow = [st.sdeck.pop() for _ in range(D.SUPPLY_ROW)]
    st.sdisc = []
    vcdeck = list(range(20))
    shuffle(rnd, vcdeck)
    st.rng = rnd.getrandbits(62)
    if st.cards:
        for s in range(n):
            st.vc_dealt[s] = [vcdeck.pop() for _ in range(D.VC_DEALT)]
    if st.advanced:
        for p in range(bd.k):
            for _ in range(2):
                c = draw(st, bd.terrain[p])
                if c >= 0:
                    st.down[p].append(c)
        st.dorder = list(range(n)) + list(range(n - 1, -1, -1))
        st.didx = 0
        st.phase = PH_DRAFT
        st.actor = st.dorder[0]
    else:
        for s in range(n):
            st.vil[bd.start[s][0] * n + s] += 1
            st.vil[bd.start[s][1] * n + s] += 1
            st.hero[s * 3 + WL] = bd.start[s][0]
        for s in range(n):
            for p in bd.start[s]:
                d = bd.terrain[p]
                c = draw(st, d)
                if c >= 0:
                    st.hand[s][d * 5 + c] += 1
        after_setup(st)
    return st


def after_setup(st: State) -> None:
    if st.cards:
        st.phase = PH_VCKEEP
        st.actor = 0
    else:
        start_round(st)


# -- the start-placement draft (D2) and relocation (D3) ---------------------------------


def legal_draft(st: State) -> list[Action]:
    s = st.actor
    n = st.n
    k = st.board.k
    second = st.didx >= n
    acts: list[Action] = [("place", p) for p in range(k) if not (second and st.vil[p * n + s])]
    if st.didx == 2 * n - 2:  # protection of the last placer (§3.2 step 5)
        last = st.dorder[-1]
        ok = []
        for a in acts:
            p = a[1]
            fine = False
            for q in range(k):
                cnt = sum(st.vil[q * n : q * n + n]) + (q == p)
                own_last = st.vil[q * n + last]
                if cnt == 0 or (cnt == 1 and own_last == 0):
                    fine = True
                    break
            if fine:
                ok.append(a)
        if ok:
            acts = ok
    return acts


def take_setup_card(st: State, s: int, p: int) -> None:
    if st.down[p]:
        c = st.down[p].pop()
        st.hand[s][st.board.terrain[p] * 5 + c] += 1


def next_draft(st: State) -> None:
    st.didx += 1
    if st.didx < len(st.dorder):
        st.phase = PH_DRAFT
        st.actor = st.dorder[st.didx]
        return
    bd = st.board
    for p in range(bd.k):  # §3.2 step 6: leftover face-down cards are discarded
        d = bd.terrain[p]
        for c in st.down[p]:
            st.disc[d * 5 + c] += 1
        st.down[p] = []
    after_setup(st)


def apply_draft(st: State, a: Action) -> None:
    s = st.actor
    n = st.n
    p = a[1]
    first_round = st.didx < n
    before = sum(st.vil[p * n : p * n + n])
    st.vil[p * n + s] += 1
    st.arrivals[p].append(s)
    if first_round:
        st.hero[s * 3 + WL] = p
    if before < 2:
        take_setup_card(st, s, p)
        next_draft(st)
        return
    st.reloc_p = p
    st.reloc_stage = 0
    st.reloc_mover = s
    st.phase = PH_RELOC
    st.actor = st.arrivals[p][0]


def legal_reloc(st: State) -> list[Action]:
    s = st.actor
    n = st.n
    acts = [A_NORELOC]
    for q in range(st.board.k):
        crowd = sum(st.vil[q * n : q * n + n])
        if q != st.reloc_p and st.vil[q * n + s] == 0 and crowd <= 1:
            acts.append(("reloc", q))
    return acts


def apply_reloc(st: State, a: Action) -> None:
    s = st.actor
    n = st.n
    p = st.reloc_p
    if a[0] == "reloc":
        q = a[1]
        st.vil[p * n + s] -= 1
        st.arrivals[p].remove(s)
        st.vil[q * n + s] += 1
        st.arrivals[q].append(s)
        take_setup_card(st, s, q)
        next_draft(st)
        return
    st.reloc_stage += 1
    if st.reloc_stage == 1 and st.arrivals[p][1] != st.reloc_mover:
        st.actor = st.arrivals[p][1]
        return
    next_draft(st)


# -- victory cards (D4) -----------------------------------------------------------------


def legal_vckeep(st: State) -> list[Action]:
    return [("vc", c) for c in st.vc_dealt[st.actor]]


def apply_vckeep(st: State, a: Action) -> None:
    s = st.actor
    st.vc[s] = a[1]
    if s + 1 < st.n:
        st.actor = s + 1
    else:
        start_round(st)
