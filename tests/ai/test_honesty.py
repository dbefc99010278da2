"""Honesty of the AI players: they see only what the acting seat may see."""

from __future__ import annotations

import random
from typing import Any

import orjson
import pytest

from tests.ai._games import GAMES, positions
from vikingcli.engine import Game
from vikingcli_ai.greedy import GreedyPlayer
from vikingcli_ai.mcts import MctsPlayer, SearchConfig


def _snap(game: Game, state: Any) -> bytes:
    return orjson.dumps(game.to_json(state))


def _obs(game: Game, state: Any, seat: int) -> Any:
    return orjson.loads(orjson.dumps(game.observation(state, seat)))


@pytest.mark.parametrize("name", list(GAMES))
def test_determinize_keeps_observation_and_totals(name: str) -> None:
    """30 random positions (over every table size): the determinization shows the
    acting seat exactly what the original shows, conserves the component totals
    (if the game declares them), and leaves the original alone."""
    game = GAMES[name]
    counts = list(range(game.min_players, game.max_players + 1))
    states = []
    per = -(-30 // len(counts))
    for k, n in enumerate(counts):
        states.extend(positions(game, n, 100 + k, per))
    states = states[:30]
    assert len(states) == 30
    rng = random.Random(7)
    totals = getattr(game, "component_totals", None)
    for state in states:
        seat = game.to_move(state)
        before = _snap(game, state)
        det = game.determinize(state, seat, rng)
        assert det is not state
        assert _snap(game, state) == before, "determinize changed the original"
        assert _obs(game, det, seat) == _obs(game, state, seat), "observation changed"
        assert game.to_move(det) == seat
        if totals is not None:
            assert dict(totals(det)) == dict(totals(state)), "component totals not conserved"


def _decision_positions(game: Game) -> list[tuple[Any, int]]:
    out = []
    for n in sorted({game.min_players, game.max_players}):
        for state in positions(game, n, 40 + n, 6):
            seat = game.to_move(state)
            if len(game.legal_actions(state)) > 1:
                out.append((state, seat))
    return out[:6]


@pytest.mark.parametrize("name", list(GAMES))
def test_mcts_same_decision_when_only_hidden_information_differs(name: str) -> None:
    """State B is A with everything hidden from the acting seat re-dealt; mcts with
    the same seed must choose the same action in both.

    This holds exactly because every game's ``determinize`` is a function of the
    acting seat's observation and the RNG (checked first: the same RNG re-deals
    A and B identically)."""
    game = GAMES[name]
    cases = _decision_positions(game)
    assert cases
    for k, (a, seat) in enumerate(cases):
        b = game.determinize(a, seat, random.Random(1000 + k))
        assert _snap(game, game.determinize(a, seat, random.Random(5))) == _snap(
            game, game.determinize(b, seat, random.Random(5))
        ), (
            f"{name}.determinize depends on the hidden information, not only on the"
            " observation: build the pool of unseen components in a canonical order"
            " (e.g. sorted) before shuffling"
        )
        cfg = SearchConfig(iterations=40, depth=8)
        choice_a = MctsPlayer(cfg, seed=k).choose(game, a, seat)
        choice_b = MctsPlayer(cfg, seed=k).choose(game, b, seat)
        if choice_a != choice_b:
            hint = "the player differs although determinize is canonical: the player peeks"
            pytest.fail(
                f"position {k}: {game.format_action(a, choice_a)!r} vs"
                f" {game.format_action(b, choice_b)!r}; {hint}"
            )


class _Spy:
    """A game proxy that fails when a player touches the true state with anything
    but the calls an honest player may make on it."""

    ALLOWED = frozenset(
        {
            "to_move",
            "legal_actions",
            "num_players",
            "observation",
            "determinize",
            "format_action",
            "legal_action_texts",
        }
    )

    def __init__(self, game: Game, true_state: Any) -> None:
        self._game = game
        self._true = true_state

    def __getattr__(self, attr: str) -> Any:
        value = getattr(self._game, attr)
        if not callable(value) or attr in self.ALLOWED:
            return value
        true = self._true

        def guarded(*args: Any, **kwargs: Any) -> Any:
            if any(arg is true for arg in args):
                raise AssertionError(f"player called {attr}() on the true state")
            return value(*args, **kwargs)

        return guarded


@pytest.mark.parametrize("name", list(GAMES))
def test_players_only_touch_the_true_state_through_determinize(name: str) -> None:
    game = GAMES[name]
    for state, seat in _decision_positions(game)[:3]:
        spy = _Spy(game, state)
        before = _snap(game, state)
        for player in (
            MctsPlayer(SearchConfig(iterations=15, depth=6), 1),
            MctsPlayer(SearchConfig(iterations=15, depth=6, redeal=4), 1),
            GreedyPlayer(1),
        ):
            action = player.choose(spy, state, seat)  # type: ignore[arg-type]
            assert action in game.legal_actions(state)
        assert _snap(game, state) == before
