"""Victory claims with the secret cards (docs/rules/graenaland.md §5.4, D8, T7.3).

After the offers every seat, clockwise from the one after the lead, commits a claim of V
victory points or none. The engine finds a build plan itself (a bounded search over
final builds from the seat's hand now) and offers ``claim V`` for every V from 6 to the
best VP found; the best claim (ties: the lead, then clockwise) wins, and its plan is
built at once, then the others build once more."""

from __future__ import annotations

from typing import Any

from vikingcli.engine import IllegalAction
from vikingcli_graenaland import data as D
from vikingcli_graenaland.data import AU, SUPPLY, G
from vikingcli_graenaland.rules.building import build_actions, legal_in_build, play_in_build
from vikingcli_graenaland.rules.common import A_END, A_NOCLAIM, houses_left, hres, markets_avail
from vikingcli_graenaland.rules.payment import pay_actions
from vikingcli_graenaland.rules.rounds import (
    begin_final_build,
    next_final,
    start_build,
    start_final_builds,
)
from vikingcli_graenaland.scoring import measures, own_settlements, vp
from vikingcli_graenaland.state import BM_FINAL, PH_BUILD, PH_PAY, Action, GState

Plan = tuple[Action, ...]


def legal_claim(st: GState) -> list[Action]:
    best, _plan = claim_option(st, st.cur)
    return [A_NOCLAIM] + [("claim", v) for v in range(D.VP_TO_WIN, best + 1)]


def play_claim(st: GState, a: Action) -> None:
    s = st.cur
    n = st.n
    if a[0] == "claim":
        st.ccommit[s] = a[1]
        st.claim_plan[s] = claim_option(st, s)[1]
    else:
        st.ccommit[s] = 0
    st.cidx += 1
    if st.cidx < n:
        st.cur = (st.lead + 1 + st.cidx) % n
        return
    resolve_claims(st)


def resolve_claims(st: GState) -> None:
    """The highest claim wins, ties to the lead, then clockwise (T7.3); its plan is built."""
    n = st.n
    best = -1
    w = -1
    for i in range(n):  # distance 0 (the lead) first, then clockwise (T7.3)
        o = (st.lead + i) % n
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
        play_in_build(st, a)
    next_final(st)


def claim_option(st: GState, s: int) -> tuple[int, Plan]:
    """The best VP seat ``s`` can claim and its plan (searched once per claim window)."""
    cached = st.claim_cache[s]
    if cached is not None:
        return cached
    res = plan_search(st, s)
    st.claim_cache[s] = res
    return res


def vp_bound(st: GState, s: int) -> int:
    """An upper bound of the VP seat ``s`` could reach by one final build now."""
    cur_vp = vp(st, s)
    h = hres(st.hand[s])
    units = sum(h) + 2 * len(st.shand[s])
    has_fort = s in st.bld[0::3]
    army_cost = 3 if has_fort else 5
    m = measures(st, s)
    th = D.victory_card_thresholds(st.vc[s], st.n)
    # upper bound: a army steps (each needs a G and an O), v villages (>= 4 cards),
    # k buildings (5 cards, a free slot where s has a village or gets one)
    mk = len(markets_avail(st, s))
    icons = [0, 0, 0, 0]
    for sid in st.shand[s]:
        for x in SUPPLY[sid]:
            icons[x] += 1
    wild = h[AU] + mk
    a_max = min(
        units // army_cost,
        D.ARMY_MAX - m[4],
        h[G] + icons[G] + wild,
        h[3] + icons[3] + wild,
    )
    n = st.n
    bd = st.board
    slots = sum(
        1
        for p in range(bd.np)
        if bd.tiles[p].buildings and st.vil[p * n + s]
        for t in range(3)
        if st.bld[p * 3 + t] < 0
    )
    houses = houses_left(st, s)
    bound = cur_vp
    for a in range(a_max + 1):
        left_a = units - a * army_cost
        for k in range(left_a // 5 + 1):
            v = (left_a - 5 * k) // 4
            if k > slots + 3 * v:
                break
            b = min(v + k, houses)
            grown = (m[0] + b, m[1] + b, m[2] + b, m[3] + min(k, b), m[4] + a)
            got = sum(sum(1 for t in th[c] if grown[c] >= t) for c in range(5))
            if got > bound:
                bound = got
    return bound


def plan_search(st: GState, s: int) -> tuple[int, Plan]:
    """Best VP seat ``s`` can reach by a final build from its hand now (bounded
    search over build orders; each payment is paid with the first legal source)."""
    cur_vp = vp(st, s)
    if vp_bound(st, s) < D.VP_TO_WIN:
        return (cur_vp, ())
    base = st.clone()
    base.phase = PH_BUILD
    base.bseat = s
    base.bmode = BM_FINAL
    base.cur = s
    base.mkt_used = [0] * st.board.np
    base.final_queue = []
    best_vp = [cur_vp]
    best_plan: list[Plan] = [()]
    budget = [D.CLAIM_SEARCH_BUDGET]

    tiles = st.board.tiles

    def dfs(node: GState, plan: Plan) -> None:
        seen: set[tuple[Any, ...]] = set()
        for a in build_actions(node, s):
            if a == A_END:
                continue
            # builds that change the measures alike (same kind, same own count in
            # the province, same cost, same building rights) are tried once
            if a[0] == "village":
                p = a[1]
                sig: tuple[Any, ...] = (
                    "v",
                    own_settlements(node, s, p),
                    tiles[p].village,
                    tiles[p].buildings,
                )
            elif a[0] == "build":
                sig = ("b", a[1], own_settlements(node, s, a[2]))
            else:
                sig = a
            if sig in seen:
                continue
            seen.add(sig)
            budget[0] -= 1
            if budget[0] < 0:
                return
            c = node.clone()
            c.legal_cache = None
            play_in_build(c, a)
            steps = [a]
            while c.phase != PH_BUILD:
                b = pay_actions(c, s, True)[0] if c.phase == PH_PAY else legal_in_build(c)[0]
                play_in_build(c, b)
                steps.append(b)
            c.legal_cache = None
            v = vp(c, s)
            newplan = plan + tuple(steps)
            if v > best_vp[0]:
                best_vp[0] = v
                best_plan[0] = newplan
            dfs(c, newplan)

    dfs(base, ())
    return (best_vp[0], best_plan[0])
