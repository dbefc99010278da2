"""Move-average sampling (MAST) for the ``mcts`` player's rollouts.

MAST (Finnsson & Björnsson, "Simulation-Based Approach to General Game Playing",
AAAI 2008) learns, during one search, the mean reward each action brought the seat
that played it in the rollouts so far, and lets later rollouts prefer actions with a
high mean. It needs nothing from the game: no ``evaluate`` call and no clone per
step, only a dictionary look-up per candidate, so a rollout costs about what a
random one does. Where the search uses it by itself (``rollout=auto``) is
:func:`auto_rollout`'s rule.

Per step the policy draws ``SAMPLE`` legal actions at random and plays the one with
the best mean so far (with probability ``EPSILON`` a uniformly random action
instead). An action not seen yet counts as ``UNSEEN``, above any mean, so a new
action is tried before it is judged. Actions are keyed by themselves, not by the
seat that plays them: the four games' actions do not name the seat, and the
statistics of a move are shared by every seat's rollouts, which fills the table
faster; its reward is always the reward of the seat that played it.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Final

from vikingcli.engine import Action, Game
from vikingcli_ai.hints import look_ahead

EPSILON: Final = 0.2
"""Probability of a uniformly random rollout action instead of the sampled best."""
SAMPLE: Final = 3
"""How many legal actions are drawn per step; the best mean among them is played."""
UNSEEN: Final = 1.0
"""The mean of an action without statistics (the greatest reward: tried first)."""


def auto_rollout(game: Game, iterations: int, seconds: float, depth: int) -> str:
    """The rollout policy of ``rollout=auto`` for a search of ``iterations`` (or
    ``seconds``) cut off after ``depth`` plies (0: played to the end): ``mast`` in a
    game whose ``guided_rollouts`` hint is set, at ``depth`` 0, at any budget; ``mast`` where the
    game's ``deepen`` hint asks and :func:`~vikingcli_ai.hints.look_ahead` says the
    budget is above the default; ``random`` otherwise.

    Why: a rollout to the end of the game is long, and a random one is mostly noise
    about who wins. In Wikinger at 50 iterations and ``depth=0`` against OpenSpiel's
    IS-MCTS (random rollouts to the end, 50 simulations) MAST, with a table learnt
    from those 50 rollouts, did better than random rollouts on each of the same
    tuning deals and seatings; in Jórvík it did not (as many wins, a smaller mean
    margin), so Jórvík keeps random rollouts there; nor did rollouts playing its
    loading turns greedily (``rollout=settle``) or every step epsilon-greedily
    (benchmarks/README.md, "... issue 38, fourth pass"). Cut off by ``evaluate`` (every
    game's default depth) a rollout is short, and a move-average table learnt from
    300 rollouts is thin, from 1000 or more rich, and the longer cut-off of a
    deepening game makes random rollouts longer and noisier: in Walhalla 1000
    iterations with MAST beat 300 on the tuning deals where 1000 with random
    rollouts did not; in Jórvík at its 40-ply cut-off, paired on fresh deals, MAST
    did not measure better (benchmarks/README.md, "Tree search: issue 38" and "seventh
    pass"), with the 73-ply cut-off its ``deepen`` hint gives 1000 iterations it did
    ("Jórvík: looking farther, measured and not kept"); in Wikinger MAST did not
    measure better at its 20-ply cut-off, but with the 37-ply cut-off of its
    ``deepen`` hint it did, where random rollouts at 37 plies barely did ("Wikinger:
    a longer cut-off with move averages"). So the default search (``mcts``, the
    game's default depth and 300 iterations) rolls out at random in every game."""
    if depth == 0 and game.search_hints.guided_rollouts:
        return "mast"
    deepens = game.search_hints.deepen and look_ahead(iterations, seconds) > 1.0
    return "mast" if deepens else "random"


class MoveAverages:
    """One search's action statistics and the rollout steps of the current iteration."""

    __slots__ = ("movers", "played", "stats")

    def __init__(self) -> None:
        # per action [summed reward, count]: one look-up per candidate in a rollout step
        self.stats: dict[Action, list[float]] = {}
        self.played: list[Action] = []
        self.movers: list[int] = []

    def pick(self, mover: int, actions: Sequence[Action], rnd: Callable[[], float]) -> Action:
        """The rollout action for ``mover`` among ``actions`` (at least two), noted for
        :meth:`learn`."""
        m = len(actions)
        if rnd() < EPSILON:
            action = actions[int(rnd() * m)]
        else:
            stats = self.stats
            action = actions[0]
            best_v = -1.0
            for _ in range(SAMPLE):
                a = actions[int(rnd() * m)]
                st = stats.get(a)
                v = st[0] / st[1] if st is not None else UNSEEN
                if v > best_v:
                    best_v = v
                    action = a
        self.played.append(action)
        self.movers.append(mover)
        return action

    def learn(self, rewards: Sequence[float]) -> None:
        """Credit every action of this iteration's rollout with its mover's reward."""
        stats = self.stats
        for action, mover in zip(self.played, self.movers):
            st = stats.get(action)
            if st is None:
                stats[action] = [rewards[mover], 1.0]
            else:
                st[0] += rewards[mover]
                st[1] += 1.0
        self.played.clear()
        self.movers.clear()
