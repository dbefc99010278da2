"""Jórvík component data: the 104 cards, goods, tables and every house value.

Everything the spec (docs/rules/jorvik.md) marks as HOUSE DATA is marked ``# HOUSE DATA``
right where it is defined, so it can be corrected in one place.  Card *effects* are
implemented once per kind in the ``rules`` package; this module only says which card
is which kind and with which parameters.
"""

from __future__ import annotations

from typing import Any, Final, NamedTuple

# -- goods ---------------------------------------------------------------------------
# each Final: the compiled build inlines them instead of a global look-up
AMBER: Final = 0
IRON: Final = 1
LEATHER: Final = 2
WOOL: Final = 3
JET: Final = 4
SILK: Final = 5
GLASS: Final = 6
GOLD: Final = 7
GOOD_NAMES: Final[tuple[str, ...]] = (
    "amber", "iron", "leather", "wool", "jet", "silk", "glass", "gold",
)
GOOD_SHORT: Final[tuple[str, ...]] = ("Am", "Ir", "Le", "Wo", "Je", "Si", "Gl", "Go")
BASIC_GOODS: Final = (AMBER, IRON, LEATHER, WOOL, JET)
PREMIUM_GOODS: Final = (SILK, GLASS, GOLD)
CUBES_PER_BASIC: Final = 9
CUBES_PER_PREMIUM: Final = 3

# -- seasons ---------------------------------------------------------------------------
WINTER: Final = 0
SPRING: Final = 1
SUMMER: Final = 2
AUTUMN: Final = 3
FINAL: Final = 4
SEASON_NAMES: Final[tuple[str, ...]] = ("winter", "spring", "summer", "autumn", "final")

# -- card kinds (one implementation per kind in rules/) --------------------------------
SHIP: Final = 0
CRAFTSMAN: Final = 1
TRADER: Final = 2
ORACLE: Final = 3
WARRIOR: Final = 4
FEAST: Final = 5
TRAVEL: Final = 6
SKALD: Final = 7
PICT: Final = 8
WAREHOUSE: Final = 9  # A06
LONGHOUSE: Final = 10  # C10
TREASURE: Final = 11  # C21
FREEBUY: Final = 12  # B22
HIREDHANDS: Final = 13  # A19
EXCHANGE: Final = 14  # A20
REWORK: Final = 15  # D28
MARKET: Final = 16  # C20
SWAP: Final = 17  # A21
TRIBUTE: Final = 18  # D27
THIEF: Final = 19  # B24
GLORY: Final = 20  # D29
SHIELDWALL: Final = 21  # B23
RANSOM: Final = 22  # C22

KIND_NAMES: Final[tuple[str, ...]] = (
    "ship", "craftsman", "trader", "oracle", "warrior", "feast", "travel", "skald",
    "pict attack", "warehouse", "longhouse", "treasure", "free purchase", "hired hands",
    "exchange", "rework", "market stall", "loki swap", "loki tribute", "loki thief",
    "glory", "shield-wall", "ransom",
)  # fmt: skip

# Skald sub-kinds (what the skald counts at final scoring).
SK_COINS: Final = 0
SK_SHIPS: Final = 1
SK_TRADERS: Final = 2
SK_WARRIORS: Final = 3
SK_CRAFTSMEN: Final = 4
SK_TRAVELS: Final = 5
SK_DOUBLE_TRAVEL: Final = 6
SKALD_NAMES: Final[tuple[str, ...]] = (
    "coins", "ships", "traders", "warriors", "craftsmen", "travels", "double travel",
)


