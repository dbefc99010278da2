"""Issue 38: no AI kind, mcts included, chooses a move that undoes one of its own
chain while another move is legal: in Jórvík taking back a good it stored this turn,
or a viking under its own in a demand column that only raises the price, in
Graenaland voting against its own offer (each game's ``undoes`` hint names them;
the greedy player has kept this rule since issue 30, tests/ai/test_greedy_sense.py).

Every level's kind plays whole games at small budgets; a twin plants a player that
prefers such a move and shows the check catches it."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from vikingcli.core.match import make_player
from vikingcli.core.registry import load_registry
from vikingcli.core.specs import parse_spec
from vikingcli.engine import Action, Game, Player, State

REG = load_registry()

# Small budgets keep a game to seconds (the rule is the same at every budget); the
# number of games each plays here.
SPECS = {"greedy": 8, "greedy:chain=20000": 4, "mcts:iterations=20": 3}
GAMES = {"jorvik": (2, 3), "graenaland": (3, 4)}  # the games with an ``undoes`` hint


def self_undoing(game: Game, state: State, action: Action) -> bool:
    """Is ``action`` a move that undoes one of the mover's chain, chosen while a
    move that does not was legal?"""
    undoes = game.search_hints.undoes
    assert undoes is not None
    return undoes(state, action) and any(not undoes(state, a) for a in game.legal_actions(state))


def count_self_undoing(
    game: Game, make: Callable[[int, int], Player], sizes: tuple[int, ...], games: int
) -> tuple[int, int]:
    """(self-undoing choices, decisions with a choice) over ``games`` games, the
    table sizes in turn; ``make(seat, seed)`` makes each seat's player."""
    bad = decisions = 0
    for i in range(games):
        n = sizes[i % len(sizes)]
        seed = 38000 + i
        state = game.new_state(n, game.resolve_options({}), seed)
        players = [make(seat, seed) for seat in range(n)]
        while (seat := game.to_move(state)) is not None:
            action = players[seat].choose(game, state, seat)
            if len(game.legal_actions(state)) > 1:
                decisions += 1
                bad += self_undoing(game, state, action)
            state = game.apply(state, action)
    return bad, decisions


def kind_maker(game: Game, spec: str) -> Callable[[int, int], Player]:
    parsed = parse_spec(spec, REG.players)
    return lambda seat, seed: make_player(game, REG.players, parsed, seat, seed)


@pytest.mark.parametrize("spec", SPECS)
@pytest.mark.parametrize("name", sorted(GAMES))
def test_item38_no_ai_kind_undoes_its_own_move(name: str, spec: str) -> None:
    game = REG.games[name]
    bad, decisions = count_self_undoing(game, kind_maker(game, spec), GAMES[name], SPECS[spec])
    assert decisions > 200
    assert bad == 0


class PlantedUndoer:
    """The twin: plays as the wrapped player, except that it takes a self-undoing
    move whenever one is legal, as mcts could before this issue."""

    def __init__(self, inner: Player) -> None:
        self.inner = inner

    def choose(self, game: Game, state: State, seat: int) -> Action:
        for action in game.legal_actions(state):
            if self_undoing(game, state, action):
                return action
        return self.inner.choose(game, state, seat)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_item38_the_check_catches_a_planted_self_undoing_player(name: str) -> None:
    game = REG.games[name]
    greedy = kind_maker(game, "greedy")
    bad, _ = count_self_undoing(
        game, lambda seat, seed: PlantedUndoer(greedy(seat, seed)), GAMES[name], 2
    )
    assert bad > 0
