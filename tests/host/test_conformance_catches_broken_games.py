"""The conformance suite must catch broken engines, not just pass good ones."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from vikingcli_toygame import RuneDuel, RuneState

from vikingcli.engine import IllegalAction
from vikingcli.engine.testing import (
    check_narration,
    check_replay,
    configurations,
    conformance_suite,
    iter_states,
    play_random,
)

OPTIONS = {"hand": "3"}


class AcceptsJunk(RuneDuel):
    def apply(self, state: RuneState, action: Any) -> RuneState:
        if not isinstance(action, int):
            return state
        return super().apply(state, action)


class HalfApplies(RuneDuel):
    def apply(self, state: RuneState, action: Any) -> RuneState:
        state.turn = (state.turn + 1) % state.n
        if not isinstance(action, int) or action not in state.hands[self.to_move(state) or 0]:
            raise IllegalAction("no")
        state.turn = (state.turn - 1) % state.n
        return super().apply(state, action)


class LeakyDeterminize(RuneDuel):
    def determinize(self, state: RuneState, seat: int, rng: random.Random) -> RuneState:
        s = super().determinize(state, seat, rng)
        s.hands[seat] = sorted(s.hands[(seat + 1) % s.n])
        return s


class SharedClone(RuneDuel):
    def clone(self, state: RuneState) -> RuneState:
        s = super().clone(state)
        s.hands = state.hands
        return s


class LossySnapshot(RuneDuel):
    def to_json(self, state: RuneState) -> dict[str, Any]:
        data = super().to_json(state)
        data["twelves"] = [0] * state.n
        return data


class BadText(RuneDuel):
    def parse_action(self, state: RuneState, text: str) -> int:
        value = super().parse_action(state, text)
        actions = self.legal_actions(state)
        return actions[0] if value == actions[-1] and len(actions) > 1 else value


class UnseededSetup(RuneDuel):
    def new_state(self, n_players: int, options: Any, seed: int) -> RuneState:
        return super().new_state(n_players, options, random.randrange(10**9))


class NeverEnds(RuneDuel):
    def observation_schema(self) -> None:
        return None  # an endless pile outgrows any bound: the check under test is the end

    def apply(self, state: RuneState, action: Any) -> RuneState:
        super().apply(state, action)
        if not any(state.hands):
            state.hands[0].append(1)
        return state


class HiddenInObservation(RuneDuel):
    def observation(self, state: RuneState, seat: int) -> dict[str, Any]:
        obs = super().observation(state, seat)
        obs["deck"] = list(state.deck)
        return obs


class WideRender(RuneDuel):
    def render(self, state: RuneState, seat: int | None) -> str:
        return "=" * 81


class EvaluateAllDisagrees(RuneDuel):
    # A per-seat shortcut that forgot a term: search would score cut-offs differently.
    def evaluate_all(self, state: RuneState) -> list[float]:
        return [v + 1.0 for v in super().evaluate_all(state)]


@pytest.mark.parametrize(
    ("broken", "message"),
    [
        (AcceptsJunk, "accepted the illegal action"),
        (HalfApplies, "changed the state"),
        (LeakyDeterminize, "changed what the acting seat observes"),
        (SharedClone, "changed the original"),
        (LossySnapshot, "from_json(to_json(s)) differs"),
        (BadText, "parse(format("),
        (UnseededSetup, "not deterministic"),
        (NeverEnds, "did not end"),
        (HiddenInObservation, "changed what the acting seat observes"),
        (WideRender, "wider than 80 columns"),
        (EvaluateAllDisagrees, "evaluate_all returned"),
    ],
)
def test_suite_catches_a_deliberately_broken_copy(broken: type, message: str) -> None:
    with pytest.raises(AssertionError, match=re.escape(message)):
        play_random(broken(), 2, OPTIONS, seed=1, max_steps=200)


def test_suite_catches_a_game_that_differs_between_runs_of_the_same_seed() -> None:
    counter = iter(range(10**6))

    class Drifting(RuneDuel):
        def format_action(self, state: RuneState, action: Any) -> str:
            next(counter)
            return super().format_action(state, action)

        def legal_actions(self, state: RuneState) -> Any:
            actions = list(super().legal_actions(state))
            return actions[::-1] if next(counter) % 2 else actions

    with pytest.raises(AssertionError):
        check_replay(Drifting(), 2, OPTIONS, seed=1)


def test_the_good_fixture_passes_and_every_configuration_is_covered() -> None:
    configs = configurations(RuneDuel())
    assert (2, {"hand": "3"}) in configs and (4, {"hand": "3"}) in configs
    assert (2, {"hand": "2"}) in configs and (4, {"hand": "4"}) in configs
    log, _ = play_random(RuneDuel(), 3, OPTIONS, seed=5)
    assert len(log) == 24


def test_hypothesis_shrinks_a_failing_path_to_the_moves_that_break_it() -> None:
    class BreaksAfterALowRune(RuneDuel):
        """determinize breaks the contract only once a rune went under a higher one."""

        def determinize(self, state: RuneState, seat: int, rng: random.Random) -> RuneState:
            s = super().determinize(state, seat, rng)
            if any(b < a for a, b in zip(s.pile, s.pile[1:])):
                s.scores[seat] += 1
            return s

    suite = conformance_suite(BreaksAfterALowRune(), paths=50, path_length=40)
    with pytest.raises(AssertionError, match="determinize changed") as failure:
        suite().test_any_path_keeps_the_contract()
    notes = "\n".join(getattr(failure.value, "__notes__", []))
    moves = [line for line in notes.splitlines() if " plays " in line]
    # Shrunk: two runes suffice (any rune, then a lower one); a random path is far longer.
    assert 2 <= len(moves) <= 3, notes


class TellsEveryoneTheDraw(RuneDuel):
    def narrate(self, before: RuneState, action: Any, after: RuneState, seat: int | None) -> Any:
        lines = super().narrate(before, action, after, seat)
        if len(after.deck) < len(before.deck):
            lines[1:] = [f"drew rune {before.deck[-1]}"]
        return lines


def test_no_leak_check_passes_a_game_that_tells_a_draw_only_to_its_drawer() -> None:
    game = RuneDuel()
    rng = random.Random(3)
    for state in iter_states(game, 3, OPTIONS, seed=3):
        if game.to_move(state) is not None:
            check_narration(game, state, rng)


def test_no_leak_check_catches_a_narration_that_tells_everyone_the_draw() -> None:
    game = TellsEveryoneTheDraw()
    rng = random.Random(3)
    with pytest.raises(AssertionError, match="narration leaks to seat"):
        for state in iter_states(game, 3, OPTIONS, seed=3):
            if game.to_move(state) is not None:
                check_narration(game, state, rng)
