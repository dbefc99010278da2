"""The game flow of Wikinger: setup, legal actions and their effects (spec §2, §3,
§4.4, §5.2-§5.4). The :class:`~vikingcli_wikinger.rules.WikingerGame` wraps these.

Actions are tuples, one decision each (spec §6.1):

* ``("bid", b)``, ``("pass",)``                 D1 auction (advanced)
* ``("discard", x)``, ``("colour", x)``         D2, D3 (advanced), x = figure colour
* ``("take", s)``                               D4, s = wheel slot
* ``("start", r)``                              D5, start tile row
* ``("ship", c)``, ``("tile", r, c)``           D6
* ``("figure", 1)`` on the tile / ``("figure", 0)`` to the mainland  D7
* ``("special", i)`` display space, ``("special", -1)`` none          D8
* ``("swap", r, c)``                            D9
* ``("boat", r, c)``, ``("longship", r, c)``, ``("add", r, c)``, ``("land",)``, ``("done",)``  D10

A decision with exactly one legal option is taken automatically (forced ship column,
forced discard, the last colour, a trip that cannot grow...), so ``legal_actions``
always offers a real choice or the game is over.
"""

from __future__ import annotations

import random
from typing import Any

from vikingcli_wikinger import scoring
from vikingcli_wikinger.board import (
    cell,
    free_tiles,
    island_cells,
    maxf,
    place_ship,
    potential,
    set_cell,
    ship_columns,
)
from vikingcli_wikinger.data import (
    BOATMAN,
    COLOUR_OF_ROW,
    DISPLAY_SIZE,
    FIG,
    N_COLOURS,
    N_ROUNDS,
    N_SPECIAL_KINDS,
    ROW_OF,
    SHIP,
    SLOTS,
    SP01,
    SP04,
    SP11,
    SPECIAL_COUNTS,
    START_GOLD,
    START_TILES,
    START_VP,
    T_L,
    T_MA,
    T_SP11,
    TILE_MASK,
    TREASURE_GOLD,
    building_of,
    stack_tiles,
)
from vikingcli_wikinger.state import (
    AUCTION,
    COLOUR,
    DISCARD,
    FERRY,
    FIGURE,
    OVER,
    PLACE,
    SPECIAL,
    START,
    SWAP,
    TAKE,
    TRIP_DISTINCT,
    TRIP_FIRST,
    TRIP_NONE,
    TRIP_SINGLE,
    State,
)

Action = tuple[Any, ...]

PASS: Action = ("pass",)
LAND: Action = ("land",)
DONE: Action = ("done",)
NO_SPECIAL: Action = ("special", -1)
FIG_HERE: Action = ("figure", 1)
FIG_MAINLAND: Action = ("figure", 0)
TAKES: tuple[Action, ...] = tuple(("take", s) for s in range(SLOTS))
STARTS: tuple[Action, ...] = tuple(("start", r) for r in range(1, 6))


# ---------------------------------------------------------------- setup


def new_state(n: int, adv: bool, bidding: bool, start: int | None, seed: int) -> State:
    """A shuffled game at the start of round 1 (§2)."""
    rng = random.Random(seed)
    s = State.empty(n, adv, bidding)
    s.gold = [START_GOLD[n]] * n
    s.vp = [START_VP] * n
    tiles = stack_tiles()
    rng.shuffle(tiles)
    s.stacks = tiles
    bag = [x for x in range(N_COLOURS) for _ in range(13)]
    rng.shuffle(bag)
    s.bag = bag
    pile = [k for k in range(N_SPECIAL_KINDS) for _ in range(SPECIAL_COUNTS[k])]
    rng.shuffle(pile)
    if adv:
        s.pile = pile
    else:
        s.pile = []
        s.box_specials = sorted(pile)  # basic game: the special tiles stay in the box
    s.box_tiles = [T_L] * (START_TILES - n)  # unused start tiles
    s.start = rng.randrange(n) if start is None else start
    start_round(s)
    settle(s)
    return s


def start_round(s: State) -> None:
    """Round start: the offer (basic) or display, draw and auction (advanced)."""
    s.turn = 0
    s.cur = s.start
    if not s.adv:
        lay_tiles(s)
        drawn = sorted(s.bag[s.bag_pos:s.bag_pos + SLOTS])
        s.bag_pos += SLOTS
        s.wheel_f = drawn  # sorted by colour = cheapest colour first (§3.2)
        s.phase = TAKE
        return
    for i in range(DISPLAY_SIZE):
        if s.display[i] < 0 and s.pile_pos < len(s.pile):
            s.display[i] = s.pile[s.pile_pos]
            s.pile_pos += 1
    for k in range(SLOTS + 1):
        s.drawn[s.bag[s.bag_pos + k]] += 1
    s.bag_pos += SLOTS + 1
    if s.bidding:
        s.phase = AUCTION
        s.active = [True] * s.n
        s.high_bid = -1
        s.high_bidder = -1
    else:
        s.phase = DISCARD


