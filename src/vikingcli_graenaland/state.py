"""The Graenaland game state: flat lists of ints, cheap to clone and to serialise."""

from __future__ import annotations

from typing import Any

from vikingcli_graenaland.data import BOARDS, Board

# Phases
PH_DRAFT = 0  # advanced setup placement (D2)
PH_RELOC = 1  # advanced setup relocation after overcrowding (D3)
PH_VCKEEP = 2  # keep one of three victory cards (D4)
PH_MOVE = 3  # hero move commitments (D5)
PH_OFFER = 4  # offer or pass (D6)
PH_ALLOC = 5  # offer being built one card at a time (D6)
PH_VOTE = 6  # block votes (D7)
PH_CLAIM = 7  # advanced claim window (D8)
PH_BUILD = 8  # build phase: lead, permitted player or final builder (D9/D12/D13)
PH_FEE = 9  # rampart entry fee, one card per recipient
PH_PAY = 10  # paying a build one source at a time
PH_HERO = 11  # move the priest/skald to the new temple/hall?
PH_CONTRIB = 12  # joint-work contributions (D10)
PH_JOINT = 13  # lead completes or abandons the joint work (D11)
PH_OVER = 14

PHASE_NAME = (
    "draft",
    "relocate",
    "keep card",
    "hero moves",
    "offers",
    "offer",
    "vote",
    "claims",
    "build",
    "rampart fee",
    "pay",
    "hero",
    "contribute",
    "joint work",
    "over",
)

# build modes
BM_NORMAL, BM_FINAL, BM_PERMIT = 0, 1, 2

# pending build kinds
K_VILLAGE = 0
K_BUILDING = 1  # + type in pend_t
K_ARMY = 2
K_WORK = 3  # + type in pend_t

# scalar slots (ints / strs / bools), flat list slots, nested list slots
_SCALARS = (
    "n",
    "advanced",
    "cards",
    "permission",
    "round_limit",
    "rng",
    "round",
    "lead",
    "phase",
    "cur",
    "wcount",
    "left_road",
    "left_market",
    "left_rampart",
    "oidx",
    "offer_x",
    "vidx",
    "yes",
    "total",
    "bseat",
    "bmode",
    "supply_taken",
    "joint_used",
    "perm_used",
    "pend_kind",
    "pend_t",
    "pend_p",
    "pend_joint",
    "hero_type",
    "hero_p",
    "joint_w",
    "joint_p",
    "cidx",
    "winner",
    "end_reason",
    "didx",
    "reloc_p",
    "reloc_stage",
    "reloc_mover",
)
_FLAT = (
    "vil",
    "bld",
    "hero",
    "wait",
    "wseq",
    "army",
    "road",
    "market",
    "rampart",
    "impr",
    "up",
    "disc",
    "srow",
    "sdeck",
    "sdisc",
    "mcommit",
    "ocls",
    "oelig",
    "oalloc",
    "voters",
    "vvotes",
    "mkt_used",
    "req",
    "fee",
    "final_queue",
    "vc",
    "ccommit",
    "dorder",
    "vote_log",
)
_NESTED = ("down", "decks", "hand", "shand", "contrib", "arrivals", "vc_dealt")


class GState:
    """One game of Graenaland. See ``rules.py`` for the meaning of each phase."""

    __slots__ = (*_SCALARS, *_FLAT, *_NESTED, "claim_plan", "offer_log", "claim_cache", "la")

    n: int
    advanced: bool
    cards: bool
    permission: bool
    round_limit: int
    rng: int
    round: int
    lead: int
    phase: int
    cur: int
    wcount: int
    left_road: int
    left_market: int
    left_rampart: int
    oidx: int
    offer_x: int
    vidx: int
    yes: int
    total: int
    bseat: int
    bmode: int
    supply_taken: bool
    joint_used: bool
    perm_used: bool
    pend_kind: int
    pend_t: int
    pend_p: int
    pend_joint: bool
    hero_type: int
    hero_p: int
    joint_w: int
    joint_p: int
    cidx: int
    winner: int
    end_reason: str
    didx: int
    reloc_p: int
    reloc_stage: int
    reloc_mover: int
    vil: list[int]
    bld: list[int]
    hero: list[int]
    wait: list[int]
    wseq: list[int]
    army: list[int]
    road: list[int]
    market: list[int]
    rampart: list[int]
    impr: list[int]
    up: list[int]
    disc: list[int]
    srow: list[int]
    sdeck: list[int]
    sdisc: list[int]
    mcommit: list[int]
    ocls: list[int]
    oelig: list[int]
    oalloc: list[int]
    voters: list[int]
    vvotes: list[int]
    mkt_used: list[int]
    req: list[int]
    fee: list[int]
    final_queue: list[int]
    vc: list[int]
    ccommit: list[int]
    dorder: list[int]
    vote_log: list[int]
    down: list[list[int]]
    decks: list[list[int]]
    hand: list[list[int]]
    shand: list[list[int]]
    contrib: list[list[int]]
    arrivals: list[list[int]]
    vc_dealt: list[list[int]]
    claim_plan: list[tuple[Any, ...] | None]
    offer_log: list[tuple[int, ...]]
    claim_cache: list[Any]
    la: list[Any] | None  # cached legal actions (never serialised; reset by every apply)

    @property
    def board(self) -> Board:
        return BOARDS[self.n]

    def clone(self) -> GState:
        s = GState.__new__(GState)
        for a in _SCALARS:
            setattr(s, a, getattr(self, a))
        for a in _FLAT:
            setattr(s, a, getattr(self, a)[:])
        for a in _NESTED:
            setattr(s, a, [x[:] for x in getattr(self, a)])
        s.claim_plan = self.claim_plan[:]  # tuples inside are immutable
        s.offer_log = self.offer_log[:]
        s.claim_cache = self.claim_cache[:]
        s.la = self.la  # never mutated, only replaced
        return s

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {}
        for a in _SCALARS:
            d[a] = getattr(self, a)
        for a in _FLAT:
            d[a] = list(getattr(self, a))
        for a in _NESTED:
            d[a] = [list(x) for x in getattr(self, a)]
        d["claim_plan"] = [[list(x) for x in p] if p is not None else None for p in self.claim_plan]
        d["offer_log"] = [list(x) for x in self.offer_log]
        return d

    @staticmethod
    def from_json(d: dict[str, Any]) -> GState:
        s = GState.__new__(GState)
        for a in _SCALARS:
            setattr(s, a, d[a])
        for a in _FLAT:
            setattr(s, a, list(d[a]))
        for a in _NESTED:
            setattr(s, a, [list(x) for x in d[a]])
        s.claim_plan = [
            tuple(tuple(x) for x in p) if p is not None else None for p in d["claim_plan"]
        ]
        s.offer_log = [tuple(x) for x in d["offer_log"]]
        s.claim_cache = [None] * s.n
        s.la = None
        return s
