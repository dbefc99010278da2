"""The engine conformance suite, shipped as a pytest plugin.

Any game package (built-in or third-party) checks its game against the engine
contract of :mod:`vikingcli.engine` with one line in a test module::

    from vikingcli.engine.testing import conformance_suite
    TestConformance = conformance_suite(MyGame())

It plays seeded random games at every player count and at every value of every
option (one option varied at a time from the defaults) and checks, at every step:
``legal_actions`` is non-empty and stable before the end, ``apply`` rejects an
illegal action without changing the state, ``parse(format(a)) == a``,
``from_json(to_json(s))`` round-trips, ``observation`` is JSON-ready,
``determinize`` keeps the acting seat's observation and leaves the original alone,
``clone`` is independent (and, for a :class:`~vikingcli.engine.flat.FlatState`, copies
each field as deep as its kind says: :func:`check_flat_clone`), ``render`` fits 80
columns, ``evaluate_all`` agrees with ``evaluate`` seat by seat, what a search calls
(:func:`check_search_calls`) plays as the host does, no narration tells
a seat more than its observation (:func:`check_narration`); from every seat's view,
a re-deal of what it cannot see changes nothing it observes or is shown
(:func:`~vikingcli.engine.hidden.check_views_under_redeals`); ``apply`` refuses actions
legal elsewhere; observations validate against the schema, the codec is a bijection,
``from_json(to_json(s))`` plays on as ``s`` does; and over whole games: the game ends,
the same seed gives the same game, the outcome is well formed (ranks agree with
scores where the game says so), ``determinize`` re-deals at all, and no re-deal from
any seat is a dead position (:func:`check_redeals`).
Hypothesis also chooses paths of its own and, when one breaks the contract, shrinks
it to a short sequence of moves. OpenSpiel's API and simulation tests are the model.

The ``check_*`` functions raise ``AssertionError`` and can be called directly.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import orjson

from vikingcli.engine.actionchecks import JUNK_ACTIONS as JUNK_ACTIONS  # still importable here
from vikingcli.engine.actionchecks import check_refusals, check_texts
from vikingcli.engine.codec import ActionCodec
from vikingcli.engine.flat import FlatState, search_calls
from vikingcli.engine.game import Game, Outcome
from vikingcli.engine.hidden import (
    check_apply_fuzz,
    check_narration,
    check_views_under_redeals,
    seen,
)
from vikingcli.engine.search import SearchHints
from vikingcli.engine.text import plain_text

LATER_GAMES_EVERY = 4
"""The second and later games of a configuration are checked on every 4th ply only:
the first game, checked on every ply, finds what needs one ply (a leak on a draw)."""


def configurations(game: Game) -> list[tuple[int, dict[str, str]]]:
    """Every player count with the default options, then each other value of
    each option at the default table size (and at the extremes, for option
    values that may depend on the table size)."""
    defaults = game.resolve_options({})
    out: list[tuple[int, dict[str, str]]] = []
    counts = list(range(game.min_players, game.max_players + 1))
    for n in counts:
        out.append((n, dict(defaults)))
    for opt in game.options:
        for value in opt.test_values():
            if value == defaults[opt.name]:
                continue
            for n in dict.fromkeys((game.min_players, game.max_players)):
                options = dict(defaults)
                options[opt.name] = value
                out.append((n, options))
    return out


def _snapshot(game: Game, state: Any) -> bytes:
    return orjson.dumps(game.to_json(state))


_VALIDATORS: dict[int, tuple[Game, Any]] = {}
_CODECS: dict[tuple[int, int, bytes], tuple[Game, ActionCodec | None]] = {}


def _validator(game: Game) -> Any:
    """The game's compiled observation-schema validator (``None``: no schema), built once."""
    cached = _VALIDATORS.get(id(game))
    if cached is None or cached[0] is not game:
        schema = game.observation_schema()
        validator = None
        if schema is not None:
            # jsonschema-rs checks the schema against Draft 2020-12's meta-schema too, and
            # validates a hundred times faster than the pure-Python jsonschema
            from jsonschema_rs import Draft202012Validator

            validator = Draft202012Validator(dict(schema))
        cached = _VALIDATORS[id(game)] = (game, validator)
    return cached[1]


