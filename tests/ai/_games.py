"""The games the AI tests run on: every installed game plus the RuneDuel fixture."""

from __future__ import annotations

import random
from typing import Any

from vikingcli_toygame import RuneDuel, RuneState

from vikingcli.engine import Game
from vikingcli.registry import load_registry


class CanonicalRuneDuel(RuneDuel):
    """RuneDuel whose ``determinize`` depends only on the observation.

    The fixture builds its pool of unseen cards in the order of the hidden deck,
    so two states that differ only in hidden cards re-deal differently from the
    same RNG. This variant sorts the pool first: what every game's determinize
    has to do for the decision test to hold exactly."""

    name = "toygame-canonical"

    def determinize(self, state: RuneState, seat: int, rng: random.Random) -> RuneState:
        s = self.clone(state)
        unseen = list(s.deck)
        for i, hand in enumerate(s.hands):
            if i != seat:
                unseen.extend(hand)
        unseen.sort()
        rng.shuffle(unseen)
        for i, hand in enumerate(s.hands):
            if i != seat:
                k = len(hand)
                s.hands[i] = sorted(unseen[:k])
                del unseen[:k]
        s.deck = unseen
        return s


def installed_games() -> dict[str, Game]:
    games = dict(load_registry().games)
    games.setdefault("toygame", RuneDuel())
    return dict(sorted(games.items()))


GAMES = installed_games()
"""Every installed, loading game plus the fixture (name -> Game)."""

DECISION_GAMES = {**GAMES, "toygame-canonical": CanonicalRuneDuel()}


def positions(game: Game, n: int, seed: int, count: int, options: dict[str, Any] | None = None):
    """``count`` states spread over one seeded random game (clones; never finished)."""
    opts = game.resolve_options(options or {})
    rng = random.Random(seed)
    state = game.new_state(n, opts, seed)
    trace = []
    while game.to_move(state) is not None:
        trace.append(game.clone(state))
        acts = game.legal_actions(state)
        game.apply(state, acts[rng.randrange(len(acts))])
    if len(trace) <= count:
        return trace
    step = len(trace) / count
    return [trace[int(i * step)] for i in range(count)]