def lay_tiles(s: State) -> None:
    """§3.2 step 1: islands fill slots upwards from 0, ships downwards from 11."""
    lo, hi = 0, SLOTS - 1
    for t in s.stacks[s.stack_pos:s.stack_pos + SLOTS]:
        if t >= SHIP:
            s.wheel_t[hi] = t
            hi -= 1
        else:
            s.wheel_t[lo] = t
            lo += 1
    s.stack_pos += SLOTS
    s.next_slot = SLOTS - 1


# ---------------------------------------------------------------- legal actions


def occupied(s: State) -> list[int]:
    """Slots still holding a combination, ascending."""
    return [i for i in range(SLOTS) if s.wheel_t[i]]


def take_slots(s: State, p: int) -> list[int]:
    """§3.4.1: the legal ``Take`` slots of player p."""
    occ = occupied(s)
    smin = occ[0]
    if len(occ) == 1:
        return [smin]
    budget = s.gold[p] + s.vp[p]
    zf = s.wheel_f[smin]
    out = []
    last_of_colour = True
    for i in occ[1:]:
        if s.wheel_f[i] == zf:
            last_of_colour = False
            break
    if last_of_colour or s.gold[p] < occ[1] - smin:
        out.append(smin)
    for i in occ[1:]:
        if i - smin <= budget:
            out.append(i)
    return out


def price(s: State, slot: int) -> int:
    """Current price of the combination at ``slot`` (§3.3)."""
    for i in range(SLOTS):
        if s.wheel_t[i]:
            return slot - i
    return 0


def bid_range(s: State, p: int) -> range:
    """Legal bids of p (§5.2 step 2, §8.22)."""
    if s.high_bid < 0:
        lo = 0 if p == s.start else 1
    else:
        lo = s.high_bid + 1
    return range(lo, s.gold[p] + s.vp[p] + 1)


def _ferry_counts(s: State, p: int) -> tuple[list[int], list[int]]:
    m = s.idle[p][:5]
    rows = s.rows[p]
    f = [sum(1 for v in rows[ROW_OF[x] - 1] if v and not v & FIG) for x in range(5)]
    return m, f


def _right_free(rows: list[list[int]], r: int, c: int) -> int:
    row = rows[r - 1]
    return sum(1 for cc in range(c + 1, len(row)) if row[cc] and not row[cc] & FIG)


def ferry_candidates(s: State, p: int) -> list[Action]:
    """Ferrying actions before the round-6 maximality filter (§4.4.2, §5.3)."""
    rows = s.rows[p]
    idle = s.idle[p]
    out: list[Action] = []
    if s.trip_mode == TRIP_NONE:
        b = idle[BOATMAN]
        if b:
            for kind in ("boat", "longship"):
                if kind == "longship" and not (s.adv and s.sp[p][SP04]):
                    continue
                for r in range(1, 6):
                    if idle[COLOUR_OF_ROW[r]]:
                        for c in free_tiles(rows[r - 1]):
                            out.append((kind, r, c))
        out.append(DONE)
        return out
    lr, lc = s.trip_r, s.trip_c
    if s.trip_mode != TRIP_DISTINCT and idle[COLOUR_OF_ROW[lr]]:
        row = rows[lr - 1]
        for c in range(lc + 1, len(row)):
            if row[c] and not row[c] & FIG:
                out.append(("add", lr, c))
    if s.trip_mode != TRIP_SINGLE:
        for r in range(lr + 1, 6):
            if idle[COLOUR_OF_ROW[r]]:
                for c in free_tiles(rows[r - 1]):
                    out.append(("add", r, c))
    out.append(LAND)
    return out


