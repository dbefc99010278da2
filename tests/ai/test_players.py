"""The greedy and mcts players: legal, reproducible, registered, and stronger than random."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest
from vikingcli_toygame import RuneDuel

from tests.ai._games import GAMES, positions
from vikingcli.core.driver import play_match
from vikingcli.core.match import Match, Seat, make_player
from vikingcli.core.registry import load_registry
from vikingcli.core.specs import parse_spec
from vikingcli.engine import SearchHints
from vikingcli_ai import vikingcli_players
from vikingcli_ai.greedy import GreedyPlayer
from vikingcli_ai.mcts import (
    MCTS,
    MctsPlayer,
    Search,
    SearchConfig,
    eval_rewards,
    rank_rewards,
)
from vikingcli_ai.random_player import RandomPlayer

KINDS = {k.name: k for k in vikingcli_players()}


def _players():
    return [
        ("greedy", lambda s: GreedyPlayer(s)),
        ("mcts", lambda s: MctsPlayer(SearchConfig(iterations=25, depth=10), s)),
        (
            "mcts-greedy-rollout",
            lambda s: MctsPlayer(SearchConfig(iterations=15, depth=6, rollout="greedy-epsilon"), s),
        ),
        ("mcts-to-the-end", lambda s: MctsPlayer(SearchConfig(iterations=3, depth=0), s)),
        (
            "mcts-mast",
            lambda s: MctsPlayer(SearchConfig(iterations=25, depth=10, rollout="mast"), s),
        ),
        ("mcts-redeal", lambda s: MctsPlayer(SearchConfig(iterations=25, depth=10, redeal=4), s)),
    ]


@pytest.mark.parametrize("name", list(GAMES))
@pytest.mark.parametrize(("kind", "make"), _players(), ids=[p[0] for p in _players()])
def test_legal_and_same_seed_same_choice(name, kind, make) -> None:
    game = GAMES[name]
    for n in sorted({game.min_players, game.max_players}):
        for state in positions(game, n, 7 + n, 3):
            seat = game.to_move(state)
            first = make(3).choose(game, state, seat)
            assert first in game.legal_actions(state)
            assert make(3).choose(game, state, seat) == first


def test_a_player_keeps_working_over_a_whole_game() -> None:
    """One seeded mcts-vs-greedy game on the fixture: every choice legal, same result twice."""
    game = RuneDuel()

    def play() -> list[int]:
        state = game.new_state(3, game.resolve_options({}), 5)
        players = [MctsPlayer(SearchConfig(iterations=30), 1), GreedyPlayer(2), RandomPlayer(3)]
        log = []
        while (seat := game.to_move(state)) is not None:
            action = players[seat].choose(game, state, seat)
            assert action in game.legal_actions(state)
            game.apply(state, action)
            log.append(action)
        return log

    assert play() == play()


def test_root_parallel_workers_return_a_legal_action() -> None:
    game = RuneDuel()
    state = positions(game, 2, 3, 3)[1]
    seat = game.to_move(state)
    player = MctsPlayer(SearchConfig(iterations=40), 9, workers=2)
    action = player.choose(game, state, seat)
    assert action in game.legal_actions(state)
    assert player.last_iterations == 80


def test_seconds_budget_overrides_iterations() -> None:
    game = RuneDuel()
    state = game.new_state(2, game.resolve_options({}), 1)
    player = MctsPlayer(SearchConfig(iterations=1, seconds=0.05), 1)
    assert player.choose(game, state, game.to_move(state)) in game.legal_actions(state)
    assert player.last_iterations > 1


def _play(game, kinds, n_games, seed0):
    """Seat-rotated seeded games of kinds[0] against the others; win share of kinds[0]."""
    reg_kinds = KINDS
    n = len(kinds)
    wins = 0.0
    total = 0
    for g in range(n_games):
        seed = seed0 + g
        for shift in range(n):
            order = kinds[shift:] + kinds[:shift]
            hero = (n - shift) % n
            specs = [parse_spec(k, reg_kinds) for k in order]
            seats = [Seat(f"s{i}", s) for i, s in enumerate(specs)]
            match = Match(game, game.resolve_options({}), seed, seats)
            players = [make_player(game, reg_kinds, s, i, seed) for i, s in enumerate(specs)]
            ranks = play_match(match, players).ranks
            if ranks[hero] == 1:
                wins += 1.0 / sum(1 for r in ranks if r == 1)
            total += 1
    return wins / total


def test_greedy_beats_random_on_the_fixture() -> None:
    share = _play(RuneDuel(), ["greedy", "random"], 150, 1)
    assert share >= 0.6, share


def test_rewards_are_in_range_and_ordered() -> None:
    assert rank_rewards([1, 2]) == [1.0, 0.0]
    assert rank_rewards([1, 1]) == [0.5, 0.5]
    r = rank_rewards([2, 1, 3, 4])
    assert r[1] == 1.0 and r[3] == 0.0 and r[1] > r[0] > r[2] > r[3]
    e = eval_rewards([10.0, 20.0, 5.0], 10.0)
    assert all(0.0 < x < 1.0 for x in e) and e[1] > 0.5 > e[0] > e[2]
    a, b = eval_rewards([3.0, 7.0], 4.0)
    assert abs(a + b - 1.0) < 1e-12


def test_kinds_are_registered_with_their_parameters() -> None:
    reg = load_registry()
    for name in ("random", "greedy", "mcts"):
        assert name in reg.players
    params = {p.name for p in MCTS.params}
    assert params == {
        "iterations", "seconds", "c", "rollout", "depth", "redeal", "search", "reach", "seed",
        "workers", "weights", "mix", "nest",
    }
    spec = parse_spec("mcts:iterations=300,seed=1", reg.players)
    assert dict(spec.params) == {"iterations": 300, "seed": 1}
    parse_spec("mcts:seconds=0.5", reg.players)
    player = make_player(
        RuneDuel(), reg.players, parse_spec("mcts:rollout=greedy-epsilon", reg.players), 0, 3
    )
    assert isinstance(player, MctsPlayer) and player.cfg.rollout == "greedy-epsilon"


def test_players_json_lists_the_ai_kinds_with_parameters() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "vikingcli", "players", "--json"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    kinds = {k["name"]: k for k in json.loads(out.stdout)}
    for name in ("random", "greedy", "mcts"):
        assert name in kinds
    assert {p["name"] for p in kinds["greedy"]["params"]} == {"seed", "weights", "chain"}
    mcts = {p["name"]: p for p in kinds["mcts"]["params"]}
    assert set(mcts) == {
        "iterations", "seconds", "c", "rollout", "depth", "redeal", "search", "reach", "seed",
        "workers", "weights", "mix", "nest",
    }
    assert mcts["rollout"]["choices"] == ["auto", "random", "greedy-epsilon", "mast", "settle"]
    assert mcts["iterations"]["type"] == "int"


def test_random_seed_changes_choices_somewhere() -> None:
    """Different seeds are not ignored (the tie-breaking RNG matters)."""
    game = RuneDuel()
    state = game.new_state(2, game.resolve_options({}), 2)
    seat = game.to_move(state)
    picks = {RandomPlayer(s).choose(game, state, seat) for s in range(30)}
    assert len(picks) > 1


def test_default_depth_follows_the_game_hint() -> None:
    from vikingcli_ai.hints import DEFAULT_DEPTH, default_depth
    from vikingcli_ai.mcts import _make

    game = RuneDuel()
    assert default_depth(game) == DEFAULT_DEPTH

    class Hinted(RuneDuel):
        search_hints = SearchHints(eval_scale=8.0, depth=4)

    assert default_depth(Hinted()) == 4
    params = {p.name: p.default for p in MCTS.params}
    assert _make(Hinted(), 0, params).cfg.depth == 4
    assert _make(Hinted(), 0, {**params, "depth": 0}).cfg.depth == 0
    graen = GAMES.get("graenaland")
    if graen is not None:
        assert default_depth(graen) == 1


def test_tiebreak_follows_the_game_hint() -> None:
    from vikingcli_ai.mcts import _make

    params = {p.name: p.default for p in MCTS.params}
    assert not _make(RuneDuel(), 0, params).tiebreak

    class Hinted(RuneDuel):
        search_hints = SearchHints(eval_scale=8.0, tiebreak=True)

    assert _make(Hinted(), 0, params).tiebreak
    wik = GAMES.get("wikinger")
    if wik is not None:
        assert _make(wik, 0, params).tiebreak


def test_tiebreak_lets_the_prior_decide_between_close_actions() -> None:
    from vikingcli_ai.mcts import best_action

    rng = random.Random(0)
    stats = {"a": (50, 25.0, 12.6), "b": (48, 23.9, 12.0), "c": (2, 0.0, 0.0)}
    assert best_action(stats, ["a", "b", "c"], rng) == "a"
    prior = {"a": 1.0, "b": 2.0, "c": 9.0}
    assert best_action(stats, ["a", "b", "c"], rng, prior) == "b"
    clear = {"a": (90, 80.0, 72.0), "b": (60, 12.0, 3.0)}
    assert best_action(clear, ["a", "b"], rng, prior) == "a"


class _CountingDeals(RuneDuel):
    def __init__(self) -> None:
        self.deals = 0

    def determinize(self, state, seat, rng):  # type: ignore[no-untyped-def]
        self.deals += 1
        return super().determinize(state, seat, rng)


@pytest.mark.parametrize(("redeal", "deals"), [(1, 30), (4, 8), (30, 1), (100, 1)])
def test_redeal_shares_each_determinization_between_that_many_iterations(
    redeal: int, deals: int
) -> None:
    game = _CountingDeals()
    state = game.new_state(2, game.resolve_options({}), 3)
    seat = game.to_move(state)
    assert seat is not None
    search = Search(game, state, seat, SearchConfig(iterations=30, redeal=redeal), random.Random(1))
    search.run(30)
    assert search.iterations == 30
    assert game.deals == deals


def test_redeal_1_is_the_search_without_sharing() -> None:
    """The default draws a fresh deal every iteration: same RNG use as before redeal."""
    game = RuneDuel()
    state = game.new_state(2, game.resolve_options({}), 4)
    seat = game.to_move(state)
    assert seat is not None
    default = Search(game, state, seat, SearchConfig(iterations=40), random.Random(2))
    default.run(40)
    explicit = Search(game, state, seat, SearchConfig(iterations=40, redeal=1), random.Random(2))
    explicit.run(40)
    assert default.root_stats() == explicit.root_stats()
    shared = Search(game, state, seat, SearchConfig(iterations=40, redeal=40), random.Random(2))
    shared.run(40)
    assert shared.root_stats() != default.root_stats()


def test_more_iterations_look_farther_where_the_game_asks() -> None:
    """Above the default budget the cut-off grows with the square root of the budget
    in a game with the ``deepen`` hint; at or below it, with a time budget, without
    the hint, or with an explicit depth, it stays; the configured flat reach stays 1
    (the flat search lengthens it itself: test_flat.py)."""
    from vikingcli_ai.hints import DEFAULT_DEPTH, DEFAULT_ITERATIONS, look_ahead
    from vikingcli_ai.mcts import _make

    params = {p.name: p.default for p in MCTS.params}
    assert look_ahead(DEFAULT_ITERATIONS, 0.0) == 1.0
    assert look_ahead(50, 0.0) == 1.0
    assert look_ahead(4 * DEFAULT_ITERATIONS, 0.0) == 2.0
    assert look_ahead(4 * DEFAULT_ITERATIONS, 1.5) == 1.0

    class Deepening(RuneDuel):
        search_hints = SearchHints(eval_scale=8.0, deepen=True)

    plain, deep = RuneDuel(), Deepening()
    assert _make(plain, 0, {**params, "iterations": 1000}).cfg.depth == DEFAULT_DEPTH
    default = _make(deep, 0, params).cfg
    assert (default.depth, default.reach) == (DEFAULT_DEPTH, 1)
    more = _make(deep, 0, {**params, "iterations": 1000}).cfg
    assert (more.depth, more.reach) == (37, 1)
    assert _make(deep, 0, {**params, "iterations": 4 * DEFAULT_ITERATIONS}).cfg.depth == 40
    assert _make(deep, 0, {**params, "iterations": 1000, "seconds": 2.0}).cfg.depth == 20
    fixed = _make(deep, 0, {**params, "iterations": 1000, "depth": 20, "reach": 3}).cfg
    assert (fixed.depth, fixed.reach) == (20, 3)

    class Hinted(Deepening):
        search_hints = SearchHints(eval_scale=8.0, deepen=True, depth=40)

    assert _make(Hinted(), 0, {**params, "iterations": 1000}).cfg.depth == 73
    # Walhalla and Wikinger measured stronger looking farther (benchmarks/README.md,
    # "Wikinger: a longer cut-off with move averages"); Jórvík too, up to 73 plies.
    for name in ("walhalla", "wikinger"):
        if name in GAMES:
            deeper = _make(GAMES[name], 0, {**params, "iterations": 1000}).cfg
            assert (deeper.depth, deeper.rollout) == (37, "mast")
            assert _make(GAMES[name], 0, {**params, "iterations": 3000}).cfg.depth == 63
    jorvik = GAMES.get("jorvik")
    if jorvik is not None:
        assert (_make(jorvik, 0, params).cfg.depth, _make(jorvik, 0, params).cfg.rollout) == (
            40,
            "random",
        )
        for iterations in (1000, 3000, 10000):
            deeper = _make(jorvik, 0, {**params, "iterations": iterations}).cfg
            assert (deeper.depth, deeper.rollout) == (73, "mast")


def test_the_deepest_hint_caps_the_grown_cut_off_and_nothing_else() -> None:
    """A game's ``deepest`` stops the cut-off growing past it (the 73 plies of 1000
    iterations at depth 40), leaves smaller budgets and explicit depths alone, and
    never cuts below the game's own depth; a cap below 1 is refused."""
    from vikingcli_ai.mcts import _make

    params = {p.name: p.default for p in MCTS.params}

    class Capped(RuneDuel):
        search_hints = SearchHints(eval_scale=8.0, deepen=True, depth=40, deepest=73)

    class Uncapped(RuneDuel):
        search_hints = SearchHints(eval_scale=8.0, deepen=True, depth=40)

    def depth(game: RuneDuel, **more: object) -> int:
        return int(_make(game, 0, {**params, **more}).cfg.depth)

    capped, uncapped = Capped(), Uncapped()
    assert depth(capped) == depth(uncapped) == 40
    assert depth(capped, iterations=1000) == depth(uncapped, iterations=1000) == 73
    assert (depth(capped, iterations=3000), depth(uncapped, iterations=3000)) == (73, 126)
    assert depth(capped, iterations=3000, depth=90) == 90

    class Below(RuneDuel):
        search_hints = SearchHints(eval_scale=8.0, deepen=True, depth=40, deepest=10)

    assert depth(Below(), iterations=3000) == 40
    with pytest.raises(ValueError, match="deepest must be at least 1"):
        SearchHints(deepest=0)
