"""vikingcli's games as OpenSpiel Python games (``pip install 'vikingcli[rl]'``).

    from vikingcli.adapters.openspiel import load
    game = load("jorvik", players=3, mode="jarl")      # a pyspiel.Game
    state = game.new_initial_state()

Each game is registered once (``pyspiel.register_game``) as ``python_vikingcli_GAME``,
with the parameters ``players``, ``deals`` and each of the game's options (as text), so
``pyspiel.load_game("python_vikingcli_jorvik", {"players": 3})`` works too once this
module is imported. The model:

* sequential, imperfect information, general-sum, terminal rewards;
* explicit chance, once: the first node of every game is a chance node that picks the
  deal, one of ``deals`` (default 65536) equally likely seeds, the same seed as
  ``vikingcli run --seed N``; every later random event of the game (a deck, the bag)
  follows from it, hidden from the players as the game hides it;
* actions: the game's numbering (``Game.action_codec``); ``action_to_string`` is the
  action's canonical text;
* returns in [-1, 1]: the share of the other seats a seat placed above (a tie counts
  half), 1 first alone, -1 last alone;
* observation string: the seat's observation (docs/bot-protocol.md) as JSON;
  information state string: that and the moves the seat made itself, so it has
  perfect recall of its own play; observation tensor: the observation encoded from
  the game's schema (``vikingcli.adapters.encoding``);
* ``resample_from_infostate(player, sampler)``: a state the player cannot tell from
  this one, everything it cannot see re-dealt (``Game.determinize``), which is what
  OpenSpiel's ``ISMCTSBot`` (``open_spiel.python.algorithms.ismcts``) searches on.
"""

from __future__ import annotations

import ctypes
import json
import random
from typing import Any

import numpy as np
import pyspiel

from vikingcli.adapters.table import Table, table, whole_number
from vikingcli.core.registry import load_registry

DEALS = 1 << 16
"""Deals the chance node picks from by default (seeds 0 .. DEALS - 1)."""
MAX_GAME_LENGTH = 20000
"""Moves a game can last at most (the engine's own bound on a random game)."""
PREFIX = "python_vikingcli_"


def load(name: str, players: int | None = None, **options: Any) -> pyspiel.Game:
    """Game ``name`` at a table of ``players`` (its default when left out) with the
    game's ``options``, as a ``pyspiel.Game`` (registered on first use)."""
    checked = table(name, players, **options)  # refuses what the game refuses
    register(name)
    params: dict[str, Any] = {"players": checked.players}
    params.update({k: _param(v) for k, v in checked.options.items()})
    return pyspiel.load_game(PREFIX + name, params)


def _param(value: str) -> str | int:
    """An option's value as an OpenSpiel parameter: a number as an int, commas as
    slashes (OpenSpiel separates parameters with commas)."""
    return int(value) if value.isdigit() else value.replace(",", "/")


_registered: set[str] = set()


def register(name: str) -> None:
    """Register game ``name`` with OpenSpiel (once)."""
    if name in _registered:
        return
    game = load_registry().games[name]
    defaults: dict[str, Any] = {"players": game.default_players, "deals": DEALS}
    # OpenSpiel writes parameters as "k=v,k=v": an option's commas become slashes
    # (Walhalla's headlands=6/6/6), and back again when the game is made.
    # A number is an int parameter: OpenSpiel reads "rounds=100" back as one.
    defaults.update({o.name: _param(o.default) for o in game.options})
    game_type = pyspiel.GameType(
        short_name=PREFIX + name,
        long_name=f"vikingcli {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=defaults,
    )

    def make(params: dict[str, Any] | None = None) -> VikingGame:
        return VikingGame(game_type, name, params or {})

    # OpenSpiel's registry (a C++ static) keeps the creator until after the
    # interpreter has finished, and dropping the last reference to a Python function
    # then crashes the process on exit: one reference is kept for ever.
    ctypes.pythonapi.Py_IncRef(ctypes.py_object(make))
    pyspiel.register_game(game_type, make)
    _registered.add(name)


class VikingGame(pyspiel.Game):
    """One vikingcli game at one table, as an OpenSpiel game."""

    def __init__(self, game_type: Any, name: str, params: dict[str, Any]) -> None:
        params = dict(params)
        players = int(params.pop("players", load_registry().games[name].default_players))
        self.deals = int(params.pop("deals", DEALS))
        if not 1 <= self.deals <= 1 << 31:
            raise ValueError(f"deals must be 1 to 2^31, not {self.deals}")
        options = {k: str(v).replace("/", ",") for k, v in params.items()}
        self.table: Table = _table(name, players, options)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.table.codec.size,
            max_chance_outcomes=self.deals,
            num_players=self.table.players,
            min_utility=-1.0,
            max_utility=1.0,
            max_game_length=MAX_GAME_LENGTH,
        )
        shown = {k: _param(v) for k, v in self.table.options.items()}
        full = {"players": self.table.players, "deals": self.deals, **shown}
        super().__init__(game_type, info, full)

    def new_initial_state(self) -> VikingState:
        return VikingState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> VikingObserver:
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return VikingObserver(self.table, recall)


_tables: dict[tuple[str, int, tuple[tuple[str, str], ...]], Table] = {}


