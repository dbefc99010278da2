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
* ``pk_glory`` holds bit ``seat`` for a Glory (D29) used and bit ``seat + RANSOM_BIT``
  for a Ransom (C22) paid in the Pict attack being resolved.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vikingcli.flat import FlatState
from vikingcli_jorvik.data import N_CARDS

# phases
PH_SUPPLY, PH_GLORY, PH_RANSOM, PH_COMMIT, PH_DEMAND, PH_SWAP = range(6)
PH_BUY, PH_RESBUY, PH_LOAD, PH_END = range(6, 10)
PHASE_NAMES = (
    "supply", "glory", "ransom", "commit", "demand", "swap",
    "purchase", "reservation", "loading", "end",
)  # fmt: skip

# Pict attack resolution contexts
CTX_SUPPLY, CTX_FINAL = 0, 1

RANSOM_BIT = 8  # pk_glory bit (seat + 8) = paid ransom


class JorvikState(FlatState):
    __slots__ = (
        "a19_brown", "actor", "bag", "box", "brown_boxed", "bsup", "buf", "buf_stolen",
        "cards", "cargo", "cgs", "coins", "cols", "deck", "fill", "fill_pos", "final",
        "jarl", "loading", "log", "lpos", "n", "phase", "pk_card", "pk_ctx", "pk_delta",
        "pk_glory", "pk_lose", "pk_queue", "pk_win", "pool", "pslot", "res_cards",
        "res_vik", "round_no", "sboard", "slots", "start", "swh", "vik", "vp",
    )  # fmt: skip

    VALUES = (
        "n", "jarl", "start", "phase", "actor", "round_no", "a19_brown", "brown_boxed",
        "buf_stolen", "fill_pos", "pslot", "lpos", "pk_card", "pk_ctx", "pk_win",
        "pk_lose", "pk_glory",
        "final",  # set once at the end of the game, never changed after
    )  # fmt: skip
    LISTS = (
        "deck", "bag", "cgs", "box", "slots", "fill", "res_cards", "res_vik", "coins",
        "vp", "vik", "bsup", "sboard", "pool", "buf", "pk_queue", "pk_delta",
        "cargo",  # tuples: replaced, never changed in place
        "log",  # entries are never mutated after they are appended
    )  # fmt: skip
    GRIDS = ("cols", "loading", "cards", "swh")

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

    # -- JSON: cargo is saved sparse ({"card index": goods}), log entries copied --------
    def to_json(self) -> dict[str, Any]:
        d = super().to_json()
        d["cargo"] = {str(i): list(g) for i, g in enumerate(self.cargo) if g}
        d["log"] = [dict(e) for e in self.log]
        return d

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> JorvikState:
        s: JorvikState = super().from_json({**data, "cargo": (), "log": ()})
        s.jarl = bool(data["jarl"])
        s.buf_stolen = bool(data["buf_stolen"])
        cargo: list[tuple[int, ...]] = [()] * N_CARDS
        for key, goods in data["cargo"].items():
            cargo[int(key)] = tuple(int(g) for g in goods)
        s.cargo = cargo
        s.log = [dict(e) for e in data["log"]]
        return s
