"""The ``mcts`` player: single-observer information-set MCTS (SO-ISMCTS).

One tree per move, keyed by actions, searched from the acting seat's view:

* **Determinization.** Every iteration starts from ``game.determinize(state, seat,
  rng)``: a fresh full state consistent with what the acting seat observes, with
  everything hidden from it re-dealt. That copy is the only one made in the
  iteration; the iteration then applies actions to it in place. The player never
  reads the true state beyond the acting seat's own legal actions. ``redeal`` k > 1:
  k iterations share one determinization (each on a clone), for speed where
  ``determinize`` costs much more than ``clone`` (benchmarks/README.md, "Sharing a
  determinization"); not measured for strength, so 1 (a fresh deal) by default.
* **Tree.** A node's children are keyed by the seat to move and the action
  (``children[mover][action]``); the seat to move is normally fixed by the public
  history, the extra key only keeps the tree sound in games where it is not. Each
  node stores the visit count ``n``, the availability count ``avail`` and ``w``,
  the summed reward *of the seat that moved into the node* (the mover of the
  edge). Rewards are per seat, so 2-5 players work the same way (max^n style).
* **Selection** is UCT with availability counts (Cowling, Powley & Whitehouse
  2012): an action legal in only some determinizations is judged against the
  number of times it was available, ``w/n + c*sqrt(ln(avail)/n)``, rewards in
  [0, 1].
* **Expansion with progressive widening.** A node may hold at most
  ``ceil(PW_C * (n+1) ** PW_ALPHA)`` children (legal in the current
  determinization); below that limit an untried action is expanded, above it the
  search selects among the existing ones. We chose widening rather than action
  abstraction because it needs nothing from the game: Graenaland's offers and
  Jórvík's unloading sequences list dozens of actions (up to 43 and 95 seen in
  random games), and plain UCT would spend most of a 300-iteration budget
  visiting each root action once.
  To make widening pick good candidates first, root actions are expanded in the
  order of a one-ply ``evaluate`` (the greedy player's ranking, on the first
  determinization); deeper nodes expand untried actions in random order (a
  per-node ordering would cost a clone per action per node). With small action
  sets the limit is reached after a handful of visits, i.e. plain UCT.
* **Simulation.** From the new leaf, a rollout plays ``random`` actions,
  ``greedy-epsilon`` ones (with probability EPSILON a random action, otherwise
  the best of up to GREEDY_SAMPLE sampled actions by one-ply ``evaluate``) or
  ``mast`` ones (the best mean reward learnt so far in this search, ``mast.py``;
  ``auto``, the default: ``mast.auto_rollout``, e.g. mast in Walhalla, Wikinger and
  Jórvík above 300).
  With ``depth`` > 0 the simulation stops once ``depth`` plies have been played
  from the root (tree plus rollout) and the position is scored with
  ``evaluate`` of every seat (one ``evaluate_all`` call): seat i gets
  ``logistic(EVAL_SHARPNESS * (e_i - max_{j != i} e_j) / eval_scale)``. The
  default cut-off is 20 plies, or the
  game's ``depth`` hint (Graenaland searches with depth 1); in games with the
  ``deepen`` hint (Walhalla, Wikinger, Jórvík) it grows above the default 300 iterations
  with the square root of the budget (``look_ahead``: more thinking looks farther, 37
  plies at 1000 iterations from 20), up to the game's ``deepest`` where it sets one
  (Jórvík: 73). Finished games score from the ranks:
  ``0.7 * (1/k if first among k tied winners) + 0.3 * (share of opponents
  beaten, ties half)``, so winning matters most but places still count. With
  ``mix`` > 0 a new leaf's reward blends in its own ``evaluate`` (AlphaGo's mixing).
  Where the game's ``settle`` hint names a decision as a step of a chain random
  play turns into noise (Jórvík's loading turns) and the search has a cut-off,
  rollouts play such steps as greedy does, and a search for one stops every
  iteration where its chain ends (the ``horizon`` hint), so the choice among the
  chain's moves is judged by where the chain ends (issue 38: random loading gave
  away the goods the craftsmen bought needed). Rolling out to the end (``depth``
  0) the hint is read only by ``settle`` rollouts: random ones whose settle steps
  are played greedily, to the end of the game (no stop where the chain ends).
* **Back-propagation** adds the reward of each node's mover along the path.
* **Decision:** the most visited root action (then the best mean, then the
  RNG). An optional rule (the game's ``tiebreak`` hint: on for Wikinger, where it
  measured better) lets the one-ply ``evaluate`` ranking decide among root
  actions the search cannot tell apart. A move undoing the seat's own chain (the
  game's ``undoes`` hint, a no-op: :mod:`vikingcli_ai.sensible`) is never chosen.
* **Flat mode** (``search=flat``, the default where the game's ``method`` hint
  asks for it: Graenaland): no tree; every root action is judged by greedy play
  to the game's ``horizon`` on shared determinizations (``flat.py``; ``reach``
  and the ``deepen`` hint there; ``nest``: above the default budget every move in
  a rollout is chosen by a look-ahead; ``depth=0``: to the end of the game).
* **Root parallelism** (``workers`` > 1): forked processes search independent
  trees with their own seeds; the root statistics are summed.

Reproducibility: with ``iterations`` (no ``seconds``) the search is a pure function
of the observation, the seed and the moves made so far, provided the game's
``determinize`` depends only on the observation; ``seconds`` depend on the machine.
"""

