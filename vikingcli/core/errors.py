"""The errors and limits every layer of the host shares.

A :class:`BadInput` is a problem with what a person or a file gave us (a key file, a
results file, a backend that is not installed): the command prints its message as one
line and exits with code 2.
"""

from __future__ import annotations

# The largest seed, of a deal or of a player: the engine's, since player kinds bound
# their seed parameter with it. Every seed fits a signed 64-bit integer, so JSON tools
# and orjson read it back exactly (random.Random takes any size, JSON readers do not).
from vikingcli.engine.players import SEED_MAX as SEED_MAX


class BadInput(ValueError):
    """Bad input found after parsing (a file, a key): exit code 2, one line."""
