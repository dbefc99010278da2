"""The search's judgement of a position, for people: ``hint`` and ``analyze``.

The same search as the ``mcts`` player, from the deciding seat's own view (every
iteration starts from ``determinize``), with two additions: the final-score margin
of that seat is averaged per root action, and the root may be limited to a few
candidates so that a move to annotate gets its share of the search however poor
the search thinks it is.

Where the game asks for the flat search (Graenaland), advice comes from it too, so
that a hint names what the ``mcts`` player would play: candidates are ordered by
their mean value to the seat (the flat search's own choice first), and a move's
"share" is the share of passes (deals) in which it was the best candidate.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence

import orjson

from vikingcli.engine import Action, Advice, Game, State
from vikingcli_ai.flat import FlatSearch
from vikingcli_ai.greedy import greedy_values
from vikingcli_ai.hints import default_depth
from vikingcli_ai.mcts import Search, SearchConfig

CANDIDATES = 8
"""With moves to annotate, the root is limited to them and the best of the rest by
one-ply ``evaluate``, this many in all (so every one is searched enough to judge)."""


def _seed(game: Game, state: State, seat: int) -> int:
    """A seed from what the seat observes: the same position as the seat sees it
    gets the same advice, whatever is hidden from it."""
    seen = orjson.dumps(game.observation(state, seat), option=orjson.OPT_SORT_KEYS)
    return int.from_bytes(hashlib.blake2b(seen, digest_size=8).digest(), "big")


def advise(
    game: Game,
    state: State,
    seat: int,
    seconds: float = 0.0,
    iterations: int = 1000,
    include: Sequence[Action] = (),
) -> list[Advice]:
    """Candidate moves for ``seat`` in ``state``, most visited first."""
    legal = list(game.legal_actions(state))
    rng = random.Random(_seed(game, state, seat))
    if len(legal) == 1:
        return [Advice(legal[0], game.format_action(state, legal[0]), 1.0, 0.0, 0)]
    if game.search_hints.method == "flat":
        return _advise_flat(game, state, seat, rng, legal, seconds, iterations, include)
    cfg = SearchConfig(iterations=iterations, seconds=seconds, depth=default_depth(game))
    search = Search(game, state, seat, cfg, rng)
    if include and len(legal) > CANDIDATES:
        chosen = [a for a in include if a in legal]
        values = greedy_values(game, game.determinize(state, seat, rng), seat, legal)
        ranked = [a for _, a in sorted(zip(values, range(len(legal))), key=lambda t: -t[0])]
        for index in ranked:
            if len(chosen) >= CANDIDATES:
                break
            if legal[index] not in chosen:
                chosen.append(legal[index])
        search.root_only = frozenset(chosen)
    search.run(iterations, seconds)
    stats = search.root_stats()
    total = sum(n for n, _, _ in stats.values()) or 1
    out = [
        Advice(
            action=a,
            text=game.format_action(state, a),
            share=n / total,
            margin=search.root_margin.get(a, 0.0) / n,
            visits=n,
        )
        for a, (n, _, _) in stats.items()
        if n
    ]
    out.sort(key=lambda x: (-x.visits, -x.margin, x.text))
    return out


def _advise_flat(
    game: Game,
    state: State,
    seat: int,
    rng: random.Random,
    legal: list[Action],
    seconds: float,
    iterations: int,
    include: Sequence[Action],
) -> list[Advice]:
    search = FlatSearch(game, state, seat, rng)
    search.track = True
    search.deepen = False
    chosen = search.run(legal, iterations, seconds, include)
    passes = search.passes or 1
    ranked = []
    for i, action in enumerate(search.candidates):
        k = search.counts[i]
        if not k:
            continue
        advice = Advice(
            action=action,
            text=game.format_action(state, action),
            share=search.firsts[i] / passes,
            margin=search.margins[i] / k,
            visits=k,
        )
        # The flat search's own choice first, then by mean value to the seat.
        ranked.append((action != chosen, -search.sums[i] / k, i, advice))
    ranked.sort(key=lambda t: t[:3])
    return [t[3] for t in ranked]
