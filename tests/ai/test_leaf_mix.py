"""Issue 38, "beat OpenSpiel's IS-MCTS per simulation": ``mcts:mix=M`` judges each
iteration's new leaf by its rollout to the end blended with ``evaluate`` of the leaf
(AlphaGo's mixing of value and rollout), so a search that rolls out to the end
(``depth=0``) still gets a low-variance signal from each of its few simulations."""

from __future__ import annotations

import random

import pytest
from vikingcli_toygame import RuneDuel

from tests.ai._games import positions
from vikingcli.core.match import make_player
from vikingcli.core.registry import load_registry
from vikingcli.core.specs import parse_spec
from vikingcli.engine import State
from vikingcli_ai.mcts import Search, SearchConfig
from vikingcli_ai.rewards import eval_rewards, rank_rewards

GAME = RuneDuel()


def _leaf(seed: int) -> tuple[State, int]:
    state = positions(GAME, 2, seed, 4)[1]
    seat = GAME.to_move(state)
    assert seat is not None
    return state, seat


@pytest.mark.parametrize("mix", [0.0, 0.25, 1.0])
def test_item38_a_leaf_is_worth_its_rollout_and_its_evaluate_in_proportion(mix: float) -> None:
    state, seat = _leaf(1)
    search = Search(GAME, state, seat, SearchConfig(depth=0, mix=mix), random.Random(2))
    rollout = [1.0, 0.0]  # the rollout's outcome: seat 0 won

    def played(d: State, plies: int) -> list[float]:
        return list(rollout)

    search._rollout = played  # type: ignore[method-assign]
    leaf = eval_rewards(GAME.evaluate_all(state), GAME.search_hints.eval_scale)
    assert leaf != rollout  # the twin: a blend would show
    got = search._simulate(GAME.clone(state), 1)
    assert got == pytest.approx([(1 - mix) * r + mix * e for r, e in zip(rollout, leaf)])


def test_item38_a_finished_leaf_is_judged_by_its_result_alone() -> None:
    state, seat = _leaf(3)
    end = GAME.clone(state)
    while GAME.to_move(end) is not None:
        GAME.apply(end, GAME.legal_actions(end)[0])
    search = Search(GAME, state, seat, SearchConfig(depth=0, mix=0.5), random.Random(2))
    assert search._simulate(end, 1) == rank_rewards(GAME.outcome(end).ranks)


def test_item38_mix_is_a_player_parameter_off_by_default() -> None:
    reg = load_registry()
    mixed = make_player(GAME, reg.players, parse_spec("mcts:mix=0.5", reg.players), 0, 3)
    plain = make_player(GAME, reg.players, parse_spec("mcts", reg.players), 0, 3)
    assert mixed.cfg.mix == 0.5 and plain.cfg.mix == 0.0  # type: ignore[attr-defined]
