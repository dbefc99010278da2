"""The Jórvík game adapter: the engine interface, delegating to the modules below it.

Jórvík (Stefan Feld, eggertspiele 2016), Karl and Jarl games, 2-5 players; the rules
are docs/rules/jorvik.md.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, cast

from vikingcli.engine import Action, FlatCalls, FlatGame, Option, Outcome, SearchHints
from vikingcli.engine.codec import ActionCodec
from vikingcli_jorvik import actions, rules, scoring, view
from vikingcli_jorvik.codec import CODEC
from vikingcli_jorvik.heuristic import WEIGHTS, evaluate, evaluate_all, undoes
from vikingcli_jorvik.narrate import narrate
from vikingcli_jorvik.render import look, render
from vikingcli_jorvik.rules.encoding import Move
from vikingcli_jorvik.rules.setup import new_state
from vikingcli_jorvik.rulestext import RULES_TEXT
from vikingcli_jorvik.schema import SCHEMA
from vikingcli_jorvik.state import PH_OVER, State


class JorvikCalls(FlatCalls):
    """The search's per-ply calls (``vikingcli.engine.flat.FlatCalls``): the same rules
    functions as the game's methods below, called directly, not through the game."""

    def to_move(self, state: State) -> int | None:
        return None if state.phase == PH_OVER else state.actor

    def compute_legal(self, state: State) -> Sequence[Action]:
        return rules.legal(state)

    def play(self, state: State, action: Action) -> None:
        rules.play(state, action)  # type: ignore[arg-type]  # legal actions are Moves

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        return view.determinize(state, seat, rng)

    def evaluate_all(self, state: State) -> list[float]:
        return evaluate_all(state, self.game.weights)


class JorvikGame(FlatGame):
    """Jórvík (Stefan Feld, eggertspiele 2016): Karl and Jarl games, 2-5 players."""

    name = "jorvik"
    title = "Jórvík"
    version = "1"
    min_players = 2
    max_players = 5
    default_players = 4
    options = (
        Option(
            name="mode",
            default="karl",
            choices=("karl", "jarl"),
            help="karl = basic game; jarl = advanced game (all cards, reservations)",
        ),
    )
    # Rollouts cut off after 40 plies instead of the AI's default: deeper rollouts
    # measured stronger here (benchmarks/README.md, "Search hints"). Taking back a
    # good stored this turn undoes that move, and storing a good straight back where
    # it was just taken from undoes the take: greedy play never does either (undoes).
    weights = WEIGHTS  # heuristic.py: the named weights of evaluate
    search_hints = SearchHints(eval_scale=10.0, depth=40, undoes=undoes)
    ranks_follow_scores = True  # ranked by final points; ties broken by the rules
    state_type = State
    calls_type = JorvikCalls

    def new_state(self, n_players: int, options: Mapping[str, str], seed: int) -> State:
        return new_state(n_players, self.resolve_options(options), seed)

    def compute_legal(self, state: State) -> list[Move]:
        return rules.legal(state)

    def play(self, state: State, action: Any) -> None:
        rules.play(state, action)

    def why_not(self, state: State, action: Action) -> str:
        return actions.why_not(state, action)

    def to_move(self, state: State) -> int | None:
        return None if state.phase == PH_OVER else state.actor

    def num_players(self, state: State) -> int:
        return state.n

    def current_scores(self, state: State) -> tuple[float, ...]:
        return tuple(float(v) for v in state.vp)

    def outcome(self, state: State) -> Outcome:
        return scoring.outcome(state)

    def format_action(self, state: State, action: Action) -> str:
        return actions.format_action(action)

    def parse_alias(
        self, state: State, text: str, legal: Sequence[Action]
    ) -> Action | None:
        return cast(Action | None, actions.parse_alias(state, text, legal))

    def refusal(self, state: State, text: str) -> str | None:
        return actions.refusal(state, text)

    def narrate(
        self, before: State, action: Action, after: State, seat: int | None
    ) -> list[str]:
        # everything but the deck and bag orders is open: every seat is told the same
        return narrate(before, cast(Move, action), after)

    def rules_text(self) -> str:
        return RULES_TEXT

    def render(self, state: State, seat: int | None) -> str | list[tuple[str, str]]:
        return render(state, seat)

    def view(self, state: State, seat: int | None, text: str) -> str | None:
        return look(state, seat, text)

    def evaluate(self, state: State, seat: int) -> float:
        return evaluate(state, seat, self.weights)

    def evaluate_all(self, state: State) -> list[float]:
        return evaluate_all(state, self.weights)

    def observation(self, state: State, seat: int) -> dict[str, Any]:
        return view.observation(state, seat)

    def observation_schema(self) -> Mapping[str, Any]:
        return SCHEMA

    def action_codec(self, n_players: int, options: Mapping[str, str]) -> ActionCodec:
        return CODEC

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        return view.determinize(state, seat, rng)

    def component_totals(self, state: State) -> dict[str, int]:
        return view.component_totals(state)
