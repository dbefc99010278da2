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

``--budget`` is the seconds spent on each measurement (default 1.5).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from typing import Any

from vikingcli.engine import Game
from vikingcli.registry import load_registry
from vikingcli_ai.mcts import Search, SearchConfig, default_depth


def random_games(game: Game, n: int, options: dict[str, str], budget: float, seed: int = 0):
    """Full random games in ``budget`` seconds: (games per second, mean plies, states seen)."""
    rng = random.Random(seed)
    start = time.perf_counter()
    games = plies = 0
    to_move, legal, apply = game.to_move, game.legal_actions, game.apply
    while True:
        state = game.new_state(n, options, seed + games)
        while to_move(state) is not None:
            acts = legal(state)
            apply(state, acts[int(rng.random() * len(acts))])
            plies += 1
        games += 1
        if time.perf_counter() - start >= budget and games >= 3:
            break
    elapsed = time.perf_counter() - start
    return games / elapsed, plies / games


def mid_states(game: Game, n: int, options: dict[str, str], count: int, seed: int = 1):
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


def per_call_us(fn, states, budget: float) -> float:
    start = time.perf_counter()
    calls = 0
    while True:
        for s in states:
            fn(s)
        calls += len(states)
        if time.perf_counter() - start >= budget:
            break
    return (time.perf_counter() - start) / calls * 1e6


def mcts_rate(game: Game, state: Any, cfg: SearchConfig, budget: float, seed: int = 0) -> float:
    seat = game.to_move(state)
    search = Search(game, state, seat, cfg, random.Random(seed))
    start = time.perf_counter()
    search.run(0, budget)
    return search.iterations / (time.perf_counter() - start)


def measure(game: Game, n: int, budget: float) -> dict[str, Any]:
    options = game.resolve_options({})
    gps, plies = random_games(game, n, options, budget)
    mids = [s for s in mid_states(game, n, options, 8) if game.to_move(s) is not None]
    clone_us = per_call_us(game.clone, mids, budget / 3)
    rng = random.Random(5)
    seats = {id(s): game.to_move(s) or 0 for s in mids}
    det_us = per_call_us(lambda s: game.determinize(s, seats[id(s)], rng), mids, budget / 3)
    opening = game.new_state(n, options, 11)
    depth = default_depth(game)
    default = SearchConfig(depth=depth)
    it_open = mcts_rate(game, opening, default, budget)
    it_mid = mcts_rate(game, mids[0], default, budget) if mids else float("nan")
    it_open_full = mcts_rate(game, opening, SearchConfig(depth=0), budget)
    return {
        "game": game.name,
        "players": n,
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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", action="append", help="only these games (repeatable)")
    ap.add_argument("--players", type=int, nargs="*", help="only these player counts")
    ap.add_argument("--budget", type=float, default=1.5, help="seconds per measurement")
    ap.add_argument("--json", action="store_true", help="one JSON object per line")
    args = ap.parse_args(argv)
    reg = load_registry()
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
            row = measure(game, n, args.budget)
            if args.json:
                print(json.dumps(row), flush=True)
            else:
                print("| " + " | ".join(f.format(row[k]) for k, _, f in COLUMNS) + " |", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
