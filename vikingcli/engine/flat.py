"""Flat game states and the game template built on them.

Search clones a state once per iteration and applies actions to it in place
millions of times, so a state is a ``__slots__`` object of ints, tuples and small
lists, with static component data shared and never copied. What every game would
otherwise write by hand lives here once:

* :class:`FlatState` declares each field's *kind* (how deep a copy it needs) and
  gets ``clone`` generated from that (straight-line code, as fast as a hand-written
  copy) unless the class writes its own, and ``to_json`` / ``from_json`` from the
  same declaration.
* :class:`FlatGame` is the apply template of :class:`vikingcli.engine.Game`: legal
  actions computed once per position and cached on the state, ``apply`` checks an
  action against that set and then hands it to the game's trusted ``play``.

A game that needs neither may implement :class:`~vikingcli.engine.Game` directly; a
game whose every member is one of its modules' functions declares them once instead
(:class:`~vikingcli.engine.BoundGame`, module ``binding``).

This is one of the two host modules the compiled build compiles (``setup.py``; the
other is ``draws``): a game whose state class is compiled too (a mypyc *native*
class, its fields read and written at fixed offsets instead of by name) needs a
native base class. Both classes here still
allow interpreted subclasses (toy games, third-party plugins, the pure build), and
the module runs unchanged as plain Python.
"""

from __future__ import annotations

import random
from abc import abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, Self, TypeVar

from vikingcli.engine.codec import ActionCodec
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

    A subclass lists its fields in ``__slots__`` and puts every one of them into
    exactly one kind (checked when the class is created, so a new field cannot be
    forgotten by ``clone`` or by saves):

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

    ``to_json`` saves every field but the caches, copying lists so the snapshot
    shares nothing with the state; ``from_json`` reverses it. A game whose fields
    need another JSON form (tuples inside lists, an object built from data)
    overrides both (``to_json`` calling ``super()``). ``from_json`` sets each field
    once, so a compiled class, which checks every field's type when it is set, gets
    the field's final form in ``data`` (convert, then call :func:`load_fields`).

    ``SAVED_AS`` maps a field renamed after saves were made to the key it has in a
    snapshot: ``to_json`` writes the field under that key and :func:`load_fields`
    reads it from there. Why: a save replays its actions and compares ``to_json`` of
    the result with the snapshot it stores, and an observation is built from
    ``to_json``, so a rename in the code must change neither. An override that
    converts a renamed field finds it, and hands it back, under the saved key. Only
    the snapshot reads the mapping: ``clone`` and the rules never do.

    ``clone`` is generated from the kinds when the class is created, unless the class
    defines its own: a compiled (native) class must, as nothing can be assigned to it
    once it exists. A hand-written ``clone`` copies every field as deep as its kind
    says; :func:`vikingcli.engine.testing.check_flat_clone` (run by the conformance suite on
    every state it visits) checks that it does.
    """

    __slots__ = ("legal_cache",)

    legal_cache: tuple[Action, ...] | None
    """The legal actions of this position, once computed (see :class:`FlatGame`)."""

    VALUES: ClassVar[tuple[str, ...]] = ()
    LISTS: ClassVar[tuple[str, ...]] = ()
    GRIDS: ClassVar[tuple[str, ...]] = ()
    CUBES: ClassVar[tuple[str, ...]] = ()
    CACHES: ClassVar[tuple[str, ...]] = ()
    SAVED_AS: ClassVar[Mapping[str, str]] = {}
    """Field name -> its key in a snapshot, for fields renamed after saves were made
    (the rest are saved under their own name)."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        kinds = (cls.VALUES, cls.LISTS, cls.GRIDS, cls.CUBES, cls.CACHES)
        declared = [name for kind in kinds for name in kind]
        fields = set(_fields(cls)) - {"legal_cache"}
        missing = sorted(fields - set(declared))
        unknown = sorted(set(declared) - fields)
        twice = sorted({n for n in declared if declared.count(n) > 1})
        if missing or unknown or twice:
            raise TypeError(
                f"{cls.__name__}: every slot needs exactly one kind"
                f" (no kind: {missing}, not a slot: {unknown}, two kinds: {twice})"
            )
        if "clone" not in vars(cls):
            try:
                cls.clone = _clone_function(cls)  # type: ignore[method-assign]
            except TypeError:
                raise TypeError(
                    f"{cls.__name__} is a compiled class: it must define its own clone"
                ) from None

    def clone(self) -> Self:
        """An independent copy (generated for each subclass from its field kinds,
        unless the subclass writes it out)."""
        raise TypeError("FlatState itself has no fields; clone a subclass")

    def to_json(self) -> dict[str, Any]:
        """A JSON-ready snapshot of every field but the caches, each under its saved
        key (:attr:`SAVED_AS`)."""
        d: dict[str, Any] = {}
        for name in self.VALUES:
            d[name] = getattr(self, name)
        for name in self.LISTS:
            d[name] = list(getattr(self, name))
        for name in self.GRIDS:
            d[name] = [list(row) for row in getattr(self, name)]
        for name in self.CUBES:
            d[name] = [[list(row) for row in plane] for plane in getattr(self, name)]
        saved = self.SAVED_AS
        if saved:  # renamed in place: the snapshot keeps its key order
            d = {saved.get(name, name): value for name, value in d.items()}
        return d

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Any:
        """The state of a snapshot made by :meth:`to_json` (caches empty)."""
        return load_fields(cls, data)

    def clear_caches(self) -> None:
        """Empty every cache (``from_json`` calls it): each one ``None``. A class whose
        cache is typed otherwise (a compiled class checks the type) overrides it."""
        for name in self.CACHES:
            setattr(self, name, None)
        self.legal_cache = None


