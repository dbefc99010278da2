"""Heuristic evaluation (placeholder, refined below)."""

from __future__ import annotations

from vikingcli_jorvik.state import JorvikState


def evaluate(s: JorvikState, seat: int) -> float:
    return float(s.vp[seat])
