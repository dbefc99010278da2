"""Action texts: ``format_action`` gives the one canonical text of an encoded action
(see ``rules/encoding.py``); the engine's default ``parse_action`` maps a text back
through the legal set, so every accepted text names a legal action."""

from __future__ import annotations

from typing import Any

from vikingcli.engine import IllegalAction
from vikingcli_jorvik.data import CARDS, GOOD_NAMES
from vikingcli_jorvik.rules.encoding import (
    OP_BUY,
    OP_CASH,
    OP_COMMIT,
    OP_CONV,
    OP_CONV2,
    OP_DECLINE,
    OP_DISCARD,
    OP_END,
    OP_FREE,
    OP_GLORY,
    OP_MARKET,
    OP_PASS,
    OP_PLACE,
    OP_PUT,
    OP_RANSOM,
    OP_RDISCARD,
    OP_RESERVE,
    OP_REWORK,
    OP_RPUT,
    OP_RWH,
    OP_STEAL,
    OP_STORE,
    OP_SWAP,
    OP_TAKE,
    RES_BASE,
)
from vikingcli_jorvik.state import PH_END, PHASE_NAMES, JorvikState

WHERE_NAMES = ("board", "wh")


def pos_text(pos: int) -> str:
    """A swap position: ``column:index`` (1-based column) or ``r:index``."""
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


def format_action(a: Any) -> str:
    """``action_text`` for the engine: anything that is no action is an IllegalAction."""
    try:
        return action_text(a)
    except (ValueError, IndexError, TypeError, KeyError) as e:
        raise IllegalAction(f"not a jorvik action: {a!r}") from e


def why_not(s: JorvikState, a: Any) -> str:
    """The reason given when ``a`` is not legal in ``s``."""
    if s.phase == PH_END:
        return "the game is over"
    return f"illegal action {a!r} in the {PHASE_NAMES[s.phase]} phase"