def _codec(game: Game, n: int, options: Mapping[str, str]) -> ActionCodec | None:
    key = (id(game), n, orjson.dumps(dict(options), option=orjson.OPT_SORT_KEYS))
    cached = _CODECS.get(key)
    if cached is None or cached[0] is not game:
        cached = _CODECS[key] = (game, game.action_codec(n, options))
    return cached[1]


def check_schema(game: Game, state: Any, viewers: Sequence[int] | None = None) -> None:
    """Every seat's observation (or the ``viewers``') validates against the game's
    ``observation_schema``."""
    validator = _validator(game)
    if validator is None:
        return
    for viewer in range(game.num_players(state)) if viewers is None else viewers:
        obs = _json_ready(game.observation(state, viewer), "observation")
        error = next(iter(validator.iter_errors(obs)), None)
        if error is not None:
            where = "/".join(map(str, error.instance_path)) or "(top)"
            raise AssertionError(
                f"seat {viewer}'s observation is outside its schema at {where}: {error.message}"
            )


def check_codec(game: Game, state: Any, codec: ActionCodec | None) -> None:
    """The action codec is a bijection on the legal actions (a sample of 256 where
    there are more): each has a number in range, the number decodes to it, and no two
    share one."""
    if codec is None:
        return
    numbers: dict[int, Any] = {}
    legal = list(game.legal_actions(state))
    # thousands of legal actions in some states: a sample is checked, the same each run
    for action in legal if len(legal) <= 256 else random.Random(len(legal)).sample(legal, 256):
        try:
            number = codec.encode(action)
        except ValueError as exc:
            raise AssertionError(f"the action codec has no number for {action!r}: {exc}") from None
        assert 0 <= number < codec.size, (
            f"the action codec numbers {action!r} {number}, outside 0..{codec.size - 1}"
        )
        assert codec.decode(number) == action, (
            f"the action codec is not a bijection: {action!r} -> {number} ->"
            f" {codec.decode(number)!r}"
        )
        assert number not in numbers, (
            f"the action codec is not a bijection: {numbers[number]!r} and {action!r}"
            f" share the number {number}"
        )
        numbers[number] = action


def check_round_trip_plays_alike(
    game: Game, state: Any, rng: random.Random, *, plies: int = 30, every: int = 5
) -> None:
    """``from_json(to_json(s))`` is the same *state*, hidden order included: played on
    with the same moves, it offers the same legal actions and, every ``every`` plies
    and at the end, shows every seat the same observation (comparing ``to_json`` with
    itself would miss a snapshot that sorts the deck; a card drawn wrong stays seen)."""
    mine = game.clone(state)
    theirs = game.from_json(_json_ready(game.to_json(state), "to_json"))
    n = game.num_players(state)
    for ply in range(plies + 1):
        over = game.to_move(mine) is None
        for viewer in range(n) if over or ply % every == 0 or ply == plies else ():
            assert seen(game, theirs, viewer) == seen(game, mine, viewer), (
                f"from_json(to_json(s)) plays differently from s: {ply} moves on, seat"
                f" {viewer} observes another game (is hidden order lost in the snapshot?)"
            )
        legal = list(game.legal_actions(mine))
        assert list(game.legal_actions(theirs)) == legal, (
            f"from_json(to_json(s)) plays differently from s: {ply} moves on, the legal"
            " actions differ"
        )
        if over or not legal:
            return
        action = legal[rng.randrange(len(legal))]
        game.apply(mine, action)
        game.apply(theirs, action)


def _json_ready(value: Any, what: str) -> Any:
    try:
        return orjson.loads(orjson.dumps(value))
    except TypeError as exc:
        raise AssertionError(f"{what} is not JSON-ready: {exc}") from None


