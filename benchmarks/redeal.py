"""MCTS iterations per second with ``redeal`` K against the default (a fresh deal every
iteration), in one process, interleaved: each round measures K=1 and then every K
from the opening of the same deal; prints the ratio K/1 (min / median / max)::

    nice .venv/bin/python benchmarks/redeal.py --redeal 4 16 --rounds 5

Speed only: whether sharing deals costs strength is a question for ladder.py.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time

from vikingcli.core.registry import load_registry
from vikingcli.engine import Game

try:
    from vikingcli_ai.hints import default_depth
except ImportError:  # a build of a commit before vikingcli_ai.hints (--compare git:REV)
    from vikingcli_ai.mcts import default_depth  # type: ignore[attr-defined,no-redef]
from vikingcli_ai.mcts import Search, SearchConfig


def rate(game: Game, state: object, redeal: int, budget: float) -> float:
    seat = game.to_move(state)
    assert seat is not None
    cfg = SearchConfig(depth=default_depth(game), redeal=redeal)
    search = Search(game, state, seat, cfg, random.Random(0))
    start = time.perf_counter()
    search.run(0, budget)
    return search.iterations / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", action="append", help="only these games (repeatable)")
    ap.add_argument("--redeal", type=int, nargs="+", default=[4, 16], help="values of K")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--budget", type=float, default=1.0, help="seconds per measurement")
    args = ap.parse_args(argv)
    if args.rounds < 1 or min(args.redeal) < 1:
        print("redeal.py: --rounds and every --redeal must be at least 1", file=sys.stderr)
        return 2
    reg = load_registry()
    print("| game | n | " + " | ".join(f"K={k} / K=1 min, median, max" for k in args.redeal) + " |")
    print("|---|---|" + "---|" * len(args.redeal))
    for name in args.game or sorted(reg.games):
        game = reg.game(name)
        n = game.default_players
        state = game.new_state(n, game.resolve_options({}), 11)
        ratios: dict[int, list[float]] = {k: [] for k in args.redeal}
        for _ in range(args.rounds):
            base = rate(game, state, 1, args.budget)
            for k in args.redeal:
                ratios[k].append(rate(game, state, k, args.budget) / base)
        cells = [
            f"{min(v):.2f}, {statistics.median(v):.2f}, {max(v):.2f}" for v in ratios.values()
        ]
        print(f"| {name} | {n} | " + " | ".join(cells) + " |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
