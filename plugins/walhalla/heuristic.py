"""evaluate(): a projected final score in VP (placeholder, refined below)."""

from __future__ import annotations

from vikingcli_walhalla.state import WalhallaState


def evaluate(s: WalhallaState, seat: int) -> float:
    return float(s.score[seat])