from __future__ import annotations

import functools
import math
import os
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from vikingcli.engine import SEED_PARAM, Action, Game, Param, PlayerKind, State, search_calls
from vikingcli_ai.decision import best_action
from vikingcli_ai.flat import NEST_WIDTH, FlatSearch, flat_reach
from vikingcli_ai.greedy import drop_undos, greedy_values, pick_best
from vikingcli_ai.hints import DEFAULT_DEPTH, DEFAULT_ITERATIONS, cut_off
from vikingcli_ai.mast import MoveAverages, auto_rollout
from vikingcli_ai.parallel import Stats, parallel_root_stats
from vikingcli_ai.rewards import eval_rewards, margin, rank_rewards, rank_wins, win_chances
from vikingcli_ai.sensible import sensible_actions
from vikingcli_ai.weights import WEIGHTS_HELP, check_weights_file, weighted

PW_C: Final = 2.0
"""Progressive widening: at most ceil(PW_C * (n+1)**PW_ALPHA) children per node."""
PW_ALPHA: Final = 0.5
_PW_LIMITS: Final = [math.ceil(PW_C * (n + 1) ** PW_ALPHA) for n in range(4096)]
"""That limit for n < 4096, computed once: the compiled build computes the power
and the ceiling through Python's object protocol, on every step of every iteration."""
EPSILON: Final = 0.15
"""greedy-epsilon rollouts: probability of a uniformly random action."""
GREEDY_SAMPLE: Final = 4
"""greedy-epsilon rollouts: how many sampled actions are evaluated per step."""


@dataclass(frozen=True, slots=True)
class SearchConfig:
    iterations: int = DEFAULT_ITERATIONS
    seconds: float = 0.0
    c: float = 0.7
    rollout: str = "random"
    depth: int = DEFAULT_DEPTH
    redeal: int = 1
    search: str = "tree"
    reach: int = 1
    mix: float = 0.0
    nest: int = -1


class Node:
    """A tree node: statistics of the edge into it, for the seat that moved."""

    __slots__ = ("avail", "children", "n", "seat", "w", "w2")

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.n = 0
        self.w = 0.0
        self.w2 = 0.0
        self.avail = 1
        self.children: dict[int, dict[Action, Node]] = {}


