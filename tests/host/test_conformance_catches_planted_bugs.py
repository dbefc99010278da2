"""Issue 37 item 2: the ten bug classes a plugin author planted in a trick-taking game
that the conformance suite missed. Each is planted here in the toy game, and the suite
must fail it with the check named (the nine it already caught are in
test_conformance_catches_broken_games.py)."""

from __future__ import annotations

import random
import re
from collections.abc import Sequence
from typing import Any

import pytest
from vikingcli_toygame import RuneDuel, RuneState

from vikingcli.engine import Outcome
from vikingcli.engine.codec import ActionCodec, Template, Values
from vikingcli.engine.testing import play_random

OPTIONS = {"hand": "3"}


class AcceptsAnotherSeatsCard(RuneDuel):
    """apply takes the card from whichever hand holds it."""

    def apply(self, state: RuneState, action: Any) -> RuneState:
        seat = self.to_move(state)
        if seat is not None and isinstance(action, int) and action not in state.hands[seat]:
            for hand in state.hands:
                if action in hand:
                    hand.remove(action)
                    state.hands[seat].append(action)
                    break
        return super().apply(state, action)


class ShowsTheMoversHand(RuneDuel):
    """Every seat's observation carries the hand of the seat to move."""

    def observation_schema(self) -> None:
        return None  # the schema would catch the extra key; the leak is the class here

    def observation(self, state: RuneState, seat: int) -> dict[str, Any]:
        obs = super().observation(state, seat)
        mover = self.to_move(state)
        obs["mover_hand"] = [] if mover is None else list(state.hands[mover])
        return obs


class DrawsEveryHand(RuneDuel):
    """render draws every hand face up, whoever looks."""

    def render(self, state: RuneState, seat: int | None) -> str:
        return "\n".join(f"seat {i}: {h}" for i, h in enumerate(state.hands))


class TellsTheNewHand(RuneDuel):
    """On the one ply that deals the deck's last card, everyone is told the drawer's
    new hand (a leak on a single draw ply: a suite narrating every 10th ply misses it)."""

    def narrate(self, before: RuneState, action: Any, after: RuneState, seat: int | None) -> Any:
        lines = super().narrate(before, action, after, seat)
        if before.deck and not after.deck:
            mover = self.to_move(before)
            assert mover is not None
            lines.append(f"seat {mover} now holds {after.hands[mover]}")
        return lines


class RanksReversed(RuneDuel):
    def outcome(self, state: RuneState) -> Outcome:
        out = super().outcome(state)
        worst = max(out.ranks) + 1
        return Outcome(out.scores, tuple(worst - r for r in out.ranks), breakdown=out.breakdown)


class ScoresSwapped(RuneDuel):
    """The first and last seats' scores change places; the ranks stay right."""

    def outcome(self, state: RuneState) -> Outcome:
        out = super().outcome(state)
        return Outcome(out.scores[::-1], out.ranks, breakdown=out.breakdown)


class ScoresAndRanksSwapped(RuneDuel):
    """Seats mixed up whole: scores and ranks agree, but not with the score track."""

    def outcome(self, state: RuneState) -> Outcome:
        out = super().outcome(state)
        return Outcome(out.scores[::-1], out.ranks[::-1], breakdown=out.breakdown)


class SortsTheHiddenDeck(RuneDuel):
    """to_json sorts the deck: the snapshot reads the same twice but deals other cards."""

    def to_json(self, state: RuneState) -> dict[str, Any]:
        data = super().to_json(state)
        data["deck"] = sorted(state.deck)
        return data


class DeterminizeCopies(RuneDuel):
    """determinize returns the true state: the AI sees every hand."""

    def determinize(self, state: RuneState, seat: int, rng: random.Random) -> RuneState:
        return self.clone(state)


class ObservationOutsideSchema(RuneDuel):
    """The schema bounds a hand at 4 cards; the observation reports an undealt card."""

    def observation(self, state: RuneState, seat: int) -> dict[str, Any]:
        obs = super().observation(state, seat)
        obs["deck_size"] = len(state.deck) + 100
        return obs


class CodecNotABijection(RuneDuel):
    """Runes 11 and 12 share a number."""

    def action_codec(self, n_players: int, options: Any) -> ActionCodec:
        class Folding(Values):
            def encode(self, value: Any) -> int:
                return super().encode(min(value, 11) if isinstance(value, int) else value)

        runes = Folding("rune", tuple(range(1, 13)))
        return ActionCodec([Template((), (runes,), "play", scalar=True)])


PLANTED: Sequence[tuple[type[RuneDuel], int, str]] = [
    (AcceptsAnotherSeatsCard, 2, "apply accepted"),
    (ShowsTheMoversHand, 2, "determinize changed what seat 1 observes"),
    (DrawsEveryHand, 2, "render leaks to seat"),
    (TellsTheNewHand, 3, "narration leaks to seat"),
    (RanksReversed, 3, "ranks disagree with scores"),
    (ScoresSwapped, 3, "ranks disagree with scores"),
    (ScoresAndRanksSwapped, 3, "are not the final score track"),
    (SortsTheHiddenDeck, 2, "from_json(to_json(s)) plays differently from s"),
    (DeterminizeCopies, 2, "determinize never re-dealt"),
    (ObservationOutsideSchema, 2, "observation is outside its schema at deck_size"),
    (CodecNotABijection, 2, "the action codec is not a bijection"),
]


@pytest.mark.parametrize(
    ("broken", "n", "check"), PLANTED, ids=[cls.__name__ for cls, _, _ in PLANTED]
)
def test_item2_each_planted_bug_fails_its_named_check(broken: type, n: int, check: str) -> None:
    for seed in range(3):
        play_random(RuneDuel(), n, OPTIONS, seed)  # the toy itself is sound at these seeds
    with pytest.raises(AssertionError, match=re.escape(check)):
        for seed in range(3):
            play_random(broken(), n, OPTIONS, seed)
