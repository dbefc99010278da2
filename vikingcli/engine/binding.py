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
            legal_actions=rules.legal_actions, apply_legal=rules.apply_legal,
            format_action=actions.format_action,
            ...
        )

The search calls the same functions: :class:`~vikingcli.engine.flat.BoundCalls`, made
from the binding once per game object, is what :func:`~vikingcli.engine.search_calls`
returns; the host's ``legal_actions`` and ``apply`` go through that same object (see
:class:`~vikingcli.engine.FlatGame`). So there is one set of rules, and the conformance
suite (:mod:`vikingcli.engine.testing`) plays exactly what a search plays.

A field left ``None`` keeps :class:`~vikingcli.engine.Game`'s default for that member.

:class:`~vikingcli.engine.BoundGame` and ``BoundCalls`` live in
:mod:`vikingcli.engine.flat`, which the compiled build compiles: a compiled game class
must derive from compiled classes only (mypyc cannot build one whose base is an
interpreted class derived from a compiled one). This module stays interpreted.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from vikingcli.engine.codec import ActionCodec
from vikingcli.engine.game import Action, Outcome

__all__ = ["Binding"]


@dataclass(frozen=True, kw_only=True)
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
    legal_actions: Callable[[Any], Sequence[Action]]
    """``Game.legal_actions`` (uncached: ``FlatGame.rules_legal_actions``): the legal actions,
    empty once the game is over."""
    apply_legal: Callable[[Any, Any], None]
    """``Game.apply_legal`` (``FlatGame.rules_apply_legal``): one legal action, in place, no
    checks."""
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
    parse_moves: Callable[[Any, str], Sequence[Action] | None] | None = None
    """``Game.parse_moves``."""
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
