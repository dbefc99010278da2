"""D4: the active player moors the galley in the lowest free berth of a fjord
(docs/rules/walhalla.md §3.3, §4.3)."""

from __future__ import annotations

from typing import Any

from vikingcli.engine import Action
from vikingcli_walhalla.board import N_FJORDS
from vikingcli_walhalla.rules.disembark import continue_disembarking
from vikingcli_walhalla.state import MOOR, State


def legal_actions(s: State) -> list[Action]:
    acts: list[Action] = []
    # Both orientations only when they differ: the front and back seats have
    # different owners (and the fixed_orientation option is off).
    both = not s.fixed and s.seats[0] != s.seats[2]
    mb = s.board.max_berths
    for f in range(N_FJORDS):
        if len(s.fjords[f]) < mb[f]:
            acts.append((MOOR, f, 0))
            if both:
                acts.append((MOOR, f, 1))
    return acts


def apply_legal(s: State, a: tuple[Any, ...]) -> None:
    f, orient = a[1], a[2]
    berth = len(s.fjords[f])
    seats = s.seats
    s.fjords[f].append((s.galley, orient, (seats[0], seats[1], seats[2])))
    b = s.board
    q = [(f, b.seat_position(berth, i, orient), seats[i]) for i in range(3) if seats[i] >= 0]
    q.sort()
    s.queue = q
    continue_disembarking(s)
