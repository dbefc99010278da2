"""Flat game states and the game template built on them.

Search clones a state once per iteration and applies actions to it in place millions of times,
so a state is a ``__slots__`` object of ints, tuples and small lists, with static component data
shared and never copied. What every game would otherwise write by hand lives here once:

* :class:`FlatState` declares each field's *kind* (how deep a copy it needs) and
  gets ``clone`` generated from that (straight-line code, as fast as a hand-written
  copy) unless the class writes its own, and ``to_json`` / ``from_json`` from the
  same declaration.
* :class:`FlatGame` is the apply template of :class:`vikingcli.engine.Game`: legal
  actions computed once per position and cached on the state, ``apply`` checks an
  action against that set and then hands it to the game's trusted ``rules_apply_legal``.

A game that needs neither may implement :class:`~vikingcli.engine.Game` directly; a
game whose every member is one of its modules' functions declares them once instead
(:class:`~vikingcli.engine.BoundGame`, module ``binding``).

This is one of the two host modules the compiled build compiles (``setup.py``; the other is
``draws``): a game whose state class is compiled too (a mypyc *native* class, its fields read
and written at fixed offsets instead of by name) needs a native base class. Both classes here
still allow interpreted subclasses (toy games, third-party plugins, the pure build), and the
module runs unchanged as plain Python.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Self, TypeVar

from vikingcli.engine.codec import ActionCodec
from vikingcli.engine.compat import adopt_old_hooks, deprecated
from vikingcli.engine.fields import check_kinds, give_clone, list_levels, listed, tupled
from vikingcli.engine.game import Action, Game, IllegalAction, Outcome

if TYPE_CHECKING:
    from vikingcli.engine.binding import Binding

try:
    from mypy_extensions import mypyc_attr
except ImportError:  # only mypyc reads the decorator; plain Python needs no package for it

    def mypyc_attr(*attrs: str, **kwattrs: object) -> Any:  # type: ignore[misc]
        return lambda cls: cls


S = TypeVar("S", bound="FlatState")


@mypyc_attr(allow_interpreted_subclasses=True)
class FlatState:
    """Base class of a game's flat state.

    A subclass lists its fields in ``__slots__`` and puts every one of them into exactly one
    kind (checked when the class is created, so a new field cannot be forgotten by ``clone`` or
    by saves):

    ``VALUES``
        immutable values (ints, bools, strings, tuples, ``None``, shared static
        objects), or lists that are never changed in place after setup: copied by
        reference.
    ``LISTS``
        lists of values: copied one level deep.
    ``GRIDS``
        lists of lists of values: copied two levels deep.
    ``CUBES``
        lists of lists of lists: copied three levels deep.
    ``CACHES``
        derived data that is valid for an equal state (the legal actions, search
        helpers): not saved; a clone gets a list cache copied one level, anything
        else by reference; ``from_json`` leaves it ``None``.

    ``TUPLES`` names the fields that hold tuples below the lists their kind copies (a list of
    tuples, a tuple of tuples as a value): JSON has no tuples, so ``to_json`` writes them as
    lists and :func:`load_fields` makes them tuples again.

    ``to_json`` saves every field but the caches, copying lists so the snapshot shares nothing
    with the state; ``from_json`` reverses it. A game whose fields need another JSON form (an
    object built from data, a sparse list) overrides both (``to_json`` calling ``super()``,
    ``from_json`` calling :meth:`upgrade` and then :func:`load_fields`). ``from_json`` sets each
    field once, so a compiled class, which checks every field's type when it is set, gets the
    field's final form in ``data`` (convert, then call :func:`load_fields`).

    ``RENAMED`` maps the key a snapshot of an older version of the game holds to the field it
    is now (``{"cur": "actor"}``): :meth:`upgrade` renames those keys in place, and
    :meth:`from_json` and a save's check (``Game.upgrade_snapshot``) read an older snapshot
    through it. ``to_json`` writes every field under its own name; ``clone`` and the rules
    never read the mapping.

    ``clone`` is generated from the kinds when the class is created, unless the class defines
    its own: a compiled (native) class must, as nothing can be assigned to it once it exists. It
    then writes out the text :func:`~vikingcli.engine.fields.clone_source` generates from the
    same kinds (the built-in games do, and their tests keep the two equal); any ``clone`` of its
    own must copy every field as deep as its kind says:
    :func:`vikingcli.engine.testing.check_flat_clone` (run by the conformance suite on every
    state it visits) checks that it does.

    The kinds are the one list of the fields: ``__slots__`` is made of them (``__slots__ =
    (*VALUES, *LISTS, ...)``), and each field's type annotation must name a declared field
    (checked when the class is created, where the annotations are kept: not in a compiled
    class).
    """

    __slots__ = ("legal_cache",)

    legal_cache: tuple[Action, ...] | None
    """The legal actions of this position, once computed (see :class:`FlatGame`)."""

    VALUES: ClassVar[tuple[str, ...]] = ()
    LISTS: ClassVar[tuple[str, ...]] = ()
    GRIDS: ClassVar[tuple[str, ...]] = ()
    CUBES: ClassVar[tuple[str, ...]] = ()
    CACHES: ClassVar[tuple[str, ...]] = ()
    TUPLES: ClassVar[tuple[str, ...]] = ()
    """Fields holding tuples below their kind's lists: saved as lists, loaded as tuples."""
    SUMMARY: ClassVar[tuple[str, ...]] = ()
    """The fields ``repr`` shows: where the game stands (round, phase, actor, points)."""
    PHASES: ClassVar[tuple[str, ...]] = ()
    """The names of the phases, by number: ``repr`` shows a ``phase`` field so."""
    RENAMED: ClassVar[Mapping[str, str]] = {}
    """A snapshot key an older version of the game wrote -> the field it is now."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        check_kinds(cls)
        give_clone(cls)

    def __repr__(self) -> str:
        """``<wikinger State: round 3, phase take, actor 1, vp [10, 12, 9]>``: the
        :attr:`SUMMARY` fields, the phase by its name."""
        kind = type(self)
        parts = []
        for name in self.SUMMARY:
            value = getattr(self, name, None)
            if name == "phase" and isinstance(value, int) and 0 <= value < len(self.PHASES):
                value = self.PHASES[value]
            parts.append(f"{name} {value}")
        module: str = getattr(kind, "__module__", "")  # (mypyc: not through the class)
        game = module.split(".")[0].removeprefix("vikingcli_")
        return f"<{game} {kind.__name__}: {', '.join(parts)}>" if parts else object.__repr__(self)

    def clone(self) -> Self:
        """An independent copy (generated for each subclass from its field kinds,
        unless the subclass writes it out)."""
        raise TypeError("FlatState itself has no fields; clone a subclass")

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready snapshot of every field but the caches, each under its name."""
        d: dict[str, Any] = {}
        for name in self.VALUES:  # a list value, shared by clones, is copied here
            value = getattr(self, name)
            d[name] = list(value) if value.__class__ is list else value
        for name in self.LISTS:
            d[name] = list(getattr(self, name))
        for name in self.GRIDS:
            d[name] = [list(row) for row in getattr(self, name)]
        for name in self.CUBES:
            d[name] = [[list(row) for row in plane] for plane in getattr(self, name)]
        for name in self.TUPLES:
            d[name] = listed(d[name])
        return d

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Any:
        """The state of a snapshot made by :meth:`to_json`, of this version or an older
        one (:meth:`upgrade`; caches empty)."""
        return load_fields(cls, cls.upgrade(data))

    @classmethod
    def upgrade(cls, data: Mapping[str, Any]) -> dict[str, Any]:
        """A snapshot of an older version with its keys renamed to today's fields
        (:attr:`RENAMED`), in their places; a snapshot of today's as it is."""
        renamed = cls.RENAMED
        if not any(old in data for old in renamed):
            return dict(data)
        return {renamed.get(key, key): value for key, value in data.items()}

    def clear_caches(self) -> None:
        """Empty every cache (``from_json`` calls it): each one ``None``. A class whose
        cache is typed otherwise (a compiled class checks the type) overrides it."""
        for name in self.CACHES:
            setattr(self, name, None)
        self.legal_cache = None


