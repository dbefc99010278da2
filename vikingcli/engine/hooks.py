"""The plugin hooks of vikingcli (pluggy project name ``vikingcli``).

A plugin is a module registered under the ``vikingcli`` entry-point group; it
implements any of the hooks below with ``@vikingcli.engine.hookimpl``. Built-in games and
AI players use exactly the path a third-party package would.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pluggy

if TYPE_CHECKING:
    from vikingcli.engine.game import Game
    from vikingcli.engine.players import PlayerKind

PROJECT = "vikingcli"
hookspec = pluggy.HookspecMarker(PROJECT)
"""Marks the host's hook specifications below (pluggy's ``HookspecMarker``)."""
hookimpl = pluggy.HookimplMarker(PROJECT)
"""Marks a plugin's hook implementations: ``@hookimpl def vikingcli_games(): ...``."""


@hookspec
def vikingcli_games() -> list[Game]:
    """Return the games this plugin provides, as :class:`vikingcli.engine.Game`
    instances. Names must be unique across installed plugins."""
    raise AssertionError("hook specification only")


@hookspec
def vikingcli_players() -> list[PlayerKind]:
    """Return the player kinds this plugin provides (``random``, ``mcts``, ...),
    as :class:`vikingcli.engine.PlayerKind` instances."""
    raise AssertionError("hook specification only")
