"""Paying a build (docs/rules/graenaland.md §4.1, §4.3): whether a cost can be
covered, and the payment steps, one source at a time (``pay W``, ``gold W``,
``supply S10``, ``mkt G L`` ...). Only steps that keep the rest of the cost payable are
offered, so a started build always completes. The rampart entry fee comes first."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from vikingcli_graenaland.data import AU, SUPPLY
from vikingcli_graenaland.rules.common import contrib_totals, hres, markets_avail, take_res
from vikingcli_graenaland.state import PH_PAY, Action, State


def can_pay(
    req: Sequence[int],
    h: Sequence[int],
    con: Sequence[int] | None,
    sup: Sequence[int],
    mk: int,
) -> bool:
    """Can requirement ``req`` (G, L, W, O) be covered (§4.1)?

    ``h`` own resource counts (with gold), ``con`` contributed counts (joint work) or
    None, ``sup`` own supply card ids, ``mk`` market substitutions left.

    For each choice of the supply cards used for their icons (the others may be
    market fodder), requirements are covered first by sources that could do nothing
    else (icons, contributed cards), then by own cards of the same type; an own card
    not needed that way is market fodder; gold and markets cover the rest. Using an
    own card directly is never worse than using it as fodder (both cover one
    requirement, fodder also spends a market), so this decides every case."""
    # Lists read once: the loop below indexes them for every icon choice, and the
    # compiled build indexes a list directly but any Sequence (h may be a tuple)
    # through the generic protocol.
    own = [h[0], h[1], h[2], h[3]]
    gold = h[4]
    if con is None:
        rq = [req[0], req[1], req[2], req[3]]
    else:  # contributed cards only cover requirements: take them off first
        rq = [req[0] - con[0], req[1] - con[1], req[2] - con[2], req[3] - con[3]]
        gold += con[4]
    return covers(rq, own, gold, icon_choices(tuple(sup), mk > 0), mk)


def covers(
    rq: list[int], own: list[int], gold: int, choices: tuple[tuple[int, ...], ...], mk: int
) -> bool:
    """:func:`can_pay` once its arguments are read: requirement ``rq`` and own cards
    ``own`` (G, L, W, O), ``gold``, the supply cards' :func:`icon_choices`, ``mk``
    markets. Apart so that a caller checking many costs against one hand reads the
    hand and looks its icon choices up once (``building._Affordable``)."""
    for choice in choices:
        need = 0
        spare = choice[4]
        for r in range(4):
            q = rq[r] - choice[r]
            hr = own[r]
            if q <= 0:
                spare += hr
            elif hr >= q:
                spare += hr - q
            else:
                need += q - hr
        if need <= gold + (mk if mk < spare else spare):
            return True
    return False


# Kept (lru_cache): a seat holds few supply cards, so the same few hands of them come
# back in nearly every ``can_pay`` call, which then only adds up the requirements.
@lru_cache(maxsize=4096)
def icon_choices(sup: tuple[int, ...], markets: bool) -> tuple[tuple[int, ...], ...]:
    """Each distinct choice of the supply cards ``sup`` used for their icons (the others
    are market fodder): (icons of G, L, W, O, cards left as fodder), in the order
    ``can_pay`` tries them. Without ``markets`` every icon can only help, so only
    using them all; with more than 6 cards, to keep it cheap, all as icons or all
    as fodder. Typed ``tuple[int, ...]`` (always 5 long): ``can_pay`` indexes it by a
    loop variable, which the compiled build does in place only on such a tuple."""
    m = len(sup)
    if m == 0 or not markets:
        masks: Sequence[int] = ((1 << m) - 1,)
    elif m > 6:
        masks = (0, (1 << m) - 1)
    else:
        masks = range(1 << m)
    out: dict[tuple[int, int, int, int, int], None] = {}  # first-seen order, each once
    for mask in masks:
        free = [0, 0, 0, 0]
        used = 0
        for i in range(m):
            if mask >> i & 1:
                a, b = SUPPLY[sup[i]]
                free[a] += 1
                free[b] += 1
                used += 1
        out[(free[0], free[1], free[2], free[3], m - used)] = None
    return tuple(out)


def can_start(req: Sequence[int], fee: int, h: list[int], sup: Sequence[int], mk: int) -> bool:
    """Can ``fee`` rampart-fee cards be given and then ``req`` be paid?"""
    if fee == 0:
        return can_pay(req, h, None, sup, mk)
    if sum(h) < fee:
        return False
    for t in range(5):
        if h[t]:
            h[t] -= 1
            ok = can_start(req, fee - 1, h, sup, mk)
            h[t] += 1
            if ok:
                return True
    return False


def distinct_supply(sup: Sequence[int]) -> list[int]:
    """One supply card id per distinct icon content (lowest id), in id order."""
    seen: set[tuple[int, int]] = set()
    out = []
    for sid in sorted(sup):
        a, b = SUPPLY[sid]
        key = (a, b) if a <= b else (b, a)
        if key not in seen:
            seen.add(key)
            out.append(sid)
    return out


def after_icons(req: Sequence[int], sid: int) -> tuple[list[int], int]:
    """Requirement ``req`` after supply card ``sid`` is used for its icons, and how many
    of its two icons it covered (an icon the requirement does not need covers nothing)."""
    nr = list(req)
    cov = 0
    for x in SUPPLY[sid]:
        if nr[x]:
            nr[x] -= 1
            cov += 1
    return nr, cov


def pay_actions(st: State, s: int) -> list[Action]:
    """Payment steps that keep the rest payable.

    Per requirement in G, L, W, O order: an own card of that type, a contributed one
    (per contributor), own gold, contributed gold (per contributor), then market
    swaps (an own card of another type, a supply card); last, supply cards used for
    their icons."""
    req = list(st.req)
    h = hres(st.hand[s])
    sup = st.shand[s]
    mk = len(markets_avail(st, s))
    con = contrib_totals(st) if st.pend_joint else None
    acts: list[Action] = []
    for r in range(4):
        if not req[r]:
            continue
        req[r] -= 1
        # one card straight from a pool: (pool, its resource, op, from contributions)
        sources: tuple[tuple[list[int] | None, int, str, bool], ...] = (
            (h, r, "pay", False),
            (con, r, "cpay", True),
            (h, AU, "gold", False),
            (con, AU, "cgold", True),
        )
        for pool, x, op, given in sources:
            if pool is None or not pool[x]:
                continue
            pool[x] -= 1
            if can_pay(req, h, con, sup, mk):
                if not given:
                    acts.append((op, r))
                else:
                    for c in range(st.n):
                        if hres(st.contrib[c])[x]:
                            acts.append((op, r, c))
            pool[x] += 1
        if mk:
            for c in range(4):
                if c != r and h[c]:
                    h[c] -= 1
                    if can_pay(req, h, con, sup, mk - 1):
                        acts.append(("mkt", c, r))
                    h[c] += 1
            for sid in distinct_supply(sup):
                rest = list(sup)
                rest.remove(sid)
                if can_pay(req, h, con, rest, mk - 1):
                    acts.append(("mkts", sid, r))
        req[r] += 1
    for sid in distinct_supply(sup):
        nr, cov = after_icons(req, sid)
        if cov:
            rest = list(sup)
            rest.remove(sid)
            if can_pay(nr, h, con, rest, mk):
                acts.append(("supply", sid))
    return acts


def legal_pay(st: State) -> list[Action]:
    return pay_actions(st, st.actor)


def begin_pay(st: State, kind: int, t: int, p: int, req: list[int]) -> None:
    """A build of ``kind`` (type ``t`` in province ``p``) costing ``req`` starts."""
    st.pend_kind = kind
    st.pend_t = t
    st.pend_p = p
    st.pend_joint = False
    st.req = req
    st.phase = PH_PAY


def use_market(st: State, s: int) -> None:
    st.mkt_used[markets_avail(st, s)[0]] = 1


def pay_step(st: State, s: int, a: Action) -> None:
    """Carry out one payment step of seat ``s`` (the requirement goes down)."""
    op = a[0]
    hand = st.hand[s]
    disc = st.disc
    if op == "supply":
        sid = a[1]
        st.shand[s].remove(sid)
        st.sdisc.append(sid)
        for x in SUPPLY[sid]:
            if st.req[x]:
                st.req[x] -= 1
    elif op == "pay":
        disc[take_res(hand, a[1])] += 1
        st.req[a[1]] -= 1
    elif op == "gold":
        disc[take_res(hand, AU)] += 1
        st.req[a[1]] -= 1
    elif op == "cpay":
        disc[take_res(st.contrib[a[2]], a[1])] += 1
        st.req[a[1]] -= 1
    elif op == "cgold":
        disc[take_res(st.contrib[a[2]], AU)] += 1
        st.req[a[1]] -= 1
    elif op == "mkt":
        use_market(st, s)
        disc[take_res(hand, a[1])] += 1
        st.req[a[2]] -= 1
    elif op == "mkts":
        use_market(st, s)
        st.shand[s].remove(a[1])
        st.sdisc.append(a[1])
        st.req[a[2]] -= 1


def legal_fee(st: State) -> list[Action]:
    """Rampart entry fee: one card per recipient, any card that keeps the build payable."""
    s = st.actor
    h = hres(st.hand[s])
    mk = len(markets_avail(st, s))
    acts: list[Action] = []
    for r in range(5):
        if h[r]:
            h[r] -= 1
            if can_start(st.req, len(st.fee) - 1, h, st.shand[s], mk):
                acts.append(("fee", r))
            h[r] += 1
    return acts


def apply_fee(st: State, a: Action) -> None:
    s = st.actor
    to = st.fee.pop(0)
    k = take_res(st.hand[s], a[1])
    st.hand[to][k] += 1
    if not st.fee:
        st.phase = PH_PAY
