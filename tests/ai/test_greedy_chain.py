"""``greedy:chain=N``: greedy looks through the rest of its own loading turn (Jórvík's
``settle`` steps) and judges each step by the best end of the turn it can reach.

Worked on the loading turns of seeded greedy games, both modes: the end the chain
promises for its choice is the end its own choices reach, and that end is never
worse (by the same ``evaluate``) than the end one-ply greedy's turn reaches from the
same position. The twin plays one-ply greedy's turn and finds turns it ends worse, so
the comparison can fail."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from vikingcli.core.registry import load_registry
from vikingcli.engine import Action, Game
from vikingcli_ai.chain import chain_values
from vikingcli_ai.greedy import GreedyPlayer, drop_undos, greedy_values, pick_best

REG = load_registry()
JORVIK = REG.games["jorvik"]
BUDGET = 20000

Chooser = Callable[[Game, Any, int], tuple[Action, float | None]]


def loading_turn_starts(n: int, mode: str, seed: int) -> Iterator[tuple[Any, int]]:
    """The first decision with a choice of every loading turn of a greedy game."""
    game = JORVIK
    settle, horizon = game.search_hints.settle, game.search_hints.horizon
    assert settle is not None and horizon is not None
    state = game.new_state(n, game.resolve_options({"mode": mode}), seed)
    players = [GreedyPlayer(seed * 10 + i) for i in range(n)]
    start = None
    while (seat := game.to_move(state)) is not None:
        if not settle(state):
            start = None  # a later round's turn of the same seat is a new turn
        elif len(game.legal_actions(state)) > 1 and (start is None or horizon(start, state)):
            start = game.clone(state)
            yield start, seat
        state = game.apply(state, players[seat].choose(game, state, seat))


def turns_within_budget(n: int, mode: str, seed: int) -> Iterator[tuple[Any, int]]:
    """The loading turns whose whole chain the budget covers (every later step of a
    turn has fewer positions below it than its start)."""
    for start, seat in loading_turn_starts(n, mode, seed):
        if chain_values(JORVIK, start, seat, JORVIK.legal_actions(start), BUDGET) is not None:
            yield start, seat


# Ties broken as greedy breaks them (any of equal values keeps the promise), with a
# generator of their own per choice, so the test's turns do not depend on its order.


def by_chain(game: Game, state: Any, seat: int) -> tuple[Action, float | None]:
    actions = list(game.legal_actions(state))
    values = chain_values(game, state, seat, actions, BUDGET)
    assert values is not None  # within its turn's start's budget (turns_within_budget)
    values = drop_undos(game, state, actions, values)
    return pick_best(actions, values, random.Random(38)), max(values)


def one_ply(game: Game, state: Any, seat: int) -> tuple[Action, float | None]:
    actions = list(game.legal_actions(state))
    values = drop_undos(game, state, actions, greedy_values(game, state, seat, actions))
    return pick_best(actions, values, random.Random(38)), None


def play_turn(start: Any, seat: int, choose: Chooser) -> tuple[float, float | None]:
    """Play ``seat``'s turn from ``start`` to its end, each step by ``choose``:
    (``evaluate`` there, the value promised at the first step)."""
    game = JORVIK
    state, promised = game.clone(start), None
    while game.to_move(state) == seat and not game.search_hints.ends_chain(start, state):
        action, value = choose(game, state, seat)
        promised = value if promised is None else promised
        game.apply(state, action)
    return game.evaluate(state, seat), promised


TABLES = [(4, "karl", 38100), (4, "jarl", 38101), (2, "karl", 38102), (5, "jarl", 38103)]


@pytest.mark.parametrize(("n", "mode", "seed"), TABLES)
def test_a_loading_turn_ends_where_the_chain_promised(n: int, mode: str, seed: int) -> None:
    turns = 0
    for start, seat in turns_within_budget(n, mode, seed):
        reached, promised = play_turn(start, seat, by_chain)
        assert reached == pytest.approx(promised, abs=1e-9)
        turns += 1
    assert turns > 10


def test_a_loading_turn_is_never_worse_than_one_ply_greedys() -> None:
    better = 0
    for n, mode, seed in TABLES:
        for start, seat in turns_within_budget(n, mode, seed):
            chained, _ = play_turn(start, seat, by_chain)
            plain, _ = play_turn(start, seat, one_ply)
            assert chained >= plain - 1e-9
            better += chained > plain + 1e-9
    # the twin: one ply ends some of the same turns worse, so the check can fail
    assert better > 0


def test_a_chain_past_the_budget_is_judged_one_ply_deep() -> None:
    start, seat = next(
        (s, p)
        for s, p in loading_turn_starts(4, "jarl", 38101)
        if chain_values(JORVIK, s, p, JORVIK.legal_actions(s), 50) is None
    )
    actions = list(JORVIK.legal_actions(start))
    assert chain_values(JORVIK, start, seat, actions, BUDGET) is not None
    chooser = GreedyPlayer(7, chain=50)
    plain = GreedyPlayer(7, chain=0)
    assert chooser.choose(JORVIK, start, seat) == plain.choose(JORVIK, start, seat)


def test_a_game_without_chains_plays_one_ply() -> None:
    game = REG.games["wikinger"]
    state = game.new_state(3, game.resolve_options({}), 5)
    assert chain_values(game, state, 0, game.legal_actions(state), BUDGET) is None
