"""The action encoding: an action is a tuple of ints whose first element is an opcode.

The rules generate and play these tuples; ``actions.py`` gives each its text.
"""

from __future__ import annotations

from typing import Final

# Final: the compiled build reads each as a C constant, not from the module's dict.
OP_GLORY: Final = 0  # use D29 (Pict attack winner)
OP_DECLINE: Final = 1  # decline glory / ransom / Loki swap
OP_RANSOM: Final = 2  # pay 2 coins with C22
OP_COMMIT: Final = 3  # (OP, k): commit k brown vikings
OP_PLACE: Final = 4  # (OP, slot 0..5): viking into a demand column
OP_RESERVE: Final = 5  # (OP, slot 6..11): reserve a card (Jarl)
OP_SWAP: Final = 6  # (OP, pos_a, pos_b): Loki swap, pos = col*8+idx or 48+reservation idx
OP_BUY: Final = 7  # buy at the current price
OP_FREE: Final = 8  # buy for 0 with B22
OP_PASS: Final = 9  # pass (demand column)
OP_DISCARD: Final = 10  # discard a reserved card
OP_PUT: Final = 11  # (OP, good, card): pool good -> own craftsman / trader / oracle
OP_STORE: Final = 12  # (OP, good, where): pool good -> board storage (0) or A06 (1)
OP_TAKE: Final = 13  # (OP, good, where): stored good -> pool
OP_CONV: Final = 14  # (OP, g1, g2, g3, t): 3->1 exchange
OP_CONV2: Final = 15  # (OP, g1, g2, t): 2->1 exchange (A20)
OP_CASH: Final = 16  # (OP, g1, g2): 2 goods -> 1 coin
OP_MARKET: Final = 17  # (OP, t): C20
OP_REWORK: Final = 18  # (OP, c1, g1, c2, g2, ...): D28, 1-3 goods off own craftsmen
OP_STEAL: Final = 19  # (OP, seat, card, good): B24
OP_RPUT: Final = 20  # (OP, card): buffered good -> own craftsman / trader / oracle
OP_RWH: Final = 21  # buffered good -> A06
OP_RDISCARD: Final = 22  # buffered good -> common goods space
OP_END: Final = 23  # end the loading turn

Move = tuple[int, ...]
"""One encoded action."""

A_GLORY: Final[Move] = (OP_GLORY,)
A_DECLINE: Final[Move] = (OP_DECLINE,)
A_RANSOM: Final[Move] = (OP_RANSOM,)
A_BUY: Final[Move] = (OP_BUY,)
A_FREE: Final[Move] = (OP_FREE,)
A_PASS: Final[Move] = (OP_PASS,)
A_DISCARD: Final[Move] = (OP_DISCARD,)
A_RWH: Final[Move] = (OP_RWH,)
A_RDISCARD: Final[Move] = (OP_RDISCARD,)
A_END: Final[Move] = (OP_END,)

RES_BASE: Final = 48  # swap positions >= RES_BASE are reservation-row spaces
