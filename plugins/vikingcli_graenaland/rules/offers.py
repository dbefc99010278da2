"""Offers (docs/rules/graenaland.md §4 Phase 3, D6): every seat but the lead may offer
all cards lying in one province where it has a vote, split among the seats with votes
there. The split is built one card at a time (``offer X``, then one ``to pN`` per card).

Cards go in class order G, L, W, O, Au, then the face-down ones; within a class the
recipients come in non-decreasing order of the eligible seats (listed from the offerer
clockwise), so every distinct count split (the spec's offer encoding) is reached by
exactly one path."""

from __future__ import annotations

from vikingcli_graenaland.rules.common import A_PASS, cards_at
from vikingcli_graenaland.rules.rounds import next_offerer
from vikingcli_graenaland.rules.votes import start_vote, voters_from, votes
from vikingcli_graenaland.state import HIDDEN, PH_ALLOC, Action, State


def legal_offer(st: State) -> list[Action]:
    s = st.actor
    acts = [A_PASS]
    for p in range(st.board.np):
        if cards_at(st, p) and votes(st, s, p) >= 1:
            acts.append(("offer", p))
    return acts


def apply_offer(st: State, a: Action) -> None:
    s = st.actor
    if a[0] == "pass":
        st.offer_log.append((st.round, s, -1, 0, 0, 0))
        next_offerer(st)
        return
    p = a[1]
    st.offer_x = p
    cls = []
    for r in range(5):
        cls.extend([r] * st.up[p * 5 + r])
    cls.extend([HIDDEN] * len(st.down[p]))
    st.ocls = cls
    # eligible seats from the offerer clockwise: the canonical non-decreasing
    # recipient order then favours no seat number over another
    st.oelig = voters_from(st, s, p)
    st.oalloc = []
    st.phase = PH_ALLOC


def legal_alloc(st: State) -> list[Action]:
    i = len(st.oalloc)
    elig = st.oelig
    lo = 0
    if i and st.ocls[i - 1] == st.ocls[i]:
        lo = elig.index(st.oalloc[i - 1])
    return [("to", elig[j]) for j in range(lo, len(elig))]


def apply_alloc(st: State, a: Action) -> None:
    st.oalloc.append(a[1])
    if len(st.oalloc) == len(st.ocls):
        start_vote(st)
