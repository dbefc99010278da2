"""Jórvík rules (docs/rules/jorvik.md §3-§6): the legal moves and playing them; a new
game is setup.py (§2).

The state machine: ``begin_round`` -> supply (Pict attacks may pause it for Glory /
Ransom decisions) -> demand (A19 commit, placements, A21 swap) -> clean-up ->
purchase (columns, then reservation row) -> loading turns -> next round.  Every
automatic step runs inside ``play`` until the next decision, so the state's
``actor`` always names the seat that must act.  One module per phase or group of
phases; this module dispatches by phase.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from vikingcli_jorvik.rules.demand import apply_commit, apply_place, legal_commit, legal_place
from vikingcli_jorvik.rules.encoding import Move
from vikingcli_jorvik.rules.loading import apply_load, legal_load
from vikingcli_jorvik.rules.pict import apply_glory, apply_ransom, legal_glory, legal_ransom
from vikingcli_jorvik.rules.purchase import apply_buy, apply_resbuy, legal_buy, legal_resbuy
from vikingcli_jorvik.rules.supply import begin_round, resume_after_pict
from vikingcli_jorvik.rules.swap import apply_swap, legal_swap
from vikingcli_jorvik.state import PH_BUY, PH_DEMAND, PH_LOAD, State


def _legal_over(s: State) -> list[Move]:
    return []


def _apply_glory(s: State, a: Move) -> None:
    if apply_glory(s, a):
        resume_after_pict(s)


def _apply_ransom(s: State, a: Move) -> None:
    if apply_ransom(s, a):
        resume_after_pict(s)


def _apply_load(s: State, a: Move) -> None:
    if apply_load(s, a):
        begin_round(s)


def _apply_over(s: State, a: Move) -> None:  # pragma: no cover
    raise AssertionError(f"unhandled action {a!r}")


# Indexed by phase: PH_SUPPLY, PH_GLORY, PH_RANSOM, PH_COMMIT, PH_DEMAND, PH_SWAP,
# PH_BUY, PH_RESBUY, PH_LOAD, PH_OVER.
LEGAL: Final[tuple[Callable[[State], list[Move]], ...]] = (
    _legal_over, legal_glory, legal_ransom, legal_commit, legal_place, legal_swap,
    legal_buy, legal_resbuy, legal_load, _legal_over,
)  # fmt: skip
PLAY: Final[tuple[Callable[[State, Move], None], ...]] = (
    _apply_over, _apply_glory, _apply_ransom, apply_commit, apply_place, apply_swap,
    apply_buy, apply_resbuy, _apply_load, _apply_over,
)  # fmt: skip


def legal_actions(s: State) -> list[Move]:
    """The legal moves of the seat to move (empty once the game is over)."""
    # The three phases of nearly every ply by name: compiled, a direct call; through
    # the table, a call through Python's protocol. The table has the rest.
    ph = s.phase
    if ph == PH_DEMAND:
        return legal_place(s)
    if ph == PH_BUY:
        return legal_buy(s)
    if ph == PH_LOAD:
        return legal_load(s)
    return LEGAL[ph](s)


def apply_legal(s: State, a: Move) -> None:
    """Play a legal move of the seat to move, then every automatic step after it."""
    ph = s.phase  # as in legal
    if ph == PH_DEMAND:
        apply_place(s, a)
    elif ph == PH_BUY:
        apply_buy(s, a)
    elif ph == PH_LOAD:
        _apply_load(s, a)
    else:
        PLAY[ph](s, a)
