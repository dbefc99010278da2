"""Does the AI play as people would? Counts of the behaviours issue 38 saw, per AI
spec (or level), over seeded games played with the Python API of ``vikingcli run``
(:func:`vikingcli.batch.run_games`): each game is saved, then its actions are replayed
from the seed and every position and move is looked at.

Per spec, over every seat it plays:

* ``decisions``: moves chosen while another was legal;
* ``no-op``: those that leave the mover to move seeing what it saw before
  (:func:`vikingcli_ai.sensible.no_op`);
* ``undo``: those the game's ``undoes`` hint names (Jórvík: taking back a good stored
  this turn, or storing straight back a good just taken out; Graenaland: voting
  against one's own offer);
* Jórvík only: ``thrown``, loading turns in which the seat took a good out of its
  storage and left it unused at the turn's end (to the common goods) with that storage
  still free to keep it, but in the game's last round, where a good kept counts no
  more (one ply did it: storing a good straight back undoes the take);
  craftsmen bought (in the card area at the end), those still unfilled
  at the end and when in the game they were bought (the round of the purchase, in
  the first, second or last third of the game's rounds: a craftsman bought late has
  few ships left to fill it), seats that bought one and ended with 0 craftsman points, the most
  vikings seen on one demand column (any owners) and of one seat on one column, and
  the demand phases in which a column reached TALL vikings, of all demand phases
  played (any seat's doing: with ``--other`` the spec itself, the spec's table),
  and the kinds of the cards those columns bid for (the tallest column of each).

Each row seats the spec once, every other seat ``--other`` (default greedy), the
spec at every seat in turn (n series of ``--deals`` seeds each, as
benchmarks/ladder.py); with ``--other`` the same as the spec every seat counts.
A level name (easy, medium, hard, expert) stands for its spec.

Usage::

    nice python benchmarks/behaviour.py --game jorvik --players 2 4 \\
        --spec easy --spec medium --deals 10 --seed 630000
    nice python benchmarks/behaviour.py --game graenaland --players 3 \\
        --spec mcts:iterations=300 --deals 4 --seed 630000
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ladder import parse_options  # benchmarks/ladder.py, next to this script

from vikingcli.batch import run_games
from vikingcli.core.levels import LEVELS
from vikingcli.core.registry import Registry, load_registry
from vikingcli.engine import Game
from vikingcli.saves.files import read_save_document
from vikingcli_ai.sensible import no_op
from vikingcli_jorvik.data import CRAFTSMAN, FULL_MASK, KIND, KIND_NAMES, WAREHOUSE_STORAGE
from vikingcli_jorvik.rules.encoding import OP_END, OP_TAKE
from vikingcli_jorvik.state import PH_LOAD


@dataclass
class Tally:
    """What one spec did over the seats it played."""

    seats: int = 0
    decisions: int = 0
    no_ops: int = 0
    undoing: int = 0
    thrown: int = 0
    """Loading turns that threw away a good taken out of storage (:class:`StoreWatch`)."""
    turns: int = 0
    """Loading turns played, but in each game's last round (what ``thrown`` is of)."""
    bought: int = 0
    unfilled: int = 0
    unfilled_when: list[int] = field(default_factory=lambda: [0, 0, 0])
    """The unfilled craftsmen by the third of the game's rounds they were bought in."""
    zero_after_buying: int = 0
    tallest: int = 0
    own_tallest: int = 0
    phases: int = 0
    tall_phases: int = 0
    tall_kinds: Counter[str] = field(default_factory=Counter)

    def line(self, game: str, n: int, spec: str, seconds: float) -> str:
        jorvik = game == "jorvik"

        def cell(x: int) -> str:
            return str(x) if jorvik else "-"

        return (
            f"| {game} | {n} | {spec} | {self.seats} | {self.decisions} | {self.no_ops} |"
            f" {self.undoing} | {f'{self.thrown} of {self.turns}' if jorvik else '-'} |"
            f" {cell(self.bought)} | {cell(self.unfilled)} |"
            f" {' / '.join(map(str, self.unfilled_when)) if jorvik else '-'} |"
            f" {cell(self.zero_after_buying)} | {cell(self.tallest)} |"
            f" {cell(self.own_tallest)} |"
            f" {f'{self.tall_phases} of {self.phases}' if jorvik else '-'} |"
            f" {self.kinds() if jorvik else '-'} | {seconds:.0f} |"
        )

    def kinds(self) -> str:
        """The tall columns' card kinds, the most often first (``none`` if no column was tall)."""
        return ", ".join(f"{k} {n}" for k, n in self.tall_kinds.most_common()) or "none"


