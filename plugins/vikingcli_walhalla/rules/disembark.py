"""D5: vikings disembark nearest the coast first, landing on an empty touched space
or attacking an enemy there; what the space then gives (docs/rules/walhalla.md §4.4,
§4.5)."""

from __future__ import annotations

from typing import Any

from vikingcli.engine import Action
from vikingcli_walhalla import data as D
from vikingcli_walhalla.rules.cards import discard, draw
from vikingcli_walhalla.rules.raid import next_turn
from vikingcli_walhalla.state import (
    ATTACK,
    E_DRAW,
    E_SAIL,
    E_TAKE,
    LAND,
    PH_DEFEND,
    PH_HUNT,
    PH_LAND,
    State,
)


def legal_actions(s: State) -> list[Action]:
    f, q, o = s.queue[0]
    acts: list[Action] = []
    can_card = s.hands[o][D.C_ATTACK] > 0
    occ = s.occ
    for sp in s.board.contacts[f][q]:
        oc = occ[sp]
        if oc < 0:
            acts.append((LAND, sp))
        elif oc != o:
            acts.append((ATTACK, sp, 0))
            if can_card:
                acts.append((ATTACK, sp, 1))
    return acts


def apply_legal(s: State, a: tuple[Any, ...]) -> None:
    sp = a[1]
    if a[0] == LAND:
        o = s.queue.pop(0)[2]
        s.occ[sp] = o
        occupy(s, sp, o)
        return
    o = s.queue[0][2]
    if a[2]:  # the Attack card: the defender loses without a choice (§4.5)
        discard(s, o, D.C_ATTACK)
        defender_loses(s, sp, o)
    else:
        s.phase = PH_DEFEND
        s.target = sp
        s.attacker = o


def defender_loses(s: State, sp: int, o: int) -> None:
    """The defender on ``sp`` goes to Walhalla; attacker ``o`` takes the space."""
    d = s.occ[sp]
    s.events.append((E_TAKE, sp, o, d))
    s.walhalla[d] += 1
    s.occ[sp] = o
    s.queue.pop(0)
    s.attacker = -1
    occupy(s, sp, o)


def occupy(s: State, sp: int, o: int) -> None:
    """Immediate effect of viking o now standing on sp (§4.4), then go on.

    A forest always asks its occupier whether to hunt, holding Hunt or not, so the
    question tells the other seats nothing (docs/rules/walhalla.md, ruling C6)."""
    t = s.stype[sp]
    if t == D.S:
        s.events.append((E_DRAW, o, draw(s, o)))
    elif t == D.F2 or t == D.F3:
        s.phase = PH_HUNT
        s.target = sp
        return
    s.target = -1
    continue_disembarking(s)


def continue_disembarking(s: State) -> None:
    """Disembark the next viking with a target; sail back those without one."""
    q = s.queue
    occ = s.occ
    contacts = s.board.contacts
    while q:
        f, pos, o = q[0]
        for sp in contacts[f][pos]:
            if occ[sp] != o:
                s.phase = PH_LAND
                return
        # no empty space and no enemy: sails back to Midgard (§4.4)
        s.midgard[o] += 1
        q.pop(0)
        s.events.append((E_SAIL, o, f, pos))
    next_turn(s)
