"""Position evaluation (placeholder, replaced below)."""

from __future__ import annotations

from vikingcli_wikinger.state import State


def evaluate(s: State, seat: int) -> float:
    """Projected final VP of ``seat``."""
    return float(s.vp[seat]) + s.gold[seat] / 5
