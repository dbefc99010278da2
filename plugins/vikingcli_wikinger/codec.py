"""Wikinger's actions as integers (``Game.action_codec``): one row per kind of move
(the list in ``rules/__init__.py``); the same numbering at every table size."""

from __future__ import annotations

from typing import Final

from vikingcli.engine.codec import ActionCodec, Ints, Template
from vikingcli_wikinger.data import DISPLAY_SIZE, N_COLOURS, SLOTS

MAX_BID: Final = 500
"""Bids are at most a seat's gold and VP together, far below this."""
COLUMNS: Final = 40
"""Island and ship columns: 72 tiles in five rows and a ship row stay well below this."""
ROW: Final = Ints("row", 0, 6)
COLUMN: Final = Ints("column", 0, COLUMNS)

CODEC: Final = ActionCodec(
    [
        Template(("bid",), (Ints("gold", 0, MAX_BID),), "bid for start player (advanced)"),
        Template(("pass",), (), "pass in the auction"),
        Template(("discard",), (Ints("figure colour", 0, N_COLOURS),), "discard a drawn figure"),
        Template(("colour",), (Ints("figure colour", 0, N_COLOURS),), "lay out a colour"),
        Template(("take",), (Ints("wheel slot", 0, SLOTS),), "take a combination"),
        Template(("start",), (Ints("row", 1, 6),), "place the start tile"),
        Template(("ship",), (COLUMN,), "place a ship"),
        Template(("tile",), (ROW, COLUMN), "place an island tile"),
        Template(("figure",), (Ints("on the tile: 1, mainland: 0", 0, 2),), "place the figure"),
        Template(("special",), (Ints("display space, -1 none", -1, DISPLAY_SIZE),), "special"),
        Template(("swap",), (ROW, COLUMN), "the tile the building special replaces"),
        Template(("boat",), (ROW, COLUMN), "ferry a figure by boat"),
        Template(("longship",), (ROW, COLUMN), "ferry a figure by longship"),
        Template(("add",), (ROW, COLUMN), "add a figure to the open trip"),
        Template(("land",), (), "land the trip"),
        Template(("done",), (), "done ferrying"),
    ]
)
"""Every Wikinger action, numbered the same way at every table size and mode."""
