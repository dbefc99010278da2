"""Component data of Wikinger (docs/rules/wikinger.md §1.3, §2, §5.4).

Every number the spec (docs/rules/wikinger.md) marks as house data is marked
``# HOUSE DATA`` right where it is defined, so it can be corrected in one place. The
code's rulings on points where the spec is unclear are the ``RULING_*`` constants at the
end; docs/rules/wikinger.md "Rulings made by the code" lists every choice the code makes.

Encodings (shared by every module; all plain ints so states stay flat and cheap):

* figure colour ``x``: 0 fisher (blue), 1 goldsmith (yellow), 2 scout (green),
  3 noble (red), 4 warrior (black), 5 boatman (grey). This is also the basic-game
  lay-out order (cheapest first). ``ROW_OF[x] = 5 - x`` for x < 5.
* island cell: ``tile + FIG`` where tile is one of the ``T_*`` codes below and
  ``FIG`` (16) marks a figure standing on it. A figure on row r always has the
  colour of that row, so one bit is enough.
* ship: its threat depth, 2 red, 3 green, 4 yellow, 5 blue (0 = empty column).
* stack tile (what lies on the wheel): an island tile code 1..6 or ``SHIP + depth``.
"""

from __future__ import annotations

from typing import Final

# ---------------------------------------------------------------- figures (§1.3.1)

FISHER: Final = 0
GOLDSMITH: Final = 1
SCOUT: Final = 2
NOBLE: Final = 3
WARRIOR: Final = 4
BOATMAN: Final = 5
N_COLOURS: Final = 6
FIGURES_PER_COLOUR: Final = 13

COLOUR_NAMES: Final = ("blue", "yellow", "green", "red", "black", "grey")
ROLE_NAMES: Final = ("fisher", "goldsmith", "scout", "noble", "warrior", "boatman")
COLOUR_LETTERS: Final = ("F", "G", "S", "N", "W", "B")  # as in the spec's test vectors (Bt = B)

# Row of each non-boatman colour: warrior 1, noble 2, scout 3, goldsmith 4, fisher 5.
ROW_OF: Final = (5, 4, 3, 2, 1)
# Colour whose figures may stand on row r (index 1..5; index 0 = ship row, none).
COLOUR_OF_ROW: Final = (-1, WARRIOR, NOBLE, SCOUT, GOLDSMITH, FISHER)

# ---------------------------------------------------------------- island tiles (§1.3.2)

SEA: Final = 0
LAND: Final = 1
T_L: Final = 1  # left end: SEA | LAND
T_MA: Final = 2  # middles with building A..D: LAND | LAND
T_MB: Final = 3
T_MC: Final = 4
T_MD: Final = 5
T_R: Final = 6  # right end: LAND | SEA
T_SP11: Final = 7  # 7..10: placed building special tile SP11A..D, behaves as a middle
FIG: Final = 16  # figure bit of an island cell
TILE_MASK: Final = 15

LEFT_EDGE: Final = (SEA, SEA, LAND, LAND, LAND, LAND, LAND, LAND, LAND, LAND, LAND)
RIGHT_EDGE: Final = (SEA, LAND, LAND, LAND, LAND, LAND, SEA, LAND, LAND, LAND, LAND)


def building_of(tile: int) -> int:
    """Building type 0..3 (A..D) of a middle or SP11 tile, -1 for ends."""
    if T_MA <= tile <= T_MD:
        return tile - T_MA
    if T_SP11 <= tile <= T_SP11 + 3:
        return tile - T_SP11
    return -1


def is_middle(tile: int) -> bool:
    """M tile or placed SP11 (which counts as an M for every rule, §5.4.4)."""
    return T_MA <= tile <= T_MD or T_SP11 <= tile <= T_SP11 + 3


# HOUSE DATA: the public list gives 21/5/5/5/5/21 without labels; 21 L includes the 4
# start tiles (INFERRED), the four groups of 5 middles are four building types (HOUSE).
ISLAND_COUNTS: Final = {T_L: 17, T_MA: 5, T_MB: 5, T_MC: 5, T_MD: 5, T_R: 21}
START_TILES: Final = 4
# HOUSE DATA (cosmetic): building labels.
BUILDING_NAMES: Final = ("farmstead", "church", "longhouse", "watchtower")
BUILDING_LETTERS: Final = ("a", "b", "c", "d")

# ---------------------------------------------------------------- ships (§1.3.3)

