"""The Wikinger game state: flat lists of ints, cheap to clone and to serialise."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from vikingcli.engine import FlatState
from vikingcli_wikinger.data import DISPLAY_SIZE, N_COLOURS, N_SPECIAL_KINDS, SLOTS

# Phases (who acts is always ``State.actor``).
PH_AUCTION: Final = 0
PH_DISCARD: Final = 1
PH_COLOUR: Final = 2
PH_TAKE: Final = 3
PH_START: Final = 4
PH_PLACE: Final = 5
PH_FIGURE: Final = 6
PH_SPECIAL: Final = 7
PH_SWAP: Final = 8
PH_FERRY: Final = 9
PH_OVER: Final = 10
PHASE_NAMES: Final = (
    "auction", "discard", "colour", "take", "start", "place", "figure", "special", "swap",
    "ferry", "over",
)  # fmt: skip

Action = tuple[Any, ...]
"""An action: one decision as a tuple, ``("take", 7)``, ``("tile", 2, 1)``, ``("pass",)``
(the list is in rules/__init__.py)."""

Event = tuple[Any, ...]
"""One step the rules took (recorded only while ``State.events`` is a list), a tuple
whose first item is one of the kinds below; seats, slots, rows and columns as ints."""
E_FORCED: Final = "forced"  # (E_FORCED, seat, action): the only legal action, played for the seat
E_TAKE: Final = "take"  # (E_TAKE, seat, slot, tile, figure, gold paid, VP exchanged)
E_START: Final = "start"  # (E_START, seat, row): the start tile
E_PLACE: Final = "place"  # (E_PLACE, seat, row, col, tile, forced): row 0 = ship row
E_DISCARD_TILE: Final = "discard tile"  # (.., seat, tile, figure): fits nowhere (§3.6.3)
E_FIGURE: Final = "figure"  # (E_FIGURE, seat, figure, row, col): on its tile
E_IDLE: Final = "idle"  # (E_IDLE, seat, figure, why): to the mainland; why "chosen", "row", "ship"
E_SWAP: Final = "swap"  # (E_SWAP, seat, row, col, building, forced): SP11 replaces a tile
E_SP11_WAIT: Final = "sp11 wait"  # (.., seat, building): no tile of its building yet
E_SPECIAL: Final = "special"  # (E_SPECIAL, seat, kind) kind -1 = none
E_TREASURE: Final = "treasure"  # (E_TREASURE, seat, gold)
E_AUCTION: Final = "auction"  # (E_AUCTION, winner, bid, gold paid, VP exchanged, old start)
E_NO_BID: Final = "no bid"  # (E_NO_BID, start): everybody passed
E_DISCARD_FIG: Final = "discard figure"  # (.., seat, colour)
E_TILES: Final = "tiles"  # (E_TILES, wheel tiles by slot): laid out (advanced, after the discard)
E_COLOUR: Final = "colour"  # (E_COLOUR, seat, colour, slots)
E_ROUND: Final = "round"  # (E_ROUND, round, start player)
E_OFFER: Final = "offer"  # (E_OFFER, wheel tiles, wheel figures): the basic round's offer
E_DRAW: Final = "draw"  # (E_DRAW, display, drawn counts by colour): the advanced round's start
E_FERRY: Final = "ferry"  # (E_FERRY, seat, kind, row, col)
E_LAND: Final = "land"  # (E_LAND, seat)
E_FERRY_END: Final = "ferry end"  # (.., seat, chosen): done, or nothing more can be ferried
E_NO_FERRY: Final = "no ferry"  # (.., seats): players with nothing to ferry this big scoring
E_SCORING: Final = "scoring"  # (E_SCORING, index into State.log)
E_OVER: Final = "over"  # (E_OVER,)

# Open boatman trip modes (ferrying, §4.4.2): no trip, one figure so far,
# several of one colour, several of different colours.
TRIP_NONE: Final = 0
TRIP_FIRST: Final = 1
TRIP_SINGLE: Final = 2
TRIP_DISTINCT: Final = 3


class State(FlatState):
    """One Wikinger position. Rows are stored per player as 5 lists (rows 1..5),
    each a list of island cells by column (0 = empty), grown on demand."""

    # The stacks, the bag and the special pile are only read (a position pointer
    # moves), so clones share them until determinize replaces them.
    VALUES = (
        "n", "advanced", "bidding", "round", "start", "phase", "actor", "turn", "stack_pos",
        "bag_pos", "pile_pos", "high_bid", "high_bidder", "next_slot", "pend_t", "pend_f",
        "pend_r", "pend_c", "pend_special", "swap_b", "ferry_i", "trip_mode", "trip_r",
        "trip_c", "ferried", "maxf0", "stacks", "bag", "pile", "last_move",
    )  # fmt: skip
    # The log's entries are never changed after they are appended: one level is enough.
    LISTS = (
        "gold", "vp", "placed_start", "wheel_t", "wheel_f", "display", "drawn", "in_auction",
        "box_tiles", "box_figs", "box_specials", "log",
    )  # fmt: skip
    GRIDS = ("ships", "idle", "sp")
    CUBES = ("rows",)
    # Not saved, not observed: None, except in a copy whose moves narrate.py follows.
    CACHES = ("events",)
    TUPLES = ("last_move",)
    __slots__ = VALUES + LISTS + GRIDS + CUBES + CACHES

    SUMMARY = ("round", "phase", "actor", "vp", "gold")  # what repr shows
    PHASES = PHASE_NAMES
    # Keys of snapshots made before the glossary's names (rules version 2).
    RENAMED: ClassVar[Mapping[str, str]] = {
        "cur": "actor", "adv": "advanced", "active": "in_auction",
    }  # fmt: skip

    n: int
    advanced: bool
    bidding: bool
    round: int
    start: int
    phase: int
    actor: int
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
    last_move: tuple[Any, ...]
    """The last move, public like every move: the seat, then the action's items
    (``(2, "take", 7)``); ``()`` before the first. The observation holds it, so two
    moves that end in the same position (ferrying in another order, the rest forced)
    are still told apart (docs/rules/wikinger.md, "Rulings made by the code" 9)."""
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
    in_auction: list[bool]
    box_tiles: list[int]
    box_figs: list[int]
    box_specials: list[int]
    rows: list[list[list[int]]]
    log: list[dict[str, Any]]
    events: list[Event] | None
    """What the rules did, step by step, while it is a list (``E_*`` tuples below); the
    rules never read it, and every state the game hands out has ``None`` here: only
    narrate.py switches it on, in its own copy of the position it narrates."""
    legal_cache: tuple[Action, ...] | None  # (FlatState's slot) Wikinger's actions are tuples

    @classmethod
    def empty(cls, n: int, advanced: bool, bidding: bool = True) -> State:
        """A state with empty tableaux and nothing dealt (used by setup and tests)."""
        s = cls()
        s.n = n
        s.advanced = advanced
        s.bidding = bidding
        s.round = 1
        s.start = 0
        s.phase = PH_TAKE
        s.actor = 0
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
        s.last_move = ()
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
        s.in_auction = [True] * n
        s.box_tiles = []
        s.box_figs = [0] * N_COLOURS
        s.box_specials = []
        s.rows = [[[] for _ in range(5)] for _ in range(n)]
        s.log = []
        s.events = None
        s.legal_cache = None
        return s

    def clone(self) -> State:
        """An independent copy, each field as deep as its kind says: the text
        vikingcli.engine.fields.clone_source generates from the kinds. Written out, not made
        when the class is: a compiled (native) class takes no method assigned after its
        creation."""
        c = State()
        c.legal_cache = self.legal_cache
        c.n = self.n
        c.advanced = self.advanced
        c.bidding = self.bidding
        c.round = self.round
        c.start = self.start
        c.phase = self.phase
        c.actor = self.actor
        c.turn = self.turn
        c.stack_pos = self.stack_pos
        c.bag_pos = self.bag_pos
        c.pile_pos = self.pile_pos
        c.high_bid = self.high_bid
        c.high_bidder = self.high_bidder
        c.next_slot = self.next_slot
        c.pend_t = self.pend_t
        c.pend_f = self.pend_f
        c.pend_r = self.pend_r
        c.pend_c = self.pend_c
        c.pend_special = self.pend_special
        c.swap_b = self.swap_b
        c.ferry_i = self.ferry_i
        c.trip_mode = self.trip_mode
        c.trip_r = self.trip_r
        c.trip_c = self.trip_c
        c.ferried = self.ferried
        c.maxf0 = self.maxf0
        c.stacks = self.stacks
        c.bag = self.bag
        c.pile = self.pile
        c.last_move = self.last_move
        c.gold = self.gold[:]
        c.vp = self.vp[:]
        c.placed_start = self.placed_start[:]
        c.wheel_t = self.wheel_t[:]
        c.wheel_f = self.wheel_f[:]
        c.display = self.display[:]
        c.drawn = self.drawn[:]
        c.in_auction = self.in_auction[:]
        c.box_tiles = self.box_tiles[:]
        c.box_figs = self.box_figs[:]
        c.box_specials = self.box_specials[:]
        c.log = self.log[:]
        c.ships = [x[:] for x in self.ships]
        c.idle = [x[:] for x in self.idle]
        c.sp = [x[:] for x in self.sp]
        c.rows = [[y[:] for y in x] for x in self.rows]
        events = self.events
        c.events = None if events is None else events[:]
        return c