class Search:
    """One ISMCTS tree for one decision of ``seat`` in ``state``."""

    def __init__(
        self, game: Game, state: State, seat: int, cfg: SearchConfig, rng: random.Random
    ) -> None:
        self.game = game
        self.calls = calls = search_calls(game)  # every per-ply call goes through it
        self.eval_scale = game.search_hints.eval_scale
        self.state = state
        self.seat = seat
        self.cfg = cfg
        self.rng = rng
        self.root = Node(-1)
        self.n_players = game.num_players(state)
        self.root_order: list[Action] | None = None
        self.root_prior: dict[Action, float] = {}
        self.iterations = 0
        # Advice only: the root actions to consider (None: all), and per root action
        # the summed final-score margin of ``seat`` at the end of each iteration.
        self.root_only: frozenset[Action] | None = None
        self.root_margin: dict[Action, float] = {}
        self.root_win: dict[Action, float] = {}  # ... and the estimated chance to win
        self.track_win = False  # (at cut-offs only where advice asks for it)
        self.margin = 0.0
        self.win = 0.0
        self.deal: State | None = None
        self.mast = MoveAverages() if cfg.rollout == "mast" else None
        # A chain random play turns into noise (the game's settle hint): with a
        # cut-off, rollouts play its steps greedily, and for a decision of one every
        # iteration is judged where the chain ends (SearchHints.settle). Rolling out
        # to the end (depth 0), only rollout=settle plays its steps greedily, and
        # never stops at the chain's end: a rollout to the end is what depth 0 means.
        hints = game.search_hints
        self.settle = hints.settle if cfg.depth or cfg.rollout == "settle" else None
        self.chain: State | None = None
        horizon = hints.horizon is not None and cfg.depth > 0
        if horizon and self.settle is not None and self.settle(state):
            # the start the horizon reads; a copy, as the true state must not be
            # read past the seat's view and a determinization moves as it is played
            self.chain = calls.determinize(state, seat, random.Random(0))

    # -- driver -------------------------------------------------------------------

    def run(self, iterations: int, seconds: float = 0.0) -> None:
        """Run ``iterations`` iterations, or as many as fit in ``seconds`` if given."""
        if seconds > 0:
            deadline = time.perf_counter() + seconds
            clock = time.perf_counter
            self.iterate()
            while clock() < deadline:
                self.iterate()
        else:
            for _ in range(iterations):
                self.iterate()

    def root_stats(self) -> dict[Action, tuple[int, float, float]]:
        """Visits, summed reward and summed squared reward per root action."""
        kids = self.root.children.get(self.seat, {})
        return {a: (k.n, k.w, k.w2) for a, k in kids.items()}

    # -- one iteration --------------------------------------------------------------

    def iterate(self) -> None:
        # complexity: the search's inner loop (millions of runs) stays whole: no call added
        cfg = self.cfg
        # Actions come from calls.legal_actions(d) of the state they go to: trusted path.
        calls = self.calls
        depth = cfg.depth
        c = cfg.c

        chain = self.chain
        ends_chain = self.game.search_hints.ends_chain  # (the horizon: chain is set)

        d = self._deal()
        node = self.root
        path = [node]
        plies = 0
        rewards: list[float] | None = None
        first: Action | None = None
        while True:
            mover = calls.to_move(d)
            if mover is None:
                rewards = self._final(d)
                break
            if (depth and plies >= depth) or (chain is not None and ends_chain(chain, d)):
                rewards = self._eval(d)
                break
            actions = calls.legal_actions(d)
            if node is self.root and self.root_only is not None:
                actions = [a for a in actions if a in self.root_only] or actions
            kids = node.children.get(mover)
            if kids is None:
                kids = node.children[mover] = {}
            legal_kids: list[tuple[Action, Node]] = []
            if kids:
                for a in actions:  # one look-up (and hash of the action) per action
                    known = kids.get(a)
                    if known is not None:
                        known.avail += 1
                        legal_kids.append((a, known))
            nk = len(legal_kids)
            visits = node.n
            limit = (
                _PW_LIMITS[visits] if visits < 4096 else math.ceil(PW_C * (visits + 1) ** PW_ALPHA)
            )
            if nk < len(actions) and (nk == 0 or nk < limit):
                action = self._untried(node, d, actions, kids)
                child = Node(mover)
                kids[action] = child
                if node is self.root:
                    first = action
                calls.apply_legal(d, action)
                path.append(child)
                plies += 1
                rewards = self._simulate(d, plies)
                break
            best = None
            best_kid = None
            best_v = -1.0
            for action, kid in legal_kids:
                # math.sqrt and math.log by name and on floats: the compiled build
                # calls them as C functions (on an int, or a local alias of them,
                # through the object protocol); math.log of an int is that of its float
                v = kid.w / kid.n + c * math.sqrt(math.log(float(kid.avail)) / kid.n)
                if v > best_v:
                    best_v = v
                    best = action
                    best_kid = kid
            if node is self.root:
                first = best
            calls.apply_legal(d, best)
            node = best_kid  # type: ignore[assignment]
            path.append(node)
            plies += 1
        if self.mast is not None:
            self.mast.learn(rewards)
        if first is not None:
            self.root_margin[first] = self.root_margin.get(first, 0.0) + self.margin
            self.root_win[first] = self.root_win.get(first, 0.0) + self.win
        for nd in path:
            nd.n += 1
            if nd.seat >= 0:
                r = rewards[nd.seat]
                nd.w += r
                nd.w2 += r * r
        self.iterations += 1

    def _deal(self) -> State:
        """The iteration's determinization: a fresh one, or (``redeal`` > 1) a clone
        of the current deal until ``redeal`` iterations have shared it."""
        redeal = self.cfg.redeal
        if redeal <= 1:
            return self.calls.determinize(self.state, self.seat, self.rng)
        if self.deal is None or self.iterations % redeal == 0:
            self.deal = self.calls.determinize(self.state, self.seat, self.rng)
        return self.game.clone(self.deal)

    def _untried(
        self, node: Node, d: State, actions: Sequence[Action], kids: Mapping[Action, Node]
    ) -> Action:
        if node is self.root:
            if self.root_order is None:
                acts = list(actions)
                values = greedy_values(self.game, d, self.seat, acts, trusted=True)
                self.root_prior = dict(zip(acts, values))
                # Sort on the value; random tie order from the seeded RNG.
                keys = [(-v, self.rng.random()) for v in values]
                self.root_order = [a for _, a in sorted(zip(keys, acts), key=lambda t: t[0])]
            legal_now = set(actions)
            for a in self.root_order:
                if a not in kids and a in legal_now:
                    return a
        untried = [a for a in actions if a not in kids]
        return untried[int(self.rng.random() * len(untried))]

    def _eval(self, d: State) -> list[float]:
        values = self.calls.evaluate_all(d)
        self.margin = margin(values, self.seat)
        if self.track_win:
            self.win = win_chances(values, self.eval_scale)[self.seat]
        return eval_rewards(values, self.eval_scale)

    def _final(self, d: State) -> list[float]:
        outcome = self.game.outcome(d)
        self.margin = margin(outcome.scores, self.seat)
        self.win = rank_wins(outcome.ranks)[self.seat]
        return rank_rewards(outcome.ranks)

    def _simulate(self, d: State, plies: int) -> list[float]:
        """The new leaf's rewards: its rollout's, blended with ``mix`` > 0 with the
        leaf's ``evaluate``, a low-variance guess beside one noisy outcome."""
        mix = self.cfg.mix
        if not mix or self.calls.to_move(d) is None:
            return self._rollout(d, plies)
        leaf = eval_rewards(self.calls.evaluate_all(d), self.eval_scale)  # before d moves on
        return [(1.0 - mix) * r + mix * e for r, e in zip(self._rollout(d, plies), leaf)]

    def _rollout(self, d: State, plies: int) -> list[float]:
        game = self.game
        calls = self.calls  # actions from calls.legal_actions(d), as in iterate
        depth = self.cfg.depth
        rnd = self.rng.random
        greedy = self.cfg.rollout == "greedy-epsilon"
        mast = self.mast
        settle = self.settle
        chain = self.chain
        ends_chain = game.search_hints.ends_chain
        clone = game.clone
        evaluate = game.evaluate
        while True:
            mover = calls.to_move(d)
            if mover is None:
                return self._final(d)
            if (depth and plies >= depth) or (chain is not None and ends_chain(chain, d)):
                return self._eval(d)
            actions = calls.legal_actions(d)
            m = len(actions)
            if m == 1:
                action = actions[0]
            elif settle is not None and settle(d):  # as greedy plays (greedy.py)
                values = greedy_values(game, d, mover, actions, trusted=True)
                action = pick_best(actions, drop_undos(game, d, actions, values), self.rng)
            elif mast is not None:
                action = mast.pick(mover, actions, rnd)
            elif not greedy or rnd() < EPSILON:
                action = actions[int(rnd() * m)]
            else:
                if m <= GREEDY_SAMPLE:
                    cands = actions
                else:
                    cands = [actions[int(rnd() * m)] for _ in range(GREEDY_SAMPLE)]
                action = cands[0]
                best_v = -math.inf
                for a in cands:
                    after = clone(d)
                    calls.apply_legal(after, a)
                    v = evaluate(after, mover)
                    if v > best_v:
                        best_v = v
                        action = a
            calls.apply_legal(d, action)
            plies += 1