class Card(NamedTuple):
    """One card.  Unused parameters are 0 / empty."""

    idx: int  # index 0..103 (position in CARDS)
    cid: str  # printed-style id, e.g. "A08"
    season: int
    kind: int
    jarl_only: bool
    removed: frozenset[int]  # player counts at which it is removed (Karl and Jarl)
    removed_jarl: frozenset[int]  # extra removals in the Jarl game only
    goods: tuple[int, ...] = ()  # craftsman needs / trader or oracle accepts
    vp: int = 0  # craftsman, trader, travel VP
    coins: int = 0  # trader coins per good
    defence: int = 0  # warrior
    capacity: int = 0  # ship
    gain: int = 0  # Pict attack L
    loss: int = 0  # Pict attack R
    skald: int = -1  # skald sub-kind


_rows: list[Card] = []


def _c(
    cid: str,
    kind: int,
    advanced: bool = False,
    removed: tuple[int, ...] = (),
    removed_jarl: tuple[int, ...] = (),
    **kw: Any,
) -> None:
    season = "ABCDE".index(cid[0])
    row = Card(
        len(_rows), cid, season, kind, advanced, frozenset(removed), frozenset(removed_jarl), **kw
    )
    _rows.append(row)


A, I, L, W, J = AMBER, IRON, LEATHER, WOOL, JET

# -- winter (A): 13 Both + 11 Jarl --------------------------------------------------------
# HOUSE DATA: which good each trader takes; craftsman goods; warrior values; Pict values.
for _i, _g in enumerate(BASIC_GOODS):
    _c(f"A0{_i + 1}", TRADER, goods=(_g,), coins=1, vp=1)
_c("A06", WAREHOUSE)
_c("A07", FEAST)
_c("A08", CRAFTSMAN, goods=(L, W), vp=5)  # HOUSE DATA (goods)
_c("A09", CRAFTSMAN, goods=(A, J), vp=5)  # HOUSE DATA (goods)
_c("A10", CRAFTSMAN, goods=(I, W, J), vp=8)  # HOUSE DATA (goods)
_c("A11", WARRIOR, defence=1)  # HOUSE DATA
_c("A12", WARRIOR, defence=2)  # HOUSE DATA
_c("A13", PICT, gain=1, loss=1)  # HOUSE DATA (spec §8.2)
# Jarl-only winter cards: all HOUSE DATA (spec §8.20)
_c("A14", TRADER, True, goods=(SILK,), coins=2, vp=1)  # HOUSE DATA
_c("A15", TRADER, True, goods=(GLASS,), coins=2, vp=1)  # HOUSE DATA
_c("A16", TRADER, True, goods=(GOLD,), coins=2, vp=1)  # HOUSE DATA
_c("A17", ORACLE, True, goods=(A,))  # HOUSE DATA
_c("A18", ORACLE, True, goods=(I,))  # HOUSE DATA
_c("A19", HIREDHANDS, True)
_c("A20", EXCHANGE, True)
_c("A21", SWAP, True)
_c("A22", CRAFTSMAN, True, goods=(SILK, W), vp=6)  # HOUSE DATA
_c("A23", CRAFTSMAN, True, goods=(GLASS, I, A), vp=9)  # HOUSE DATA
_c("A24", WARRIOR, True, defence=1)  # HOUSE DATA

# -- spring (B): 13 Both + 12 Jarl --------------------------------------------------------
for _i in range(1, 6):
    _c(f"B0{_i}", SHIP, capacity=3)
_c("B06", CRAFTSMAN, goods=(A, I), vp=5)  # HOUSE DATA (goods)
_c("B07", CRAFTSMAN, goods=(L, A, J), vp=8)  # HOUSE DATA (goods)
_c("B08", CRAFTSMAN, goods=(W, W, I, L), vp=11)  # HOUSE DATA (goods)
_c("B09", FEAST)
_c("B10", WARRIOR, defence=1)  # HOUSE DATA
_c("B11", WARRIOR, defence=2)  # HOUSE DATA
_c("B12", WARRIOR, defence=3)  # HOUSE DATA
_c("B13", PICT, gain=2, loss=2)  # HOUSE DATA (the rulebook example shows +2/-2)
_c("B14", SHIP, True, capacity=2)  # HOUSE DATA
_c("B15", SHIP, True, capacity=1)  # HOUSE DATA
_c("B16", CRAFTSMAN, True, goods=(GOLD, J), vp=6)  # HOUSE DATA
_c("B17", CRAFTSMAN, True, goods=(L, L, W), vp=8)  # HOUSE DATA
_c("B18", CRAFTSMAN, True, goods=(A, W, SILK), vp=9)  # HOUSE DATA
_c("B19", WARRIOR, True, defence=2)  # HOUSE DATA
_c("B20", ORACLE, True, goods=(L,))  # HOUSE DATA
_c("B21", ORACLE, True, goods=(W,))  # HOUSE DATA
_c("B22", FREEBUY, True)
_c("B23", SHIELDWALL, True)
_c("B24", THIEF, True)
_c("B25", TRAVEL, True, vp=2)  # HOUSE DATA