def load_fields(cls: type[S], data: Mapping[str, Any]) -> S:
    """A ``cls`` with every declared field set from ``data`` (caches empty): the work of
    :meth:`FlatState.from_json`, which a subclass's ``from_json`` calls after upgrading
    (:meth:`FlatState.upgrade`) and converting ``data``. Called by name, not as
    ``super().from_json``: mypyc compiles ``super()`` in a classmethod of a native class
    with the metaclass in place of ``cls``."""
    klass: Any = cls  # not cls.__new__ typed: mypyc would compile it as type.__new__
    s = klass.__new__(klass)
    for name in cls.VALUES:
        value = data[name]
        setattr(s, name, list(value) if value.__class__ is list else value)
    for name in cls.LISTS:
        setattr(s, name, list(data[name]))
    for name in cls.GRIDS:
        setattr(s, name, [list(row) for row in data[name]])
    for name in cls.CUBES:
        setattr(s, name, [[list(row) for row in plane] for plane in data[name]])
    for name in cls.TUPLES:
        setattr(s, name, tupled(data[name], list_levels(cls, name)))
    s.clear_caches()
    return s


@mypyc_attr(allow_interpreted_subclasses=True)
class FlatGame(Game):
    """The apply template: the engine contract over a :class:`FlatState`.

    A game implements :meth:`rules_legal_actions` (the legal actions of the seat to
    move, empty once the game is over) and :meth:`rules_apply_legal` (apply one *legal*
    action in place, with no checks), and sets :attr:`state_type`. ``legal_actions``,
    ``apply``, ``apply_legal``, ``clone``, ``to_json`` and ``from_json`` follow.
    """

    state_type: ClassVar[type[FlatState]]
    """The game's state class (used by :meth:`from_json`)."""
    calls_type: ClassVar[type[FlatCalls] | None] = None
    """The game's :class:`FlatCalls` (``None``: none). A game that sets it keeps
    ``legal_actions``, ``apply`` and ``apply_legal`` as they are here: they then go
    through that object, and so does a search (:func:`search_calls`)."""
    fast: FlatCalls | None = None
    """The game's :class:`FlatCalls` object, made once per game object."""

    def __init__(self) -> None:
        # Made once here, not per call: the object is what every ply goes through.
        self.fast = None if self.calls_type is None else self.calls_type(self)

    @abstractmethod
    def rules_legal_actions(self, state: Any) -> Sequence[Action]:
        """The rules' legal actions of the seat to move (uncached), in a deterministic
        order; empty when the game is over. Called once per position."""

    @abstractmethod
    def rules_apply_legal(self, state: Any, action: Action) -> None:
        """The rules' apply of ``action``, known to be legal, to ``state`` in place, no check."""

    def compute_legal(self, state: Any) -> Sequence[Action]:
        """Deprecated spelling of :meth:`rules_legal_actions` (goes in the next release)."""
        deprecated("FlatGame.compute_legal", "FlatGame.rules_legal_actions")
        return self.rules_legal_actions(state)

    def play(self, state: Any, action: Action) -> None:
        """Deprecated spelling of :meth:`rules_apply_legal` (goes in the next release)."""
        deprecated("FlatGame.play", "FlatGame.rules_apply_legal")
        self.rules_apply_legal(state, action)

    def legal_actions(self, state: Any) -> tuple[Action, ...]:
        """The legal actions (:meth:`rules_legal_actions`'), computed once per position
        and kept in the state's ``legal_cache`` until the next move."""
        # Typed here (the engine's signature says Any): the compiled build then reads
        # and writes the cache at its fixed offset instead of by name.
        s: FlatState = state
        legal = s.legal_cache
        if legal is None:
            # Through the calls object if any, FlatCalls.legal_actions written out (a call less)
            fast = self.fast
            if fast is None:
                legal = s.legal_cache = tuple(self.rules_legal_actions(state))
            else:
                legal = s.legal_cache = tuple(fast.rules_legal_actions(state))
        return legal

    def apply(self, state: Any, action: Action) -> Any:
        """Play ``action`` in place if it is legal, else raise ``IllegalAction`` with
        :meth:`why_not`'s reason; returns ``state``."""
        # With the calls object, legal_actions and apply_legal written out: in the
        # compiled build calls on this class (not native) cost more than the work.
        fast = self.fast
        s: FlatState = state
        legal = s.legal_cache if fast is not None else None
        if legal is None:
            legal = self.legal_actions(state)
        try:
            ok = action in legal
        except TypeError:  # an object whose == refuses to compare with actions
            ok = False
        if not ok:
            raise IllegalAction(self.why_not(state, action))
        if fast is None:
            return self.apply_legal(state, action)
        s.legal_cache = None
        fast.rules_apply_legal(state, action)
        return state

    def apply_legal(self, state: Any, action: Action) -> Any:
        """Play ``action``, known to be legal, in place with no check (:meth:`rules_apply_legal`,
        the legal-action cache dropped); returns ``state``."""
        s: FlatState = state  # as in legal_actions
        s.legal_cache = None
        fast = self.fast
        if fast is None:
            self.rules_apply_legal(state, action)
        else:
            fast.rules_apply_legal(state, action)
        return state

    def _rebuilt(self) -> Game:
        # A copy's search calls must call the copy (its weights), not the original.
        self.fast = None if self.calls_type is None else self.calls_type(self)
        return self

    def why_not(self, state: Any, action: Action) -> str:
        """Why ``action`` is not legal in ``state`` (the text of the ``IllegalAction``)."""
        if self.to_move(state) is None:
            return "the game is over"
        return f"{action!r} is not a legal action now"

    def clone(self, state: Any) -> Any:
        """An independent copy of ``state`` (:meth:`FlatState.clone`)."""
        return state.clone()

    def to_json(self, state: Any) -> dict[str, Any]:
        """``state`` as JSON-ready data (:meth:`FlatState.to_json`)."""
        return state.to_json()

    def from_json(self, data: Mapping[str, Any]) -> Any:
        """The :attr:`state_type` state that :meth:`to_json` wrote as ``data``."""
        return self.state_type.from_json(data)

    def upgrade_snapshot(self, snapshot: Mapping[str, Any], version: str) -> dict[str, Any]:
        """A snapshot of rules version ``version`` with the keys renamed since
        (:meth:`FlatState.upgrade`); one of this version as it is."""
        if version == self.version:
            return dict(snapshot)
        return self.state_type.upgrade(snapshot)


