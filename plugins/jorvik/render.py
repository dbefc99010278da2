"""Text rendering (placeholder)."""

from __future__ import annotations

from vikingcli_jorvik.state import JorvikState

RULES_SUMMARY = "Jórvík"


def render(s: JorvikState, seat: int | None) -> str:
    return f"round {s.round_no}"
