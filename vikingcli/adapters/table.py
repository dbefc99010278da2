"""One table of a game, as the learning adapters see it: actions as integers (the
game's ``action_codec``), observations as vectors (``encoding``), the returns of a
finished game, all reached through the registry."""

from __future__ import annotations

import operator
from dataclasses import dataclass, field
from typing import Any

from vikingcli.adapters.encoding import Encoder
from vikingcli.core.registry import load_registry
from vikingcli.engine import Game, State
from vikingcli.engine.codec import ActionCodec


class AdapterError(ValueError):
    """A game or table the adapters cannot load, or a number they cannot take (an
    action, a seat, a chance outcome); the message says why."""


def whole_number(value: Any, what: str, size: int) -> int:
    """``value`` as an index ``0 .. size - 1`` (an ``int`` or a NumPy integer, never a
    float or a bool); :class:`AdapterError` naming ``what`` when it is not one."""
    try:
        if isinstance(value, bool):
            raise TypeError
        number = operator.index(value)
    except TypeError:
        raise AdapterError(f"{what} must be an integer, not {value!r}") from None
    if not 0 <= number < size:
        raise AdapterError(f"{what} {number} is out of range: 0 to {size - 1}")
    return number


@dataclass
class Table:
    """``game`` at a table of ``players`` with ``options`` (every option, validated)."""

    game: Game
    players: int
    options: dict[str, str]
    codec: ActionCodec
    encoder: Encoder = field(repr=False)

    def new_state(self, seed: int) -> State:
        return self.game.new_state(self.players, self.options, seed)

    def legal_ids(self, state: State) -> list[int]:
        """The numbers of the legal actions, in increasing order."""
        return sorted(self.codec.encode(a) for a in self.game.legal_actions(state))

    def action(self, state: State, number: int) -> Any:
        """The legal action numbered ``number``; :class:`AdapterError` (a ``ValueError``)
        when it is not an action number or not legal now."""
        number = whole_number(number, "an action", self.codec.size)
        action = self.codec.decode(number)
        if action not in self.game.legal_actions(state):
            raise AdapterError(
                f"action {number} ({action!r}) is not legal now; legal: {self.legal_ids(state)}"
            )
        return action

    def action_text(self, state: State, number: int) -> str:
        """The canonical text of action ``number`` where it is legal, else its tuple."""
        action = self.codec.decode(whole_number(number, "an action", self.codec.size))
        if action in self.game.legal_actions(state):
            return self.game.format_action(state, action)
        return repr(action)

    def returns(self, state: State) -> list[float]:
        """Each seat's result in [-1, 1]: the share of the other seats it placed above
        (a tie counts half), scaled so that first alone is 1 and last alone is -1; 0
        for everybody while the game is not over."""
        n = self.players
        if self.game.to_move(state) is not None:
            return [0.0] * n
        if n == 1:
            return [1.0]
        ranks = self.game.outcome(state).ranks
        out = []
        for p in range(n):
            beaten = sum(1 for q in range(n) if q != p and ranks[p] < ranks[q])
            tied = sum(1 for q in range(n) if q != p and ranks[p] == ranks[q])
            out.append(2.0 * (beaten + 0.5 * tied) / (n - 1) - 1.0)
        return out


def table(name: str, players: int | None = None, **options: Any) -> Table:
    """The table of game ``name`` (its default size when ``players`` is None) with
    ``options`` (each as its text, e.g. ``mode="jarl"``); :class:`AdapterError` names
    what is wrong."""
    games = load_registry().games
    if name not in games:
        raise AdapterError(f"unknown game {name!r} (installed: {', '.join(sorted(games))})")
    game = games[name]
    n = game.default_players if players is None else int(players)
    if not game.min_players <= n <= game.max_players:
        raise AdapterError(
            f"{name} seats {game.min_players} to {game.max_players} players, not {n}"
        )
    try:
        resolved = game.resolve_options({k: str(v) for k, v in options.items()})
    except ValueError as exc:
        raise AdapterError(str(exc)) from None
    schema = game.observation_schema()
    codec = game.action_codec(n, resolved)
    if schema is None or codec is None:
        raise AdapterError(
            f"{name} declares no observation schema or action numbering"
            " (Game.observation_schema, Game.action_codec)"
        )
    return Table(game, n, resolved, codec, Encoder(schema, n))