def check_state(
    game: Game,
    state: Any,
    rng: random.Random,
    *,
    full: bool = True,
    pool: dict[Any, None] | None = None,
    codec: ActionCodec | None = None,
    light: bool = False,
) -> bool:
    """Check the per-state contract on one state that is not over: from every seat's
    view (:func:`~vikingcli.engine.hidden.check_views_under_redeals`), ``apply``
    against actions legal elsewhere (``pool``, which it adds to), ``codec`` (the
    table's), narration (``full``: more moves narrated, one seat's observation
    validated against the schema, and the snapshot played on after a round trip;
    ``light``: neither schema nor narration, for the many short paths hypothesis
    plays and shrinks).

    Returns whether a re-deal differed from the state (see :func:`play_random`)."""
    seat = game.to_move(state)
    n = game.num_players(state)
    assert seat is not None and 0 <= seat < n, f"to_move returned {seat!r} for {n} seats"
    actions = list(game.legal_actions(state))
    assert actions, "legal_actions is empty before the end of the game"
    assert list(game.legal_actions(state)) == actions, "legal_actions is not deterministic"
    assert len(set(actions)) == len(actions), "legal_actions lists an action twice"
    settled = game.settled_choice(state)
    assert settled is None or settled in actions, f"settled_choice {settled!r} is not legal"
    before = _snapshot(game, state)

    check_texts(game, state, actions if full or len(actions) <= 40 else rng.sample(actions, 40))
    check_refusals(game, state, actions, before)

    # Snapshot round trip.
    data = _json_ready(game.to_json(state), "to_json")
    restored = game.from_json(data)
    assert _snapshot(game, restored) == before, "from_json(to_json(s)) differs from s"
    assert list(game.legal_actions(restored)) == actions, "restored state has other legal actions"
    assert game.to_move(restored) == seat
    for viewer in range(n):
        assert _json_ready(game.observation(restored, viewer), "observation") == _json_ready(
            game.observation(state, viewer), "observation"
        ), "from_json(to_json(s)) differs from s in what a seat observes"

    check_determinize(game, state, seat, actions, before, rng)

    # Clone independence: play on the clone, the original must not move.
    copy = game.clone(state)
    assert copy is not state
    assert _snapshot(game, copy) == before, "clone differs from the original"
    game.apply(copy, actions[rng.randrange(len(actions))])
    assert _snapshot(game, state) == before, "applying to a clone changed the original"
    if isinstance(state, FlatState):
        check_flat_clone(state)
    check_search_calls(game, state, actions)

    check_views(game, state)
    pool = {} if pool is None else pool
    varied = check_views_under_redeals(game, state, rng, pool)
    check_apply_fuzz(game, state, rng, pool)
    check_codec(game, state, codec)
    if light:
        return varied
    # Narration on every ply (a leak may come on one draw ply only), few moves each.
    if full:
        check_narration(game, state, rng)
    else:
        check_narration(game, state, rng, max_actions=2, redeals=0, others=1)
    if full:
        # one seat's observation now and then (every seat's at the end of each game,
        # in play_random)
        check_schema(game, state, [rng.randrange(n)])
        check_round_trip_plays_alike(game, state, rng)
    return varied


def check_determinize(
    game: Game, state: Any, seat: int, actions: Sequence[Any], before: bytes, rng: random.Random
) -> None:
    """From the acting ``seat`` (whose legal ``actions`` these are), the observation is a
    JSON-ready dict and ``determinize`` returns a new state that leaves the original as
    ``before`` and keeps the seat's observation, its turn and its legal actions."""
    obs = _json_ready(game.observation(state, seat), "observation")
    assert isinstance(obs, dict), "observation must be a dict"
    det = game.determinize(state, seat, random.Random(rng.random()))
    assert det is not state, "determinize must return a new state"
    assert _snapshot(game, state) == before, "determinize changed the original state"
    assert _json_ready(game.observation(det, seat), "observation") == obs, (
        "determinize changed what the acting seat observes"
    )
    assert game.to_move(det) == seat, "determinize changed the seat to move"
    assert list(game.legal_actions(det)) == actions, (
        "determinize changed the acting seat's legal actions"
    )


