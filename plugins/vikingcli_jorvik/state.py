"""The Jórvík game state: a flat state of ints and small lists (docs/rules/jorvik.md §2.3).

Conventions
* Cards are indices into ``data.CARDS``.  ``deck`` keeps the top card at the END of the
  list (pop is cheap).  ``box`` lists every card out of the game.
* ``slots[0..11]`` = board slots 1..12 (-1 = empty).  ``cols[0..5]`` = demand columns,
  index 0 = top viking.  A viking is coded ``seat`` (own colour) or ``seat + 8`` (brown).
* ``cargo[c]`` = tuple of goods on ship ``c``; ``fill[c]`` = bit mask of filled material
  spaces of craftsman ``c`` (bit i = ``NEEDS[c][i]`` filled).
* Stored goods and pool goods carry the "entered storage this turn" flag as ``+8``
  (docs/rules/jorvik.md §6.2 storage flag).  ``pool`` is 16 counts: index ``good``
  (unflagged) and ``good + 8`` (flagged).
* ``just_taken`` is the good a loading player's last move took out of storage, as
  ``good + 8 * where`` (0 board, 1 A06), or -1: storing that good straight back to the
  same place would only set its flag (a no-op, §8.15), which the AI never plays
  (``heuristic.undoes``). Left out of the JSON while -1.
* ``pk_glory`` holds bit ``seat`` for a Glory (D29) used and bit ``seat + RANSOM_BIT``
  for a Ransom (C22) paid in the Pict attack being resolved.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from vikingcli.engine import FlatState, load_fields
from vikingcli_jorvik.data import N_CARDS

# phases (each Final: the compiled build inlines them instead of a global look-up)
PH_SUPPLY: Final = 0
PH_GLORY: Final = 1
PH_RANSOM: Final = 2
PH_COMMIT: Final = 3
PH_DEMAND: Final = 4
PH_SWAP: Final = 5
PH_BUY: Final = 6
PH_RESBUY: Final = 7
PH_LOAD: Final = 8
PH_OVER: Final = 9
PHASE_NAMES: Final[tuple[str, ...]] = (
    "supply", "glory", "ransom", "commit", "demand", "swap",
    "purchase", "reservation", "loading", "end",
)  # fmt: skip

# Pict attack resolution contexts
CTX_SUPPLY: Final = 0
CTX_FINAL: Final = 1

RANSOM_BIT: Final = 8  # pk_glory bit (seat + 8) = paid ransom


class PhaseReading:
    """What the heuristic reads alike at every position of one loading phase, for
    every seat: the phase moves goods and coins and boxes one-shot cards, but no card
    of the deck, no offer and no warrior, so the part of the game left, the goods and
    Pict attacks still to come and every seat's defence stay as they were. Empty
    (``value`` None) until ``evaluate`` first asks in the phase; one object for the
    phase's positions and their clones, a new one for a determinization (its deck is
    re-dealt)."""

    __slots__ = ("value",)

    def __init__(self) -> None:
        self.value: Any = None


class State(FlatState):
    VALUES = (
        "n", "advanced", "start", "phase", "actor", "round", "a19_brown", "brown_boxed",
        "buf_stolen", "fill_pos", "pslot", "lpos", "pk_card", "pk_ctx", "pk_win",
        "pk_lose", "pk_glory", "just_taken",
        "final",  # set once at the end of the game, never changed after
    )  # fmt: skip
    LISTS = (
        "deck", "bag", "cgs", "box", "slots", "fill", "res_cards", "res_vik", "coins",
        "vp", "vik", "bsup", "sboard", "pool", "buf", "pk_queue", "pk_delta",
        "cargo",  # tuples: replaced, never changed in place
        "log",  # entries are never mutated after they are appended
    )  # fmt: skip
    GRIDS = ("cols", "loading", "cards", "swh")
    # What the heuristic reads alike at every position of one loading phase
    # (PhaseReading): a search judging a loading turn's moves works it out once, not
    # for every child (issue 38, Jórvík's search speed).
    CACHES = ("phase_reading",)
    __slots__ = VALUES + LISTS + GRIDS + CACHES

    SUMMARY = ("round", "phase", "actor", "vp", "coins")  # what repr shows
    PHASES = PHASE_NAMES
    # Keys of snapshots made before the glossary's names (rules version 1).
    RENAMED: ClassVar[Mapping[str, str]] = {"jarl": "advanced", "round_no": "round"}

    n: int
    advanced: bool
    start: int
    phase: int
    actor: int
    round: int
    deck: list[int]
    bag: list[int]
    cgs: list[int]
    box: list[int]
    slots: list[int]
    cargo: list[tuple[int, ...]]
    fill: list[int]
    cols: list[list[int]]
    res_cards: list[int]
    res_vik: list[int]
    coins: list[int]
    vp: list[int]
    vik: list[int]
    bsup: list[int]
    a19_brown: int
    brown_boxed: int
    loading: list[list[int]]
    cards: list[list[int]]
    sboard: list[int]
    swh: list[list[int]]
    pool: list[int]
    buf: list[int]
    buf_stolen: bool
    fill_pos: int
    pslot: int
    lpos: int
    pk_card: int
    pk_ctx: int
    pk_queue: list[int]
    pk_win: int
    pk_lose: int
    pk_glory: int
    just_taken: int
    pk_delta: list[int]
    log: list[dict[str, Any]]
    final: dict[str, Any] | None
    phase_reading: PhaseReading | None
    """The loading phase's :class:`PhaseReading` (a new one at the start of each
    loading phase, shared by clones), read only while the phase lasts (the next
    loading phase replaces it); ``None`` after ``from_json``. A position changed by
    hand (a test's, a determinization's) must get a new one or none
    (:meth:`clear_caches`)."""

    def clone(self) -> State:
        """An independent copy, each field as deep as its kind says: the text
        vikingcli.engine.fields.clone_source generates from the kinds. Written out, not made
        when the class is: a compiled (native) class takes no method assigned after its
        creation."""
        c = State()
        c.legal_cache = self.legal_cache
        c.n = self.n
        c.advanced = self.advanced
        c.start = self.start
        c.phase = self.phase
        c.actor = self.actor
        c.round = self.round
        c.a19_brown = self.a19_brown
        c.brown_boxed = self.brown_boxed
        c.buf_stolen = self.buf_stolen
        c.fill_pos = self.fill_pos
        c.pslot = self.pslot
        c.lpos = self.lpos
        c.pk_card = self.pk_card
        c.pk_ctx = self.pk_ctx
        c.pk_win = self.pk_win
        c.pk_lose = self.pk_lose
        c.pk_glory = self.pk_glory
        c.just_taken = self.just_taken
        c.final = self.final
        c.deck = self.deck[:]
        c.bag = self.bag[:]
        c.cgs = self.cgs[:]
        c.box = self.box[:]
        c.slots = self.slots[:]
        c.fill = self.fill[:]
        c.res_cards = self.res_cards[:]
        c.res_vik = self.res_vik[:]
        c.coins = self.coins[:]
        c.vp = self.vp[:]
        c.vik = self.vik[:]
        c.bsup = self.bsup[:]
        c.sboard = self.sboard[:]
        c.pool = self.pool[:]
        c.buf = self.buf[:]
        c.pk_queue = self.pk_queue[:]
        c.pk_delta = self.pk_delta[:]
        c.cargo = self.cargo[:]
        c.log = self.log[:]
        c.cols = [x[:] for x in self.cols]
        c.loading = [x[:] for x in self.loading]
        c.cards = [x[:] for x in self.cards]
        c.swh = [x[:] for x in self.swh]
        c.phase_reading = self.phase_reading
        return c

    # -- JSON: cargo is saved sparse ({"card index": goods}), log entries copied --------
    def to_json(self) -> dict[str, Any]:
        d = super().to_json()
        d["cargo"] = {str(i): list(g) for i, g in enumerate(self.cargo) if g}
        d["log"] = [dict(e) for e in self.log]
        if self.just_taken < 0:
            # As saves made before the field: their snapshots still compare equal.
            del d["just_taken"]
        return d

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> State:
        data = cls.upgrade(data)  # a snapshot of older rules in today's keys
        cargo: list[tuple[int, ...]] = [()] * N_CARDS
        for key, goods in data["cargo"].items():
            cargo[int(key)] = tuple(int(g) for g in goods)
        s: State = load_fields(
            cls,
            {
                **data,
                "advanced": bool(data["advanced"]),
                "buf_stolen": bool(data["buf_stolen"]),
                # saves from before the field: no take was the last move
                "just_taken": int(data.get("just_taken", -1)),
                "cargo": cargo,
                "log": [dict(e) for e in data["log"]],
            },
        )
        return s
