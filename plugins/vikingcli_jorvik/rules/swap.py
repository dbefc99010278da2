"""The Loki swap A21 after the demand phase (docs/rules/jorvik.md §8.9)."""

from __future__ import annotations

from itertools import combinations

from vikingcli_jorvik import data as D
from vikingcli_jorvik.rules.common import box_own
from vikingcli_jorvik.rules.encoding import A_DECLINE, OP_SWAP, RES_BASE, Move
from vikingcli_jorvik.rules.purchase import cleanup
from vikingcli_jorvik.state import State


def viking_positions(s: State) -> list[tuple[int, int]]:
    """(position, owner) of every placed viking; position = column * 8 + index, or
    ``RES_BASE`` + index in the reservation row."""
    out = []
    for ci in range(6):
        for i, v in enumerate(s.cols[ci]):
            out.append((ci * 8 + i, v & 7))
    for i, v in enumerate(s.res_vik):
        out.append((RES_BASE + i, v & 7))
    return out


def swap_pairs(s: State) -> list[Move]:
    pos = viking_positions(s)
    return [
        (OP_SWAP, a, b)
        for (a, oa), (b, ob) in combinations(pos, 2)
        if oa != ob  # spec §8.9: vikings of different owners
    ]


def get_pos(s: State, pos: int) -> int:
    if pos >= RES_BASE:
        return s.res_vik[pos - RES_BASE]
    return s.cols[pos // 8][pos % 8]


def set_pos(s: State, pos: int, v: int) -> None:
    if pos >= RES_BASE:
        s.res_vik[pos - RES_BASE] = v
    else:
        s.cols[pos // 8][pos % 8] = v


def legal_swap(s: State) -> list[Move]:
    return [A_DECLINE, *swap_pairs(s)]


def apply_swap(s: State, a: Move) -> None:
    if a[0] == OP_SWAP:
        va = get_pos(s, a[1])
        vb = get_pos(s, a[2])
        set_pos(s, a[1], vb)
        set_pos(s, a[2], va)
        box_own(s, s.actor, D.C_A21)
    cleanup(s)
