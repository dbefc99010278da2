"""Graenaland rules: setup, legal actions, apply, scoring (spec rules/graenaland.md).

Every decision of spec §6 is a small action; big choices are split into several small
ones so that no list ever has to hold every combination:

* an offer (D6) is ``offer X`` followed by one ``to pN`` per card lying at X, cards in
  class order G, L, W, O, Au, hidden; within a class the recipients are given in
  non-decreasing order of the eligible seats (listed from the offerer clockwise),
  so every distinct count split (the spec's
  offer encoding) is reached by exactly one path;
* a payment (§4.1) is one source at a time (``pay W``, ``gold W``, ``supply S10``,
  ``mkt G L`` ...); only sources that keep the rest of the cost payable are offered,
  so a started build always completes;
* a joint-work contribution (D10) is one card at a time (``give W`` ... ``done``).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from vikingcli.engine import Action, Game, IllegalAction, Option, Outcome, ranks_from_keys
from vikingcli_graenaland import data as D
from vikingcli_graenaland.data import (
    AU,
    BOARDS,
    BUILDING_COST,
    HALL,
    MARKET,
    PR,
    RAMPART,
    ROAD,
    SK,
    SUPPLY,
    TEMPLE,
    WL,
    WORK_COST,
    G,
)
from vikingcli_graenaland.state import (
    BM_FINAL,
    BM_NORMAL,
    BM_PERMIT,
    K_ARMY,
    K_BUILDING,
    K_VILLAGE,
    K_WORK,
    PH_ALLOC,
    PH_BUILD,
    PH_CLAIM,
    PH_CONTRIB,
    PH_DRAFT,
    PH_FEE,
    PH_HERO,
    PH_JOINT,
    PH_MOVE,
    PH_OFFER,
    PH_OVER,
    PH_PAY,
    PH_RELOC,
    PH_VCKEEP,
    PH_VOTE,
    GState,
)

STAY = 24  # hero-move commitment "no move"; otherwise hero * 8 + direction
HIDDEN = 5  # offer card class of a face-down card

A_PASS = ("pass",)
A_YES = ("yes",)
A_NO = ("no",)
A_STAY = ("stay",)
A_END = ("end",)
A_NOTHING = ("nothing",)
A_DONE = ("done",)
A_COMPLETE = ("complete",)
A_ABANDON = ("abandon",)
A_NOCLAIM = ("noclaim",)
A_NORELOC = ("noreloc",)


# ---------------------------------------------------------------------------------
# small helpers on the state
# ---------------------------------------------------------------------------------


def own_settlements(st: GState, s: int, p: int) -> int:
    """Settlements (villages + buildings) of seat ``s`` in province ``p``."""
    b = st.bld
    i = p * 3
    return st.vil[p * st.n + s] + (b[i] == s) + (b[i + 1] == s) + (b[i + 2] == s)


def total_settlements(st: GState, p: int) -> int:
    """Settlements of all colours in ``p``."""
    n = st.n
    b = st.bld
    i = p * 3
    return sum(st.vil[p * n : p * n + n]) + (b[i] >= 0) + (b[i + 1] >= 0) + (b[i + 2] >= 0)


def cards_at(st: GState, p: int) -> int:
    return sum(st.up[p * 5 : p * 5 + 5]) + len(st.down[p])


def votes(st: GState, s: int, p: int) -> int:
    """THE vote count of seat ``s`` in province ``p`` (spec §4 Phase 3).

    Used by offers (eligibility), votes (block weight) and render."""
    n = st.n
    v = own_settlements(st, s, p)
    hero = st.hero
    base = s * 3
    bonus = 1 if n == 3 else 0
    ramp = st.rampart[p]
    if hero[base + WL] == p:
        priest_here = False
        for o in range(n):
            if hero[o * 3 + PR] == p:
                priest_here = True
                break
        h = 0 if priest_here else st.army[s] + bonus
        if ramp and (n == 3 or v == 0) and h > 0:
            h -= 1
    elif hero[base + PR] == p:
        h = bonus
        if ramp and n == 3 and h > 0:
            h -= 1
    elif hero[base + SK] == p:
        h = bonus - 1  # the skald itself is not counted
        for i in range(n * 3):
            if hero[i] == p:
                h += 1
        if ramp and n == 3 and h > 0:
            h -= 1
    else:
        h = 0
    return v + h


def votes_all(st: GState, p: int) -> list[int]:
    return [votes(st, s, p) for s in range(st.n)]


def hres(hand: list[int]) -> list[int]:
    """Resource counts (G, L, W, O, Au) of a hand of card kinds."""
    return [hand[r] + hand[5 + r] + hand[10 + r] + hand[15 + r] for r in range(5)]


def take_res(hand: list[int], r: int) -> int:
    """Remove one card of resource ``r`` (lowest deck first); return its kind."""
    for k in (r, 5 + r, 10 + r, 15 + r):
        if hand[k]:
            hand[k] -= 1
            return k
    raise AssertionError("no such card")


def _rand(st: GState) -> random.Random:
    r = random.Random(st.rng)
    st.rng = r.getrandbits(62)
    return r


def draw(st: GState, d: int) -> int:
    """Top card (resource) of deck ``d``; reshuffles the discard pile (§1.4); -1 if
    both are empty (R15)."""
    deck = st.decks[d]
    if not deck:
        disc = st.disc
        for r in range(5):
            c = disc[d * 5 + r]
            if c:
                deck.extend([r] * c)
                disc[d * 5 + r] = 0
        if not deck:
            return -1
        _rand(st).shuffle(deck)
    return deck.pop()


def draw_supply(st: GState) -> int:
    if not st.sdeck:
        if not st.sdisc:
            return -1
        st.sdeck = st.sdisc
        st.sdisc = []
        _rand(st).shuffle(st.sdeck)
    return st.sdeck.pop()


def measures(st: GState, s: int) -> tuple[int, int, int, int, int]:
    """(S settlements, P provinces with >= 2, D max in one province, B buildings, A army)."""
    S = P = Dm = 0
    for p in range(st.board.np):
        c = own_settlements(st, s, p)
        S += c
        if c >= 2:
            P += 1
        if c > Dm:
            Dm = c
    B = st.bld.count(s)
    return (S, P, Dm, B, st.army[s])


def conditions(st: GState, s: int) -> tuple[bool, bool, bool, bool, bool]:
    """Basic victory sheet V1..V5 (§1.7)."""
    S, P, Dm, B, A = measures(st, s)
    bt = D.V_BUILDINGS_3P if st.n == 3 else D.V_BUILDINGS
    return (S >= D.V_SETTLEMENTS, P >= D.V_PROVINCES2, Dm >= D.V_DOMINATED, bt <= B, A >= D.V_ARMY)


def card_vp(card: int, n: int, m: Sequence[int]) -> list[int]:
    """VP per column of victory card ``card`` for measures ``m``."""
    th = D.victory_card_thresholds(card, n)
    return [sum(1 for t in th[c] if m[c] >= t) for c in range(5)]


def vp(st: GState, s: int) -> int:
    if st.vc[s] < 0:
        return 0
    return sum(card_vp(st.vc[s], st.n, measures(st, s)))


def score_of(st: GState, s: int) -> int:
    """Current score: conditions met (basic) or VP (victory cards)."""
    return vp(st, s) if st.cards else sum(conditions(st, s))


def houses_left(st: GState, s: int) -> int:
    n = st.n
    used = st.bld.count(s) + sum(st.vil[p * n + s] for p in range(st.board.np))
    return D.SETTLEMENT_HOUSES - used


def markets_avail(st: GState, s: int) -> list[int]:
    """Provinces whose market seat ``s`` may still use in this build phase."""
    if st.bmode == BM_PERMIT:
        return []
    return [
        p
        for p in range(st.board.np)
        if st.market[p] and not st.mkt_used[p] and own_settlements(st, s, p) > 0
    ]


def can_pay(
    req: Sequence[int],
    h: Sequence[int],
    con: Sequence[int] | None,
    sup: Sequence[int],
    mk: int,
) -> bool:
    """Can requirement ``req`` (G, L, W, O) be covered (§4.1)?

    ``h`` own resource counts (with gold), ``con`` contributed counts (joint work) or
    None, ``sup`` own supply card ids, ``mk`` market substitutions left.

    For each choice of the supply cards used for their icons (the others may be
    market fodder), requirements are covered first by sources that could do nothing
    else (icons, contributed cards), then by own cards of the same type; an own card
    not needed that way is market fodder; gold and markets cover the rest. Using an
    own card directly is never worse than using it as fodder (both cover one
    requirement, fodder also spends a market), so this decides every case."""
    gold = h[4] + (con[4] if con is not None else 0)
    m = len(sup)
    if m == 0 or mk == 0:
        masks: Sequence[int] = ((1 << m) - 1,)  # without markets every icon can only help
    elif m > 6:  # keep it cheap: all as icons, or all as fodder
        masks = (0, (1 << m) - 1)
    else:
        masks = range(1 << m)
    for mask in masks:
        free = [0, 0, 0, 0] if con is None else [con[0], con[1], con[2], con[3]]
        used = 0
        for i in range(m):
            if mask >> i & 1:
                a, b = SUPPLY[sup[i]]
                free[a] += 1
                free[b] += 1
                used += 1
        need = 0
        spare = m - used
        for r in range(4):
            q = req[r] - free[r]
            if q <= 0:
                spare += h[r]
                continue
            hr = h[r]
            if hr >= q:
                spare += hr - q
            else:
                need += q - hr
        if need <= gold + (mk if mk < spare else spare):
            return True
    return False


def can_start(req: Sequence[int], fee: int, h: list[int], sup: Sequence[int], mk: int) -> bool:
    """Can ``fee`` rampart-fee cards be given and then ``req`` be paid?"""
    if fee == 0:
        return can_pay(req, h, None, sup, mk)
    if sum(h) < fee:
        return False
    for t in range(5):
        if h[t]:
            h[t] -= 1
            ok = can_start(req, fee - 1, h, sup, mk)
            h[t] += 1
            if ok:
                return True
    return False


def distinct_supply(sup: Sequence[int]) -> list[int]:
    """One supply card id per distinct icon content (lowest id), in id order."""
    seen: set[tuple[int, int]] = set()
    out = []
    for sid in sorted(sup):
        a, b = SUPPLY[sid]
        key = (a, b) if a <= b else (b, a)
        if key not in seen:
            seen.add(key)
            out.append(sid)
    return out


def fee_recipients(st: GState, s: int, p: int) -> list[int]:
    """Players owed a rampart entry fee if ``s`` founds a village in ``p`` (§4.3)."""
    if not st.rampart[p] or own_settlements(st, s, p) > 0:
        return []
    return [o for o in range(st.n) if o != s and own_settlements(st, o, p) > 0]


def village_allowed(st: GState, s: int, p: int) -> bool:
    if own_settlements(st, s, p) > 0:
        return True
    return any(own_settlements(st, s, q) > 0 for q in st.board.neighbours[p])


def work_available(st: GState, w: int, p: int) -> bool:
    if w == ROAD:
        return not st.road[p] and st.left_road > 0
    if w == MARKET:
        return not st.market[p] and st.left_market > 0
    if w == RAMPART:
        return not st.rampart[p] and st.left_rampart > 0
    return not st.impr[p]


def army_variants(st: GState, s: int) -> list[int]:
    """Third army resource choices: G = peasant (3 G), else a fort resource owned."""
    out = [G]
    tiles = st.board.tiles
    for p in range(st.board.np):
        if st.bld[p * 3] == s:
            fr = tiles[p].fort_resource
            if fr not in out:
                out.append(fr)
    out.sort()
    return out


def contrib_totals(st: GState) -> list[int]:
    tot = [0, 0, 0, 0, 0]
    for c in st.contrib:
        for r, x in enumerate(hres(c)):
            tot[r] += x
    return tot


# ---------------------------------------------------------------------------------
# action texts
# ---------------------------------------------------------------------------------

RL = {r.lower(): i for i, r in enumerate(D.RES_LETTER)}


def _seat(s: int) -> str:
    return f"p{s + 1}"


def action_text(st: GState, a: tuple[Any, ...]) -> str:
    names = st.board.names
    op = a[0]
    if len(a) == 1:
        return op
    if op == "mv":
        return f"{D.HERO_TEXT[a[1]]} {D.DIR_NAME[a[2]]}"
    if op in ("offer", "place", "reloc", "village"):
        return f"{op} {names[a[1]]}"
    if op == "to":
        return f"to {_seat(a[1])}"
    if op == "permit":
        return f"permit {_seat(a[1])}"
    if op == "vc":
        return f"keep VC{a[1] + 1:02d}"
    if op == "claim":
        return f"claim {a[1]}"
    if op == "take":
        return f"take S{a[1] + 1:02d}"
    if op == "supply":
        return f"supply S{a[1] + 1:02d}"
    if op == "build":
        return f"{D.BUILDING_NAME[a[1]]} {names[a[2]]}"
    if op == "army":
        return "army peasant" if a[1] == G else f"army {D.RES_LETTER[a[1]]}"
    if op == "work":
        return f"{D.WORK_NAME[a[1]]} {names[a[2]]}"
    if op == "joint":
        return f"joint {D.WORK_NAME[a[1]]} {names[a[2]]}"
    if op in ("pay", "gold", "fee", "give"):
        return f"{op} {D.RES_LETTER[a[1]]}"
    if op in ("cpay", "cgold"):
        return f"{op} {D.RES_LETTER[a[1]]} {_seat(a[2])}"
    if op == "mkt":
        return f"mkt {D.RES_LETTER[a[1]]} {D.RES_LETTER[a[2]]}"
    if op == "mkts":
        return f"mkt S{a[1] + 1:02d} {D.RES_LETTER[a[2]]}"
    if op == "hero":
        return "hero move" if a[1] else "hero stay"
    return " ".join(str(x) for x in a)


# ---------------------------------------------------------------------------------
# the game
# ---------------------------------------------------------------------------------


def _parse_rounds(text: str) -> str:
    try:
        v = int(text)
    except ValueError as e:
        raise ValueError(f"option rounds: {text!r} is not a whole number") from e
    if not 1 <= v <= 1000:
        raise ValueError("option rounds: must be between 1 and 1000")
    return str(v)


class GraenalandGame(Game):
    """Graenaland (Vlaada Chvátil): split offers, votes and a rotating lead builder."""

    name = "graenaland"
    title = "Graenaland"
    version = "1"
    min_players = 3
    max_players = 5
    default_players = 4
    eval_scale = 1.5
    # A turn is a chain of sub-decisions (offers, allocations, votes, payments) in
    # which random rollout moves are nearly always blunders; judging each root
    # action by evaluate over many determinizations (depth 1) measured best:
    # 4 of 6 wins against two greedy seats, against 0-1 of 6-9 at depths 3-20
    # (benchmarks/README.md).
    ai_depth = 1
    options = (
        Option(
            name="setup",
            default="basic",
            choices=("basic", "advanced"),
            help="basic: fixed start villages; advanced: start-placement draft (§3.2)",
        ),
        Option(
            name="victory",
            default="basic",
            choices=("basic", "cards"),
            help="basic: 3 of 5 conditions; cards: secret victory cards, 6 VP, claims",
        ),
        Option(
            name="permission",
            default="off",
            choices=("off", "on"),
            help="5-player variant: the lead may grant one build permission (§5.6)",
        ),
        Option(
            name="rounds",
            default=str(D.ROUND_LIMIT),
            parse=_parse_rounds,
            examples=("40",),
            help="safety round limit: the game ends after this many rounds (§5.7)",
        ),
    )

    # -- setup ----------------------------------------------------------------------

    def new_state(self, n_players: int, options: Mapping[str, str], seed: int) -> GState:
        n = n_players
        if not 3 <= n <= 5:
            raise ValueError("Graenaland needs 3 to 5 players")
        opts = self.resolve_options(options)
        bd = BOARDS[n]
        npv = bd.np
        rnd = random.Random(seed)
        st = GState.__new__(GState)
        st.n = n
        st.advanced = opts["setup"] == "advanced"
        st.cards = opts["victory"] == "cards"
        st.permission = opts["permission"] == "on" and n == 5
        st.round_limit = int(opts["rounds"])
        st.round = 1
        st.lead = 0
        st.phase = PH_BUILD
        st.cur = 0
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
        st.la = None
        # decks (top = end of list)
        st.decks = []
        for d in range(4):
            deck = [r for r in range(5) for _ in range(D.DECK_CONTENTS[d][r])]
            rnd.shuffle(deck)
            st.decks.append(deck)
        st.sdeck = list(range(16))
        rnd.shuffle(st.sdeck)
        st.srow = [st.sdeck.pop() for _ in range(D.SUPPLY_ROW)]
        st.sdisc = []
        vcdeck = list(range(20))
        rnd.shuffle(vcdeck)
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
            st.cur = st.dorder[0]
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
            self._after_setup(st)
        return st

    def _after_setup(self, st: GState) -> None:
        if st.cards:
            st.phase = PH_VCKEEP
            st.cur = 0
        else:
            self._start_round(st)

    # -- round flow -------------------------------------------------------------------

    def _produce(self, st: GState) -> None:
        """Phase 1 (§4): coastal west->east, then inland (ids are in that order)."""
        bd = st.board
        for p in range(bd.np):
            tot = total_settlements(st, p)
            if not tot:
                continue
            cap = tot + 1
            here = cards_at(st, p)
            d = bd.terrain[p]
            if here < cap:
                c = draw(st, d)
                if c < 0:
                    continue
                st.up[p * 5 + c] += 1
                here += 1
            if st.road[p] and here < cap:
                c = draw(st, d)
                if c < 0:
                    continue
                st.down[p].append(c)
                here += 1
            if st.impr[p] and here < cap:
                c = draw(st, d)
                if c < 0:
                    continue
                if c == bd.tiles[p].improvement:
                    st.up[p * 5 + c] += 1
                else:
                    st.disc[d * 5 + c] += 1

    def _start_round(self, st: GState) -> None:
        self._produce(st)
        n = st.n
        st.phase = PH_MOVE
        st.oidx = 0
        st.mcommit = [-1] * n
        st.cur = (st.lead + 1) % n

    def _resolve_moves(self, st: GState) -> None:
        n = st.n
        hero = st.hero
        mv = st.board.move
        for s in range(n):
            c = st.mcommit[s]
            if c < 0 or c == STAY:
                continue
            h, d = divmod(c, 8)
            p = hero[s * 3 + h]
            if p < 0:
                continue
            dest = mv[p][d]
            if dest < 0:
                continue  # impossible direction: the hero stays
            for o in range(3):
                if o != h and hero[s * 3 + o] == dest:
                    hero[s * 3 + o] = p  # swap rule (§2.4)
            hero[s * 3 + h] = dest
        st.mcommit = [-1] * n
        self._place_waiting(st)

    def _place_waiting(self, st: GState) -> None:
        """Phase 2 step 3: waiting priests/skalds enter once their target is free of
        the owner's heroes; the one waiting longer goes first (R33)."""
        hero = st.hero
        for s in range(st.n):
            ws = [h for h in (PR, SK) if st.wait[s * 3 + h] >= 0]
            ws.sort(key=lambda h: st.wseq[s * 3 + h])
            for h in ws:
                t = st.wait[s * 3 + h]
                if hero[s * 3] != t and hero[s * 3 + 1] != t and hero[s * 3 + 2] != t:
                    hero[s * 3 + h] = t
                    st.wait[s * 3 + h] = -1

    def _start_offers(self, st: GState) -> None:
        st.phase = PH_OFFER
        st.oidx = 0
        st.cur = (st.lead + 1) % st.n

    def _next_offerer(self, st: GState) -> None:
        st.oidx += 1
        if st.oidx < st.n - 1:
            st.phase = PH_OFFER
            st.cur = (st.lead + 1 + st.oidx) % st.n
            return
        if st.cards:
            st.phase = PH_CLAIM
            st.cidx = 0
            st.ccommit = [-1] * st.n
            st.claim_plan = [None] * st.n
            st.claim_cache = [None] * st.n
            st.cur = (st.lead + 1) % st.n
        else:
            self._start_build(st)

    def _start_build(self, st: GState) -> None:
        st.phase = PH_BUILD
        st.bseat = st.lead
        st.bmode = BM_NORMAL
        st.supply_taken = st.joint_used = st.perm_used = False
        st.mkt_used = [0] * st.board.np
        st.cur = st.lead

    def _end_round(self, st: GState) -> None:
        n = st.n
        st.lead = (st.lead + 1) % n
        while len(st.srow) < D.SUPPLY_ROW:
            c = draw_supply(st)
            if c < 0:
                break
            st.srow.append(c)
        st.round += 1
        if st.round > st.round_limit:
            st.phase = PH_OVER
            st.cur = -1
            st.end_reason = "round limit"
            return
        self._start_round(st)

    def _win(self, st: GState, w: int) -> None:
        st.winner = w
        st.final_queue = [(w + i) % st.n for i in range(1, st.n)]
        self._next_final(st)

    def _next_final(self, st: GState) -> None:
        if not st.final_queue:
            st.phase = PH_OVER
            st.cur = -1
            st.end_reason = "rules"
            return
        s = st.final_queue.pop(0)
        st.phase = PH_BUILD
        st.bseat = s
        st.bmode = BM_FINAL
        st.supply_taken = True
        st.mkt_used = [0] * st.board.np
        st.cur = s

    # -- interface --------------------------------------------------------------------

    def num_players(self, state: GState) -> int:
        return state.n

    def to_move(self, state: GState) -> int | None:
        return None if state.phase == PH_OVER else state.cur

    def legal_actions(self, state: GState) -> list[tuple[Any, ...]]:
        la = state.la
        if la is None:
            la = state.la = self._legal(state)
        return la

    def _legal(self, st: GState) -> list[tuple[Any, ...]]:
        ph = st.phase
        s = st.cur
        n = st.n
        bd = st.board
        acts: list[tuple[Any, ...]]
        if ph == PH_MOVE:
            acts = [A_STAY]
            mv = bd.move
            for hi in range(3):
                p = st.hero[s * 3 + hi]
                if p >= 0:
                    row = mv[p]
                    for d in range(8):
                        if row[d] >= 0:
                            acts.append(("mv", hi, d))
            return acts
        if ph == PH_OFFER:
            acts = [A_PASS]
            for p in range(bd.np):
                if cards_at(st, p) and votes(st, s, p) >= 1:
                    acts.append(("offer", p))
            return acts
        if ph == PH_ALLOC:
            i = len(st.oalloc)
            elig = st.oelig
            lo = 0
            if i and st.ocls[i - 1] == st.ocls[i]:
                lo = elig.index(st.oalloc[i - 1])
            return [("to", elig[j]) for j in range(lo, len(elig))]
        if ph == PH_VOTE:
            return [A_YES, A_NO]
        if ph == PH_BUILD:
            return self._build_actions(st, s)
        if ph == PH_PAY:
            return self._pay_actions(st, s)
        if ph == PH_FEE:
            h = hres(st.hand[s])
            mk = len(markets_avail(st, s))
            acts = []
            for r in range(5):
                if h[r]:
                    h[r] -= 1
                    if can_start(st.req, len(st.fee) - 1, h, st.shand[s], mk):
                        acts.append(("fee", r))
                    h[r] += 1
            return acts
        if ph == PH_HERO:
            return [("hero", 1), ("hero", 0)]
        if ph == PH_CONTRIB:
            acts = []
            # D10: the lead never uses more than the cost size, so each type is
            # limited to that many cards (no outcome is lost)
            size = sum(WORK_COST[st.joint_w])
            h = hres(st.hand[s])
            given = hres(st.contrib[s])
            acts = [("give", r) for r in range(5) if h[r] and given[r] < size]
            acts.append(A_DONE)
            return acts
        if ph == PH_JOINT:
            h = hres(st.hand[s])
            ok = can_pay(
                WORK_COST[st.joint_w],
                h,
                contrib_totals(st),
                st.shand[s],
                len(markets_avail(st, s)),
            )
            return [A_COMPLETE, A_ABANDON] if ok else [A_ABANDON]
        if ph == PH_CLAIM:
            best, _plan = self._claim_option(st, s)
            return [A_NOCLAIM] + [("claim", v) for v in range(D.VP_TO_WIN, best + 1)]
        if ph == PH_DRAFT:
            return self._draft_actions(st, s)
        if ph == PH_RELOC:
            acts = [A_NORELOC]
            for q in range(bd.k):
                crowd = sum(st.vil[q * n : q * n + n])
                if q != st.reloc_p and st.vil[q * n + s] == 0 and crowd <= 1:
                    acts.append(("reloc", q))
            return acts
        if ph == PH_VCKEEP:
            return [("vc", c) for c in st.vc_dealt[s]]
        return []

    # -- build phase actions ------------------------------------------------------------

    def _build_actions(self, st: GState, s: int) -> list[tuple[Any, ...]]:
        acts: list[tuple[Any, ...]] = []
        mode = st.bmode
        bd = st.board
        n = st.n
        npv = bd.np
        if mode == BM_NORMAL and not st.supply_taken:
            acts.extend(("take", sid) for sid in st.srow)
        own = [own_settlements(st, s, p) for p in range(npv)]
        h = hres(st.hand[s])
        sup = st.shand[s]
        units = sum(h) + 2 * len(sup)
        if units >= 3:  # every cost has at least 3 requirements
            mk = len(markets_avail(st, s))
            memo: dict[tuple[int, ...], bool] = {}

            def ok(cost: tuple[int, int, int, int]) -> bool:
                r = memo.get(cost)
                if r is None:
                    r = units >= sum(cost) and can_pay(cost, h, None, sup, mk)
                    memo[cost] = r
                return r

            if D.SETTLEMENT_HOUSES - sum(own) > 0:
                nbs = bd.neighbours
                for p in range(npv):
                    if own[p] or any(own[q] for q in nbs[p]):
                        cost = bd.tiles[p].village
                        if st.rampart[p] and not own[p]:
                            fee = len(fee_recipients(st, s, p))
                            if fee:
                                if units >= sum(cost) + fee and can_start(cost, fee, h, sup, mk):
                                    acts.append(("village", p))
                                continue
                        if ok(cost):
                            acts.append(("village", p))
                for p in range(npv):
                    if bd.tiles[p].buildings and st.vil[p * n + s] > 0:
                        for t in range(3):
                            if st.bld[p * 3 + t] < 0 and ok(BUILDING_COST[t]):
                                acts.append(("build", t, p))
            if st.army[s] < D.ARMY_MAX:
                for x in army_variants(st, s):
                    if ok(D.army_cost(x)):
                        acts.append(("army", x))
            if mode != BM_FINAL:
                for p in range(npv):
                    if own[p]:
                        for w in range(4):
                            if work_available(st, w, p) and ok(WORK_COST[w]):
                                acts.append(("work", w, p))
        if mode == BM_NORMAL:
            if not st.joint_used and not st.perm_used:
                for p in range(npv):
                    if own[p]:
                        for w in range(4):
                            if work_available(st, w, p):
                                acts.append(("joint", w, p))
                if st.permission:
                    acts.extend(("permit", o) for o in range(n) if o != s)
            acts.append(A_END)
        elif mode == BM_FINAL:
            acts.append(A_END)
        else:
            acts.append(A_NOTHING)
        return acts

    def _pay_actions(self, st: GState, s: int, first: bool = False) -> list[tuple[Any, ...]]:
        """Payment steps that keep the rest payable (``first``: stop at the first one)."""
        req = list(st.req)
        h = hres(st.hand[s])
        sup = st.shand[s]
        mk = len(markets_avail(st, s))
        con = contrib_totals(st) if st.pend_joint else None
        acts: list[tuple[Any, ...]] = []
        for r in range(4):
            if not req[r]:
                continue
            req[r] -= 1
            if h[r]:
                h[r] -= 1
                if can_pay(req, h, con, sup, mk):
                    acts.append(("pay", r))
                    if first:
                        return acts
                h[r] += 1
            if con is not None and con[r]:
                con[r] -= 1
                if can_pay(req, h, con, sup, mk):
                    for c in range(st.n):
                        if hres(st.contrib[c])[r]:
                            acts.append(("cpay", r, c))
                            if first:
                                return acts
                con[r] += 1
            if h[AU]:
                h[AU] -= 1
                if can_pay(req, h, con, sup, mk):
                    acts.append(("gold", r))
                    if first:
                        return acts
                h[AU] += 1
            if con is not None and con[AU]:
                con[AU] -= 1
                if can_pay(req, h, con, sup, mk):
                    for c in range(st.n):
                        if hres(st.contrib[c])[AU]:
                            acts.append(("cgold", r, c))
                            if first:
                                return acts
                con[AU] += 1
            if mk:
                for c in range(4):
                    if c != r and h[c]:
                        h[c] -= 1
                        if can_pay(req, h, con, sup, mk - 1):
                            acts.append(("mkt", c, r))
                            if first:
                                return acts
                        h[c] += 1
                for sid in distinct_supply(sup):
                    rest = list(sup)
                    rest.remove(sid)
                    if can_pay(req, h, con, rest, mk - 1):
                        acts.append(("mkts", sid, r))
                        if first:
                            return acts
            req[r] += 1
        for sid in distinct_supply(sup):
            a, b = SUPPLY[sid]
            nr = list(req)
            cov = 0
            for x in (a, b):
                if nr[x]:
                    nr[x] -= 1
                    cov += 1
            if cov:
                rest = list(sup)
                rest.remove(sid)
                if can_pay(nr, h, con, rest, mk):
                    acts.append(("supply", sid))
                    if first:
                        return acts
        return acts

    # -- advanced setup -------------------------------------------------------------------

    def _draft_actions(self, st: GState, s: int) -> list[tuple[Any, ...]]:
        n = st.n
        k = st.board.k
        second = st.didx >= n
        acts = [("place", p) for p in range(k) if not (second and st.vil[p * n + s])]
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

    def _take_setup_card(self, st: GState, s: int, p: int) -> None:
        if st.down[p]:
            c = st.down[p].pop()
            st.hand[s][st.board.terrain[p] * 5 + c] += 1

    def _next_draft(self, st: GState) -> None:
        st.didx += 1
        if st.didx < len(st.dorder):
            st.phase = PH_DRAFT
            st.cur = st.dorder[st.didx]
            return
        bd = st.board
        for p in range(bd.k):  # §3.2 step 6: leftover face-down cards are discarded
            d = bd.terrain[p]
            for c in st.down[p]:
                st.disc[d * 5 + c] += 1
            st.down[p] = []
        self._after_setup(st)

    # -- claims -------------------------------------------------------------------------

    def _claim_option(self, st: GState, s: int) -> tuple[int, tuple[Any, ...]]:
        cached = st.claim_cache[s]
        if cached is not None:
            return cached
        res = self._plan_search(st, s)
        st.claim_cache[s] = res
        return res

    def _plan_search(self, st: GState, s: int) -> tuple[int, tuple[Any, ...]]:
        """Best VP seat ``s`` can reach by a final build from its hand now (bounded
        search over build orders; each payment is paid with the first legal source)."""
        cur_vp = vp(st, s)
        h = hres(st.hand[s])
        units = sum(h) + 2 * len(st.shand[s])
        has_fort = s in st.bld[0::3]
        army_cost = 3 if has_fort else 5
        m = measures(st, s)
        th = D.victory_card_thresholds(st.vc[s], st.n)
        # upper bound: a army steps (each needs a G and an O), v villages (>= 4 cards),
        # k buildings (5 cards, a free slot where s has a village or gets one)
        mk = len(markets_avail(st, s))
        icons = [0, 0, 0, 0]
        for sid in st.shand[s]:
            for x in SUPPLY[sid]:
                icons[x] += 1
        wild = h[AU] + mk
        a_max = min(
            units // army_cost,
            D.ARMY_MAX - m[4],
            h[G] + icons[G] + wild,
            h[3] + icons[3] + wild,
        )
        n = st.n
        bd = st.board
        slots = sum(
            1
            for p in range(bd.np)
            if bd.tiles[p].buildings and st.vil[p * n + s]
            for t in range(3)
            if st.bld[p * 3 + t] < 0
        )
        houses = houses_left(st, s)
        bound = cur_vp
        for a in range(a_max + 1):
            left_a = units - a * army_cost
            for k in range(left_a // 5 + 1):
                v = (left_a - 5 * k) // 4
                if k > slots + 3 * v:
                    break
                b = min(v + k, houses)
                grown = (m[0] + b, m[1] + b, m[2] + b, m[3] + min(k, b), m[4] + a)
                got = sum(sum(1 for t in th[c] if grown[c] >= t) for c in range(5))
                if got > bound:
                    bound = got
        if bound < D.VP_TO_WIN:
            return (cur_vp, ())
        base = st.clone()
        base.phase = PH_BUILD
        base.bseat = s
        base.bmode = BM_FINAL
        base.cur = s
        base.mkt_used = [0] * st.board.np
        base.final_queue = []
        best_vp = [cur_vp]
        best_plan: list[tuple[Any, ...]] = [()]
        budget = [D.CLAIM_SEARCH_BUDGET]

        tiles = st.board.tiles

        def dfs(node: GState, plan: tuple[Any, ...]) -> None:
            seen: set[tuple[Any, ...]] = set()
            for a in self._build_actions(node, s):
                if a == A_END:
                    continue
                # builds that change the measures alike (same kind, same own count in
                # the province, same cost, same building rights) are tried once
                if a[0] == "village":
                    p = a[1]
                    sig: tuple[Any, ...] = (
                        "v",
                        own_settlements(node, s, p),
                        tiles[p].village,
                        tiles[p].buildings,
                    )
                elif a[0] == "build":
                    sig = ("b", a[1], own_settlements(node, s, a[2]))
                else:
                    sig = a
                if sig in seen:
                    continue
                seen.add(sig)
                budget[0] -= 1
                if budget[0] < 0:
                    return
                c = node.clone()
                c.la = None
                self._do(c, a)
                steps = [a]
                while c.phase != PH_BUILD:
                    b = self._pay_actions(c, s, True)[0] if c.phase == PH_PAY else self._legal(c)[0]
                    self._do(c, b)
                    steps.append(b)
                c.la = None
                v = vp(c, s)
                newplan = plan + tuple(steps)
                if v > best_vp[0]:
                    best_vp[0] = v
                    best_plan[0] = newplan
                dfs(c, newplan)

        dfs(base, ())
        return (best_vp[0], best_plan[0])

    # -- apply ----------------------------------------------------------------------------

    def apply(self, state: GState, action: Action) -> GState:
        st = state
        if st.phase == PH_OVER:
            raise IllegalAction("the game is over")
        if action not in self.legal_actions(st):
            raise IllegalAction(f"illegal action {action!r}")
        st.la = None
        self._do(st, action)
        st.la = None
        return st

    def _do(self, st: GState, a: tuple[Any, ...]) -> None:
        ph = st.phase
        s = st.cur
        n = st.n
        op = a[0]
        if ph == PH_MOVE:
            st.mcommit[s] = STAY if op == "stay" else a[1] * 8 + a[2]
            st.oidx += 1
            if st.oidx < n - 1:
                st.cur = (st.lead + 1 + st.oidx) % n
            else:
                self._resolve_moves(st)
                self._start_offers(st)
            return
        if ph == PH_OFFER:
            if op == "pass":
                st.offer_log.append((st.round, s, -1, 0, 0, 0))
                self._next_offerer(st)
                return
            p = a[1]
            st.offer_x = p
            cls = []
            for r in range(5):
                cls.extend([r] * st.up[p * 5 + r])
            cls.extend([HIDDEN] * len(st.down[p]))
            st.ocls = cls
            # eligible seats from the offerer clockwise: the canonical non-decreasing
            # recipient order then favours no seat number over another
            order = [(s + i) % n for i in range(n)]
            st.oelig = [o for o in order if votes(st, o, p) >= 1]
            st.oalloc = []
            st.phase = PH_ALLOC
            return
        if ph == PH_ALLOC:
            st.oalloc.append(a[1])
            if len(st.oalloc) == len(st.ocls):
                p = st.offer_x
                order = [(s + i) % n for i in range(n)]
                st.voters = [o for o in order if votes(st, o, p) >= 1]
                st.vvotes = [votes(st, o, p) for o in st.voters]
                st.total = sum(st.vvotes)
                st.yes = 0
                st.vidx = 0
                st.vote_log = []
                st.phase = PH_VOTE
                st.cur = st.voters[0]
            return
        if ph == PH_VOTE:
            y = op == "yes"
            if y:
                st.yes += st.vvotes[st.vidx]
            st.vote_log.append(1 if y else 0)
            st.vidx += 1
            if st.vidx < len(st.voters):
                st.cur = st.voters[st.vidx]
                return
            offerer = st.voters[0]
            passed = 2 * st.yes > st.total
            st.offer_log.append((st.round, offerer, st.offer_x, st.yes, st.total, int(passed)))
            if passed:
                p = st.offer_x
                d = st.board.terrain[p]
                for c, who in zip(st.ocls, st.oalloc):
                    if c == HIDDEN:
                        r = st.down[p].pop()  # the pile order is random: a random deal (R25)
                    else:
                        r = c
                        st.up[p * 5 + r] -= 1
                    st.hand[who][d * 5 + r] += 1
            st.ocls, st.oelig, st.oalloc = [], [], []
            st.cur = offerer
            self._next_offerer(st)
            return
        if ph == PH_BUILD:
            self._do_build(st, s, a)
            return
        if ph == PH_PAY:
            self._do_pay(st, s, a)
            return
        if ph == PH_FEE:
            to = st.fee.pop(0)
            k = take_res(st.hand[s], a[1])
            st.hand[to][k] += 1
            if not st.fee:
                st.phase = PH_PAY
            return
        if ph == PH_HERO:
            idx = s * 3 + st.hero_type
            p = st.hero_p
            if a[1]:
                hero = st.hero
                mine_here = hero[s * 3] == p or hero[s * 3 + 1] == p or hero[s * 3 + 2] == p
                if mine_here:  # only possible for a waiting hero: re-target (R19)
                    st.wait[idx] = p
                    st.wseq[idx] = st.wcount
                    st.wcount += 1
                else:
                    st.hero[idx] = p
                    st.wait[idx] = -1
            self._after_build(st)
            return
        if ph == PH_CONTRIB:
            if op == "give":
                k = take_res(st.hand[s], a[1])
                st.contrib[s][k] += 1
                return
            st.cidx += 1
            if st.cidx < n - 1:
                st.cur = (st.lead + 1 + st.cidx) % n
            else:
                st.phase = PH_JOINT
                st.cur = st.lead
            return
        if ph == PH_JOINT:
            if op == "complete":
                self._begin_pay(st, K_WORK, st.joint_w, st.joint_p, list(WORK_COST[st.joint_w]))
                st.pend_joint = True
                return
            self._return_contrib(st)
            st.phase = PH_BUILD
            return
        if ph == PH_CLAIM:
            if op == "claim":
                st.ccommit[s] = a[1]
                st.claim_plan[s] = self._claim_option(st, s)[1]
            else:
                st.ccommit[s] = 0
            st.cidx += 1
            if st.cidx < n:
                st.cur = (st.lead + 1 + st.cidx) % n
                return
            self._resolve_claims(st)
            return
        if ph == PH_DRAFT:
            p = a[1]
            first_round = st.didx < n
            before = sum(st.vil[p * n : p * n + n])
            st.vil[p * n + s] += 1
            st.arrivals[p].append(s)
            if first_round:
                st.hero[s * 3 + WL] = p
            if before < 2:
                self._take_setup_card(st, s, p)
                self._next_draft(st)
                return
            st.reloc_p = p
            st.reloc_stage = 0
            st.reloc_mover = s
            st.phase = PH_RELOC
            st.cur = st.arrivals[p][0]
            return
        if ph == PH_RELOC:
            p = st.reloc_p
            if op == "reloc":
                q = a[1]
                st.vil[p * n + s] -= 1
                st.arrivals[p].remove(s)
                st.vil[q * n + s] += 1
                st.arrivals[q].append(s)
                self._take_setup_card(st, s, q)
                self._next_draft(st)
                return
            st.reloc_stage += 1
            if st.reloc_stage == 1 and st.arrivals[p][1] != st.reloc_mover:
                st.cur = st.arrivals[p][1]
                return
            self._next_draft(st)
            return
        if ph == PH_VCKEEP:
            st.vc[s] = a[1]
            if s + 1 < n:
                st.cur = s + 1
            else:
                self._start_round(st)
            return
        raise IllegalAction(f"no action expected in phase {ph}")

    def _resolve_claims(self, st: GState) -> None:
        n = st.n
        best = -1
        w = -1
        for i in range(n):  # distance 0 (the lead) first, then clockwise (T7.3)
            o = (st.lead + i) % n
            if st.ccommit[o] > best and st.ccommit[o] >= D.VP_TO_WIN:
                best = st.ccommit[o]
                w = o
        if w < 0:
            self._start_build(st)
            return
        plan = st.claim_plan[w] or ()
        st.winner = w
        st.final_queue = [(w + i) % n for i in range(1, n)]
        st.phase = PH_BUILD
        st.bseat = w
        st.bmode = BM_FINAL
        st.supply_taken = True
        st.mkt_used = [0] * st.board.np
        st.cur = w
        for a in plan:
            self.apply(st, a)
        self._next_final(st)

    def _do_build(self, st: GState, s: int, a: tuple[Any, ...]) -> None:
        op = a[0]
        bd = st.board
        if op == "end":
            if st.bmode == BM_NORMAL:
                won = vp(st, s) >= D.VP_TO_WIN if st.cards else sum(conditions(st, s)) >= D.V_NEEDED
                if won:
                    self._win(st, s)
                else:
                    self._end_round(st)
            else:
                self._next_final(st)
            return
        if op == "nothing":
            self._back_to_lead(st)
            return
        if op == "take":
            st.srow.remove(a[1])
            st.shand[s].append(a[1])
            st.shand[s].sort()
            st.supply_taken = True
            return
        if op == "permit":
            st.perm_used = True
            st.bseat = a[1]
            st.bmode = BM_PERMIT
            st.cur = a[1]
            return
        if op == "joint":
            st.joint_used = True
            st.joint_w = a[1]
            st.joint_p = a[2]
            st.contrib = [[0] * D.NKIND for _ in range(st.n)]
            st.cidx = 0
            st.phase = PH_CONTRIB
            st.cur = (st.lead + 1) % st.n
            return
        if op == "village":
            p = a[1]
            self._begin_pay(st, K_VILLAGE, 0, p, list(bd.tiles[p].village))
            fee = fee_recipients(st, s, p)
            if fee:
                st.fee = fee
                st.phase = PH_FEE
            return
        if op == "build":
            self._begin_pay(st, K_BUILDING, a[1], a[2], list(BUILDING_COST[a[1]]))
            return
        if op == "army":
            self._begin_pay(st, K_ARMY, a[1], 0, list(D.army_cost(a[1])))
            return
        if op == "work":
            self._begin_pay(st, K_WORK, a[1], a[2], list(WORK_COST[a[1]]))
            return
        raise IllegalAction(f"unknown build action {a!r}")

    def _begin_pay(self, st: GState, kind: int, t: int, p: int, req: list[int]) -> None:
        st.pend_kind = kind
        st.pend_t = t
        st.pend_p = p
        st.pend_joint = False
        st.req = req
        st.phase = PH_PAY

    def _use_market(self, st: GState, s: int) -> None:
        st.mkt_used[markets_avail(st, s)[0]] = 1

    def _do_pay(self, st: GState, s: int, a: tuple[Any, ...]) -> None:
        op = a[0]
        hand = st.hand[s]
        disc = st.disc
        if op == "supply":
            sid = a[1]
            st.shand[s].remove(sid)
            st.sdisc.append(sid)
            for x in SUPPLY[sid]:
                if st.req[x]:
                    st.req[x] -= 1
        elif op == "pay":
            disc[take_res(hand, a[1])] += 1
            st.req[a[1]] -= 1
        elif op == "gold":
            disc[take_res(hand, AU)] += 1
            st.req[a[1]] -= 1
        elif op == "cpay":
            disc[take_res(st.contrib[a[2]], a[1])] += 1
            st.req[a[1]] -= 1
        elif op == "cgold":
            disc[take_res(st.contrib[a[2]], AU)] += 1
            st.req[a[1]] -= 1
        elif op == "mkt":
            self._use_market(st, s)
            disc[take_res(hand, a[1])] += 1
            st.req[a[2]] -= 1
        elif op == "mkts":
            self._use_market(st, s)
            st.shand[s].remove(a[1])
            st.sdisc.append(a[1])
            st.req[a[2]] -= 1
        if sum(st.req):
            return
        self._finish_build(st, s)

    def _return_contrib(self, st: GState) -> None:
        for c in range(st.n):
            row = st.contrib[c]
            hand = st.hand[c]
            for k in range(D.NKIND):
                if row[k]:
                    hand[k] += row[k]
                    row[k] = 0

    def _finish_build(self, st: GState, s: int) -> None:
        p = st.pend_p
        kind = st.pend_kind
        st.phase = PH_BUILD
        if kind == K_VILLAGE:
            st.vil[p * st.n + s] += 1
        elif kind == K_ARMY:
            st.army[s] += 1
        elif kind == K_WORK:
            w = st.pend_t
            if w == ROAD:
                st.road[p] = 1
                st.left_road -= 1
            elif w == MARKET:
                st.market[p] = 1
                st.left_market -= 1
            elif w == RAMPART:
                st.rampart[p] = 1
                st.left_rampart -= 1
            else:
                st.impr[p] = 1
            if st.pend_joint:
                st.pend_joint = False
                self._return_contrib(st)
        else:
            t = st.pend_t
            st.bld[p * 3 + t] = s
            if t in (TEMPLE, HALL):
                h = PR if t == TEMPLE else SK
                idx = s * 3 + h
                hero = st.hero
                mine_here = hero[s * 3] == p or hero[s * 3 + 1] == p or hero[s * 3 + 2] == p
                if hero[idx] < 0 and st.wait[idx] < 0:  # first temple / hall
                    if mine_here:
                        st.wait[idx] = p
                        st.wseq[idx] = st.wcount
                        st.wcount += 1
                    else:
                        hero[idx] = p
                elif (st.wait[idx] >= 0 and st.wait[idx] != p) or (
                    st.wait[idx] < 0 and not mine_here
                ):
                    st.hero_type = h
                    st.hero_p = p
                    st.phase = PH_HERO
                    return
        self._after_build(st)

    def _after_build(self, st: GState) -> None:
        if st.bmode == BM_PERMIT:
            self._back_to_lead(st)
        else:
            st.phase = PH_BUILD

    def _back_to_lead(self, st: GState) -> None:
        st.bseat = st.lead
        st.bmode = BM_NORMAL
        st.phase = PH_BUILD
        st.cur = st.lead

    # -- texts ------------------------------------------------------------------------

    def format_action(self, state: GState, action: Action) -> str:
        return action_text(state, action)  # type: ignore[arg-type]

    def parse_action(self, state: GState, text: str) -> Action:
        want = " ".join(text.strip().lower().split())
        legal = self.legal_actions(state)
        for a in legal:
            if action_text(state, a).lower() == want:
                return a
        shown = ", ".join(action_text(state, a) for a in legal[:40])
        more = " ..." if len(legal) > 40 else ""
        raise IllegalAction(f"not a legal action here: {text!r}; accepted: {shown}{more}")

    # -- information -------------------------------------------------------------------

    def observation(self, state: GState, seat: int) -> dict[str, Any]:
        st = state
        d = st.to_json()
        del d["rng"]
        d["decks"] = [len(x) for x in st.decks]
        d["sdeck"] = len(st.sdeck)
        d["down"] = [len(x) for x in st.down]
        d["hand"] = [
            h if o == seat else [sum(st.hand[o][dk * 5 : dk * 5 + 5]) for dk in range(4)]
            for o, h in enumerate(d["hand"])
        ]
        d["shand"] = [x if o == seat else len(x) for o, x in enumerate(d["shand"])]
        reveal = st.phase == PH_OVER
        d["mcommit"] = [c if o == seat else (c >= 0) for o, c in enumerate(st.mcommit)]
        d["ccommit"] = [c if o == seat else (c >= 0) for o, c in enumerate(st.ccommit)]
        d["claim_plan"] = [x if o == seat else None for o, x in enumerate(d["claim_plan"])]
        d["vc"] = [
            c if (o == seat or reveal or o == st.winner) else None for o, c in enumerate(st.vc)
        ]
        d["vc_dealt"] = [x if o == seat else len(x) for o, x in enumerate(st.vc_dealt)]
        d["seat"] = seat
        return d

    def determinize(self, state: GState, seat: int, rng: random.Random) -> GState:
        st = state.clone()
        n = st.n
        bd = st.board
        # resource cards, per deck: deck + other hands + face-down tile cards
        for dk in range(4):
            pool = list(st.decks[dk])
            for o in range(n):
                if o != seat:
                    for r in range(5):
                        pool.extend([r] * st.hand[o][dk * 5 + r])
            tiles = [p for p in range(bd.np) if bd.terrain[p] == dk]
            for p in tiles:
                pool.extend(st.down[p])
            pool.sort()  # canonical: the re-deal depends only on what the seat knows
            rng.shuffle(pool)
            for p in tiles:
                c = len(st.down[p])
                st.down[p] = [pool.pop() for _ in range(c)]
            for o in range(n):
                if o != seat:
                    c = sum(st.hand[o][dk * 5 : dk * 5 + 5])
                    for r in range(5):
                        st.hand[o][dk * 5 + r] = 0
                    for _ in range(c):
                        st.hand[o][dk * 5 + pool.pop()] += 1
            st.decks[dk] = pool
        # supply cards in other hands and the supply deck
        spool = list(st.sdeck)
        for o in range(n):
            if o != seat:
                spool.extend(st.shand[o])
        spool.sort()
        rng.shuffle(spool)
        for o in range(n):
            if o != seat:
                c = len(st.shand[o])
                st.shand[o] = sorted(spool.pop() for _ in range(c))
        st.sdeck = spool
        # hidden commitments
        for o in range(n):
            if o == seat:
                continue
            if st.mcommit[o] >= 0:
                opts = [STAY]
                for h in range(3):
                    p = st.hero[o * 3 + h]
                    if p >= 0:
                        opts += [h * 8 + d for d in range(8) if bd.move[p][d] >= 0]
                st.mcommit[o] = rng.choice(opts)
            if st.ccommit[o] >= 0:
                st.ccommit[o] = 0
                st.claim_plan[o] = None
        # victory cards of the others
        if st.cards and st.phase != PH_OVER:
            known = set(st.vc_dealt[seat])
            vpool = [c for c in range(20) if c not in known]
            rng.shuffle(vpool)
            for o in range(n):
                if o == seat or o == st.winner:
                    continue
                kept = st.vc[o]
                cnt = len(st.vc_dealt[o])
                st.vc_dealt[o] = [vpool.pop() for _ in range(cnt)]
                if kept >= 0:
                    st.vc[o] = st.vc_dealt[o][0]
        st.claim_cache = [None] * n
        st.la = None
        st.rng = rng.getrandbits(62)
        return st

    # -- results ------------------------------------------------------------------------

    def outcome(self, state: GState) -> Outcome:
        st = state
        n = st.n
        scores = tuple(float(score_of(st, s)) for s in range(n))
        keys = [(1 if s == st.winner else 0, scores[s]) for s in range(n)]
        breakdown: dict[str, Any] = {
            "winner": None if st.winner < 0 else _seat(st.winner),
            "end_reason": st.end_reason,
            "rounds": min(st.round, st.round_limit),
            "scoring": "victory cards (VP)" if st.cards else "conditions V1-V5",
            "players": {},
        }
        for s in range(n):
            m = measures(st, s)
            row: dict[str, Any] = {
                "settlements": m[0],
                "provinces_with_2": m[1],
                "max_in_province": m[2],
                "buildings": m[3],
                "army": m[4],
                "conditions": [int(x) for x in conditions(st, s)],
            }
            if st.cards and st.vc[s] >= 0:
                row["victory_card"] = f"VC{st.vc[s] + 1:02d}"
                row["vp_per_column"] = card_vp(st.vc[s], n, m)
            row["score"] = scores[s]
            breakdown["players"][_seat(s)] = row
        return Outcome(
            scores=scores,
            ranks=ranks_from_keys(keys),
            end_reason=st.end_reason or "rules",
            breakdown=breakdown,
        )

    def component_totals(self, state: GState) -> dict[str, int]:
        """Resource cards per deck and resource (decks, discards, provinces, hands,
        contributions), supply cards and public-work markers: all conserved."""
        st = state
        c = st.disc[:]
        for d in range(4):
            for r in st.decks[d]:
                c[d * 5 + r] += 1
        for s in range(st.n):
            for k in range(D.NKIND):
                c[k] += st.hand[s][k] + st.contrib[s][k]
        bd = st.board
        for p in range(bd.np):
            d5 = bd.terrain[p] * 5
            for r in range(5):
                c[d5 + r] += st.up[p * 5 + r]
            for r in st.down[p]:
                c[d5 + r] += 1
        out = {
            f"{D.DECK_NAME[k // 5]} {D.RES_NAME[k % 5]}": c[k]
            for k in range(D.NKIND)
            if D.DECK_CONTENTS[k // 5][k % 5]
        }
        out["supply cards"] = (
            len(st.sdeck) + len(st.srow) + len(st.sdisc) + sum(len(h) for h in st.shand)
        )
        out["roads"] = st.left_road + sum(st.road)
        out["markets"] = st.left_market + sum(st.market)
        out["ramparts"] = st.left_rampart + sum(st.rampart)
        return out

    def view(self, state: GState, seat: int | None, text: str) -> str | None:
        from vikingcli_graenaland.render import view

        return view(state, seat, text)

    def current_scores(self, state: GState) -> tuple[float, ...]:
        return tuple(float(score_of(state, s)) for s in range(state.n))

    def evaluate(self, state: GState, seat: int) -> float:
        from vikingcli_graenaland.heuristic import evaluate

        return evaluate(state, seat)

    def render(self, state: GState, seat: int | None) -> str:
        from vikingcli_graenaland.render import render

        return render(state, seat)

    def to_json(self, state: GState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: Mapping[str, Any]) -> GState:
        return GState.from_json(dict(data))

    def clone(self, state: GState) -> GState:
        return state.clone()

    def rules_text(self) -> str:
        from vikingcli_graenaland.render import RULES_TEXT

        return RULES_TEXT