def _one_tree(
    game: Game, state: State, seat: int, cfg: SearchConfig, seed: int
) -> tuple[Stats, dict[Action, float], int]:
    """One tree of a root-parallel search (parallel.py), searched with ``seed``."""
    search = Search(game, state, seat, cfg, random.Random(seed))
    search.run(cfg.iterations, cfg.seconds)
    return search.root_stats(), search.root_prior, search.iterations


class MctsPlayer:
    """Information-set MCTS; see the module docstring."""

    def __init__(
        self, cfg: SearchConfig, seed: int, workers: int = 1, game: Game | None = None
    ) -> None:
        self.cfg = cfg
        self.game = game  # the match's game with tuned weights (None: the match's own)
        self.rng = random.Random(seed)
        self.workers = max(1, workers)
        self.tiebreak = False
        self.last_iterations = 0

    def checkpoint(self) -> Any:
        """The random generator's state (undo puts it back: the same moves replay
        the same game)."""
        return self.rng.getstate()

    def restore(self, checkpoint: Any) -> None:
        self.rng.setstate(checkpoint)

    def choose(self, game: Game, state: State, seat: int) -> Action:
        actions = list(game.legal_actions(state))
        if len(actions) == 1:
            return actions[0]
        game = self.game or game
        cfg = self.cfg
        # Never a self-undoing move (sensible.py); the search may still walk through one.
        actions = sensible_actions(game, state, actions)
        if len(actions) == 1:
            return actions[0]
        if cfg.search == "flat":
            flat = FlatSearch(game, state, seat, self.rng, cfg.reach, cfg.nest)
            action = flat.run(actions, cfg.iterations, cfg.seconds)
            self.last_iterations = flat.passes * len(flat.candidates)
            return action
        if self.workers > 1 and hasattr(os, "fork"):
            seeds = [self.rng.getrandbits(63) for _ in range(self.workers)]
            tree = functools.partial(_one_tree, game, state, seat, cfg)
            stats, prior, self.last_iterations = parallel_root_stats(tree, seeds)
        else:
            search = Search(game, state, seat, cfg, self.rng)
            search.run(cfg.iterations, cfg.seconds)
            stats = search.root_stats()
            prior = search.root_prior
            self.last_iterations = search.iterations
        return best_action(stats, actions, self.rng, prior if self.tiebreak else None)


