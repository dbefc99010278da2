"""A game as one declarative binding of its modules' functions.

A game plugin keeps its rules, texts and views in modules of their own (``rules``,
``actions``, ``view``, ``narrate``, ``render``, ``heuristic``, ``scoring``). Its game
class then needs no method that only hands its arguments on: it names, once, which
function does each part of the engine contract (a :class:`Binding`), and
:class:`BoundGame` answers every member of :class:`~vikingcli.engine.Game` from it::

    class MyGame(BoundGame):
        name = "mine"
        state_type = State
        binding = Binding(
            new_state=setup.new_state, num_players=num_players, to_move=rules.to_move,
            legal=rules.legal, play=rules.play, format_action=actions.format_action,
            ...
        )

The search calls the same functions: :class:`~vikingcli.engine.flat.BoundCalls`, made
from the binding once per game object, is what :func:`~vikingcli.engine.search_calls`
returns; the host's ``legal_actions`` and ``apply`` go through that same object (see
:class:`~vikingcli.engine.FlatGame`). So there is one set of rules, and the conformance
suite (:mod:`vikingcli.engine.testing`) plays exactly what a search plays.

A field left ``None`` keeps :class:`~vikingcli.engine.Game`'s default for that member.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from vikingcli.engine.codec import ActionCodec
from vikingcli.engine.flat import BoundCalls, FlatGame
from vikingcli.engine.game import Action, Game, Outcome

__all__ = ["Binding", "BoundGame"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Binding:
    """Which function of a game's modules does each member of the engine contract.

    Each function takes the member's arguments without ``self`` (a state first), and
    the heuristics take the game object's weights last; see the member of
    :class:`~vikingcli.engine.Game` named in each field's description for what it
    must do.
    """

    new_state: Callable[[int, dict[str, str], int], Any]
    """``Game.new_state``, given the complete options (``resolve_options``)."""
    num_players: Callable[[Any], int]
    """``Game.num_players``."""
    to_move: Callable[[Any], int | None]
    """``Game.to_move``: called on every ply of a search."""
    legal: Callable[[Any], Sequence[Action]]
    """``FlatGame.compute_legal``: the legal actions, empty once the game is over."""
    play: Callable[[Any, Any], None]
    """``FlatGame.play``: one legal action, in place, no checks."""
    format_action: Callable[[Any, Any], str]
    """``Game.format_action``."""
    observation: Callable[[Any, int], dict[str, Any]]
    """``Game.observation``."""
    determinize: Callable[[Any, int, random.Random], Any]
    """``Game.determinize``."""
    outcome: Callable[[Any], Outcome]
    """``Game.outcome``."""
    evaluate: Callable[[Any, int, Mapping[str, float]], float]
    """``Game.evaluate``, reading the weights it is given."""
    evaluate_all: Callable[[Any, Mapping[str, float]], list[float]]
    """``Game.evaluate_all``, reading the weights it is given."""
    render: Callable[[Any, int | None], str | list[tuple[str, str]]]
    """``Game.render``."""
    current_scores: Callable[[Any], tuple[float, ...]]
    """``Game.current_scores``."""
    rules_text: str
    """``Game.rules_text``: the text itself."""
    why_not: Callable[[Any, Any], str] | None = None
    """``FlatGame.why_not``."""
    parse_alias: Callable[[Any, str, Sequence[Any]], Action | None] | None = None
    """``Game.parse_alias``."""
    refusal: Callable[[Any, str], str | None] | None = None
    """``Game.refusal``."""
    narrate: Callable[[Any, Any, Any, int | None], list[str]] | None = None
    """``Game.narrate``."""
    view: Callable[[Any, int | None, str], str | None] | None = None
    """``Game.view``."""
    component_totals: Callable[[Any], Mapping[str, int]] | None = None
    """``Game.component_totals``."""
    legal_texts: Callable[[Any, Sequence[Any]], list[str]] | None = None
    """``Game.legal_action_texts``, given the legal actions."""
    settled_choice: Callable[[Any], Action | None] | None = None
    """``Game.settled_choice``."""
    schema: Mapping[str, Any] | None = None
    """``Game.observation_schema``: the schema itself."""
    codec: ActionCodec | None = None
    """``Game.action_codec``: one codec for every table size and option."""


class BoundGame(FlatGame):
    """A :class:`~vikingcli.engine.FlatGame` whose every member is the function its
    :attr:`binding` names (the class sets the identity attributes and the binding,
    and writes no method that only passes its arguments on).

    The members below are the engine's side of the binding, written once for every
    game: each calls the bound function, adding what the game object holds (its
    options' defaults, its weights) or falling back to :class:`Game`'s default where
    the binding leaves a field ``None``."""

    binding: ClassVar[Binding]
    """The game's functions, one per member of the contract."""

    def __init__(self) -> None:
        super().__init__()
        self.fast = self._bound_calls()

    def _bound_calls(self) -> BoundCalls:
        b = self.binding
        return BoundCalls(self, b.to_move, b.legal, b.play, b.determinize, b.evaluate_all)

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
        return self.binding.legal(state)

    def play(self, state: Any, action: Action) -> None:
        self.binding.play(state, action)

    def why_not(self, state: Any, action: Action) -> str:
        why = self.binding.why_not
        return super().why_not(state, action) if why is None else why(state, action)

    def format_action(self, state: Any, action: Action) -> str:
        return self.binding.format_action(state, action)

    def parse_alias(self, state: Any, text: str, legal: Sequence[Action]) -> Action | None:
        alias = self.binding.parse_alias
        return None if alias is None else alias(state, text, legal)

    def refusal(self, state: Any, text: str) -> str | None:
        refusal = self.binding.refusal
        return None if refusal is None else refusal(state, text)

    def narrate(self, before: Any, action: Action, after: Any, seat: int | None) -> list[str]:
        narrate = self.binding.narrate
        if narrate is None:
            return super().narrate(before, action, after, seat)
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
            return super().legal_action_texts(state)
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
