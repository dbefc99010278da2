"""Issue 35: every player's public board. ``board NAME`` (or ``board N``) answers in
every game with what the physical table shows of that seat (Wikinger: its islands
and figures; Walhalla: its vikings in Midgard, Asgard and Walhalla and on the
headlands; Graenaland: its settlements, army and heroes; Jórvík: its cards and
stored goods), never another seat's hidden hand; an unknown name gets one line."""

from __future__ import annotations

import random

import pytest

from tests.screens import REG
from vikingcli.engine import Game, State
from vikingcli.table.lookups import look_up

NAMES = ["alice", "Bob", "mcts 3", "root", "greedy 5"]
SHOWS = {
    "wikinger": ["gold", "VP", "mainland"],
    "walhalla": ["Midgard", "Asgard", "Walhalla", "H1:", "aboard:"],
    "graenaland": ["army", "settlement", "provinces:", "hand:"],
    "jorvik": ["VP", "coins", "defence", "cards:"],
}


def _midgame(game: Game, moves: int = 200) -> State:
    state = game.new_state(game.max_players, game.resolve_options({}), 3)
    rng = random.Random(3)
    for _ in range(moves):
        if game.to_move(state) is None:
            break
        game.apply(state, rng.choice(list(game.legal_actions(state))))
    return state


@pytest.mark.parametrize("game_name", sorted(SHOWS))
def test_item35_board_name_shows_that_seats_public_board(game_name: str) -> None:
    game = REG.games[game_name]
    state = _midgame(game)
    names = NAMES[: game.max_players]
    by_name = look_up(game, state, 0, "board bob", names=names)
    assert by_name is not None and by_name == look_up(game, state, 0, "board 2", names=names)
    assert "Bob" in by_name.splitlines()[0], by_name
    assert all(word in by_name for word in SHOWS[game_name]), by_name
    assert "mcts 3" in (look_up(game, state, 0, "board mcts 3", names=names) or "")
    assert all(len(line) <= 80 for line in by_name.splitlines())
    wrong = look_up(game, state, 0, "board zed", names=names)
    assert wrong is not None and wrong.startswith("board: no seat 'zed'") and "\n" not in wrong


def test_item35_another_seats_board_keeps_its_hand_hidden() -> None:
    game = REG.games["graenaland"]
    state = _midgame(game)
    names = NAMES[:5]
    theirs = look_up(game, state, 0, "board 2", names=names) or ""
    assert "hand: " in theirs and "card" in theirs.split("hand: ")[1].split("\n")[0]
    mine = look_up(game, state, 1, "board 2", names=names) or ""
    assert "(you)" in mine and "(you)" not in theirs


@pytest.mark.parametrize("number", ["²", "①", "٢"])
def test_item9_board_with_a_unicode_digit_is_one_line_not_an_error(number: str) -> None:
    game = REG.games["jorvik"]
    state = _midgame(game)
    answer = look_up(game, state, 0, f"board {number}", names=NAMES[:5])
    assert answer is not None and answer.startswith("board: no seat") and "\n" not in answer