def _make(game: Game, seat: int, params: Mapping[str, Any]) -> MctsPlayer:
    seconds = max(params["seconds"] or 0.0, 0.0)
    iterations = params["iterations"]
    depth = cut_off(game, params["depth"], iterations, seconds)
    rollout = params["rollout"]
    search = params["search"] if params["search"] != "auto" else game.search_hints.method
    cfg = SearchConfig(
        iterations=iterations,
        seconds=seconds,
        c=params["c"],
        rollout=auto_rollout(game, iterations, seconds, depth) if rollout == "auto" else rollout,
        depth=depth,
        redeal=params["redeal"],
        search=search,
        reach=flat_reach(depth, params["reach"]) if search == "flat" else params["reach"],
        mix=params["mix"],
        nest=params["nest"],
    )
    judge = weighted(game, params["weights"]) if params["weights"] else None
    player = MctsPlayer(cfg, params["seed"], params["workers"], judge)
    player.tiebreak = game.search_hints.tiebreak
    return player


MCTS = PlayerKind(
    name="mcts",
    description="information-set Monte Carlo tree search (determinized from its own view)",
    factory=_make,
    params=(
        Param(
            "iterations",
            int,
            DEFAULT_ITERATIONS,
            "search iterations per move (ignored if seconds > 0)",
            minimum=1,
            maximum=10_000_000,
        ),
        Param(
            "seconds",
            float,
            0.0,
            "time budget per move in seconds; > 0 overrides iterations",
            minimum=0,
            maximum=3600,
        ),
        Param(
            "c",
            float,
            0.7,
            "UCT exploration constant (rewards are in [0, 1])",
            minimum=0,
            maximum=100,
        ),
        Param(
            "rollout",
            str,
            "auto",
            "rollout policy; mast: the moves with the best mean reward so far in the search"
            f" (vikingcli_ai.mast); settle: random, but the game's settle steps (jorvik's"
            " loading turns) greedily, also with depth=0 (with a cut-off every policy does so);"
            f" auto: mast in walhalla and wikinger above {DEFAULT_ITERATIONS} iterations"
            " and in wikinger with depth=0, else random",
            choices=("auto", "random", "greedy-epsilon", "mast", "settle"),
        ),
        Param(
            "depth",
            int,
            -1,
            "plies from the root after which evaluate scores the position; 0 plays to the"
            " end (flat: one greedy playout a simulation); -1 uses the game's hint (graenaland"
            f" 1, jorvik 40) or {DEFAULT_DEPTH}, in walhalla and wikinger times sqrt(iterations/"
            f"{DEFAULT_ITERATIONS}) above {DEFAULT_ITERATIONS} iterations",
            minimum=-1,
            maximum=1000,
        ),
        Param(
            "redeal",
            int,
            1,
            "iterations that share one determinization (each on a clone); 1 deals anew"
            " every iteration",
            minimum=1,
            maximum=1000,
        ),
        Param(
            "search",
            str,
            "auto",
            "tree: ISMCTS; flat: each root action judged by greedy play to the game's"
            " horizon on shared deals (vikingcli_ai.flat); auto: the game's hint"
            " (graenaland flat) or tree",
            choices=("auto", "tree", "flat"),
        ),
        Param(
            "reach",
            int,
            1,
            "flat search: how many of the game's chains of sub-decisions each candidate"
            " is played through greedily before it is judged",
            minimum=1,
            maximum=20,
        ),
        Param(
            "nest",
            int,
            -1,
            "flat search: how many of its best moves a seat looks ahead at for each of its"
            " moves inside a rollout (0: rollouts play greedily); -1:"
            f" {NEST_WIDTH} above {DEFAULT_ITERATIONS} iterations in games that think more"
            " with a bigger budget (graenaland), else 0",
            minimum=-1,
            maximum=64,
        ),
        Param(
            "mix",
            float,
            0.0,
            "weight of evaluate at each new leaf in its reward, the rest the rollout's",
            minimum=0,
            maximum=1,
        ),
        Param("weights", str, "", WEIGHTS_HELP, check=check_weights_file),
        SEED_PARAM,
        Param(
            "workers",
            int,
            1,
            "processes searching in parallel (root parallelism); at most the machine's"
            " CPU count, and never fewer than 4 allowed",
            minimum=1,
            maximum=max(4, os.cpu_count() or 1),
        ),
    ),
)
