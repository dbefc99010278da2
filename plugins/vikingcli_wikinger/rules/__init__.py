"""The rules of Wikinger: the legal actions and their effects, one module per phase or
group of phases (docs/rules/wikinger.md §3, §4.4, §5.2-§5.4), dispatched here by the
state's phase; a new game is setup.py (§2).

Actions are tuples, one decision each (§6.1):

* ``("bid", b)``, ``("pass",)``                 D1 auction (advanced)      auction.py
* ``("discard", x)``, ``("colour", x)``         D2, D3 (advanced), x = figure colour
* ``("take", s)``                               D4, s = wheel slot          take.py
* ``("start", r)``                              D5, start tile row          place.py
* ``("ship", c)``, ``("tile", r, c)``           D6
* ``("figure", 1)`` on the tile / ``("figure", 0)`` to the mainland  D7
* ``("special", i)`` display space, ``("special", -1)`` none          D8    special.py
* ``("swap", r, c)``                            D9
* ``("boat", r, c)``, ``("longship", r, c)``, ``("add", r, c)``, ``("land",)``, ``("done",)``
  D10                                                                      ferry.py

The round start is offer.py, the end of a turn (and of a round) turn.py.

A decision with exactly one legal option is taken automatically (forced ship column,
forced discard, the last colour, a trip that cannot grow...), so the legal actions
always offer a real choice or the game is over.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from vikingcli_wikinger.rules.auction import (
    apply_auction,
    apply_colour,
    apply_discard,
    legal_auction,
    legal_colour,
    legal_discard,
)
from vikingcli_wikinger.rules.ferry import apply_ferry, legal_ferry
from vikingcli_wikinger.rules.place import (
    apply_figure,
    apply_place,
    apply_start,
    legal_figure,
    legal_place,
    legal_start,
)
from vikingcli_wikinger.rules.special import apply_special, apply_swap, legal_special, legal_swap
from vikingcli_wikinger.rules.take import apply_take, legal_take
from vikingcli_wikinger.state import E_FORCED, PH_FERRY, PH_OVER, PH_PLACE, PH_TAKE, Action, State


def _legal_over(s: State) -> list[Action]:
    return []


def _apply_over(s: State, a: Action) -> None:  # pragma: no cover - nothing is legal
    raise AssertionError(a)


# Indexed by phase: PH_AUCTION, PH_DISCARD, PH_COLOUR, PH_TAKE, PH_START, PH_PLACE,
# PH_FIGURE, PH_SPECIAL, PH_SWAP, PH_FERRY, PH_OVER (state.py).
LEGAL: Final[tuple[Callable[[State], list[Action]], ...]] = (
    legal_auction, legal_discard, legal_colour, legal_take, legal_start, legal_place,
    legal_figure, legal_special, legal_swap, legal_ferry, _legal_over,
)
PLAY: Final[tuple[Callable[[State, Action], None], ...]] = (
    apply_auction, apply_discard, apply_colour, apply_take, apply_start, apply_place,
    apply_figure, apply_special, apply_swap, apply_ferry, _apply_over,
)


def legal_actions(s: State) -> list[Action]:
    """Every legal action of the seat to move, in a fixed order; empty when over."""
    return _legal(s, s.phase)


def _legal(s: State, phase: int) -> list[Action]:
    # The commonest phases (placing, taking, ferrying: most plies; benchmarks/README.md,
    # "Native search calls") by name: compiled, a direct call; through the table, a
    # call through Python's protocol. The table has the rest.
    if phase == PH_PLACE:
        return legal_place(s)
    if phase == PH_TAKE:
        return legal_take(s)
    if phase == PH_FERRY:
        return legal_ferry(s)
    return LEGAL[phase](s)


def _play(s: State, phase: int, a: Action) -> None:
    if phase == PH_PLACE:
        apply_place(s, a)
    elif phase == PH_TAKE:
        apply_take(s, a)
    elif phase == PH_FERRY:
        apply_ferry(s, a)
    else:
        PLAY[phase](s, a)


def apply_legal(s: State, a: Action) -> None:
    """Apply a legal action (no validation here) and take the forced follow-ups."""
    s.legal_cache = None
    s.last_move = (s.actor, *a)
    _play(s, s.phase, a)
    settle(s)


def settle(s: State) -> None:
    """Take every forced single-option decision; cache the real choice on the state."""
    while True:
        if s.phase == PH_OVER:
            s.legal_cache = ()
            return
        # A phase may already have listed the choices (placement cells).
        pre = s.legal_cache
        options = list(pre) if pre is not None else _legal(s, s.phase)
        if len(options) != 1:
            s.legal_cache = tuple(options)
            return
        s.legal_cache = None
        if s.events is not None:
            s.events.append((E_FORCED, s.actor, options[0]))
        _play(s, s.phase, options[0])
