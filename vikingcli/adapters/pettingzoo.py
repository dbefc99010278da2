"""vikingcli's games as PettingZoo AEC environments (``pip install 'vikingcli[rl]'``).

    from vikingcli.adapters.pettingzoo import env
    e = env("jorvik", players=3, mode="jarl", render_mode="ansi")
    e.reset(seed=7)
    for agent in e.agent_iter():
        observation, reward, termination, truncation, info = e.last()
        action = None if termination or truncation else pick(observation)
        e.step(action)

* agents ``player_0`` .. ``player_{n-1}``, seat by seat; ``agent_selection`` is the seat
  to move (turns are not round-robin: a seat may move several times in a row);
* action space ``Discrete(size)``: the game's action numbering (``Game.action_codec``,
  docs/bot-protocol.md "Actions as integers"), the same at every table size;
* observation ``{"observation": Box(0, 1, (N,), float32), "action_mask": Box(0, 1,
  (size,), int8)}``: the seat's observation encoded from the game's schema
  (``vikingcli.adapters.encoding``) and its legal actions (1 = legal; all 0 when it is
  not that agent's turn);
* rewards only at the end: each seat's share of the others it placed above, from -1
  (last alone) to 1 (first alone); ``infos[agent]`` has ``legal_moves`` (the numbers)
  and, once over, ``scores`` and ``ranks``;
* ``render_mode="ansi"``: :meth:`render` returns the table as a spectator sees it;
* ``reset(seed=N)`` deals game N (the same seed, the same deal as ``vikingcli run
  --seed N``); without a seed, a deal drawn from the environment's own generator.
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from vikingcli.adapters.table import Table, table
from vikingcli.engine import SEED_MAX


def env(
    name: str, players: int | None = None, render_mode: str | None = None, **options: Any
) -> VikingEnv:
    """The AEC environment of game ``name`` at a table of ``players`` (its default
    when left out) with the game's ``options`` (``mode="jarl"``)."""
    return VikingEnv(table(name, players, **options), render_mode=render_mode)


class VikingEnv(AECEnv):
    """One vikingcli table as a PettingZoo AEC environment (see the module)."""

    def __init__(self, table: Table, render_mode: str | None = None) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode {render_mode!r}: only 'ansi' is supported")
        self.table = table
        self.render_mode = render_mode
        name = table.game.name
        self.metadata = {
            "render_modes": ["ansi"],
            "name": f"vikingcli_{name}_v0",
            "is_parallelizable": False,
        }
        self.possible_agents = [f"player_{i}" for i in range(table.players)]
        size = table.codec.size
        self._observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (table.encoder.size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (size,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self._rng = random.Random()
        self.state: Any = None

    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_spaces[agent]

    # -- the AEC loop ----------------------------------------------------------------

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng.seed(seed)
            deal = int(seed) % (SEED_MAX + 1)
        else:
            deal = self._rng.randrange(SEED_MAX + 1)
        self.state = self.table.new_state(deal)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._select()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        table, game = self.table, self.table.game
        self._cumulative_rewards[agent] = 0.0
        # Checked before anything changes: an integer, in range, legal (AdapterError).
        game.apply(self.state, table.action(self.state, action))
        if game.to_move(self.state) is None:
            returns = table.returns(self.state)
            outcome = game.outcome(self.state)
            for i, a in enumerate(self.agents):
                self.rewards[a] = returns[i]
                self.terminations[a] = True
                self.infos[a] = {
                    "legal_moves": [],
                    "scores": list(outcome.scores),
                    "ranks": list(outcome.ranks),
                }
        else:
            self._select()
        self._accumulate_rewards()
        if self.render_mode == "ansi":
            self.render()

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.possible_agents.index(agent)
        game, state = self.table.game, self.state
        vector = np.asarray(self.table.encoder.encode(game.observation(state, seat)), np.float32)
        mask: Any = np.zeros(self.table.codec.size, np.int8)
        if game.to_move(state) == seat:
            mask[self.table.legal_ids(state)] = 1
        return {"observation": vector, "action_mask": mask}

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        shown = self.table.game.render(self.state, None)
        if isinstance(shown, str):
            return shown
        return "".join(text for _, text in shown)

    def close(self) -> None:
        self.state = None

    def _select(self) -> None:
        seat = self.table.game.to_move(self.state)
        assert seat is not None
        self.agent_selection = self.possible_agents[seat]
        legal = self.table.legal_ids(self.state)
        for a in self.agents:
            self.infos[a] = {"legal_moves": legal if a == self.agent_selection else []}
