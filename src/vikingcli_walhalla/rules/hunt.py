"""D7: a viking that takes a forest may play Hunt to double its VP
(docs/rules/walhalla.md §4.4, §4.5)."""

from __future__ import annotations

from typing import Any

from vikingcli.engine import Action
from vikingcli_walhalla import data as D
from vikingcli_walhalla.rules.cards import discard
from vikingcli_walhalla.rules.disembark import continue_disembarking
from vikingcli_walhalla.state import HUNT, WalhallaState

HUNT_ACTIONS: tuple[Action, ...] = ((HUNT, 0), (HUNT, 1))


def legal(s: WalhallaState) -> list[Action]:
    return list(HUNT_ACTIONS)


def play(s: WalhallaState, a: tuple[Any, ...]) -> None:
    sp = s.target
    o = s.occ[sp]
    v = D.FOREST_VP[s.stype[sp]]
    if a[1]:
        discard(s, o, D.C_HUNT)
        v *= 2
    s.score[o] += v
    s.forest_vp[o] += v
    s.target = -1
    continue_disembarking(s)
