"""Issue 37 item 6: the encodings for learning. Seats are relative to the observer
(two seats seeing the same table write each other's tracks in swapped places); a
count reads as a count (one card is 1, not 1/32); the vectors are smaller than the
schema's maximum table made them; OpenSpiel gets an information state tensor, a
zero-sum declaration the returns keep, and an IS-MCTS bot ``evaluate_bots`` drives."""

from __future__ import annotations

import random

import pytest

from tests.host.test_adapters import needs_rl
from vikingcli.adapters.table import table
from vikingcli.core.registry import load_registry

GAMES = load_registry().games

# The vector sizes before issue 37 (the same at every table size): the encoding must
# stay below them at every table.
BEFORE = {"graenaland": 2642, "jorvik": 7850, "walhalla": 3596, "wikinger": 17875}


def played(name: str, players: int, seed: int, plies: int) -> object:
    t = table(name, players)
    state = t.new_state(seed)
    rng = random.Random(seed)
    for _ in range(plies):
        if t.game.to_move(state) is None:
            break
        t.game.apply(state, rng.choice(list(t.game.legal_actions(state))))
    return state


def seat_block(name: str, players: int) -> tuple[int, int]:
    t = table(name, players)
    ((at, width, _, _),) = [p for p in t.encoder.describe() if p[2].startswith(".seats[")]
    return at, width // players


@pytest.mark.parametrize("name", sorted(GAMES))
def test_item6_seats_are_relative_to_the_observer(name: str) -> None:
    """The tracks seat 1 writes in its own place (0) are the ones seat 0 writes for
    its neighbour (place 1): every seat sees itself first."""
    players = GAMES[name].min_players
    t = table(name, players)
    state = played(name, players, seed=4, plies=30)
    at, one = seat_block(name, players)
    of = [t.encoder.encode(t.game.observation(state, s)) for s in range(players)]
    for s in range(players):
        me = of[s][at : at + one]
        seen_by_previous = of[(s - 1) % players][at + one : at + 2 * one]
        assert me == seen_by_previous
    # the seat to move is one-hot relative to the observer
    mover = t.game.to_move(state)
    assert mover is not None
    (to_move,) = [p for p in t.encoder.describe() if p[2] == ".to_move"]
    for s in range(players):
        block = of[s][to_move[0] : to_move[0] + to_move[1]]
        assert block.index(1.0) == (mover - s) % players


def test_item6_one_card_reads_as_a_count_of_one() -> None:
    t = table("jorvik", 2)
    state = t.new_state(1)
    observation = t.game.observation(state, 0)
    vector = t.encoder.encode(observation)
    (deck,) = [p for p in t.encoder.describe() if p[2] == ".deck.cards"]
    block = vector[deck[0] : deck[0] + deck[1]]
    assert set(block) <= {0.0, 1.0} and sum(block) == len(observation["deck"]["cards"]) > 0
    assert max(t.encoder.high) > 1  # the space's bound says a count can be more


def test_item6_a_hand_of_cards_reads_as_counts() -> None:
    """Walhalla's hand is cards counted by kind (0..32 each): each entry is the count."""
    t = table("walhalla", 3)
    state = played("walhalla", 3, seed=2, plies=10)
    seat = 0
    observation = t.game.observation(state, seat)
    vector = t.encoder.encode(observation)
    where = {p[2]: p for p in t.encoder.describe()}
    hand = observation["hand"]
    assert hand and any(n for n in hand.values())
    for kind, count in hand.items():
        at, _, _, how = where[f".hand.{kind}"]
        assert vector[at] == count and how.startswith("count 0..")
        assert t.encoder.high[at] == 32


@pytest.mark.parametrize("name", sorted(GAMES))
def test_item6_every_table_encodes_in_fewer_numbers_than_before(name: str) -> None:
    game = GAMES[name]
    for players in range(game.min_players, game.max_players + 1):
        t = table(name, players)
        assert t.encoder.size < BEFORE[name]
        assert len(t.encoder.high) == t.encoder.size
        state = played(name, players, seed=players, plies=60)
        for seat in range(players):
            vector = t.encoder.encode(t.game.observation(state, seat))
            assert all(0.0 <= x <= h for x, h in zip(vector, t.encoder.high))


@needs_rl
def test_item6_openspiel_declares_zero_sum_and_gives_information_state_tensors() -> None:
    import pyspiel

    from vikingcli.adapters.openspiel import load

    game = load("walhalla", players=3)
    assert game.get_type().utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.get_type().provides_information_state_tensor
    t = table("walhalla", 3)
    assert game.information_state_tensor_size() == t.encoder.size + t.codec.size
    assert game.observation_tensor_size() == t.encoder.size
    state = game.new_initial_state()
    state.apply_action(5)
    rng = random.Random(5)
    moves: list[int] = []
    while not state.is_terminal():
        player = state.current_player()
        action = rng.choice(state.legal_actions())
        if player == 0:
            moves.append(action)
        state.apply_action(action)
        if len(moves) == 3:
            break
    tensor = state.information_state_tensor(0)
    own = tensor[t.encoder.size :]
    assert sum(own) == 3 and all(own[a] >= 1 for a in moves)
    assert list(tensor[: t.encoder.size]) == pytest.approx(state.observation_tensor(0))


@needs_rl
@pytest.mark.slow
def test_item6_evaluate_bots_drives_ismcts_and_the_returns_sum_to_zero() -> None:
    import numpy as np
    from open_spiel.python.algorithms import evaluate_bots, mcts

    from vikingcli.adapters.openspiel import ISMCTSBot, load

    class Even(mcts.Evaluator):
        """No rollouts (they would cost a whole game per search): every leaf even."""

        def evaluate(self, state: object) -> list[float]:
            return [0.0, 0.0]

        def prior(self, state: object) -> list[tuple[int, float]]:
            legal = state.legal_actions()  # type: ignore[attr-defined]
            return [(a, 1.0 / len(legal)) for a in legal]

    game = load("jorvik", players=2, mode="jarl")
    rs = np.random.RandomState(1)
    bots = [ISMCTSBot(game, Even(), 2.0, 2, random_state=rs) for _ in range(2)]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rs)
    assert sum(returns) == pytest.approx(0.0) and set(returns) <= {-1.0, 0.0, 1.0}