def _potential_after(
    s: State, p: int, a: Action, m: list[int], f: list[int]
) -> tuple[int, int]:
    """(figures ferried so far, best still possible) after ferry action ``a``;
    ``m``/``f`` are the current idle and free-tile counts by colour (not changed)."""
    b = s.idle[p][BOATMAN]
    t = s.sp[p][SP04] if s.adv else 0
    mode, lr, lc = s.trip_mode, s.trip_r, s.trip_c
    ferried = s.ferried
    kind = a[0]
    if kind in ("boat", "longship", "add"):
        r, c = a[1], a[2]
        x = COLOUR_OF_ROW[r]
        m = m[:]
        f = f[:]
        m[x] -= 1
        f[x] -= 1
        ferried += 1
        if kind == "add":
            mode = TRIP_SINGLE if r == lr else TRIP_DISTINCT
        else:
            b -= 1
            if kind == "longship":
                t -= 1
            mode = TRIP_FIRST if (kind == "longship" or not s.adv) else TRIP_NONE
        lr, lc = r, c
    elif kind == "land":
        mode = TRIP_NONE
    if mode == TRIP_NONE:
        return ferried, maxf(m, f, b, t, s.adv)
    rf = _right_free(s.rows[p], lr, lc) if mode != TRIP_DISTINCT else 0
    return ferried, potential(m, f, b, t, s.adv, mode, COLOUR_OF_ROW[lr], rf)


def ferry_actions(s: State, p: int) -> list[Action]:
    """Legal ferrying actions; in round 6 only those keeping the maximum reachable.

    Candidates that lead to the same counts (same kind and row, same free tiles to
    the right) are checked once."""
    cand = ferry_candidates(s, p)
    if s.round < N_ROUNDS:
        return cand
    m, f = _ferry_counts(s, p)
    out = []
    seen: dict[tuple[Any, ...], bool] = {}
    for a in cand:
        if a == DONE:
            if _potential_after(s, p, a, m, f)[1] == 0:
                out.append(a)
            continue
        if len(a) == 3:
            key: tuple[Any, ...] = (a[0], a[1], _right_free(s.rows[p], a[1], a[2]))
        else:
            key = a
        ok = seen.get(key)
        if ok is None:
            done, best = _potential_after(s, p, a, m, f)
            ok = seen[key] = done + best == s.maxf0
        if ok:
            out.append(a)
    return out


def compute_legal(s: State) -> list[Action]:
    """Every legal action of the seat to move, in a fixed order."""
    ph = s.phase
    p = s.cur
    if ph == TAKE:
        return [TAKES[i] for i in take_slots(s, p)]
    if ph == PLACE:
        if s.pend_t >= SHIP:
            return [("ship", c) for c in ship_columns(s.ships[p])]
        return [("tile", r, c) for r, c in island_cells(s.rows[p], s.pend_t)]
    if ph == FIGURE:
        return [FIG_HERE, FIG_MAINLAND]
    if ph == START:
        return list(STARTS)
    if ph == SPECIAL:
        return [("special", i) for i in range(DISPLAY_SIZE) if s.display[i] >= 0] + [NO_SPECIAL]
    if ph == SWAP:
        return [("swap", r, c) for r, c in swap_targets(s, p, s.swap_b)]
    if ph == FERRY:
        return ferry_actions(s, p)
    if ph == AUCTION:
        return [("bid", b) for b in bid_range(s, p)] + [PASS]
    if ph == DISCARD:
        return [("discard", x) for x in range(N_COLOURS) if s.drawn[x]]
    if ph == COLOUR:
        return [("colour", x) for x in range(N_COLOURS) if s.drawn[x]]
    return []


def swap_targets(s: State, p: int, b: int) -> list[tuple[int, int]]:
    """Own island tiles showing building b (SP11 swap, §5.4.4)."""
    want = T_MA + b
    return [
        (r, c)
        for r in range(1, 6)
        for c, v in enumerate(s.rows[p][r - 1])
        if v & TILE_MASK == want
    ]


# ---------------------------------------------------------------- effects


