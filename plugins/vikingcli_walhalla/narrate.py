"""What one seat learns from one move (``Game.narrate``): the move as that seat may
know it, then every consequence the rules applied on their own, read from the
events the move left in the state (``State.events``) as that seat sees them
(``view.visible_events``, the same list its observation holds).

Secret: which card a seat lays face down at the end of a raid (the others read
``lays a card face down`` until the reveal, which names every card) and which card
a shrine gives (the others read ``draws an action card``). Whether a forest
occupier holds Hunt is never told: every occupier is asked (ruling C6), and
``no hunt`` reads the same either way.
"""

from __future__ import annotations

from typing import Any

from vikingcli.engine import seat_ref
from vikingcli_walhalla import data as D
from vikingcli_walhalla.actions import format_action
from vikingcli_walhalla.rules import to_move
from vikingcli_walhalla.state import (
    E_CARD,
    E_CLEAR,
    E_DEPART,
    E_DRAW,
    E_FOREST,
    E_GALLEY,
    E_NEW_RAID,
    E_OVER,
    E_RAID_END,
    E_REINFORCE,
    E_REPEL,
    E_REVEAL,
    E_SAIL,
    E_SCORE,
    E_TAKE,
    PLAY,
    State,
)
from vikingcli_walhalla.view import visible_events


def narrate(
    before: State, action: Any, after: State, seat: int | None
) -> list[str]:
    """The move as ``seat`` (``None``: a spectator) may know it, then its consequences."""
    mover = to_move(before)
    if action[0] == PLAY and seat != mover:
        first = "lays a card face down"
    else:
        first = format_action(before, action)
    return [first, *consequences(after, seat)]


def _vp(points: int) -> str:
    return f"{points} VP" if points != 1 else "1 VP"


def _vikings(k: int) -> str:
    return f"{k} viking" + ("s" if k != 1 else "")


def _card_text(card: int, headland: int) -> str:
    if card == D.C_HEADLAND:
        return f"Headland +2 on H{headland + 1}"
    return D.CARD_TITLES[card]


def consequences(s: State, seat: int | None) -> list[str]:
    """One line per automatic consequence of the move that led to ``s``."""
    lines: list[str] = []
    events = visible_events(s, seat)
    i = 0
    while i < len(events):
        e = events[i]
        if e[0] == E_REVEAL:
            i = _reveal(s, events, i, lines)
            continue
        line = _raid_line(s, e) or _raid_end_line(s, e)
        if line is not None:
            lines.append(line)
        i += 1
    return lines


def _reveal(s: State, events: list[tuple[int, ...]], i: int, lines: list[str]) -> int:
    """Adds the end-of-raid reveal at ``events[i]`` and the cards that follow it to
    ``lines``; returns the index of the first event after them."""
    e = events[i]
    shown: dict[int, list[str]] = {p: [] for p in range(s.n)}
    j = i + 1
    while j < len(events) and events[j][0] == E_CARD:
        _, who, card, headland = events[j]
        shown[who].append(_card_text(card, headland))
        j += 1
    lines.append(f"end of raid {e[1]}: the face-down cards are revealed")
    for p in range(s.n):
        cards = ", ".join(shown[p]) if shown[p] else "no card"
        lines.append(f"{seat_ref(p)} reveals {cards}")
    return j


def _raid_line(s: State, e: tuple[int, ...]) -> str | None:
    """The line of a step of the raid: a galley drawn, a viking sailing back, a
    space taken or held, an action card drawn, a forest scored; None for another event."""
    k = e[0]
    space = s.board.space_text
    if k == E_GALLEY:
        g, who = e[1], e[2]
        c = D.galley_colour(g)
        where = D.SEAT_NAMES[D.galley_coloured_seat(g)]
        owner = f"{where} seat in {seat_ref(c)}'s colour" if c < s.n else "every seat neutral"
        return f"{seat_ref(who)} draws galley G{g:02d} ({owner})"
    if k == E_SAIL:
        return (
            f"{seat_ref(e[1])}'s viking at F{e[2] + 1} position {e[3]} has no target"
            " and sails back to Midgard"
        )
    if k == E_TAKE:
        sp, att, d = e[1], e[2], e[3]
        return (
            f"{seat_ref(d)}'s viking on {space(sp)} loses and goes to Walhalla;"
            f" {seat_ref(att)} takes {space(sp)}"
        )
    if k == E_REPEL:
        sp, att, d, shield = e[1], e[2], e[3], e[4]
        paid = (
            "with Shield, paying nothing"
            if shield
            else "paying 1 viking from Walhalla to Asgard"
        )
        return (
            f"{seat_ref(d)} holds {space(sp)}, {paid};"
            f" {seat_ref(att)}'s viking goes to Walhalla"
        )
    if k == E_DRAW:
        who, card = e[1], e[2]
        if card == -1:
            return f"{seat_ref(who)} would draw an action card, but none are left"
        if card == -2:
            return f"{seat_ref(who)} draws an action card"
        return f"{seat_ref(who)} draws an action card: {D.CARD_TITLES[card]}"
    if k == E_FOREST:
        who, sp, vp, hunt = e[1], e[2], e[3], e[4]
        how = " (doubled by Hunt)" if hunt else ""
        return f"{seat_ref(who)} scores {_vp(vp)} for the forest {space(sp)}{how}"
    return None


def _raid_end_line(s: State, e: tuple[int, ...]) -> str | None:
    """The line of a step between raids: the raid's end, a scoring, the board cleared,
    reinforcements, heroes leaving Walhalla, the next raid, the end; None for another event."""
    k = e[0]
    if k == E_RAID_END:
        why = "all galleys are sent" if e[2] == 0 else "no one has a viking in Midgard"
        return f"raid {e[1]} ends: {why}"
    if k == E_SCORE:
        label, pts = s.ledger[e[1]]
        got = [f"{seat_ref(p)} {pts[p]}" for p in range(s.n) if pts[p]]
        return f"scoring {label}: " + (", ".join(got) if got else "no points")
    if k == E_CLEAR:
        return (
            f"{seat_ref(e[1])}'s {_vikings(e[2])} leave the board for Asgard"
            " (wheat fields stay)"
        )
    if k == E_REINFORCE:
        if e[2]:
            return f"{seat_ref(e[1])} moves {_vikings(e[2])} from Asgard to Midgard"
        return f"{seat_ref(e[1])} has no viking in Asgard to move to Midgard"
    if k == E_DEPART:
        return f"heroes leave Walhalla: {_vikings(e[1])} of each colour to Asgard"
    if k == E_NEW_RAID:
        return f"raid {e[1]} begins; {seat_ref(e[2])} starts"
    if k == E_OVER:
        totals = ", ".join(f"{seat_ref(p)} {s.vp[p]}" for p in range(s.n))
        return f"the game is over: {totals}"
    return None
