"""The loading phase (docs/rules/jorvik.md §3.4, §5.4, §6.2, §8.12-8.16): income, cards
and ships unloaded, then the loading player's own moves until ``end``.

Goods to be "used at once" wait in ``buf``; while it is not empty only the moves
that resolve its first good are legal.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from vikingcli_jorvik import data as D
from vikingcli_jorvik.data import KIND, NEEDS
from vikingcli_jorvik.rules.common import (
    box_own,
    free_space,
    remove_from_craftsman,
    take_pool,
    target_mask,
    use_good,
)
from vikingcli_jorvik.rules.encoding import (
    A_END,
    A_RDISCARD,
    A_RWH,
    OP_CASH,
    OP_CONV,
    OP_CONV2,
    OP_END,
    OP_MARKET,
    OP_PUT,
    OP_RDISCARD,
    OP_REWORK,
    OP_RPUT,
    OP_RWH,
    OP_STEAL,
    OP_STORE,
    OP_TAKE,
    Move,
)
from vikingcli_jorvik.state import PH_LOAD, PhaseReading, State

# ---------------------------------------------------------------------- turn flow


def begin_loading(s: State) -> None:
    s.phase = PH_LOAD
    s.phase_reading = PhaseReading()
    s.lpos = 0
    begin_load_turn(s)


NO_GOODS: Final = [0] * 16  # an empty pool, copied in (never changed)


def begin_load_turn(s: State) -> None:
    p = (s.start + s.lpos) % s.n
    s.actor = p
    la = s.loading[p]
    own = s.cards[p]
    # 1. income (spec §3.4 step 1, §8.12)
    inc = 1 if la else 2
    if s.advanced:
        inc += 1
    if D.C_C10 in own or D.C_C10 in la:
        inc += 1
    s.coins[p] += inc
    # 2. move cards; 3. unload ships into the pool
    pool = s.pool
    pool[:] = NO_GOODS
    if la:
        keep = []
        cargo = s.cargo
        for c in la:
            k = KIND[c]
            if k == D.SHIP:
                keep.append(c)
                for g in cargo[c]:
                    pool[g] += 1
                cargo[c] = ()
            elif k == D.TREASURE or k == D.TRIBUTE:
                s.box.append(c)
            else:
                own.append(c)
        s.loading[p] = keep
    # storage flags are cleared when the loading turn starts (spec §6.2)
    if s.sboard[p] >= 0:
        s.sboard[p] &= 7
    wh = s.swh[p]
    if wh:
        s.swh[p] = [x & 7 for x in wh]
    s.buf = []
    s.buf_stolen = False
    s.just_taken = -1


def end_load_turn(s: State) -> bool:
    """Pool goods are lost, ships join the card area; the next seat's turn begins.
    True when that was the last loading turn of the round."""
    p = s.actor
    pool = s.pool
    cgs = s.cgs
    for i in range(16):
        if pool[i]:
            cgs[i & 7] += pool[i]
            pool[i] = 0
    la = s.loading[p]
    if la:
        s.cards[p].extend(la)  # ships -> card area
        s.loading[p] = []
    s.lpos += 1
    if s.lpos < s.n:
        begin_load_turn(s)
        return False
    s.start = (s.start + 1) % s.n  # Mjölnir passes clockwise
    return True


# ---------------------------------------------------------------------- legal moves


# The goods whose bits are set, per bit mask of the 8 goods (ascending).
GOODS_OF_MASK: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(g for g in range(8) if (m >> g) & 1) for m in range(256)
)


# The kinds of card the loading moves read, as bits; the others (ships, warriors,
# travels...) are passed over at once.
LOAD_KINDS: Final = sum(
    1 << k
    for k in (D.CRAFTSMAN, D.TRADER, D.ORACLE, D.WAREHOUSE, D.EXCHANGE, D.MARKET, D.REWORK, D.THIEF)
)
# Each kind's bit in the kinds a seat owns (``legal_load``), read once here.
OWNS_WAREHOUSE: Final = 1 << D.WAREHOUSE
OWNS_EXCHANGE: Final = 1 << D.EXCHANGE
OWNS_MARKET: Final = 1 << D.MARKET
OWNS_REWORK: Final = 1 << D.REWORK
OWNS_THIEF: Final = 1 << D.THIEF


def legal_load(s: State) -> list[Move]:
    """The loading player's moves (spec §3.4 step 4): pool goods onto each free space of
    an own craftsman (each good once per card), trader or oracle; storing and taking
    back, exchanges, the market, rework and theft, and ``end``; only the resolution of
    the first good when the immediate buffer holds one (§5.4)."""
    p = s.actor
    if s.buf:
        return legal_resolve(s, p)
    out: list[Move] = []
    pool = s.pool
    # most often empty: no ship unloaded, nothing taken from storage
    have, types, total = pool_goods(pool) if any(pool) else ([0] * 8, [], 0)
    own = s.cards[p]
    # The puts onto own cards are written out here, not a step of their own: this runs
    # at every loading ply of every search, and the extra call showed in the speed
    # benchmark (benchmarks/README.md, "State declared once, functions split: speed").
    fill = s.fill
    owned = 0
    for c in own:
        k = KIND[c]
        if not (LOAD_KINDS >> k) & 1:
            continue
        owned |= 1 << k
        if k == D.CRAFTSMAN:
            if total:
                need = NEEDS[c]
                f = fill[c]
                seen = 0
                for i in range(len(need)):
                    g = need[i]
                    if have[g] and not (f >> i) & 1 and not (seen >> g) & 1:
                        seen |= 1 << g
                        out.append((OP_PUT, g, c))
        elif k == D.TRADER or k == D.ORACLE:
            g = NEEDS[c][0]
            if have[g]:
                out.append((OP_PUT, g, c))
    storage_moves(s, p, pool, types, owned & OWNS_WAREHOUSE != 0, out)
    owns_mk = owned & OWNS_MARKET != 0
    if total >= 2 or owns_mk:
        exchange_moves(s, p, types, have, total, owned & OWNS_EXCHANGE != 0, owns_mk, out)
    if owned & OWNS_REWORK:
        out += rework_moves(s, own)
    if owned & OWNS_THIEF:
        out += steal_moves(s, p)
    out.append(A_END)
    return out


def pool_goods(pool: list[int]) -> tuple[list[int], list[int], int]:
    """Per good its cubes in the pool (flagged or not), the goods there (ascending),
    and the cubes in all."""
    have = [0] * 8
    types: list[int] = []
    total = 0
    for g in range(8):
        h = pool[g] + pool[g + 8]
        if h:
            have[g] = h
            types.append(g)
            total += h
    return have, types, total


def storage_moves(
    s: State, p: int, pool: list[int], types: list[int], owns_wh: bool, out: list[Move]
) -> None:
    """Adds to ``out`` storing an unflagged pool good on the storage board or in a
    warehouse with room, and taking a stored good back (spec §6.2)."""
    wh = s.swh[p]
    wh_room = owns_wh and len(wh) < D.WAREHOUSE_STORAGE
    stored = s.sboard[p]
    board_free = stored < 0
    if board_free or wh_room:
        for g in types:  # only unflagged cubes may be stored
            if pool[g]:
                if board_free:
                    out.append((OP_STORE, g, 0))
                if wh_room:
                    out.append((OP_STORE, g, 1))
    if not board_free:
        out.append((OP_TAKE, stored & 7, 0))
    if wh:
        in_wh = 0
        for x in wh:
            in_wh |= 1 << (x & 7)
        for g in GOODS_OF_MASK[in_wh]:
            out.append((OP_TAKE, g, 1))


def exchange_moves(
    s: State,
    p: int,
    types: list[int],
    have: list[int],
    total: int,
    owns_ex: bool,
    owns_mk: bool,
    out: list[Move],
) -> None:
    """Adds to ``out`` the 3-for-1 exchange, the exchange card's 2-for-1, two goods for
    cash, and the market's purchase (spec §3.4; §8.14: the good taken must be in the
    CGS after paying)."""
    targets = GOODS_OF_MASK[target_mask(s, p)]
    cgs = s.cgs
    if total >= 2:
        if total >= 3 and targets:
            for m3 in pool_triples(types, have):
                for t in targets:
                    if cgs[t] or t in m3:
                        out.append((OP_CONV, m3[0], m3[1], m3[2], t))
        pairs = pool_pairs(types, have)
        if owns_ex and targets:
            for m in pairs:
                for t in targets:
                    if cgs[t] or t in m:
                        out.append((OP_CONV2, m[0], m[1], t))
        for m in pairs:
            out.append((OP_CASH, m[0], m[1]))
    if owns_mk:
        for t in targets:
            if cgs[t]:
                out.append((OP_MARKET, t))


# The two below equal ``combinations_with_replacement(types, k)`` filtered by what the
# pool holds, in the same order; written out because the filter was a large part of
# ``legal_load``'s time (benchmarks/README.md, "Hot rules functions").
def pool_pairs(types: list[int], have: list[int]) -> list[tuple[int, int]]:
    """Every pair of goods the pool holds (``have``: counts per good; ``types``: the
    goods with a count, ascending), in lexicographic order."""
    return [(a, b) for i, a in enumerate(types) for b in types[i:] if a != b or have[a] > 1]


def pool_triples(types: list[int], have: list[int]) -> list[tuple[int, int, int]]:
    """Every three goods the pool holds, as ``pool_pairs``."""
    out: list[tuple[int, int, int]] = []
    n = len(types)
    for i in range(n):
        a = types[i]
        for j in range(i, n):
            if j == i and have[a] < 2:
                continue
            b = types[j]
            for k in range(j, n):
                if k == j and have[b] < (3 if j == i else 2):
                    continue
                out.append((a, b, types[k]))
    return out


def rework_moves(s: State, own: list[int]) -> list[Move]:
    """D28: 1-3 goods off own craftsmen (each distinct choice once)."""
    out: list[Move] = []
    fill = s.fill
    items = []
    for c in own:
        if KIND[c] == D.CRAFTSMAN:
            need = NEEDS[c]
            f = fill[c]
            for i in range(len(need)):
                if (f >> i) & 1:
                    items.append((c, need[i]))
    items.sort()
    seen_rw: set[Move] = set()
    for r in (1, 2, 3):
        for combo in combinations(items, r):
            flat = (OP_REWORK, *(x for pair in combo for x in pair))
            if flat not in seen_rw:
                seen_rw.add(flat)
                out.append(flat)
    return out


def steal_moves(s: State, p: int) -> list[Move]:
    """B24: one good off another seat's incomplete craftsman."""
    out: list[Move] = []
    fill = s.fill
    for i in range(1, s.n):
        q = (p + i) % s.n
        for c in s.cards[q]:
            if KIND[c] != D.CRAFTSMAN:
                continue
            f = fill[c]
            if f == 0 or f == D.FULL_MASK[c]:
                continue
            need = NEEDS[c]
            seen = 0
            for j in range(len(need)):
                g = need[j]
                if (f >> j) & 1 and not (seen >> g) & 1:
                    seen |= 1 << g
                    out.append((OP_STEAL, q, c, g))
    return out


