"""The Graenaland game state (a :class:`~vikingcli.engine.flat.FlatState` of ints and flat
lists) and the constants that name its phases and pending builds."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from vikingcli.engine import FlatState
from vikingcli_graenaland.data import BOARDS, Board

Action = tuple[Any, ...]
"""A Graenaland action: an op name and its int arguments (``("build", TEMPLE, 2)``)."""

# Phases
PH_DRAFT: Final = 0  # advanced setup placement (D2)
PH_RELOC: Final = 1  # advanced setup relocation after overcrowding (D3)
PH_VCKEEP: Final = 2  # keep one of three victory cards (D4)
PH_MOVE: Final = 3  # hero move commitments (D5)
PH_OFFER: Final = 4  # offer or pass (D6)
PH_ALLOC: Final = 5  # offer being built one card at a time (D6)
PH_VOTE: Final = 6  # block votes (D7)
PH_CLAIM: Final = 7  # advanced claim window (D8)
PH_BUILD: Final = 8  # build phase: lead, permitted player or final builder (D9/D12/D13)
PH_FEE: Final = 9  # rampart entry fee, one card per recipient
PH_PAY: Final = 10  # paying a build one source at a time
PH_HERO: Final = 11  # move the priest/skald to the new temple/hall?
PH_CONTRIB: Final = 12  # joint-work contributions (D10)
PH_JOINT: Final = 13  # lead completes or abandons the joint work (D11)
PH_OVER: Final = 14

PHASE_NAMES: Final = (
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
BM_NORMAL: Final = 0
BM_FINAL: Final = 1
BM_PERMIT: Final = 2

# pending build kinds
K_VILLAGE: Final = 0
K_BUILDING: Final = 1  # + type in pend_t
K_ARMY: Final = 2
K_WORK: Final = 3  # + type in pend_t

# hero-move commitment "no move"; otherwise hero * 8 + direction
STAY: Final = 24
# offer card class of a face-down card (classes 0..4 are the resources)
HIDDEN: Final = 5


class State(FlatState):
    """One game of Graenaland. See ``rules/`` for the meaning of each phase.

    Player-indexed flat lists use ``province * n + seat`` (villages), ``province * 3 +
    building`` (owners), ``seat * 3 + hero`` (hero positions) and ``province * 5 +
    resource`` (face-up cards); a hand is a list of counts per card kind.
    """

    # fmt: off
    # scalars (ints, strs, bools)
    VALUES = (
        "n", "advanced", "cards", "permission", "round_limit", "rng", "round", "start", "phase",
        "actor", "wcount", "left_road", "left_market", "left_rampart", "oidx", "offer_x", "vidx",
        "yes", "total", "bseat", "bmode", "supply_taken", "joint_used", "perm_used", "pend_kind",
        "pend_t", "pend_p", "pend_joint", "hero_type", "hero_p", "joint_w", "joint_p", "cidx",
        "winner", "end_reason", "didx", "reloc_p", "reloc_stage", "reloc_mover",
    )
    # flat lists; claim_plan and offer_log hold tuples (TUPLES: saved as lists)
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
    TUPLES = ("claim_plan", "offer_log")
    __slots__ = (*VALUES, *LISTS, *GRIDS, *CACHES)

    SUMMARY = ("round", "phase", "actor", "start")  # what repr shows
    PHASES = PHASE_NAMES
    # Keys of snapshots made before the glossary's names (rules version 2).
    RENAMED: ClassVar[Mapping[str, str]] = {"cur": "actor", "lead": "start"}

    n: int
    advanced: bool
    cards: bool
    permission: bool
    round_limit: int
    rng: int
    round: int
    start: int
    phase: int
    actor: int
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

    def clone(self) -> State:
        """An independent copy, each field as deep as its kind says: the text
        vikingcli.engine.fields.clone_source generates from the kinds. Written out, not made
        when the class is: a compiled (native) class takes no method assigned after its
        creation."""
        c = State()
        c.legal_cache = self.legal_cache
        c.n = self.n
        c.advanced = self.advanced
        c.cards = self.cards
        c.permission = self.permission
        c.round_limit = self.round_limit
        c.rng = self.rng
        c.round = self.round
        c.start = self.start
        c.phase = self.phase
        c.actor = self.actor
        c.wcount = self.wcount
        c.left_road = self.left_road
        c.left_market = self.left_market
        c.left_rampart = self.left_rampart
        c.oidx = self.oidx
        c.offer_x = self.offer_x
        c.vidx = self.vidx
        c.yes = self.yes
        c.total = self.total
        c.bseat = self.bseat
        c.bmode = self.bmode
        c.supply_taken = self.supply_taken
        c.joint_used = self.joint_used
        c.perm_used = self.perm_used
        c.pend_kind = self.pend_kind
        c.pend_t = self.pend_t
        c.pend_p = self.pend_p
        c.pend_joint = self.pend_joint
        c.hero_type = self.hero_type
        c.hero_p = self.hero_p
        c.joint_w = self.joint_w
        c.joint_p = self.joint_p
        c.cidx = self.cidx
        c.winner = self.winner
        c.end_reason = self.end_reason
        c.didx = self.didx
        c.reloc_p = self.reloc_p
        c.reloc_stage = self.reloc_stage
        c.reloc_mover = self.reloc_mover
        c.vil = self.vil[:]
        c.bld = self.bld[:]
        c.hero = self.hero[:]
        c.wait = self.wait[:]
        c.wseq = self.wseq[:]
        c.army = self.army[:]
        c.road = self.road[:]
        c.market = self.market[:]
        c.rampart = self.rampart[:]
        c.impr = self.impr[:]
        c.up = self.up[:]
        c.disc = self.disc[:]
        c.srow = self.srow[:]
        c.sdeck = self.sdeck[:]
        c.sdisc = self.sdisc[:]
        c.mcommit = self.mcommit[:]
        c.ocls = self.ocls[:]
        c.oelig = self.oelig[:]
        c.oalloc = self.oalloc[:]
        c.voters = self.voters[:]
        c.vvotes = self.vvotes[:]
        c.mkt_used = self.mkt_used[:]
        c.req = self.req[:]
        c.fee = self.fee[:]
        c.final_queue = self.final_queue[:]
        c.vc = self.vc[:]
        c.ccommit = self.ccommit[:]
        c.dorder = self.dorder[:]
        c.vote_log = self.vote_log[:]
        c.claim_plan = self.claim_plan[:]
        c.offer_log = self.offer_log[:]
        c.down = [x[:] for x in self.down]
        c.decks = [x[:] for x in self.decks]
        c.hand = [x[:] for x in self.hand]
        c.shand = [x[:] for x in self.shand]
        c.contrib = [x[:] for x in self.contrib]
        c.arrivals = [x[:] for x in self.arrivals]
        c.vc_dealt = [x[:] for x in self.vc_dealt]
        c.claim_cache = self.claim_cache[:]
        return c

    def clear_caches(self) -> None:
        """The claim cache is a list per seat, never ``None``."""
        self.claim_cache = [None] * self.n
        self.legal_cache = None
