"""The engine interface every game plugin implements.

A :class:`Game` is a stateless rules object; a game *state* is a plain object owned
by the plugin (flat, cheap to copy: ints, tuples, small lists). The whole contract
is the members below; everything else in vikingcli (CLI, saves, AI players,
tournaments) is written once against it. OpenSpiel's Python games are the model.

Conventions shared by every game:

* Seats are numbered ``0 .. n_players-1``.
* An *action* is any hashable, immutable value (an ``int``, a ``str`` or a tuple of
  them). Search keys its tree on actions, so equal actions must compare equal.
* ``apply`` mutates the state **in place** and returns it. It validates first and
  raises :class:`IllegalAction` before touching anything, so a rejected action never
  leaves a half-applied state. Search clones once per iteration (``determinize`` or
  ``clone``) and then applies in place: that is what makes millions of applies cheap.
* All chance comes from data inside the state (decks shuffled at setup, a bag order,
  or a small integer RNG state), so ``apply`` is a pure function of state and action
  and a save replays exactly.
"""

from __future__ import annotations

import copy
import inspect
import math
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from vikingcli.engine.codec import ActionCodec
from vikingcli.engine.compat import adopt_old_hooks, adopt_old_knobs
from vikingcli.engine.search import SearchHints
from vikingcli.engine.text import did_you_mean, quoted

__all__ = [
    "Action", "Game", "IllegalAction", "Option", "Outcome", "State", "normalize_action_text",
    "ranks_from_keys",
]

Action = Hashable
"""A legal move: hashable and immutable (int, str or a tuple of them)."""

State = Any
"""A game state: a plain object owned by the game plugin."""


class IllegalAction(ValueError):
    """An action that is not legal in the given state, or a text that names none.

    The message is shown to people as is: say what was wrong and, where it helps,
    what would have been accepted.
    """


@dataclass(frozen=True, slots=True)
class Option:
    """One table option (mode, variant, headland lengths...).

    ``choices`` lists the accepted values when they are few; otherwise ``parse``
    turns the text into a value (raising ``ValueError`` with a readable reason) and
    ``examples`` lists values the conformance suite should play besides the default.
    """

    name: str
    default: str
    help: str = ""
    choices: tuple[str, ...] = ()
    parse: Callable[[str], str] | None = None
    examples: tuple[str, ...] = ()

    def validate(self, text: str) -> str:
        """Return the canonical text of the value, or raise ``ValueError``."""
        text = text.strip()
        if self.choices:
            if text not in self.choices:
                raise ValueError(
                    f"option {self.name}: unknown value {quoted(text, 40)}"
                    f"{did_you_mean(text, self.choices)}"
                    f" (accepted: {', '.join(self.choices)})"
                )
            return text
        if self.parse is not None:
            return self.parse(text)
        return text

    def test_values(self) -> tuple[str, ...]:
        """Every value worth playing in conformance tests."""
        values = self.choices or (self.default, *self.examples)
        return tuple(dict.fromkeys(values))


@dataclass(frozen=True, slots=True)
class Outcome:
    """The result of a finished game.

    ``scores`` are the final points per seat; ``ranks`` the places after tie-breaks
    (1 is best; seats still tied share a rank). ``end_reason`` says how the game
    ended (e.g. ``"rules"`` or ``"round limit"``); ``breakdown`` holds JSON-ready
    scoring detail (per scoring, per seat) for the UI and the JSON output.
    """

    scores: tuple[float, ...]
    ranks: tuple[int, ...]
    end_reason: str = "rules"
    breakdown: Mapping[str, Any] = field(default_factory=dict)
    sheet: tuple[tuple[str, tuple[Any, ...]], ...] = ()
    """The score sheet for people: ``(label, value per seat)`` rows in scoring
    order, ending with the total; the end screens show it as a table."""

    def winners(self) -> tuple[int, ...]:
        """The seats ranked first."""
        return tuple(i for i, r in enumerate(self.ranks) if r == 1)

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {
            "scores": list(self.scores),
            "ranks": list(self.ranks),
            "end_reason": self.end_reason,
            "breakdown": dict(self.breakdown),
        }