def check_redeals(game: Game, state: Any, rng: random.Random, redeals: int = 3) -> None:
    """``determinize`` from every seat, ``redeals`` times each, never deals a dead
    position (the game not over and no legal action: a search, or an OpenSpiel bot
    resampling another seat's view, would have nothing to play), nor another seat to
    move."""
    mover = game.to_move(state)
    for seat in range(game.num_players(state)):
        for _ in range(redeals):
            det = game.determinize(state, seat, random.Random(rng.random()))
            assert game.to_move(det) == mover, f"determinize for seat {seat} moved the turn"
            assert mover is None or list(game.legal_actions(det)), (
                f"determinize for seat {seat} dealt a position with no legal action"
            )


def check_search_calls(game: Game, state: Any, actions: Sequence[Any]) -> None:
    """What a search calls (:func:`vikingcli.engine.flat.search_calls`: a
    :class:`~vikingcli.engine.BoundGame`'s :class:`~vikingcli.engine.BoundCalls`, the
    functions its binding names) gives what the host's calls give: the same seat to
    move, legal actions, heuristic values and deals, and each action played the search's
    way (``apply_legal``: no check, the legal-action cache cleared) leaves the state the
    host's ``apply`` leaves, whose legal actions, read from the search's cache, are
    those of the same position rebuilt from its snapshot (no stale cache)."""
    calls = search_calls(game)
    seat = game.to_move(state)
    assert calls.to_move(state) == seat, "the search calls' to_move differs from the game's"
    assert list(calls.legal_actions(state)) == list(actions), (
        "the search calls' legal actions differ"
    )
    assert calls.evaluate_all(state) == game.evaluate_all(state), "evaluate_all differs"
    assert seat is not None
    ours = calls.determinize(state, seat, random.Random(7))
    assert _snapshot(game, ours) == _snapshot(game, game.determinize(state, seat, random.Random(7)))
    for action in actions[:3]:
        mine, theirs = game.clone(state), game.clone(state)
        calls.apply_legal(mine, action)
        assert _snapshot(game, mine) == _snapshot(game, game.apply(theirs, action)), (
            f"the search calls played {action!r} differently"
        )
        fresh = game.from_json(game.to_json(mine))
        if calls.to_move(mine) is not None:
            assert list(calls.legal_actions(mine)) == list(game.legal_actions(fresh)), (
                f"after {action!r} the search read stale legal actions"
            )


def check_flat_clone(state: FlatState) -> None:
    """``state.clone()`` copies every declared field of a :class:`FlatState` as deep
    as its kind says, no deeper and no shallower (a game may write ``clone`` out, and
    a compiled state class must): VALUES shared, LISTS one level, GRIDS two,
    CUBES three, a list cache one level, anything else shared."""
    copy = state.clone()
    assert type(copy) is type(state), "clone returned another class"
    kinds = {"VALUES": 0, "LISTS": 1, "GRIDS": 2, "CUBES": 3}
    fields = [(name, depth) for kind, depth in kinds.items() for name in getattr(state, kind)]
    fields += [(name, -1) for name in state.CACHES]
    for name, depth in [*fields, ("legal_cache", 0)]:
        mine, theirs = getattr(state, name), getattr(copy, name)
        if depth == -1:
            depth = 1 if mine.__class__ is list else 0
        _check_copied(mine, theirs, depth, name)


def _check_copied(mine: Any, theirs: Any, depth: int, where: str) -> None:
    if depth == 0:
        # shared; an int read from a compiled class's field may be a new int object
        assert theirs is mine or (type(mine) in (int, float) and theirs == mine), (
            f"clone copied {where}, which its kind says to share"
        )
        return
    assert type(theirs) is list and type(mine) is list, f"{where} is not a list"
    assert theirs is not mine, f"clone shares {where}, which its kind says to copy"
    assert len(theirs) == len(mine), f"clone's {where} has another length"
    for i, (a, b) in enumerate(zip(mine, theirs)):
        _check_copied(a, b, depth - 1, f"{where}[{i}]")


