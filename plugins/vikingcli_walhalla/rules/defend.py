"""D6: the defender of an attacked space chooses the combat result
(docs/rules/walhalla.md §4.4, Shield §4.5)."""

from __future__ import annotations

from typing import Any, Final

from vikingcli.engine import Action
from vikingcli_walhalla import data as D
from vikingcli_walhalla.rules.cards import discard
from vikingcli_walhalla.rules.disembark import continue_disembarking, defender_loses
from vikingcli_walhalla.state import E_REPEL, LOSE, WIN, State

LOSE_ACTION: Final = (LOSE,)


def legal_actions(s: State) -> list[Action]:
    d = s.occ[s.target]
    acts: list[Action] = [LOSE_ACTION]
    if s.walhalla[d] >= 1:
        acts.append((WIN, 0))
    if s.hands[d][D.C_SHIELD]:
        acts.append((WIN, 1))
    return acts


def apply_legal(s: State, a: tuple[Any, ...]) -> None:
    if a[0] == LOSE:
        defender_loses(s, s.target, s.attacker)
        return
    d = s.occ[s.target]
    s.events.append((E_REPEL, s.target, s.attacker, d, a[1]))
    if a[1]:
        discard(s, d, D.C_SHIELD)
    else:
        s.walhalla[d] -= 1
        s.asgard[d] += 1
    s.walhalla[s.attacker] += 1
    s.queue.pop(0)
    s.target = -1
    s.attacker = -1
    continue_disembarking(s)
