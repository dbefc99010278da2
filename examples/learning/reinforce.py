"""A policy that learns a vikingcli game through the PettingZoo environment, with
NumPy alone (REINFORCE, a linear softmax over the legal actions), and its win share
against random players, with a 95% Wilson interval.

    python examples/learning/reinforce.py --game walhalla --players 3 \\
        --train 2000 --eval 400 --seed 1 --rate 0.002

The learner takes one seat (a different one each game, so no seat is favoured) and
uniform random players the others. It reads the observation vector (the seat's view,
egocentric, ``vikingcli.adapters.encoding``), each entry divided by its bound (the
observation space's ``high``: counts are counts there), and the action mask; after each game
moves its weights along ``advantage * grad log pi(action)`` for every move it made;
the advantage is the game's return (-1 last alone .. 1 first alone) less a running
mean. The evaluation plays fresh deals (seeds after the training ones): a win is a
first place (a tie for first counts 1/k, as benchmarks/ladder.py counts it), and the
same deals and seats played by a random player instead of the learner give the share
to beat.

Needs the rl extra (``pip install 'vikingcli[rl]'``) for PettingZoo; nothing else.
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from vikingcli.adapters.pettingzoo import VikingEnv, env

Picker = Callable[[np.ndarray, np.ndarray], int]
"""(observation vector, legal action numbers) -> the action to play."""


def wilson(wins: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a share of ``wins`` in ``games`` (95% at z=1.96)."""
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = p + z * z / (2 * games)
    spread = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return (centre - spread) / scale, (centre + spread) / scale


@dataclass
class Policy:
    """A linear softmax over the legal actions: ``logits = W[legal] @ [x, 1]``."""

    weights: np.ndarray
    rng: np.random.Generator
    rate: float

    @classmethod
    def new(cls, size: int, actions: int, seed: int, rate: float) -> Policy:
        return cls(np.zeros((actions, size + 1), np.float32), np.random.default_rng(seed), rate)

    def probabilities(self, x: np.ndarray, legal: np.ndarray) -> np.ndarray:
        logits = self.weights[legal] @ np.append(x, np.float32(1.0))
        logits -= logits.max()
        p = np.exp(logits)
        return np.asarray(p / p.sum())

    def pick(self, x: np.ndarray, legal: np.ndarray) -> int:
        return int(self.rng.choice(legal, p=self.probabilities(x, legal)))

    def learn(self, moves: Sequence[tuple[np.ndarray, np.ndarray, int]], advantage: float) -> None:
        """One REINFORCE step on a game's ``moves`` (observation, legal, chosen)."""
        for x, legal, chosen in moves:
            p = self.probabilities(x, legal)
            grad = -p
            grad[int(np.flatnonzero(legal == chosen)[0])] += 1.0
            features: np.ndarray = np.append(x, np.float32(1.0))
            self.weights[legal] += (self.rate * advantage) * np.outer(grad, features)


def play(
    e: VikingEnv, seed: int, seat: int, learner: Picker, rng: np.random.Generator
) -> tuple[float, float, list[tuple[np.ndarray, np.ndarray, int]]]:
    """One game: the learner at ``seat``, random elsewhere. Its return, its win (1
    first alone, 1/k first with k - 1 others, else 0) and its moves."""
    e.reset(seed=seed)
    mine = e.possible_agents[seat]
    scale = 1.0 / np.maximum(e.observation_space(mine)["observation"].high, 1.0)
    moves: list[tuple[np.ndarray, np.ndarray, int]] = []
    result, first = 0.0, 0.0
    for agent in e.agent_iter():
        observation, reward, done, cut, info = e.last()
        if done or cut:
            if agent == mine:
                ranks = info["ranks"]
                result = float(reward)
                first = 1.0 / ranks.count(1) if ranks[seat] == 1 else 0.0
            e.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        if agent == mine:
            x = (observation["observation"] * scale).astype(np.float32)
            action = learner(x, legal)
            moves.append((x, legal, action))
        else:
            action = int(rng.choice(legal))
        e.step(action)
    return result, first, moves


def train(e: VikingEnv, policy: Policy, games: int, seed: int) -> list[float]:
    """``games`` training games on deals ``seed`` .. ``seed + games - 1``; each
    game's return."""
    rng = np.random.default_rng(seed)
    baseline, out = 0.0, []
    players = len(e.possible_agents)
    for g in range(games):
        result, _, moves = play(e, seed + g, g % players, policy.pick, rng)
        policy.learn(moves, result - baseline)
        baseline += 0.05 * (result - baseline)
        out.append(result)
    return out


def wins(e: VikingEnv, picker: Picker, games: int, seed: int) -> float:
    """Wins of ``picker`` in ``games`` games on deals from ``seed`` (the seat
    turning), against random players."""
    rng = np.random.default_rng(seed)
    players = len(e.possible_agents)
    return sum(play(e, seed + g, g % players, picker, rng)[1] for g in range(games))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="walhalla")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--train", type=int, default=2000, help="training games")
    parser.add_argument("--eval", type=int, default=400, help="evaluation games")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rate", type=float, default=0.002, help="learning rate")
    args = parser.parse_args(argv)
    e = env(args.game, players=args.players)
    size, actions = e.table.encoder.size, e.table.codec.size
    print(f"{args.game} at {args.players} seats: observation {size} numbers, {actions} actions")
    policy = Policy.new(size, actions, args.seed, args.rate)
    start = time.process_time()
    returns = train(e, policy, args.train, args.seed * 1_000_000)
    tail = returns[-max(1, len(returns) // 10) :]
    print(
        f"trained on {args.train} games in {time.process_time() - start:.0f} s of CPU;"
        f" mean return of the last {len(tail)}: {np.mean(tail):+.3f}"
    )
    at = args.seed * 1_000_000 + args.train
    random_rng = np.random.default_rng(args.seed + 1)
    for who, picker in (
        ("learner", policy.pick),
        ("random", lambda x, legal: int(random_rng.choice(legal))),
    ):
        won = wins(e, picker, args.eval, at)
        lo, hi = wilson(won, args.eval)
        print(
            f"{who}: won {won:g}/{args.eval} games vs random = {won / max(1, args.eval):.3f}"
            f" (95% Wilson {lo:.3f}..{hi:.3f})"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
