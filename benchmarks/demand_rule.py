"""Jórvík's demand rule measured for strength: a search seat that keeps one variant of
it against seats that keep another, head to head, on the same deals at every seating.

Since 2026-12-06 Jórvík's ``undoes`` hint names a viking put under one's own in a
demand column of 6 or more that only raises a price (it does not make one's own viking
the buyer), so no AI plays it (benchmarks/README.md, "Jórvík: a viking under one's own
that only raises a price"). Every AI of the tree keeps that rule, so ``ladder.py``
cannot seat one without it; this script does. A seat chooses with a copy of the game
whose hint names, besides the loading undoes:

* ``rule``: what the tree's does (from the 7th viking of a column on);
* ``none``: nothing in the demand phase (the hint before the rule);
* ``strict``: such a viking at every length (from the 2nd on), the rule first tried;
* a number N: such a viking from the column's Nth on (``rule`` is 7, ``strict`` 2).

None of them names a purchase (``undoes`` has named one that spends the coins a seat
keeps for its craftsmen since 2026-12-08): the rows measured before then re-measure
the tree of their day. The rules, the deal and ``evaluate`` are the same for every seat.

    nice python benchmarks/demand_rule.py --hero rule --other none --deals 12 --seed 800000
    nice python benchmarks/demand_rule.py --hero none --other rule --deals 12 --seed 800100

Printed: games, the hero's head-to-head share (the share of the other seats it finished
ahead of, ties half: 50% is no difference) with its 95% Wilson interval, its win share
and mean margin over the best other seat, and the demand phases of all the games with
a column of 7 vikings or more. ``--raw FILE`` appends one JSON line a game (seed, hero
seat, ranks, scores, demand phases and tall ones), the records ``paired.py`` reads.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import statistics
import sys
import time

from behaviour import TALL, PhaseWatch, Tally, jorvik_columns  # benchmarks/, next to this script
from ladder import h2h_share, win_share

from vikingcli.batch.tournament import wilson
from vikingcli.core.match import make_player
from vikingcli.core.registry import load_registry
from vikingcli.core.specs import parse_spec
from vikingcli.engine import Action, Game, State
from vikingcli_jorvik.heuristic import TALL_COLUMN, raises_only
from vikingcli_jorvik.state import PH_LOAD

VARIANTS = {"rule": TALL_COLUMN, "none": 0, "strict": 1}
"""Variant -> the column length from which the demand rule names a viking (0: never)."""


def parse_variant(text: str) -> str:
    """A variant's name, or a column length from which the rule names a viking (2-8:
    the Nth viking of a column or later)."""
    if text in VARIANTS or (text.isdigit() and 2 <= int(text) <= 8):
        return text
    raise argparse.ArgumentTypeError(f"{text!r}: rule, none, strict or a length 2-8")


def _tall(name: str) -> int:
    return VARIANTS[name] if name in VARIANTS else int(name)


class Variant:
    """Jórvík as a seat keeping one variant of the demand rule sees it: the same game,
    its ``undoes`` hint naming the loading undoes and the demand vikings of that
    variant."""

    def __init__(self, game: Game, variant: str) -> None:
        self._game = game
        hints = game.search_hints
        game_undoes = hints.undoes
        assert game_undoes is not None
        tall = _tall(variant)

        def undoes(state: State, action: Action) -> bool:
            if state.phase == PH_LOAD:
                return game_undoes(state, action)
            return bool(tall) and raises_only(state, action, tall)

        self.search_hints = dataclasses.replace(hints, undoes=undoes)

    def __getattr__(self, name: str) -> object:
        return getattr(self._game, name)


def play(game: Game, spec: str, n: int, seed: int, hero: int, variants: tuple[str, str]) -> dict:
    """One game: the hero at seat ``hero`` keeps ``variants[0]``, the others
    ``variants[1]``."""
    reg = load_registry()
    parsed = parse_spec(spec, reg.players)
    mine, theirs = (Variant(game, v) for v in variants)
    judges = [mine if seat == hero else theirs for seat in range(n)]
    players = [make_player(game, reg.players, parsed, seat, seed) for seat in range(n)]
    state = game.new_state(n, game.resolve_options({}), seed)
    tally, watch = Tally(), PhaseWatch()
    while (seat := game.to_move(state)) is not None:
        action = players[seat].choose(judges[seat], game.clone(state), seat)  # type: ignore[arg-type]
        game.apply(state, action)
        tallest, _, kind = jorvik_columns(state, [])
        watch.see(tallest, tally, kind)
    outcome = game.outcome(state)
    return {
        "seed": seed,
        "hero_seat": hero,
        "ranks": list(outcome.ranks),
        "scores": [float(x) for x in outcome.scores],
        "phases": tally.phases,
        "tall_phases": tally.tall_phases,
    }


def run_row(
    game: Game,
    spec: str,
    n: int,
    seed: int,
    deals: int,
    variants: tuple[str, str],
    raw: str | None = None,
) -> list[dict]:
    """Every seating of ``deals`` deals from ``seed`` (one, when every seat keeps the
    same variant): one record a game, with the hero's head-to-head share (``h2h``),
    win share and margin over the best other seat."""
    records = []
    # A table where every seat keeps the same variant is one game a deal, not n alike.
    heroes = range(1) if variants[0] == variants[1] else range(n)
    for s in range(seed, seed + deals):
        for hero in heroes:
            rec = play(game, spec, n, s, hero, variants)
            scores = rec["scores"]
            rec["h2h"] = h2h_share(rec["ranks"], hero)
            rec["win"] = win_share(rec["ranks"], hero)
            rec["margin"] = scores[hero] - max(x for i, x in enumerate(scores) if i != hero)
            records.append(rec)
            if raw:
                with open(raw, "a", encoding="utf-8") as f:
                    f.write(json.dumps(rec) + "\n")
    return records


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--spec", default="mcts:iterations=300", help="every seat's spec")
    ap.add_argument("--hero", type=parse_variant, default="rule", help="the hero's variant")
    ap.add_argument("--other", type=parse_variant, default="none", help="the other seats'")
    ap.add_argument("--deals", type=int, default=12)
    ap.add_argument("--seed", type=int, default=800000)
    ap.add_argument("--raw", help="append one JSON line a game to this file")
    args = ap.parse_args(argv)
    game = load_registry().games["jorvik"]
    start = time.perf_counter()
    recs = run_row(game, args.spec, args.players, args.seed, args.deals,
                   (args.hero, args.other), args.raw)  # fmt: skip
    games = len(recs)
    h2h = sum(r["h2h"] for r in recs)
    lo, hi = wilson(h2h, games)
    phases = sum(r["phases"] for r in recs)
    tall = sum(r["tall_phases"] for r in recs)
    print("| hero | others | spec | n | seeds | games | head to head | 95% Wilson "
          "| hero win share | mean margin "
          f"| demand phases with a column of {TALL}+ | wall s |")  # fmt: skip
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    print(f"| {args.hero} | {args.other} | {args.spec} | {args.players} "
          f"| {args.seed}-{args.seed + args.deals - 1} | {games} | {h2h / games:.1%} "
          f"| [{lo:.1%}, {hi:.1%}] | {sum(r['win'] for r in recs) / games:.1%} "
          f"| {statistics.mean(r['margin'] for r in recs):+.1f} | {tall} of {phases} "
          f"| {time.perf_counter() - start:.0f} |")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