SHIP: Final = 20  # stack code of a ship = SHIP + depth
RED: Final = 2  # sail colour = threat depth
GREEN: Final = 3
YELLOW: Final = 4
BLUE: Final = 5
SAIL_NAMES: Final = {RED: "red", GREEN: "green", YELLOW: "yellow", BLUE: "blue"}
SAIL_LETTERS: Final = {RED: "r", GREEN: "g", YELLOW: "y", BLUE: "b"}
# HOUSE DATA: the 3/4/4/3 split assigned in depth order.
SHIP_COUNTS: Final = {RED: 3, GREEN: 4, YELLOW: 4, BLUE: 3}
# INFERRED (HOUSE if the physical tiles differ): plunder value / unfought penalty,
# as (gold, vp): red 3 gold, green 5 gold, yellow 2 VP, blue 3 VP.
SHIP_GOLD: Final = (0, 0, 3, 5, 0, 0)
SHIP_VP: Final = (0, 0, 0, 0, 2, 3)


def stack_tiles() -> list[int]:
    """The 72 non-start stack tiles in a fixed order (shuffled at setup)."""
    out: list[int] = []
    for tile, k in ISLAND_COUNTS.items():
        out += [tile] * k
    for depth, k in SHIP_COUNTS.items():
        out += [SHIP + depth] * k
    return out


N_ROUNDS: Final = 6
SLOTS: Final = 12

# ---------------------------------------------------------------- setup (§2)

START_GOLD: Final = {2: 30, 3: 25, 4: 20}
START_VP: Final = 10
# HOUSE DATA (§1.3.4, §8.20): the bank is unlimited (the physical 195 gold never runs
# out in the engine); coin denominations play no part.
BANK_UNLIMITED: Final = True

# ---------------------------------------------------------------- special tiles (§1.3.5, §5.4)

SP01: Final = 0
SP02: Final = 1
SP03: Final = 2
SP04: Final = 3
SP05: Final = 4
SP06: Final = 5
SP07: Final = 6
SP08: Final = 7
SP09: Final = 8
SP10: Final = 9
SP11: Final = 10  # 10..13 = SP11A..D (one per building type)
N_SPECIAL_KINDS: Final = 14
# HOUSE DATA: one SP11 per building
SPECIAL_COUNTS: Final = (1, 2, 1, 6, 3, 1, 1, 4, 1, 1, 1, 1, 1, 1)
SPECIAL_IDS: Final = (
    "SP01", "SP02", "SP03", "SP04", "SP05", "SP06", "SP07", "SP08", "SP09", "SP10",
    "SP11A", "SP11B", "SP11C", "SP11D",
)
SPECIAL_NAMES: Final = (
    "treasure +5 gold",
    "goldsmith guild +1",
    "goldsmith guild +2",
    "longship",
    "noble hall",
    "scout camp",
    "fishing ground",
    "boatman counter",
    "feast",
    "trader",
    "building A",
    "building B",
    "building C",
    "building D",
)
# What each special tile does, as the `specials` look-up tells it (SP01..SP10, then
# the four SP11 together); docs/rules/wikinger.md §5.4 has the full rules.
SPECIAL_EFFECTS: Final = (
    "+5 gold at once; the tile then leaves the game",
    "+1 gold per safe goldsmith at every scoring",
    "+2 gold per safe goldsmith at every scoring",
    "one ferrying trip carries as in the basic game (any number of one colour, or"
    " one of each of several); then the boatman and the tile leave the game",
    "+1 VP per safe noble at every big scoring",
    "+1 VP per safe scout at every big scoring",
    "+1 VP per safe fisher at every big scoring",
    "counts as one idle boatman for the final boatman majority",
    "final feeding: each surplus ration gives 3 VP instead of 2",
    "final scoring: 3 gold make 1 VP instead of 5",
    "an M tile with building a..d: it replaces your island tile with that building"
    " at once (its figure stays), or the first one you place later; final scoring:"
    " +1 VP per safe figure on it and on its 8 neighbouring cells",
)
DISPLAY_SIZE: Final = 4
TREASURE_GOLD: Final = 5

# ---------------------------------------------------------------- scoring values (§4)

GOLDSMITH_GOLD: Final = 3
NOBLE_VP: Final = 2
BOATMAN_BONUS: Final = 10
ISLANDS_BONUS: Final = 7
LONGEST_BONUS: Final = 5
GOLD_PER_VP: Final = 5
GOLD_PER_VP_TRADER: Final = 3
FOOD_PER_FISHER: Final = 5
SURPLUS_VP: Final = 2
SURPLUS_VP_FEAST: Final = 3

# ---------------------------------------------------------------- rulings (§8)

# §8.10: VP are exchanged for gold automatically and minimally at payment (take or
# winning bid); no free-standing exchange action exists. To keep the exchange from
# being a trap, the text of an action that would spend VP says so ("take 7 -4vp") and
# the bare text ("take 7") is refused with an explanation.
RULING_AUTO_EXCHANGE: Final = True
# §8.16: final penalties (F1, F6) may take VP below zero.
RULING_NEGATIVE_VP: Final = True
# §8.17: majorities need a count of at least 1.
RULING_MAJORITY_MIN: Final = 1