def do(s: State, a: Action) -> None:
    """Apply a legal action (no validation here) and run forced follow-ups."""
    kind = a[0]
    p = s.cur
    if kind == "take":
        _take(s, p, a[1])
    elif kind == "start":
        set_cell(s.rows[p], a[1], 0, T_L)
        s.placed_start[p] = True
        _continue_place(s, p)
    elif kind == "ship":
        place_ship(s.ships[p], a[1], s.pend_t - SHIP)
        s.idle[p][s.pend_f] += 1
        _after_figure(s, p)
    elif kind == "tile":
        _place_island(s, p, a[1], a[2])
    elif kind == "figure":
        if a[1]:
            set_cell(s.rows[p], s.pend_r, s.pend_c, cell(s.rows[p], s.pend_r, s.pend_c) | FIG)
        else:
            s.idle[p][s.pend_f] += 1
        _after_figure(s, p)
    elif kind == "special":
        _special(s, p, a[1])
    elif kind == "swap":
        _swap(s, p, a[1], a[2], s.swap_b)
        s.sp[p][SP11 + s.swap_b] -= 1
        s.swap_b = -1
        _end_turn(s)
    elif kind in ("boat", "longship", "add"):
        _ferry(s, p, kind, a[1], a[2])
    elif kind == "land":
        s.trip_mode = TRIP_NONE
        _ferry_auto(s, p)
    elif kind == "done":
        _next_ferrier(s, advance=True)
    elif kind == "bid":
        s.high_bid = a[1]
        s.high_bidder = p
        _auction_next(s)
    elif kind == "pass":
        s.active[p] = False
        _auction_next(s)
    elif kind == "discard":
        s.drawn[a[1]] -= 1
        s.box_figs[a[1]] += 1
        lay_tiles(s)
        s.phase = COLOUR
        s.cur = s.start
    elif kind == "colour":
        x = a[1]
        for _ in range(s.drawn[x]):
            s.wheel_f[s.next_slot] = x
            s.next_slot -= 1
        s.drawn[x] = 0
        if s.next_slot < 0:
            s.phase = TAKE
            s.cur = s.start
            s.turn = 0
        else:
            s.cur = (p + 1) % s.n
    else:  # pragma: no cover - validated before
        raise AssertionError(a)


def settle(s: State) -> list[Action]:
    """Take every forced single-option decision; return (and cache) the real choice."""
    while True:
        if s.phase == OVER:
            s.legal_cache = ()
            return []
        # ``do`` may already have listed the choices (placement cells).
        pre = s.legal_cache
        legal = list(pre) if pre is not None else compute_legal(s)
        if len(legal) != 1:
            s.legal_cache = tuple(legal)
            return legal
        s.legal_cache = None
        do(s, legal[0])


def _take(s: State, p: int, slot: int) -> None:
    occ = occupied(s)
    cost = slot - occ[0]
    if cost > s.gold[p]:
        s.vp[p] -= cost - s.gold[p]  # automatic minimal VP exchange (§3.4.2)
        s.gold[p] = 0
    else:
        s.gold[p] -= cost
    # §5.4.2: the most expensive combination on the wheel, never the zero one.
    s.pend_special = s.adv and slot == occ[-1] and len(occ) > 1
    s.pend_t = s.wheel_t[slot]
    s.pend_f = s.wheel_f[slot]
    s.pend_r = s.pend_c = -1
    s.wheel_t[slot] = 0
    s.wheel_f[slot] = -1
    if not s.placed_start[p]:
        s.phase = START
        return
    _continue_place(s, p)


def _continue_place(s: State, p: int) -> None:
    t = s.pend_t
    if t >= SHIP:
        cols = ship_columns(s.ships[p])
        if len(cols) == 1:
            place_ship(s.ships[p], cols[0], t - SHIP)
            s.idle[p][s.pend_f] += 1
            _after_figure(s, p)
            return
        s.phase = PLACE
        return
    cells = island_cells(s.rows[p], t)
    if not cells:  # forced discard (§3.6.3); the figure goes to the mainland
        s.box_tiles.append(t)
        s.idle[p][s.pend_f] += 1
        _after_figure(s, p)
        return
    if len(cells) == 1:
        _place_island(s, p, *cells[0])
        return
    s.phase = PLACE
    s.legal_cache = tuple(("tile", r, c) for r, c in cells)  # reused by settle


def _place_island(s: State, p: int, r: int, c: int) -> None:
    set_cell(s.rows[p], r, c, s.pend_t)
    s.pend_r, s.pend_c = r, c
    if s.pend_f < BOATMAN and ROW_OF[s.pend_f] == r:
        s.phase = FIGURE
        return
    s.idle[p][s.pend_f] += 1
    _after_figure(s, p)


def _swap(s: State, p: int, r: int, c: int, b: int) -> None:
    """Replace the building-b tile at (r, c) by SP11 of b; the figure stays."""
    old = cell(s.rows[p], r, c)
    s.box_tiles.append(old & TILE_MASK)
    set_cell(s.rows[p], r, c, (T_SP11 + b) | (old & FIG))


def _after_figure(s: State, p: int) -> None:
    if s.adv and s.pend_r > 0:
        b = building_of(s.pend_t)
        if b >= 0 and s.sp[p][SP11 + b]:  # a waiting SP11 triggers (§5.4.4)
            _swap(s, p, s.pend_r, s.pend_c, b)
            s.sp[p][SP11 + b] -= 1
    if s.pend_special and any(d >= 0 for d in s.display):
        s.phase = SPECIAL
        return
    _end_turn(s)


