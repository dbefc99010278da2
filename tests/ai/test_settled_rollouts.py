"""Issue 38, "beat OpenSpiel's IS-MCTS per simulation": ``rollout=settle`` lets a tree
search that rolls out to the end of the game (``depth=0``) play the game's ``settle``
steps (Jórvík's loading turns) greedily, as a search with a cut-off always does, while
still rolling out to the end (no stop at the chain's end, the ``horizon``)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from tests.ai._games import GAMES, positions
from vikingcli.engine import Action, Game, State
from vikingcli_ai import mcts
from vikingcli_ai.mcts import Search, SearchConfig

JORVIK = GAMES["jorvik"]


def _loading_position() -> State:
    """A Jórvík position (2 seats) whose decision is a step of a loading turn."""
    settle = JORVIK.search_hints.settle
    assert settle is not None
    for seed in range(20):
        for state in positions(JORVIK, 2, seed, 40):
            if settle(state):
                return state
    raise AssertionError("no loading turn in 20 random games")


def _rollout_greedy_steps(monkeypatch: pytest.MonkeyPatch, rollout: str, depth: int) -> int:
    """How many rollout steps of a 12-iteration search the one-ply judge chose; the
    search is checked to roll out to the end where ``depth`` is 0."""
    calls = {"rollout": 0}
    real = mcts.greedy_values

    def counting(
        game: Game, d: State, seat: int, actions: Sequence[Action], *, trusted: bool = False
    ) -> list[float]:
        calls["rollout"] += 1
        return real(game, d, seat, actions, trusted=trusted)

    state = _loading_position()
    seat = JORVIK.to_move(state)
    assert seat is not None
    cfg = SearchConfig(iterations=12, depth=depth, rollout=rollout)
    search = Search(JORVIK, state, seat, cfg, random.Random(3))
    search.run(1)  # the root's one-ply ordering calls the judge once: not counted
    monkeypatch.setattr(mcts, "greedy_values", counting)
    if depth == 0:

        def no_cut(d: State) -> list[float]:
            raise AssertionError("a rollout to the end stopped before the game's end")

        monkeypatch.setattr(search, "_eval", no_cut)
    search.run(11)
    return calls["rollout"]


def test_item38_settle_rollouts_to_the_end_play_loading_steps_greedily(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # to the end, settle: loading steps judged one ply, and no horizon cut at turn end
    assert _rollout_greedy_steps(monkeypatch, "settle", 0) > 11
    # to the end, random (the default there): no step judged, as before
    assert _rollout_greedy_steps(monkeypatch, "random", 0) == 0


def test_item38_a_search_with_a_cut_off_settles_as_before() -> None:
    """With a cut-off every rollout policy plays the settle steps greedily and a search
    for one stops at the chain's end (the recorded ``mcts:iterations=50`` games)."""
    state = _loading_position()
    seat = JORVIK.to_move(state)
    assert seat is not None
    for rollout in ("random", "settle", "mast"):
        cut = Search(JORVIK, state, seat, SearchConfig(depth=40, rollout=rollout), random.Random(1))
        assert cut.settle is not None and cut.chain is not None
    end = Search(JORVIK, state, seat, SearchConfig(depth=0, rollout="settle"), random.Random(1))
    assert end.settle is not None and end.chain is None
    plain = Search(JORVIK, state, seat, SearchConfig(depth=0), random.Random(1))
    assert plain.settle is None and plain.chain is None