@mypyc_attr(allow_interpreted_subclasses=True)
class SearchCalls:
    """The calls a search makes on every ply and every iteration, on one object.

    Why: in the compiled build a game class is not a native class (it derives from the
    interpreted :class:`~vikingcli.engine.Game`), so every ``game.legal_actions`` is a method
    look-up and a call through Python's calling convention, four of them per ply (a tenth of a
    compiled search). This class is native: the search calls its methods through a table, and a
    game's :class:`FlatCalls` calls its rules functions directly. This base class just forwards
    to the game, for every game without one (toy games, third-party plugins).
    """

    def __init__(self, game: Game) -> None:
        self.game = game

    def to_move(self, state: Any) -> int | None:
        """The seat to move, ``None`` once the game is over (``Game.to_move``)."""
        return self.game.to_move(state)

    def legal_actions(self, state: Any) -> Sequence[Action]:
        """The legal actions of the seat to move (``Game.legal_actions``)."""
        return self.game.legal_actions(state)

    def legal(self, state: Any) -> Sequence[Action]:
        """Deprecated spelling of :meth:`legal_actions` (goes in the next release)."""
        deprecated("SearchCalls.legal", "SearchCalls.legal_actions")
        return self.legal_actions(state)

    def apply_legal(self, state: Any, action: Action) -> None:
        """Play ``action``, known to be legal, in place (``Game.apply_legal``)."""
        self.game.apply_legal(state, action)

    def determinize(self, state: Any, seat: int, rng: random.Random) -> Any:
        """A state ``seat`` cannot tell from ``state``, its hidden parts drawn with
        ``rng`` (``Game.determinize``)."""
        return self.game.determinize(state, seat, rng)

    def evaluate_all(self, state: Any) -> list[float]:
        """Every seat's value of ``state`` (``Game.evaluate_all``)."""
        return self.game.evaluate_all(state)


