"""The JSON Schema of a Walhalla observation (``view.observation``): the contract every
game follows (``vikingcli.engine.observe``), with Walhalla's own keys, each described
(docs/bot-protocol.md shows it)."""

from __future__ import annotations

from typing import Final

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
    text,
)
from vikingcli_walhalla import data as D
from vikingcli_walhalla.board import N_FJORDS, N_HEADLANDS
from vikingcli_walhalla.view import EVENT_NAMES, PHASES, SPACE_TYPES

MAX_PLAYERS: Final = 4
SEAT: Final = seat(MAX_PLAYERS)
SAILOR: Final = nullable(seat(MAX_PLAYERS, "the seat whose viking sits there"))
GALLEYS: Final = tuple(f"G{g:02d}" for g in range(1, D.N_GALLEYS + 1))
MAX_SPACES: Final = 2 * D.TOTAL_TILES
MAX_BERTHS: Final = 2 * D.MAX_TILES // 3 + 1
SPACE_IDS: Final = tuple(
    f"H{h}.{p}" for h in range(1, N_HEADLANDS + 1) for p in range(1, 2 * D.MAX_TILES + 1)
)
VIKINGS: Final = integer(0, D.VIKINGS_PER_COLOUR)
POSITION: Final = integer(
    0,
    3 * MAX_BERTHS + 1,
    "a fjord position, 1 at the coast and counting out to sea: berth k covers positions"
    " 3k-2..3k, and a viking at position p touches land space p (H<h>.<p>) of each headland"
    " beside the fjord (F1: H1; F2: H1, H2; F3: H2, H3; F4: H3)",
)


def per_card(description: str, most: int = D.N_CARDS) -> dict[str, object]:
    return obj({c: integer(0, most) for c in D.CARD_NAMES}, description)


EVENT: Final = obj(
    {
        "event": enum(EVENT_NAMES, "what happened"),
        "galley": enum(GALLEYS),
        "seat": nullable(SEAT),
        "fjord": integer(1, N_FJORDS),
        "position": POSITION,
        "space": enum(SPACE_IDS),
        "attacker": nullable(SEAT),
        "defender": nullable(SEAT),
        "shield": boolean(),
        "card": nullable(enum(D.CARD_NAMES, "null: nothing left to draw, or not yours to see")),
        "hidden": boolean("another seat's shrine draw: the card is not shown"),
        "vp": integer(0, 20),
        "hunt": boolean(),
        "raid": integer(1, D.N_RAIDS),
        "why": enum(("all galleys sent", "no viking in Midgard")),
        "headland": nullable(integer(1, N_HEADLANDS)),
        "scoring": text("the scoring's label"),
        "vikings": integer(0, D.VIKINGS_PER_COLOUR),
    },
    "one automatic consequence of the last move (its kind, then its fields)",
    optional=(
        "galley", "seat", "fjord", "position", "space", "attacker", "defender", "shield",
        "card", "hidden", "vp", "hunt", "raid", "why", "headland", "scoring", "vikings",
    ),
)  # fmt: skip

