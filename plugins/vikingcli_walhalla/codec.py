"""Walhalla's actions as integers (``Game.action_codec``): one row per kind of move, in
the order of the action kinds (``state.py``); the same numbering at every table."""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Final

from vikingcli.engine.codec import ActionCodec, Ints, Template, Values
from vikingcli_walhalla import data as D
from vikingcli_walhalla import state as S
from vikingcli_walhalla.board import N_FJORDS, N_HEADLANDS

SPACES: Final = 2 * D.TOTAL_TILES
SOLD: Final = Values(
    "cards sold (sorted card types)",
    tuple(c for k in range(4) for c in combinations_with_replacement(range(D.N_CARD_TYPES), k)),
)

CODEC: Final = ActionCodec(
    [
        Template((S.DECLINE,), (), "decline the invitation"),
        Template((S.JOIN,), (Ints("card sold, -1 none", -1, D.N_CARD_TYPES),), "join"),
        Template((S.BOARD,), (Ints("seats: front 1 + middle 2 + back 4", 0, 8), SOLD), "board"),
        Template(
            (S.MOOR,), (Ints("fjord index", 0, N_FJORDS), Ints("bow: 0 in, 1 out", 0, 2)), "moor"
        ),
        Template((S.LAND,), (Ints("space index", 0, SPACES),), "land on an empty space"),
        Template(
            (S.ATTACK,),
            (Ints("space index", 0, SPACES), Ints("with the Attack card", 0, 2)),
            "attack a space",
        ),
        Template((S.LOSE,), (), "lose the combat"),
        Template((S.WIN,), (Ints("with the Shield card", 0, 2),), "win the combat"),
        Template((S.HUNT,), (Ints("play Hunt", 0, 2),), "hunt or not"),
        Template(
            (S.PLAY,),
            (
                Ints("card type", 0, D.N_CARD_TYPES),
                Ints("headland index, -1 none", -1, N_HEADLANDS),
            ),
            "lay an end-of-raid card face down",
        ),
        Template((S.DONE,), (), "done laying cards"),
    ]
)
"""Every Walhalla action, numbered the same way at every table size."""
