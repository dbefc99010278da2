"""Action encoding and canonical texts.

An action is a tuple of ints whose first element is an opcode.  Texts are short and
typeable; ``format_action`` gives the one canonical text, and ``parse_action`` maps a
text back through the legal set (so every accepted text names a legal action).
"""

from __future__ import annotations

from typing import Any

from vikingcli_jorvik.data import CARDS, GOOD_NAMES

(
    OP_GLORY,  # use D29 (Pict attack winner)
    OP_DECLINE,  # decline glory / ransom / Loki swap
    OP_RANSOM,  # pay 2 coins with C22
    OP_COMMIT,  # (OP, k): commit k brown vikings
    OP_PLACE,  # (OP, slot 0..5): viking into a demand column
    OP_RESERVE,  # (OP, slot 6..11): reserve a card (Jarl)
    OP_SWAP,  # (OP, pos_a, pos_b): Loki swap, pos = col*8+idx or 48+reservation idx
    OP_BUY,  # buy at the current price
    OP_FREE,  # buy for 0 with B22
    OP_PASS,  # pass (demand column)
    OP_DISCARD,  # discard a reserved card
    OP_PUT,  # (OP, good, card): pool good -> own craftsman / trader / oracle
    OP_STORE,  # (OP, good, where): pool good -> board storage (0) or A06 (1)
    OP_TAKE,  # (OP, good, where): stored good -> pool
    OP_CONV,  # (OP, g1, g2, g3, t): 3->1 exchange
    OP_CONV2,  # (OP, g1, g2, t): 2->1 exchange (A20)
    OP_CASH,  # (OP, g1, g2): 2 goods -> 1 coin
    OP_MARKET,  # (OP, t): C20
    OP_REWORK,  # (OP, c1, g1, c2, g2, ...): D28, 1-3 goods off own craftsmen
    OP_STEAL,  # (OP, seat, card, good): B24
    OP_RPUT,  # (OP, card): buffered good -> own craftsman / trader / oracle
    OP_RWH,  # buffered good -> A06
    OP_RDISCARD,  # buffered good -> common goods space
    OP_END,  # end the loading turn
) = range(24)

A_GLORY = (OP_GLORY,)
A_DECLINE = (OP_DECLINE,)
A_RANSOM = (OP_RANSOM,)
A_BUY = (OP_BUY,)
A_FREE = (OP_FREE,)
A_PASS = (OP_PASS,)
A_DISCARD = (OP_DISCARD,)
A_RWH = (OP_RWH,)
A_RDISCARD = (OP_RDISCARD,)
A_END = (OP_END,)

WHERE_NAMES = ("board", "wh")
RES_BASE = 48  # swap positions >= RES_BASE are reservation-row spaces


def pos_text(pos: int) -> str:
    if pos >= RES_BASE:
        return f"r:{pos - RES_BASE}"
    return f"{pos // 8 + 1}:{pos % 8}"


def action_text(a: Any) -> str:
    """The canonical text of an encoded action (no state needed)."""
    op = a[0]
    gn = GOOD_NAMES
    if op == OP_GLORY:
        return "glory"
    if op == OP_DECLINE:
        return "decline"
    if op == OP_RANSOM:
        return "ransom"
    if op == OP_COMMIT:
        return f"commit {a[1]}"
    if op == OP_PLACE:
        return f"place {a[1] + 1}"
    if op == OP_RESERVE:
        return f"reserve {a[1] + 1}"
    if op == OP_SWAP:
        return f"swap {pos_text(a[1])} {pos_text(a[2])}"
    if op == OP_BUY:
        return "buy"
    if op == OP_FREE:
        return "free"
    if op == OP_PASS:
        return "pass"
    if op in (OP_DISCARD, OP_RDISCARD):
        return "discard"
    if op == OP_PUT:
        return f"put {gn[a[1]]} {CARDS[a[2]].cid}"
    if op == OP_STORE:
        return f"store {gn[a[1]]} {WHERE_NAMES[a[2]]}"
    if op == OP_TAKE:
        return f"take {gn[a[1]]} {WHERE_NAMES[a[2]]}"
    if op == OP_CONV:
        return f"convert {gn[a[1]]} {gn[a[2]]} {gn[a[3]]} {gn[a[4]]}"
    if op == OP_CONV2:
        return f"exchange {gn[a[1]]} {gn[a[2]]} {gn[a[3]]}"
    if op == OP_CASH:
        return f"cash {gn[a[1]]} {gn[a[2]]}"
    if op == OP_MARKET:
        return f"market {gn[a[1]]}"
    if op == OP_REWORK:
        parts = [f"{CARDS[a[i]].cid}:{gn[a[i + 1]]}" for i in range(1, len(a), 2)]
        return "rework " + " ".join(parts)
    if op == OP_STEAL:
        return f"steal {a[1]} {CARDS[a[2]].cid} {gn[a[3]]}"
    if op == OP_RPUT:
        return f"put {CARDS[a[1]].cid}"
    if op == OP_RWH:
        return "put wh"
    if op == OP_END:
        return "end"
    raise ValueError(f"unknown action {a!r}")


SYNTAX = """\
Action syntax (one text per legal action)
  Pict attack:   glory | ransom | decline
  Demand:        commit K          (Jarl, A19: commit K brown vikings)
                 place S           (viking into the demand column of slot S, 1-6)
                 reserve S         (Jarl: reserve the card of slot S, 7-12)
                 swap C:I C:I | decline   (A21: swap two vikings; C = column 1-6 or r =
                                    reservation row, I = 0-based position)
  Purchase:      buy | free (B22, price 0) | pass     reservation row: buy | free | discard
  Loading:       put GOOD CARD     (pool good to own craftsman / trader / oracle)
                 store GOOD board|wh   take GOOD board|wh   (storage; wh = A06 card)
                 convert G G G T   (3 goods to the common space, take T, use at once)
                 exchange G G T    (A20: 2 goods -> T)
                 cash G G          (2 goods -> 1 coin)
                 market T          (C20)   rework CARD:GOOD ... (D28, 1-3 goods)
                 steal SEAT CARD GOOD (B24)
                 put CARD | put wh | discard   (use a good "at once")
                 end               (end the loading turn; pool goods are lost)
Goods: amber iron leather wool jet silk glass gold.  Cards by id, e.g. A08."""
