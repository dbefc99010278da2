"""The Graenaland game (Vlaada Chvátil) for the vikingcli engine: identity, options and
the binding that names, once, the function of each module (``rules``, ``actions``,
``view``, ``scoring``, ``render``, ``heuristic``, ``rulestext``) that does each part of
the engine contract (``vikingcli.engine.binding``)."""

from __future__ import annotations

from collections.abc import Sequence

from vikingcli.engine import Action, Binding, BoundGame, Option, SearchHints, normalize_action_text
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
    search_shape,
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


def _parse_moves(state: State, text: str) -> Sequence[Action] | None:
    # A line of several moves may come as typed (the prompt normalizes it first).
    return parse_moves(state, normalize_action_text(text))


def _parse_rounds(text: str) -> str:
    try:
        v = int(text)
    except ValueError as e:
        raise ValueError(f"option rounds: {text!r} is not a whole number") from e
    if not 1 <= v <= 1000:
        raise ValueError("option rounds: must be between 1 and 1000")
    return str(v)


def to_move(st: State) -> int | None:
    """The seat to move; ``None`` once the game is over."""
    return None if st.phase == PH_OVER else st.actor


def num_players(st: State) -> int:
    """The number of seats at the table."""
    return st.n


def look(st: State, seat: int | None, text: str) -> str | None:
    """The look-ups: ``board N`` here, the rest in :func:`view.view`."""
    words = text.strip().lower().split()
    if len(words) == 2 and words[0] == "board":
        if words[1].isdigit() and 1 <= int(words[1]) <= st.n:
            return seat_board(st, int(words[1]) - 1, seat)
        return f"'board N' shows seat N's settlements, army and heroes (N = 1..{st.n})"
    return view(st, seat, text)


class GraenalandGame(BoundGame):
    """Graenaland (Vlaada Chvátil): split offers, votes and a rotating lead builder."""

    name = "graenaland"
    title = "Graenaland"
    # 2: claims are offered up to the most VP a final build can reach (exact search;
    # version 1 stopped after 20 nodes); revealed hero moves stay in the state
    version = "3"  # 3: fields renamed to the glossary's names (State.RENAMED)
    min_players = 3
    max_players = 5
    default_players = 4
    # A turn is a chain of sub-decisions (offers, allocations, votes, payments) in
    # which random rollout moves are nearly always blunders. So the search judges each
    # root action by greedy play to the end of its chain (horizon), on shared deals
    # (flat); a tree, where asked for, cuts off after one ply. Above the default
    # budget the search looks ahead at its own later moves in each rollout (deepen;
    # with mcts:nest=0, hero moves and offers look through a second chain instead:
    # deepens). Each measured best (benchmarks/README.md, "Search hints" and
    # "Graenaland: more thinking looks ahead").
    # Greedy play never votes against its own offer (undoes). The game is won by
    # meeting conditions, so a hint shows a chance to win, not a margin (measure); the
    # search judges a chain's end by the three conditions nearest to being met and
    # against the best rival (shape), where evaluate counts all five and one seat.
    weights = WEIGHTS  # heuristic.py: the named weights of evaluate
    search_hints = SearchHints(
        eval_scale=1.5,
        depth=1,
        method="flat",
        deepen=True,
        horizon=search_horizon,
        deepens=search_deepens,
        undoes=undoes,
        shape=search_shape,
        measure="win",
    )
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

    state_type = State
    binding = Binding(
        new_state=new_state,
        num_players=num_players,
        to_move=to_move,
        legal_actions=rules.legal_actions,
        apply_legal=rules.apply_legal,
        narrate=narrate,
        format_action=action_text,
        parse_alias=parse_alias,
        refusal=refusal,
        parse_moves=_parse_moves,
        legal_texts=legal_texts,
        settled_choice=settled_vote,
        observation=public_observation,
        schema=SCHEMA,
        codec=CODEC,
        determinize=determinize,
        component_totals=component_totals,
        view=look,
        outcome=outcome,
        current_scores=current_scores,
        evaluate=evaluate,
        evaluate_all=evaluate_all,
        render=render,
        rules_text=RULES_TEXT,
    )
