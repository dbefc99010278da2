"""The Wikinger game state: flat lists of ints, cheap to clone and to serialise."""

from __future__ import annotations

from typing import Any

from vikingcli_wikinger.data import DISPLAY_SIZE, N_COLOURS, N_SPECIAL_KINDS, SLOTS

# Phases (who acts is always ``State.cur``).
AUCTION, DISCARD, COLOUR, TAKE, START, PLACE, FIGURE, SPECIAL, SWAP, FERRY, OVER = range(11)
PHASE_NAMES = (
    "auction", "discard", "colour", "take", "start", "place", "figure", "special", "swap",
    "ferry", "over",
)

# Open boatman trip modes (ferrying, §4.4.2): no trip, one figure so far,
# several of one colour, several of different colours.
TRIP_NONE, TRIP_FIRST, TRIP_SINGLE, TRIP_DISTINCT = range(4)

# Per-player list fields (each a list with one entry per seat, entries are ints/bools).
_FLAT = ("gold", "vp", "placed_start")
# Per-player fields holding one list of ints each.
_NESTED = ("ships", "idle", "sp")
# Global list fields of ints.
_GLOBAL_LISTS = (
    "stacks", "bag", "wheel_t", "wheel_f", "pile", "display", "drawn", "active",
    "box_tiles", "box_figs", "box_specials",
)
_SCALARS = (
    "n", "adv", "bidding", "round", "start", "phase", "cur", "turn", "stack_pos", "bag_pos",
    "pile_pos", "high_bid", "high_bidder", "next_slot", "pend_t", "pend_f", "pend_r", "pend_c",
    "pend_special", "swap_b", "ferry_i", "trip_mode", "trip_r", "trip_c", "ferried", "maxf0",
)


class State:
    """One Wikinger position. Rows are stored per player as 5 lists (rows 1..5),
    each a list of island cells by column (0 = empty), grown on demand."""

    __slots__ = (
        *_SCALARS, *_FLAT, *_NESTED, *_GLOBAL_LISTS, "rows", "log", "legal_cache",
    )

    n: int
    adv: bool
    bidding: bool
    round: int
    start: int
    phase: int
    cur: int
    turn: int
    stack_pos: int
    bag_pos: int
    pile_pos: int
    high_bid: int
    high_bidder: int
    next_slot: int
    pend_t: int
    pend_f: int
    pend_r: int
    pend_c: int
    pend_special: bool
    swap_b: int
    ferry_i: int
    trip_mode: int
    trip_r: int
    trip_c: int
    ferried: int
    maxf0: int
    gold: list[int]
    vp: list[int]
    placed_start: list[bool]
    ships: list[list[int]]
    idle: list[list[int]]
    sp: list[list[int]]
    stacks: list[int]
    bag: list[int]
    wheel_t: list[int]
    wheel_f: list[int]
    pile: list[int]
    display: list[int]
    drawn: list[int]
    active: list[bool]
    box_tiles: list[int]
    box_figs: list[int]
    box_specials: list[int]
    rows: list[list[list[int]]]
    log: list[dict[str, Any]]
    legal_cache: tuple[Any, ...] | None

    @classmethod
    def empty(cls, n: int, adv: bool, bidding: bool = True) -> State:
        """A state with empty tableaux and nothing dealt (used by setup and tests)."""
        s = cls()
        s.n = n
        s.adv = adv
        s.bidding = bidding
        s.round = 1
        s.start = 0
        s.phase = TAKE
        s.cur = 0
        s.turn = 0
        s.stack_pos = 0
        s.bag_pos = 0
        s.pile_pos = 0
        s.high_bid = -1
        s.high_bidder = -1
        s.next_slot = SLOTS - 1
        s.pend_t = 0
        s.pend_f = -1
        s.pend_r = -1
        s.pend_c = -1
        s.pend_special = False
        s.swap_b = -1
        s.ferry_i = 0
        s.trip_mode = TRIP_NONE
        s.trip_r = -1
        s.trip_c = -1
        s.ferried = 0
        s.maxf0 = 0
        s.gold = [0] * n
        s.vp = [0] * n
        s.placed_start = [False] * n
        s.ships = [[0, 0, 0] for _ in range(n)]
        s.idle = [[0] * N_COLOURS for _ in range(n)]
        s.sp = [[0] * N_SPECIAL_KINDS for _ in range(n)]
        s.stacks = []
        s.bag = []
        s.wheel_t = [0] * SLOTS
        s.wheel_f = [-1] * SLOTS
        s.pile = []
        s.display = [-1] * DISPLAY_SIZE
        s.drawn = [0] * N_COLOURS
        s.active = [True] * n
        s.box_tiles = []
        s.box_figs = [0] * N_COLOURS
        s.box_specials = []
        s.rows = [[[] for _ in range(5)] for _ in range(n)]
        s.log = []
        s.legal_cache = None
        return s

    def clone(self) -> State:
        """Independent copy; static data is shared, every list is copied by hand."""
        c = State.__new__(State)
        for name in _SCALARS:
            setattr(c, name, getattr(self, name))
        c.gold = self.gold[:]
        c.vp = self.vp[:]
        c.placed_start = self.placed_start[:]
        c.ships = [x[:] for x in self.ships]
        c.idle = [x[:] for x in self.idle]
        c.sp = [x[:] for x in self.sp]
        # The stacks and the special pile are only read (a position pointer moves),
        # so clones share them until determinize replaces them.
        c.stacks = self.stacks
        c.bag = self.bag
        c.pile = self.pile
        c.wheel_t = self.wheel_t[:]
        c.wheel_f = self.wheel_f[:]
        c.display = self.display[:]
        c.drawn = self.drawn[:]
        c.active = self.active[:]
        c.box_tiles = self.box_tiles[:]
        c.box_figs = self.box_figs[:]
        c.box_specials = self.box_specials[:]
        c.rows = [[r[:] for r in p] for p in self.rows]
        c.log = self.log[:]  # entries are never mutated after they are appended
        c.legal_cache = self.legal_cache
        return c

    def to_json(self) -> dict[str, Any]:
        """Full JSON-ready snapshot (the legal-action cache is derived, not saved)."""
        d: dict[str, Any] = {name: getattr(self, name) for name in _SCALARS}
        for name in (*_FLAT, *_GLOBAL_LISTS):
            d[name] = list(getattr(self, name))
        for name in _NESTED:
            d[name] = [list(x) for x in getattr(self, name)]
        d["rows"] = [[list(r) for r in p] for p in self.rows]
        d["log"] = list(self.log)
        return d

    @classmethod
    def from_json(cls, d: Any) -> State:
        """The state of a snapshot made by :meth:`to_json`."""
        s = cls()
        for name in _SCALARS:
            setattr(s, name, d[name])
        s.adv = bool(d["adv"])
        s.bidding = bool(d["bidding"])
        s.pend_special = bool(d["pend_special"])
        s.gold = [int(x) for x in d["gold"]]
        s.vp = [int(x) for x in d["vp"]]
        s.placed_start = [bool(x) for x in d["placed_start"]]
        for name in ("stacks", "bag", "wheel_t", "wheel_f", "pile", "display", "drawn",
                     "box_tiles", "box_figs", "box_specials"):
            setattr(s, name, [int(x) for x in d[name]])
        s.active = [bool(x) for x in d["active"]]
        for name in _NESTED:
            setattr(s, name, [[int(v) for v in x] for x in d[name]])
        s.rows = [[[int(v) for v in r] for r in p] for p in d["rows"]]
        s.log = [dict(e) for e in d["log"]]
        s.legal_cache = None
        return s
