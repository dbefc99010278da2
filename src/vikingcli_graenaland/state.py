"""The Graenaland game state (a :class:`~vikingcli.flat.FlatState` of ints and flat
lists) and the constants that name its phases and pending builds."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vikingcli.flat import FlatState
from vikingcli_graenaland.data import BOARDS, Board

Action = tuple[Any, ...]
"""A Graenaland action: an op name and its int arguments (``("build", TEMPLE, 2)``)."""

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

# hero-move commitment "no move"; otherwise hero * 8 + direction
STAY = 24
# offer card class of a face-down card (classes 0..4 are the resources)
HIDDEN = 5


class GState(FlatState):
    """One game of Graenaland. See ``rules/`` for the meaning of each phase.

    Player-indexed flat lists use ``province * n + seat`` (villages), ``province * 3 +
    building`` (owners), ``seat * 3 + hero`` (hero positions) and ``province * 5 +
    resource`` (face-up cards); a hand is a list of counts per card kind.
    """

    # fmt: off
    # scalars (ints, strs, bools)
    VALUES = (
        "n", "advanced", "cards", "permission", "round_limit", "rng", "round", "lead", "phase",
        "cur", "wcount", "left_road", "left_market", "left_rampart", "oidx", "offer_x", "vidx",
        "yes", "total", "bseat", "bmode", "supply_taken", "joint_used", "perm_used", "pend_kind",
        "pend_t", "pend_p", "pend_joint", "hero_type", "hero_p", "joint_w", "joint_p", "cidx",
        "winner", "end_reason", "didx", "reloc_p", "reloc_stage", "reloc_mover",
    )
    # flat lists; claim_plan and offer_log hold tuples (saved as lists)
    LISTS = (
        "vil", "bld", "hero", "wait", "wseq", "army", "road", "market", "rampart", "impr", "up",
        "disc", "srow", "sdeck", "sdisc", "mcommit", "ocls", "oelig", "oalloc", "voters", "vvotes",
        "mkt_used", "req", "fee", "final_queue", "vc", "ccommit", "dorder", "vote_log",
        "claim_plan", "offer_log",
    )
    GRIDS = (
        "down", "decks", "hand", "shand", "contrib", "arrivals", "vc_dealt",
    )
    # fmt: on
    # the best claim (VP, build plan) per seat in the claim window, filled in place
    CACHES = ("claim_cache",)
    __slots__ = (*VALUES, *LISTS, *GRIDS, *CACHES)

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
    claim_plan: list[tuple[Action, ...] | None]
    offer_log: list[tuple[int, ...]]
    claim_cache: list[tuple[int, tuple[Action, ...]] | None]

    @property
    def board(self) -> Board:
        return BOARDS[self.n]

    def to_json(self) -> dict[str, Any]:
        d = super().to_json()
        d["claim_plan"] = [[list(x) for x in p] if p is not None else None for p in self.claim_plan]
        d["offer_log"] = [list(x) for x in self.offer_log]
        return d

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GState:
        s: GState = super().from_json(data)
        s.claim_plan = [
            tuple(tuple(x) for x in p) if p is not None else None for p in data["claim_plan"]
        ]
        s.offer_log = [tuple(x) for x in data["offer_log"]]
        s.claim_cache = [None] * s.n
        return s