def load_fields(cls: type[S], data: Mapping[str, Any]) -> S:
    """A ``cls`` with every declared field set from ``data`` (caches empty): the work of
    :meth:`FlatState.from_json`, which a subclass's ``from_json`` calls after converting
    ``data``, each field under its saved key (:attr:`FlatState.SAVED_AS`). Called by
    name, not as ``super().from_json``: mypyc compiles ``super()`` in a classmethod of a
    native class with the metaclass in place of ``cls``."""
    klass: Any = cls  # not cls.__new__ typed: mypyc would compile it as type.__new__
    s = klass.__new__(klass)
    saved = cls.SAVED_AS
    for name in cls.VALUES:
        setattr(s, name, data[saved.get(name, name)])
    for name in cls.LISTS:
        setattr(s, name, list(data[saved.get(name, name)]))
    for name in cls.GRIDS:
        setattr(s, name, [list(row) for row in data[saved.get(name, name)]])
    for name in cls.CUBES:
        setattr(s, name, [[list(row) for row in plane] for plane in data[saved.get(name, name)]])
    s.clear_caches()
    return s


def _fields(cls: type) -> list[str]:
    """The instance fields of ``cls`` and its bases: their ``__slots__``, or, for a
    class compiled by mypyc (which keeps no ``__slots__``), the attributes it lists
    in ``__mypyc_attrs__``."""
    names: list[str] = []
    for klass in cls.__mro__:
        own = vars(klass)
        names += own.get("__slots__", ()) or own.get("__mypyc_attrs__", ())
    return names


def _clone_function(cls: type[FlatState]) -> Any:
    """Straight-line copy code for ``cls``, compiled once (as dataclasses do)."""
    lines = ["def clone(self):", "    c = new(cls)", "    c.legal_cache = self.legal_cache"]
    lines += [f"    c.{n} = self.{n}" for n in cls.VALUES]
    lines += [f"    c.{n} = self.{n}[:]" for n in cls.LISTS]
    lines += [f"    c.{n} = [x[:] for x in self.{n}]" for n in cls.GRIDS]
    lines += [f"    c.{n} = [[y[:] for y in x] for x in self.{n}]" for n in cls.CUBES]
    for n in cls.CACHES:
        lines += [f"    v = self.{n}", f"    c.{n} = v[:] if v.__class__ is list else v"]
    lines.append("    return c")
    # cls.__new__, not object.__new__: the base class may be a compiled one
    namespace: dict[str, Any] = {"new": cls.__new__, "cls": cls}
    exec("\n".join(lines), namespace)
    fn = namespace["clone"]
    fn.__qualname__ = f"{cls.__qualname__}.clone"
    fn.__doc__ = FlatState.clone.__doc__
    return fn


