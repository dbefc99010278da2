"""Re-measure every strength and speed figure the READMEs state as current, each beside
its claim.

Every row of ``claims.CLAIMS`` (benchmarks/claims.py) is one stated figure: an id,
the document and section that state it, what measures it (a pairing of players, a
speed figure, a start-up ratio, ...; ``measures.py``), the first of the fresh seeds it
is measured on (each row has its own block, 380000 and up, never used for tuning or
for any figure in the documents), how many games (or rounds, repeats, decisions) and
the figure stated. A new figure in a README is one more entry in ``claims.py``.
Printed per row: the claim, the measurement, its interval, and whether they agree:

* a share (win or head to head), a share of games, a mean or an Elo gap: the stated
  figure lies in the measurement's 95% interval (Wilson for shares, normal for
  means; an Elo gap's is the Wilson interval's ends turned into Elo);
* a speed, time or start-up figure: the stated figure lies within the range of the
  repeats, widened by ``measures.SPEED_NOISE`` either way (the documents' own measure of
  run-to-run noise on the shared machine), since such figures are of one machine
  and one load.

Usage (from the repository root, as every script here)::

    nice python benchmarks/reproduce.py --list             # the rows, cheapest first
    nice python benchmarks/reproduce.py --only levels-wikinger-easy-medium
    nice python benchmarks/reproduce.py --quick --only speed-jorvik-2p-random
    nice python benchmarks/reproduce.py --cheap            # every row without mcts
    nice python benchmarks/reproduce.py                    # every row (days of CPU)

``--quick`` plays one deal per seating (one repeat, two rounds, two decisions): a
smoke test of the row, not a measurement. ``--json`` prints one JSON object a row.

A figure of the clock (speed, start-up, seconds a decision, a pairing at equal time)
was measured on one build, pure or compiled, and ``--list`` names it; run on the other
build, such a row is printed as skipped (the compiled build's rows: run this script
with the Python of a ``VIKINGCLI_MYPYC=1 pip install .``). Figures of fixed budgets
are the same on both builds (tests/compiled) and run on either.
"""

from __future__ import annotations

import argparse
import importlib.machinery
import json
import math
import sys
import time

from claims import CLAIMS, Claim  # benchmarks/claims.py, next to this script
from measures import Measured

import vikingcli_ai.mcts
from vikingcli.core.registry import Registry, load_registry


def _fmt(x: float, unit: str) -> str:
    if unit == "%":
        return f"{x:.1%}"
    if unit == "Elo":
        return f"{x:+.0f}" if math.isfinite(x) else ("+inf" if x > 0 else "-inf")
    if unit == "/s":
        return f"{x:.1f}"
    return f"{x:.2f}"


def running_build() -> str:
    """The build this run plays on: "compiled" when the AI is a mypyc extension module
    (``VIKINGCLI_MYPYC=1 pip install .``), else "pure"."""
    path = vikingcli_ai.mcts.__file__ or ""
    return "compiled" if path.endswith(tuple(importlib.machinery.EXTENSION_SUFFIXES)) else "pure"


def _cost(c: Claim) -> tuple[int, int]:
    return (int(c.what.mcts()), c.games)


def _args(argv: list[str] | None) -> argparse.Namespace:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--list", action="store_true", help="list the rows and exit")
    ap.add_argument("--only", action="append", metavar="ID", help="only this row (repeatable)")
    ap.add_argument("--cheap", action="store_true", help="only rows without a search player")
    ap.add_argument("--quick", action="store_true", help="a smoke test: a deal a seating")
    ap.add_argument("--json", action="store_true", help="one JSON object a row")
    return ap.parse_args(argv)


def _print_list(rows: list[Claim]) -> None:
    print("| id | doc: section | stated | seeds | games | build | command |\n"
          "|---|---|---|---|---|---|---|")  # fmt: skip
    for c in rows:
        print(f"| {c.id} | {c.doc}: {c.section} | {_fmt(c.stated, c.what.unit)} | {c.seed} |"
              f" {c.games} | {c.build or 'any'} |"
              f" {c.what.command(c.seed, c.games)} |")  # fmt: skip


def _print_skipped(c: Claim, build: str, as_json: bool) -> None:
    """A clock's figure of another build: measuring it here would judge this build by it."""
    if as_json:
        print(json.dumps({"id": c.id, "doc": c.doc, "section": c.section, "stated": c.stated,
                          "verdict": "skipped", "build": c.build, "running": build}),
              flush=True)  # fmt: skip
        return
    skipped = f"skipped: a figure of the {c.build} build, this run is {build}"
    print(f"| {c.id} | {_fmt(c.stated, c.what.unit)} | - | - | 0 | {skipped} | 0 |", flush=True)


def _measure(c: Claim, reg: Registry, games: int, build: str, as_json: bool) -> None:
    start = time.perf_counter()
    got: Measured = c.what.run(reg, c.seed, games)
    wall = time.perf_counter() - start
    verdict = "agree" if got.agrees(c.stated) else "disagree"
    unit = c.what.unit
    if as_json:
        print(json.dumps({"id": c.id, "doc": c.doc, "section": c.section,
                          "stated": c.stated, "measured": got.value, "low": got.low,
                          "high": got.high, "games": got.count, "seed": c.seed,
                          "verdict": verdict, "wall_s": round(wall, 1), "build": build,
                          "command": c.what.command(c.seed, games)}), flush=True)  # fmt: skip
        return
    print(f"| {c.id} | {_fmt(c.stated, unit)} | {_fmt(got.value, unit)} |"
          f" [{_fmt(got.low, unit)}, {_fmt(got.high, unit)}] | {got.count} | {verdict} |"
          f" {wall:.0f} |", flush=True)  # fmt: skip


def main(argv: list[str] | None = None) -> int:
    args = _args(argv)
    by_id = {c.id: c for c in CLAIMS}
    for wanted in args.only or []:
        if wanted not in by_id:
            print(f"reproduce.py: no row {wanted!r} (--list shows them)", file=sys.stderr)
            return 2
    rows = sorted((by_id[i] for i in args.only) if args.only else CLAIMS, key=_cost)
    if args.cheap:
        rows = [c for c in rows if not c.what.mcts()]
    if args.list:
        _print_list(rows)
        return 0
    reg = load_registry()
    if not args.json:
        print("| id | stated | measured | interval | games | agree | wall s |\n"
              "|---|---|---|---|---|---|---|")  # fmt: skip
    build = running_build()
    for c in rows:
        if c.build and c.build != build:
            _print_skipped(c, build, args.json)
        else:
            _measure(c, reg, (c.quick_games or 1) if args.quick else c.games, build, args.json)
    return 0


if __name__ == "__main__":
    sys.exit(main())