# -- summer (C): 13 Both + 12 Jarl --------------------------------------------------------
for _i in range(1, 6):
    _c(f"C0{_i}", SHIP, capacity=3)
_c("C06", CRAFTSMAN, goods=(J, L), vp=5)  # HOUSE DATA (goods)
_c("C07", CRAFTSMAN, goods=(A, A, W), vp=8)  # HOUSE DATA (goods)
_c("C08", CRAFTSMAN, goods=(I, J, L, A), vp=11)  # HOUSE DATA (goods)
_c("C09", CRAFTSMAN, goods=(J, I, I, W), vp=11)  # HOUSE DATA (goods)
_c("C10", LONGHOUSE)
_c("C11", WARRIOR, defence=2)  # HOUSE DATA
_c("C12", WARRIOR, defence=4)  # HOUSE DATA
_c("C13", PICT, gain=3, loss=3)  # HOUSE DATA
_c("C14", SHIP, True, capacity=2)  # HOUSE DATA
_c("C15", SHIP, True, capacity=1)  # HOUSE DATA
_c("C16", CRAFTSMAN, True, goods=(GLASS, L, J, A), vp=12)  # HOUSE DATA
_c("C17", CRAFTSMAN, True, goods=(L, I, GOLD), vp=9)  # HOUSE DATA
_c("C18", WARRIOR, True, defence=3)  # HOUSE DATA
_c("C19", ORACLE, True, goods=(J,))  # HOUSE DATA
_c("C20", MARKET, True)
_c("C21", TREASURE, True)
_c("C22", RANSOM, True)
_c("C23", FEAST, True)  # HOUSE DATA (season)
_c("C24", TRAVEL, True, vp=3)  # HOUSE DATA
_c("C25", SKALD, True, skald=SK_TRADERS)  # HOUSE DATA (season)

# -- autumn (D): 15 Both + 14 Jarl --------------------------------------------------------
for _i in range(1, 6):
    _c(f"D0{_i}", SHIP, capacity=3)
_c("D06", FEAST)
_c("D07", FEAST)
_c("D08", TRAVEL, vp=3, removed=(3, 5))
_c("D09", TRAVEL, vp=4)
_c("D10", SKALD, skald=SK_COINS)
_c("D11", SKALD, skald=SK_SHIPS, removed=(2,))
_c("D12", WARRIOR, defence=3, removed=(2, 3, 5))
_c("D13", WARRIOR, defence=4)  # HOUSE DATA
_c("D14", WARRIOR, defence=5)  # HOUSE DATA
_c("D15", PICT, gain=4, loss=4)  # HOUSE DATA
_c("D16", SHIP, True, capacity=2)  # HOUSE DATA
_c("D17", SHIP, True, capacity=1, removed_jarl=(2, 3, 5))  # HOUSE DATA (capacity)
_c("D18", CRAFTSMAN, True, goods=(I, J), vp=5)  # HOUSE DATA
_c("D19", WARRIOR, True, defence=4)  # HOUSE DATA
_c("D20", WARRIOR, True, defence=5)  # HOUSE DATA
_c("D21", FEAST, True)  # HOUSE DATA (season)
_c("D22", TRAVEL, True, vp=5)  # HOUSE DATA
_c("D23", SKALD, True, skald=SK_CRAFTSMEN)
_c("D24", SKALD, True, skald=SK_WARRIORS)  # HOUSE DATA (season)
_c("D25", SKALD, True, skald=SK_TRAVELS)  # HOUSE DATA (season)
_c("D26", SKALD, True, skald=SK_DOUBLE_TRAVEL)  # HOUSE DATA (season)
_c("D27", TRIBUTE, True, removed_jarl=(2, 3, 5))
_c("D28", REWORK, True)  # HOUSE DATA (season)
_c("D29", GLORY, True)  # HOUSE DATA (season)

