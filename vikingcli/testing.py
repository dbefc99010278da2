"""Deprecated alias of plugin API 1: the conformance suite is
:mod:`vikingcli.engine.testing`.

Importing this module warns (``DeprecationWarning``) and gives the same functions; it
goes in the next release (CHANGELOG.md).
"""

from __future__ import annotations

from vikingcli.engine.compat import deprecated
from vikingcli.engine.testing import (
    check_flat_clone,
    check_narration,
    check_outcome,
    check_replay,
    check_search_calls,
    check_state,
    check_views,
    configurations,
    conformance_suite,
    iter_states,
    play_random,
)

deprecated("the module vikingcli.testing", "vikingcli.engine.testing")

__all__ = [
    "check_flat_clone", "check_narration", "check_outcome", "check_replay", "check_search_calls",
    "check_state", "check_views",
    "configurations", "conformance_suite", "iter_states", "play_random",
]  # fmt: skip
