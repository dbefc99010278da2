"""Phase 4, building (docs/rules/graenaland.md §4 Phase 4, §5.2, §5.6, D9, D12, D13):
what the builder may start, carrying a paid build out, moving the priest or skald to a
new temple or hall, and the end of the build."""

from __future__ import annotations

from vikingcli.engine import IllegalAction
from vikingcli_graenaland import data as D
from vikingcli_graenaland.data import (
    BUILDING_COST,
    HALL,
    MARKET,
    PR,
    RAMPART,
    ROAD,
    SK,
    TEMPLE,
    WORK_COST,
)
from vikingcli_graenaland.rules.common import (
    A_END,
    A_NOTHING,
    army_variants,
    fee_recipients,
    hres,
    markets_avail,
    work_available,
)
from vikingcli_graenaland.rules.joint import return_contrib, start_joint
from vikingcli_graenaland.rules.payment import (
    apply_fee,
    begin_pay,
    can_start,
    covers,
    icon_choices,
    legal_fee,
    pay_actions,
    pay_step,
)
from vikingcli_graenaland.rules.rounds import back_to_lead, end_round, next_final, win
from vikingcli_graenaland.scoring import has_won, own_settlements
from vikingcli_graenaland.state import (
    BM_FINAL,
    BM_NORMAL,
    BM_PERMIT,
    K_ARMY,
    K_BUILDING,
    K_VILLAGE,
    K_WORK,
    PH_BUILD,
    PH_FEE,
    PH_HERO,
    PH_PAY,
    Action,
    State,
)


class _Affordable:
    """Which costs seat's means cover (``can_pay`` with no contributions). A class, not
    a closure over the means: the compiled build calls a closure through Python's
    calling convention, and this runs for every cost on the board at every build
    decision (nearly all the time of a build phase's legal actions, compiled:
    benchmarks/README.md, "Graenaland's search, compiled"). The hand is read and its
    supply cards' icon choices looked up once here, not in ``can_pay`` for every
    cost; each cost is then checked again, not memoised: a memo keyed by the cost
    cost more than the check, in both builds."""

    def __init__(self, units: int, h: list[int], sup: list[int], mk: int) -> None:
        self.units = units
        self.own = [h[0], h[1], h[2], h[3]]
        self.gold = h[4]
        self.choices = icon_choices(tuple(sup), mk > 0)
        self.mk = mk

    def ok(self, cost: tuple[int, int, int, int]) -> bool:
        # can_pay(cost, h, None, sup, mk); the sum written out (sum is a generic call
        # when compiled)
        a, b, c, d = cost
        return self.units >= a + b + c + d and covers(
            [a, b, c, d], self.own, self.gold, self.choices, self.mk
        )


def build_actions(st: State, s: int) -> list[Action]:
    """What seat ``s`` may start now: builds it can pay, supply, joint work, the end."""
    acts: list[Action] = []
    mode = st.bmode
    if mode == BM_NORMAL and not st.supply_taken:
        acts.extend(("take", sid) for sid in st.srow)
    own = [own_settlements(st, s, p) for p in range(st.board.np)]
    h = hres(st.hand[s])
    sup = st.shand[s]
    units = sum(h) + 2 * len(sup)
    if units >= 3:  # every cost has at least 3 requirements
        afford = _Affordable(units, h, sup, len(markets_avail(st, s)))
        if D.SETTLEMENT_HOUSES - sum(own) > 0:
            village_actions(st, s, own, afford, h, sup, acts)
            building_actions(st, s, afford, acts)
        if st.army[s] < D.ARMY_MAX:
            for x in army_variants(st, s):
                if afford.ok(D.army_cost(x)):
                    acts.append(("army", x))
        if mode != BM_FINAL:
            work_actions(st, own, afford, acts)
    if mode == BM_NORMAL:
        if not st.joint_used and not st.perm_used:
            joint_actions(st, s, own, acts)
        acts.append(A_END)
    elif mode == BM_FINAL:
        acts.append(A_END)
    else:
        acts.append(A_NOTHING)
    return acts


def village_actions(
    st: State,
    s: int,
    own: list[int],
    afford: _Affordable,
    h: list[int],
    sup: list[int],
    acts: list[Action],
) -> None:
    """Adds to ``acts`` a village on each province the seat has a settlement on or next
    to and can pay for, with the fee to the rampart's owners where it must pay one."""
    bd = st.board
    nbs = bd.neighbours
    for p in range(bd.np):
        near = own[p] > 0
        if not near:
            for q in nbs[p]:  # not any(...): a generator object when compiled
                if own[q]:
                    near = True
                    break
        if near:
            cost = bd.tiles[p].village
            if st.rampart[p] and not own[p]:
                fee = len(fee_recipients(st, s, p))
                if fee:
                    if afford.units >= sum(cost) + fee and can_start(cost, fee, h, sup, afford.mk):
                        acts.append(("village", p))
                    continue
            if afford.ok(cost):
                acts.append(("village", p))


def building_actions(st: State, s: int, afford: _Affordable, acts: list[Action]) -> None:
    """Adds to ``acts`` each free building the seat can pay on a province it has a
    village in."""
    bd = st.board
    n = st.n
    for p in range(bd.np):
        if bd.tiles[p].buildings and st.vil[p * n + s] > 0:
            for t in range(3):
                if st.bld[p * 3 + t] < 0 and afford.ok(BUILDING_COST[t]):
                    acts.append(("build", t, p))


def work_actions(st: State, own: list[int], afford: _Affordable, acts: list[Action]) -> None:
    """Adds to ``acts`` each public work (road, market, rampart, improvement) free on a province
    the seat has a settlement on and can pay alone."""
    for p in range(st.board.np):
        if own[p]:
            for w in range(4):
                if work_available(st, w, p) and afford.ok(WORK_COST[w]):
                    acts.append(("work", w, p))


