"""The JSON Schema of a Wikinger observation (``view.observation``): the contract every
game follows (``vikingcli.engine.observe``), with Wikinger's own keys, each described
(docs/bot-protocol.md shows it)."""

from __future__ import annotations

from typing import Any, Final

from vikingcli.engine.observe import (
    array,
    boolean,
    enum,
    envelope,
    integer,
    nullable,
    obj,
    seat,
    skip,
)
from vikingcli_wikinger.codec import COLUMNS
from vikingcli_wikinger.data import (
    BUILDING_NAMES,
    DISPLAY_SIZE,
    FIGURES_PER_COLOUR,
    N_ROUNDS,
    ROLE_NAMES,
    SAIL_NAMES,
    SLOTS,
    SPECIAL_COUNTS,
    SPECIAL_IDS,
)
from vikingcli_wikinger.view import PHASES, SHIP_NAMES, TILE_NAMES, TRIP_NAMES

MAX_PLAYERS: Final = 4
SEAT: Final = seat(MAX_PLAYERS)
ROW: Final = integer(0, 5, "row: 0 ships, 1-5 island rows (1 warriors ... 5 fishers)")
COLUMN: Final = integer(0, COLUMNS - 1, "column")
CELL: Final = nullable(
    obj(
        {
            "tile": enum(TILE_NAMES, "the island tile"),
            "building": nullable(enum(BUILDING_NAMES, "the building on it")),
            "figure": boolean("a figure (of the row's colour) stands on it"),
        },
        "an island cell, or null: empty",
    )
)


def per_role(description: str, most: int = FIGURES_PER_COLOUR) -> dict[str, Any]:
    return obj({r: integer(0, most) for r in ROLE_NAMES}, description)


SCORING_SEAT: Final = skip(
    {"type": "object", "additionalProperties": integer(-500, 500), "description":
     "what the seat scored, item by item (gold, VP)"}
)  # fmt: skip

SCHEMA: Final = envelope(
    "wikinger",
    "Wikinger",
    MAX_PLAYERS,
    PHASES,
    {
        "gold": integer(0, 1000, "gold"),
        "vp": integer(-200, 1000, "victory points"),
        "start_player": boolean("the start player"),
        "start_tile_placed": boolean("has placed its start tile"),
        "bidding": boolean("still in the auction (advanced)"),
        "mainland": per_role("figures on the mainland (idle), by role", FIGURES_PER_COLOUR * 6),
        "specials": obj(
            {k: integer(0, n) for k, n in zip(SPECIAL_IDS, SPECIAL_COUNTS)},
            "special tiles held (only those held are listed)",
            optional=SPECIAL_IDS,
        ),
        "ships": array(
            nullable(enum(tuple(SAIL_NAMES.values()), "the ship's sail colour")),
            COLUMNS,
            "the ship row by column (null: no ship)",
        ),
        "islands": array(
            array(CELL, COLUMNS, "one row's cells by column"),
            5,
            "island rows 1-5 (warriors, nobles, scouts, goldsmiths, fishers)",
            5,
        ),
    },
    {
        "mode": enum(("basic", "advanced"), "the game"),
        "bidding": boolean("advanced: the start player is auctioned (option)"),
        "start_player": SEAT,
        "scoring": enum(("small", "big"), "the scoring at the end of this round"),
        "wheel": array(
            obj(
                {
                    "slot": integer(0, SLOTS - 1),
                    "price": nullable(integer(0, SLOTS - 1, "gold it costs now")),
                    "tile": nullable(enum((*TILE_NAMES, *SHIP_NAMES), "the tile or ship")),
                    "figure": nullable(enum(ROLE_NAMES, "the figure with it")),
                }
            ),
            SLOTS,
            "the wheel: what each slot offers and its price",
            SLOTS,
        ),
        "display": array(
            nullable(enum(SPECIAL_IDS, "a special tile")), DISPLAY_SIZE, "the special display"
        ),
        "drawn": per_role("advanced: figures drawn, not yet on the wheel"),
        "next_slot": integer(-1, SLOTS - 1, "advanced: the next wheel slot to fill"),
        "turn": integer(0, SLOTS, "turns taken this round"),
        "auction": obj(
            {"high_bid": nullable(integer(0, 1000)), "high_bidder": nullable(SEAT)},
            "advanced: the auction for start player",
        ),
        "pending": obj(
            {
                "tile": nullable(enum((*TILE_NAMES, *SHIP_NAMES), "taken, to place")),
                "figure": nullable(enum(ROLE_NAMES, "taken with it, to place")),
                "row": nullable(ROW),
                "column": nullable(COLUMN),
                "special": boolean("a special tile is to be taken"),
                "swap_building": nullable(enum(BUILDING_NAMES, "the building special to lay")),
            },
            "what the seat to move has taken and still places",
        ),
        "ferry": obj(
            {
                "turn": integer(0, MAX_PLAYERS, "whose ferrying: seats from the start player"),
                "trip": enum(TRIP_NAMES, "the open boat trip"),
                "trip_row": nullable(ROW),
                "trip_column": nullable(COLUMN),
                "ferried": integer(0, 100, "figures ferried this turn"),
                "required": integer(0, 100, "round 6: figures that must be ferried"),
            },
            "ferrying before a big scoring",
        ),
        "unseen_tiles": obj(
            {t: integer(0, 25) for t in (*TILE_NAMES, *SHIP_NAMES)},
            "tiles left in the stacks (their order is hidden)",
        ),
        "bag": per_role("figures left in the bag (advanced; the draw order is hidden)"),
        "special_pile": obj(
            {k: integer(0, n) for k, n in zip(SPECIAL_IDS, SPECIAL_COUNTS)},
            "special tiles left in the pile (its order is hidden)",
        ),
        "out_of_game": obj(
            {
                "tiles": skip(array(enum((*TILE_NAMES, *SHIP_NAMES)), 100)),
                "figures": per_role("figures out of the game", FIGURES_PER_COLOUR),
                "specials": skip(array(enum(SPECIAL_IDS), 30)),
            },
            "discarded tiles, figures and special tiles",
        ),
        "scorings": skip(
            array(
                obj(
                    {
                        "scoring": enum(("small", "big", "final")),
                        "round": integer(1, N_ROUNDS),
                        "seats": array(SCORING_SEAT, MAX_PLAYERS),
                    }
                ),
                N_ROUNDS + 1,
                "every scoring so far, item by item per seat",
            )
        ),
        "last_move": skip(
            nullable(
                obj(
                    {"seat": SEAT, "action": array({"type": "string", "maxLength": 20}, 4)},
                    "the last move (every seat saw it): who, and the action's items",
                )
            )
        ),
    },
    N_ROUNDS,
)
"""What one seat of Wikinger may know."""
