"""The search's judgement of a position, for people: ``hint`` and ``analyze``.

The same search as the ``mcts`` player, from the deciding seat's own view (every
iteration starts from ``determinize``), with two additions: the final-score margin
of that seat is averaged per root action, and the root may be limited to a few
candidates so that a move to annotate gets its share of the search however poor
the search thinks it is.

Moves are ranked by the value a person is shown: the expected final margin, or in
a game won by conditions (the ``measure`` hint ``"win"``, Graenaland) the estimated
chance to win, averaged over the playouts through that move.

Where the game asks for the flat search (Graenaland), advice comes from it too: a
move's "share" is the share of passes (deals) in which it was the best candidate.
Where the best few are equal on every deal, they are searched again through the
next chain of decisions, and a note says whether that told them apart.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import replace

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
    """Candidate moves for ``seat`` in ``state``, best first by the value a person is
    shown (:func:`ranked`)."""
    legal = list(game.legal_actions(state))
    rng = random.Random(_seed(game, state, seat))
    if len(legal) == 1:
        return [Advice(legal[0], game.format_action(state, legal[0]), 1.0, 0.0, 0)]
    if game.search_hints.method == "flat":
        return _advise_flat(game, state, seat, rng, legal, seconds, iterations, include)
    cfg = SearchConfig(iterations=iterations, seconds=seconds, depth=default_depth(game))
    search = Search(game, state, seat, cfg, rng)
    search.track_win = wins = game.search_hints.measure == "win"
    if include and len(legal) > CANDIDATES:
        chosen = [a for a in include if a in legal]
        values = greedy_values(game, game.determinize(state, seat, rng), seat, legal)
        ranked_ = [a for _, a in sorted(zip(values, range(len(legal))), key=lambda t: -t[0])]
        for index in ranked_:
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
            win=search.root_win.get(a, 0.0) / n if wins else None,
        )
        for a, (n, _, _) in stats.items()
        if n
    ]
    out.sort(key=lambda x: (-x.visits, x.text))  # equal values: the more searched first
    return ranked(out)


MIN_VISITS = 0.1
"""A move searched less than this share of the most searched one's visits is listed
after the others: its mean is too uncertain to be ranked on."""


def shown(advice: Advice) -> float:
    """The value a person is shown: the chance to win where estimated, else the margin."""
    return advice.win if advice.win is not None else advice.margin


def ranked(advice: list[Advice]) -> list[Advice]:
    """Best first by the value shown (:func:`shown`), the moves searched enough
    (:data:`MIN_VISITS`) before the rest; equal values keep their order."""
    most = max((a.visits for a in advice), default=0)
    return sorted(advice, key=lambda a: (a.visits < MIN_VISITS * most, -shown(a)))


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
    out = _flat_advice(game, state, search, chosen)
    tied = _tied(search, search.candidates.index(out[0].action))
    if len(tied) < 2:
        return out
    # The search cannot tell the best few apart on any deal (a vote whose result is
    # the same either way, hero moves whose votes count alike this round): search
    # them again through the next chain of decisions as well.
    deeper = FlatSearch(game, state, seat, rng, reach=search.reach + 1)
    deeper.track = True
    deeper.deepen = False
    moves = [search.candidates[i] for i in tied]
    again = _flat_advice(game, state, deeper, deeper.run(moves, iterations, seconds))
    still = _tied(deeper, deeper.candidates.index(again[0].action))
    count = {2: "both", 3: "all three"}.get(len(tied), f"all {len(tied)}")
    if len(still) == len(tied):
        note = f"{count} come out the same on every deal, searched through the next chain too"
    else:
        note = f"{count} came out the same; searched through the next chain too, as ranked"
    again = [replace(a, note=note) for a in again]
    rest = [a for a in out if a.action not in moves]
    return ranked(again + rest)


def _tied(search: FlatSearch, best: int) -> list[int]:
    """The candidates whose value equals that of candidate ``best`` on every deal."""
    out = []
    for i in range(len(search.candidates)):
        same = bool(search.trace)
        for values in search.trace:
            if not abs(values[i] - values[best]) <= 1e-9:  # nan (not played) is unequal
                same = False
                break
        if same:
            out.append(i)
    return out


def _flat_advice(game: Game, state: State, search: FlatSearch, chosen: Action) -> list[Advice]:
    passes = search.passes or 1
    wins = game.search_hints.measure == "win"
    out = []
    for i, action in enumerate(search.candidates):
        k = search.counts[i]
        if not k:
            continue
        out.append(
            Advice(
                action=action,
                text=game.format_action(state, action),
                share=search.firsts[i] / passes,
                margin=search.margins[i] / k,
                visits=k,
                win=search.wins[i] / k if wins else None,
            )
        )
    # Equal values: the flat search's own choice first, then by mean value to the seat.
    sums = dict(zip(search.candidates, search.sums))
    out.sort(key=lambda a: (a.action != chosen, -sums[a.action] / a.visits))
    return ranked(out)
