"""``evaluate_all`` (the defence standing worked out once) returns exactly what
``evaluate`` returns seat by seat, and a loading phase read once for all its positions
judges each as if worked out from itself: search scores its cut-offs and greedy steps
with these, so any drift would change the AI's moves. Every state of seeded random
games, with and without the Jarl."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from vikingcli.engine.testing import iter_states
from vikingcli_jorvik.game import JorvikGame
from vikingcli_jorvik.state import PH_LOAD

GAME = JorvikGame()


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("mode", ["karl", "jarl"])
def test_evaluate_all_is_evaluate_of_every_seat(n: int, mode: str) -> None:
    options = GAME.resolve_options({"mode": mode})
    for seed in range(5):
        for s in iter_states(GAME, n, options, seed):
            assert GAME.evaluate_all(s) == [GAME.evaluate(s, seat) for seat in range(n)]


def _afresh(s: Any) -> Any:
    """The position with nothing carried over: every reading worked out from itself."""
    fresh = GAME.clone(s)
    fresh.clear_caches()
    return fresh


def _loading_steps(n: int, mode: str, seeds: range) -> Iterator[tuple[Any, Any]]:
    """Per loading position of seeded random games, the position and a
    determinization of it from its mover's seat, as a search judges a loading step."""
    options = GAME.resolve_options({"mode": mode})
    for seed in seeds:
        rng = random.Random(seed)
        for s in iter_states(GAME, n, options, seed):
            if s.phase == PH_LOAD:
                yield s, GAME.determinize(s, s.actor, rng)


@pytest.mark.parametrize("n", [2, 4, 5])
@pytest.mark.parametrize("mode", ["karl", "jarl"])
def test_rule_3_4_a_loading_phase_is_read_once_and_judged_as_afresh(n: int, mode: str) -> None:
    """§3.4: a loading phase moves goods and coins and boxes one-shot cards, never a
    card of the deck, an offer or a warrior. What the heuristic reads alike at every
    position of the phase is worked out once and shared (the game's positions along
    the game, and a determinization's children, as greedy steps judge them); each
    position is judged exactly as if worked out from itself."""
    shared = 0  # steps whose children read one reading (not all ended the phase)
    for s, d in _loading_steps(n, mode, range(3)):
        assert [GAME.evaluate(s, p) for p in range(n)] == [
            GAME.evaluate(_afresh(s), p) for p in range(n)
        ]
        for a in GAME.legal_actions(d):
            child = GAME.apply(GAME.clone(d), a)
            afresh = _afresh(child)
            for p in range(n):
                assert GAME.evaluate(child, p) == GAME.evaluate(afresh, p), (
                    f"{child!r} after {GAME.format_action(d, a)}: seat {p} read stale"
                )
            assert GAME.evaluate_all(child) == GAME.evaluate_all(afresh)
        shared += d.phase_reading is not None and d.phase_reading.value is not None
    assert shared > 0


def test_twin_a_reading_of_another_phase_is_caught() -> None:
    """The check above can fail: a loading position given the reading of an earlier
    round's loading phase (the deck was shorter by a round's cards, the defence
    otherwise) is judged otherwise than afresh."""
    caught = checked = 0
    for seed in range(3):
        earlier = None
        for s, _ in _loading_steps(4, "karl", range(seed, seed + 1)):
            if earlier is not None and earlier.round < s.round:
                s.phase_reading = earlier.phase_reading
                checked += 1
                caught += any(GAME.evaluate(s, p) != GAME.evaluate(_afresh(s), p) for p in range(4))
            else:
                GAME.evaluate(s, 0)  # fills this phase's reading
                earlier = s
    assert checked > 0 and caught > 0
