"""Two variants compared game by game on the same deals: the records ``ladder.py
--raw FILE`` wrote for each, paired by seed and the hero's seat.

A variant of the hero (a setting, a build) plays the deals a baseline played; a game's
seed and seating fix the deal and who sits where, so the difference of the two heroes'
results on the same game removes most of what the deal alone decides. Printed: how many
games pair up, each variant's mean on them, the mean difference (A - B) with its
standard error, and on how many games A did better or worse. Games only one side has
are left out (a run stopped early).

Usage (from the repository root, as every script here)::

    python benchmarks/paired.py 'runs/variant_*.jsonl' 'runs/default_*.jsonl'
    python benchmarks/paired.py A.jsonl B.jsonl --measure win

``--measure h2h`` (the default) scores a game by the share of the other seats the hero
finished ahead of (ties half), as ``ladder.py --measure h2h``; ``win`` by the hero's
share of the win (1/k for k tied first).
"""

from __future__ import annotations

import argparse
import glob
import json
import math
import statistics
import sys

from ladder import h2h_share, win_share  # benchmarks/ladder.py, next to this script


def score(record: dict[str, object], measure: str) -> float:
    """The hero's result in one ``--raw`` record, as ladder.py counts it."""
    seat = record["hero_seat"]
    ranks = record["ranks"]
    assert isinstance(seat, int) and isinstance(ranks, list)
    return (win_share if measure == "win" else h2h_share)(ranks, seat)


class BadInput(Exception):
    """A file that is not what ladder.py --raw writes: one line, exit code 2."""


def load(pattern: str, measure: str) -> dict[tuple[int, int], float]:
    """(seed, hero seat) -> the hero's result, from every file ``pattern`` names."""
    files = sorted(glob.glob(pattern))
    if not files:
        raise BadInput(f"no file matches {pattern!r}")
    out: dict[tuple[int, int], float] = {}
    for path in files:
        with open(path, encoding="utf-8") as fh:
            for number, line in enumerate(fh, 1):
                try:
                    rec = json.loads(line)
                    key = (int(rec["seed"]), int(rec["hero_seat"]))
                    value = score(rec, measure)
                except (ValueError, KeyError, TypeError, AssertionError, IndexError):
                    raise BadInput(f"{path}:{number}: not a ladder.py --raw record") from None
                if key in out:
                    raise BadInput(f"seed {key[0]}, seat {key[1]} twice in {pattern!r}")
                out[key] = value
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("a", help="variant A's --raw file(s) (a glob)")
    ap.add_argument("b", help="variant B's --raw file(s) (a glob)")
    ap.add_argument("--measure", choices=("h2h", "win"), default="h2h")
    args = ap.parse_args(argv)
    try:
        a, b = load(args.a, args.measure), load(args.b, args.measure)
    except (BadInput, OSError) as exc:
        print(f"paired.py: {exc}", file=sys.stderr)
        return 2
    keys = sorted(a.keys() & b.keys())
    if len(keys) < 2:
        print(f"paired.py: {len(keys)} game(s) in both; at least 2 are needed", file=sys.stderr)
        return 2
    diffs = [a[k] - b[k] for k in keys]
    se = statistics.stdev(diffs) / math.sqrt(len(diffs))
    seeds = sorted({seed for seed, _ in keys})
    mean_a = statistics.fmean(a[k] for k in keys)
    mean_b = statistics.fmean(b[k] for k in keys)
    print(
        f"{len(keys)} paired games (seeds {seeds[0]}-{seeds[-1]}): A {mean_a:.1%}"
        f" B {mean_b:.1%} diff {statistics.fmean(diffs):+.1%}"
        f" (se {se:.1%}); A better in {sum(d > 0 for d in diffs)}, worse in"
        f" {sum(d < 0 for d in diffs)}"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