def joint_actions(st: State, s: int, own: list[int], acts: list[Action]) -> None:
    """Adds to ``acts`` each joint work the seat may start (paid or not: the others may
    contribute), and the permission to another seat where that variant is played."""
    for p in range(st.board.np):
        if own[p]:
            for w in range(4):
                if work_available(st, w, p):
                    acts.append(("joint", w, p))
    if st.permission:
        acts.extend(("permit", o) for o in range(st.n) if o != s)


def legal_build(st: State) -> list[Action]:
    return build_actions(st, st.actor)


def apply_build(st: State, a: Action) -> None:
    s = st.actor
    op = a[0]
    bd = st.board
    if op == "end":
        if st.bmode == BM_NORMAL:
            if has_won(st, s):
                win(st, s)
            else:
                end_round(st)
        else:
            next_final(st)
        return
    if op == "nothing":
        back_to_lead(st)
        return
    if op == "take":
        st.srow.remove(a[1])
        st.shand[s].append(a[1])
        st.shand[s].sort()
        st.supply_taken = True
        return
    if op == "permit":
        st.perm_used = True
        st.bseat = a[1]
        st.bmode = BM_PERMIT
        st.actor = a[1]
        return
    if op == "joint":
        start_joint(st, a[1], a[2])
        return
    if op == "village":
        p = a[1]
        begin_pay(st, K_VILLAGE, 0, p, list(bd.tiles[p].village))
        fee = fee_recipients(st, s, p)
        if fee:
            st.fee = fee
            st.phase = PH_FEE
        return
    if op == "build":
        begin_pay(st, K_BUILDING, a[1], a[2], list(BUILDING_COST[a[1]]))
        return
    if op == "army":
        begin_pay(st, K_ARMY, a[1], 0, list(D.army_cost(a[1])))
        return
    if op == "work":
        begin_pay(st, K_WORK, a[1], a[2], list(WORK_COST[a[1]]))
        return
    raise IllegalAction(f"unknown build action {a!r}")


def apply_pay(st: State, a: Action) -> None:
    s = st.actor
    pay_step(st, s, a)
    if not sum(st.req):
        finish_build(st, s)


def finish_build(st: State, s: int) -> None:
    """The build is paid: it goes onto the board (§4 Phase 4)."""
    p = st.pend_p
    kind = st.pend_kind
    st.phase = PH_BUILD
    if kind == K_VILLAGE:
        st.vil[p * st.n + s] += 1
    elif kind == K_ARMY:
        st.army[s] += 1
    elif kind == K_WORK:
        w = st.pend_t
        if w == ROAD:
            st.road[p] = 1
            st.left_road -= 1
        elif w == MARKET:
            st.market[p] = 1
            st.left_market -= 1
        elif w == RAMPART:
            st.rampart[p] = 1
            st.left_rampart -= 1
        else:
            st.impr[p] = 1
        if st.pend_joint:
            st.pend_joint = False
            return_contrib(st)
    else:
        t = st.pend_t
        st.bld[p * 3 + t] = s
        if t in (TEMPLE, HALL):
            h = PR if t == TEMPLE else SK
            idx = s * 3 + h
            hero = st.hero
            mine_here = hero[s * 3] == p or hero[s * 3 + 1] == p or hero[s * 3 + 2] == p
            if hero[idx] < 0 and st.wait[idx] < 0:  # first temple / hall
                if mine_here:
                    st.wait[idx] = p
                    st.wseq[idx] = st.wcount
                    st.wcount += 1
                else:
                    hero[idx] = p
            elif (st.wait[idx] >= 0 and st.wait[idx] != p) or (st.wait[idx] < 0 and not mine_here):
                st.hero_type = h
                st.hero_p = p
                st.phase = PH_HERO
                return
    after_build(st)


def after_build(st: State) -> None:
    if st.bmode == BM_PERMIT:
        back_to_lead(st)
    else:
        st.phase = PH_BUILD


def legal_hero(st: State) -> list[Action]:
    return [("hero", 1), ("hero", 0)]


def apply_hero(st: State, a: Action) -> None:
    """Move the priest/skald to the new temple/hall, or leave it (§4.4, R19)."""
    s = st.actor
    idx = s * 3 + st.hero_type
    p = st.hero_p
    if a[1]:
        hero = st.hero
        mine_here = hero[s * 3] == p or hero[s * 3 + 1] == p or hero[s * 3 + 2] == p
        if mine_here:  # only possible for a waiting hero: re-target (R19)
            st.wait[idx] = p
            st.wseq[idx] = st.wcount
            st.wcount += 1
        else:
            st.hero[idx] = p
            st.wait[idx] = -1
    after_build(st)


# The phases a build passes through, for the claim planner (claims.py), which plays a
# final build without the round around it.
def legal_in_build(st: State) -> list[Action]:
    """The legal actions in the build phase or one of its sub-phases."""
    ph = st.phase
    if ph == PH_BUILD:
        return build_actions(st, st.actor)
    if ph == PH_PAY:
        return pay_actions(st, st.actor)
    if ph == PH_FEE:
        return legal_fee(st)
    if ph == PH_HERO:
        return legal_hero(st)
    raise ValueError(f"phase {ph} is not part of a build")


def apply_in_build(st: State, a: Action) -> None:
    """Play ``a`` in the build phase or one of its sub-phases."""
    ph = st.phase
    if ph == PH_BUILD:
        apply_build(st, a)
    elif ph == PH_PAY:
        apply_pay(st, a)
    elif ph == PH_FEE:
        apply_fee(st, a)
    elif ph == PH_HERO:
        apply_hero(st, a)
    else:
        raise ValueError(f"phase {ph} is not part of a build")