# -- final card --------------------------------------------------------------------------
_c("E01", PICT, gain=4, loss=4)

CARDS: Final[tuple[Card, ...]] = tuple(_rows)
N_CARDS: Final = len(CARDS)
BY_ID: Final[dict[str, int]] = {c.cid: c.idx for c in CARDS}
E01: Final = BY_ID["E01"]

# Frequently used single cards (by index).
C_A06, C_A19, C_A20, C_A21 = BY_ID["A06"], BY_ID["A19"], BY_ID["A20"], BY_ID["A21"]
C_B22, C_B24 = BY_ID["B22"], BY_ID["B24"]
C_C10, C_C20, C_C22 = BY_ID["C10"], BY_ID["C20"], BY_ID["C22"]
C_D28, C_D29 = BY_ID["D28"], BY_ID["D29"]

# Fast per-card lookups (flat tuples indexed by card index).
KIND: Final[tuple[int, ...]] = tuple(c.kind for c in CARDS)
SEASON: Final[tuple[int, ...]] = tuple(c.season for c in CARDS)
NEEDS: Final[tuple[tuple[int, ...], ...]] = tuple(c.goods for c in CARDS)
FULL_MASK: Final[tuple[int, ...]] = tuple((1 << len(c.goods)) - 1 for c in CARDS)

# -- rules tables ------------------------------------------------------------------------
FEAST_VP: Final = (0, 2, 5, 9, 14)  # 4 or more feasts -> 14 (rulebook p.8)
VP_START: Final = 10
COINS_START: Final = 5
VIKINGS: Final = {"karl": 3, "jarl": 4}
BROWN_VIKINGS: Final = 2
COLUMN_MAX: Final = 8
WAREHOUSE_STORAGE: Final = 4
ORACLE_VP: Final = 2  # per sacrificed good
TREASURE_COINS: Final = 4
RANSOM_COINS: Final = 2
EXCHANGE_PAY: Final = 3  # goods paid for the 3->1 exchange
EXCHANGE_A20_PAY: Final = 2
CASH_PAY: Final = 2  # goods paid for 1 coin


# Spec §1.3 / §8.3 (RULING): N+1 card slots per row.
def slots_per_row(n_players: int) -> int:
    return n_players + 1


# Spec §3.1 / §8.4 (RULING, kept as one constant): `Both` ships carry their printed 3
# goods in the Jarl game too.  The rulebook's sentence "in the Jarl game the ships
# receive only 1 or 2 goods from the bag" is read as describing the Jarl-only ships
# (printed capacities 1 and 2).  Set to e.g. 2 to cap every ship in the Jarl game.
JARL_SHIP_CAPACITY_CAP: Final = 3

# Spec §8.12: income +1 when the loading area is empty at the start of the turn.
# Spec §8.16 (RULING): the "any phase" one-shots (C20, D28, B24) are usable only in the
# owner's own loading turn.


def deck_cards(n_players: int, advanced: bool) -> list[int]:
    """The card indices used for a game (E01 included), in data order."""
    out = []
    for c in CARDS:
        if c.jarl_only and not advanced:
            continue
        if n_players in c.removed:
            continue
        if advanced and n_players in c.removed_jarl:
            continue
        out.append(c.idx)
    return out
