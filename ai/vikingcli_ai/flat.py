"""Flat Monte Carlo search with greedy rollouts to the game's horizon: the ``mcts``
player's search for games that ask for it (the ``method="flat"`` search hint, Graenaland).

Why: in such games a move is a chain of small sub-decisions (an offer, then one
allocation per card, then the votes; a build, then one payment step per card), and
random play through the chain is almost always a blunder, so tree search with random
or cut-off rollouts mostly measures noise. Here each candidate root action is judged
by what happens when the rest of its chain is played sensibly:

* **Candidates**: the root actions, ordered by one-ply ``evaluate`` (the greedy
  ranking) on the first determinization; the best FLAT_WIDTH are searched.
* **Passes**: each pass draws one determinization from the acting seat's view
  (``game.determinize``) and plays every candidate on its own clone of that same
  deal (common random numbers: the candidates are compared on equal deals, which
  removes most of the variance of a comparison).
* **Rollout**: after the candidate, every seat (the searcher included) plays the
  greedy move (best one-ply ``evaluate`` for the seat to move, equals chosen between
  at random as the greedy player does, the same draws for every candidate of a pass;
  never one that undoes a move of its chain: the ``undoes`` hint)
  until the game's ``horizon(start, state)`` hint says the chain is over (or
  ROLLOUT_LIMIT moves). Greedy opponents are a sensible model of how the others
  answer an offer or a vote. With ``reach`` k > 1 the rollout goes on through the
  next chains, k in all (``mcts:reach=k``).
* **More thinking looks ahead in the rollouts** (``nest``): where the game sets the
  ``deepen`` hint, a budget above the default 300 iterations (counted in
  iterations, with the game's own reach) chooses every move with a choice inside a
  rollout by a look-ahead, not by greedy: the mover's NEST_WIDTH best moves by
  one-ply ``evaluate`` are each played on greedily to the same horizon (the same
  tie draws for each) and judged by the search's value (below) for the mover; the
  best is played. Every position the look-ahead evaluates counts against the
  budget's units, so a pass costs more and fewer are played. This is one more step
  of rollout policy improvement: the flat search already improves on greedy by
  judging each root move by greedy play after it; judging it by play that itself
  improves on greedy, the searcher's and the other seats' (who search too), is the
  next step. Why: in Graenaland neither more deals nor a longer reach made 1000
  iterations stronger than 300 at 4 seats (46.8% head to head, 160 fresh games);
  on the same 80 tuning games 1000 against 300 measured 45.0% before, 55.0% with
  the look-ahead for the searcher's own moves alone and 69.6% for every seat's
  (benchmarks/README.md, "Graenaland: more thinking looks ahead"). ``mcts:nest=0``
  searches as before.
* **More thinking looks farther** (``nest=0`` only): where the game sets the
  ``deepen`` hint (and its ``deepens`` names the decision), a budget above the
  default 300 iterations lengthens the reach like the tree search's cut-off,
  ``round(look_ahead(iterations))`` chains (2 from 675 iterations, 3 above 1875),
  and the passes stay at the default budget's 30. Why:
  more deals alone do not change a flat search's choice once it has about 30 (two
  300-iteration searches with different seeds disagree about as often as a 300 and
  a 1000 one: benchmarks/README.md, "More thinking looks farther"), so the extra
  budget is spent on bias (a later horizon), not on variance. Graenaland deepens
  its hero moves, offers, allocations and votes, not its builds and payments: that
  split measured stronger than both the plain search and deepening every decision
  (benchmarks/README.md, "Search hints").
* **Value**: ``evaluate`` of the searching seat at the horizon (plus the game's
  ``shape`` hint, where ``evaluate`` misprices what wins: Graenaland counts the
  three conditions nearest to being met, not all five alike, and takes off half
  the best other seat's ``evaluate``), averaged over the
  passes; the highest mean wins (then the one-ply order). A candidate that is not
  legal in some deal (the engine does not promise that the true state's actions
  are legal in every determinization; in Graenaland they always are) is left out
  of that pass.

Budget: the work of a pass depends on the chain (a vote's rollout is a move or two,
a build phase's dozens of greedy moves, each evaluating every legal action), so
``iterations`` buys work, not passes: ``iterations * UNITS_PER_ITERATION`` units,
one unit per position evaluated (a greedy move over k actions costs k + 1). Passes
are played until the units are spent (at least one pass, at most
``iterations // ITERATIONS_PER_PASS``, or DEFAULT_PASSES where a larger budget
looks farther: :func:`deepened`). With ``seconds``, passes run until the time
is up. Reproducible like the tree search: a function of the observation, the RNG
and the budget, never of the clock (unless ``seconds`` is given).

**To the end of the game** (``mcts:depth=0``, reach 0): every rollout plays greedy
moves until the game is over, and the value is the one above taken there (in
Graenaland the conditions the seat met and the winner's bonus, less the shape
hint's rival term: finer than win or lose, which a few playouts a candidate could
not tell apart). Here a simulation is one rollout, as in a tree search:
``iterations`` buys ``iterations // candidates`` passes (at least one), so 50
iterations are 48 playouts to the end of 16 candidates, where 50 simulations of
OpenSpiel's IS-MCTS are 50 playouts. Why: ``depth=0`` is how a
search is compared per simulation with one that has no heuristic cut-off
(benchmarks/README.md, "OpenSpiel's IS-MCTS at equal simulations"); before, the
flat search ignored ``depth``.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Final

from vikingcli.engine import Action, Game, SpecError, State
from vikingcli_ai.greedy import TIE, drop_undos, greedy_values
from vikingcli_ai.hints import DEFAULT_ITERATIONS, look_ahead
from vikingcli_ai.rewards import rank_wins, win_chances

FLAT_WIDTH: Final = 16
"""Root actions searched: the best this many by one-ply ``evaluate``."""
ITERATIONS_PER_PASS: Final = 10
"""At most ``iterations // ITERATIONS_PER_PASS`` passes (30 at the default 300)."""
UNITS_PER_ITERATION: Final = 30
"""Work per iteration, in positions evaluated (9000 at the default 300). Why this
size: a default Graenaland move then stays within the time per move the search was
built for, on one core (benchmarks/README.md, "Graenaland: the flat search")."""
ROLLOUT_LIMIT: Final = 400
"""Safety cap on the moves of one chain of a rollout."""
GAME_ROLLOUT_LIMIT: Final = 20_000
"""Safety cap on the moves of a rollout to the end of the game (``reach`` 0); a
greedy Graenaland game at 5 seats plays under 1000."""
DEFAULT_PASSES: Final = DEFAULT_ITERATIONS // ITERATIONS_PER_PASS
"""The most passes of the default budget (30), kept when a budget looks farther."""
NEST_WIDTH: Final = 4
"""How many of its best moves by one-ply ``evaluate`` a seat looks ahead at, for each
of its moves inside a rollout, above the default budget (``nest`` -1). Eight (for the
searcher's own moves) measured no better than four on the tuning games both played,
at more work a pass."""


