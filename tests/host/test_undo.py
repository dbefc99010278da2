"""undo at the prompt: back to the person's previous decision, replayed from the seed."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest
from vikingcli_toygame import RuneDuel

from vikingcli.core.match import Match, QuitGame, Seat
from vikingcli.core.registry import load_registry
from vikingcli.core.specs import parse_spec
from vikingcli.engine import Game
from vikingcli.engine.players import PlayerKind
from vikingcli.table.local import play_here
from vikingcli.table.prompt import HumanPlayer


def _kinds(script: list[Any], seen: list[list[str]]) -> dict[str, PlayerKind]:
    def ask(prompt: str, legal: list[str]) -> str:
        seen.append(legal)
        step = script.pop(0)
        return step(legal) if callable(step) else step

    def make(game: Game, seat: int, params: Mapping[str, Any]) -> HumanPlayer:
        return HumanPlayer(ask=ask, show=lambda text: None)

    kinds = dict(load_registry().players)
    kinds["human"] = PlayerKind("human", "scripted person", make, interactive=True)
    return kinds


def _quit(legal: list[str]) -> str:
    raise QuitGame


def test_undo_goes_back_to_the_persons_previous_decision() -> None:
    seen: list[list[str]] = []
    kinds = _kinds([lambda legal: legal[0], lambda legal: legal[-1], "undo", _quit], seen)
    seats = [Seat("alice", parse_spec("human", kinds)), Seat("bot", parse_spec("random", kinds))]
    match = Match(RuneDuel(), {"hand": "3"}, 11, seats)
    with pytest.raises(QuitGame):
        play_here(match, kinds, lambda m: None, pace=0, show=lambda text: None)
    # alice moved twice (the bot in between), undid the second: back before it.
    assert seen[3] == seen[1]
    assert len(match.actions) == 2
    assert match.movers() == [0, 1]


def test_undo_before_any_decision_changes_nothing() -> None:
    seen: list[list[str]] = []
    kinds = _kinds(["undo", _quit], seen)
    seats = [Seat("alice", parse_spec("human", kinds)), Seat("bot", parse_spec("random", kinds))]
    match = Match(RuneDuel(), {"hand": "3"}, 11, seats)
    with pytest.raises(QuitGame):
        play_here(match, kinds, lambda m: None, pace=0, show=lambda text: None)
    assert seen[0] == seen[1] and match.actions == []


def test_another_person_can_refuse_an_undo() -> None:
    seen: list[list[str]] = []
    shown: list[str] = []
    kinds = _kinds([lambda legal: legal[0], lambda legal: legal[0], "undo", _quit], seen)
    seats = [Seat("alice", parse_spec("human", kinds)), Seat("bob", parse_spec("human", kinds))]
    match = Match(RuneDuel(), {"hand": "3"}, 11, seats)
    # Three hand-overs; then bob is handed the screen before he is asked (alice's
    # hand is not on it), answers, and the screen goes back to alice.
    answers = iter(["", "", "", "", "n", ""])
    with pytest.raises(QuitGame):
        play_here(
            match, kinds, lambda m: None, pace=0, show=shown.append, ask=lambda q: next(answers)
        )
    assert "bob does not agree: no undo." in shown
    assert len(match.actions) == 2
