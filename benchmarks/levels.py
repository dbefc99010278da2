"""How far apart the AI levels play (``play --level``): each level against the one
below it, head to head, with ``vikingcli run`` through ``ladder.py``'s ``run_row``.

For each game, at its smallest table (2 seats where the game allows, else its
minimum; ``--players N`` for another, e.g. the game's default table), the stronger
level takes one seat and the weaker level every other seat, at every seat rotation,
on the same deals (``--seed`` onwards: fresh seeds, never used for tuning, 70000 and
up by default). The stronger level's head-to-head share (against each other seat, a
tie half) is printed with its 95% Wilson interval and the Elo difference that share
means, ``400 * log10(p / (1 - p))``, with the interval's ends
turned into Elo the same way. A pair is "≥ 100 Elo apart" only when the interval's
lower end is::

    nice .venv/bin/python benchmarks/levels.py --deals 30             # every game, every pair
    nice .venv/bin/python benchmarks/levels.py --game jorvik --pair easy:medium --deals 10

The levels themselves are read from ``vikingcli.core.levels`` (the one table ``play``
and the server use), so the script measures whatever the levels are now.
"""

from __future__ import annotations

import argparse
import itertools
import math
import sys

from ladder import run_row  # benchmarks/ladder.py, next to this script

from vikingcli.batch.tournament import wilson
from vikingcli.core.levels import LEVELS

TARGET_ELO = 100.0
"""The gap issue 38 asks between neighbouring levels."""


def elo(share: float) -> float:
    """The Elo difference a head-to-head share means (±inf at 0 and 1)."""
    if share <= 0.0:
        return -math.inf
    if share >= 1.0:
        return math.inf
    return 400.0 * math.log10(share / (1.0 - share))


def pairs(wanted: list[str] | None) -> list[tuple[str, str]]:
    """Neighbouring levels (weaker, stronger), or the ``WEAK:STRONG`` pairs asked for."""
    names = list(LEVELS)
    if not wanted:
        return list(itertools.pairwise(names))
    out = []
    for text in wanted:
        weak, _, strong = text.partition(":")
        if weak not in LEVELS or strong not in LEVELS:
            raise SystemExit(f"levels.py: {text!r} is not WEAK:STRONG of {', '.join(names)}")
        out.append((weak, strong))
    return out


HEADER = (
    "| game | n | stronger vs weaker | games | head to head | 95% Wilson | Elo | Elo interval"
    " | ≥ 100 Elo apart | wall s |\n|---|---|---|---|---|---|---|---|---|---|"
)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", action="append", help="only these games (repeatable)")
    ap.add_argument("--pair", action="append", help="WEAK:STRONG levels (default: neighbours)")
    ap.add_argument("--deals", type=int, default=30, help="seeds per seat rotation (default 30)")
    ap.add_argument("--seed", type=int, default=70000, help="first seed (default 70000)")
    ap.add_argument("--jobs", type=int, default=1, help="vikingcli run -j (default 1)")
    ap.add_argument("--players", type=int, help="seats (default: each game's smallest table)")
    args = ap.parse_args(argv)
    if args.deals < 1:
        print("levels.py: --deals must be at least 1", file=sys.stderr)
        return 2

    from vikingcli.core.registry import load_registry

    reg = load_registry()
    names = args.game or sorted(g for g in reg.games if g != "toygame")
    for name in names if args.players else ():
        game = reg.game(name)
        if not game.min_players <= args.players <= game.max_players:
            print(f"levels.py: {name} is played by {game.min_players}-{game.max_players}"
                  f" players, not {args.players}", file=sys.stderr)  # fmt: skip
            return 2
    print(f"seeds {args.seed}..{args.seed + args.deals - 1}, every seat rotation")
    print(HEADER, flush=True)
    for name in names:
        game = reg.game(name)
        n = args.players or max(2, game.min_players)
        for weak, strong in pairs(args.pair):
            row = run_row(reg, name, n, LEVELS[strong], LEVELS[weak], 0.5, args.deals,
                          args.seed, args.jobs, {}, "h2h")  # fmt: skip
            share = row.h2h / row.games
            lo, hi = wilson(row.h2h, row.games)
            gap = elo(share)
            low, high = elo(lo), elo(hi)
            verdict = "yes" if low >= TARGET_ELO else ("no" if high < TARGET_ELO else "unclear")
            print(
                f"| {name} | {n} | {strong} vs {weak} | {row.games} | {share:.1%} |"
                f" [{lo:.1%}, {hi:.1%}] | {gap:+.0f} | [{low:+.0f}, {high:+.0f}] | {verdict} |"
                f" {row.seconds:.0f} |",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
