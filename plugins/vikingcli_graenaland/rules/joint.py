"""Joint works (docs/rules/graenaland.md §4 Phase 4, D10, D11): the lead names a public
work, every other seat contributes cards one at a time, then the lead completes it
(paying with its own and the contributed cards) or abandons it; unused cards go back."""

from __future__ import annotations

from vikingcli_graenaland import data as D
from vikingcli_graenaland.data import WORK_COST
from vikingcli_graenaland.rules.common import (
    A_ABANDON,
    A_COMPLETE,
    A_DONE,
    contrib_totals,
    hres,
    markets_avail,
    take_res,
)
from vikingcli_graenaland.rules.payment import begin_pay, can_pay
from vikingcli_graenaland.state import K_WORK, PH_BUILD, PH_CONTRIB, PH_JOINT, Action, State


def start_joint(st: State, w: int, p: int) -> None:
    st.joint_used = True
    st.joint_w = w
    st.joint_p = p
    st.contrib = [[0] * D.NKIND for _ in range(st.n)]
    st.cidx = 0
    st.phase = PH_CONTRIB
    st.actor = (st.start + 1) % st.n


def legal_contrib(st: State) -> list[Action]:
    s = st.actor
    # D10: the lead never uses more than the cost size, so each type is
    # limited to that many cards (no outcome is lost)
    size = sum(WORK_COST[st.joint_w])
    h = hres(st.hand[s])
    given = hres(st.contrib[s])
    acts: list[Action] = [("give", r) for r in range(5) if h[r] and given[r] < size]
    acts.append(A_DONE)
    return acts


def apply_contrib(st: State, a: Action) -> None:
    s = st.actor
    n = st.n
    if a[0] == "give":
        k = take_res(st.hand[s], a[1])
        st.contrib[s][k] += 1
        return
    st.cidx += 1
    if st.cidx < n - 1:
        st.actor = (st.start + 1 + st.cidx) % n
    else:
        st.phase = PH_JOINT
        st.actor = st.start


def legal_joint(st: State) -> list[Action]:
    s = st.actor
    h = hres(st.hand[s])
    ok = can_pay(
        WORK_COST[st.joint_w],
        h,
        contrib_totals(st),
        st.shand[s],
        len(markets_avail(st, s)),
    )
    return [A_COMPLETE, A_ABANDON] if ok else [A_ABANDON]


def apply_joint(st: State, a: Action) -> None:
    if a[0] == "complete":
        begin_pay(st, K_WORK, st.joint_w, st.joint_p, list(WORK_COST[st.joint_w]))
        st.pend_joint = True
        return
    return_contrib(st)
    st.phase = PH_BUILD


def return_contrib(st: State) -> None:
    """Contributed cards not used go back to their owners."""
    for c in range(st.n):
        row = st.contrib[c]
        hand = st.hand[c]
        for k in range(D.NKIND):
            if row[k]:
                hand[k] += row[k]
                row[k] = 0
