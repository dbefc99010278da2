"""Speed benchmark of every installed game with the built-in AI.

Per game and player count:

* random full games per second (one process, one core: a plain loop of
  ``legal_actions`` / ``apply`` with a seeded RNG, no checks);
* ``clone`` and ``determinize`` cost in microseconds (on mid-game states);
* MCTS iterations per second with the default parameters (random rollouts,
  the default depth cut-off: 20 plies, Graenaland 1) from the opening and from a
  mid-game position, and from the opening with ``depth=0`` (rollouts to the end)
  for comparison.

Usage::

    nice .venv/bin/python benchmarks/speed.py                 # every game
    nice .venv/bin/python benchmarks/speed.py --game jorvik --players 2 3
    nice .venv/bin/python benchmarks/speed.py --budget 2 --json

``--budget`` is the seconds spent on each measurement (default 1.5). ``--cpu`` counts
them, and every rate, in CPU time of the measuring process instead of wall time: a
machine busy with other work then slows a figure far less (it still shares caches). ``--depth N``
replaces the game's default cut-off for the MCTS figures (each build's own default
otherwise): a game whose depth hint changed between two builds is compared at one
depth, e.g. ``--compare git:0f3273f pure --game jorvik --depth 20``.

Two builds side by side (``--compare A B``, default ``pure compiled``): every
measurement above, for each game at its default table size (or ``--players``),
run by A and by B in turn in fresh processes, ``--rounds`` times (default 5) with
the order alternating (A B, B A, ...) so load that drifts during the run hits both
alike; then per figure the ratio B/A of each round (for the µs figures A/B, so
above 1 always means B is faster) with its min, median and max. A build is
``pure`` (the working tree's sources), ``compiled`` (the working tree compiled
with mypyc, built once into ``build/`` and reused while the sources are
unchanged), ``git:REV`` (the sources of a commit) or a directory to put first on
``PYTHONPATH``::

    nice .venv/bin/python benchmarks/speed.py --compare                  # pure vs compiled
    nice .venv/bin/python benchmarks/speed.py --compare git:HEAD~3 pure --game graenaland
"""

from __future__ import annotations

import argparse
import hashlib
import json
import platform
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import builds  # benchmarks/builds.py, next to this script

from vikingcli.core.registry import load_registry
from vikingcli.engine import Game
from vikingcli_ai import mcts as mcts_module

try:
    from vikingcli_ai.hints import default_depth
except ImportError:  # a build of a commit before vikingcli_ai.hints (--compare git:REV)
    from vikingcli_ai.mcts import default_depth  # type: ignore[attr-defined,no-redef]
from vikingcli_ai.mcts import Search, SearchConfig

CLOCK = time.perf_counter
"""The clock of every figure: wall time, or CPU time with ``--cpu``."""


def random_games(
    game: Game, n: int, options: dict[str, str], budget: float, seed: int = 0
) -> tuple[float, float]:
    """Full random games in ``budget`` seconds: (games per second, mean plies)."""
    rng = random.Random(seed)
    start = CLOCK()
    games = plies = 0
    to_move, legal, apply = game.to_move, game.legal_actions, game.apply
    while True:
        state = game.new_state(n, options, seed + games)
        while to_move(state) is not None:
            acts = legal(state)
            apply(state, acts[int(rng.random() * len(acts))])
            plies += 1
        games += 1
        if CLOCK() - start >= budget and games >= 3:
            break
    elapsed = CLOCK() - start
    return games / elapsed, plies / games


