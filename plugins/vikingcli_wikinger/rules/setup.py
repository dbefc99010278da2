"""A new game: the shuffled stacks, bag and special tiles, start gold and VP, the start
player and the first round's offer (docs/rules/wikinger.md §2)."""

from __future__ import annotations

import random
from collections.abc import Mapping

from vikingcli.engine import randbelow, shuffle
from vikingcli_wikinger.data import (
    FIGURES_PER_COLOUR,
    N_COLOURS,
    N_SPECIAL_KINDS,
    SPECIAL_COUNTS,
    START_GOLD,
    START_TILES,
    START_VP,
    T_L,
    stack_tiles,
)
from vikingcli_wikinger.rules import settle
from vikingcli_wikinger.rules.offer import start_round
from vikingcli_wikinger.state import State


def new_state(n_players: int, options: Mapping[str, str], seed: int) -> State:
    """A shuffled game at the start of round 1 (§2); ``options`` holds every option
    (``Game.resolve_options``)."""
    if not 2 <= n_players <= 4:
        raise ValueError(f"wikinger is for 2-4 players, not {n_players}")
    start: int | None = None
    if options["start"] != "random":
        start = int(options["start"])
        if start >= n_players:
            raise ValueError(
                f"option start={options['start']}: there are only {n_players} players"
            )
    n = n_players
    advanced = options["mode"] == "advanced"
    rng = random.Random(seed)
    s = State.empty(n, advanced, options["bidding"] == "yes")
    s.gold = [START_GOLD[n]] * n
    s.vp = [START_VP] * n
    tiles = stack_tiles()
    shuffle(rng, tiles)
    s.stacks = tiles
    bag = [x for x in range(N_COLOURS) for _ in range(FIGURES_PER_COLOUR)]
    shuffle(rng, bag)
    s.bag = bag
    pile = [k for k in range(N_SPECIAL_KINDS) for _ in range(SPECIAL_COUNTS[k])]
    shuffle(rng, pile)
    if advanced:
        s.pile = pile
    else:
        s.pile = []
        s.box_specials = sorted(pile)  # basic game: the special tiles stay in the box
    s.box_tiles = [T_L] * (START_TILES - n)  # unused start tiles
    s.start = randbelow(rng, n) if start is None else start
    start_round(s)
    settle(s)
    return s
