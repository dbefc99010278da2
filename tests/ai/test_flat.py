"""The flat search of the mcts player (vikingcli_ai/flat.py) and the game's search
hints that select it (``method``, ``horizon``)."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import orjson
import pytest
from vikingcli_toygame import RuneDuel

from tests.ai._games import GAMES, positions
from tests.ai.test_honesty import _decision_positions, _snap, _Spy
from vikingcli.engine import Game, SearchHints, State
from vikingcli_ai.flat import (
    ITERATIONS_PER_PASS,
    NEST_WIDTH,
    FlatSearch,
    greedy_rollout,
    nest_width,
)
from vikingcli_ai.greedy import greedy_values
from vikingcli_ai.mcts import MCTS, MctsPlayer, SearchConfig, _make

FLAT = SearchConfig(iterations=40, search="flat")


def test_search_follows_the_game_hint() -> None:
    params = {p.name: p.default for p in MCTS.params}
    assert RuneDuel().search_hints.method == "tree"
    assert _make(RuneDuel(), 0, params).cfg.search == "tree"

    class Hinted(RuneDuel):
        search_hints = SearchHints(eval_scale=8.0, method="flat")

    assert _make(Hinted(), 0, params).cfg.search == "flat"
    assert _make(Hinted(), 0, {**params, "search": "tree"}).cfg.search == "tree"
    graen = GAMES.get("graenaland")
    if graen is not None:
        assert _make(graen, 0, params).cfg.search == "flat"


def test_the_default_horizon_is_one_ply() -> None:
    game = RuneDuel()
    state = game.new_state(2, game.resolve_options({}), 1)
    assert game.search_hints.horizon is None
    assert game.search_hints.ends_chain(state, state)


@pytest.mark.parametrize("name", list(GAMES))
def test_flat_is_legal_honest_and_reproducible(name: str) -> None:
    """Legal; the same choice when only hidden information differs (determinize is
    canonical, see test_honesty); touches the true state only through determinize."""
    game = GAMES[name]
    for k, (a, seat) in enumerate(_decision_positions(game)[:4]):
        b = game.determinize(a, seat, random.Random(300 + k))
        choice_a = MctsPlayer(FLAT, seed=k).choose(game, a, seat)
        assert choice_a in game.legal_actions(a)
        assert MctsPlayer(FLAT, seed=k).choose(game, b, seat) == choice_a
        before = _snap(game, a)
        spy = _Spy(game, a)
        assert MctsPlayer(FLAT, seed=k).choose(spy, a, seat) == choice_a  # type: ignore[arg-type]
        assert _snap(game, a) == before


def test_flat_budget_bounds_the_passes() -> None:
    game = GAMES.get("graenaland") or RuneDuel()
    state, seat = _decision_positions(game)[0]
    actions = list(game.legal_actions(state))
    for iterations in (1, 40, 300):
        search = FlatSearch(game, state, seat, random.Random(3))
        assert search.run(actions, iterations) in actions
        assert 1 <= search.passes <= max(1, iterations // ITERATIONS_PER_PASS)
        assert search.candidates


graen_only = pytest.mark.skipif("graenaland" not in GAMES, reason="graenaland not installed")


def _graen_positions(phases: tuple[int, ...]) -> list[Any]:
    game = GAMES["graenaland"]
    out = []
    for n in (3, 4, 5):
        for seed in (11, 12):
            out.extend(s for s in positions(game, n, seed, 80) if s.phase in phases)
    return out


@graen_only
def test_graenaland_rollout_from_an_offer_stops_when_it_is_resolved() -> None:
    from vikingcli_graenaland.state import PH_ALLOC, PH_OFFER, PH_VOTE

    game: Game = GAMES["graenaland"]
    starts = _graen_positions((PH_OFFER, PH_ALLOC, PH_VOTE))
    assert starts
    for start in starts:
        state = game.clone(start)
        greedy_rollout(game, start, state)
        assert (
            state.oidx != start.oidx
            or state.round != start.round
            or state.phase not in (PH_OFFER, PH_ALLOC, PH_VOTE)
        )
        assert state.oidx == start.oidx + 1 or state.phase not in (PH_OFFER, PH_ALLOC, PH_VOTE)


@graen_only
def test_graenaland_rollout_from_a_build_runs_to_the_next_round() -> None:
    from vikingcli_graenaland.state import PH_BUILD, PH_MOVE, PH_OVER, PH_PAY

    game: Game = GAMES["graenaland"]
    starts = _graen_positions((PH_BUILD, PH_PAY))
    assert starts
    for start in starts:
        state = game.clone(start)
        greedy_rollout(game, start, state)
        assert state.phase == PH_OVER or (
            state.round == start.round + 1 and state.phase == PH_MOVE
        ), orjson.dumps(game.observation(state, 0))[:200]


def test_flat_leaves_out_actions_a_deal_does_not_allow() -> None:
    """The true state's actions need not be legal in every determinization: one that
    no deal allows is never played there (and never chosen), and nothing raises."""

    class Picky(RuneDuel):
        true: Any = None

        def legal_actions(self, state):  # type: ignore[no-untyped-def]
            acts = list(super().legal_actions(state))
            return acts if state is self.true or len(acts) < 2 else acts[1:]

    game = Picky()
    state = game.new_state(2, game.resolve_options({}), 4)
    game.true = state
    seat = game.to_move(state)
    actions = list(game.legal_actions(state))
    assert len(actions) > 1
    for seed in range(5):
        search = FlatSearch(game, state, seat, random.Random(seed))
        assert search.run(actions, 60) in actions[1:]


@graen_only
def test_graenaland_rollout_with_reach_two_plays_the_next_offer_too() -> None:
    """``reach`` chains horizons: from an offer, the offer after it is resolved as well
    (unless the offers end first), and ``reach=1`` stops where it always did."""
    from vikingcli_graenaland.state import PH_ALLOC, PH_OFFER, PH_VOTE

    game: Game = GAMES["graenaland"]
    offers = (PH_OFFER, PH_ALLOC, PH_VOTE)
    starts = _graen_positions(offers)
    assert starts
    went_on = 0
    for start in starts:
        once, twice = game.clone(start), game.clone(start)
        greedy_rollout(game, start, once)
        greedy_rollout(game, start, twice, reach=2)
        if once.phase in offers and once.round == start.round:
            # The first chain ended at the next offer: the second resolves that one.
            assert twice.oidx == once.oidx + 1 or twice.phase not in offers
            assert game.to_json(twice) != game.to_json(once)
            went_on += 1
        else:
            assert twice.phase != PH_OFFER or twice.round != start.round
    assert went_on


def test_more_iterations_reach_farther_where_the_game_asks() -> None:
    """Above the default budget a flat search with the game's ``deepen`` hint plays
    on through the next chain with the default's 30 passes; at or below it, with a
    time budget, without the hint or with an explicit reach, it searches as before."""
    from vikingcli_ai.flat import DEFAULT_PASSES, deepened

    class Deepening(RuneDuel):
        search_hints = SearchHints(eval_scale=8.0, deepen=True)

    def never(state: State) -> bool:
        return False

    class Selective(Deepening):
        search_hints = SearchHints(eval_scale=8.0, deepen=True, deepens=never)

    plain, deep, picky = RuneDuel(), Deepening(), Selective()
    s = deep.new_state(2, deep.resolve_options(), 1)
    assert DEFAULT_PASSES == 30
    assert deepened(plain, s, 1, 1000) == (1, 100)
    assert deepened(deep, s, 1, 300) == (1, 30)
    assert deepened(deep, s, 1, 40) == (1, 4)
    assert deepened(deep, s, 1, 600) == (1, 60)  # sqrt(2) rounds to one chain
    assert deepened(deep, s, 1, 1000) == (2, 30)
    assert deepened(deep, s, 1, 1000, seconds=2.0) == (1, 100)
    assert deepened(deep, s, 1, 2700) == (3, 30)
    assert deepened(deep, s, 2, 1000) == (2, 100)
    # A decision the game does not name searches as without the hint.
    assert deepened(picky, s, 1, 1000) == (1, 100)


@graen_only
def test_graenaland_thinks_farther_with_more_iterations_and_not_at_300() -> None:
    """Graenaland sets the ``deepen`` hint: without the look-ahead at its own moves
    (``nest=0``) its flat search at 1000 iterations plays the rollouts of a hero move
    through a second chain (more work per pass, at most 30 passes) and values the
    candidates differently from the same search without the hint, which only adds
    deals; at the default 300 the hint changes nothing, pass for pass."""
    from vikingcli_graenaland.state import PH_MOVE

    game: Game = GAMES["graenaland"]
    assert game.search_hints.deepen is True

    class Unhinted(type(game)):  # type: ignore[misc]
        search_hints = dataclasses.replace(game.search_hints, deepen=False)

    hinted, plain = game, Unhinted()
    starts = _graen_positions((PH_MOVE,))[:3]
    assert starts
    for k, state in enumerate(starts):
        assert game.search_hints.deepens_at(state)
        seat = game.to_move(state)
        actions = list(game.legal_actions(state))
        runs = {}
        for name, g in (("hinted", hinted), ("plain", plain)):
            for iterations in (300, 1000):
                search = FlatSearch(g, state, seat, random.Random(k), nest=0)
                choice = search.run(actions, iterations)
                runs[name, iterations] = (search, choice)
        s300, c300 = runs["hinted", 300]
        p300, q300 = runs["plain", 300]
        assert s300.reach == p300.reach == 1
        assert (s300.passes, s300.units, s300.sums) == (p300.passes, p300.units, p300.sums)
        assert c300 == q300
        deep, _ = runs["hinted", 1000]
        wide, _ = runs["plain", 1000]
        assert deep.reach == 2 and wide.reach == 1
        assert 1 <= deep.passes <= 30 and deep.passes <= wide.passes
        assert deep.units / deep.passes > wide.units / wide.passes
        assert deep.sums != wide.sums
        # Advice keeps the game's own horizon at every budget.
        advice = FlatSearch(hinted, state, seat, random.Random(k))
        advice.deepen = False
        advice.run(actions, 1000)
        assert (advice.reach, advice.passes, advice.sums) == (1, wide.passes, wide.sums)


@graen_only
def test_graenaland_builds_and_payments_do_not_think_farther() -> None:
    """Only hero moves, offers, allocations and votes look through a second chain
    (``nest=0``): a build-phase decision at 1000 iterations searches exactly as
    without the hint (one chain, up to 100 passes)."""
    from vikingcli_graenaland.state import PH_ALLOC, PH_BUILD, PH_MOVE, PH_OFFER, PH_PAY, PH_VOTE

    game: Game = GAMES["graenaland"]

    class Unhinted(type(game)):  # type: ignore[misc]
        search_hints = dataclasses.replace(game.search_hints, deepen=False)

    plain = Unhinted()
    deepening = _graen_positions((PH_MOVE, PH_OFFER, PH_ALLOC, PH_VOTE))
    assert deepening and all(game.search_hints.deepens_at(s) for s in deepening)
    starts = _graen_positions((PH_BUILD, PH_PAY))
    assert starts and not any(game.search_hints.deepens_at(s) for s in starts)
    tried = 0
    for k, state in enumerate(starts[:4]):
        seat = game.to_move(state)
        actions = list(game.legal_actions(state))
        if len(actions) < 2:
            continue
        hinted = FlatSearch(game, state, seat, random.Random(k), nest=0)
        same = FlatSearch(plain, state, seat, random.Random(k), nest=0)
        assert hinted.run(actions, 1000) == same.run(actions, 1000)
        assert hinted.reach == 1
        assert (hinted.passes, hinted.units, hinted.sums) == (same.passes, same.units, same.sums)
        tried += 1
    assert tried


@graen_only
def test_graenaland_rollout_to_the_end_plays_the_game_out() -> None:
    """``reach`` 0 (``mcts:depth=0``) ignores the game's horizon: every rollout ends
    with the game over, where ``reach`` 1 stops at the chain's end in mid-game."""
    game: Game = GAMES["graenaland"]
    starts = [s for s in positions(game, 3, 13, 12) if game.to_move(s) is not None][:4]
    assert starts
    stopped_early = 0
    for start in starts:
        to_end, chain = game.clone(start), game.clone(start)
        greedy_rollout(game, start, to_end, reach=0, rng=random.Random(1))
        greedy_rollout(game, start, chain, reach=1, rng=random.Random(1))
        assert game.to_move(to_end) is None
        stopped_early += game.to_move(chain) is not None
    assert stopped_early == len(starts)


