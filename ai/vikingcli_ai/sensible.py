"""Which moves no AI of this package chooses while another is legal: those that take
back the mover's own position within its chain of decisions (issue 38).

A move is *self-undoing* when

* the game's ``undoes`` search hint names it (:class:`vikingcli.engine.SearchHints`):
  the game knows which of its moves return the mover's position to what it was
  earlier in the same chain (Jórvík: taking back a good stored this turn, or storing
  straight back a good just taken out; Graenaland: voting against one's own offer);
* or it changes nothing the mover can see while the mover stays to move: a no-op,
  whatever the game (no installed game has one; a game that gained one by mistake
  would otherwise let a search player spend whole turns on it).

Such a move is legal but never better than not having made the first one, and a
search cannot always tell (the two positions evaluate alike). ``greedy`` and ``mcts``
choose among :func:`sensible_actions`; the search itself may walk through such moves
(the opponents' included). ``random`` is not bound: it is the uniform baseline every
strength figure is measured against and the player the rules tests explore every
legal move with, so it stays uniform over all of them.

The no-op test plays the move on a position as the mover may picture it (a
determinization of what it sees: a player plays on nothing else, the true position
included) and compares what the mover sees before and after.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from vikingcli.engine import Action, Game, State


def no_op(game: Game, state: State, action: Action) -> bool:
    """Does ``action`` leave the seat to move in ``state`` to move again, seeing
    exactly what it saw before?"""
    seat = game.to_move(state)
    if seat is None:
        return False
    return _no_op(game, _pictured(game, state, seat), seat, action, game.observation(state, seat))


def _pictured(game: Game, state: State, seat: int) -> State:
    # Fixed draws: the same position gives the same answer (players are reproducible).
    return game.determinize(state, seat, random.Random(0))


def _no_op(game: Game, pictured: State, seat: int, action: Action, before: object) -> bool:
    after = game.apply(game.clone(pictured), action)
    if game.to_move(after) != seat:  # the common case, and no observation is built
        return False
    return game.observation(after, seat) == before


def sensible_actions(game: Game, state: State, actions: Sequence[Action]) -> list[Action]:
    """``actions`` (legal in ``state``) less every self-undoing one (the game's
    ``undoes`` hint names it, or it is a :func:`no_op`), unless every one is: what a
    search player chooses among."""
    undoes = game.search_hints.undoes
    seat = game.to_move(state)
    if seat is None:
        return list(actions)
    before = game.observation(state, seat)
    pictured = _pictured(game, state, seat)
    kept = [
        a for a in actions
        if not (undoes is not None and undoes(state, a))
        and not _no_op(game, pictured, seat, a, before)
    ]  # fmt: skip
    return kept or list(actions)