def mid_states(
    game: Game, n: int, options: dict[str, str], count: int, seed: int = 1
) -> list[Any]:
    """States about halfway through seeded random games (cloned)."""
    out = []
    rng = random.Random(seed)
    for k in range(count):
        state = game.new_state(n, options, seed + k)
        length = 0
        probe = game.clone(state)
        while game.to_move(probe) is not None:
            acts = game.legal_actions(probe)
            game.apply(probe, acts[int(rng.random() * len(acts))])
            length += 1
        for _ in range(length // 2):
            acts = game.legal_actions(state)
            game.apply(state, acts[int(rng.random() * len(acts))])
        out.append(state)
    return out


def per_call_us(fn: Callable[[Any], object], states: list[Any], budget: float) -> float:
    start = CLOCK()
    calls = 0
    while True:
        for s in states:
            fn(s)
        calls += len(states)
        if CLOCK() - start >= budget:
            break
    return (CLOCK() - start) / calls * 1e6


def mcts_rate(game: Game, state: Any, cfg: SearchConfig, budget: float, seed: int = 0) -> float:
    seat = game.to_move(state)
    assert seat is not None, "a finished game has no search to time"
    search = Search(game, state, seat, cfg, random.Random(seed))
    start = CLOCK()
    if CLOCK is time.perf_counter:
        search.run(0, budget)
    else:  # the search's own deadline is wall time: run it in small fixed steps
        while CLOCK() - start < budget:
            search.run(50)
    return search.iterations / (CLOCK() - start)


def measure(game: Game, n: int, budget: float, depth: int | None = None) -> dict[str, Any]:
    options = game.resolve_options({})
    gps, plies = random_games(game, n, options, budget)
    mids = [s for s in mid_states(game, n, options, 8) if game.to_move(s) is not None]
    clone_us = per_call_us(game.clone, mids, budget / 3)
    rng = random.Random(5)
    seats = {id(s): game.to_move(s) or 0 for s in mids}
    det_us = per_call_us(lambda s: game.determinize(s, seats[id(s)], rng), mids, budget / 3)
    opening = game.new_state(n, options, 11)
    if depth is None:
        depth = default_depth(game)
    default = SearchConfig(depth=depth)
    it_open = mcts_rate(game, opening, default, budget)
    it_mid = mcts_rate(game, mids[0], default, budget) if mids else float("nan")
    it_open_full = mcts_rate(game, opening, SearchConfig(depth=0), budget)
    return {
        "game": game.name,
        "players": n,
        "compiled": not str(mcts_module.__file__).endswith(".py"),
        "random_games_per_s": round(gps, 1),
        "plies_per_game": round(plies, 1),
        "clone_us": round(clone_us, 1),
        "determinize_us": round(det_us, 1),
        "mcts_default_depth": depth,
        "mcts_it_per_s_opening": round(it_open),
        "mcts_it_per_s_midgame": round(it_mid),
        "mcts_it_per_s_opening_depth0": round(it_open_full),
    }


COLUMNS = [
    ("game", "game", "{}"),
    ("players", "n", "{}"),
    ("random_games_per_s", "rand g/s", "{:.1f}"),
    ("plies_per_game", "plies", "{:.0f}"),
    ("clone_us", "clone us", "{:.1f}"),
    ("determinize_us", "det us", "{:.1f}"),
    ("mcts_default_depth", "depth", "{}"),
    ("mcts_it_per_s_opening", "it/s open", "{}"),
    ("mcts_it_per_s_midgame", "it/s mid", "{}"),
    ("mcts_it_per_s_opening_depth0", "it/s open d0", "{}"),
]


# -- two builds, interleaved -------------------------------------------------------

FASTER_IS_HIGHER = {
    "random_games_per_s": True,
    "clone_us": False,
    "determinize_us": False,
    "mcts_it_per_s_opening": True,
    "mcts_it_per_s_midgame": True,
    "mcts_it_per_s_opening_depth0": True,
}


def _sources_digest() -> str:
    """A digest of what the compiled build is made from, naming its cache."""
    h = hashlib.sha256()
    sources = [p for root in builds.source_paths(builds.REPO) for p in root.rglob("*.py")]
    for path in [*sorted(sources), builds.REPO / "setup.py"]:
        h.update(str(path.relative_to(builds.REPO)).encode() + b"\0" + path.read_bytes())
    return h.hexdigest()[:12]


def make_build(spec: str, scratch: Path) -> builds.Build:
    if spec == "pure":
        return builds.pure()
    if spec == "compiled":
        print("# building the compiled version (minutes on a busy machine)...", file=sys.stderr)
        return builds.compiled(builds.REPO / "build" / f"compiled-{_sources_digest()}")
    if spec.startswith("git:"):
        return builds.commit(spec[4:], scratch / f"commit-{len(list(scratch.iterdir()))}")
    path = Path(spec)
    if not path.is_dir():
        raise builds.BuildError(
            f"unknown build {spec!r} (pure, compiled, git:REV or a directory)"
        )
    return builds.Build(spec, builds.source_paths(path.resolve()))


def _measure_in(
    build: builds.Build, game: str, n: int, budget: float, depth: int | None
) -> dict[str, Any]:
    cmd = [sys.executable, str(Path(__file__).resolve()), "--json", "--game", game,
           "--players", str(n), "--budget", str(budget)]
    if CLOCK is time.process_time:
        cmd.append("--cpu")
    if depth is not None:
        cmd += ["--depth", str(depth)]
    done = subprocess.run(cmd, env=build.env(), capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise builds.BuildError(f"{build.label}: speed.py failed:\n{done.stderr.strip()}")
    return json.loads(done.stdout.splitlines()[-1])


def compare(
    specs: list[str], tables: list[tuple[str, int]], rounds: int, budget: float,
    depth: int | None = None,
) -> int:
    with tempfile.TemporaryDirectory() as tmp:
        a, b = (make_build(spec, Path(tmp)) for spec in specs)
        print(f"# python {platform.python_version()} on {platform.machine()}; A = {a.label}"
              f" ({a.path}), B = {b.label} ({b.path}); {rounds} rounds, order alternating"
              + ("" if depth is None else f"; MCTS depth {depth} in both")
              + ("; CPU time" if CLOCK is time.process_time else "; wall time"))
        for game, n in tables:
            rows: dict[str, list[dict[str, Any]]] = {"A": [], "B": []}
            for r in range(rounds):
                order = [("A", a), ("B", b)] if r % 2 == 0 else [("B", b), ("A", a)]
                for key, build in order:
                    rows[key].append(_measure_in(build, game, n, budget, depth))
            kinds = {key: {row["compiled"] for row in rows[key]} for key in rows}
            print(f"\n## {game} {n}p (A compiled: {kinds['A']}, B compiled: {kinds['B']})")
            print("| figure | A median | B median | B/A min | B/A median | B/A max |")
            print("|---|---|---|---|---|---|")
            for figure, higher in FASTER_IS_HIGHER.items():
                pairs = [(ra[figure], rb[figure]) for ra, rb in zip(rows["A"], rows["B"])]
                ratios = sorted((vb / va if higher else va / vb) for va, vb in pairs)
                med_a = statistics.median(va for va, _ in pairs)
                med_b = statistics.median(vb for _, vb in pairs)
                print(f"| {figure} | {med_a:g} | {med_b:g} | {ratios[0]:.2f} |"
                      f" {statistics.median(ratios):.2f} | {ratios[-1]:.2f} |", flush=True)
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", action="append", help="only these games (repeatable)")
    ap.add_argument("--players", type=int, nargs="*", help="only these player counts")
    ap.add_argument("--budget", type=float, default=1.5, help="seconds per measurement")
    ap.add_argument("--json", action="store_true", help="one JSON object per line")
    ap.add_argument("--cpu", action="store_true", help="budgets and rates in CPU time")
    ap.add_argument("--depth", type=int, help="MCTS cut-off for every game (default: each"
                    " game's own)")
    ap.add_argument("--compare", nargs="*", metavar="BUILD",
                    help="two builds, interleaved (default: pure compiled)")
    ap.add_argument("--rounds", type=int, default=5, help="rounds of --compare (default 5)")
    args = ap.parse_args(argv)
    global CLOCK
    CLOCK = time.process_time if args.cpu else time.perf_counter
    reg = load_registry()
    if args.compare is not None:
        specs = args.compare or ["pure", "compiled"]
        if len(specs) != 2 or args.rounds < 1:
            print("speed.py: --compare takes two builds and --rounds at least 1", file=sys.stderr)
            return 2
        tables = [
            (name, n)
            for name in (args.game or sorted(reg.games))
            for n in (args.players or [reg.game(name).default_players])
        ]
        try:
            return compare(specs, tables, args.rounds, args.budget, args.depth)
        except builds.BuildError as exc:
            print(f"speed.py: {exc}", file=sys.stderr)
            return 2
    names = args.game or sorted(reg.games)
    if not args.json:
        print(f"# python {platform.python_version()} on {platform.machine()}")
        print("| " + " | ".join(h for _, h, _ in COLUMNS) + " |")
        print("|" + "---|" * len(COLUMNS))
    for name in names:
        game = reg.game(name)
        counts = args.players or range(game.min_players, game.max_players + 1)
        for n in counts:
            if not game.min_players <= n <= game.max_players:
                continue
            row = measure(game, n, args.budget, args.depth)
            if args.json:
                print(json.dumps(row), flush=True)
            else:
                print("| " + " | ".join(f.format(row[k]) for k, _, f in COLUMNS) + " |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