def legal_resolve(s: State, p: int) -> list[Move]:
    """Spec §5.4 for the first good in the immediate buffer."""
    g = s.buf[0]
    out: list[Move] = []
    wh = False
    for c in s.cards[p]:
        k = KIND[c]
        if k == D.CRAFTSMAN:
            if free_space(s, c, g) >= 0:
                out.append((OP_RPUT, c))
        elif k == D.TRADER or k == D.ORACLE:
            if NEEDS[c][0] == g:
                out.append((OP_RPUT, c))
        elif k == D.WAREHOUSE and len(s.swh[p]) < D.WAREHOUSE_STORAGE:
            wh = True
    if wh:
        out.append(A_RWH)
    if s.buf_stolen or not out:
        out.append(A_RDISCARD)
    return out


# ---------------------------------------------------------------------- playing


def apply_load(s: State, a: Move) -> bool:
    """One move of the loading player; True when it ended the round's last turn."""
    p = s.actor
    op = a[0]
    # the undoes hint reads it: storing this good straight back would change nothing
    s.just_taken = a[1] + 8 * a[2] if op == OP_TAKE else -1
    if op == OP_END:
        return end_load_turn(s)
    if op == OP_PUT:
        take_pool(s, a[1])
        use_good(s, p, a[1], a[2])
    elif op in (OP_RPUT, OP_RWH, OP_RDISCARD):
        g = s.buf.pop(0)
        if op == OP_RPUT:
            use_good(s, p, g, a[1])
        elif op == OP_RWH:
            s.swh[p].append(g + 8)  # counts as having entered storage this turn
        else:
            s.cgs[g] += 1
        if not s.buf:
            s.buf_stolen = False
    elif op == OP_STORE:
        g = a[1]
        s.pool[g] -= 1
        if a[2] == 0:
            s.sboard[p] = g + 8
        else:
            s.swh[p].append(g + 8)
    elif op == OP_TAKE:
        g = a[1]
        if a[2] == 0:
            x = s.sboard[p]
            s.sboard[p] = -1
        else:
            wh = s.swh[p]
            x = g if g in wh else g + 8  # an unflagged one first (never worse)
            wh.remove(x)
        s.pool[x] += 1
    elif op in (OP_CONV, OP_CONV2, OP_CASH):
        pay = a[1:4] if op == OP_CONV else a[1:3]
        for g in pay:
            take_pool(s, g)
            s.cgs[g] += 1
        if op == OP_CASH:
            s.coins[p] += 1
        else:
            t = a[-1]
            s.cgs[t] -= 1
            s.buf = [t]
            s.buf_stolen = False
    elif op == OP_MARKET:
        box_own(s, p, D.C_C20)
        s.cgs[a[1]] -= 1
        s.buf = [a[1]]
        s.buf_stolen = False
    elif op == OP_REWORK:
        box_own(s, p, D.C_D28)
        buf = []
        for i in range(1, len(a), 2):
            remove_from_craftsman(s, a[i], a[i + 1])
            buf.append(a[i + 1])
        s.buf = buf
        s.buf_stolen = False
    elif op == OP_STEAL:
        box_own(s, p, D.C_B24)
        remove_from_craftsman(s, a[2], a[3])
        s.buf = [a[3]]
        s.buf_stolen = True
    else:  # pragma: no cover
        raise AssertionError(f"unhandled action {a!r}")
    return False
