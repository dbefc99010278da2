"""Thinking time per move of ``play``'s default AI against the time budget it replaced.

``play`` seats the person against ``mcts`` with a budget counted in iterations, so
that ``play --seed N`` with the same moves replays the same game (a budget in
seconds searches as far as the machine gets, so the AI's moves depend on the load).
This measures, per game at its default table size, the wall-clock time of each of
the mcts seat's decisions (forced ones, with one legal move, left out) for each
spec given, in a seeded game against greedy seats, so an iterations budget can be
picked whose time per move is about what ``mcts:seconds=1`` took::

    nice .venv/bin/python benchmarks/default_ai.py
    nice .venv/bin/python benchmarks/default_ai.py --spec mcts:iterations=1000 --moves 20

Prints one row per game and spec: decisions timed, mean / median / max seconds.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time

from vikingcli.core.match import make_player
from vikingcli.core.registry import load_registry
from vikingcli.core.specs import parse_spec
from vikingcli.engine import Game

DEFAULT_SPECS = ("mcts:seconds=1", "mcts:iterations=1000", "mcts:iterations=2000")


def decision_times(
    game: Game, spec_text: str, moves: int, seed: int, players: int | None = None
) -> list[float]:
    """Seconds of each of seat 0's first ``moves`` real decisions in a seeded game of
    seat 0 (``spec_text``) against greedy seats at ``players`` seats (default: the
    game's default table size)."""
    reg = load_registry()
    n = players or game.default_players
    specs = [parse_spec(spec_text, reg.players)] + [parse_spec("greedy", reg.players)] * (n - 1)
    seats = [make_player(game, reg.players, s, i, seed) for i, s in enumerate(specs)]
    state = game.new_state(n, game.resolve_options({}), seed)
    times: list[float] = []
    while len(times) < moves:
        seat = game.to_move(state)
        if seat is None:
            break
        timed = seat == 0 and len(game.legal_actions(state)) > 1
        start = time.perf_counter()
        action = seats[seat].choose(game, game.clone(state), seat)
        if timed:
            times.append(time.perf_counter() - start)
        game.apply(state, action)
    return times


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", action="append", help="only these games (repeatable)")
    ap.add_argument("--spec", action="append", help=f"specs to time (default: {DEFAULT_SPECS})")
    ap.add_argument("--moves", type=int, default=12, help="decisions timed per game and spec")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args(argv)
    reg = load_registry()
    names = args.game or sorted(reg.games)
    print("| game | n | spec | decisions | mean s | median s | max s |")
    print("|---|---|---|---|---|---|---|")
    for name in names:
        game = reg.games[name]
        for spec in args.spec or DEFAULT_SPECS:
            t = decision_times(game, spec, args.moves, args.seed)
            if not t:
                continue
            print(
                f"| {name} | {game.default_players} | {spec} | {len(t)} |"
                f" {statistics.mean(t):.2f} | {statistics.median(t):.2f} | {max(t):.2f} |",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
