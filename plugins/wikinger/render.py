"""Text rendering (placeholder)."""

from __future__ import annotations

from vikingcli_wikinger.state import State


def render(s: State, seat: int | None) -> str:
    """The table as seen from ``seat``."""
    return f"round {s.round}"
