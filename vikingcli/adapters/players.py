"""The ``openspiel`` player kind: an OpenSpiel bot at a vikingcli seat (``pip install
'vikingcli[rl]'``), so that ``vikingcli tournament`` pits OpenSpiel's algorithms
against ``mcts`` and ``greedy``:

    vikingcli tournament jorvik -p openspiel:bot=ismcts,seconds=1 -p mcts --games 60

``bot=ismcts`` is OpenSpiel's information-set MCTS (``open_spiel.python.algorithms.
ismcts.ISMCTSBot``, random rollouts to the end of the game) searching the game as
``vikingcli.adapters.openspiel`` exposes it: every simulation starts from
``resample_from_infostate``, so it sees only what its seat may know. Its budget is
``simulations`` per move, or ``seconds`` per move when given (then as many
simulations as fit). Registered through the ``vikingcli_players`` hook by this
module's entry point; OpenSpiel is imported when a player is made, so the kind is
listed (and refused with the reason) where the extra is not installed.
"""

from __future__ import annotations

import importlib.util
import random
import time
from collections.abc import Mapping
from typing import Any

from vikingcli.engine import (
    SEED_PARAM,
    Action,
    Forfeit,
    Game,
    Param,
    PlayerKind,
    SeatInfo,
    SpecError,
    State,
)
from vikingcli.engine.hooks import hookimpl


class OpenSpielPlayer:
    """One seat played by an OpenSpiel bot on the game as OpenSpiel sees it."""

    def __init__(self, game: Game, seat: int, params: Mapping[str, Any]) -> None:
        # Refused before any game begins (one line, exit code 2): at a game OpenSpiel
        # cannot load, every game would otherwise be a forfeit.
        missing = _no_form(game, game.default_players, game.resolve_options({}))
        if missing is not None:
            raise SpecError(f"the openspiel player cannot play: {missing}")
        try:
            import numpy as np
            from open_spiel.python.algorithms import ismcts, mcts

            from vikingcli.adapters import openspiel
        except ImportError as exc:
            # A seat that cannot be made is a bad spec (one line, exit code 2), not a
            # forfeit: no game has begun.
            raise SpecError(
                f"the openspiel player needs the rl extra (pip install 'vikingcli[rl]'): {exc}"
            ) from None
        self.game = game
        self.seat = seat
        self.params = dict(params)
        self.rng = random.Random(params["seed"])
        self._np = np
        self._ismcts = ismcts
        self._mcts = mcts
        self._openspiel = openspiel
        self._spiel_game: Any = None

    # -- a hosted player: told its table (the options OpenSpiel's game is loaded with)

    def begin(self, game: Game, info: SeatInfo) -> None:
        self._spiel_game = self._openspiel.load(game.name, info.players, **info.options)

    def end(self, result: Mapping[str, Any] | None) -> None:
        self._spiel_game = None

    def choose(self, game: Game, state: State, seat: int) -> Action:
        if self._spiel_game is None:
            raise Forfeit("the openspiel player was not told its table (begin)")
        spiel_state = self._spiel_game.new_initial_state()
        # What the seat may know, the rest re-dealt: the bot never holds the true deal.
        spiel_state.place(game.determinize(state, seat, self.rng))
        legal = spiel_state.legal_actions()
        if len(legal) == 1:
            number = legal[0]
        else:
            number = self._search(spiel_state)
        return spiel_state.table_action(number)

    def _search(self, spiel_state: Any) -> int:
        np, ismcts, mcts = self._np, self._ismcts, self._mcts
        random_state = np.random.RandomState(self.rng.randrange(1 << 31))
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
        seconds = float(self.params["seconds"])
        bot = ismcts.ISMCTSBot(
            self._spiel_game,
            evaluator,
            uct_c=float(self.params["c"]),
            max_simulations=int(self.params["simulations"]),
            random_state=random_state,
            final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT,
        )
        if seconds <= 0:
            return int(bot.step(spiel_state))
        # A time budget: the bot's own search loop (run_search), simulating until the
        # time is up instead of a fixed count.
        bot.reset()
        bot._root_node = bot.create_new_node(spiel_state)
        deadline = time.perf_counter() + seconds
        root = bot._root_node
        # The first simulation only expands the root: at least until one has gone
        # through it, then until the time is up.
        while root.total_visits <= 0 or time.perf_counter() < deadline:
            bot.run_simulation(bot.sample_root_state(spiel_state))
        policy = bot.get_final_policy(spiel_state, bot._root_node)
        actions, probs = zip(*policy, strict=True)
        return int(random_state.choice(actions, p=probs))


def _make(game: Game, seat: int, params: Mapping[str, Any]) -> OpenSpielPlayer:
    return OpenSpielPlayer(game, seat, params)


def _refuses(game: Game, players: int, options: Mapping[str, str]) -> str | None:
    """Why an OpenSpiel bot cannot play ``game`` at this table (``None``: it can)."""
    # Looked for, not imported: the server asks while its event loop waits.
    if importlib.util.find_spec("pyspiel") is None:
        return "the openspiel player needs the rl extra (pip install 'vikingcli[rl]')"
    return _no_form(game, players, options)


def _no_form(game: Game, players: int, options: Mapping[str, str]) -> str | None:
    """Why OpenSpiel cannot load ``game`` at this table (``None``: it can)."""
    if game.observation_schema() is None or game.action_codec(players, options) is None:
        return (
            f"{game.name} has no OpenSpiel form (no observation schema or action numbering:"
            " Game.observation_schema, Game.action_codec)"
        )
    return None


OPENSPIEL = PlayerKind(
    name="openspiel",
    description="an OpenSpiel bot (bot=ismcts: OpenSpiel's IS-MCTS) on the game as OpenSpiel"
    " sees it; needs pip install 'vikingcli[rl]'",
    factory=_make,
    refuses=_refuses,
    params=(
        Param("bot", str, "ismcts", "the OpenSpiel bot", choices=("ismcts",)),
        Param(
            "simulations",
            int,
            100,
            "IS-MCTS simulations per move (when seconds is 0)",
            minimum=1,
            maximum=10_000_000,
        ),
        Param(
            "seconds",
            float,
            0.0,
            "seconds per move (0: a fixed number of simulations)",
            minimum=0.0,
            maximum=3600.0,
        ),
        Param("c", float, 2.0, "UCT exploration constant", minimum=0.0, maximum=100.0),
        SEED_PARAM,
    ),
)


@hookimpl
def vikingcli_players() -> list[PlayerKind]:
    return [OPENSPIEL]
