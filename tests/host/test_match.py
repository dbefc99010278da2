"""The match loop: seeds, forfeits on errors and on the hard move time limit."""

from __future__ import annotations

import time
from typing import Any

from vikingcli_toygame import RuneDuel

from vikingcli.core.driver import play_match
from vikingcli.core.match import ForfeitRecord, Match, Seat, make_player, seat_seed
from vikingcli.core.specs import PlayerSpec
from vikingcli_ai.random_player import RANDOM, RandomPlayer

KINDS = {"random": RANDOM}


def _match(seed: int = 1) -> Match:
    game = RuneDuel()
    seats = [Seat(f"s{i}", PlayerSpec("random", {}, "random")) for i in range(2)]
    return Match(game, game.resolve_options({}), seed, seats)


class Sleeper:
    def choose(self, game: Any, state: Any, seat: int) -> Any:
        time.sleep(5)
        return game.legal_actions(state)[0]


class Crasher:
    def choose(self, game: Any, state: Any, seat: int) -> Any:
        raise RuntimeError("out of ideas")


class Cheater:
    def choose(self, game: Any, state: Any, seat: int) -> Any:
        return 99


def test_a_player_over_the_hard_move_time_limit_forfeits_and_is_ranked_last() -> None:
    match = _match()
    start = time.perf_counter()
    out = play_match(match, [RandomPlayer(1), Sleeper()], move_timeout=0.2)
    assert time.perf_counter() - start < 3  # interrupted, not waited for
    assert match.forfeit == ForfeitRecord(1, "exceeded the move time limit of 0.2 s")
    assert out.ranks == (1, 2)
    assert out.end_reason.startswith("forfeit: seat 2 (")  # people count from 1
    assert match.result_json()["forfeit"]["seat"] == 1


def test_a_player_that_raises_forfeits_with_the_reason_recorded() -> None:
    match = _match()
    out = play_match(match, [Crasher(), RandomPlayer(2)])
    assert match.forfeit == ForfeitRecord(0, "player error: RuntimeError: out of ideas")
    assert out.ranks == (2, 1)


def test_a_player_returning_an_illegal_action_forfeits() -> None:
    match = _match()
    play_match(match, [RandomPlayer(3), Cheater()])
    assert match.forfeit is not None and match.forfeit.seat == 1
    assert match.forfeit.reason.startswith("illegal action:")


def test_time_is_accounted_per_seat() -> None:
    match = _match()
    play_match(match, [RandomPlayer(1), RandomPlayer(2)])
    assert len(match.seconds) == 2 and all(s > 0 for s in match.seconds)
    assert len(match.actions) == 24


def test_unseeded_specs_get_distinct_reproducible_seat_seeds() -> None:
    assert seat_seed(5, 0) != seat_seed(5, 1) != seat_seed(6, 1)
    game = RuneDuel()
    a = make_player(game, KINDS, PlayerSpec("random", {}, "random"), 0, 5)
    b = make_player(game, KINDS, PlayerSpec("random", {}, "random"), 0, 5)
    assert a.rng.random() == b.rng.random()  # type: ignore[attr-defined]
    fixed = make_player(game, KINDS, PlayerSpec("random", {"seed": 9}, "random:seed=9"), 0, 5)
    assert fixed.rng.random() == RandomPlayer(9).rng.random()  # type: ignore[attr-defined]
