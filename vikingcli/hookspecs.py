"""Deprecated alias of plugin API 1: the hook markers are in :mod:`vikingcli.engine`.

Importing this module warns (``DeprecationWarning``) and gives the same objects; it
goes in the next release (CHANGELOG.md).
"""

from __future__ import annotations

from vikingcli.engine.compat import deprecated
from vikingcli.engine.hooks import PROJECT, hookimpl, hookspec, vikingcli_games, vikingcli_players

deprecated(
    "the module vikingcli.hookspecs", "vikingcli.engine (from vikingcli.engine import hookimpl)"
)

__all__ = ["PROJECT", "hookimpl", "hookspec", "vikingcli_games", "vikingcli_players"]
