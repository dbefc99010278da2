"""Move-average sampling (MAST) for the ``mcts`` player's rollouts.

MAST (Finnsson & Björnsson, "Simulation-Based Approach to General Game Playing",
AAAI 2008) learns, during one search, the mean reward each action brought the seat
that played it in the rollouts so far, and lets later rollouts prefer actions with a
high mean. It needs nothing from the game: no ``evaluate`` call and no clone per
step, only a dictionary look-up per candidate, so a rollout costs about what a
random one does. What a rollout learns grows with the budget, which is why it is
the rollout the search uses above the default budget (``rollout=auto``): a
300-iteration search's table is thin, a 1000-iteration one's is three times as rich.

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

from vikingcli.engine import Action

EPSILON: Final = 0.2
"""Probability of a uniformly random rollout action instead of the sampled best."""
SAMPLE: Final = 3
"""How many legal actions are drawn per step; the best mean among them is played."""
UNSEEN: Final = 1.0
"""The mean of an action without statistics (the greatest reward: tried first)."""


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