TALL = 7
"""A demand column this tall (of 8 spaces) is the issue's "7 vikings stacked on one
column": the price has gone past every seat's coins at the start of a game, so the
vikings below the top are spent on raising it."""
HEADER = (
    "| game | n | spec | seats | decisions | no-op | undo |"
    " loading turns throwing a stored good away | craftsmen bought | unfilled at end |"
    " unfilled, bought in the game's first / second / last third |"
    " seats 0 craftsman points after buying |"
    f" most vikings on a column | most of one seat | demand phases with a column of {TALL}+ |"
    f" cards bid for on the columns of {TALL}+ | wall s |\n"
    "|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"
)


def jorvik_columns(state: Any, mine: list[int]) -> tuple[int, int, str]:
    """The tallest demand column, the most vikings one of ``mine`` seats has on one,
    and the kind of the card the tallest bids for (the first of equals)."""
    tallest = own = 0
    kind = ""
    for col, card in zip(state.cols, state.slots):
        if len(col) > tallest:
            tallest = len(col)
            kind = KIND_NAMES[KIND[card]] if card >= 0 else ""
        for seat in mine:
            own = max(own, sum(1 for v in col if v & 7 == seat))
    return tallest, own, kind


def _craftsmen(state: Any, seat: int) -> list[int]:
    """The craftsmen ``seat`` owns (card area and loading area)."""
    return [c for c in state.cards[seat] + state.loading[seat] if KIND[c] == CRAFTSMAN]


def _jorvik_end(
    state: Any, record: dict[str, Any], seat: int, tally: Tally, bought_in: dict[int, int]
) -> None:
    """Add ``seat``'s craftsmen at the end of the game; ``bought_in``: the round each
    craftsman was bought in."""
    crafts = _craftsmen(state, seat)
    tally.bought += len(crafts)
    for c in crafts:
        if state.fill[c] != FULL_MASK[c]:
            tally.unfilled += 1
            tally.unfilled_when[third(bought_in.get(c, state.round), state.round)] += 1
    points = record["breakdown"]["final"]["craftsmen"][seat]
    if crafts and points == 0:
        tally.zero_after_buying += 1


