"""Action texts: the canonical text of each action and the aliases ``parse_action``
accepts besides (the action encoding is described in ``state``; the syntax for
players in ``rulestext``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from vikingcli.engine import Action, IllegalAction, normalize_action_text
from vikingcli_walhalla import data as D
from vikingcli_walhalla.board import BOW_IN
from vikingcli_walhalla.state import (
    ATTACK,
    BOARD,
    DECLINE,
    DONE,
    HUNT,
    JOIN,
    LAND,
    LOSE,
    MOOR,
    PLAY,
    WIN,
    WalhallaState,
)


def cards_text(sold: Sequence[int]) -> str:
    return "+".join(D.CARD_NAMES[t] for t in sold)


def format_action(s: WalhallaState, a: Any) -> str:
    k = a[0]
    if k == LAND:
        return f"land {s.board.space_text(a[1]).lower()}"
    if k == ATTACK:
        return f"attack {s.board.space_text(a[1]).lower()}" + (" card" if a[2] else "")
    if k == BOARD:
        names = [D.SEAT_NAMES[i] for i in range(3) if a[1] >> i & 1]
        txt = "board " + ("+".join(names) if names else "none")
        if a[2]:
            txt += " sell " + cards_text(a[2])
        return txt
    if k == MOOR:
        return f"moor f{a[1] + 1} " + ("in" if a[2] == BOW_IN else "out")
    if k == JOIN:
        return "join" + (f" sell {D.CARD_NAMES[a[1]]}" if a[1] >= 0 else "")
    if k == DECLINE:
        return "decline"
    if k == LOSE:
        return "lose"
    if k == WIN:
        return "win shield" if a[1] else "win"
    if k == HUNT:
        return "hunt" if a[1] else "no hunt"
    if k == PLAY:
        if a[1] == D.C_HEADLAND:
            return f"play headland h{a[2] + 1}"
        return f"play {D.CARD_NAMES[a[1]]}"
    if k == DONE:
        return "done"
    raise IllegalAction(f"walhalla: unknown action {a!r}")


def parse_alias(s: WalhallaState, legal: Sequence[Action], text: str) -> Action | None:
    """The action an alias names, or ``None``: "moor f2" when only one orientation
    of F2 is offered."""
    want = normalize_action_text(text)
    if not want.startswith("moor "):
        return None
    matches = [a for a in legal if format_action(s, a).startswith(want + " ")]
    return matches[0] if len(matches) == 1 else None
