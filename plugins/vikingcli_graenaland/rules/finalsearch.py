"""The best final build of one seat (docs/rules/graenaland.md §5.2, §5.4): the most VP
a final build from the seat's hand can reach, and the actions of a build that reaches
it. The claim window (claims.py) offers ``claim V`` for every V from 6 up to that best.

The search is exact and runs on a small model of a final build instead of on game
states: a node is the seat's villages, buildings and army, the resources and supply
cards in hand and the number of markets used; the other seats, the tiles and the
public works cannot change during the build. From a node every build the rules offer
(``build_actions``: the same payability checks, the same rampart fees) is tried with
every distinct way to pay it (``_payments``: the payment steps of ``pay_actions``, in
one canonical order). Nodes reached twice are searched once, and a node is left out
when ``_bound`` (no build sequence from it reaches more VP) is no better than the best
found so far. The plan found is replayed on the game state (``materialize``), so every
action in it is a legal action of the engine.

The ways to pay a build are in finalpay.py. A node no better off than one already met
with the same settlements, army and supply icons is left out (``_better``): more
resources never allow fewer builds.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from vikingcli_graenaland import data as D
from vikingcli_graenaland.data import AU, BOARDS, BUILDING_COST, FORT, SUPPLY, G
from vikingcli_graenaland.rules.building import apply_in_build, legal_in_build
from vikingcli_graenaland.rules.common import A_END, fee_recipients, hres
from vikingcli_graenaland.rules.finalpay import Hand, Plan, as_hand, fees, payable, payments
from vikingcli_graenaland.rules.payment import can_start
from vikingcli_graenaland.state import BM_FINAL, PH_BUILD, PH_HERO, Action, State


@dataclass(frozen=True, slots=True)
class Node:
    """The part of a final build of one seat that changes while it builds."""

    vil: tuple[int, ...]  # own villages per province
    bld: tuple[int, ...]  # own buildings: 1 per (province, type) slot
    army: int
    hand: Hand  # G, L, W, O, Au
    sup: tuple[int, ...]  # supply card ids, sorted
    used: int  # markets used


# Resource sets for the bound: each nonempty set of G, L, W, O, and its resources
_SETS = tuple(tuple((m >> r) & 1 for r in range(4)) for m in range(1, 16))
_SET_RES = tuple(tuple(r for r in range(4) if w[r]) for w in _SETS)


@cache
def _prices(n: int) -> tuple[tuple[int, int, int, int, int], ...]:
    """Per resource set (``_SETS``): the fewest of its resources that a village (any
    province of the ``n``-player board), a building, a peasant army step, any army
    step need, and whether the set is all four resources."""
    tiles = BOARDS[n].tiles
    np_ = len(tiles)

    def price(w: tuple[int, ...], cost: Sequence[int]) -> int:
        return sum(w[r] * cost[r] for r in range(4))

    forts = sorted({t.fort_resource for t in tiles if t.fort_resource >= 0})
    out = []
    for w in _SETS:
        pv = min(price(w, tiles[p].village) for p in range(np_))
        pk = min(price(w, c) for c in BUILDING_COST)
        pp = price(w, D.ARMY_PEASANT_COST)
        pa = min([pp] + [price(w, D.army_cost(x)) for x in forts])
        out.append((pv, pk, pp, pa, int(sum(w) == 4)))
    return tuple(out)


class _Table:
    """What stays fixed during the final build of seat ``s`` in ``st``."""

    def __init__(self, st: State, s: int) -> None:
        bd = st.board
        n = st.n
        self.s = s
        self.np = bd.np
        self.tiles = bd.tiles
        self.nbs = bd.neighbours
        self.thresholds = D.victory_card_thresholds(st.vc[s], n)
        self.vc = st.vc[s]
        self.n = n
        # a building slot is free for the seat if nobody has built there yet
        self.free = tuple(st.bld[i] < 0 for i in range(bd.np * 3))
        self.market = tuple(bool(st.market[p]) for p in range(bd.np))
        # rampart entry fee cards owed by a first village (§4.3)
        self.fee = tuple(len(fee_recipients(st, s, p)) for p in range(bd.np))
        self.markets_left = sum(self.market)
        self.prices = _prices(n)
        self.pd_cache: dict[tuple[int, ...], list[int]] = {}

    def own(self, node: Node, p: int) -> int:
        b = node.bld
        return node.vil[p] + b[p * 3] + b[p * 3 + 1] + b[p * 3 + 2]

    def measures(self, node: Node) -> tuple[int, int, int, int, int]:
        S = P = Dm = 0
        for p in range(self.np):
            c = self.own(node, p)
            S += c
            if c >= 2:
                P += 1
            if c > Dm:
                Dm = c
        return (S, P, Dm, sum(node.bld), node.army)

    def vp(self, node: Node) -> int:
        m = self.measures(node)
        th = self.thresholds
        return sum(bisect_right(th[c], m[c]) for c in range(5))

    def markets(self, node: Node) -> int:
        """Markets the seat may still use: in provinces where it has a settlement."""
        have = sum(1 for p in range(self.np) if self.market[p] and self.own(node, p))
        return have - node.used

    def pd_levels(self, node: Node) -> list[int]:
        """Per number ``b`` of new settlements: the most levels of the P and D columns
        together they can give, put anywhere (``x`` of them in one province for D,
        the others where they make a province reach 2 soonest)."""
        own = tuple(self.own(node, p) for p in range(self.np))
        got = self.pd_cache.get(own)
        if got is not None:
            return got
        th_p, th_d = self.thresholds[1], self.thresholds[2]
        p_now = sum(1 for c in own if c >= 2)
        d_now = max(own)
        houses = self.houses(node)
        ones_all = sum(1 for c in own if c == 1)
        out = [0] * (houses + 1)
        lv_now = bisect_right(th_d, d_now)
        for b in range(houses + 1):  # nothing piled up for D
            pc = p_now + (b if b <= ones_all else ones_all + (b - ones_all) // 2)
            out[b] = lv_now + bisect_right(th_p, pc)
        for c in sorted(set(own)):  # provinces with as many own settlements are alike
            ones = ones_all - (c == 1)
            # x settlements in one such province: only a count that reaches a D level,
            # or 2 there, is worth more than putting them elsewhere
            xs = {t - c for t in th_d if 0 < t - c <= houses}
            if 0 < 2 - c <= houses:
                xs.add(2 - c)
            for x in sorted(xs):
                lv_d = bisect_right(th_d, max(d_now, c + x))
                pc0 = p_now + (c < 2 <= c + x)
                for b in range(x, houses + 1):
                    rest = b - x
                    pc = pc0 + (rest if rest <= ones else ones + (rest - ones) // 2)
                    lv = lv_d + bisect_right(th_p, pc)
                    if lv > out[b]:
                        out[b] = lv
        self.pd_cache[own] = out
        return out

    def houses(self, node: Node) -> int:
        return D.SETTLEMENT_HOUSES - sum(node.vil) - sum(node.bld)

    def forts(self, node: Node) -> list[int]:
        """Army variants (``army_variants``): peasant, or the resource of an own fort."""
        out = [G]
        for p in range(self.np):
            if node.bld[p * 3 + FORT]:
                fr = self.tiles[p].fort_resource
                if fr not in out:
                    out.append(fr)
        out.sort()
        return out


def root(st: State, s: int) -> tuple[_Table, Node]:
    """The model of a final build of seat ``s`` starting in ``st``."""
    tb = _Table(st, s)
    n = st.n
    node = Node(
        vil=tuple(st.vil[p * n + s] for p in range(tb.np)),
        bld=tuple(int(x == s) for x in st.bld),
        army=st.army[s],
        hand=as_hand(hres(st.hand[s])),
        sup=tuple(sorted(st.shand[s])),
        used=0,
    )
    return tb, node


def builds(tb: _Table, node: Node) -> list[tuple[Action, tuple[int, int, int, int], int]]:
    """The builds ``build_actions`` offers in a final build at ``node``: (action, cost,
    rampart fee cards), in the same order."""
    out: list[tuple[Action, tuple[int, int, int, int], int]] = []
    h = list(node.hand)
    sup = node.sup
    units = sum(h) + 2 * len(sup)
    if units < 3:
        return out
    mk = tb.markets(node)
    np_ = tb.np
    own = [tb.own(node, p) for p in range(np_)]

    hand = node.hand

    def ok(cost: tuple[int, int, int, int]) -> bool:
        return units >= sum(cost) and payable(cost, hand, sup, mk)

    if tb.houses(node) > 0:
        for p in range(np_):
            if own[p] or any(own[q] for q in tb.nbs[p]):
                cost = tb.tiles[p].village
                fee = tb.fee[p] if not own[p] else 0
                if fee:
                    if units >= sum(cost) + fee and can_start(cost, fee, h, sup, mk):
                        out.append((("village", p), cost, fee))
                    continue
                if ok(cost):
                    out.append((("village", p), cost, 0))
        for p in range(np_):
            if tb.tiles[p].buildings and node.vil[p] > 0:
                for t in range(3):
                    i = p * 3 + t
                    if tb.free[i] and not node.bld[i] and ok(BUILDING_COST[t]):
                        out.append((("build", t, p), BUILDING_COST[t], 0))
    if node.army < D.ARMY_MAX:
        for x in tb.forts(node):
            cost = D.army_cost(x)
            if ok(cost):
                out.append((("army", x), cost, 0))
    return out


def _built(tb: _Table, node: Node, a: Action) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """The villages, buildings and army once ``a`` stands."""
    if a[0] == "village":
        v = list(node.vil)
        v[a[1]] += 1
        return tuple(v), node.bld, node.army
    if a[0] == "build":
        b = list(node.bld)
        b[a[2] * 3 + a[1]] = 1
        return node.vil, tuple(b), node.army
    return node.vil, node.bld, node.army + 1


def bound(tb: _Table, node: Node, enough: int = 99) -> int:
    """An upper bound of the VP a final build can reach from ``node`` (it may stop
    early with any value of at least ``enough``).

    For each set of resources (G, L, W, O and their unions), the builds together need
    at least the sum of the fewest cards of the set each kind of build needs (a
    village in the cheapest province, the cheapest building, the cheapest army step;
    a fort-resource army step only if the seat has or builds a fort). They can get no
    more than the seat holds of the set: its cards, gold (any resource), supply icons,
    and one card per market still unused, unless the set is all four resources (a
    market swaps a card, it adds none). A building needs a free slot where the seat
    has or founds a village; every settlement takes a house. A new settlement raises
    S by one and P or D by at most one (``pd_levels``), a building B, an army step A."""
    m = tb.measures(node)
    th = tb.thresholds
    houses = tb.houses(node)
    lv_s = [bisect_right(th[0], m[0] + b) for b in range(houses + 1)]
    lv_b = [bisect_right(th[3], m[3] + k) for k in range(houses + 1)]
    a_room = D.ARMY_MAX - m[4]
    lv_a = [bisect_right(th[4], m[4] + a) for a in range(a_room + 1)]
    pd = tb.pd_levels(node)
    best = lv_s[0] + pd[0] + lv_b[0] + lv_a[0]
    if best >= enough or (not houses and not a_room):
        return best
    has_fort = any(node.bld[p * 3 + FORT] for p in range(tb.np))
    sets = _held_and_needed(tb, node)
    slots = _free_slots(tb, node)
    # only an army count that reaches an A level is worth more than fewer
    steps = [0] + [t - m[4] for t in th[4] if 0 < t - m[4] <= a_room]
    for k in range(houses + 1):
        fort = has_fort or k > 0
        for a in steps:
            v = houses
            for got, pk, pa, pp, pv in sets:
                rest = got - k * pk - a * (pa if fort else pp)
                if rest < 0:
                    v = -1
                    break
                if pv and rest < v * pv:
                    v = rest // pv
            if v < 0:
                break
            if k > slots + 3 * v:
                continue
            b = min(v + k, houses)
            got = lv_s[b] + pd[b] + lv_b[k] + lv_a[a]
            if got > best:
                best = got
                if best >= enough:
                    return best
        else:
            continue
        if a == 0:
            break
    return best


def _held_and_needed(tb: _Table, node: Node) -> list[tuple[int, int, int, int, int]]:
    """Per set of resources (``bound``): the cards the seat can put up for it (its cards,
    gold, supply icons, and a market swap unless the set is all four resources), and the
    fewest of the set a building, a fort army step, a peasant army step and a village
    need."""
    h = node.hand
    icons = [0, 0, 0, 0]
    for sid in node.sup:
        for x in SUPPLY[sid]:
            icons[x] += 1
    own = [h[r] + icons[r] for r in range(4)]
    swaps = tb.markets_left - node.used
    sets = []
    gold = h[AU]
    for res, (pv, pk, pp, pa, whole) in zip(_SET_RES, tb.prices):
        got = gold
        for r in res:
            got += own[r]
        sets.append((got if whole else got + swaps, pk, pa, pp, pv))
    return sets


def _free_slots(tb: _Table, node: Node) -> int:
    """The free building slots in provinces where the seat has a village."""
    return sum(
        1
        for p in range(tb.np)
        if tb.tiles[p].buildings and node.vil[p]
        for t in range(3)
        if tb.free[p * 3 + t] and not node.bld[p * 3 + t]
    )


def _better(a: Node, b: Node) -> bool:
    """Can node ``a`` reach whatever node ``b`` reaches? Both stand for the same
    settlements and army (the caller checks) and hold supply cards with the same
    icons; ``a`` has used no more markets, and its cards can stand for those of ``b``:
    its gold for any card, an own card through each market ``a`` has left over."""
    if a.used > b.used:
        return False
    ha, hb = a.hand, b.hand
    if ha[4] < hb[4]:
        return False
    short = surplus = 0
    for r in range(4):
        d = ha[r] - hb[r]
        if d < 0:
            short -= d
        else:
            surplus += d
    return short <= ha[4] - hb[4] + min(b.used - a.used, surplus)


def best_final_build(st: State, s: int, at_least: int = 0) -> tuple[int, Plan]:
    """The most VP seat ``s`` can reach by a final build from ``st`` and a plan that
    reaches it.

    Only results of at least ``at_least`` VP matter to the caller: when none reaches
    that, the VP returned may be below the best (the search leaves out what cannot
    reach ``at_least``). From ``at_least`` up the answer is exact.

    Results are kept (``_RESULTS``) by everything they depend on, so the same seat in
    the same position (again, or re-dealt by ``determinize`` for a search) costs
    nothing."""
    tb, start = root(st, s)
    cur = tb.vp(start)
    top = bound(tb, start)
    if top < at_least or top <= cur:
        return (cur, ())
    key = (
        st.n,
        tb.vc,
        tb.free,
        tb.market,
        tb.fee,
        start,
        tuple(st.hero[s * 3 : s * 3 + 3]),
        tuple(st.wait[s * 3 : s * 3 + 3]),
        at_least,
    )
    known = _RESULTS.get(key)
    if known is None:
        if len(_RESULTS) >= _RESULTS_MAX:
            _RESULTS.clear()
        known = _RESULTS[key] = _search(st, s, tb, start, at_least)
    return known


# results of best_final_build: the position of the seat (hero and waiting priest or
# skald positions decide the questions in the plan) -> (VP, plan)
_RESULTS: dict[tuple[object, ...], tuple[int, Plan]] = {}
_RESULTS_MAX = 4096


def _search(st: State, s: int, tb: _Table, start: Node, at_least: int) -> tuple[int, Plan]:
    """The search of ``best_final_build``."""
    cur = tb.vp(start)
    top = bound(tb, start)
    floor = at_least - 1
    best = [cur]
    best_path: list[Plan] = [()]
    # nodes met, by settlements, army and supply icons: a node is searched only if
    # none met before with the same of those is at least as well off (``_better``)
    met: dict[tuple[object, ...], list[Node]] = {}

    def new(node: Node) -> bool:
        pairs = tuple(sorted(tuple(sorted(SUPPLY[x])) for x in node.sup))
        group = met.setdefault((node.vil, node.bld, node.army, pairs), [])
        if any(_better(old, node) for old in group):
            return False
        group.append(node)
        return True

    new(start)

    def dfs(node: Node, path: Plan) -> bool:
        """Search on from ``node``, the children with the best bound first; True
        once ``top`` VP is found."""
        mk = tb.markets(node)
        children: list[tuple[int, int, Node, Plan]] = []
        for a, cost, fee in builds(tb, node):
            vil, bld, army = _built(tb, node, a)
            for hf, fsteps in fees(node.hand, cost, fee, node.sup, mk):
                for h, sup, used, steps in payments(hf, node.sup, mk, cost):
                    child = Node(vil, bld, army, h, sup, node.used + used)
                    if not new(child):
                        continue
                    v = tb.vp(child)
                    newpath = (*path, a, *fsteps, *steps)
                    if v > best[0]:
                        best[0] = v
                        best_path[0] = newpath
                        if v >= top:
                            return True
                    up = bound(tb, child)
                    if up > max(best[0], floor):
                        children.append((-up, len(children), child, newpath))
        children.sort()
        for up, _i, child, newpath in children:
            if -up > max(best[0], floor) and dfs(child, newpath):
                return True
        return False

    dfs(start, ())
    return (best[0], materialize(st, s, best_path[0]))


def final_build_start(st: State, s: int) -> State:
    """A copy of ``st`` at the start of a final build of seat ``s`` (§5.2): no supply
    card may be taken, every market is unused, nobody builds after ``s``."""
    base = st.clone()
    base.phase = PH_BUILD
    base.bseat = s
    base.bmode = BM_FINAL
    base.actor = s
    base.supply_taken = True
    base.mkt_used = [0] * st.board.np
    base.final_queue = []
    base.legal_cache = None
    return base


def materialize(st: State, s: int, path: Plan) -> Plan:
    """``path`` as the engine plays it from the start of a final build of ``s``: each
    action checked against the legal actions, the priest or skald moved to a new temple
    or hall when asked (a choice that changes no VP)."""
    c = final_build_start(st, s)
    plan: list[Action] = []
    for a in path:
        while c.phase == PH_HERO:
            h = legal_in_build(c)[0]
            apply_in_build(c, h)
            c.legal_cache = None
            plan.append(h)
        if a == A_END or a not in legal_in_build(c):
            raise AssertionError(f"final build plan of p{s + 1}: {a!r} is not legal")
        apply_in_build(c, a)
        c.legal_cache = None
        plan.append(a)
    while c.phase == PH_HERO:
        h = legal_in_build(c)[0]
        apply_in_build(c, h)
        c.legal_cache = None
        plan.append(h)
    if c.phase != PH_BUILD:
        raise AssertionError(f"final build plan of p{s + 1} stops in phase {c.phase}")
    return tuple(plan)