def check_views(game: Game, state: Any) -> None:
    """render and evaluate for every seat and a spectator."""
    n = game.num_players(state)
    for viewer in [*range(n), None]:
        text = plain_text(game.render(state, viewer))
        assert text.strip(), "render returned nothing"
        wide = [line for line in text.splitlines() if len(line) > 80]
        assert not wide, f"render is wider than 80 columns: {wide[0]!r}"
    values = []
    for seat in range(n):
        value = game.evaluate(state, seat)
        assert isinstance(value, (int, float)) and math.isfinite(value), (
            f"evaluate returned {value!r}"
        )
        values.append(value)
    together = game.evaluate_all(state)
    # Search scores cut-offs with evaluate_all alone: an override must agree exactly.
    assert list(together) == values, (
        f"evaluate_all returned {together!r}, evaluate per seat {values!r}"
    )


def play_random(
    game: Game,
    n: int,
    options: Mapping[str, str],
    seed: int,
    *,
    check: bool = True,
    check_every: int = 1,
    max_steps: int = 20000,
) -> tuple[list[str], Any]:
    """Play one seeded random game, checking the contract along the way.

    Returns the action texts and the final state."""
    rng = random.Random(seed)
    state = game.new_state(n, options, seed)
    assert _snapshot(game, state) == _snapshot(game, game.new_state(n, options, seed)), (
        "new_state is not deterministic"
    )
    log: list[str] = []
    steps = 0
    codec = _codec(game, n, options) if check else None
    pool: dict[Any, None] = {}
    varied = checked = 0
    while game.to_move(state) is not None:
        assert steps < max_steps, f"game did not end within {max_steps} actions"
        if check and steps % check_every == 0:
            full = steps % (check_every * 10) == 0
            varied += check_state(game, state, rng, full=full, pool=pool, codec=codec)
            checked += 1
        actions = game.legal_actions(state)
        action = actions[rng.randrange(len(actions))]
        log.append(game.format_action(state, action))
        result = game.apply(state, action)
        assert result is state, "apply must return the state it changed"
        steps += 1
    check_outcome(game, state)
    if check:
        check_views(game, state)
        check_schema(game, state)
        # One re-deal in a whole game is enough to show determinize deals at all.
        assert game.perfect_information or varied or not checked, (
            f"determinize never re-dealt in {checked} checked states: the AI sees the"
            " hidden parts (a game with nothing hidden sets perfect_information = True)"
        )
    return log, state


def check_outcome(game: Game, state: Any) -> None:
    """The outcome of a finished game is well formed; where the game declares
    ``ranks_follow_scores``, a higher final score never ranks worse."""
    n = game.num_players(state)
    assert not list(game.legal_actions(state)) or game.to_move(state) is None
    out = game.outcome(state)
    assert isinstance(out, Outcome)
    assert len(out.scores) == n and len(out.ranks) == n, "outcome has the wrong number of seats"
    assert min(out.ranks) == 1 and all(1 <= r <= n for r in out.ranks), f"bad ranks {out.ranks}"
    _json_ready(out.to_json(), "outcome")
    if game.ranks_follow_scores:
        for i in range(n):
            for j in range(n):
                assert not (out.scores[i] > out.scores[j] and out.ranks[i] >= out.ranks[j]), (
                    f"ranks disagree with scores: seat {i} scored {out.scores[i]} and ranks"
                    f" {out.ranks[i]}, seat {j} scored {out.scores[j]} and ranks {out.ranks[j]}"
                )
        assert tuple(out.scores) == tuple(game.current_scores(state)), (
            f"outcome scores {out.scores} are not the final score track"
            f" {game.current_scores(state)}"
        )


def check_replay(game: Game, n: int, options: Mapping[str, str], seed: int) -> None:
    """Same seed, same game; replaying the texts reproduces the final snapshot."""
    log1, end1 = play_random(game, n, options, seed, check=False)
    log2, _ = play_random(game, n, options, seed, check=False)
    assert log1 == log2, "the same seed produced different games"
    state = game.new_state(n, options, seed)
    for text in log1:
        game.apply(state, game.parse_action(state, text))
    assert _snapshot(game, state) == _snapshot(game, end1), "replaying the log diverged"


def _ids(configs: Sequence[tuple[int, dict[str, str]]]) -> list[str]:
    return [f"{n}p-" + ",".join(f"{k}={v}" for k, v in opts.items()) for n, opts in configs]


