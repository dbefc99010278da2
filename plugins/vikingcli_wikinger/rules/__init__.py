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
    legal_auction,
    legal_colour,
    legal_discard,
    play_auction,
    play_colour,
    play_discard,
)
from vikingcli_wikinger.rules.ferry import legal_ferry, play_ferry
from vikingcli_wikinger.rules.place import (
    legal_figure,
    legal_place,
    legal_start,
    play_figure,
    play_place,
    play_start,
)
from vikingcli_wikinger.rules.special import legal_special, legal_swap, play_special, play_swap
from vikingcli_wikinger.rules.take import legal_take, play_take
from vikingcli_wikinger.state import E_FORCED, PH_FERRY, PH_OVER, PH_PLACE, PH_TAKE, Action, State


def _over(s: State) -> list[Action]:
    return []


def _no_play(s: State, a: Action) -> None:  # pragma: no cover - nothing is legal
    raise AssertionError(a)


# Indexed by phase: PH_AUCTION, PH_DISCARD, PH_COLOUR, PH_TAKE, PH_START, PH_PLACE,
# PH_FIGURE, PH_SPECIAL, PH_SWAP, PH_FERRY, PH_OVER (state.py).
LEGAL: Final[tuple[Callable[[State], list[Action]], ...]] = (
    legal_auction, legal_discard, legal_colour, legal_take, legal_start, legal_place,
    legal_figure, legal_special, legal_swap, legal_ferry, _over,
)
PLAY: Final[tuple[Callable[[State, Action], None], ...]] = (
    play_auction, play_discard, play_colour, play_take, play_start, play_place,
    play_figure, play_special, play_swap, play_ferry, _no_play,
)


def legal(s: State) -> list[Action]:
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
        play_place(s, a)
    elif phase == PH_TAKE:
        play_take(s, a)
    elif phase == PH_FERRY:
        play_ferry(s, a)
    else:
        PLAY[phase](s, a)


def play(s: State, a: Action) -> None:
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
