"""The Wikinger game object for vikingcli (docs/rules/wikinger.md): identity, options and
the engine interface, each member delegating to the module that does the work."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from vikingcli.engine import FlatCalls, FlatGame, Option, Outcome, SearchHints, seat_ref
from vikingcli.engine.codec import ActionCodec
from vikingcli_wikinger import actions, narrate, rules, scoring, view
from vikingcli_wikinger.codec import CODEC
from vikingcli_wikinger.heuristic import WEIGHTS, evaluate, evaluate_all
from vikingcli_wikinger.render import render
from vikingcli_wikinger.rules.setup import new_state
from vikingcli_wikinger.rulestext import RULES_TEXT
from vikingcli_wikinger.schema import SCHEMA
from vikingcli_wikinger.state import PH_OVER, Action, State


def parse_start(text: str) -> str:
    """The ``start`` option: ``random`` or a seat number."""
    t = text.strip().lower()
    if t == "random":
        return t
    if t in ("0", "1", "2", "3"):
        return t
    raise ValueError(f"option start: {text!r} is not 'random' or a seat number 0..3")


def scores_view(s: State) -> str:
    """The ``scores`` look-up: VP and gold of every player now, then the latest
    scoring in full."""
    lines = [f"{seat_ref(p)} ({p + 1}): {s.vp[p]} VP, {s.gold[p]} gold" for p in range(s.n)]
    if s.log:
        lines += narrate.scoring_lines(s.log[-1])
    else:
        lines.append("No scoring yet: the first comes after round 1.")
    return "\n".join(lines)


class WikingerCalls(FlatCalls):
    """The search's per-ply calls (``vikingcli.engine.flat.FlatCalls``): the same rules
    functions as the game's methods below, called directly, not through the game."""

    def to_move(self, state: State) -> int | None:
        return None if state.phase == PH_OVER else state.actor

    def compute_legal(self, state: State) -> Sequence[Action]:
        return rules.legal(state)

    def play(self, state: State, action: Any) -> None:
        rules.play(state, action)

    def determinize(self, state: State, seat: int, rng: random.Random) -> State:
        return view.determinize(state, seat, rng)

    def evaluate_all(self, state: State) -> list[float]:
        return evaluate_all(state, self.game.weights)


class WikingerGame(FlatGame):
    """Wikinger (Michael Kiesling, Hans im Glück): 2-4 players, 6 rounds of buying
    tile+figure combinations from the price wheel; basic and advanced modes."""

    name = "wikinger"
    title = "Wikinger"
    version = "2"
    min_players = 2
    max_players = 4
    default_players = 4
    # The one-ply prior breaks ties between root moves the search cannot separate:
    # it measured stronger here (benchmarks/README.md, "Search hints").
    weights = WEIGHTS  # heuristic.py: the named weights of evaluate
    search_hints = SearchHints(eval_scale=10.0, tiebreak=True)
    ranks_follow_scores = True  # ranked by final points; ties broken by the rules
    options = (
        Option(
            name="mode",
            default="basic",
            choices=("basic", "advanced"),
            help="basic game, or advanced (start-player auction, players lay out the "
            "figures colour by colour, one figure per boatman, 25 special tiles)",
        ),
        Option(
            name="bidding",
            default="yes",
            choices=("yes", "no"),
            help="advanced only: 'no' plays the rulebook variant without the "
            "start-player auction (the marker just passes left)",
        ),
        Option(
            name="start",
            default="random",
            parse=parse_start,
            examples=("0", "1"),
            help="first start player: 'random' or a seat number 0..N-1 (the rulebook "
            "says the youngest player)",
        ),
    )
    state_type = State
    calls_type = WikingerCalls

    # -- setup and flow ---------------------------------------------------------------

    def new_state(self, n_players: int, options: Mapping[str, str], seed: int) -> State:
        return new_state(n_players, self.resolve_options(options), seed)

    def num_players(self, state: State) -> int:
        return state.n

    def to_move(self, state: State) -> int | None:
        return None if state.phase == PH_OVER else state.actor

    # The engine types an action as any Hashable (so do these signatures); Wikinger's
    # are tuples (state.Action), and the engine hands back only actions listed here.

    def compute_legal(self, state: State) -> Sequence[Action]:
        return rules.legal(state)

    def play(self, state: State, action: Any) -> None:
        rules.play(state, action)

    def why_not(self, state: State, action: Any) -> str:
        return actions.why_not(state, action)

    # -- texts --------------------------------------------------------------------------

    def format_action(self, state: State, action: Any) -> str:
        return actions.format_action(state, action)

    def parse_alias(self, state: State, text: str, legal: Sequence[Any]) -> Action | None:
        return actions.parse_alias(state, text, legal)

    def refusal(self, state: State, text: str) -> str | None:
        return actions.refusal(state, text)

    def narrate(self, before: State, action: Any, after: State, seat: int | None) -> list[str]:
        return narrate.narrate(before, action, after, seat)

    def view(self, state: State, seat: int | None, text: str) -> str | None:
        if actions.normalise(text) in ("scores", "score", "scoring", "scorings"):
            return scores_view(state)
        return view.view(state, seat, text)

    def rules_text(self) -> str:
        return RULES_TEXT

    # -- information --------------------------------------------------------------------

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

    # -- results ------------------------------------------------------------------------

    def current_scores(self, state: State) -> tuple[float, ...]:
        return tuple(float(v) for v in state.vp)

    def outcome(self, state: State) -> Outcome:
        return scoring.outcome(state)

    def evaluate(self, state: State, seat: int) -> float:
        return evaluate(state, seat, self.weights)

    def evaluate_all(self, state: State) -> list[float]:
        return evaluate_all(state, self.weights)

    def render(self, state: State, seat: int | None) -> str | list[tuple[str, str]]:
        return render(state, seat)
