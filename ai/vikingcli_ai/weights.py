"""The ``weights=FILE`` parameter of the ``greedy`` and ``mcts`` players: a game's
heuristic weights from a file that ``vikingcli tune`` writes.

The file is one JSON object; the players read two of its keys, ``game`` (the game's
name) and ``weights`` (weight name -> number), and leave the rest (the tuner's own
state, for a resumed run) alone. Weights the file leaves out keep the game's values.
"""

from __future__ import annotations

import math
from typing import Any

import orjson

from vikingcli.engine import Game, SpecError
from vikingcli.engine.files import read_bounded

MAX_BYTES = 1 << 20
"""The largest weights file read: ``tune`` writes a few KiB (its history included)."""
MAX_WEIGHT = 1e6
"""The largest weight either way: a game's weights are of the order of its points,
and a huge one (``1e308``) overflows the evaluation to inf or nan."""


def read_weights(path: str) -> tuple[str, dict[str, float]]:
    """The game name and the weights in the file at ``path``; ``ValueError`` with
    the reason when it cannot be read or is not such a file."""
    try:
        # The path may come from a save or a tournament file: hostile until checked.
        data: Any = orjson.loads(read_bounded(path, MAX_BYTES))
    except OSError as exc:
        raise ValueError(f"cannot read {path}: {exc.strerror or exc}") from None
    except orjson.JSONDecodeError:
        raise ValueError(f"{path} is not JSON") from None
    if not isinstance(data, dict) or not isinstance(data.get("weights"), dict):
        raise ValueError(f"{path} holds no weights (no 'weights' object)")
    game = data.get("game")
    if not isinstance(game, str):
        raise ValueError(f"{path} does not say which game its weights are for")
    weights = data["weights"]
    for name, value in weights.items():
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise ValueError(f"{path}: weight {name!r} is not a number")
        if abs(value) > MAX_WEIGHT or not math.isfinite(value):  # nan: neither >
            raise ValueError(f"{path}: weight {name!r} is {value!r}, not within ±{MAX_WEIGHT:g}")
    return game, {str(k): float(v) for k, v in weights.items()}


def check_weights_file(path: str) -> None:
    """The parameter's check when a spec is read: an empty value (the game's own
    weights) or a readable weights file."""
    if path:
        read_weights(path)


def weighted(game: Game, path: str) -> Game:
    """``game`` with the weights in the file at ``path`` (``""``: ``game`` itself);
    :class:`SpecError` when the file is for another game or names a weight the game
    does not have."""
    if not path:
        return game
    try:
        name, weights = read_weights(path)
        if name != game.name:
            raise ValueError(f"{path} holds weights for {name}, not {game.name}")
        return game.with_weights(weights)
    except ValueError as exc:
        raise SpecError(f"parameter weights: {exc}") from None


WEIGHTS_HELP = (
    "a weights file written by `vikingcli tune` for this game: its evaluate weights"
    " instead of the game's own (empty: the game's own)"
)
