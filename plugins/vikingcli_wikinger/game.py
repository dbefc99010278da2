"""The Wikinger game object for vikingcli (docs/rules/wikinger.md): identity, options and
the binding that names, once, the function of each module that does each part of the
engine contract (``vikingcli.engine.binding``)."""

from __future__ import annotations

from vikingcli.engine import Binding, BoundGame, Option, SearchHints, seat_ref
from vikingcli_wikinger import actions, narrate, rules, scoring, view
from vikingcli_wikinger.codec import CODEC
from vikingcli_wikinger.heuristic import WEIGHTS, evaluate, evaluate_all
from vikingcli_wikinger.render import render
from vikingcli_wikinger.rules.setup import new_state
from vikingcli_wikinger.rulestext import RULES_TEXT
from vikingcli_wikinger.schema import SCHEMA
from vikingcli_wikinger.state import PH_OVER, State


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


def to_move(s: State) -> int | None:
    """The seat to move; ``None`` once the game is over."""
    return None if s.phase == PH_OVER else s.actor


def num_players(s: State) -> int:
    """The number of seats at the table."""
    return s.n


def current_scores(s: State) -> tuple[float, ...]:
    """The VP on the track now."""
    return tuple(float(v) for v in s.vp)


def look(s: State, seat: int | None, text: str) -> str | None:
    """The look-ups: ``scores`` here, the rest in :func:`view.view`."""
    if actions.normalise(text) in ("scores", "score", "scoring", "scorings"):
        return scores_view(s)
    return view.view(s, seat, text)


class WikingerGame(BoundGame):
    """Wikinger (Michael Kiesling, Hans im Glück): 2-4 players, 6 rounds of buying
    tile+figure combinations from the price wheel; basic and advanced modes."""

    name = "wikinger"
    title = "Wikinger"
    version = "3"  # 3: fields renamed to the glossary's names (State.RENAMED)
    min_players = 2
    max_players = 4
    default_players = 4
    # The one-ply prior breaks ties between root moves the search cannot separate:
    # it measured stronger here (benchmarks/README.md, "Search hints"). deepen: a
    # budget above 300 iterations looks farther (37 plies at 1000) with move-average
    # rollouts; at 20 plies 1000 barely beat 300 at 4 seats ("Wikinger looks farther
    # by default").
    weights = WEIGHTS  # heuristic.py: the named weights of evaluate
    search_hints = SearchHints(eval_scale=10.0, tiebreak=True, guided_rollouts=True, deepen=True)
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
    # The engine types an action as any Hashable; Wikinger's are tuples (state.Action),
    # and the engine hands its functions back only actions its rules listed.
    binding = Binding(
        new_state=new_state,
        num_players=num_players,
        to_move=to_move,
        legal_actions=rules.legal_actions,
        apply_legal=rules.apply_legal,
        why_not=actions.why_not,
        format_action=actions.format_action,
        parse_alias=actions.parse_alias,
        refusal=actions.refusal,
        narrate=narrate.narrate,
        view=look,
        rules_text=RULES_TEXT,
        observation=view.observation,
        schema=SCHEMA,
        codec=CODEC,
        determinize=view.determinize,
        component_totals=view.component_totals,
        current_scores=current_scores,
        outcome=scoring.outcome,
        evaluate=evaluate,
        evaluate_all=evaluate_all,
        render=render,
    )
