"""What a game tells a search player about searching it well: one typed object.

A game sets :attr:`vikingcli.engine.Game.search_hints` to a :class:`SearchHints`;
a game that sets nothing gets the defaults below, which suit a game whose every
move is one decision and whose ``evaluate`` is in points. Search players read it
and nothing else about the game's tuning; an explicit player parameter
(``mcts:depth=...``, ``mcts:search=tree``) always wins over a hint. The host reads
only :attr:`SearchHints.eval_scale` (how big a lost point is, for ``analyze``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

State = Any  # as in vikingcli.engine.game (not imported: the game module imports this one)


@dataclass(frozen=True, slots=True)
class SearchHints:
    """How a search player should search this game (defaults: a game that says nothing)."""

    eval_scale: float = 10.0
    """A typical winning margin in ``evaluate`` units: search turns score
    differences into win-probability-like rewards with it, and ``analyze`` grades a
    move's loss against it. Must be positive."""
    depth: int | None = None
    """The rollout cut-off in plies that suits this game (``None``: the AI's own
    default)."""
    deepen: bool = False
    """Think more when a search is given more than the AI's default budget, for games
    where more thinking measured stronger that way: the ``mcts`` player's tree
    lengthens its cut-off and rolls out with move averages learnt in the search
    (MAST); its flat search looks ahead at the searcher's own later moves inside
    each rollout (``mcts:nest``), or with ``nest=0`` plays on through more chains
    after :attr:`horizon` (where :attr:`deepens` names the decision)."""
    deepest: int | None = None
    """With :attr:`deepen`: the longest cut-off, in plies, the tree search's grows to
    (``None``: it grows with the square root of the budget without limit). For a game
    where a farther cut-off measured stronger at a moderate budget, but one grown
    farther still makes a large budget think longer than a person at the table
    waits (Jórvík: 73 plies, what 1000 iterations reach; at 3000 uncapped it would
    be 126 and twelve times the thinking). Larger budgets then spend their
    iterations at that cut-off. Must be at least 1."""
    guided_rollouts: bool = False
    """A tree search that plays its rollouts to the end of the game (``depth=0``)
    rolls out with move averages learnt in the search (MAST) instead of at random,
    for games where that measured stronger (Wikinger: benchmarks/README.md, "OpenSpiel's
    IS-MCTS at equal simulations: issue 38, second pass"). In Jórvík and Walhalla random
    rollouts measured better on the same tuning deals, so they leave it unset
    ("... third pass")."""
    tiebreak: bool = False
    """Let the one-ply ``evaluate`` ranking decide between root actions the search
    cannot tell apart."""
    method: Literal["tree", "flat"] = "tree"
    """``"tree"``: grow a search tree. ``"flat"``: judge each root action by playing
    the rest of its chain of sub-decisions greedily up to :attr:`horizon` on many
    determinizations, for games where a move is a chain of small steps (offers,
    allocations, votes, payments) that random play turns into noise."""
    horizon: Callable[[State, State], bool] | None = None
    """``horizon(start, state)``: has play from ``start`` (a position where a seat
    decides) reached ``state``, the end of the chain of sub-decisions that decision
    belongs to (an offer resolved, a build phase over)? A search with rollouts stops
    there and asks ``evaluate``. Both are the searcher's own determinizations, so
    only what they share may be read. ``None``: every action ends its chain (one ply)."""
    settle: Callable[[State], bool] | None = None
    """``settle(state)``: is the decision in ``state`` a step of a chain of
    sub-decisions of one seat that random play turns into noise, and that a one-ply
    ``evaluate`` judges well (Jórvík: a loading turn, where random moves give away
    the goods one's craftsmen need)? A tree search with a cut-off (``depth`` > 0)
    then plays such steps greedily in its rollouts (by ``evaluate``, never an
    :attr:`undoes` move), and a search for such a decision stops every iteration at
    the end of its chain (:attr:`horizon`) and asks ``evaluate``: the choice among
    a chain's moves is judged by where the chain ends, not by play long after it.
    The ``greedy`` player searches every way the rest of such a chain of its own can
    go, to its end or to where another seat is to move, and judges each step by the
    best end (``greedy:chain``). Reads only public information. ``None``: rollouts as
    the search's policy says, cut off after ``depth`` plies alone (searches with
    rollouts to the end, ``depth`` 0, ignore this hint, except the ``mcts`` player's
    ``rollout=settle``, which plays such steps greedily and still rolls out to the
    end), and greedy one ply deep."""
    deepens: Callable[[State], bool] | None = None
    """``deepens(state)``, read only where :attr:`deepen` is set: does a flat search
    given more than the default budget without the look-ahead at its own moves
    (``mcts:nest=0``) look farther from the decision in ``state``?
    Where looking farther pays for some kinds of decision only, the game names them
    (Graenaland: hero moves and the offers that follow, not builds and payments).
    Reads only public information. ``None``: every decision deepens."""

    measure: Literal["margin", "win"] = "margin"
    """What advice (``hint``, ``analyze``) shows for a move: ``"margin"``, the expected
    final margin over the best other seat in points, for a game won on points;
    ``"win"``, the estimated chance to win, for a game won by meeting conditions
    (Graenaland), where a margin in ``evaluate`` units means nothing to a person."""
    undoes: Callable[[State, Any], bool] | None = None
    """``undoes(state, action)``: would the seat to move, playing ``action`` in
    ``state``, undo or go against a move it made earlier in the same chain of
    sub-decisions or the same phase (take back a good it stored this turn, vote
    against its own offer, put a viking under its own in a column where that only
    raises the price)? Such a move is legal but never better than not having made
    the first one; a one-ply player cannot see that (the two positions evaluate alike, or the
    second only looks better for a ply), so the greedy player and greedy rollouts
    never choose it while another move is legal. Reads the state and the action only.
    ``None``: no move undoes another."""

    shape: Callable[[State, int], float] | None = None
    """``shape(state, seat)``: what a flat search adds to ``evaluate`` of the searching
    seat where a rollout ends, for a game whose ``evaluate`` (greedy's one-ply judge,
    and so the search's model of how greedy seats answer) misprices what wins over
    a longer run (Graenaland: progress on all five conditions counts alike, though
    three win). The rollouts still play by ``evaluate``. Reads the state and the
    seat only. ``None``: ``evaluate`` alone."""

    def __post_init__(self) -> None:
        if not self.eval_scale > 0:
            raise ValueError(f"eval_scale must be positive, not {self.eval_scale!r}")
        if self.depth is not None and self.depth < 0:
            raise ValueError(f"depth must be at least 0, not {self.depth!r}")
        if self.deepest is not None and self.deepest < 1:
            raise ValueError(f"deepest must be at least 1, not {self.deepest!r}")
        if self.method not in ("tree", "flat"):
            raise ValueError(f"method must be 'tree' or 'flat', not {self.method!r}")
        if self.measure not in ("margin", "win"):
            raise ValueError(f"measure must be 'margin' or 'win', not {self.measure!r}")

    def ends_chain(self, start: State, state: State) -> bool:
        """:attr:`horizon` with its default (one ply)."""
        return True if self.horizon is None else self.horizon(start, state)

    def deepens_at(self, state: State) -> bool:
        """:attr:`deepen` and :attr:`deepens` together: does a bigger budget look
        farther from the decision in ``state``?"""
        return self.deepen and (self.deepens is None or self.deepens(state))
