"""Walhalla component data (docs/rules/walhalla.md §1.3, §2.2) and every HOUSE DATA value,
in one place.

Everything here is static and shared by all states; nothing is ever copied.
Values marked ``# HOUSE DATA`` are not given by any public source (§1.3)
and can be corrected here alone. ``# RULING`` marks the code's choice where the
spec settles an unclear point or where it and the rulebook disagree.
"""

from __future__ import annotations

from typing import Final

# -- colours / seats ------------------------------------------------
# Seat i plays colour i. With 3 players BLUE (3) is not in play.
COLOURS: Final[tuple[str, ...]] = ("RED", "BLACK", "YELLOW", "BLUE")
COLOUR_LETTER: Final[tuple[str, ...]] = ("R", "K", "Y", "B")
VIKINGS_PER_COLOUR: Final = 14

# -- space types ------------------------------------------------
S: Final = 0
F2: Final = 1
F3: Final = 2
V1: Final = 3
V2: Final = 4
W: Final = 5
SPACE_CODE: Final[tuple[str, ...]] = ("S", "F2", "F3", "V1", "V2", "W")
FOREST_VP: Final[tuple[int, ...]] = (0, 2, 3, 0, 0, 0)  # rulebook: forests worth 2 / 3
VILLAGE_BONUS: Final[tuple[int, ...]] = (0, 0, 0, 1, 2, 0)  # rulebook: villages +1 / +2
# Category of a space for the four scoring cards: 0 forest, 1 wheat, 2 shrine, 3 village.
SPACE_CATEGORY: Final[tuple[int, ...]] = (2, 0, 0, 3, 3, 1)

# -- terrain tiles: (space A, space B) ------------------------------------------------
# HOUSE DATA (§1.3): every unordered pair of types on 3 tiles, 9 spaces per type.
TILES: Final[tuple[tuple[int, int], ...]] = (
    (S, F2),  # T01
    (S, F3),  # T02
    (S, F2),  # T03
    (S, V1),  # T04
    (S, V2),  # T05
    (S, V1),  # T06
    (S, W),  # T07
    (S, W),  # T08
    (S, W),  # T09
    (F2, V2),  # T10
    (F3, V1),  # T11
    (F3, V2),  # T12
    (F2, W),  # T13
    (F3, W),  # T14
    (F2, W),  # T15
    (V1, W),  # T16
    (V2, W),  # T17
    (V1, W),  # T18
)
# HOUSE DATA (§3.2): each laid tile gets a random orientation bit; bit 1 puts
# space B on the coast side.

# -- headland lengths (option) ------------------------------------------------
MIN_TILES: Final = 5  # rulebook variant: 5-8 tiles per headland
MAX_TILES: Final = 8
# RULING (§2.1 / §8 #19): the three lengths must sum to the 18 tiles.
TOTAL_TILES: Final = 18

# -- galleys ------------------------------------------------
# Galley id g = 1..12: colour (g-1)//3, coloured seat (g-1)%3 (0 front, 1 middle, 2 back).
# "3 galleys per colour" is sourced; which seat is coloured is HOUSE DATA (one galley
# per colour with the colour on each seat).
N_GALLEYS: Final = 12
SEAT_NAMES: Final[tuple[str, ...]] = ("front", "middle", "back")


def galley_colour(g: int) -> int:
    """Colour of galley ``g``'s coloured seat."""
    return (g - 1) // 3


def galley_coloured_seat(g: int) -> int:
    """Which seat (0 front, 1 middle, 2 back) of galley ``g`` is coloured."""  # HOUSE DATA
    return (g - 1) % 3


# -- action cards ------------------------------------------------
C_FOREST: Final = 0  # the four scoring cards
C_WHEAT: Final = 1
C_SHRINE: Final = 2
C_VILLAGE: Final = 3
C_HEADLAND: Final = 4
C_WALHALLA: Final = 5
C_HUNT: Final = 6
C_ATTACK: Final = 7
C_SHIELD: Final = 8
N_CARD_TYPES: Final = 9
CARD_NAMES: Final[tuple[str, ...]] = (
    "forest",
    "wheat",
    "shrine",
    "village",
    "headland",
    "walhalla",
    "hunt",
    "attack",
    "shield",
)
CARD_TITLES: Final[tuple[str, ...]] = (
    "Forest scoring",
    "Wheat scoring",
    "Shrine scoring",
    "Village scoring",
    "Headland +2",
    "Walhalla +2",
    "Hunt",
    "Attack",
    "Shield",
)
CARD_COUNTS: Final[tuple[int, ...]] = (
    4,  # Forest scoring   HOUSE DATA
    4,  # Wheat scoring    HOUSE DATA
    4,  # Shrine scoring   HOUSE DATA
    4,  # Village scoring  HOUSE DATA
    # RULING (§8 #20): the rulebook's "(3x)" / "(1x)" stand just before the
    # Headland and Walhalla texts and are read as their counts. In the flattened
    # rulebook text "(3x)" could also be read as trailing the Village scoring text;
    # the spec's reading is kept.
    3,  # Headland +2      rulebook "(3x)"
    1,  # Walhalla +2      rulebook "(1x)"
    4,  # Hunt             HOUSE DATA
    4,  # Attack           HOUSE DATA
    4,  # Shield           HOUSE DATA
)
N_CARDS: Final = 32
END_OF_RAID_CARDS: Final = (C_FOREST, C_WHEAT, C_SHRINE, C_VILLAGE, C_HEADLAND, C_WALHALLA)

# -- capes ------------------------------------------------
INNER_CAPES: Final[tuple[int, ...]] = (3, 4, 5)  # second place
OUTER_CAPES: Final[tuple[int, ...]] = (6, 7, 8)  # first place

# -- setup ------------------------------------------------
START_MIDGARD: Final = {3: 9, 4: 7}  # rulebook
START_WALHALLA: Final = 1  # RULING (§8 #5): taken from Asgard, as the rulebook says

# -- reinforcement list (by dense Walhalla rank 1..4) ---
# RULING (§8 #6): one list for both player counts. 10/8/6 from the rulebook's
# 4-player example; the rulebook aside "3 players: 1st gets 10, 4 players: 8" is read as
# a garbled "1st 10, 2nd 8". Rank 4 = 4 and the 3-player ranks 2-3 are HOUSE DATA.
REINFORCEMENT: Final[tuple[int, ...]] = (10, 8, 6, 4)

# -- final Walhalla majority ------------------------------------------------
WALHALLA_FIRST: Final = 6  # rulebook
WALHALLA_SECOND: Final = 4
N_RAIDS: Final = 3
