"""The engine's flat-state helper, its apply template and the default parse_action; the
template's hooks under their plugin API 1 names (``compute_legal``, ``play``)."""

from __future__ import annotations

import random
import warnings
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

import pytest

from vikingcli.engine import Action, Game, IllegalAction, Outcome, search_calls
from vikingcli.engine.flat import FlatCalls, FlatGame, FlatState
from vikingcli.engine.testing import check_flat_clone


class Pile(FlatState):
    __slots__ = ("cube", "grid", "log", "n", "row", "seen", "static")
    VALUES = ("n", "static")
    LISTS = ("row", "log")
    GRIDS = ("grid",)
    CUBES = ("cube",)
    CACHES = ("seen",)


def _pile() -> Pile:
    s = Pile.__new__(Pile)
    s.n, s.static = 2, (1, 2, 3)
    s.row, s.log = [1, 2], [{"move": 1}]
    s.grid = [[1], [2]]
    s.cube = [[[1, 2]], [[3]]]
    s.seen = [None, None]
    s.legal_cache = None
    return s


def test_clone_copies_each_kind_as_deep_as_declared() -> None:
    s = _pile()
    c = s.clone()
    c.row.append(9)
    c.grid[0].append(9)
    c.cube[1][0].append(9)
    c.seen[0] = "changed"
    assert (s.row, s.grid, s.cube, s.seen) == ([1, 2], [[1], [2]], [[[1, 2]], [[3]]], [None, None])
    assert c.static is s.static  # static data is shared, never copied


def test_snapshot_round_trips_and_leaves_caches_out() -> None:
    s = _pile()
    data = s.to_json()
    assert "seen" not in data and "legal_cache" not in data
    back = Pile.from_json(data)
    assert back.to_json() == data
    assert back.seen is None and back.legal_cache is None
    data["row"].append(7)
    assert s.row == [1, 2], "a snapshot must not share lists with the state"


class Renamed(FlatState):
    """``mover`` was called ``cur`` when saves were made."""

    VALUES = ("mover", "size")
    LISTS = ("cards",)
    RENAMED: ClassVar[Mapping[str, str]] = {"cur": "mover"}
    __slots__ = VALUES + LISTS

    mover: int
    size: int
    cards: list[int]


def test_a_renamed_field_is_read_from_its_old_key_and_written_under_its_name() -> None:
    s = Renamed()
    s.mover, s.size, s.cards = 2, 5, [1, 2]
    s.legal_cache = None
    assert s.to_json() == {"mover": 2, "size": 5, "cards": [1, 2]}
    old = {"cur": 2, "size": 5, "cards": [1, 2]}
    assert list(Renamed.upgrade(old)) == ["mover", "size", "cards"]  # in its old place
    back = Renamed.from_json(old)
    assert (back.mover, back.size, back.cards) == (2, 5, [1, 2])
    assert Renamed.from_json(s.to_json()).mover == 2
    c = s.clone()  # the mapping is the snapshot's business only
    assert (c.mover, c.cards) == (2, [1, 2]) and c.cards is not s.cards


def test_a_slot_without_a_kind_is_refused_when_the_class_is_made() -> None:
    with pytest.raises(TypeError, match=r"no kind: \['forgotten'\]"):

        class Forgetful(FlatState):
            __slots__ = ("forgotten", "n")
            VALUES = ("n",)


class Written(Pile):
    """A state that writes its clone out, as a compiled state class must."""

    __slots__ = ("bug",)
    VALUES = (*Pile.VALUES, "bug")  # the mistake to make: "grid" or "static"

    def clone(self) -> Written:
        c = Written.__new__(Written)
        c.legal_cache, c.n, c.static, c.bug = self.legal_cache, self.n, self.static, self.bug
        c.row, c.log = self.row[:], self.log[:]
        c.grid = self.grid if self.bug == "grid" else [x[:] for x in self.grid]
        c.cube = [[y[:] for y in x] for x in self.cube]
        c.seen = self.seen[:]
        if self.bug == "static":
            c.static = tuple(self.static)[:1] + tuple(self.static)[1:]
        return c


