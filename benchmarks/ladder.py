"""AI-strength ladder, played with the Python API of ``vikingcli run``
(:func:`vikingcli.batch.run_games`).

For each pairing, the hero spec plays against the other specs at every seat
rotation; every rotation uses the same ``--seed`` and so the same deals. Each
game is the record ``vikingcli run GAME -p ... --games K --seed S --json`` prints; the
hero's win share (a tie for first counts 1/k) is printed with a 95% Wilson
interval and the target it is measured against.

Default pairings (per installed game and table size):

* 2 players: greedy vs random (target >= 80%), mcts:iterations=300 vs greedy
  (target >= 70%);
* 3+ players: one mcts:iterations=300 seat against greedy seats (target >= 2/n).

Usage::

    nice .venv/bin/python benchmarks/ladder.py --deals 30           # everything
    nice .venv/bin/python benchmarks/ladder.py --game jorvik --players 2 --deals 10
    nice .venv/bin/python benchmarks/ladder.py --game wikinger --players 3 \\
        --hero mcts:iterations=300 --other greedy --deals 20 --jobs 2

``--points CATEGORY`` adds a line per row with the hero's points in one category of
the records' final scoring (``--points craftsmen`` for Jórvík: its mean, and in how
many games the hero scored none there).

A 2-player row with ``--deals 30`` is 60 games (30 deals x 2 seatings); an n-player
row plays n seatings per deal. ``--jobs`` is run_games' worker processes (``run -j``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from vikingcli.batch import run_games
from vikingcli.batch.tournament import wilson
from vikingcli.cli.batch import JSON_VERSION
from vikingcli.core.registry import Registry


@dataclass
class Row:
    game: str
    players: int
    hero: str
    other: str
    target: float
    wins: float = 0.0
    games: int = 0
    forfeits: int = 0
    measure: str = "win"
    h2h: float = 0.0
    hero_scores: list[float] = field(default_factory=list)
    hero_points: list[float] = field(default_factory=list)
    """The hero's points in the final-scoring category ``--points`` names, per game."""
    best_other_scores: list[float] = field(default_factory=list)
    seconds: float = 0.0

    def points_line(self, category: str) -> str:
        """The hero's points in ``category``: mean, and in how many games none."""
        got = self.hero_points
        mean = sum(got) / len(got) if got else float("nan")
        none = sum(1 for x in got if x == 0)
        return f"hero {category}: mean {mean:.2f} points, 0 in {none} of {len(got)} games"

    def line(self) -> str:
        # The verdict is read from the measure the row was asked for: the win share,
        # or the head-to-head share (the hero against each other seat, one game
        # counted once), which is what "A vs B head to head" means at 3+ seats.
        judged = self.wins if self.measure == "win" else self.h2h
        lo, hi = wilson(judged, self.games)
        verdict = "met" if lo >= self.target else ("missed" if hi < self.target else "unclear")
        margin = (
            sum(h - o for h, o in zip(self.hero_scores, self.best_other_scores)) / self.games
            if self.games
            else float("nan")
        )
        share = self.wins / self.games if self.games else float("nan")
        h2h = self.h2h / self.games if self.games else float("nan")
        return (
            f"| {self.game} | {self.players} | {self.hero} vs {self.other} | {self.games} |"
            f" {share:.1%} | {h2h:.1%} | {self.measure} [{lo:.1%}, {hi:.1%}] |"
            f" >= {self.target:.0%} | {verdict} |"
            f" {margin:+.1f} | {self.forfeits} | {self.seconds:.0f} |"
        )


def win_share(ranks: Sequence[int], seat: int) -> float:
    """``seat``'s share of the win: 1/k for one of k tied first, else 0."""
    return 1.0 / ranks.count(1) if ranks[seat] == 1 else 0.0


def h2h_share(ranks: Sequence[int], seat: int) -> float:
    """The share of the other seats ``seat`` finished ahead of, a tie counting half."""
    mine = ranks[seat]
    others = [r for i, r in enumerate(ranks) if i != seat]
    return sum(1.0 if mine < r else 0.5 if mine == r else 0.0 for r in others) / len(others)


HEADER = (
    "| game | n | pairing | games | hero win share | head to head | 95% Wilson | target |"
    " verdict | mean margin | forfeits | wall s |\n"
    "|---|---|---|---|---|---|---|---|---|---|---|---|"
)