@graen_only
def test_graenaland_depth_zero_counts_one_simulation_a_rollout() -> None:
    """``mcts:iterations=N,depth=0`` in the flat search plays ``N // candidates`` passes
    (at least one) of rollouts to the end, so N iterations are at most N playouts
    when there are no more candidates than N; without ``depth=0`` the same budget buys
    passes to the chain's end, and the two choose from different values."""
    game: Game = GAMES["graenaland"]
    params = {p.name: p.default for p in MCTS.params}
    state, seat = next(
        (s, game.to_move(s))
        for s in positions(game, 3, 14, 40)
        if game.to_move(s) is not None and len(game.legal_actions(s)) >= 4
    )
    for iterations in (8, 40):
        to_end = _make(game, seat, {**params, "iterations": iterations, "depth": 0, "seed": 2})
        assert to_end.cfg.depth == 0
        to_end.choose(game, state, seat)
        cands = min(len(game.legal_actions(state)), 16)
        passes = max(1, iterations // cands)
        assert to_end.last_iterations == passes * cands
        assert to_end.last_iterations <= max(iterations, cands)
    search = FlatSearch(game, state, seat, random.Random(2), reach=0)
    search.run(list(game.legal_actions(state)), 40)
    chain = FlatSearch(game, state, seat, random.Random(2), reach=1)
    chain.run(list(game.legal_actions(state)), 40)
    assert search.reach == 0 and chain.reach == 1
    assert chain.passes == 4 and search.passes == max(1, 40 // len(search.candidates))
    assert search.sums != chain.sums


@graen_only
def test_graenaland_depth_zero_and_a_reach_together_are_refused() -> None:
    """``depth=0`` plays to the end, where ``reach`` has no say: asking for both is an
    error naming them, not one parameter silently dropped."""
    from vikingcli.engine import SpecError

    game: Game = GAMES["graenaland"]
    params = {p.name: p.default for p in MCTS.params}
    assert _make(game, 0, {**params, "depth": 0}).cfg.reach == 0
    assert _make(game, 0, {**params, "reach": 2}).cfg.reach == 2
    with pytest.raises(SpecError, match="reach=2"):
        _make(game, 0, {**params, "depth": 0, "reach": 2})


def test_the_look_ahead_at_ones_own_moves_starts_above_the_default_budget() -> None:
    """``nest`` -1 (the default): NEST_WIDTH where the game's ``deepen`` hint asks for
    more thinking and the budget is above 300 iterations with the game's own reach;
    none at 300, with a time budget, an explicit reach or without the hint; an
    explicit ``nest`` is taken as given."""

    class Deepening(RuneDuel):
        search_hints = SearchHints(eval_scale=8.0, deepen=True)

    deep, plain = Deepening(), RuneDuel()
    assert NEST_WIDTH == 4
    assert nest_width(deep, -1, 1, 1000, 0.0) == NEST_WIDTH
    assert nest_width(deep, -1, 1, 300, 0.0) == 0
    assert nest_width(deep, -1, 1, 1000, 2.0) == 0
    assert nest_width(deep, -1, 2, 1000, 0.0) == 0
    assert nest_width(deep, -1, 0, 1000, 0.0) == 0  # depth=0: greedy playouts to the end
    assert nest_width(plain, -1, 1, 1000, 0.0) == 0
    assert nest_width(plain, 2, 1, 300, 0.0) == 2
    assert nest_width(deep, 0, 1, 1000, 0.0) == 0
    params = {p.name: p.default for p in MCTS.params}
    assert _make(deep, 0, {**params, "iterations": 1000}).cfg.nest == -1
    assert _make(deep, 0, {**params, "nest": 0}).cfg.nest == 0


@graen_only
def test_graenaland_looks_ahead_at_its_own_moves_with_more_iterations() -> None:
    """At 1000 iterations Graenaland's flat search looks ahead at its own moves in the
    rollouts of every kind of decision (builds too), with the game's own reach and up
    to 100 passes; at 300 and for advice it does not, and ``nest=0`` is the search
    before the look-ahead (the longer reach where the game's ``deepens`` says)."""
    from vikingcli_graenaland.state import PH_BUILD, PH_MOVE, PH_OFFER

    game: Game = GAMES["graenaland"]
    tried = 0
    for k, state in enumerate(_graen_positions((PH_MOVE, PH_OFFER, PH_BUILD))[::7][:4]):
        seat = game.to_move(state)
        actions = list(game.legal_actions(state))
        if len(actions) < 2:
            continue
        ahead = FlatSearch(game, state, seat, random.Random(k))
        assert ahead.run(actions, 1000) in actions
        assert (ahead.nest, ahead.reach) == (NEST_WIDTH, 1)
        assert 1 <= ahead.passes <= 100
        before = FlatSearch(game, state, seat, random.Random(k), nest=0)
        before.run(actions, 1000)
        assert before.nest == 0
        assert before.reach == (2 if game.search_hints.deepens_at(state) else 1)
        assert ahead.sums != before.sums
        default = FlatSearch(game, state, seat, random.Random(k))
        default.run(actions, 300)
        assert (default.nest, default.reach) == (0, 1)
        advice = FlatSearch(game, state, seat, random.Random(k))
        advice.deepen = False
        advice.run(actions, 1000)
        assert (advice.nest, advice.reach) == (0, 1)
        tried += 1
    assert tried >= 2


class _Moves:
    """A game proxy that records every move applied: the state it was applied to,
    a copy of that state before the move, and the move."""

    def __init__(self, game: Game) -> None:
        self._game = game
        self.moves: list[tuple[State, State, Any]] = []

    def __getattr__(self, attr: str) -> Any:
        return getattr(self._game, attr)

    def apply_legal(self, state: State, action: Any) -> State:
        self.moves.append((state, self._game.clone(state), action))
        return self._game.apply_legal(state, action)


def _looked_ahead(game: Game, start: State, before: State, judge: Any) -> Any:
    """The move the look-ahead picks for the mover in ``before``, worked out here from
    its definition: of the mover's NEST_WIDTH best moves by greedy value (never one
    the ``undoes`` hint names), the first best by ``judge(position, mover)`` after
    greedy play on to the horizon from ``start``, ties broken by the draws of seed 0."""
    mover = game.to_move(before)
    assert mover is not None
    actions = list(game.legal_actions(before))
    values = greedy_values(game, before, mover, actions, trusted=True)
    order = sorted(range(len(values)), key=values.__getitem__, reverse=True)
    undoes = game.search_hints.undoes
    best, best_v = None, -float("inf")
    for i in order[:NEST_WIDTH]:
        if undoes is not None and undoes(before, actions[i]):
            continue
        after = game.clone(before)
        game.apply_legal(after, actions[i])
        greedy_rollout(game, start, after, 1, random.Random(0))
        v = judge(after, mover)
        if v > best_v:
            best, best_v = actions[i], v
    return best


@graen_only
def test_a_rollout_plays_every_move_by_looking_ahead() -> None:
    """With ``nest`` every move with a choice inside a rollout (the offerer's
    allocations and vote after its offer, the other seats' votes) is the look-ahead's
    pick for its mover, judged by the search's value for that mover; the twin, a
    rollout without ``nest``, plays greedy moves the look-ahead would not have made,
    so the check can fail."""
    from vikingcli_graenaland.state import PH_OFFER

    game: Game = GAMES["graenaland"]
    looked = others = differ = 0
    for start in _graen_positions((PH_OFFER,))[:6]:
        seat = game.to_move(start)
        assert seat is not None
        judge = FlatSearch(game, start, seat, random.Random(0)).value
        for nest in (NEST_WIDTH, 0):
            log = _Moves(game)
            state = game.clone(start)
            actions = list(game.legal_actions(state))
            values = greedy_values(game, state, seat, actions, trusted=True)
            game.apply_legal(state, actions[values.index(max(values))])  # a candidate
            greedy_rollout(log, start, state, 1, None, nest, judge)  # type: ignore[arg-type]
            for target, before, action in log.moves:
                if target is not state or len(game.legal_actions(before)) < 2:
                    continue  # a look-ahead's own play, or a forced move
                picked = _looked_ahead(game, start, before, judge)
                if nest:
                    assert action == picked
                    looked += 1
                    others += game.to_move(before) != seat
                else:
                    differ += action != picked
    assert looked >= 5 and others >= 1
    assert differ >= 1