def _written(bug: str) -> Written:
    s = Written.__new__(Written)
    pile = _pile()
    for name in (*Pile.VALUES, *Pile.LISTS, *Pile.GRIDS, *Pile.CUBES, *Pile.CACHES):
        setattr(s, name, getattr(pile, name))
    s.legal_cache = None
    s.bug = bug
    return s


def test_a_written_out_clone_is_kept_and_checked_against_the_kinds() -> None:
    assert Written.clone is not Pile.clone and "clone" in vars(Written)
    check_flat_clone(_pile())
    check_flat_clone(_written(""))
    with pytest.raises(AssertionError, match=r"shares grid"):
        check_flat_clone(_written("grid"))
    with pytest.raises(AssertionError, match=r"copied static"):
        check_flat_clone(_written("static"))


class Count(FlatState):
    """Players alternate adding 1 or 2; who reaches 5 wins."""

    __slots__ = ("n", "total", "turn")
    VALUES = ("n", "total", "turn")


class CountGame(FlatGame):
    name = "count"
    title = "Count"
    state_type = Count
    computed: ClassVar[list[int]] = [0]  # in a list: a bare number would look like a knob

    def new_state(self, n_players: int, options: Mapping[str, str], seed: int) -> Count:
        s = Count.__new__(Count)
        s.n, s.total, s.turn, s.legal_cache = n_players, 0, 0, None
        return s

    def num_players(self, state: Count) -> int:
        return state.n

    def to_move(self, state: Count) -> int | None:
        return None if state.total >= 5 else state.turn

    def rules_legal_actions(self, state: Count) -> Sequence[Action]:
        CountGame.computed[0] += 1
        return () if state.total >= 5 else (1, 2)

    def rules_apply_legal(self, state: Count, action: Action) -> None:
        assert isinstance(action, int)
        state.total += action
        state.turn = (state.turn + 1) % state.n

    def format_action(self, state: Count, action: Action) -> str:
        return f"Add {action}"

    def observation(self, state: Count, seat: int) -> dict[str, Any]:
        return state.to_json()

    def determinize(self, state: Count, seat: int, rng: random.Random) -> Count:
        return state.clone()

    def outcome(self, state: Count) -> Outcome:
        winner = (state.turn - 1) % state.n
        return Outcome(scores=(0.0, 0.0), ranks=tuple(1 if i == winner else 2 for i in (0, 1)))

    def evaluate(self, state: Count, seat: int) -> float:
        return 0.0

    def render(self, state: Count, seat: int | None) -> str:
        return f"total {state.total}"


def test_legal_actions_are_computed_once_per_position() -> None:
    game = CountGame()
    s = game.new_state(2, {}, 0)
    before = CountGame.computed[0]
    assert game.legal_actions(s) == game.legal_actions(s) == (1, 2)
    assert game.clone(s).legal_cache == (1, 2)
    assert CountGame.computed[0] == before + 1
    game.apply(s, 2)
    assert game.legal_actions(s) == (1, 2)
    assert CountGame.computed[0] == before + 2


@pytest.mark.parametrize("junk", [3, "2", None, (1,), 1.5])
def test_apply_refuses_an_action_not_in_the_legal_set_and_changes_nothing(junk: Any) -> None:
    game = CountGame()
    s = game.new_state(2, {}, 0)
    game.apply(s, 2)
    before = game.to_json(s)
    with pytest.raises(IllegalAction, match="not a legal action now"):
        game.apply(s, junk)
    assert game.to_json(s) == before


def test_apply_after_the_end_says_the_game_is_over() -> None:
    game = CountGame()
    s = game.new_state(2, {}, 0)
    for _ in range(3):
        game.apply(s, 2)
    with pytest.raises(IllegalAction, match="the game is over"):
        game.apply(s, 1)
    with pytest.raises(IllegalAction, match="the game is over"):
        game.parse_action(s, "add 1")


def test_default_parse_matches_the_legal_texts_ignoring_case_and_spaces() -> None:
    game = CountGame()
    s = game.new_state(2, {}, 0)
    assert game.parse_action(s, "  ADD   2 ") == 2
    assert game.parse_action(s, game.format_action(s, 1)) == 1
    refusal = r"'add 3' is not a legal action now; legal: Add 1, Add 2"
    with pytest.raises(IllegalAction, match=refusal):
        game.parse_action(s, "add 3")


