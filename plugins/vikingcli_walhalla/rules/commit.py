"""D9: at the end of a raid each card holder lays end-of-raid cards face down, one
seat at a time, then all are revealed together (docs/rules/walhalla.md §4.7)."""

from __future__ import annotations

from typing import Any, Final

from vikingcli.engine import Action
from vikingcli_walhalla import data as D
from vikingcli_walhalla.board import N_HEADLANDS
from vikingcli_walhalla.rules.raid import next_committer
from vikingcli_walhalla.state import DONE, PLAY, State

DONE_ACTION: Final = (DONE,)


def legal_actions(s: State) -> list[Action]:
    p = s.commit_order[s.commit_idx]
    h = s.hands[p]
    acts: list[Action] = []
    for t in (D.C_FOREST, D.C_WHEAT, D.C_SHRINE, D.C_VILLAGE):
        if h[t]:
            acts.append((PLAY, t, -1))
    if h[D.C_HEADLAND]:
        for hl in range(N_HEADLANDS):
            acts.append((PLAY, D.C_HEADLAND, hl))
    if h[D.C_WALHALLA] and s.raid < D.N_RAIDS:
        acts.append((PLAY, D.C_WALHALLA, -1))
    acts.append(DONE_ACTION)
    return acts


def apply_legal(s: State, a: tuple[Any, ...]) -> None:
    if a[0] == DONE:
        next_committer(s)
        return
    p = s.commit_order[s.commit_idx]
    s.hands[p][a[1]] -= 1
    s.commits[p].append((a[1], a[2]))
