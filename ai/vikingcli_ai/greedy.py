"""The ``greedy`` player: one ply ahead with the game's ``evaluate``, seeded ties.

Honesty: the player never evaluates the true state. It draws one determinization
of the position from its own seat's view (``game.determinize``), then for every
legal action clones that determinization, applies the action and asks
``evaluate`` for the acting seat. Hidden cards that an action reveals (a draw)
are therefore sampled, not peeked at. A move that undoes one the seat made earlier
in the same chain (the game's ``undoes`` hint) or changes nothing it sees is never
chosen while another is legal (:mod:`vikingcli_ai.sensible`). Ties (within 1e-9) are
broken with the player's seeded RNG, so the same seed gives the same game.

Where the game names a decision as a step of the seat's own chain of moves (the
``settle`` hint: Jórvík's loading turn), one ply misjudges it: it took a stored good
out where holding it looked as good, and then, as storing it straight back undoes
the take, threw it away at the turn's end (a tenth of its loading turns). There the
player looks through the rest of its own chain (:mod:`vikingcli_ai.chain`), within
``chain`` positions (0: one ply always, the player before 2026-12-07).
"""

from __future__ import annotations

import math
import random
from collections.abc import Mapping, Sequence
from typing import Any

from vikingcli.engine import SEED_PARAM, Action, Game, Param, PlayerKind, State
from vikingcli_ai.chain import chain_values
from vikingcli_ai.sensible import no_op
from vikingcli_ai.weights import WEIGHTS_HELP, check_weights_file, weighted

TIE = 1e-9
CHAIN = 20000
"""Positions greedy visits at most to look through its own chain: few Jórvík loading
turns need more (benchmarks/README.md, "Jórvík: greedy looks through its own loading
turn"); one that does is judged one ply deep."""
CHAIN_HELP = (
    "positions greedy may visit to look through its own chain of moves where the game"
    " names one (jorvik: a loading turn), judging each step by the best end of the chain;"
    " a chain with more is judged one ply deep; 0: one ply always"
)


def greedy_values(
    game: Game, base: State, seat: int, actions: Sequence[Action], *, trusted: bool = False
) -> list[float]:
    """``evaluate(seat)`` after each action, applied to a clone of ``base``.

    ``trusted``: the actions come from ``legal_actions(base)`` itself, so the
    engine may skip its legality check. The greedy player's own actions are the
    true state's, which the contract does not promise to be legal in a
    determinization: those stay checked."""
    clone, evaluate = game.clone, game.evaluate
    apply = game.apply_legal if trusted else game.apply
    out = []
    for action in actions:
        child = apply(clone(base), action)
        out.append(evaluate(child, seat))
    return out


def drop_undos(
    game: Game, state: State, actions: Sequence[Action], values: list[float]
) -> list[float]:
    """``values`` with ``-inf`` for every action that undoes a move of the same chain
    (the game's ``undoes`` search hint: taking back a good stored this turn, voting
    against one's own offer), unless every action does. ``state``: the position the
    actions are legal in (the player's determinization)."""
    undoes = game.search_hints.undoes
    if undoes is None:
        return values
    out = [-math.inf if undoes(state, a) else v for a, v in zip(actions, values)]
    return out if max(out) > -math.inf else values


def pick_best(actions: Sequence[Action], values: Sequence[float], rng: random.Random) -> Action:
    """The action of highest value; ties broken by ``rng``."""
    top = max(values)
    best = [a for a, v in zip(actions, values) if v >= top - TIE]
    return best[0] if len(best) == 1 else best[rng.randrange(len(best))]


class GreedyPlayer:
    """One ply of look-ahead on a determinization, scored by ``evaluate``.

    ``game``: the game whose ``evaluate`` judges (the match's game with tuned
    weights, :mod:`vikingcli_ai.weights`), or ``None`` for the match's own."""

    __slots__ = ("chain", "game", "rng")

    def __init__(self, seed: int, game: Game | None = None, chain: int = CHAIN) -> None:
        self.rng = random.Random(seed)
        self.game = game
        self.chain = chain

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
        judge = self.game or game
        base = judge.determinize(state, seat, self.rng)
        looked = chain_values(judge, base, seat, actions, self.chain) if self.chain else None
        values = looked or greedy_values(judge, base, seat, actions)
        values = drop_undos(judge, base, actions, values)
        action = pick_best(actions, values, self.rng)
        # Nor a move that changes nothing it sees (sensible.py): checked on the choice
        # only, as no installed game has one and the check costs an observation.
        while no_op(game, state, action) and max(values) > -math.inf:
            values = [-math.inf if a is action else v for a, v in zip(actions, values)]
            if max(values) == -math.inf:
                break
            action = pick_best(actions, values, self.rng)
        return action


def _make(game: Game, seat: int, params: Mapping[str, Any]) -> GreedyPlayer:
    path = params["weights"]
    return GreedyPlayer(params["seed"], weighted(game, path) if path else None, params["chain"])


GREEDY = PlayerKind(
    name="greedy",
    description="one ply ahead by the game's evaluate (its own chain to its end); seeded ties",
    factory=_make,
    params=(
        SEED_PARAM,
        Param("weights", str, "", WEIGHTS_HELP, check=check_weights_file),
        Param("chain", int, CHAIN, CHAIN_HELP, minimum=0, maximum=1_000_000),
    ),
)