def conformance_suite(
    game: Game,
    *,
    games_per_config: int = 2,
    check_every: int = 1,
    seed: int = 0,
    paths: int = 10,
    path_length: int = 150,
    redeals: int = 3,
) -> type:
    """A pytest test class checking ``game`` against the engine contract.

    ``games_per_config`` random games are played per configuration; with
    ``check_every=k`` the per-state checks run on every k-th state of the first (for
    long games), and on every ``k * LATER_GAMES_EVERY``-th of the others.

    Besides, hypothesis plays ``paths`` action sequences of up to ``path_length``
    moves of its own choosing, checking the contract at every state; when one
    fails it shrinks the sequence and reports the shortest it found, move by move.

    ``redeals``: re-deals from every seat at every state (every k-th) of one game
    per configuration (:func:`check_redeals`).
    """
    import pytest
    from hypothesis import HealthCheck, given, note, settings
    from hypothesis import strategies as st

    configs = configurations(game)
    ids = _ids(configs)

    class ConformanceSuite:
        @pytest.mark.parametrize(("n", "options"), configs, ids=ids)
        def test_random_playthroughs_keep_the_contract(
            self, n: int, options: dict[str, str]
        ) -> None:
            for k in range(games_per_config):
                # every ply of the first game; the others sampled, for CI time
                every = check_every if k == 0 else check_every * LATER_GAMES_EVERY
                play_random(game, n, options, seed + k, check_every=every)

        @pytest.mark.parametrize(("n", "options"), configs, ids=ids)
        def test_same_seed_same_game(self, n: int, options: dict[str, str]) -> None:
            check_replay(game, n, options, seed + 1000)

        @pytest.mark.parametrize(("n", "options"), configs, ids=ids)
        def test_no_redeal_from_any_seat_is_dead(self, n: int, options: dict[str, str]) -> None:
            rng = random.Random(seed + 2000)
            for k, state in enumerate(iter_states(game, n, options, seed + 2000)):
                if k % check_every == 0:
                    check_redeals(game, state, rng, redeals)

        @settings(
            max_examples=paths,
            deadline=None,
            derandomize=True,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
        )
        @given(data=st.data())
        def test_any_path_keeps_the_contract(self, data: Any) -> None:
            n, options = data.draw(st.sampled_from(configs), label="table")
            deal = data.draw(st.integers(0, 2**31 - 1), label="seed")
            state = game.new_state(n, options, deal)
            rng = random.Random(deal)
            codec = _codec(game, n, options)
            for _ in range(path_length):
                if game.to_move(state) is None:
                    check_outcome(game, state)
                    return
                check_state(game, state, rng, full=False, codec=codec, light=True)
                actions = game.legal_actions(state)
                action = actions[data.draw(st.integers(0, len(actions) - 1))]
                note(f"seat {game.to_move(state)} plays {game.format_action(state, action)!r}")
                game.apply(state, action)

        def test_identity(self) -> None:
            assert game.name and game.title
            assert 1 <= game.min_players <= game.default_players <= game.max_players
            assert isinstance(game.search_hints, SearchHints)
            assert game.search_hints.eval_scale > 0
            assert game.rules_text().strip()
            wide = [ln for ln in game.rules_text().splitlines() if len(ln) > 80]
            assert not wide, f"rules text wider than 80 columns: {wide[0]!r}"
            game.resolve_options({})

    ConformanceSuite.__name__ = f"Conformance_{game.name}"
    ConformanceSuite.__doc__ = f"Engine-contract conformance of {game.name}."
    ConformanceSuite.pytestmark = [pytest.mark.conformance]  # type: ignore[attr-defined]
    return ConformanceSuite


def iter_states(game: Game, n: int, options: Mapping[str, str], seed: int) -> Iterator[Any]:
    """The states of one seeded random game, each a clone (for property tests)."""
    rng = random.Random(seed)
    state = game.new_state(n, options, seed)
    while True:
        yield game.clone(state)
        if game.to_move(state) is None:
            return
        actions = game.legal_actions(state)
        game.apply(state, actions[rng.randrange(len(actions))])


def pytest_configure(config: Any) -> None:
    """Register the marker the suite's tests can be selected by."""
    config.addinivalue_line("markers", "conformance: vikingcli engine-contract conformance")
