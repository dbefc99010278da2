"""The Walhalla game (AMIGO 2006) for the vikingcli engine: identity, options and
one-line delegations to the modules that do the work (``rules``, ``actions``,
``view``, ``scoring``, ``render``, ``heuristic``, ``narrate``, ``rulestext``)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from vikingcli.engine import (
    Action,
    FlatCalls,
    FlatGame,
    Option,
    Outcome,
    SearchHints,
    normalize_action_text,
)
from vikingcli.engine.codec import ActionCodec
from vikingcli_walhalla import rules
from vikingcli_walhalla.actions import format_action, parse_alias, refusal
from vikingcli_walhalla.board import parse_headlands
from vikingcli_walhalla.codec import CODEC
from vikingcli_walhalla.heuristic import WEIGHTS, evaluate, evaluate_all
from vikingcli_walhalla.narrate import narrate
from vikingcli_walhalla.render import legend, render, tiles_view
from vikingcli_walhalla.rules.setup import new_state
from vikingcli_walhalla.rulestext import RULES_TEXT
from vikingcli_walhalla.schema import SCHEMA
from vikingcli_walhalla.scoring import outcome
from vikingcli_walhalla.state import State
from vikingcli_walhalla.view import component_totals, determinize, observation, view

HEADLANDS_OPTION = Option(
    name="headlands",
    default="6,6,6",
    help="tiles per headland H1,H2,H3 (each 5-8, sum 18), e.g. 5,6,7",
    parse=parse_headlands,
    examples=("5,6,7",),
)
ORIENTATION_OPTION = Option(
    name="fixed_orientation",
    default="no",
    choices=("no", "yes"),
    help="yes: every galley moors bow toward the coast (BOW_IN); no: the mover chooses",
)


class WalhallaCalls(FlatCalls):
    """The search's per-ply calls (``vikingcli.engine.flat.FlatCalls``): the same rules
    functions as the game's methods below, called directly, not through the game."""

    def to_move(self, state: State) -> int | None:
        return rules.to_move(state)

    def compute_legal(self, state: State) -> Sequence[Action]:
        return rules.legal(state)

    def play(self, state: State, action: Action) -> None:
        rules.play(state, action)  # type: ignore[arg-type]  # legal actions are tuples

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        return determinize(state, seat, rng)

    def evaluate_all(self, state: State) -> list[float]:
        return evaluate_all(state, self.game.weights)


class WalhallaGame(FlatGame):
    """Walhalla (AMIGO 2006), 3-4 players."""

    name = "walhalla"
    title = "Walhalla"
    # 2: every forest occupier is asked the Hunt question (ruling C6); the state
    # keeps the last move's events for the narration
    version = "2"
    min_players = 3
    max_players = 4
    default_players = 4
    options = (HEADLANDS_OPTION, ORIENTATION_OPTION)
    # More iterations also look farther (a later cut-off): more thinking measured
    # stronger that way, not with the same cut-off (benchmarks/README.md, "Search hints").
    weights = WEIGHTS  # heuristic.py: the named weights of evaluate
    search_hints = SearchHints(eval_scale=10.0, deepen=True)
    ranks_follow_scores = True  # ranked by final points; ties broken by the rules
    state_type = State
    calls_type = WalhallaCalls

    def new_state(self, n_players: int, options: Mapping[str, str], seed: int) -> State:
        return new_state(n_players, self.resolve_options(options), seed)

    def num_players(self, state: State) -> int:
        return state.n

    def current_scores(self, state: State) -> tuple[float, ...]:
        return tuple(float(x) for x in state.score)

    def to_move(self, state: State) -> int | None:
        return rules.to_move(state)

    def compute_legal(self, state: State) -> Sequence[Action]:
        return rules.legal(state)

    def play(self, state: State, action: Action) -> None:
        rules.play(state, action)  # type: ignore[arg-type]  # legal actions are tuples

    def format_action(self, state: State, action: Action) -> str:
        return format_action(state, action)

    def parse_alias(
        self, state: State, text: str, legal: Sequence[Action]
    ) -> Action | None:
        return parse_alias(state, legal, text)

    def narrate(
        self, before: State, action: Action, after: State, seat: int | None
    ) -> list[str]:
        return narrate(before, action, after, seat)

    def observation(self, state: State, seat: int) -> dict[str, Any]:
        return observation(state, seat)

    def observation_schema(self) -> Mapping[str, Any]:
        return SCHEMA

    def action_codec(self, n_players: int, options: Mapping[str, str]) -> ActionCodec:
        return CODEC

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        return determinize(state, seat, rng)

    def component_totals(self, state: State) -> dict[str, int]:
        return component_totals(state)

    def view(self, state: State, seat: int | None, text: str) -> str | None:
        want = normalize_action_text(text)
        if want == "board":
            return render(state, seat)
        if want == "legend":
            return legend(state)
        if want == "tiles":
            return tiles_view(state)
        return view(state, seat, text)

    def refusal(self, state: State, text: str) -> str | None:
        return refusal(state, text)

    def outcome(self, state: State) -> Outcome:
        return outcome(state)

    def evaluate(self, state: State, seat: int) -> float:
        return evaluate(state, seat, self.weights)

    def evaluate_all(self, state: State) -> list[float]:
        return evaluate_all(state, self.weights)

    def render(self, state: State, seat: int | None) -> str:
        return render(state, seat)

    def rules_text(self) -> str:
        return RULES_TEXT