def _play_out(game: FlatGame) -> Count:
    """A whole game of Count, 2 + 2 + 1, through ``apply`` and the search's calls."""
    s = game.new_state(2, {}, 0)
    calls = search_calls(game)
    game.apply(s, 2)
    assert calls.legal_actions(s) == (1, 2)
    calls.apply_legal(s, 2)
    game.apply(s, 1)
    assert game.to_move(s) is None and game.legal_actions(s) == ()
    return s


def test_item39_a_flat_game_defining_the_old_hook_names_plays_through_them_and_warns_once() -> None:
    """A plugin's FlatGame written against API 1 (``compute_legal``, ``play``) still plays,
    through its own hooks, with one warning each when the class is made (at its line)."""
    used: list[str] = []
    with pytest.warns(DeprecationWarning) as caught:

        class OldCount(CountGame):
            def compute_legal(self, state: Count) -> Sequence[Action]:
                used.append("legal")
                return () if state.total >= 5 else (1, 2)

            def play(self, state: Count, action: Action) -> None:
                used.append("play")
                CountGame.rules_apply_legal(self, state, action)

    texts = [str(w.message) for w in caught]
    assert len(texts) == 2, texts
    assert "OldCount.compute_legal is deprecated" in texts[0]
    assert texts[0].endswith("use rules_legal_actions")
    assert "OldCount.play is deprecated" in texts[1] and texts[1].endswith("use rules_apply_legal")
    assert {w.filename for w in caught} == {__file__}
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # no warning while playing: once, at the class
        _play_out(OldCount())
    assert used.count("play") == 3 and used.count("legal") == 4


def test_item39_a_flat_calls_defining_the_old_hook_names_is_what_the_game_plays_through() -> None:
    """A plugin's FlatCalls written against API 1 is called by the host and the search
    alike, with one warning each when the class is made."""
    used: list[str] = []
    with pytest.warns(DeprecationWarning) as caught:

        class OldCalls(FlatCalls):
            def compute_legal(self, state: Count) -> Sequence[Action]:
                used.append("legal")
                return () if state.total >= 5 else (1, 2)

            def play(self, state: Count, action: Action) -> None:
                used.append("play")
                state.total += action
                state.turn = (state.turn + 1) % state.n

    texts = [str(w.message) for w in caught]
    assert ["OldCalls.compute_legal" in texts[0], "OldCalls.play" in texts[1]] == [True, True]

    class CallsCount(CountGame):
        calls_type = OldCalls

    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert _play_out(CallsCount()).total == 5
    assert used.count("play") == 3 and used.count("legal") == 4


def test_item39_calling_the_old_hook_names_on_a_flat_game_works_and_warns() -> None:
    game = CountGame()
    s = game.new_state(2, {}, 0)
    old_legal = r"FlatGame\.compute_legal is deprecated .*: use FlatGame\.rules_legal_actions$"
    with pytest.warns(DeprecationWarning, match=old_legal):
        assert tuple(game.compute_legal(s)) == (1, 2)
    old_apply = r"FlatGame\.play is deprecated .*: use FlatGame\.rules_apply_legal$"
    with pytest.warns(DeprecationWarning, match=old_apply):
        game.play(s, 2)
    assert s.total == 2 and s.turn == 1


def test_item39_an_old_hook_name_beside_the_new_one_warns_that_it_is_never_called() -> None:
    with pytest.warns(DeprecationWarning, match=r"Both\.play \(never called: .*rules_apply_legal"):

        class Both(CountGame):
            def rules_apply_legal(self, state: Count, action: Action) -> None:
                CountGame.rules_apply_legal(self, state, action)

            def play(self, state: Count, action: Action) -> None:
                raise AssertionError("the engine calls rules_apply_legal")

    assert _play_out(Both()).total == 5


def test_item39_a_method_named_play_on_a_game_that_is_not_flat_is_its_own() -> None:
    """Only the FlatGame and FlatCalls hooks had the old names: any other game's ``play``
    is left alone, with no warning."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")

        class Plain(Game):
            def play(self, state: Any, action: Action) -> None:
                """A helper of this game's own."""

    assert not hasattr(Plain, "rules_apply_legal")