SCHEMA: Final = envelope(
    "walhalla",
    "Walhalla",
    MAX_PLAYERS,
    PHASES,
    {
        "colour": enum(D.COLOURS, "the seat's colour"),
        "vp": integer(-50, 300, "victory points"),
        "midgard": {**VIKINGS, "description": "vikings in Midgard (ready to board)"},
        "asgard": {**VIKINGS, "description": "vikings in Asgard"},
        "walhalla": {**VIKINGS, "description": "vikings in Walhalla (fallen heroes)"},
        "walhalla_bonus": integer(0, 12, "Walhalla +2 cards played this raid"),
        "hand_size": integer(0, D.N_CARDS, "action cards in hand, face-down ones included"),
        "face_down": integer(0, D.N_CARDS, "cards laid face down for the end of the raid"),
        "committed": boolean("has laid its end-of-raid cards this raid"),
        "forest_vp": integer(0, 200, "VP from forests during raids"),
        "sale_vp": integer(-100, 0, "VP paid for selling cards"),
    },
    {
        "hand": nullable(
            per_card(
                "the observing seat's hand: count per card; null only in a spectator's view"
                " (no seat), never in a seat's or a bot's"
            )
        ),
        "face_down": nullable(
            array(
                obj({"card": enum(D.CARD_NAMES), "headland": nullable(integer(1, 3))}),
                D.N_CARDS,
                "the observing seat's face-down cards (a Headland +2 names its headland)",
            )
        ),
        "fixed_orientation": boolean("every galley moors bow in (option)"),
        "start_player": SEAT,
        "active": {**SEAT, "description": "the seat whose galley sails now"},
        "headlands": array(
            obj(
                {
                    "headland": integer(1, N_HEADLANDS),
                    "length": integer(D.MIN_TILES, D.MAX_TILES, "tiles"),
                    "tiles": array(
                        obj(
                            {
                                "tile": enum(tuple(f"T{t:02d}" for t in range(1, 19))),
                                "flipped": boolean(),
                            }
                        ),
                        D.MAX_TILES,
                    ),
                    "cape_first": integer(0, 10, "VP of the outer cape (first place)"),
                    "cape_second": integer(0, 10, "VP of the inner cape (second place)"),
                }
            ),
            N_HEADLANDS,
            "the three headlands",
        ),
        "spaces": array(
            obj(
                {
                    "space": skip(enum(SPACE_IDS, "H<headland>.<position>")),
                    "type": enum(SPACE_TYPES),
                    "occupant": nullable(SEAT),
                }
            ),
            MAX_SPACES,
            "every land space, headland by headland",
        ),
        "fjords": array(
            array(
                obj(
                    {
                        "galley": enum(GALLEYS),
                        "bow": enum(
                            ("in", "out"),
                            "in: the front seat is at the berth's position nearest the coast"
                            " (3k-2), the middle at 3k-1, the back at 3k; out: the back seat"
                            " nearest the coast, the front farthest",
                        ),
                        "sailors": array(SAILOR, 3, "front, middle, back"),
                    }
                ),
                MAX_BERTHS,
            ),
            N_FJORDS,
            "the galleys moored in each fjord (F1..F4, left to right), berth by berth from the"
            " coast: entry k-1 is berth k, fjord positions 3k-2..3k (see position)",
        ),
        "galley": nullable(
            obj(
                {
                    "galley": enum(GALLEYS),
                    "colour": enum(D.COLOURS, "the colour of its coloured seat"),
                    "coloured_seat": enum(D.SEAT_NAMES),
                    "sailors": array(SAILOR, 3, "front, middle, back"),
                },
                "the galley being boarded or sailed",
            )
        ),
        "to_disembark": array(
            obj(
                {
                    "fjord": integer(1, N_FJORDS),
                    "position": POSITION,
                    "seat": SEAT,
                }
            ),
            3 * MAX_BERTHS * N_FJORDS,
            "the vikings still to disembark, in order",
        ),
        "combat": nullable(
            obj(
                {"space": enum(SPACE_IDS), "attacker": nullable(SEAT), "occupant": nullable(SEAT)},
                "the space fought over (defend) or hunted in (hunt)",
            )
        ),
        "commit_order": array(SEAT, MAX_PLAYERS, "who lays end-of-raid cards in which order"),
        "discard": per_card("the discard pile: count per card"),
        "deck_size": integer(0, D.N_CARDS, "action cards in the deck"),
        "galley_deck_size": integer(0, D.N_GALLEYS, "galleys left to draw this raid"),
        "galleys_sent": array(enum(GALLEYS), D.N_GALLEYS, "galleys sent this raid"),
        "scorings": array(
            obj({"scoring": text("what was scored"), "vp": array(integer(-50, 100), 4)}),
            64,
            "every scoring so far, with each seat's VP",
        ),
        "last_move": skip(
            array(
                EVENT,
                200,
                "what the rules did on their own after the last move (bots get the same as events)",
            )
        ),
    },
    D.N_RAIDS,
)
"""What one seat of Walhalla may know."""
