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
columns, ``evaluate_all`` agrees with ``evaluate`` seat by seat, the search's calls
object (:func:`check_search_calls`) with the game, no narration tells
a seat more than its observation (:func:`check_narration`); and over whole games: the
game ends, the same seed gives the same game, the outcome is well formed, and no
re-deal from any seat is a dead position (:func:`check_redeals`).
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

from vikingcli.engine.flat import FlatState, search_calls
from vikingcli.engine.game import Game, IllegalAction, Outcome
from vikingcli.engine.search import SearchHints
from vikingcli.engine.text import plain_text

JUNK_ACTIONS: tuple[Any, ...] = (("__not_an_action__",), None, -987654321, "__junk__")
"""Values no game may accept as an action."""


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


def _json_ready(value: Any, what: str) -> Any:
    try:
        return orjson.loads(orjson.dumps(value))
    except TypeError as exc:
        raise AssertionError(f"{what} is not JSON-ready: {exc}") from None


def check_state(game: Game, state: Any, rng: random.Random, *, full: bool = True) -> None:
    """Check the per-state contract on one state that is not over."""
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

    # Texts: canonical, one line, and parsed back to the same action.
    sample = actions if full or len(actions) <= 40 else rng.sample(actions, 40)
    texts = set()
    for action in sample:
        hash(action)
        text = game.format_action(state, action)
        assert isinstance(text, str) and text and "\n" not in text, f"bad text {text!r}"
        assert text not in texts, f"two actions share the text {text!r}"
        texts.add(text)
        parsed = game.parse_action(state, text)
        assert parsed == action, f"parse(format({action!r})) gave {parsed!r}"
    try:
        game.parse_action(state, "zzz this is not a move 12345")
    except IllegalAction:
        pass
    else:
        raise AssertionError("parse_action accepted nonsense text")

    # Illegal actions are refused and change nothing.
    for junk in JUNK_ACTIONS:
        if junk in actions:
            continue
        try:
            game.apply(state, junk)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"apply accepted the illegal action {junk!r}")
        assert _snapshot(game, state) == before, f"a rejected action {junk!r} changed the state"

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

    # Observation and determinization from the acting seat.
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

    # Clone independence: play on the clone, the original must not move.
    copy = game.clone(state)
    assert copy is not state
    assert _snapshot(game, copy) == before, "clone differs from the original"
    game.apply(copy, actions[rng.randrange(len(actions))])
    assert _snapshot(game, state) == before, "applying to a clone changed the original"
    if isinstance(state, FlatState):
        check_flat_clone(state)
    check_search_calls(game, state, actions)

    if full:
        check_views(game, state)
        check_narration(game, state, rng)


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
    """What a search calls through :func:`vikingcli.engine.flat.search_calls` (a game's own
    ``FlatCalls``, which call its rules directly) gives what the game's methods give."""
    calls = search_calls(game)
    seat = game.to_move(state)
    assert calls.to_move(state) == seat, "the search calls' to_move differs from the game's"
    assert list(calls.legal(state)) == list(actions), "the search calls' legal actions differ"
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


def check_narration(game: Game, state: Any, rng: random.Random, *, max_actions: int = 24) -> None:
    """No narration tells a seat more than its observation does.

    For every seat, a move's narration must be a function of what that seat
    observes before and after the move: moves of another seat that leave the
    seat's observation the same read the same, and so does the same move in a
    position the seat cannot tell apart from this one (one re-dealt by
    ``determinize``). A spectator's narration must read the same wherever any
    seat other than the mover cannot tell two moves apart."""
    mover = game.to_move(state)
    assert mover is not None
    n = game.num_players(state)
    positions = [state] + [
        game.determinize(state, s, random.Random(rng.random())) for s in range(n) if s != mover
    ]
    samples: list[tuple[list[bytes], list[bytes], dict[int | None, list[str]], str]] = []
    for position in positions:
        actions = list(game.legal_actions(position))
        if len(actions) > max_actions:
            actions = rng.sample(actions, max_actions)
        seen_before = [_snapshot_obs(game, position, s) for s in range(n)]
        for action in actions:
            after = game.apply(game.clone(position), action)
            seen_after = [_snapshot_obs(game, after, s) for s in range(n)]
            told = {
                viewer: list(game.narrate(position, action, after, viewer))
                for viewer in [*range(n), None]
            }
            for viewer, lines in told.items():
                assert lines and all(isinstance(x, str) and x for x in lines), (
                    f"narrate gave {lines!r} to seat {viewer}"
                )
            samples.append((seen_before, seen_after, told, game.format_action(position, action)))
    for viewer in range(n):
        first: dict[tuple[bytes, bytes], tuple[list[str], list[str], str]] = {}
        for before, after, told, text in samples:
            key = (before[viewer], after[viewer])
            if key not in first:
                first[key] = (told[viewer], told[None], text)
                continue
            lines, public, other = first[key]
            assert told[viewer] == lines, (
                f"narration leaks to seat {viewer}: {other!r} and {text!r} look the same to it,"
                f" but it is told {lines!r} and {told[viewer]!r}"
            )
            assert viewer == mover or told[None] == public, (
                f"narration leaks to spectators: seat {viewer} cannot tell {other!r} from"
                f" {text!r}, but spectators are told {public!r} and {told[None]!r}"
            )


def _snapshot_obs(game: Game, state: Any, seat: int) -> bytes:
    return orjson.dumps(game.observation(state, seat), option=orjson.OPT_SORT_KEYS)


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
    while game.to_move(state) is not None:
        assert steps < max_steps, f"game did not end within {max_steps} actions"
        if check and steps % check_every == 0:
            check_state(game, state, rng, full=steps % (check_every * 10) == 0)
        actions = game.legal_actions(state)
        action = actions[rng.randrange(len(actions))]
        log.append(game.format_action(state, action))
        result = game.apply(state, action)
        assert result is state, "apply must return the state it changed"
        steps += 1
    check_outcome(game, state)
    if check:
        check_views(game, state)
    return log, state


def check_outcome(game: Game, state: Any) -> None:
    """The outcome of a finished game is well formed."""
    n = game.num_players(state)
    assert not list(game.legal_actions(state)) or game.to_move(state) is None
    out = game.outcome(state)
    assert isinstance(out, Outcome)
    assert len(out.scores) == n and len(out.ranks) == n, "outcome has the wrong number of seats"
    assert min(out.ranks) == 1 and all(1 <= r <= n for r in out.ranks), f"bad ranks {out.ranks}"
    _json_ready(out.to_json(), "outcome")


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
    ``check_every=k`` the per-state checks run on every k-th state (for long games).

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
                play_random(game, n, options, seed + k, check_every=check_every)

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
            for _ in range(path_length):
                if game.to_move(state) is None:
                    check_outcome(game, state)
                    return
                check_state(game, state, rng, full=False)
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