def _special(s: State, p: int, i: int) -> None:
    if i < 0:
        _end_turn(s)
        return
    k = s.display[i]
    s.display[i] = -1
    if k == SP01:
        s.gold[p] += TREASURE_GOLD
        s.box_specials.append(k)
    elif k >= SP11:
        b = k - SP11
        s.sp[p][k] += 1  # held (waiting) until swapped
        targets = swap_targets(s, p, b)
        if len(targets) == 1:
            _swap(s, p, *targets[0], b)
            s.sp[p][k] -= 1
        elif len(targets) > 1:
            s.swap_b = b
            s.phase = SWAP
            return
    else:
        s.sp[p][k] += 1
    _end_turn(s)


def _end_turn(s: State) -> None:
    s.pend_t = 0
    s.pend_f = -1
    s.pend_r = s.pend_c = -1
    s.pend_special = False
    s.turn += 1
    if s.turn < SLOTS:
        s.cur = (s.cur + 1) % s.n
        s.phase = TAKE
        return
    if s.round % 2:
        scoring.small_scoring(s)
        _next_round(s)
        return
    s.ferry_i = 0
    _next_ferrier(s, advance=False)


def _next_round(s: State) -> None:
    s.start = (s.start + 1) % s.n  # the marker passes left (§3.1 step 6, §8.21)
    s.round += 1
    start_round(s)


def _can_ferry(s: State, p: int) -> bool:
    if not s.idle[p][BOATMAN]:
        return False
    rows = s.rows[p]
    return any(s.idle[p][x] and free_tiles(rows[ROW_OF[x] - 1]) for x in range(5))


def _next_ferrier(s: State, advance: bool) -> None:
    """Hand ferrying to the next player in turn order; then the big scoring."""
    if advance:
        s.ferry_i += 1
    s.trip_mode = TRIP_NONE
    s.trip_r = s.trip_c = -1
    s.ferried = 0
    while s.ferry_i < s.n:
        p = (s.start + s.ferry_i) % s.n
        if _can_ferry(s, p):
            m, f = _ferry_counts(s, p)
            s.maxf0 = maxf(m, f, s.idle[p][BOATMAN], s.sp[p][SP04] if s.adv else 0, s.adv)
            if s.maxf0 > 0:
                s.cur = p
                s.phase = FERRY
                return
        s.ferry_i += 1
    s.maxf0 = 0
    scoring.big_scoring(s)
    if s.round == N_ROUNDS:
        scoring.final_scoring(s)
        s.phase = OVER
        return
    _next_round(s)


def _ferry(s: State, p: int, kind: str, r: int, c: int) -> None:
    x = COLOUR_OF_ROW[r]
    s.idle[p][x] -= 1
    set_cell(s.rows[p], r, c, cell(s.rows[p], r, c) | FIG)
    s.ferried += 1
    if kind == "add":
        s.trip_mode = TRIP_SINGLE if r == s.trip_r else TRIP_DISTINCT
    else:
        s.idle[p][BOATMAN] -= 1  # the boatman leaves the game after the trip
        s.box_figs[BOATMAN] += 1
        if kind == "longship":
            s.sp[p][SP04] -= 1
            s.box_specials.append(SP04)
            s.trip_mode = TRIP_FIRST
        else:
            s.trip_mode = TRIP_NONE if s.adv else TRIP_FIRST
    s.trip_r, s.trip_c = r, c
    _ferry_auto(s, p)


def _ferry_auto(s: State, p: int) -> None:
    """End this player's ferrying once nothing more can be ferried."""
    if s.trip_mode == TRIP_NONE and not _can_ferry(s, p):
        _next_ferrier(s, advance=True)


def _auction_next(s: State) -> None:
    """§5.2 step 2: next active bidder, or the auction's end."""
    active = [q for q in range(s.n) if s.active[q]]
    if s.high_bid >= 0 and len(active) == 1:
        w = active[0]
        bid = s.high_bid
        if bid > s.gold[w]:
            s.vp[w] -= bid - s.gold[w]
            s.gold[w] = 0
        else:
            s.gold[w] -= bid
        s.start = w
        s.phase = DISCARD
        s.cur = w
        return
    if not active:  # everybody passed without a bid: S keeps the marker for free
        s.phase = DISCARD
        s.cur = s.start
        return
    q = (s.cur + 1) % s.n
    while not s.active[q]:
        q = (q + 1) % s.n
    s.cur = q