def run_row(
    reg: Registry,
    game: str,
    n: int,
    hero: str,
    other: str,
    target: float,
    deals: int,
    seed: int,
    jobs: int,
    options: dict[str, str],
    measure: str = "win",
    raw: str | None = None,
    points: str | None = None,
) -> Row:
    row = Row(game, n, hero, other, target, measure=measure)
    start = time.perf_counter()
    for shift in range(n):
        # The hero sits at seat ``shift``; everyone else plays ``other``.
        specs = [other] * n
        specs[shift] = hero
        series = run_games(
            game, specs, games=deals, seed=seed, options=options, jobs=jobs, registry=reg
        )
        for result in series.results:
            if raw:
                with open(raw, "a", encoding="utf-8") as fh:
                    rec = {"hero_seat": shift, "version": JSON_VERSION, **result.record}
                    fh.write(json.dumps(rec) + "\n")
            ranks = result.ranks
            scores = result.scores
            if result.forfeit:
                row.forfeits += 1
            row.games += 1
            row.wins += win_share(ranks, shift)
            row.h2h += h2h_share(ranks, shift)
            row.hero_scores.append(scores[shift])
            if points:
                final = (result.record.get("breakdown") or {}).get("final") or {}
                if points not in final:
                    raise SystemExit(f"the records have no final-scoring category {points!r}")
                row.hero_points.append(final[points][shift])
            row.best_other_scores.append(max(s for i, s in enumerate(scores) if i != shift))
    row.seconds = time.perf_counter() - start
    return row


def default_rows(game: str, n: int, mcts: str) -> list[tuple[str, str, float]]:
    if n == 2:
        return [("greedy", "random", 0.80), (mcts, "greedy", 0.70)]
    return [(mcts, "greedy", 2.0 / n)]


def parse_options(ap: argparse.ArgumentParser, pairs: list[str]) -> dict[str, str]:
    """The ``-o KEY=VALUE`` game options given (also behaviour.py's); a pair without
    ``=`` stops the script with argparse's one-line usage error."""
    options: dict[str, str] = {}
    for pair in pairs:
        key, eq, value = pair.partition("=")
        if not eq:
            ap.error(f"option {pair!r} is not KEY=VALUE")
        options[key.strip()] = value.strip()
    return options


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", action="append", help="only these games (repeatable)")
    ap.add_argument("--players", type=int, nargs="*", help="only these table sizes")
    ap.add_argument("--deals", type=int, default=30, help="seeds per seating (default 30)")
    ap.add_argument("--seed", type=int, default=1000, help="first seed (default 1000)")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    ap.add_argument("--mcts", default="mcts:iterations=300", help="the mcts spec to rate")
    ap.add_argument("--hero", help="custom pairing: the hero spec (with --other)")
    ap.add_argument("--other", help="custom pairing: the spec of every other seat")
    ap.add_argument("--target", type=float, help="custom pairing: target share (default 2/n)")
    ap.add_argument(
        "--measure",
        choices=("win", "h2h"),
        default="win",
        help="custom pairing: judge the win share or the head-to-head share (default win)",
    )
    ap.add_argument("--raw", help="append every game's JSON record (and the hero's seat) here")
    ap.add_argument("-o", "--option", action="append", default=[], help="game option K=V")
    ap.add_argument(
        "--points",
        metavar="CATEGORY",
        help="also print the hero's points in this final-scoring category of the records"
        " (e.g. jorvik's craftsmen): mean, and in how many games none",
    )
    args = ap.parse_args(argv)

    from vikingcli.core.registry import load_registry

    reg = load_registry()
    options = parse_options(ap, args.option)
    names = args.game or sorted(g for g in reg.games if g != "toygame")
    print(HEADER, flush=True)
    for name in names:
        g = reg.game(name)
        sizes = args.players or range(g.min_players, g.max_players + 1)
        for n in sizes:
            if not g.min_players <= n <= g.max_players:
                continue
            if args.hero:
                pairs = [(args.hero, args.other or "greedy", args.target or 2.0 / n)]
                measure = args.measure
            else:
                pairs = default_rows(name, n, args.mcts)
                measure = "win"
            for hero, other, target in pairs:
                row = run_row(
                    reg,
                    name,
                    n,
                    hero,
                    other,
                    target,
                    args.deals,
                    args.seed,
                    args.jobs,
                    options,
                    measure,
                    args.raw,
                    args.points,
                )
                print(row.line(), flush=True)
                if args.points:
                    print(row.points_line(args.points), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
