"""Walhalla rules (AMIGO 2006): setup, whose move, legal actions and their effects.

One module per decision point of docs/rules/walhalla.md §6 (``invite`` D2, ``seats``
D3, ``moor`` D4, ``disembark`` D5, ``defend`` D6, ``hunt`` D7, ``commit`` D9), with
``raid`` (the turn loop and the end of a raid), ``cards`` (deck, hands, discards)
and ``setup`` (a new game) beside them. ``legal`` and ``play`` dispatch on the
phase (the action encoding is described in ``state``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from vikingcli.engine import Action
from vikingcli_walhalla import data as D
from vikingcli_walhalla.rules import commit, defend, disembark, hunt, invite, moor, seats
from vikingcli_walhalla.rules.raid import begin_turn
from vikingcli_walhalla.state import (
    PH_COMMIT,
    PH_DEFEND,
    PH_HUNT,
    PH_INVITE,
    PH_LAND,
    PH_SEATS,
    PH_SEND,
    State,
)

__all__ = ["apply_legal", "begin_turn", "legal_actions", "to_move"]


def _legal_over(s: State) -> list[Action]:
    return []


def _apply_over(s: State, a: tuple[Any, ...]) -> None:
    raise ValueError("walhalla: the game is over")


# Indexed by phase (PH_INVITE .. PH_OVER).
LEGAL_BY_PHASE: Final[tuple[Callable[[State], list[Action]], ...]] = (
    invite.legal_actions,
    seats.legal_actions,
    moor.legal_actions,
    disembark.legal_actions,
    defend.legal_actions,
    hunt.legal_actions,
    commit.legal_actions,
    _legal_over,
)
PLAY_BY_PHASE: Final[tuple[Callable[[State, tuple[Any, ...]], None], ...]] = (
    invite.apply_legal,
    seats.apply_legal,
    moor.apply_legal,
    disembark.apply_legal,
    defend.apply_legal,
    hunt.apply_legal,
    commit.apply_legal,
    _apply_over,
)


def to_move(s: State) -> int | None:
    """The seat that decides now, derived from the phase; ``None`` once over."""
    ph = s.phase
    if ph in (PH_SEATS, PH_SEND):
        return s.turn_player
    if ph == PH_LAND:
        return s.queue[0][2]
    if ph == PH_INVITE:
        return D.galley_colour(s.galley)
    if ph in (PH_DEFEND, PH_HUNT):
        return s.occ[s.target]
    if ph == PH_COMMIT:
        return s.commit_order[s.commit_idx]
    return None


def legal_actions(s: State) -> list[Action]:
    """The legal actions of the seat to move, in a fixed order; empty once over."""
    # The five commonest phases by name, most frequent first (their shares of the
    # plies: benchmarks/README.md, "Every game on the merged tree"): compiled, a
    # direct call; through the table, a call through Python's protocol with its
    # argument checks. The table has the rest.
    ph = s.phase
    if ph == PH_LAND:
        return disembark.legal_actions(s)
    if ph == PH_SEATS:
        return seats.legal_actions(s)
    if ph == PH_SEND:
        return moor.legal_actions(s)
    if ph == PH_INVITE:
        return invite.legal_actions(s)
    if ph == PH_COMMIT:
        return commit.legal_actions(s)
    return LEGAL_BY_PHASE[ph](s)


def apply_legal(s: State, a: tuple[Any, ...]) -> None:
    """Apply the legal action ``a`` in place (no checks); ``s.events`` then lists
    what the rules did on their own."""
    s.events = []
    ph = s.phase  # as in legal
    if ph == PH_LAND:
        disembark.apply_legal(s, a)
    elif ph == PH_SEATS:
        seats.apply_legal(s, a)
    elif ph == PH_SEND:
        moor.apply_legal(s, a)
    elif ph == PH_INVITE:
        invite.apply_legal(s, a)
    elif ph == PH_COMMIT:
        commit.apply_legal(s, a)
    else:
        PLAY_BY_PHASE[ph](s, a)
