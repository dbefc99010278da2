"""How often two searches choose different moves at the same positions: a diagnosis of
why more thinking does (or does not) play stronger.

Positions come from seeded games whose every seat plays ``--play`` (default
``mcts:iterations=300``): at every ``--every``-th decision with more than one legal
move, each ``--spec`` chooses from the same position twice, with two player seeds.
Printed per kind of decision (a step of a chain the game's ``settle`` search hint
names, such as Jórvík's loading turns, or any other) and per pair of choices: how many
positions, and the share where the two differ, with its 95% Wilson interval. A spec
against itself (its two seeds) is how much its choice is noise; two specs against each
other (each's first seed) is how much the bigger budget changes the choice. Where the
second is no larger than the first, more budget mostly re-draws the noise.

Usage (from the repository root, as every script here)::

    nice python benchmarks/agreement.py --game jorvik --seed 774900 --games 6 --every 4
    nice python benchmarks/agreement.py --game wikinger --players 2 --spec greedy \\
        --spec mcts:iterations=300 --games 1

Seeds: the game of ``--seed`` + g is dealt with that seed; a search's two seeds are
derived from it, the decision's number and 1 or 2, so a run is a function of its
arguments.
"""

from __future__ import annotations

import argparse
import collections
import itertools
import sys
from collections.abc import Hashable
from typing import Any

from vikingcli.batch.tournament import wilson
from vikingcli.core.match import make_player
from vikingcli.core.registry import Registry, load_registry
from vikingcli.core.specs import PlayerSpec, parse_spec
from vikingcli.engine import Game, SpecError

DEFAULT_SPECS = ("mcts:iterations=300", "mcts:iterations=1000")
Counts = collections.Counter[tuple[str, str]]


Picks = dict[tuple[str, int], Hashable]


def _choices(game: Game, reg: Registry, specs: dict[str, PlayerSpec], state: Any, seat: int,
             base: int) -> Picks:  # fmt: skip
    """Each spec's choice at ``state`` with player seeds ``base`` + 1 and + 2."""
    return {(text, k): make_player(game, reg.players, spec, seat, base + k).choose(
                game, game.clone(state), seat)
            for text, spec in specs.items() for k in (1, 2)}  # fmt: skip


def _tally(counts: Counts, kind: str, picks: Picks,
           names: list[str]) -> None:  # fmt: skip
    counts[(kind, "positions")] += 1
    for a in names:
        counts[(kind, f"{a} vs itself")] += picks[(a, 1)] != picks[(a, 2)]
    for a, b in itertools.combinations(names, 2):
        counts[(kind, f"{a} vs {b}")] += picks[(a, 1)] != picks[(b, 1)]


def measure(game: Game, players: int, play: str, names: list[str], seed: int, games: int,
            every: int) -> Counts:  # fmt: skip
    """The counts of differing choices (see the module docstring)."""
    reg = load_registry()
    specs = {text: parse_spec(text, reg.players) for text in names}
    mover = parse_spec(play, reg.players)
    settle = game.search_hints.settle
    counts: Counts = collections.Counter()
    for g in range(games):
        deal = seed + g
        seats = [make_player(game, reg.players, mover, i, deal) for i in range(players)]
        state = game.new_state(players, game.resolve_options({}), deal)
        decision = 0
        while (seat := game.to_move(state)) is not None:
            if len(game.legal_actions(state)) > 1:
                decision += 1
                if decision % every == 0:
                    kind = "chain step" if settle is not None and settle(state) else "other"
                    base = deal * 7919 + decision * 13
                    _tally(counts, kind, _choices(game, reg, specs, state, seat, base), names)
            game.apply(state, seats[seat].choose(game, game.clone(state), seat))
    return counts


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", required=True)
    ap.add_argument("--players", type=int, help="default: the game's default table")
    ap.add_argument("--play", default="mcts:iterations=300", help="the spec of every seat")
    ap.add_argument("--spec", action="append", help=f"searches compared ({DEFAULT_SPECS})")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=2)
    ap.add_argument("--every", type=int, default=4, help="every k-th decision with a choice")
    args = ap.parse_args(argv)
    reg = load_registry()
    if args.game not in reg.games:
        print(f"agreement.py: no game {args.game!r} ({', '.join(sorted(reg.games))})",
              file=sys.stderr)  # fmt: skip
        return 2
    game = reg.games[args.game]
    names = list(args.spec or DEFAULT_SPECS)
    try:
        counts = measure(game, args.players or game.default_players, args.play, names,
                         args.seed, args.games, max(1, args.every))  # fmt: skip
    except SpecError as exc:
        print(f"agreement.py: {exc}", file=sys.stderr)
        return 2
    print("| decisions | pair | positions | differ | 95% Wilson |\n|---|---|---|---|---|")
    for kind in ("other", "chain step"):
        n = counts[(kind, "positions")]
        for (k, pair), differ in counts.items():
            if k == kind and pair != "positions" and n:
                lo, hi = wilson(differ, n)
                print(f"| {kind} | {pair} | {n} | {differ / n:.1%} | [{lo:.1%}, {hi:.1%}] |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