DIGITS_ONLY = "numbers are written with the digits 0-9"
"""Why an action text or look-up with other digits ('²', '①', '３') is refused."""


def normalize_action_text(text: str) -> str:
    """An action text as the default ``parse_action`` compares it: lower case,
    single spaces, no spaces at the ends."""
    return " ".join(text.lower().split())


def ranks_from_keys(keys: Sequence[Any]) -> tuple[int, ...]:
    """Competition ranks (1 best) from comparable keys, higher key = better place.

    Games build a key per seat (score, then tie-breaks) and call this, so ranking
    and tie handling are written once.
    """
    return tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)


class Game(ABC):
    """A game's rules: stateless, shared by every state and thread.

    Subclasses set the class attributes and implement the abstract methods.
    """

    name: str = ""
    """Plugin name used on the command line (``wikinger``)."""
    title: str = ""
    """Human title (``Wikinger``)."""
    version: str = "1"
    """Rules version; stored in saves so an engine change is detected."""
    min_players: int = 2
    max_players: int = 4
    default_players: int = 4
    """Table size for ``vikingcli run GAME`` / ``play GAME`` with no ``-p``."""
    options: tuple[Option, ...] = ()
    """The options a table may set, each with its default."""
    search_hints: SearchHints = SearchHints()
    """What a search player should know to search this game well (cut-off, chains
    of sub-decisions, the scale of ``evaluate``): one :class:`SearchHints`, the
    defaults where the game sets none."""
    perfect_information: bool = False
    """``True`` for a game that hides nothing from any seat: its ``determinize`` may
    return a plain copy. Otherwise the conformance suite checks that re-deals vary
    the hidden parts (a copy would let the AI see them)."""
    ranks_follow_scores: bool = False
    """``True`` where the final ranking is by score (ties broken any way): a higher
    final score never ranks worse, and the outcome's scores are the final
    :meth:`current_scores`. The conformance suite checks both."""
    weights: Mapping[str, float] = {}
    """The named weights of :meth:`evaluate` (the worth of a coin, of a figure still
    to ferry...) with the values this game object uses; empty (the default) for a
    game that offers none to tune. ``vikingcli tune`` tunes them by self-play, and
    the ``greedy`` and ``mcts`` players take tuned values from a file; both reach
    them through :meth:`with_weights` only."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A game class written against the previous plugin API still works: its
        loose search knobs are moved into ``search_hints`` with a warning, an
        attribute that looks like a knob the engine never reads warns, and a
        ``FlatGame``'s hooks under their old names are used, with a warning."""
        super().__init_subclass__(**kwargs)
        adopt_old_knobs(cls)
        adopt_old_hooks(cls, stacklevel=4)  # the class statement, beyond ABCMeta.__new__

    # -- identity helpers (not to be overridden) ---------------------------------

    def resolve_options(self, given: Mapping[str, str] | None = None) -> dict[str, str]:
        """Every option with its validated value; unknown names raise ``ValueError``."""
        given = dict(given or {})
        known = {o.name: o for o in self.options}
        for key in given:
            if key not in known:
                accepted = ", ".join(known) or "none"
                raise ValueError(
                    f"{self.name}: unknown option {quoted(key, 40)}{did_you_mean(key, known)}"
                    f" (accepted: {accepted})"
                )
        return {name: opt.validate(given.get(name, opt.default)) for name, opt in known.items()}

    # -- the contract --------------------------------------------------------------

    @abstractmethod
    def new_state(self, n_players: int, options: Mapping[str, str], seed: int) -> State:
        """A fresh game; deterministic in its arguments. ``options`` is complete
        (as returned by :meth:`resolve_options`)."""

    @abstractmethod
    def to_move(self, state: State) -> int | None:
        """The seat that must act now, or ``None`` when the game is over.

        Simultaneous choices are taken one seat at a time as hidden commitments
        and revealed together once every seat has committed."""

    @abstractmethod
    def legal_actions(self, state: State) -> Sequence[Action]:
        """Every legal action of the seat to move, in a deterministic order;
        never empty while the game is not over."""

    @abstractmethod
    def apply(self, state: State, action: Action) -> State:
        """Play ``action`` for the seat to move, in place; return the state.

        Raises :class:`IllegalAction` (state untouched) if it is not legal."""

    def parse_alias(self, state: State, text: str, legal: Sequence[Action]) -> Action | None:
        """The legal action that ``text`` (normalized: lower case, single spaces) names
        in another way than its canonical text (an abbreviation on the board, a
        shortcut), or ``None``. The default knows no aliases."""
        return None

    def parse_moves(self, state: State, text: str) -> Sequence[Action] | None:
        """Several moves of the seat to move that one line ``text`` (normalized) names,
        each legal after the one before (a whole payment, an offer and its split); a
        person's prompt plays them in a row. ``None`` (the default) where ``text``
        names one move or none: :meth:`parse_action` reads it. Raises
        :class:`IllegalAction` with the reason for such a line that cannot be played."""
        return None

    def refusal(self, state: State, text: str) -> str | None:
        """Why the move that ``text`` (normalized) names is not allowed now, for a
        person: the price and the coins they have, the occupied space, the missing
        goods. ``None`` when ``text`` names no move of this game at all (the
        default), so the person is shown the legal moves instead."""
        return None

    def apply_legal(self, state: State, action: Action) -> State:
        """Like :meth:`apply` for an action taken from ``legal_actions(state)`` of
        this very state, so the check may be skipped (search uses it). Anything
        that comes from outside (people, bots, saves) goes through ``apply``."""
        return self.apply(state, action)

    @abstractmethod
    def format_action(self, state: State, action: Action) -> str:
        """The one canonical short text of ``action`` in ``state`` (what people
        type, what saves and logs store)."""

    def parse_action(self, state: State, text: str) -> Action:
        """The legal action named by ``text``; raises :class:`IllegalAction`
        with a readable reason otherwise. ``parse(format(a)) == a``.

        The default matches ``text`` against the formatted legal actions, ignoring
        case and runs of spaces, then asks :meth:`parse_alias`, and when it must
        refuse, :meth:`refusal` for the reason."""
        if not isinstance(text, str):
            raise IllegalAction(f"not an action text: {text!r}")
        want = normalize_action_text(text)
        if not want.isascii() and any(ch.isnumeric() for ch in want if not ch.isascii()):
            # '²' passes str.isdigit and then fails int() in a game's alias parser.
            raise IllegalAction(f"{quoted(text.strip())}: {DIGITS_ONLY}")
        legal = self.legal_actions(state)
        if not legal:
            raise IllegalAction("the game is over")
        texts = [self.format_action(state, a) for a in legal]
        for action, shown in zip(legal, texts):
            if normalize_action_text(shown) == want:
                return action
        alias = self.parse_alias(state, want, legal)
        if alias is not None:
            return alias
        reason = self.refusal(state, want)
        if reason is not None:
            raise IllegalAction(f"{quoted(text.strip())} is not allowed now: {reason}")
        more = f" ... ({len(texts)} in all)" if len(texts) > 20 else ""
        raise IllegalAction(
            f"{quoted(text.strip())} is not a legal action now;"
            f" legal: {', '.join(texts[:20])}{more}"
        )

    @abstractmethod
    def observation(self, state: State, seat: int) -> dict[str, Any]:
        """What ``seat`` may know, JSON-ready. Hidden cards, deck and bag orders
        and unrevealed commitments are absent (hidden counts may be present)."""

    @abstractmethod
    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        """A new full state consistent with ``observation(state, seat)``: what
        ``seat`` cannot see is re-dealt at random from ``rng``. The original is
        not changed."""

    @abstractmethod
    def outcome(self, state: State) -> Outcome:
        """Final scores, tie-breaks and ranks; only for a finished game."""

    @abstractmethod
    def evaluate(self, state: State, seat: int) -> float:
        """Heuristic worth of ``state`` for ``seat`` in final-score units
        (a projected final score, not only the current one)."""

    @abstractmethod
    def render(self, state: State, seat: int | None) -> str | list[tuple[str, str]]:
        """The table as a person at ``seat`` sees it (``None``: a spectator who
        sees only public information), as plain text or prompt-toolkit
        formatted text; readable in 80 columns."""

    @abstractmethod
    def to_json(self, state: State) -> dict[str, Any]:
        """A full JSON-ready snapshot; ``from_json(to_json(s))`` is equal to ``s``."""

    @abstractmethod
    def from_json(self, data: Mapping[str, Any]) -> State:
        """The state of a snapshot made by :meth:`to_json`."""

    def upgrade_snapshot(self, snapshot: Mapping[str, Any], version: str) -> dict[str, Any]:
        """``snapshot``, written by :meth:`to_json` of this game's rules version
        ``version`` (a save names it), in the form :meth:`to_json` writes now: a game
        that renames a field since bumps :attr:`version` and renames the old key here.
        A save is checked against the snapshot it stores upgraded so. Default: as it is."""
        return dict(snapshot)

    @abstractmethod
    def clone(self, state: State) -> State:
        """An independent copy, fast (no ``copy.deepcopy``)."""

    # -- optional, with sensible defaults -------------------------------------------

    def with_weights(self, values: Mapping[str, float]) -> Game:
        """This game with :meth:`evaluate` and :meth:`evaluate_all` reading ``values``
        (any of :attr:`weights` by name; the rest keep theirs) instead of its own
        weights. The rules are the same object's: states of one are states of the
        other. Raises ``ValueError`` for a name the game does not weigh or a value
        that is not a finite number.

        The default copies the game object and replaces :attr:`weights`, so a game
        whose heuristic reads ``self.weights`` needs nothing more; a game with
        per-object helpers built from itself (:class:`~vikingcli.engine.FlatGame`'s
        search calls) rebuilds them (:meth:`_rebuilt`)."""
        merged = dict(self.weights)
        for name, value in values.items():
            if name not in merged:
                known = ", ".join(sorted(merged)) or "none"
                raise ValueError(
                    f"{self.name}: no weight named {name!r}{did_you_mean(name, merged)}"
                    f" (weights: {known})"
                )
            if not isinstance(value, (int, float)) or not math.isfinite(value):
                raise ValueError(f"{self.name}: weight {name} must be a finite number")
            merged[name] = float(value)
        game = copy.copy(self)
        game.weights = merged
        return game._rebuilt()

    def _rebuilt(self) -> Game:
        """Called on the copy :meth:`with_weights` made: rebuild what the game object
        made from itself; the default has nothing to rebuild."""
        return self

    def evaluate_all(self, state: State) -> list[float]:
        """:meth:`evaluate` of every seat, in seat order: what search asks at each
        cut-off. The default calls ``evaluate`` once per seat; a game whose seats
        share most of the work (projected scorings, majorities) may override it
        to do that work once, and must return exactly what ``evaluate`` would."""
        evaluate = self.evaluate
        return [evaluate(state, seat) for seat in range(self.num_players(state))]

    def rules_text(self) -> str:
        """A readable rules summary and the action syntax (``vikingcli rules``). The
        default is the class docstring, dedented (as written in the source it is
        indented after its first line), or the title."""
        return inspect.cleandoc(self.__doc__) if self.__doc__ else self.title

    def narrate(self, before: State, action: Action, after: State, seat: int | None) -> list[str]:
        """What ``seat`` (``None``: a spectator) learns from one move: ``action``,
        played in ``before``, which led to ``after``.

        The first line is the move as that seat may know it, without the mover's
        name (the host adds it): the action's text, or e.g. ``chose a hero move``
        for a secret choice. Further lines tell every automatic consequence the
        game applied (forced moves, discards, reveals, prices paid, scorings),
        naming seats with :func:`seat_ref`. It must depend only on what ``seat``
        can observe before and after the move; the conformance suite checks that.
        The host never describes a move to a person in any other way.

        The default tells the action's text to everyone: right only for games
        whose moves are public and whose consequences need no telling."""
        return [self.format_action(before, action)]

    def view(self, state: State, seat: int | None, text: str) -> str | None:
        """Answer a look-up a person typed at the prompt (``board 2``, ``hand``...)
        with text to show, or ``None`` if ``text`` is not one of the game's views.
        Never changes the state; shows only what ``seat`` may know."""
        return None

    def current_scores(self, state: State) -> tuple[float, ...]:
        """Points on the score track now (shown by progress displays)."""
        return tuple(0.0 for _ in range(self.num_players(state)))

    @abstractmethod
    def num_players(self, state: State) -> int:
        """The number of seats in ``state``."""

    def component_totals(self, state: State) -> Mapping[str, int]:
        """Totals of each kind of component over every place it can be (cards,
        figures, goods...). Conserved by every action and by ``determinize``;
        property tests and the AI honesty tests compare them. Empty if not given."""
        return {}

    def legal_action_texts(self, state: State) -> list[str]:
        """The canonical texts of every legal action (for help and completion)."""
        return [self.format_action(state, a) for a in self.legal_actions(state)]

    def only_move_is_public(self, state: State) -> bool:
        """Could every other seat tell that the seat to move has exactly one legal move?

        A person's only legal move is played for them at once, which is only fair
        where that tells nobody anything: where the choice depends on a hidden card
        (Walhalla asks every forest occupier whether to hunt, and only a holder of
        Hunt has a choice), playing it at once while a holder thinks would show
        everyone who holds the card. So the host plays it at once only where this is
        ``True``, and otherwise asks the person as for any decision.

        The default looks from every other seat's view: on PUBLIC_CHECK_SAMPLES re-deals
        (``determinize``) of what that seat cannot see, does the mover always have
        exactly one legal move? A game that knows the answer exactly (from its
        rules: which phases depend on which hidden cards) should override it."""
        mover = self.to_move(state)
        if mover is None or len(self.legal_actions(state)) != 1:
            return False
        rng = random.Random(PUBLIC_CHECK_SEED)
        for seat in range(self.num_players(state)):
            if seat == mover:
                continue
            for _ in range(PUBLIC_CHECK_SAMPLES):
                dealt = self.determinize(state, seat, rng)
                if self.to_move(dealt) != mover or len(self.legal_actions(dealt)) != 1:
                    return False
        return True

    def observation_schema(self) -> Mapping[str, Any] | None:
        """The JSON Schema (draft 2020-12) that every :meth:`observation` of this game
        satisfies, built on the common contract of :mod:`vikingcli.engine.observe`
        (the keys every game has; bounded numbers and arrays, so that an observation
        fits a fixed-length vector). Bots read it in docs/bot-protocol.md; the learning
        adapters (PettingZoo, OpenSpiel) encode observations from it. ``None`` (the
        default): undocumented, and those adapters cannot load the game."""
        return None

    def action_codec(self, n_players: int, options: Mapping[str, str]) -> ActionCodec | None:
        """The game's bijection between its actions and the integers ``0 ..
        codec.size - 1`` at a table of ``n_players`` with ``options`` (see
        :class:`vikingcli.engine.codec.ActionCodec`): the fixed action space the
        learning adapters need. ``None`` (the default): the game has none, and
        those adapters cannot load it."""
        return None


    def settled_choice(self, state: State) -> Action | None:
        """A choice of the seat to move that cannot change the game's course, and that
        every seat can see cannot (a vote whose result is settled by the votes cast):
        the action the host plays for a person instead of asking them, tagged in the
        log. ``None`` (the default): the choice is asked like any other."""
        return None


PUBLIC_CHECK_SAMPLES = 48
"""Re-deals per other seat behind the default :meth:`Game.only_move_is_public`."""
PUBLIC_CHECK_SEED = 0x5EED
"""Its deals are drawn from a fixed seed: the same position gets the same answer."""