@mypyc_attr(allow_interpreted_subclasses=True)
class FlatGame(Game):
    """The apply template: the engine contract over a :class:`FlatState`.

    A game implements :meth:`compute_legal` (the legal actions of the seat to
    move, empty once the game is over) and :meth:`play` (apply one *legal* action
    in place, with no checks), and sets :attr:`state_type`. ``legal_actions``,
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
    def compute_legal(self, state: Any) -> Sequence[Action]:
        """The legal actions of the seat to move, in a deterministic order;
        empty when the game is over. Called once per position."""

    @abstractmethod
    def play(self, state: Any, action: Action) -> None:
        """Apply ``action``, known to be legal, to ``state`` in place."""

    def legal_actions(self, state: Any) -> tuple[Action, ...]:
        """The legal actions (:meth:`compute_legal`'s), computed once per position
        and kept in the state's ``legal_cache`` until the next move."""
        # Typed here (the engine's signature says Any): the compiled build then reads
        # and writes the cache at its fixed offset instead of by name.
        s: FlatState = state
        legal = s.legal_cache
        if legal is None:
            # The rules through the calls object where there is one (FlatCalls.legal
            # written out: no extra call per position in the pure build).
            fast = self.fast
            rules = self.compute_legal(state) if fast is None else fast.compute_legal(state)
            legal = s.legal_cache = tuple(rules)
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
        fast.play(state, action)
        return state

    def apply_legal(self, state: Any, action: Action) -> Any:
        """Play ``action``, known to be legal, in place with no check (:meth:`play`,
        the legal-action cache dropped); returns ``state``."""
        s: FlatState = state  # as in legal_actions
        s.legal_cache = None
        fast = self.fast
        if fast is None:
            self.play(state, action)
        else:
            fast.play(state, action)
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


@mypyc_attr(allow_interpreted_subclasses=True)
class SearchCalls:
    """The calls a search makes on every ply and every iteration, on one object.

    Why: in the compiled build a game class is not a native class (it derives from
    the interpreted :class:`~vikingcli.engine.Game`), so every ``game.legal_actions``
    is a method look-up and a call through Python's calling convention, four of
    them per ply (a tenth of a compiled search). This class is native: the search
    calls its methods through a table, and a game's :class:`FlatCalls` calls its
    rules functions directly. This base class just forwards to the game, for every
    game without one (toy games, third-party plugins).
    """

    def __init__(self, game: Game) -> None:
        self.game = game

    def to_move(self, state: Any) -> int | None:
        """The seat to move, ``None`` once the game is over (``Game.to_move``)."""
        return self.game.to_move(state)

    def legal(self, state: Any) -> Sequence[Action]:
        """The legal actions of the seat to move (``Game.legal_actions``)."""
        return self.game.legal_actions(state)

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
    call its own rules in ``to_move``, ``compute_legal``, ``play``, ``determinize``
    and ``evaluate_all``; the game's ``legal_actions`` and ``apply`` then go through
    it too, and the conformance suite checks that the search plays as the host does
    (``vikingcli.engine.testing.check_search_calls``). A game bound from its modules
    (:class:`~vikingcli.engine.BoundGame`) needs none: :class:`BoundCalls` is made
    from its binding."""

    def legal(self, state: Any) -> tuple[Action, ...]:
        """The legal actions, kept in the state's ``legal_cache`` as
        :meth:`FlatGame.legal_actions` keeps them."""
        s: FlatState = state  # the cache at its fixed offset, as in FlatGame
        legal = s.legal_cache
        if legal is None:
            legal = s.legal_cache = tuple(self.compute_legal(state))
        return legal

    def apply_legal(self, state: Any, action: Action) -> None:
        """Play ``action``, known to be legal, in place (:meth:`play`), the
        legal-action cache dropped."""
        s: FlatState = state
        s.legal_cache = None
        self.play(state, action)

    def compute_legal(self, state: Any) -> Sequence[Action]:
        """The game's rules for the legal actions (:meth:`FlatGame.compute_legal`); a
        game's subclass calls its rules function here directly."""
        game: Any = self.game
        return game.compute_legal(state)

    def play(self, state: Any, action: Action) -> None:
        """The game's rules for playing a legal action in place (:meth:`FlatGame.play`);
        a game's subclass calls its rules function here directly."""
        game: Any = self.game
        game.play(state, action)


class BoundCalls(FlatCalls):
    """The search calls of a game bound from its modules' functions
    (:class:`vikingcli.engine.binding.BoundGame`): each call goes straight to the
    function the game's binding names, the very function the game's own
    ``legal_actions`` and ``apply`` reach, so the host and the search play one set of
    rules. The functions are handed over once, when the game object is made.

    Why a method per call here and not the functions themselves: the search calls
    this native class through its vtable, and each method calls its function with
    one vectorcall (a compiled rules function needs no argument boxing beyond that).
    """

    def __init__(
        self,
        game: Game,
        to_move: Callable[[Any], int | None],
        legal: Callable[[Any], Sequence[Action]],
        play: Callable[[Any, Any], None],
        determinize: Callable[[Any, int, random.Random], Any],
        evaluate_all: Callable[[Any, Mapping[str, float]], list[float]],
    ) -> None:
        super().__init__(game)
        self.rules_to_move = to_move
        self.rules_legal_actions = legal
        self.rules_apply_legal = play
        self.rules_determinize = determinize
        self.rules_evaluate_all = evaluate_all
        self.weights: Mapping[str, float] = game.weights

    def to_move(self, state: Any) -> int | None:
        return self.rules_to_move(state)

    def legal(self, state: Any) -> tuple[Action, ...]:
        s: FlatState = state  # the cache at its fixed offset, as in FlatGame
        legal = s.legal_cache
        if legal is None:
            legal = s.legal_cache = tuple(self.rules_legal_actions(state))
        return legal

    def apply_legal(self, state: Any, action: Action) -> None:
        s: FlatState = state
        s.legal_cache = None
        self.rules_apply_legal(state, action)

    def compute_legal(self, state: Any) -> Sequence[Action]:
        return self.rules_legal_actions(state)

    def play(self, state: Any, action: Action) -> None:
        self.rules_apply_legal(state, action)

    def determinize(self, state: Any, seat: int, rng: random.Random) -> Any:
        return self.rules_determinize(state, seat, rng)

    def evaluate_all(self, state: Any) -> list[float]:
        return self.rules_evaluate_all(state, self.weights)


@mypyc_attr(allow_interpreted_subclasses=True)
class BoundGame(FlatGame):
    """A :class:`~vikingcli.engine.FlatGame` whose every member is the function its
    :attr:`binding` names (:mod:`vikingcli.engine.binding`; the class sets the
    identity attributes and the binding,
    and writes no method that only passes its arguments on).

    The members below are the engine's side of the binding, written once for every
    game: each calls the bound function, adding what the game object holds (its
    options' defaults, its weights) or falling back to :class:`Game`'s default where
    the binding leaves a field ``None``."""

    binding: ClassVar[Binding]
    """The game's functions, one per member of the contract."""

    def __init__(self) -> None:
        # FlatGame.__init__ would make calls from calls_type; the binding makes them
        self.fast = self._bound_calls()

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
        return self.binding.to_move(state)

    def compute_legal(self, state: Any) -> Sequence[Action]:
        return self.binding.legal_actions(state)

    def play(self, state: Any, action: Action) -> None:
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
