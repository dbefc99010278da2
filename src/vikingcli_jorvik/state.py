"""The Jórvík game state: flat lists of ints, cloned by hand.

Conventions
* Cards are indices into ``data.CARDS``.  ``deck`` keeps the top card at the END of the
  list (pop is cheap).  ``box`` lists every card out of the game.
* ``slots[0..11]`` = board slots 1..12 (-1 = empty).  ``cols[0..5]`` = demand columns,
  index 0 = top viking.  A viking is coded ``seat`` (own colour) or ``seat + 8`` (brown).
* ``cargo[c]`` = tuple of goods on ship ``c``; ``fill[c]`` = bit mask of filled material
  spaces of craftsman ``c`` (bit i = ``NEEDS[c][i]`` filled).
* Stored goods and pool goods carry the "entered storage this turn" flag as ``+8``
  (spec §6.2 storage flag).  ``pool`` is 16 counts: index ``good`` (unflagged) and
  ``good + 8`` (flagged).
"""

from __future__ import annotations

from typing import Any

# phases
PH_SUPPLY, PH_GLORY, PH_RANSOM, PH_COMMIT, PH_DEMAND, PH_SWAP = range(6)
PH_BUY, PH_RESBUY, PH_LOAD, PH_END = range(6, 10)
PHASE_NAMES = (
    "supply", "glory", "ransom", "commit", "demand", "swap",
    "purchase", "reservation", "loading", "end",
)  # fmt: skip

# Pict attack resolution contexts
CTX_SUPPLY, CTX_FINAL = 0, 1


class JorvikState:
    __slots__ = (
        "_la",
        "_las",
        "a19_brown",
        "actor",
        "bag",
        "box",
        "brown_boxed",
        "bsup",
        "buf",
        "buf_stolen",
        "cards",
        "cargo",
        "cgs",
        "coins",
        "cols",
        "deck",
        "fill",
        "fill_pos",
        "final",
        "jarl",
        "loading",
        "log",
        "lpos",
        "n",
        "phase",
        "pk_card",
        "pk_ctx",
        "pk_delta",
        "pk_glory",
        "pk_lose",
        "pk_queue",
        "pk_win",
        "pool",
        "pslot",
        "res_cards",
        "res_vik",
        "round_no",
        "sboard",
        "slots",
        "start",
        "swh",
        "vik",
        "vp",
    )

    n: int
    jarl: bool
    start: int
    phase: int
    actor: int
    round_no: int
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
    pk_delta: list[int]
    log: list[dict[str, Any]]
    final: dict[str, Any] | None
    _la: tuple[Any, ...] | None
    _las: frozenset[Any] | None

    def clone(self) -> JorvikState:
        s = JorvikState.__new__(JorvikState)
        s.n = self.n
        s.jarl = self.jarl
        s.start = self.start
        s.phase = self.phase
        s.actor = self.actor
        s.round_no = self.round_no
        s.deck = self.deck[:]
        s.bag = self.bag[:]
        s.cgs = self.cgs[:]
        s.box = self.box[:]
        s.slots = self.slots[:]
        s.cargo = self.cargo[:]
        s.fill = self.fill[:]
        s.cols = [c[:] for c in self.cols]
        s.res_cards = self.res_cards[:]
        s.res_vik = self.res_vik[:]
        s.coins = self.coins[:]
        s.vp = self.vp[:]
        s.vik = self.vik[:]
        s.bsup = self.bsup[:]
        s.a19_brown = self.a19_brown
        s.brown_boxed = self.brown_boxed
        s.loading = [x[:] for x in self.loading]
        s.cards = [x[:] for x in self.cards]
        s.sboard = self.sboard[:]
        s.swh = [x[:] for x in self.swh]
        s.pool = self.pool[:]
        s.buf = self.buf[:]
        s.buf_stolen = self.buf_stolen
        s.fill_pos = self.fill_pos
        s.pslot = self.pslot
        s.lpos = self.lpos
        s.pk_card = self.pk_card
        s.pk_ctx = self.pk_ctx
        s.pk_queue = self.pk_queue[:]
        s.pk_win = self.pk_win
        s.pk_lose = self.pk_lose
        s.pk_glory = self.pk_glory
        s.pk_delta = self.pk_delta[:]
        s.log = self.log[:]  # entries are never mutated after they are appended
        s.final = self.final
        s._la = self._la  # legal-action cache is valid for an equal state
        s._las = self._las
        return s

    # -- JSON ---------------------------------------------------------------------------
    _PLAIN = (
        "n", "jarl", "start", "phase", "actor", "round_no", "a19_brown", "brown_boxed",
        "buf_stolen", "fill_pos", "pslot", "lpos", "pk_card", "pk_ctx", "pk_win",
        "pk_lose", "pk_glory", "final",
    )  # fmt: skip
    _LISTS = (
        "deck", "bag", "cgs", "box", "slots", "fill", "res_cards", "res_vik", "coins",
        "vp", "vik", "bsup", "sboard", "pool", "buf", "pk_queue", "pk_delta",
    )  # fmt: skip
    _NESTED = ("cols", "loading", "cards", "swh")

    def to_json(self) -> dict[str, Any]:
        d: dict[str, Any] = {}
        for k in self._PLAIN:
            d[k] = getattr(self, k)
        for k in self._LISTS:
            d[k] = list(getattr(self, k))
        for k in self._NESTED:
            d[k] = [list(x) for x in getattr(self, k)]
        d["cargo"] = {str(i): list(g) for i, g in enumerate(self.cargo) if g}
        d["log"] = [dict(e) for e in self.log]
        return d

    @classmethod
    def from_json(cls, d: Any, n_cards: int) -> JorvikState:
        s = cls.__new__(cls)
        for k in cls._PLAIN:
            setattr(s, k, d[k])
        s.jarl = bool(d["jarl"])
        s.buf_stolen = bool(d["buf_stolen"])
        for k in cls._LISTS:
            setattr(s, k, [int(x) for x in d[k]])
        for k in cls._NESTED:
            setattr(s, k, [[int(x) for x in y] for y in d[k]])
        cargo: list[tuple[int, ...]] = [()] * n_cards
        for key, goods in d["cargo"].items():
            cargo[int(key)] = tuple(int(g) for g in goods)
        s.cargo = cargo
        s.log = [dict(e) for e in d["log"]]
        s.final = d["final"]
        s._la = None
        s._las = None
        return s
