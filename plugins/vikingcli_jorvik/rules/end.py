"""Game end (docs/rules/jorvik.md §4): the final Pict attack E01, then final scoring."""

from __future__ import annotations

from vikingcli_jorvik.rules.pict import start_pict
from vikingcli_jorvik.scoring import final_table
from vikingcli_jorvik.state import CTX_FINAL, PH_OVER, State


def start_final(s: State) -> None:
    """Spec §4.2: resolve E01 (always the bottom card), then score unless a Glory /
    Ransom decision is pending (the caller then resumes with ``final_scoring``)."""
    c = s.deck.pop()
    if start_pict(s, c, CTX_FINAL):
        return
    final_scoring(s)


def final_scoring(s: State) -> None:
    final = final_table(s)
    for p in range(s.n):
        s.vp[p] += final["total"][p]
    s.final = final
    s.phase = PH_OVER
    s.actor = -1
