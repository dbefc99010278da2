"""The games the AI tests run on: every installed game plus the RuneDuel fixture."""

from __future__ import annotations

import random
from typing import Any

from vikingcli_toygame import RuneDuel

from vikingcli.core.registry import load_registry
from vikingcli.engine import Game


def installed_games() -> dict[str, Game]:
    games = dict(load_registry().games)
    games.setdefault("toygame", RuneDuel())
    return dict(sorted(games.items()))


GAMES = installed_games()
"""Every installed, loading game plus the fixture (name -> Game)."""

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
