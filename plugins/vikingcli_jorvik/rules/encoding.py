"""The action encoding: an action is a tuple of ints whose first element is an opcode.

The rules generate and play these tuples; ``actions.py`` gives each its text.
"""

from __future__ import annotations

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

Move = tuple[int, ...]
"""One encoded action."""

A_GLORY: Move = (OP_GLORY,)
A_DECLINE: Move = (OP_DECLINE,)
A_RANSOM: Move = (OP_RANSOM,)
A_BUY: Move = (OP_BUY,)
A_FREE: Move = (OP_FREE,)
A_PASS: Move = (OP_PASS,)
A_DISCARD: Move = (OP_DISCARD,)
A_RWH: Move = (OP_RWH,)
A_RDISCARD: Move = (OP_RDISCARD,)
A_END: Move = (OP_END,)

RES_BASE = 48  # swap positions >= RES_BASE are reservation-row spaces
