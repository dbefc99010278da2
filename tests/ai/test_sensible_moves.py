"""Issue 38: no AI kind people play against (``greedy``, ``mcts``) chooses a move that
returns its own position to what it was earlier in the same decision chain, in any of
the four games; ``random`` stays uniform over every legal move (vikingcli_ai.sensible
says why), so it is the twin that shows the check finds the pathology.

The check is the referee's, made over whole games from outside the players: a choice
made while another move was legal is self-undoing when the game's ``undoes`` hint
names it (Jórvík: taking back a good stored this turn, storing straight back one just
taken out; Graenaland: voting against one's own offer), or when the mover, still to
move, then sees what it saw at an earlier decision of the same chain (a no-op, or a
longer way back). Wikinger and Walhalla have no move of either kind, so a move
planted in them (:class:`WithStay`: "stay", which changes nothing) shows the same
check catches an unbound player there and that greedy and mcts never play it."""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable, Sequence
from typing import Any

import pytest

from vikingcli.core.match import make_player
from vikingcli.core.registry import load_registry
from vikingcli.core.specs import parse_spec
from vikingcli.engine import Action, Game, Player, SearchHints, State
from vikingcli_ai.sensible import no_op, sensible_actions

REG = load_registry()
TABLE = {"jorvik": 2, "graenaland": 3, "wikinger": 2, "walhalla": 3}
# Games per kind and game: the rule is the same at every budget, so small budgets keep
# a game to a second or two.
KINDS = {"greedy": 6, "mcts:iterations=20": 2}
MOVE_LIMIT = 4000  # a bound on any one game here (the longest, Graenaland's, ~1300)


def _view(game: Game, state: State, seat: int) -> str:
    return json.dumps(game.observation(state, seat), sort_keys=True)


@dataclasses.dataclass
class Tally:
    decisions: int = 0
    """Choices made while more than one move was legal."""
    undoing: list[str] = dataclasses.field(default_factory=list)
    """Those that took back the mover's position (what was played)."""


def referee(game: Game, make: Callable[[int, int], Player], n: int, games: int) -> Tally:
    """Play ``games`` seeded games at ``n`` seats (``make(seat, seed)`` seats each
    player) and tally every self-undoing choice made while another move was legal."""
    tally = Tally()
    undoes = game.search_hints.undoes
    for i in range(games):
        seed = 38100 + i
        state = game.new_state(n, game.resolve_options({}), seed)
        players = [make(seat, seed) for seat in range(n)]
        chain: list[str] = []  # what the mover saw at each decision of its current chain
        last = None
        for _ in range(MOVE_LIMIT):
            seat = game.to_move(state)
            if seat is None:
                break
            if seat != last:
                chain, last = [], seat
            chain.append(_view(game, state, seat))
            legal = game.legal_actions(state)
            action = players[seat].choose(game, state, seat)
            hinted = undoes is not None and undoes(state, action)
            state = game.apply(state, action)
            back = game.to_move(state) == seat and _view(game, state, seat) in chain
            if len(legal) > 1:
                tally.decisions += 1
                if hinted or back:
                    tally.undoing.append(str(action))
    return tally


def kind(game: Game, spec: str) -> Callable[[int, int], Player]:
    parsed = parse_spec(spec, REG.players)
    return lambda seat, seed: make_player(game, REG.players, parsed, seat, seed)


STAY = "stay"


class WithStay:
    """``inner`` with one move more wherever a seat has a choice: "stay", which changes
    nothing and leaves the same seat to move (a planted no-op)."""

    def __init__(self, inner: Game) -> None:
        self.inner = inner
        hint = inner.search_hints.undoes
        self.search_hints: SearchHints = dataclasses.replace(
            inner.search_hints,
            undoes=None if hint is None else (lambda s, a: a != STAY and hint(s, a)),
        )

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def legal_actions(self, state: State) -> Sequence[Action]:
        actions = list(self.inner.legal_actions(state))
        return [*actions, STAY] if len(actions) > 1 else actions

    def apply(self, state: State, action: Action) -> State:
        return state if action == STAY else self.inner.apply(state, action)

    def apply_legal(self, state: State, action: Action) -> State:
        return state if action == STAY else self.inner.apply_legal(state, action)


@pytest.mark.parametrize("spec", KINDS)
@pytest.mark.parametrize("name", sorted(TABLE))
def test_item38_no_ai_kind_takes_back_its_own_position(name: str, spec: str) -> None:
    game = REG.games[name]
    tally = referee(game, kind(game, spec), TABLE[name], KINDS[spec])
    assert tally.decisions > 150
    assert tally.undoing == []


@pytest.mark.parametrize("name", ["jorvik", "graenaland"])
def test_item38_twin_random_is_unbound_and_the_check_catches_it(name: str) -> None:
    game = REG.games[name]
    tally = referee(game, kind(game, "random"), TABLE[name], 4)
    assert tally.undoing  # the same referee finds the pathology in an unbound player


@pytest.mark.parametrize("name", sorted(TABLE))
def test_item38_twin_a_planted_no_op_is_caught_in_every_game(name: str) -> None:
    game: Any = WithStay(REG.games[name])
    tally = referee(game, kind(REG.games[name], "random"), TABLE[name], 1)
    assert STAY in tally.undoing


@pytest.mark.parametrize("spec", ["greedy", "mcts:iterations=10"])
@pytest.mark.parametrize("name", sorted(TABLE))
def test_item38_greedy_and_mcts_never_play_a_planted_no_op(name: str, spec: str) -> None:
    game: Any = WithStay(REG.games[name])
    parsed = parse_spec(spec, REG.players)
    tally = referee(
        game, lambda seat, seed: make_player(game, REG.players, parsed, seat, seed), TABLE[name], 1
    )
    assert tally.decisions > 50
    assert STAY not in tally.undoing


def test_item38_sensible_actions_keep_a_move_when_every_move_undoes() -> None:
    """Where the only moves take the position back, one of them is still played."""
    game: Any = WithStay(REG.games["wikinger"])
    state = game.new_state(2, game.resolve_options({}), 1)
    legal = list(game.legal_actions(state))
    assert no_op(game, state, STAY)
    assert STAY not in sensible_actions(game, state, legal)
    assert sensible_actions(game, state, [STAY]) == [STAY]