class FlatCalls(SearchCalls):
    """The search calls of a :class:`FlatGame`, with the legal-action cache kept as
    :class:`FlatGame` keeps it. A game may subclass it (``FlatGame.calls_type``) to
    call its own rules in ``to_move``, ``rules_legal_actions``, ``rules_apply_legal``,
    ``determinize`` and ``evaluate_all``; the game's ``legal_actions`` and ``apply`` then
    go through it too, and the conformance suite checks that the search plays as the
    host does (``vikingcli.engine.testing.check_search_calls``). A game bound from its
    modules (:class:`~vikingcli.engine.BoundGame`) needs none: :class:`BoundCalls` is
    made from its binding."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        adopt_old_hooks(cls)  # API 1's compute_legal / play still work, with a warning

    def legal_actions(self, state: Any) -> tuple[Action, ...]:
        """The legal actions, kept in the state's ``legal_cache`` as
        :meth:`FlatGame.legal_actions` keeps them."""
        s: FlatState = state  # the cache at its fixed offset, as in FlatGame
        legal = s.legal_cache
        if legal is None:
            legal = s.legal_cache = tuple(self.rules_legal_actions(state))
        return legal

    def apply_legal(self, state: Any, action: Action) -> None:
        """Play ``action``, known to be legal, in place (:meth:`rules_apply_legal`), the
        legal-action cache dropped."""
        s: FlatState = state
        s.legal_cache = None
        self.rules_apply_legal(state, action)

    def rules_legal_actions(self, state: Any) -> Sequence[Action]:
        """The rules' legal actions, uncached (:meth:`FlatGame.rules_legal_actions`); a
        game's subclass calls its rules function here directly."""
        game: Any = self.game
        return game.rules_legal_actions(state)

    def rules_apply_legal(self, state: Any, action: Action) -> None:
        """The rules' apply of a legal action in place (:meth:`FlatGame.rules_apply_legal`);
        a game's subclass calls its rules function here directly."""
        game: Any = self.game
        game.rules_apply_legal(state, action)


