"""The Graenaland game (Vlaada Chvátil) for the vikingcli engine: identity, options and
one-line delegations to the modules that do the work (``rules``, ``actions``, ``view``,
``scoring``, ``render``, ``heuristic``, ``rulestext``)."""

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
from vikingcli_graenaland import data as D
from vikingcli_graenaland import rules
from vikingcli_graenaland.actions import (
    action_text,
    legal_texts,
    parse_alias,
    parse_moves,
    refusal,
)
from vikingcli_graenaland.codec import CODEC
from vikingcli_graenaland.heuristic import (
    WEIGHTS,
    evaluate,
    evaluate_all,
    search_deepens,
    search_horizon,
    undoes,
)
from vikingcli_graenaland.narrate import narrate
from vikingcli_graenaland.render import render, seat_board
from vikingcli_graenaland.rules.setup import new_state
from vikingcli_graenaland.rules.votes import settled_vote
from vikingcli_graenaland.rulestext import RULES_TEXT
from vikingcli_graenaland.schema import SCHEMA, public_observation
from vikingcli_graenaland.scoring import current_scores, outcome
from vikingcli_graenaland.state import PH_OVER, State
from vikingcli_graenaland.view import component_totals, determinize, view


def _parse_rounds(text: str) -> str:
    try:
        v = int(text)
    except ValueError as e:
        raise ValueError(f"option rounds: {text!r} is not a whole number") from e
    if not 1 <= v <= 1000:
        raise ValueError("option rounds: must be between 1 and 1000")
    return str(v)


class GraenalandCalls(FlatCalls):
    """The search's per-ply calls (``vikingcli.engine.flat.FlatCalls``): the same rules
    functions as the game's methods below, called directly, not through the game."""

    def to_move(self, state: State) -> int | None:
        return None if state.phase == PH_OVER else state.actor

    def compute_legal(self, state: State) -> Sequence[Action]:
        return rules.legal(state)

    def play(self, state: State, action: Action) -> None:
        rules.play(state, action)  # type: ignore[arg-type]  # legal actions are tuples

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        return determinize(state, seat, rng)

    def evaluate_all(self, state: State) -> list[float]:
        return evaluate_all(state, self.game.weights)


class GraenalandGame(FlatGame):
    """Graenaland (Vlaada Chvátil): split offers, votes and a rotating lead builder."""

    name = "graenaland"
    title = "Graenaland"
    # 2: claims are offered up to the most VP a final build can reach (exact search;
    # version 1 stopped after 20 nodes); revealed hero moves stay in the state
    version = "2"
    min_players = 3
    max_players = 5
    default_players = 4
    # A turn is a chain of sub-decisions (offers, allocations, votes, payments) in
    # which random rollout moves are nearly always blunders. So the search judges each
    # root action by greedy play to the end of its chain (horizon), on shared deals
    # (flat); a tree, where asked for, cuts off after one ply. Above the default
    # budget, hero moves and offers look through a second chain (deepens), where more
    # thinking pays. Each measured best (benchmarks/README.md, "Search hints").
    # Greedy play never votes against its own offer (undoes). The game is won by
    # meeting conditions, so a hint shows a chance to win, not a margin (measure).
    weights = WEIGHTS  # heuristic.py: the named weights of evaluate
    search_hints = SearchHints(
        eval_scale=1.5,
        depth=1,
        method="flat",
        deepen=True,
        horizon=search_horizon,
        deepens=search_deepens,
        undoes=undoes,
        measure="win",
    )
    state_type = State
    calls_type = GraenalandCalls
    options = (
        Option(
            name="setup",
            default="basic",
            choices=("basic", "advanced"),
            help="basic: fixed start villages; advanced: start-placement draft (§3.2)",
        ),
        Option(
            name="victory",
            default="basic",
            choices=("basic", "cards"),
            help="basic: 3 of 5 conditions; cards: secret victory cards, 6 VP, claims",
        ),
        Option(
            name="permission",
            default="off",
            choices=("off", "on"),
            help="5-player variant: the lead may grant one build permission (§5.6)",
        ),
        Option(
            name="rounds",
            default=str(D.ROUND_LIMIT),
            parse=_parse_rounds,
            examples=("40",),
            help="safety round limit: the game ends after this many rounds (§5.7)",
        ),
    )

    def new_state(self, n_players: int, options: Mapping[str, str], seed: int) -> State:
        return new_state(n_players, self.resolve_options(options), seed)

    def num_players(self, state: State) -> int:
        return state.n

    def to_move(self, state: State) -> int | None:
        return None if state.phase == PH_OVER else state.actor

    def compute_legal(self, state: State) -> Sequence[Action]:
        return rules.legal(state)

    def play(self, state: State, action: Action) -> None:
        rules.play(state, action)  # type: ignore[arg-type]  # legal actions are tuples

    def narrate(self, before: State, action: Action, after: State, seat: int | None) -> list[str]:
        return narrate(before, action, after, seat)  # type: ignore[arg-type]  # legal actions are tuples

    def format_action(self, state: State, action: Action) -> str:
        return action_text(state, action)  # type: ignore[arg-type]  # legal actions are tuples

    def parse_alias(self, state: State, text: str, legal: Sequence[Action]) -> Action | None:
        return parse_alias(state, text, legal)  # type: ignore[arg-type]  # legal actions are tuples

    def parse_moves(self, state: State, text: str) -> Sequence[Action] | None:
        return parse_moves(state, normalize_action_text(text))

    def refusal(self, state: State, text: str) -> str | None:
        return refusal(state, text)

    def legal_action_texts(self, state: State) -> list[str]:
        return legal_texts(state, self.legal_actions(state))  # type: ignore[arg-type]  # legal actions are tuples

    def settled_choice(self, state: State) -> Action | None:
        return settled_vote(state)

    def observation(self, state: State, seat: int) -> dict[str, Any]:
        return public_observation(state, seat)

    def observation_schema(self) -> Mapping[str, Any]:
        return SCHEMA

    def action_codec(self, n_players: int, options: Mapping[str, str]) -> ActionCodec:
        return CODEC

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        return determinize(state, seat, rng)

    def component_totals(self, state: State) -> dict[str, int]:
        return component_totals(state)

    def view(self, state: State, seat: int | None, text: str) -> str | None:
        words = text.strip().lower().split()
        if len(words) == 2 and words[0] == "board":
            if words[1].isdigit() and 1 <= int(words[1]) <= state.n:
                return seat_board(state, int(words[1]) - 1, seat)
            return f"'board N' shows seat N's settlements, army and heroes (N = 1..{state.n})"
        return view(state, seat, text)

    def outcome(self, state: State) -> Outcome:
        return outcome(state)

    def current_scores(self, state: State) -> tuple[float, ...]:
        return current_scores(state)

    def evaluate(self, state: State, seat: int) -> float:
        return evaluate(state, seat, self.weights)

    def evaluate_all(self, state: State) -> list[float]:
        return evaluate_all(state, self.weights)

    def render(self, state: State, seat: int | None) -> list[tuple[str, str]]:
        return render(state, seat)

    def rules_text(self) -> str:
        return RULES_TEXT
