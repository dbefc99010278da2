"""Issue 39 items 3 and 4: each game's state lists its fields once (their kinds), its
``clone`` is the text the engine generates from that list (written out for the compiled
build), its JSON comes from the engine's one helper, the round trip holds over random
play, and ``repr`` says where the game stands."""

from __future__ import annotations

import inspect
import random
from typing import Any, ClassVar

import orjson
import pytest

from vikingcli.core.registry import load_registry
from vikingcli.engine import FlatState, Game
from vikingcli.engine.fields import clone_source

REGISTRY = load_registry()
GAMES = sorted(REGISTRY.games)
OPTIONS = {
    "wikinger": ({}, {"mode": "advanced"}, {"mode": "advanced", "bidding": "no"}),
    "walhalla": ({}, {"fixed_orientation": "yes", "headlands": "5,6,7"}),
    "graenaland": ({}, {"setup": "advanced", "victory": "cards"}),
    "jorvik": ({}, {"mode": "jarl"}),
}
KINDS = ("VALUES", "LISTS", "GRIDS", "CUBES", "CACHES")


def _state_type(game: str) -> type[FlatState]:
    state_type: type[FlatState] = REGISTRY.games[game].state_type  # type: ignore[attr-defined]
    return state_type


def _fields(s: FlatState) -> dict[str, Any]:
    kinds = (s.VALUES, s.LISTS, s.GRIDS, s.CUBES)
    return {name: getattr(s, name) for kind in kinds for name in kind}


def _lists(value: Any, depth: int) -> list[int]:
    """The ids of the lists a kind copies (``depth`` levels)."""
    if depth == 0 or not isinstance(value, list):
        return []
    return [id(value), *(i for x in value for i in _lists(x, depth - 1))]


def test_item39_every_game_is_checked() -> None:
    assert sorted(OPTIONS) == GAMES


@pytest.mark.parametrize("game", GAMES)
def test_item39_the_fields_are_listed_once(game: str) -> None:
    """``__slots__`` is the kinds' names in their order; every annotation is one of them."""
    cls = _state_type(game)
    declared = [name for kind in KINDS for name in getattr(cls, kind)]
    assert list(vars(cls)["__slots__"]) == declared
    typed = {k for k, v in vars(cls)["__annotations__"].items() if "ClassVar" not in str(v)}
    assert typed - {"legal_cache"} == set(declared)


@pytest.mark.parametrize("game", GAMES)
def test_item39_clone_is_the_text_generated_from_the_kinds(game: str) -> None:
    cls = _state_type(game)
    assert inspect.getsource(vars(cls)["clone"]) == clone_source(cls), (
        f"write out this clone in {cls.__module__}:\n{clone_source(cls)}"
    )


@pytest.mark.parametrize("game", ["graenaland", "wikinger"])
def test_item39_a_state_with_only_tuples_writes_no_json_of_its_own(game: str) -> None:
    cls = _state_type(game)
    assert "to_json" not in vars(cls) and "from_json" not in vars(cls)


@pytest.mark.parametrize("game", GAMES)
def test_item39_round_trip_and_clone_hold_over_random_play(game: str) -> None:
    """At every ply of random games (each option set, two seeds): ``from_json(to_json(s))``
    has every field equal to ``s``'s (tuples as tuples), writes the same snapshot, and a
    clone is equal too and shares no list its kind copies; playing on in the clone
    leaves ``s`` as it was."""
    g: Game = REGISTRY.games[game]
    plies = 0
    for options in OPTIONS[game]:
        for seed in (1, 2):
            n = g.default_players if seed == 1 else g.max_players
            state = g.new_state(n, g.resolve_options(options), 3900 + seed)
            rng = random.Random(seed)
            while g.to_move(state) is not None:
                _check_round_trip(g, state)
                legal = g.legal_actions(state)
                g.apply(state, legal[rng.randrange(len(legal))])
                plies += 1
            _check_round_trip(g, state)
    assert plies > 100


def _check_round_trip(g: Game, s: Any) -> None:
    snapshot = g.to_json(s)
    text = orjson.dumps(snapshot)  # JSON-ready: no tuples left, nothing orjson refuses
    back = g.from_json(orjson.loads(text))
    assert _fields(back) == _fields(s)
    assert orjson.dumps(g.to_json(back)) == text
    c = g.clone(s)
    assert _fields(c) == _fields(s)
    for depth, kind in enumerate((s.LISTS, s.GRIDS, s.CUBES), start=1):
        for name in kind:
            assert not set(_lists(getattr(c, name), depth)) & set(_lists(getattr(s, name), depth))
    if g.to_move(c) is not None:
        g.apply(c, g.legal_actions(c)[0])
        assert orjson.dumps(g.to_json(s)) == text


class Toy(FlatState):
    VALUES = ("n", "shape")
    LISTS = ("pairs", "plain")
    GRIDS = ("nested",)
    TUPLES = ("shape", "pairs", "nested")
    SUMMARY: ClassVar[tuple[str, ...]] = ("n", "phase")
    __slots__ = VALUES + LISTS + GRIDS

    n: int
    shape: tuple[tuple[int, int], ...]
    pairs: list[tuple[int, tuple[str, int]] | None]
    plain: list[list[int]]
    nested: list[list[tuple[int, int]]]


def test_item39_tuples_below_the_kinds_lists_come_back_as_tuples() -> None:
    s = Toy()
    s.n, s.shape, s.pairs = 2, ((1, 2), (3, 4)), [(1, ("a", 2)), None]
    s.plain, s.nested, s.legal_cache = [[1], [2]], [[(1, 2)], []], None
    data = orjson.loads(orjson.dumps(s.to_json()))
    assert data["shape"] == [[1, 2], [3, 4]]
    back = Toy.from_json(data)
    assert back.shape == ((1, 2), (3, 4))
    assert back.pairs == [(1, ("a", 2)), None]
    assert back.plain == [[1], [2]]  # not in TUPLES: lists stay lists
    assert back.nested == [[(1, 2)], []]
    assert repr(back) == "<tests Toy: n 2, phase None>"  # no phase field: shown as None


def test_item39_an_annotated_field_in_no_kind_is_refused() -> None:
    with pytest.raises(TypeError, match=r"annotated but in no kind: \['forgotten'\]"):

        class Forgetful(FlatState):
            VALUES = ("n",)
            __slots__ = VALUES

            n: int
            forgotten: int


@pytest.mark.parametrize("game", GAMES)
def test_item39_repr_says_where_the_game_stands(game: str) -> None:
    g = REGISTRY.games[game]
    s = g.new_state(g.default_players, g.resolve_options({}), 39)
    names = s.PHASES
    shown = {name: getattr(s, name) for name in s.SUMMARY}
    shown["phase"] = names[s.phase]
    expected = ", ".join(f"{name} {value}" for name, value in shown.items())
    assert repr(s) == f"<{game} State: {expected}>"
    assert len(repr(s)) < 120
    summary = set(s.SUMMARY)
    assert "phase" in summary and summary & {"round", "raid"} and summary & {"actor", "turn_player"}
    rng = random.Random(39)
    before = repr(s)
    while g.to_move(s) is not None:
        legal = g.legal_actions(s)
        g.apply(s, legal[rng.randrange(len(legal))])
    after = repr(s)
    assert after != before and f"phase {names[-1]}," in after  # the last phase: over