class BoundCalls(FlatCalls):
    """The search calls of a game bound from its modules' functions (:class:`BoundGame`):
    each call goes straight to the function the game's binding names, the very one the
    game's ``legal_actions`` and ``apply`` reach, so the host and the search play one
    set of rules. The functions are handed over once, when the game object is made.

    A method per call, not the functions themselves: the search calls this native
    class through its vtable, and each method calls its function with one vectorcall."""

    def __init__(
        self,
        game: Game,
        to_move: Callable[[Any], int | None],
        legal_actions: Callable[[Any], Sequence[Action]],
        apply_legal: Callable[[Any, Any], None],
        determinize: Callable[[Any, int, random.Random], Any],
        evaluate_all: Callable[[Any, Mapping[str, float]], list[float]],
    ) -> None:
        super().__init__(game)
        # bound_*, not rules_*: a native class's attribute may not share a method's name
        self.bound_to_move = to_move
        self.bound_legal_actions = legal_actions
        self.bound_apply_legal = apply_legal
        self.bound_determinize = determinize
        self.bound_evaluate_all = evaluate_all
        self.weights: Mapping[str, float] = game.weights

    def to_move(self, state: Any) -> int | None:
        return self.bound_to_move(state)

    def legal_actions(self, state: Any) -> tuple[Action, ...]:
        s: FlatState = state  # the cache at its fixed offset, as in FlatGame
        legal = s.legal_cache
        if legal is None:
            legal = s.legal_cache = tuple(self.bound_legal_actions(state))
        return legal

    def apply_legal(self, state: Any, action: Action) -> None:
        s: FlatState = state
        s.legal_cache = None
        self.bound_apply_legal(state, action)

    def rules_legal_actions(self, state: Any) -> Sequence[Action]:
        return self.bound_legal_actions(state)

    def rules_apply_legal(self, state: Any, action: Action) -> None:
        self.bound_apply_legal(state, action)

    def determinize(self, state: Any, seat: int, rng: random.Random) -> Any:
        return self.bound_determinize(state, seat, rng)

    def evaluate_all(self, state: Any) -> list[float]:
        return self.bound_evaluate_all(state, self.weights)