def third(round_: int, last: int) -> int:
    """The third (0, 1, 2) of a game of ``last`` rounds that round ``round_`` (from 1)
    lies in: rounds 1-4, 5-7 and 8-10 of ten."""
    return min(max(3 * (round_ - 1) // max(last, 1), 0), 2)


class StoreWatch:
    """The goods each seat took out of its storage in the loading turn under way, and
    the rounds of the turns that threw one away (``Tally.thrown``: but in the game's
    last round, where a good kept counts no more than one thrown away)."""

    def __init__(self) -> None:
        self.taken: dict[int, list[tuple[int, int]]] = {}
        self.rounds: list[int] = []
        self.ends: list[int] = []  # the round of every turn's end
        self.last = 0  # the last round seen loading

    def see(self, state: Any, seat: int, action: Any) -> None:
        """``seat`` plays ``action`` in ``state`` (before the move)."""
        if state.phase != PH_LOAD:
            return
        self.last = state.round
        if action[0] == OP_TAKE:
            self.taken.setdefault(seat, []).append((action[1], action[2]))
        elif action[0] == OP_END:
            taken = self.taken.pop(seat, [])
            self.ends.append(state.round)
            if any(_thrown(state, seat, g, where) for g, where in taken):
                self.rounds.append(state.round)

    def thrown(self) -> tuple[int, int]:
        """(turns that threw a good away, turns), but in the last round the game loaded in."""
        return sum(r < self.last for r in self.rounds), sum(r < self.last for r in self.ends)


def _thrown(state: Any, seat: int, good: int, where: int) -> bool:
    """Does ending the turn now leave ``good`` unused, while the storage it came
    from (0: the board's space, 1: the warehouse) could still keep it?"""
    unused = state.pool[good] + state.pool[good + 8]
    free = state.sboard[seat] < 0 if where == 0 else len(state.swh[seat]) < WAREHOUSE_STORAGE
    return bool(unused) and free


@dataclass
class PhaseWatch:
    """The tallest demand column of the demand phase under way and the kind of its
    card; a phase ends when the columns are empty again (bought, or returned to their
    owners)."""

    tallest: int = 0
    kind: str = ""

    def see(self, now: int, tally: Tally, kind: str = "") -> None:
        """``now``: the tallest column after a move (0: every column empty), ``kind``
        the kind of the card it bids for."""
        if now == 0 and self.tallest:
            tally.phases += 1
            if self.tallest >= TALL:
                tally.tall_phases += 1
                tally.tall_kinds[self.kind] += 1
        if now > self.tallest:
            self.kind = kind
        self.tallest = max(self.tallest, now) if now else 0


def look_at(game: Game, record: dict[str, Any], mine: list[int], tally: Tally) -> None:
    """Replay the saved game of ``record`` and add what the ``mine`` seats did."""
    doc = read_save_document(Path(record["save"]))
    options = game.resolve_options(doc.options)
    state = game.new_state(len(doc.seats), options, doc.seed)
    undoes = game.search_hints.undoes
    jorvik = game.name == "jorvik"
    phase, stores = PhaseWatch(), StoreWatch()
    bought_in: dict[int, int] = {}  # craftsman: the round a seat of ``mine`` bought it
    for text in doc.actions:
        seat = game.to_move(state)
        action = game.parse_action(state, text)
        if seat in mine and len(game.legal_actions(state)) > 1:
            tally.decisions += 1
            tally.no_ops += no_op(game, state, action)
            tally.undoing += undoes is not None and undoes(state, action)
        owned: list[int] = []
        if jorvik and seat in mine:
            stores.see(state, seat, action)
            owned = _craftsmen(state, seat)
        now = state.round
        state = game.apply(state, action)
        if jorvik and seat in mine:
            for c in _craftsmen(state, seat):
                if c not in owned:
                    bought_in[c] = now
        if jorvik:
            tallest, own, kind = jorvik_columns(state, mine)
            tally.tallest = max(tally.tallest, tallest)
            tally.own_tallest = max(tally.own_tallest, own)
            phase.see(tallest, tally, kind)
    tally.seats += len(mine)
    if jorvik:
        thrown, turns = stores.thrown()
        tally.thrown += thrown
        tally.turns += turns
        for seat in mine:
            _jorvik_end(state, record, seat, tally, bought_in)


def run_row(
    reg: Registry,
    game: str,
    n: int,
    spec: str,
    other: str,
    deals: int,
    seed: int,
    jobs: int,
    options: dict[str, str],
) -> Tally:
    """``spec`` at every seat in turn against ``other``, ``deals`` seeds a seating."""
    tally = Tally()
    g = reg.game(game)
    with tempfile.TemporaryDirectory() as saves:
        for shift in range(n):
            specs = [other] * n
            specs[shift] = spec
            mine = [i for i, s in enumerate(specs) if s == spec]
            if other == spec and shift:
                break  # every seat already counted
            series = run_games(
                game, specs, games=deals, seed=seed, jobs=jobs, registry=reg,
                save_dir=Path(saves), options=options,
            )  # fmt: skip
            for result in series.results:
                look_at(g, result.record, mine, tally)
    return tally


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", action="append", required=True, help="game (repeatable)")
    ap.add_argument("--players", type=int, nargs="+", required=True, help="table sizes")
    ap.add_argument("--spec", action="append", required=True, help="AI spec or level")
    ap.add_argument("--other", default="greedy", help="the other seats' spec (default greedy)")
    ap.add_argument("--deals", type=int, default=10, help="seeds per seating (default 10)")
    ap.add_argument("--seed", type=int, default=630000, help="first seed (default 630000)")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    ap.add_argument("-o", "--option", action="append", default=[], help="game option K=V")
    args = ap.parse_args(argv)
    options = parse_options(ap, args.option)
    reg = load_registry()
    print(HEADER, flush=True)
    for game in args.game:
        for n in args.players:
            for asked in args.spec:
                spec = LEVELS.get(asked, asked)
                other = LEVELS.get(args.other, args.other)
                start = time.perf_counter()
                tally = run_row(
                    reg, game, n, spec, other, args.deals, args.seed, args.jobs, options
                )
                label = asked if asked == spec else f"{asked} ({spec})"
                print(tally.line(game, n, label, time.perf_counter() - start), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
