"""The Jórvík game object: identity, options and the binding that names, once, the
function of each module below it that does each part of the engine contract
(``vikingcli.engine.binding``).

Jórvík (Stefan Feld, eggertspiele 2016), Karl and Jarl games, 2-5 players; the rules
are docs/rules/jorvik.md.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial

from vikingcli.engine import Binding, BoundGame, Game, Option, SearchHints
from vikingcli_jorvik import actions, rules, scoring, view
from vikingcli_jorvik.codec import CODEC
from vikingcli_jorvik.heuristic import (
    WEIGHTS,
    evaluate,
    evaluate_all,
    loading,
    turn_over,
    undoes,
)
from vikingcli_jorvik.narrate import narrate
from vikingcli_jorvik.render import look, render
from vikingcli_jorvik.rules.encoding import Move
from vikingcli_jorvik.rules.setup import new_state
from vikingcli_jorvik.rulestext import RULES_TEXT
from vikingcli_jorvik.schema import SCHEMA
from vikingcli_jorvik.state import PH_OVER, State


def to_move(s: State) -> int | None:
    """The seat to move; ``None`` once the game is over."""
    return None if s.phase == PH_OVER else s.actor


def num_players(s: State) -> int:
    """The number of seats at the table."""
    return s.n


def current_scores(s: State) -> tuple[float, ...]:
    """The VP on the track now."""
    return tuple(float(v) for v in s.vp)


def format_action(s: State, action: Move) -> str:
    """An action's text: Jórvík's need no state (the engine's form takes one)."""
    return actions.format_action(action)


def tell(before: State, action: Move, after: State, seat: int | None) -> list[str]:
    """The narration: everything but the deck and bag orders is open, so every seat
    (``seat`` unused) is told the same."""
    return narrate(before, action, after)


HINTS = SearchHints(
    eval_scale=10.0,
    depth=40,
    deepen=True,
    deepest=73,
    undoes=undoes,
    settle=loading,
    horizon=turn_over,
)
"""The game's search hints (:class:`JorvikGame`'s, and a weighted copy's but for ``undoes``)."""


class JorvikGame(BoundGame):
    """Jórvík (Stefan Feld, eggertspiele 2016): Karl and Jarl games, 2-5 players."""

    name = "jorvik"
    title = "Jórvík"
    version = "2"  # 2: fields renamed to the glossary's names (State.RENAMED)
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
    # A loading turn is played greedily in rollouts, and a loading decision is judged
    # at the end of its turn (settle, horizon): random loading gave away the goods the
    # craftsmen needed (benchmarks/README.md, "Jórvík: the tree search fills its
    # craftsmen"). Above the default budget the cut-off grows and rollouts use move
    # averages (deepen), up to the 73 plies 1000 iterations reach (deepest): at 1000
    # that measured stronger on fresh deals, and grown on (126 plies at 3000) it made
    # play's default AI think twelve times as long (benchmarks/README.md, "Jórvík:
    # looking farther, measured and not kept" and "Jórvík looks farther, up to 73 plies").
    weights = WEIGHTS  # heuristic.py: the named weights of evaluate
    search_hints = HINTS
    ranks_follow_scores = True  # ranked by final points; ties broken by the rules
    state_type = State
    binding = Binding(
        new_state=new_state,
        num_players=num_players,
        to_move=to_move,
        legal_actions=rules.legal_actions,
        apply_legal=rules.apply_legal,
        why_not=actions.why_not,
        current_scores=current_scores,
        outcome=scoring.outcome,
        format_action=format_action,
        parse_alias=actions.parse_alias,
        refusal=actions.refusal,
        narrate=tell,
        rules_text=RULES_TEXT,
        render=render,
        view=look,
        evaluate=evaluate,
        evaluate_all=evaluate_all,
        observation=view.observation,
        schema=SCHEMA,
        codec=CODEC,
        determinize=view.determinize,
        component_totals=view.component_totals,
    )

    def _rebuilt(self) -> Game:
        # undoes reads a weight (craft_coin_reserve): a copy with weights of its own
        # (with_weights: a weights file, a tuning run) names the purchases its weights
        # name, not the game's own
        self.search_hints = replace(HINTS, undoes=partial(undoes, w=self.weights))
        return super()._rebuilt()
