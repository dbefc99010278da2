"""Victory claims with the secret cards (docs/rules/graenaland.md §5.4, D8, T7.3).

After the offers every seat, clockwise from the one after the lead, commits a claim of V
victory points or none. The engine finds the build plan itself (an exact search over
final builds from the seat's hand now, finalsearch.py) and offers ``claim V`` for every
V from 6 to the most VP a final build can reach; the best claim (ties: the lead, then
clockwise) wins, and its plan is built at once, then the others build once more."""

from __future__ import annotations

from vikingcli.engine import IllegalAction
from vikingcli_graenaland import data as D
from vikingcli_graenaland.rules.building import apply_in_build, legal_in_build
from vikingcli_graenaland.rules.common import A_NOCLAIM
from vikingcli_graenaland.rules.finalsearch import Plan, best_final_build
from vikingcli_graenaland.rules.rounds import (
    begin_final_build,
    next_final,
    start_build,
    start_final_builds,
)
from vikingcli_graenaland.state import Action, State


def legal_claim(st: State) -> list[Action]:
    best, _plan = claim_option(st, st.actor)
    return [A_NOCLAIM] + [("claim", v) for v in range(D.VP_TO_WIN, best + 1)]


def apply_claim(st: State, a: Action) -> None:
    s = st.actor
    n = st.n
    if a[0] == "claim":
        st.ccommit[s] = a[1]
        st.claim_plan[s] = claim_option(st, s)[1]
    else:
        st.ccommit[s] = 0
    st.cidx += 1
    if st.cidx < n:
        st.actor = (st.start + 1 + st.cidx) % n
        return
    resolve_claims(st)


def resolve_claims(st: State) -> None:
    """The highest claim wins, ties to the lead, then clockwise (T7.3); its plan is built."""
    n = st.n
    best = -1
    w = -1
    for i in range(n):  # distance 0 (the lead) first, then clockwise (T7.3)
        o = (st.start + i) % n
        if st.ccommit[o] > best and st.ccommit[o] >= D.VP_TO_WIN:
            best = st.ccommit[o]
            w = o
    if w < 0:
        start_build(st)
        return
    plan = st.claim_plan[w] or ()
    start_final_builds(st, w)
    begin_final_build(st, w)
    for a in plan:
        if a not in legal_in_build(st):
            raise IllegalAction(f"illegal action {a!r}")
        apply_in_build(st, a)
    next_final(st)


def claim_option(st: State, s: int) -> tuple[int, Plan]:
    """The best VP seat ``s`` can reach by a final build now and a plan that reaches
    it, if that is at least 6 (searched once per claim window and seat, then kept in
    ``st.claim_cache``)."""
    cached = st.claim_cache[s]
    if cached is not None:
        return cached
    res = best_final_build(st, s, D.VP_TO_WIN)
    st.claim_cache[s] = res
    return res
