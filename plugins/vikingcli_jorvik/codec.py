"""Jórvík's actions as integers (``Game.action_codec``): one row per kind of move, in
the order of the opcodes (``rules/encoding.py``); the same numbering at every table."""

from __future__ import annotations

from typing import Final

from vikingcli.engine.codec import ActionCodec, Ints, Splice, Template, splice_values
from vikingcli_jorvik import data as D
from vikingcli_jorvik.rules import encoding as E

MAX_PLAYERS: Final = 5
CARD: Final = Ints("card", 0, D.N_CARDS)
GOOD: Final = Ints("good", 0, 8)
SWAP_POSITIONS: Final = 64  # 6 columns of 8, then the reservation row from RES_BASE


def _rework() -> Splice:
    """1 to 3 (craftsman, good) pairs, each a good lying on that craftsman (D28)."""
    pairs = [(c.idx, g) for c in D.CARDS if c.kind == D.CRAFTSMAN for g in c.goods]
    return Splice("craftsman,good pairs", splice_values(pairs, 3))


CODEC: Final = ActionCodec(
    [
        Template((E.OP_GLORY,), (), "use Glory (D29)"),
        Template((E.OP_DECLINE,), (), "decline (Glory, Ransom, Loki swap)"),
        Template((E.OP_RANSOM,), (), "pay Ransom (C22)"),
        Template((E.OP_COMMIT,), (Ints("brown vikings", 0, D.BROWN_VIKINGS + 1),), "commit"),
        Template((E.OP_PLACE,), (Ints("slot index", 0, 6),), "place a viking: slot 1-6"),
        Template((E.OP_RESERVE,), (Ints("slot index", 6, 12),), "reserve: slot 7-12"),
        Template(
            (E.OP_SWAP,),
            (Ints("position", 0, SWAP_POSITIONS), Ints("position", 0, SWAP_POSITIONS)),
            "Loki swap of two vikings (column * 8 + place, or 48 + reservation place)",
        ),
        Template((E.OP_BUY,), (), "buy"),
        Template((E.OP_FREE,), (), "buy for free (B22)"),
        Template((E.OP_PASS,), (), "pass"),
        Template((E.OP_DISCARD,), (), "discard the reserved card"),
        Template((E.OP_PUT,), (GOOD, CARD), "put a good on a card"),
        Template((E.OP_STORE,), (GOOD, Ints("where", 0, 2)), "store: 0 board, 1 A06"),
        Template((E.OP_TAKE,), (GOOD, Ints("where", 0, 2)), "take from storage"),
        Template((E.OP_CONV,), (GOOD, GOOD, GOOD, GOOD), "exchange 3 goods for 1"),
        Template((E.OP_CONV2,), (GOOD, GOOD, GOOD), "exchange 2 goods for 1 (A20)"),
        Template((E.OP_CASH,), (GOOD, GOOD), "sell 2 goods for a coin"),
        Template((E.OP_MARKET,), (GOOD,), "take a good (C20)"),
        Template((E.OP_REWORK,), (_rework(),), "take 1-3 goods off own craftsmen (D28)"),
        Template((E.OP_STEAL,), (Ints("seat", 0, MAX_PLAYERS), CARD, GOOD), "steal (B24)"),
        Template((E.OP_RPUT,), (CARD,), "put the good to use at once on a card"),
        Template((E.OP_RWH,), (), "put the good to use at once on A06"),
        Template((E.OP_RDISCARD,), (), "discard the good to use at once"),
        Template((E.OP_END,), (), "end the loading turn"),
    ]
)
"""Every Jórvík action, numbered the same way at every table size and mode."""