@mypyc_attr(allow_interpreted_subclasses=True)
class BoundGame(FlatGame):
    """A :class:`~vikingcli.engine.FlatGame` whose every member is the function its
    :attr:`binding` names (:mod:`vikingcli.engine.binding`; the class sets the
    identity attributes and the binding, and writes no method that only passes its arguments on).

    The members below are the engine's side of the binding, written once for every
    game: each calls the bound function, adding what the game object holds (its
    options' defaults, its weights) or falling back to :class:`Game`'s default where
    the binding leaves a field ``None``."""

    binding: ClassVar[Binding]
    """The game's functions, one per member of the contract."""

    bound_to_move: Callable[[Any], int | None]  # the binding's, read once: asked every ply

    def __init__(self) -> None:
        # FlatGame.__init__ would make calls from calls_type; the binding makes them
        self.fast, self.bound_to_move = self._bound_calls(), self.binding.to_move

    def _bound_calls(self) -> BoundCalls:
        b = self.binding
        return BoundCalls(
            self, b.to_move, b.legal_actions, b.apply_legal, b.determinize, b.evaluate_all
        )

    def _rebuilt(self) -> Game:
        # A copy's search calls must read the copy's weights, not the original's.
        self.fast = self._bound_calls()
        return self

    def new_state(self, n_players: int, options: Mapping[str, str], seed: int) -> Any:
        return self.binding.new_state(n_players, self.resolve_options(options), seed)

    def num_players(self, state: Any) -> int:
        return self.binding.num_players(state)

    def to_move(self, state: Any) -> int | None:
        return self.bound_to_move(state)

    def rules_legal_actions(self, state: Any) -> Sequence[Action]:
        return self.binding.legal_actions(state)

    def rules_apply_legal(self, state: Any, action: Action) -> None:
        self.binding.apply_legal(state, action)

    def why_not(self, state: Any, action: Action) -> str:
        why = self.binding.why_not
        return FlatGame.why_not(self, state, action) if why is None else why(state, action)

    def format_action(self, state: Any, action: Action) -> str:
        return self.binding.format_action(state, action)

    def parse_alias(self, state: Any, text: str, legal: Sequence[Action]) -> Action | None:
        alias = self.binding.parse_alias
        return None if alias is None else alias(state, text, legal)

    def refusal(self, state: Any, text: str) -> str | None:
        refusal = self.binding.refusal
        return None if refusal is None else refusal(state, text)

    def parse_moves(self, state: Any, text: str) -> Sequence[Action] | None:
        moves = self.binding.parse_moves
        return None if moves is None else moves(state, text)

    def narrate(self, before: Any, action: Action, after: Any, seat: int | None) -> list[str]:
        narrate = self.binding.narrate
        if narrate is None:
            return Game.narrate(self, before, action, after, seat)
        return narrate(before, action, after, seat)

    def view(self, state: Any, seat: int | None, text: str) -> str | None:
        view = self.binding.view
        return None if view is None else view(state, seat, text)

    def rules_text(self) -> str:
        return self.binding.rules_text

    def observation(self, state: Any, seat: int) -> dict[str, Any]:
        return self.binding.observation(state, seat)

    def observation_schema(self) -> Mapping[str, Any] | None:
        return self.binding.schema

    def action_codec(self, n_players: int, options: Mapping[str, str]) -> ActionCodec | None:
        return self.binding.codec

    def determinize(self, state: Any, seat: int, rng: random.Random) -> Any:
        return self.binding.determinize(state, seat, rng)

    def component_totals(self, state: Any) -> Mapping[str, int]:
        totals = self.binding.component_totals
        return {} if totals is None else totals(state)

    def legal_action_texts(self, state: Any) -> list[str]:
        texts = self.binding.legal_texts
        if texts is None:
            return Game.legal_action_texts(self, state)
        return texts(state, self.legal_actions(state))

    def settled_choice(self, state: Any) -> Action | None:
        settled = self.binding.settled_choice
        return None if settled is None else settled(state)

    def current_scores(self, state: Any) -> tuple[float, ...]:
        return self.binding.current_scores(state)

    def outcome(self, state: Any) -> Outcome:
        return self.binding.outcome(state)

    def evaluate(self, state: Any, seat: int) -> float:
        return self.binding.evaluate(state, seat, self.weights)

    def evaluate_all(self, state: Any) -> list[float]:
        return self.binding.evaluate_all(state, self.weights)

    def render(self, state: Any, seat: int | None) -> str | list[tuple[str, str]]:
        return self.binding.render(state, seat)


def search_calls(game: Game) -> SearchCalls:
    """The object a search calls ``game`` through: its :class:`FlatCalls` if it has
    one, else one that forwards every call to ``game``."""
    if isinstance(game, FlatGame) and game.fast is not None:
        return game.fast
    return SearchCalls(game)
