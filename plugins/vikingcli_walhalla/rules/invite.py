"""D2: the owner of the galley's coloured seat is invited to board it
(docs/rules/walhalla.md §4.2, selling a card to join: §4.6)."""

from __future__ import annotations

from typing import Any, Final

from vikingcli.engine import Action
from vikingcli_walhalla import data as D
from vikingcli_walhalla.rules.cards import sell
from vikingcli_walhalla.state import DECLINE, JOIN, PH_SEATS, State

DECLINE_ACTION: Final = (DECLINE,)


def legal_actions(s: State) -> list[Action]:
    i = D.galley_colour(s.galley)
    acts: list[Action] = [DECLINE_ACTION]
    if s.midgard[i] >= 1:
        acts.append((JOIN, -1))
    elif s.vp[i] >= 1 and s.asgard[i] >= 1:
        h = s.hands[i]
        for t in range(D.N_CARD_TYPES):
            if h[t]:
                acts.append((JOIN, t))
    return acts


def apply_legal(s: State, a: tuple[Any, ...]) -> None:
    if a[0] == JOIN:
        i = D.galley_colour(s.galley)
        if a[1] >= 0:
            sell(s, i, a[1])
        s.midgard[i] -= 1
        s.seats[D.galley_coloured_seat(s.galley)] = i
    s.phase = PH_SEATS