def nest_width(game: Game, nest: int, reach: int, iterations: int, seconds: float) -> int:
    """How many of its moves a seat looks ahead at, for each of its moves inside a
    rollout (0: none, the rollout plays greedy), for the player's
    ``nest`` parameter: -1 (the default) gives NEST_WIDTH where the game sets the
    ``deepen`` hint and the budget is above DEFAULT_ITERATIONS iterations (not a
    time budget, whose size is not known in advance) with the game's own reach
    (``reach`` 1), else 0; any other value is taken as given."""
    if nest >= 0:
        return nest
    more = seconds <= 0 and iterations > DEFAULT_ITERATIONS and reach == 1
    return NEST_WIDTH if more and game.search_hints.deepen else 0


def deepened(
    game: Game, state: State, reach: int, iterations: int, seconds: float = 0.0, nest: int = 0
) -> tuple[int, int]:
    """The reach and the most passes a flat search of ``iterations`` plays for the
    decision in ``state``: ``reach`` and ``iterations // ITERATIONS_PER_PASS`` (at
    least 1), except where the game's ``deepen`` hint asks to look farther above
    the default budget, its ``deepens`` names this decision and the search does not
    look ahead at its own moves (``nest`` 0): then
    ``round(look_ahead(iterations, seconds))`` chains and, if that is more than one,
    at most DEFAULT_PASSES passes (the units budget pays for the longer rollouts).
    Unchanged at or below DEFAULT_ITERATIONS, with a time budget, and when ``reach``
    is above 1 (given explicitly, as an explicit ``depth`` is kept in the tree).
    Looking farther and looking ahead measured worse together than the look-ahead
    alone (benchmarks/README.md, "Graenaland: more thinking looks ahead")."""
    passes = max(1, iterations // ITERATIONS_PER_PASS)
    if reach == 1 and nest == 0 and game.search_hints.deepens_at(state):
        longer = round(look_ahead(iterations, seconds))
        if longer > reach:
            return longer, min(passes, DEFAULT_PASSES)
    return reach, passes


def flat_reach(depth: int, reach: int) -> int:
    """The reach a flat search plays for the player's ``depth`` and ``reach``
    parameters: 0 (to the end of the game) for ``depth=0``, else ``reach``. Both at
    once is a :class:`SpecError`, not one silently overriding the other."""
    if depth != 0:
        return reach
    if reach != 1:
        raise SpecError(f"depth=0 plays to the end of the game; reach={reach} cannot apply too")
    return 0


def greedy_rollout(
    game: Game,
    start: State,
    state: State,
    reach: int = 1,
    rng: random.Random | None = None,
    nest: int = 0,
    judge: Callable[[State, int], float] | None = None,
) -> int:
    """Play greedy moves in ``state`` (in place) until the game's horizon from
    ``start`` (with ``reach`` > 1: the horizon after the horizon, ``reach`` times;
    with ``reach`` 0 no horizon: to the end, at most GAME_ROLLOUT_LIMIT moves),
    the end of the game or ROLLOUT_LIMIT moves a horizon; return the work done in
    positions evaluated (k + 1 for a move chosen among k actions, 1 for a forced one).
    With ``rng``, moves of equal value (within the greedy player's TIE) are chosen
    between at random, as the greedy player does; without it, the first of them.
    With ``nest`` > 0 and ``judge``, each move with a choice is instead the best by
    ``judge(position, mover)`` of the mover's ``nest`` best moves by greedy value
    (never an ``undoes`` one), each played on greedily from a clone to where this
    rollout would stop, all with the same tie draws (one seed drawn from ``rng``);
    their work counts in the units returned."""
    legal = game.legal_actions
    apply = game.apply_legal  # every action below comes from legal(state)
    to_move = game.to_move
    horizon = game.search_hints.ends_chain
    undoes = game.search_hints.undoes
    steps = 0
    units = 0
    later = False  # in a chain after the first: it plays at least one move
    to_end = reach <= 0
    while True:
        if to_end:
            if steps >= GAME_ROLLOUT_LIMIT:
                break
        elif steps >= ROLLOUT_LIMIT or ((steps or not later) and horizon(start, state)):
            reach -= 1
            if reach <= 0:
                break
            # The next chain starts here; a clone, since start must not move with state.
            start = game.clone(state)
            steps = 0
            later = True
        mover = to_move(state)
        if mover is None:
            break
        actions = legal(state)
        units += len(actions) + 1
        if len(actions) == 1:
            apply(state, actions[0])
        else:
            values = greedy_values(game, state, mover, actions, trusted=True)
            best = 0
            for i in range(1, len(values)):
                if values[i] > values[best]:
                    best = i
            if undoes is not None and undoes(state, actions[best]):
                # as the greedy player: never a move that undoes one of its chain
                values = drop_undos(game, state, actions, values)
                best = values.index(max(values))
            if rng is not None:
                top = values[best] - TIE
                ties = [i for i, v in enumerate(values) if v >= top]
                if len(ties) > 1:
                    best = ties[rng.randrange(len(ties))]
            if nest > 0 and judge is not None:
                draws = rng.getrandbits(64) if rng is not None else 0
                picked, work = _look_ahead(
                    game, start, state, reach, actions, values, nest, judge, draws
                )
                units += work
                best = best if picked < 0 else picked
            apply(state, actions[best])
        steps += 1
    return units


def _look_ahead(
    game: Game,
    start: State,
    state: State,
    reach: int,
    actions: Sequence[Action],
    values: list[float],
    nest: int,
    judge: Callable[[State, int], float],
    draws: int,
) -> tuple[int, int]:
    """The look-ahead of :func:`greedy_rollout` for the move in ``state``: the index of
    the best by ``judge`` for the mover of its ``nest`` best ``actions`` by ``values``
    (never an ``undoes`` one; -1 if all are), each played on greedily from a clone to
    where the rollout would stop with the tie draws of seed ``draws``; and the work
    done, in positions evaluated."""
    mover = game.to_move(state)
    assert mover is not None
    undoes = game.search_hints.undoes
    order = sorted(range(len(values)), key=values.__getitem__, reverse=True)
    best, best_v, units = -1, -math.inf, 0
    for i in order[:nest]:
        if undoes is not None and undoes(state, actions[i]):
            continue
        ahead = game.clone(state)
        game.apply_legal(ahead, actions[i])
        units += greedy_rollout(game, start, ahead, reach, random.Random(draws)) + 1
        v = judge(ahead, mover)
        if v > best_v:
            best_v, best = v, i
    return best, units


class FlatSearch:
    """One flat search for one decision of ``seat`` in ``state``."""

    def __init__(
        self,
        game: Game,
        state: State,
        seat: int,
        rng: random.Random,
        reach: int = 1,
        nest: int = -1,
    ) -> None:
        self.game = game
        self.reach = reach
        self.asked_nest = nest  # the ``nest`` parameter (-1: by the budget)
        self.nest = 0  # the width run() searches with
        self.state = state
        self.seat = seat
        self.rng = rng
        self.candidates: list[Action] = []
        self.sums: list[float] = []
        self.counts: list[int] = []
        self.passes = 0
        self.units = 0
        # Advice only (``track``): per candidate, the summed margin of the searching
        # seat over the best other seat at the horizon, and the passes it was best in
        # (a pass where k candidates tie for best counts 1/k for each).
        self.track = False
        # Advice judges every budget at the game's own horizon, as the tree's advice
        # keeps the game's cut-off: its margins stay comparable across budgets.
        self.deepen = True
        self.margins: list[float] = []
        self.firsts: list[float] = []
        # ... the summed estimated chance to win (``rewards.win_chances``, or the
        # result where the game ended), and each pass's values (which candidates
        # the search could not tell apart on any deal).
        self.wins: list[float] = []
        self.trace: list[list[float]] = []

    def value(self, state: State, seat: int) -> float:
        """What a rollout's end position is worth to ``seat`` (the searching seat's
        candidates are judged by it, and in the look-ahead every mover's moves): its
        ``evaluate``, plus the game's ``shape`` hint where it gives one."""
        v = self.game.evaluate(state, seat)
        shape = self.game.search_hints.shape
        return v if shape is None else v + shape(state, seat)

    def run(
        self,
        actions: Sequence[Action],
        iterations: int,
        seconds: float = 0.0,
        include: Sequence[Action] = (),
    ) -> Action:
        """The best of ``actions`` (the true state's legal actions); ``include``
        names actions that are searched even when they rank below FLAT_WIDTH."""
        game, state, seat, rng = self.game, self.state, self.seat, self.rng
        deadline = time.perf_counter() + seconds if seconds > 0 else 0.0
        passes = max(1, iterations // ITERATIONS_PER_PASS)
        budget = float(iterations * UNITS_PER_ITERATION)
        deal = game.determinize(state, seat, rng)
        # Advice (deepen off) judges every budget at the game's own horizon, by greedy
        # play: its margins stay comparable across budgets.
        nest = self.nest = (
            nest_width(game, self.asked_nest, self.reach, iterations, seconds) if self.deepen else 0
        )
        if self.deepen:  # of the deal: the true state is read only through determinize
            self.reach, passes = deepened(game, deal, self.reach, iterations, seconds, nest)
        # The actions are the true state's; the engine does not promise that each is
        # legal in every determinization (in Graenaland they always are), so one
        # that is not is left out of that deal.
        legal = set(game.legal_actions(deal))
        playable = [a for a in actions if a in legal]
        if not playable:
            return actions[rng.randrange(len(actions))]
        cands = self.candidates = self.shortlist(deal, playable, include)
        if self.reach <= 0:  # to the end: a simulation is one rollout
            passes = max(1, iterations // len(cands))
            budget = math.inf
        sums = self.sums = [0.0] * len(cands)
        counts = self.counts = [0] * len(cands)
        self.margins = [0.0] * len(cands)
        firsts = self.firsts = [0.0] * len(cands)
        self.wins = [0.0] * len(cands)
        clone, apply, value = game.clone, game.apply_legal, self.value
        while True:
            # The rollouts break ties at random as greedy seats do (always taking the
            # first of equals handed the same seats every tied card, allocation and
            # hero move: at 4 seats the searcher in the last seat won 3 of 8 tuning
            # games that way, 8 of 8 with random ties). One seed a pass: every
            # candidate's rollout draws the same numbers, as they share the deal.
            ties = rng.getrandbits(64)
            best_here: list[int] = []
            best_value = -math.inf
            seen = [math.nan] * len(cands)
            for i, action in enumerate(cands):
                if action not in legal:
                    continue
                d = clone(deal)
                apply(d, action)
                tie_rng = random.Random(ties)
                self.units += greedy_rollout(game, deal, d, self.reach, tie_rng, nest, value) + 1
                if self.track:
                    v = seen[i] = self.tracked(d, i)
                    if v > best_value:
                        best_here, best_value = [i], v
                    elif v == best_value:
                        best_here.append(i)
                else:
                    v = value(d, seat)
                sums[i] += v
                counts[i] += 1
            for i in best_here:  # equal best on a deal share that deal
                firsts[i] += 1 / len(best_here)
            if self.track:
                self.trace.append(seen)
            self.passes += 1
            if deadline:
                if time.perf_counter() >= deadline:
                    break
            elif self.passes >= passes or self.units >= budget:
                break
            deal = game.determinize(state, seat, rng)
            legal = set(game.legal_actions(deal))
        return cands[self.best()]

    def shortlist(
        self, deal: State, playable: list[Action], include: Sequence[Action]
    ) -> list[Action]:
        """The FLAT_WIDTH best of ``playable`` by the greedy values on ``deal`` (ties
        broken at random), then those of ``include`` that are playable."""
        prior = greedy_values(self.game, deal, self.seat, playable, trusted=True)
        keys = [(-v, self.rng.random()) for v in prior]
        order = sorted(range(len(playable)), key=keys.__getitem__)
        cands = [playable[i] for i in order[:FLAT_WIDTH]]
        cands += [a for a in include if a in playable and a not in cands]
        return cands

    def tracked(self, d: State, i: int) -> float:
        """For advice (``track``): candidate ``i``'s value at the horizon ``d``, with its
        margin over the best other seat and its chance to win added to its sums."""
        game, seat = self.game, self.seat
        values = game.evaluate_all(d)
        shape = game.search_hints.shape
        v = values[seat] + (shape(d, seat) if shape else 0.0)
        self.margins[i] += v - max(x for o, x in enumerate(values) if o != seat)
        over = game.to_move(d) is None
        chances = rank_wins(game.outcome(d).ranks) if over else None
        self.wins[i] += (chances or win_chances(values, game.search_hints.eval_scale))[seat]
        return v

    def best(self) -> int:
        """The index of the candidate searched best (the first of equals)."""
        # Sums when every candidate was played equally often (the usual case; exact,
        # where dividing could round two different sums to one mean), else means.
        sums, counts = self.sums, self.counts
        score = sums
        if min(counts) != max(counts):
            score = [w / k if k else -math.inf for w, k in zip(sums, counts)]
        best = 0
        for i in range(1, len(score)):
            if score[i] > score[best]:
                best = i
        return best
