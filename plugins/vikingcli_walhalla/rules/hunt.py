"""D7: a viking that takes a forest may play Hunt to double its VP
(docs/rules/walhalla.md §4.4, §4.5). Every occupier of a forest is asked, so that
the question does not tell the table who holds Hunt (ruling C6): ``no hunt`` is
always offered, ``hunt`` only with the card."""

from __future__ import annotations

from typing import Any, Final

from vikingcli.engine import Action
from vikingcli_walhalla import data as D
from vikingcli_walhalla.rules.cards import discard
from vikingcli_walhalla.rules.disembark import continue_disembarking
from vikingcli_walhalla.state import E_FOREST, HUNT, State

NO_HUNT: Final[Action] = (HUNT, 0)
PLAY_HUNT: Final[Action] = (HUNT, 1)


def legal_actions(s: State) -> list[Action]:
    if s.hands[s.occ[s.target]][D.C_HUNT]:
        return [NO_HUNT, PLAY_HUNT]
    return [NO_HUNT]


def apply_legal(s: State, a: tuple[Any, ...]) -> None:
    sp = s.target
    o = s.occ[sp]
    v = D.FOREST_VP[s.stype[sp]]
    if a[1]:
        discard(s, o, D.C_HUNT)
        v *= 2
    s.vp[o] += v
    s.forest_vp[o] += v
    s.events.append((E_FOREST, o, sp, v, a[1]))
    s.target = -1
    continue_disembarking(s)
