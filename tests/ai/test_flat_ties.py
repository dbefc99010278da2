"""The flat search's rollouts break ties as the greedy player does (issue 38, third
pass): the greedy seats they model choose at random among moves of equal value, so
a rollout that always took the first of equals handed the same seat every tied card,
allocation and hero move, a picture of the other seats that greedy seats do not
play."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.ai._games import GAMES
from vikingcli.engine import Game, State
from vikingcli_ai.flat import greedy_rollout
from vikingcli_ai.greedy import TIE, greedy_values


class _Recorder:
    """``game`` that records the moves applied to one state (the rollout's own, not
    the clones the greedy values are taken on)."""

    def __init__(self, game: Game, target: State) -> None:
        self._game = game
        self.target = target
        self.played: list[Any] = []

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def apply_legal(self, state: State, action: Any) -> State:
        if state is self.target:
            self.played.append(action)
        return self._game.apply_legal(state, action)


def _tied_position(game: Game) -> tuple[State, list[Any]]:
    """The first position of a greedy 4-seat game where the seat to move has two or
    more moves of equal best value (none of them undoing its chain), and those moves."""
    state = game.new_state(4, game.resolve_options({}), 12)
    undoes = game.search_hints.undoes
    while (mover := game.to_move(state)) is not None:
        actions = list(game.legal_actions(state))
        values = greedy_values(game, state, mover, actions, trusted=True)
        top = max(values)
        tied = [a for a, v in zip(actions, values) if v >= top - TIE]
        if len(tied) > 1 and not (undoes and any(undoes(state, a) for a in tied)):
            return state, tied
        game.apply_legal(state, actions[values.index(top)])
    raise AssertionError("no tied decision in the whole game")


@pytest.mark.skipif("graenaland" not in GAMES, reason="graenaland not installed")
def test_item38_rollouts_choose_among_equal_moves_at_random_as_greedy_does() -> None:
    game = GAMES["graenaland"]
    start, tied = _tied_position(game)
    first: list[Any] = []
    for seed in range(24):
        state = game.clone(start)
        spy = _Recorder(game, state)
        greedy_rollout(spy, start, state, rng=random.Random(seed))  # type: ignore[arg-type]
        assert spy.played[0] in tied
        first.append(spy.played[0])
    assert set(first) == set(tied)  # every move of equal value is played in some rollout
    # without a generator a rollout takes the first of equals, every time
    for _ in range(3):
        state = game.clone(start)
        spy = _Recorder(game, state)
        greedy_rollout(spy, start, state)  # type: ignore[arg-type]
        assert spy.played[0] == tied[0]