def _table(name: str, players: int, options: dict[str, str]) -> Table:
    """The table of these settings, made once (a state read back from its pickled form
    finds its table here)."""
    key = (name, players, tuple(sorted(options.items())))
    if key not in _tables:
        _tables[key] = table(name, players, **options)
    return _tables[key]


class _Inner:
    """The vikingcli state inside an OpenSpiel state, with its table. OpenSpiel copies
    a Python state with ``copy.deepcopy`` of its attributes, which this makes the
    game's own fast ``clone`` (the table is shared), and serializes it with
    ``pickle``, which this makes the game's JSON snapshot."""

    __slots__ = ("state", "table")

    def __init__(self, table: Table, state: Any) -> None:
        self.table = table
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Inner:
        state = self.state
        return _Inner(self.table, None if state is None else self.table.game.clone(state))

    def __getstate__(self) -> tuple[Any, ...]:
        t = self.table
        snapshot = None if self.state is None else t.game.to_json(self.state)
        return (t.game.name, t.players, dict(t.options), snapshot)

    def __setstate__(self, data: tuple[Any, ...]) -> None:
        name, players, options, snapshot = data
        self.table = _table(name, players, options)
        self.state = None if snapshot is None else self.table.game.from_json(snapshot)


class VikingState(pyspiel.State):
    """A game in progress: before the deal a chance node, then the vikingcli state."""

    def __init__(self, game: VikingGame) -> None:
        super().__init__(game)
        self._deals = game.deals
        self._inner = _Inner(game.table, None)
        self._own: list[list[int]] = [[] for _ in range(game.table.players)]

    @property
    def _table(self) -> Table:
        return self._inner.table

    # -- the OpenSpiel state API ----------------------------------------------------

    def current_player(self) -> int:
        state = self._inner.state
        if state is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self._table.game.to_move(state)
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def _legal_actions(self, player: int) -> list[int]:
        if self._inner.state is None or player != self.current_player():
            return []
        return self._table.legal_ids(self._inner.state)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / self._deals
        return [(deal, p) for deal in range(self._deals)]

    def _apply_action(self, action: int) -> None:
        if self._inner.state is None:
            deal = whole_number(action, "a chance outcome (a deal)", self._deals)
            self._inner.state = self._table.new_state(deal)
            return
        seat = self.current_player()
        game, state = self._table.game, self._inner.state
        chosen = self._table.action(state, action)  # AdapterError: not an action, not legal
        game.apply(state, chosen)
        self._own[seat].append(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE or self._inner.state is None:
            return f"deal {action}"
        return self._table.action_text(self._inner.state, int(action))

    def is_terminal(self) -> bool:
        state = self._inner.state
        return state is not None and self._table.game.to_move(state) is None

    def returns(self) -> list[float]:
        if self._inner.state is None:
            return [0.0] * self._table.players
        return self._table.returns(self._inner.state)

    def resample_from_infostate(self, player: int, probability_sampler: Any) -> VikingState:
        """A state that ``player`` cannot tell from this one: what it cannot see
        re-dealt from a seed drawn with ``probability_sampler`` (a callable giving
        numbers in [0, 1))."""
        player = whole_number(player, "a player", self._table.players)
        clone = self.clone()
        if self._inner.state is not None:
            seed = int(float(probability_sampler()) * (1 << 53))
            clone._inner.state = self._table.game.determinize(
                self._inner.state, player, random.Random(seed)
            )
        return clone

    def __str__(self) -> str:
        if self._inner.state is None:
            return "before the deal"
        shown = self._table.game.render(self._inner.state, None)
        return shown if isinstance(shown, str) else "".join(t for _, t in shown)

    # -- for a player that searches a vikingcli position ---------------------------------

    def place(self, state: Any) -> None:
        """Make this the position ``state`` (a vikingcli state of this table), past the
        deal: what a player searches from (``vikingcli.adapters.players``)."""
        self._inner.state = state

    def table_action(self, number: int) -> Any:
        """The vikingcli action numbered ``number`` (legal here)."""
        assert self._inner.state is not None
        return self._table.action(self._inner.state, number)

    # -- for the observer --------------------------------------------------------------

    def observation_of(self, player: int) -> dict[str, Any] | None:
        state = self._inner.state
        return None if state is None else self._table.game.observation(state, player)

    def own_actions(self, player: int) -> list[int]:
        return self._own[player]


class VikingObserver:
    """OpenSpiel's observer interface (``open_spiel.python.observation``): the
    observation vector in :attr:`tensor`, the JSON strings from :meth:`string_from`."""

    def __init__(self, table: Table, perfect_recall: bool) -> None:
        self.table = table
        self.perfect_recall = perfect_recall
        self.tensor: Any = np.zeros(table.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: VikingState, player: int) -> None:
        observation = state.observation_of(player)
        if observation is None:
            self.tensor.fill(0.0)
            return
        self.table.encoder.encode_into(observation, self.tensor)

    def string_from(self, state: VikingState, player: int) -> str:
        observation = state.observation_of(player)
        text = "" if observation is None else json.dumps(observation, sort_keys=True)
        if not self.perfect_recall:
            return text
        return f"{text}|moves {state.own_actions(player)}"
