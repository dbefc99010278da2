"""Component data of Graenaland (docs/rules/graenaland.md, Appendix A).

Everything the spec marks [HOUSE] is marked ``# HOUSE DATA`` here, so a later edition
with the printed values can be swapped in at one place. Indices used everywhere:

* resources: G=0 grain, L=1 livestock, W=2 wood, O=3 ore, AU=4 gold
* decks (terrain): PLAIN=0, FOREST=1, HILLS=2, MOUNT=3
* a resource card "kind" is ``deck * 5 + resource`` (cards are told apart by their back)
* heroes: WL=0 warlord, PR=1 priest, SK=2 skald
* buildings: FORT=0, TEMPLE=1, HALL=2
* public works: ROAD=0, MARKET=1, RAMPART=2, IMPROVE=3
* provinces: coastal C1..Ck are ids 0..k-1, inland I1..I(k-1) are ids k..2k-2
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

G: Final = 0
L: Final = 1
W: Final = 2
O: Final = 3
AU: Final = 4
RES_LETTER: Final = ("G", "L", "W", "O", "Au")
RES_NAME: Final = ("grain", "livestock", "wood", "ore", "gold")

PLAIN: Final = 0
FOREST: Final = 1
HILLS: Final = 2
MOUNT: Final = 3
DECK_NAME: Final = ("plain", "forest", "hills", "mountain")
NKIND: Final = 20  # deck * 5 + resource

# rulebook: deck contents (Plain "habona" read as grain, ruling R2)
DECK_CONTENTS: Final[tuple[tuple[int, int, int, int, int], ...]] = (
    (18, 12, 0, 6, 0),  # plain: 18 G, 12 L, 6 O
    (12, 6, 18, 0, 0),  # forest: 18 W, 12 G, 6 L
    (0, 10, 5, 15, 0),  # hills: 15 O, 10 L, 5 W
    (0, 0, 4, 8, 12),  # mountain: 12 Au, 8 O, 4 W
)

WL: Final = 0
PR: Final = 1
SK: Final = 2
HERO_TEXT: Final = ("wl", "pr", "sk")
HERO_NAME: Final = ("warlord", "priest", "skald")

FORT: Final = 0
TEMPLE: Final = 1
HALL: Final = 2
BUILDING_NAME: Final = ("fort", "temple", "hall")

ROAD: Final = 0
MARKET: Final = 1
RAMPART: Final = 2
IMPROVE: Final = 3
WORK_NAME: Final = ("road", "market", "rampart", "improve")
WORK_MARKERS: Final = (6, 6, 6)  # rulebook: roads, markets, ramparts (improvement: one per tile)

# Costs as (G, L, W, O) vectors.  HOUSE DATA (R3) except army (rulebook).
BUILDING_COST: Final[tuple[tuple[int, int, int, int], ...]] = (
    (1, 0, 2, 2),  # fort: 2 W + 2 O + 1 G                       # HOUSE DATA
    (1, 2, 1, 1),  # temple: 2 L + 1 W + 1 G + 1 O               # HOUSE DATA
    (2, 1, 2, 0),  # hall: 2 W + 2 G + 1 L                       # HOUSE DATA
)
WORK_COST: Final[tuple[tuple[int, int, int, int], ...]] = (
    (1, 1, 2, 1),  # road: 2 W + 1 O + 1 L + 1 G                 # HOUSE DATA
    (1, 1, 1, 1),  # market: 1 each                               # HOUSE DATA
    (0, 0, 3, 1),  # rampart: 3 W + 1 O                           # HOUSE DATA
    (2, 1, 1, 0),  # improvement: 2 G + 1 L + 1 W                 # HOUSE DATA
)
ARMY_PEASANT_COST: Final = (4, 0, 0, 1)  # rulebook: 1 G + 1 O + 3 G
ARMY_MAX: Final = 10  # HOUSE DATA (R29)
SETTLEMENT_HOUSES: Final = 13  # rulebook: 14 houses, one marks the army track (R34)


def army_cost(extra: int) -> tuple[int, int, int, int]:
    """+1 army: 1 G + 1 O + one ``extra`` resource (a fort's), or the peasant cost
    when ``extra`` is G (grain: 3 G instead of one fort resource)."""
    if extra == G:
        return ARMY_PEASANT_COST
    c = [1, 0, 0, 1]
    c[extra] += 1
    return (c[0], c[1], c[2], c[3])


@dataclass(frozen=True)
class Tile:
    """One province tile."""

    ident: str
    terrain: int
    coastal: bool
    village: tuple[int, int, int, int]  # HOUSE DATA (R3)
    buildings: bool  # False in the mountains (rulebook)
    improvement: int  # HOUSE DATA: improvement resource
    fort_resource: int  # ruling R6: forest W, plain L, hills O; -1 in mountains


TILES: Final[dict[str, Tile]] = {  # HOUSE DATA: village costs, improvement resources (§1.3)
    "PLAIN_A": Tile("PLAIN_A", PLAIN, True, (0, 2, 2, 0), True, G, L),
    "PLAIN_B": Tile("PLAIN_B", PLAIN, True, (0, 1, 2, 1), True, L, L),
    "FOREST_A": Tile("FOREST_A", FOREST, True, (2, 1, 0, 1), True, W, W),
    "FOREST_B": Tile("FOREST_B", FOREST, True, (1, 2, 0, 1), True, W, W),
    "HILLS_CO": Tile("HILLS_CO", HILLS, True, (2, 0, 2, 0), True, O, O),
    "FOREST_IN": Tile("FOREST_IN", FOREST, False, (2, 2, 0, 1), True, G, W),
    "HILLS_IN": Tile("HILLS_IN", HILLS, False, (2, 1, 2, 0), True, L, O),
    "MOUNT_A": Tile("MOUNT_A", MOUNT, False, (2, 2, 2, 0), False, AU, -1),
    "MOUNT_B": Tile("MOUNT_B", MOUNT, False, (2, 1, 2, 1), False, O, -1),
}

# HOUSE DATA: which tile sits where (§2.1)
LAYOUTS: Final[dict[int, tuple[tuple[str, ...], tuple[str, ...]]]] = {
    3: (("PLAIN_A", "HILLS_CO", "FOREST_A"), ("FOREST_IN", "MOUNT_A")),
    4: (("PLAIN_A", "FOREST_A", "PLAIN_B", "HILLS_CO"), ("MOUNT_A", "HILLS_IN", "MOUNT_B")),
    5: (
        ("PLAIN_A", "FOREST_A", "HILLS_CO", "PLAIN_B", "FOREST_B"),
        ("MOUNT_A", "HILLS_IN", "FOREST_IN", "MOUNT_B"),
    ),
}

# Compass positions (§2.3)
DIR_NAME: Final = ("w", "e", "nw", "ne", "sw", "se", "ship_w", "ship_e")
NDIR: Final = 8


@dataclass(frozen=True)
class Board:
    """Static board of one player count; shared by every state, never copied."""

    n: int
    k: int
    names: tuple[str, ...]
    tiles: tuple[Tile, ...]
    terrain: tuple[int, ...]
    neighbours: tuple[tuple[int, ...], ...]
    move: tuple[tuple[int, ...], ...]  # move[p][dir] -> province or -1 (impossible)
    start: tuple[tuple[int, int], ...]  # seat -> (warlord + first village, second village)

    @property
    def np(self) -> int:
        return len(self.names)

    def coastal(self, p: int) -> bool:
        return p < self.k


def _make_board(n: int) -> Board:
    coastal, inland = LAYOUTS[n]
    k = len(coastal)
    names = tuple(f"C{i + 1}" for i in range(k)) + tuple(f"I{j + 1}" for j in range(k - 1))
    tiles = tuple(TILES[t] for t in coastal + inland)
    nb: list[tuple[int, ...]] = []
    mv: list[tuple[int, ...]] = []
    for i in range(k):  # coastal Ci (0-based i)
        ns = [x for x in (i - 1, i + 1) if 0 <= x < k]
        ns += [k + j for j in (i - 1, i) if 0 <= j < k - 1]
        nb.append(tuple(ns))

        def c(x: int) -> int:
            return x if 0 <= x < k else -1

        def inl(j: int) -> int:
            return k + j if 0 <= j < k - 1 else -1

        mv.append((c(i - 1), c(i + 1), inl(i - 1), inl(i), -1, -1, c(i - 2), c(i + 2)))
    for j in range(k - 1):  # inland Ij sits over the joint of Cj and Cj+1 (0-based j, j+1)
        ns = [k + x for x in (j - 1, j + 1) if 0 <= x < k - 1] + [j, j + 1]
        nb.append(tuple(ns))
        w = k + j - 1 if j - 1 >= 0 else -1
        e = k + j + 1 if j + 1 < k - 1 else -1
        mv.append((w, e, -1, -1, j, j + 1, -1, -1))
    # HOUSE DATA start positions (§3.1 step 7): seat s -> C(s+1)*, C(s+2) (ring)
    start = tuple((s, (s + 1) % k) for s in range(n))
    return Board(
        n=n,
        k=k,
        names=names,
        tiles=tiles,
        terrain=tuple(t.terrain for t in tiles),
        neighbours=tuple(nb),
        move=tuple(mv),
        start=start,
    )


BOARDS: Final[dict[int, Board]] = {n: _make_board(n) for n in (3, 4, 5)}

# Supply cards S01..S16: ordered pairs over G, L, W, O.  HOUSE DATA (R30)
SUPPLY: Final[tuple[tuple[int, int], ...]] = tuple((a, b) for a in range(4) for b in range(4))
SUPPLY_ROW: Final = 4

# Basic victory sheet (rulebook)
V_SETTLEMENTS: Final = 8
V_PROVINCES2: Final = 3
V_DOMINATED: Final = 4
V_BUILDINGS: Final = 2
V_BUILDINGS_3P: Final = 3
V_ARMY: Final = 3
V_NEEDED: Final = 3

# Victory cards (advanced). HOUSE DATA thresholds (R31). Columns S, P, D, B, A.
COLUMNS: Final = ("S", "P", "D", "B", "A")
TIERS_LIGHT: Final = ((6, 8, 10), (2, 3, 4), (3, 4, 5), (2, 3, 4), (2, 3, 4))  # HOUSE DATA
TIERS_DARK: Final = ((8, 10, 12), (3, 4, 5), (4, 6, 8), (3, 4, 5), (3, 4, 5))  # HOUSE DATA
_LIGHT_PAIRS = ((0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4))
VICTORY_CARD_LIGHT: Final[tuple[tuple[int, int], ...]] = _LIGHT_PAIRS + _LIGHT_PAIRS  # VC01..VC20
VP_TO_WIN: Final = 6  # rulebook
VC_DEALT: Final = 3  # rulebook: deal 3, keep 1

ROUND_LIMIT: Final = 100  # HOUSE DATA (R32)

# Code choices where the spec leaves an engine freedom (all listed in docs/rules/graenaland.md,
# "Rulings made by the code"):
# - a resource card paid/given by type is taken from the lowest-numbered deck holding
#   that type (the back of a card never matters to the rules except for its discard pile);
# - joint-work contributions are limited to the work's cost size per resource type (D10);
# - advanced claims: the engine finds a build plan itself (an exact search over final
#   builds, rules/finalsearch.py) and offers ``claim V`` for every V from 6 to the most
#   VP a final build can reach; the plan runs automatically.


def victory_card_thresholds(card: int, n: int) -> tuple[tuple[int, int, int], ...]:
    """Thresholds per column of victory card ``card`` (0-based VC id) at ``n`` players."""
    light = VICTORY_CARD_LIGHT[card]
    out = []
    for col in range(5):
        t = TIERS_LIGHT[col] if col in light else TIERS_DARK[col]
        if col == 3 and n == 3:  # R22: every B threshold +1 with 3 players
            t = (t[0] + 1, t[1] + 1, t[2] + 1)
        out.append(t)
    return tuple(out)
