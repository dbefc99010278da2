"""hint and analyze: the search's judgement, from the deciding seat's own view."""

from __future__ import annotations

import random
from pathlib import Path

import orjson
import pytest
from vikingcli_toygame import RuneDuel

from vikingcli.core.match import Match, Seat
from vikingcli.core.registry import load_registry
from vikingcli.core.specs import parse_spec
from vikingcli.engine.players import Advice
from vikingcli.study.analysis import annotate, summary
from vikingcli.table.hints import hint_lines
from vikingcli_ai.advice import advise

from .conftest import CLI

# Seed 4 of the fixture game, seat 0 always playing its lowest rune: at move 15 it
# lays a 10 on a 10 (no points) while it holds the 12 (12 points).
THROWN_AWAY = [
    "play 6", "play 8", "play 4", "play 6", "play 2", "play 7", "play 8", "play 5",
    "play 2", "play 9", "play 1", "play 4", "play 5", "play 10", "play 10", "play 11",
]  # fmt: skip


def _toy_match(actions: list[str]) -> Match:
    kinds = load_registry().players
    seats = [Seat(name, parse_spec("random", kinds)) for name in ("thrower", "other")]
    match = Match(RuneDuel(), {"hand": "3"}, 4, seats)
    for text in actions:
        match.apply_text(text)
    return match


def test_analyze_flags_points_thrown_away_as_a_mistake() -> None:
    notes = annotate(_toy_match(THROWN_AWAY), advise, [0], iterations=400)
    thrown = next(n for n in notes if n.move == 15)
    assert (thrown.played, thrown.best) == ("play 10", "play 12")
    assert thrown.verdict in ("mistake", "blunder")
    assert thrown.loss >= 0.25 * RuneDuel.search_hints.eval_scale
    assert next(n for n in notes if n.move == 7).verdict == ""  # the 8 on a 7 was best
    row = summary(notes, [0])[0]
    assert row["decisions"] == 8 and row["mistakes"] + row["blunders"] >= 1


@pytest.mark.parametrize("name", ["walhalla", "graenaland"])
def test_hint_does_not_depend_on_what_the_person_cannot_see(name: str) -> None:
    game = load_registry().games[name]
    state = game.new_state(3, game.resolve_options({}), 12)
    rng = random.Random(12)
    for _ in range(30):  # into the game, where other hands hold cards
        actions = game.legal_actions(state)
        game.apply(state, actions[rng.randrange(len(actions))])
    while len(game.legal_actions(state)) < 2:  # a decision, not a forced move
        game.apply(state, game.legal_actions(state)[0])
    seat = game.to_move(state)
    assert seat is not None
    other = game.determinize(state, seat, random.Random(99))
    assert game.to_json(other) != game.to_json(state), "the re-deal changed nothing hidden"
    first = advise(game, state, seat, 0.0, 300, ())
    second = advise(game, other, seat, 0.0, 300, ())
    assert [(a.text, a.visits, round(a.margin, 9)) for a in first] == [
        (a.text, a.visits, round(a.margin, 9)) for a in second
    ]


def test_graenaland_hint_comes_from_the_flat_search_its_mcts_plays() -> None:
    """Graenaland's mcts judges a move by greedy play to the end of its chain of
    sub-decisions (flat search): a hint says what that search would play, every
    candidate judged on the same deals, its share the deals where it was best."""
    game = load_registry().games["graenaland"]
    state = game.new_state(4, game.resolve_options({}), 3)
    advice = advise(game, state, game.to_move(state) or 0, 0.0, 300, ())
    assert len(advice) > 3
    assert len({a.visits for a in advice}) == 1, "every candidate played on every deal"
    assert abs(sum(a.share for a in advice) - 1.0) < 1e-9


def test_analyze_json_lists_every_decision_and_a_summary_per_seat(
    cli: CLI, tmp_path: Path
) -> None:
    made = cli("run", "toygame", "-p", "2*random", "--seed", "5", "--save-dir", "games")
    assert made.returncode == 0, made.stderr
    out = cli("analyze", "games/toygame-5.json", "--iterations", "60", "--json")
    assert out.returncode == 0, out.stderr
    doc = orjson.loads(out.stdout)
    assert doc["game"] == "toygame" and doc["seed"] == 5
    assert [row["seat"] for row in doc["summary"]] == [0, 1]
    keys = {
        "move", "seat", "played", "best", "played_margin", "best_margin", "loss", "verdict",
        "options",
    }  # fmt: skip
    assert doc["annotations"], "a game of choices has decisions to judge"
    for note in doc["annotations"]:
        assert set(note) == keys
        assert note["loss"] >= 0 and note["verdict"] in ("", "inaccuracy", "mistake", "blunder")
        assert note["options"] > 1 and 0 <= note["seat"] < 2
    judged = sum(row["decisions"] for row in doc["summary"])
    assert judged == len(doc["annotations"])
    bad = cli("analyze", "games/toygame-5.json", "--seat", "7")
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1


def test_hint_margins_show_the_precision_the_game_scores_in() -> None:
    """A game scored in tens of points shows a tenth; one whose typical winning margin
    is 1.5 (Graenaland's conditions) a hundredth, where a tenth would read 0.0."""
    advice = [Advice(action=0, text="take S08", share=0.5, margin=0.034, visits=10)]
    assert hint_lines(advice, scale=10.0)[0].endswith("expected margin +0.0")
    assert hint_lines(advice, scale=1.5)[0].endswith("expected margin +0.03")
    nothing = [Advice(action=0, text="no", share=0.5, margin=-0.0001, visits=10)]
    assert hint_lines(nothing, scale=1.5)[0].endswith("expected margin +0.00")
