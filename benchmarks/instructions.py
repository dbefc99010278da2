"""Instructions a fixed number of tree-search iterations costs, counted by valgrind's
callgrind, for two builds side by side: a measure of speed that the load of a shared
machine does not move (on this one, one build's random games per second ranged over
2x within a minute, so ``speed.py --compare``'s time ratios of two builds scatter as
much as the change they look for).

Per table and position (``speed.py``'s: the opening of seed 1, and the first of its
mid-game positions), each build runs ``--iterations`` iterations of the ``mcts``
search at the game's default cut-off, and again with none (the start-up, the deal,
the position): the difference is the search's. Printed: million instructions of
each, and B/A (below 1: B does the same search in fewer instructions). The count is
of the interpreter's instructions: it does not see cache misses or a busy core, so
read it beside a time measurement, not instead of one.

Usage::

    nice python benchmarks/instructions.py --compare git:REV pure --game jorvik \\
        --players 2 3 4 --iterations 300

Needs ``valgrind`` on the PATH (a run under it is about 50x slower).
"""

from __future__ import annotations

import argparse
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import builds  # benchmarks/builds.py, next to this script
from speed import make_build, mid_states

from vikingcli.core.registry import load_registry
from vikingcli_ai.hints import default_depth
from vikingcli_ai.mcts import Search, SearchConfig

POSITIONS = ("opening", "mid-game")


def search_once(game_name: str, n: int, where: str, iterations: int) -> None:
    """The measured work: ``iterations`` of the search from the position (none: only
    the start-up and the position, subtracted)."""
    game = load_registry().game(game_name)
    options = game.resolve_options({})
    if where == "opening":
        state = game.new_state(n, options, 1)
    else:
        state = next(s for s in mid_states(game, n, options, 8) if game.to_move(s) is not None)
    seat = game.to_move(state)
    assert seat is not None, "a finished game has no search to count"
    cfg = SearchConfig(depth=default_depth(game))
    Search(game, state, seat, cfg, random.Random(0)).run(iterations)


def count(build: builds.Build, game: str, n: int, where: str, iterations: int) -> int:
    """Instructions of one child run of this script under callgrind, in ``build``."""
    cmd = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
           sys.executable, str(Path(__file__).resolve()), "--child", game, str(n), where,
           str(iterations)]  # fmt: skip
    done = subprocess.run(cmd, env=build.env(), capture_output=True, text=True, check=False)
    found = re.search(r"Collected : (\d+)", done.stderr)
    if done.returncode != 0 or found is None:
        tail = done.stderr.strip().splitlines()[-3:]
        raise builds.BuildError(f"{build.label}: the run under valgrind failed: {tail}")
    return int(found.group(1))


def spent(build: builds.Build, game: str, n: int, where: str, iterations: int) -> int:
    """Instructions of ``iterations`` search iterations alone, in ``build``."""
    return count(build, game, n, where, iterations) - count(build, game, n, where, 0)


def ratio(specs: tuple[str, str], game: str, n: int, where: str, iterations: int) -> float:
    """B/A of :func:`spent` for the builds ``specs`` (reproduce.py's measure)."""
    with tempfile.TemporaryDirectory() as tmp:
        a, b = (make_build(spec, Path(tmp)) for spec in specs)
        return spent(b, game, n, where, iterations) / spent(a, game, n, where, iterations)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--compare", nargs=2, metavar="BUILD", default=["git:HEAD", "pure"],
                    help="two builds (pure, compiled, git:REV or a directory; default "
                    "git:HEAD pure: the working tree's change)")
    ap.add_argument("--game", action="append", help="only these games (repeatable)")
    ap.add_argument("--players", type=int, nargs="*", help="only these player counts")
    ap.add_argument("--position", choices=POSITIONS, action="append",
                    help="only this position (repeatable; default both)")
    ap.add_argument("--iterations", type=int, default=300, help="search iterations (300)")
    ap.add_argument("--child", nargs=4, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        game, n, where, iterations = args.child
        search_once(game, int(n), where, int(iterations))
        return 0
    if shutil.which("valgrind") is None:
        print("instructions.py: valgrind is not installed (apt install valgrind)", file=sys.stderr)
        return 2
    reg = load_registry()
    tables = [(g, n) for g in (args.game or sorted(reg.games))
              for n in (args.players or [reg.game(g).default_players])]  # fmt: skip
    with tempfile.TemporaryDirectory() as tmp:
        try:
            a, b = (make_build(spec, Path(tmp)) for spec in args.compare)
            print(f"# A = {a.label}, B = {b.label}; {args.iterations} iterations of mcts at"
                  " each game's default cut-off; million instructions of the search")
            print("| game | n | position | A | B | B/A |")
            print("|---|---|---|---|---|---|")
            for game, n in tables:
                for where in args.position or POSITIONS:
                    x, y = (spent(build, game, n, where, args.iterations) for build in (a, b))
                    print(f"| {game} | {n} | {where} | {x / 1e6:.0f} | {y / 1e6:.0f} |"
                          f" {y / x:.3f} |", flush=True)
        except builds.BuildError as exc:
            print(f"instructions.py: {exc}", file=sys.stderr)
            return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
