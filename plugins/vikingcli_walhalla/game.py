"""The Walhalla game (AMIGO 2006) for the vikingcli engine: identity, options and
the binding that names, once, the function of each module (``rules``, ``actions``,
``view``, ``scoring``, ``render``, ``heuristic``, ``narrate``, ``rulestext``) that does
each part of the engine contract (``vikingcli.engine.binding``)."""

from __future__ import annotations

from collections.abc import Sequence

from vikingcli.engine import (
    Action,
    Binding,
    BoundGame,
    Option,
    SearchHints,
    normalize_action_text,
)
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


def num_players(s: State) -> int:
    """The number of seats at the table."""
    return s.n


def current_scores(s: State) -> tuple[float, ...]:
    """The points on the track now."""
    return tuple(float(x) for x in s.vp)


def alias(s: State, text: str, legal: Sequence[Action]) -> Action | None:
    """The engine's ``parse_alias``: Walhalla's takes the legal actions before the text."""
    return parse_alias(s, legal, text)


def look(s: State, seat: int | None, text: str) -> str | None:
    """The look-ups: ``board``, ``legend`` and ``tiles`` here, the rest in
    :func:`view.view`."""
    want = normalize_action_text(text)
    if want == "board":
        return render(s, seat)
    if want == "legend":
        return legend(s)
    if want == "tiles":
        return tiles_view(s)
    return view(s, seat, text)


class WalhallaGame(BoundGame):
    """Walhalla (AMIGO 2006), 3-4 players."""

    name = "walhalla"
    title = "Walhalla"
    # 2: every forest occupier is asked the Hunt question (ruling C6); the state
    # keeps the last move's events for the narration
    version = "3"  # 3: fields renamed to the glossary's names (State.RENAMED)
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
    binding = Binding(
        new_state=new_state,
        num_players=num_players,
        current_scores=current_scores,
        to_move=rules.to_move,
        legal_actions=rules.legal_actions,
        apply_legal=rules.apply_legal,
        format_action=format_action,
        parse_alias=alias,
        narrate=narrate,
        observation=observation,
        schema=SCHEMA,
        codec=CODEC,
        determinize=determinize,
        component_totals=component_totals,
        view=look,
        refusal=refusal,
        outcome=outcome,
        evaluate=evaluate,
        evaluate_all=evaluate_all,
        render=render,
        rules_text=RULES_TEXT,
    )
