"""Walhalla (AMIGO 2006) rules: setup, legal actions, apply, scoring.

Actions are small int tuples whose first element is the kind:

* ``(DECLINE,)`` / ``(JOIN, sold)`` invitee (D2); ``sold`` = card type sold or -1
* ``(BOARD, mask, sold)`` active player fills seats (D3); mask bit i = seat i
  (front 1, middle 2, back 4), ``sold`` = sorted tuple of card types sold
* ``(MOOR, fjord, orient)`` send the galley (D4)
* ``(LAND, space)`` / ``(ATTACK, space, with_card)`` disembark (D5)
* ``(LOSE,)`` / ``(WIN, shield)`` defender (D6)
* ``(HUNT, play)`` forest occupier (D7)
* ``(PLAY, card, headland)`` / ``(DONE,)`` end-of-raid commitment (D9)
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from vikingcli.engine import Action, Game, IllegalAction, Option, Outcome, ranks_from_keys
from vikingcli_walhalla import data as D
from vikingcli_walhalla.board import BOW_IN, N_FJORDS, N_HEADLANDS, make_board, parse_headlands
from vikingcli_walhalla.state import (
    P_COMMIT,
    P_DEFEND,
    P_HUNT,
    P_INVITE,
    P_LAND,
    P_OVER,
    P_SEATS,
    P_SEND,
    WalhallaState,
)

DECLINE, JOIN, BOARD, MOOR, LAND, ATTACK, LOSE, WIN, HUNT, PLAY, DONE = range(11)

_DECLINE = (DECLINE,)
_LOSE = (LOSE,)
_DONE = (DONE,)


# -- pure scoring helpers (spec §4.8, §5) ------------------------------------------------


def ceil_div(a: int, b: int) -> int:
    return -(-a // b)


def majority_points(strengths: Sequence[int], second: int, first: int) -> list[int]:
    """Points per player for a first/second majority (headland or Walhalla).

    Only strength >= 1 takes part. A tie for first shares first+second (rounded up)
    and leaves no second place; a tie for second shares second (rounded up).
    """
    pts = [0] * len(strengths)
    top = max(strengths, default=0)
    if top < 1:
        return pts
    t1 = [i for i, v in enumerate(strengths) if v == top]
    if len(t1) >= 2:
        share = ceil_div(first + second, len(t1))
        for i in t1:
            pts[i] = share
        return pts
    pts[t1[0]] = first
    rest = [v for v in strengths if 1 <= v < top]
    if rest:
        sec = max(rest)
        t2 = [i for i, v in enumerate(strengths) if v == sec]
        share = ceil_div(second, len(t2))
        for i in t2:
            pts[i] = share
    return pts


def reinforcement(values: Sequence[int], asgard: Sequence[int]) -> list[int]:
    """Vikings each player moves Asgard -> Midgard (spec §4.9): dense rank on
    ``values``, table 10/8/6/4, capped by what is in Asgard."""
    distinct = sorted(set(values), reverse=True)
    return [min(D.REINFORCEMENT[distinct.index(v)], a) for v, a in zip(values, asgard, strict=True)]


def headland_strengths(s: WalhallaState, bonus: Sequence[Sequence[int]]) -> list[list[int]]:
    """strength[h][p]: vikings + village bonuses + Headland +2 cards (``bonus[p][h]``)."""
    b = s.board
    out = []
    for h in range(N_HEADLANDS):
        st = [bonus[p][h] for p in range(s.n)]
        off = b.offsets[h]
        for sp in range(off, off + 2 * b.lengths[h]):
            o = s.occ[sp]
            if o >= 0:
                st[o] += 1 + D.VILLAGE_BONUS[s.stype[sp]]
        out.append(st)
    return out


# -- small helpers ------------------------------------------------


def _multisets(counts: Sequence[int], size: int) -> list[tuple[int, ...]]:
    """Every multiset of ``size`` card types drawn from the hand ``counts``, sorted."""
    out: list[tuple[int, ...]] = []

    def rec(t: int, left: int, acc: tuple[int, ...]) -> None:
        if left == 0:
            out.append(acc)
            return
        for u in range(t, D.N_CARD_TYPES):
            c = counts[u]
            if c:
                k = 1
                while k <= c and k <= left:
                    rec(u + 1, left - k, acc + (u,) * k)
                    k += 1

    rec(0, size, ())
    out.sort()
    return out


def _shuffle(s: WalhallaState, items: list[int]) -> None:
    """Shuffle with the state's own RNG and advance it (keeps apply pure)."""
    r = random.Random(s.rng)
    r.shuffle(items)
    s.rng = r.getrandbits(62)


HEADLANDS_OPTION = Option(
    name="headlands",
    default="6,6,6",
    help="tiles per headland H1,H2,H3 (each 5-8, sum 18), e.g. 5,6,7",
    parse=parse_headlands,
    examples=("5,6,7",),
)
ORIENTATION_OPTION = Option(
    name="fixed_orientation",
    default="no",
    choices=("no", "yes"),
    help="yes: every galley moors bow toward the coast (BOW_IN); no: the mover chooses",
)


class WalhallaGame(Game):
    """Walhalla (AMIGO 2006), 3-4 players."""

    name = "walhalla"
    title = "Walhalla"
    version = "1"
    min_players = 3
    max_players = 4
    default_players = 4
    options = (HEADLANDS_OPTION, ORIENTATION_OPTION)
    eval_scale = 10.0

    # -- setup ------------------------------------------------------------------------------

    def new_state(self, n_players: int, options: Mapping[str, str], seed: int) -> WalhallaState:
        if not self.min_players <= n_players <= self.max_players:
            raise ValueError(f"walhalla: {n_players} players (needs 3-4)")
        opts = self.resolve_options(options)
        a, b, c = (int(x) for x in opts["headlands"].split(","))
        lengths = (a, b, c)
        rnd = random.Random(seed)
        s = WalhallaState.__new__(WalhallaState)
        n = n_players
        s.n = n
        s.fixed = opts["fixed_orientation"] == "yes"
        s.board = make_board(lengths)
        tiles = list(range(len(D.TILES)))
        rnd.shuffle(tiles)
        layout = []
        stype: list[int] = []
        i = 0
        for length in lengths:
            row = []
            for _ in range(length):
                t = tiles[i]
                i += 1
                flip = rnd.randrange(2)  # HOUSE DATA: random orientation bit
                row.append((t, flip))
                pa, pb = D.TILES[t]
                stype.extend((pb, pa) if flip else (pa, pb))
            layout.append(tuple(row))
        s.layout = tuple(layout)
        s.stype = tuple(stype)
        inner = list(D.INNER_CAPES)
        outer = list(D.OUTER_CAPES)
        rnd.shuffle(inner)
        rnd.shuffle(outer)
        s.capes = tuple(zip(inner, outer, strict=True))
        s.occ = [-1] * s.board.n_spaces
        mid = D.START_MIDGARD[n]
        s.midgard = [mid] * n
        s.asgard = [D.VIKINGS_PER_COLOUR - mid - D.START_WALHALLA] * n
        s.walhalla = [D.START_WALHALLA] * n
        s.score = [0] * n
        deck = [t for t in range(D.N_CARD_TYPES) for _ in range(D.CARD_COUNTS[t])]
        rnd.shuffle(deck)
        s.hands = [[0] * D.N_CARD_TYPES for _ in range(n)]
        for p in range(n):
            s.hands[p][deck.pop()] += 1
        s.deck = deck
        s.discard = [0] * D.N_CARD_TYPES
        gdeck = list(range(1, D.N_GALLEYS + 1))
        rnd.shuffle(gdeck)
        s.gdeck = gdeck
        s.fjords = [[] for _ in range(N_FJORDS)]
        s.raid = 1
        s.start = rnd.randrange(n)
        s.active = s.start
        s.phase = P_SEATS
        s.galley = 0
        s.seats = [-1, -1, -1]
        s.queue = []
        s.target = -1
        s.attacker = -1
        s.commits = [[] for _ in range(n)]
        s.commit_order = []
        s.commit_idx = 0
        s.wal_bonus = [0] * n
        s.rng = rnd.getrandbits(62)
        s.ledger = []
        s.forest_vp = [0] * n
        s.sale_vp = [0] * n
        _begin_turn(s)
        return s

    def num_players(self, state: WalhallaState) -> int:
        return state.n

    def current_scores(self, state: WalhallaState) -> tuple[float, ...]:
        return tuple(float(x) for x in state.score)

    # -- whose move -----------------------------------------------------------------------------

    def to_move(self, state: WalhallaState) -> int | None:
        return _to_move(state)

    def legal_actions(self, state: WalhallaState) -> list[Action]:
        return _legal(state)

    def apply(self, state: WalhallaState, action: Action) -> WalhallaState:
        if not _is_legal(state, action):
            raise IllegalAction(f"walhalla: {action!r} is not a legal action now")
        _apply(state, action)  # type: ignore[arg-type]
        return state

    # -- text -----------------------------------------------------------------------------------

    def format_action(self, state: WalhallaState, action: Action) -> str:
        return _format(state, action)

    def parse_action(self, state: WalhallaState, text: str) -> Action:
        want = " ".join(str(text).lower().split())
        legal = _legal(state)
        for a in legal:
            if _format(state, a) == want:
                return a
        # aliases: "moor F2" when only one orientation is offered
        matches = [a for a in legal if _format(state, a).startswith(want + " ")]
        if want.startswith("moor ") and len(matches) == 1:
            return matches[0]
        accepted = ", ".join(_format(state, a) for a in legal) or "nothing (game over)"
        raise IllegalAction(f"walhalla: cannot read {text!r}; accepted now: {accepted}")

    # -- information --------------------------------------------------------------------------

    def observation(self, state: WalhallaState, seat: int) -> dict[str, Any]:
        from vikingcli_walhalla.view import observation

        return observation(state, seat)

    def determinize(self, state: WalhallaState, seat: int, rng: random.Random) -> WalhallaState:
        s = state.clone()
        n = s.n
        # Pool every card seat cannot see: the deck, other hands, others' commitments.
        pool: list[int] = list(s.deck)
        sizes = [0] * n
        for p in range(n):
            if p == seat:
                continue
            h = s.hands[p]
            for t in range(D.N_CARD_TYPES):
                pool.extend([t] * h[t])
            pool.extend(c for c, _ in s.commits[p])
            sizes[p] = sum(h) + len(s.commits[p])
        # Canonical order first, so the re-deal depends only on what seat observes.
        pool.sort()
        # A pending Hunt decision shows that the occupier holds a Hunt card: keep one.
        known = -1
        if s.phase == P_HUNT and s.occ[s.target] != seat:
            known = s.occ[s.target]
            pool.remove(D.C_HUNT)
            sizes[known] -= 1
        rng.shuffle(pool)
        # Hidden commitments first (their count is public): end-of-raid cards drawn from
        # the pool; the real ones are in it, so there are always enough.
        ok_types = [
            t for t in D.END_OF_RAID_CARDS if not (t == D.C_WALHALLA and s.raid >= D.N_RAIDS)
        ]
        for p in range(n):
            had = len(s.commits[p])
            if p == seat or not had:
                continue
            new_commits: list[tuple[int, int]] = []
            i = len(pool) - 1
            while len(new_commits) < had:
                t = pool[i]
                if t in ok_types:
                    pool.pop(i)
                    hl = rng.randrange(N_HEADLANDS) if t == D.C_HEADLAND else -1
                    new_commits.append((t, hl))
                i -= 1
            s.commits[p] = new_commits
        for p in range(n):
            if p == seat:
                continue
            h = [0] * D.N_CARD_TYPES
            for _ in range(sizes[p] - len(s.commits[p])):
                h[pool.pop()] += 1
            s.hands[p] = h
        if known >= 0:
            s.hands[known][D.C_HUNT] += 1
        s.deck = pool
        rng.shuffle(s.deck)
        s.gdeck.sort()
        rng.shuffle(s.gdeck)
        s.rng = rng.getrandbits(62)
        return s

    def component_totals(self, state: WalhallaState) -> dict[str, int]:
        """Vikings per colour (14), action cards per type and in all (32), galleys (12)."""
        s = state
        out: dict[str, int] = {}
        aboard = s.seats if s.phase in (P_INVITE, P_SEATS, P_SEND) else [o for *_, o in s.queue]
        for p in range(s.n):
            out[f"vikings {D.COLOURS[p]}"] = (
                s.midgard[p]
                + s.asgard[p]
                + s.walhalla[p]
                + s.occ.count(p)
                + sum(1 for o in aboard if o == p)
            )
        cards = s.discard[:]
        for t in s.deck:
            cards[t] += 1
        for h in s.hands:
            for t in range(D.N_CARD_TYPES):
                cards[t] += h[t]
        for c in s.commits:
            for t, _ in c:
                cards[t] += 1
        for t in range(D.N_CARD_TYPES):
            out[f"cards {D.CARD_NAMES[t]}"] = cards[t]
        out["cards"] = sum(cards)
        drawn = 1 if s.phase in (P_INVITE, P_SEATS, P_SEND) else 0
        out["galleys"] = sum(len(f) for f in s.fjords) + len(s.gdeck) + drawn
        return out

    def view(self, state: WalhallaState, seat: int | None, text: str) -> str | None:
        from vikingcli_walhalla.render import view

        return view(state, seat, text)

    def outcome(self, state: WalhallaState) -> Outcome:
        s = state
        if s.phase != P_OVER:
            raise ValueError("walhalla: game is not over")
        on_board = [0] * s.n
        for o in s.occ:
            if o >= 0:
                on_board[o] += 1
        keys = [(s.score[p], s.walhalla[p], on_board[p]) for p in range(s.n)]
        return Outcome(
            scores=tuple(float(x) for x in s.score),
            ranks=ranks_from_keys(keys),
            end_reason="rules",
            breakdown=breakdown(s),
        )

    def evaluate(self, state: WalhallaState, seat: int) -> float:
        from vikingcli_walhalla.heuristic import evaluate

        return evaluate(state, seat)

    def render(self, state: WalhallaState, seat: int | None) -> str:
        from vikingcli_walhalla.render import render

        return render(state, seat)

    def to_json(self, state: WalhallaState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: Mapping[str, Any]) -> WalhallaState:
        return WalhallaState.from_json(data)

    def clone(self, state: WalhallaState) -> WalhallaState:
        return state.clone()

    def rules_text(self) -> str:
        from vikingcli_walhalla.render import RULES_TEXT

        return RULES_TEXT


def breakdown(s: WalhallaState) -> dict[str, Any]:
    """Points per scoring per seat; the values add up to the scores."""
    out: dict[str, Any] = {
        "forests (during raids)": s.forest_vp[:],
        "card sales": s.sale_vp[:],
    }
    for label, pts in s.ledger:
        out[label] = list(pts)
    out["total"] = s.score[:]
    return out


# -- engine core ------------------------------------------------


def _to_move(s: WalhallaState) -> int | None:
    ph = s.phase
    if ph in (P_SEATS, P_SEND):
        return s.active
    if ph == P_LAND:
        return s.queue[0][2]
    if ph == P_INVITE:
        return D.galley_colour(s.galley)
    if ph in (P_DEFEND, P_HUNT):
        return s.occ[s.target]
    if ph == P_COMMIT:
        return s.commit_order[s.commit_idx]
    return None


def _legal(s: WalhallaState) -> list[Action]:
    ph = s.phase
    if ph == P_LAND:
        f, q, o = s.queue[0]
        acts: list[Action] = []
        can_card = s.hands[o][D.C_ATTACK] > 0
        occ = s.occ
        for sp in s.board.contacts[f][q]:
            oc = occ[sp]
            if oc < 0:
                acts.append((LAND, sp))
            elif oc != o:
                acts.append((ATTACK, sp, 0))
                if can_card:
                    acts.append((ATTACK, sp, 1))
        return acts
    if ph == P_SEATS:
        a = s.active
        g = s.galley
        cs = D.galley_coloured_seat(g)
        own = D.galley_colour(g) == a
        m = s.midgard[a]
        hand = s.hands[a]
        smax = min(sum(hand), s.score[a], s.asgard[a])
        acts = []
        for mask in range(8):
            if not own and mask >> cs & 1:
                continue
            cnt = (mask & 1) + (mask >> 1 & 1) + (mask >> 2 & 1)
            need = cnt - m
            if need <= 0:
                acts.append((BOARD, mask, ()))
            elif need <= smax:
                for sold in _multisets(hand, need):
                    acts.append((BOARD, mask, sold))
        return acts
    if ph == P_SEND:
        acts = []
        both = not s.fixed and s.seats[0] != s.seats[2]
        mb = s.board.max_berths
        for f in range(N_FJORDS):
            if len(s.fjords[f]) < mb[f]:
                acts.append((MOOR, f, 0))
                if both:
                    acts.append((MOOR, f, 1))
        return acts
    if ph == P_INVITE:
        i = D.galley_colour(s.galley)
        acts = [_DECLINE]
        if s.midgard[i] >= 1:
            acts.append((JOIN, -1))
        elif s.score[i] >= 1 and s.asgard[i] >= 1:
            h = s.hands[i]
            for t in range(D.N_CARD_TYPES):
                if h[t]:
                    acts.append((JOIN, t))
        return acts
    if ph == P_DEFEND:
        d = s.occ[s.target]
        acts = [_LOSE]
        if s.walhalla[d] >= 1:
            acts.append((WIN, 0))
        if s.hands[d][D.C_SHIELD]:
            acts.append((WIN, 1))
        return acts
    if ph == P_HUNT:
        return [(HUNT, 0), (HUNT, 1)]
    if ph == P_COMMIT:
        p = s.commit_order[s.commit_idx]
        h = s.hands[p]
        acts = []
        for t in (D.C_FOREST, D.C_WHEAT, D.C_SHRINE, D.C_VILLAGE):
            if h[t]:
                acts.append((PLAY, t, -1))
        if h[D.C_HEADLAND]:
            for hl in range(N_HEADLANDS):
                acts.append((PLAY, D.C_HEADLAND, hl))
        if h[D.C_WALHALLA] and s.raid < D.N_RAIDS:
            acts.append((PLAY, D.C_WALHALLA, -1))
        acts.append(_DONE)
        return acts
    return []


def _is_legal(s: WalhallaState, a: Any) -> bool:
    """Is ``a`` in ``_legal(s)``? Cheap structural checks for the frequent kinds, the
    full list for the rest (same answer, checked by the tests)."""
    if type(a) is not tuple or not a or s.phase == P_OVER:
        return False
    k = a[0]
    ph = s.phase
    if k in (LAND, ATTACK):
        if ph != P_LAND or len(a) != (2 if k == LAND else 3):
            return False
        sp = a[1]
        f, q, o = s.queue[0]
        if type(sp) is not int or sp not in s.board.contacts[f][q]:
            return False
        oc = s.occ[sp]
        if k == LAND:
            return oc < 0
        card = a[2]
        if oc < 0 or oc == o or type(card) is not int:
            return False
        return card == 0 or (card == 1 and s.hands[o][D.C_ATTACK] > 0)
    if k == MOOR:
        if ph != P_SEND or len(a) != 3:
            return False
        f, orient = a[1], a[2]
        if type(f) is not int or type(orient) is not int or not 0 <= f < N_FJORDS:
            return False
        if len(s.fjords[f]) >= s.board.max_berths[f]:
            return False
        if orient == 0:
            return True
        return orient == 1 and not s.fixed and s.seats[0] != s.seats[2]
    try:
        return a in _legal(s)
    except TypeError:  # incomparable junk
        return False


def _discard(s: WalhallaState, p: int, t: int) -> None:
    s.hands[p][t] -= 1
    s.discard[t] += 1


def _sell(s: WalhallaState, p: int, t: int) -> None:
    """Spec §4.6: discard a card, lose 1 VP, Asgard -> Midgard (boards at once)."""
    _discard(s, p, t)
    s.score[p] -= 1
    s.sale_vp[p] -= 1
    s.asgard[p] -= 1
    s.midgard[p] += 1


def _apply(s: WalhallaState, a: tuple[Any, ...]) -> None:
    k = a[0]
    if k == LAND:
        sp = a[1]
        o = s.queue.pop(0)[2]
        s.occ[sp] = o
        _occupy(s, sp, o)
    elif k == ATTACK:
        sp = a[1]
        o = s.queue[0][2]
        if a[2]:
            _discard(s, o, D.C_ATTACK)
            _defender_loses(s, sp, o)
        else:
            s.phase = P_DEFEND
            s.target = sp
            s.attacker = o
    elif k == BOARD:
        p = s.active
        for t in a[2]:
            _sell(s, p, t)
        mask = a[1]
        for i in range(3):
            if mask >> i & 1:
                s.seats[i] = p
                s.midgard[p] -= 1
        s.phase = P_SEND
    elif k == MOOR:
        f, orient = a[1], a[2]
        berth = len(s.fjords[f])
        seats = s.seats
        s.fjords[f].append((s.galley, orient, (seats[0], seats[1], seats[2])))
        b = s.board
        q = [(f, b.seat_position(berth, i, orient), seats[i]) for i in range(3) if seats[i] >= 0]
        q.sort()
        s.queue = q
        _continue(s)
    elif k == JOIN:
        i = D.galley_colour(s.galley)
        if a[1] >= 0:
            _sell(s, i, a[1])
        s.midgard[i] -= 1
        s.seats[D.galley_coloured_seat(s.galley)] = i
        s.phase = P_SEATS
    elif k == DECLINE:
        s.phase = P_SEATS
    elif k == LOSE:
        _defender_loses(s, s.target, s.attacker)
    elif k == WIN:
        d = s.occ[s.target]
        if a[1]:
            _discard(s, d, D.C_SHIELD)
        else:
            s.walhalla[d] -= 1
            s.asgard[d] += 1
        s.walhalla[s.attacker] += 1
        s.queue.pop(0)
        s.target = -1
        s.attacker = -1
        _continue(s)
    elif k == HUNT:
        sp = s.target
        o = s.occ[sp]
        v = D.FOREST_VP[s.stype[sp]]
        if a[1]:
            _discard(s, o, D.C_HUNT)
            v *= 2
        s.score[o] += v
        s.forest_vp[o] += v
        s.target = -1
        _continue(s)
    elif k == PLAY:
        p = s.commit_order[s.commit_idx]
        s.hands[p][a[1]] -= 1
        s.commits[p].append((a[1], a[2]))
    elif k == DONE:
        _next_committer(s)


def _defender_loses(s: WalhallaState, sp: int, o: int) -> None:
    d = s.occ[sp]
    s.walhalla[d] += 1
    s.occ[sp] = o
    s.queue.pop(0)
    s.attacker = -1
    _occupy(s, sp, o)


def _occupy(s: WalhallaState, sp: int, o: int) -> None:
    """Immediate effect of viking o now standing on sp (spec §4.4), then go on."""
    t = s.stype[sp]
    if t == D.S:
        _draw(s, o)
    elif t == D.F2 or t == D.F3:
        if s.hands[o][D.C_HUNT]:
            s.phase = P_HUNT
            s.target = sp
            return
        v = D.FOREST_VP[t]
        s.score[o] += v
        s.forest_vp[o] += v
    s.target = -1
    _continue(s)


def _draw(s: WalhallaState, p: int) -> None:
    """Draw the top action card; reshuffle the discards if the pile is empty (spec §8 #21)."""
    if not s.deck:
        if not any(s.discard):
            return
        s.deck = [t for t in range(D.N_CARD_TYPES) for _ in range(s.discard[t])]
        s.discard = [0] * D.N_CARD_TYPES
        _shuffle(s, s.deck)
    s.hands[p][s.deck.pop()] += 1


def _continue(s: WalhallaState) -> None:
    """Disembark the next viking with a target; sail back those without one."""
    q = s.queue
    occ = s.occ
    contacts = s.board.contacts
    while q:
        f, pos, o = q[0]
        for sp in contacts[f][pos]:
            if occ[sp] != o:
                s.phase = P_LAND
                return
        # no empty space and no enemy: sails back to Midgard (spec §4.4)
        s.midgard[o] += 1
        q.pop(0)
    s.galley = 0
    s.seats = [-1, -1, -1]
    s.active = (s.active + 1) % s.n
    _begin_turn(s)


def _begin_turn(s: WalhallaState) -> None:
    """Spec §4.0-4.2: end-of-raid checks, then draw the top galley."""
    if not s.gdeck or not any(s.midgard):
        _end_raid(s)
        return
    g = s.gdeck.pop()
    s.galley = g
    c = D.galley_colour(g)
    if c == s.active or c >= s.n:
        s.phase = P_SEATS
    else:
        s.phase = P_INVITE


def _end_raid(s: WalhallaState) -> None:
    s.galley = 0
    n = s.n
    # Everyone holding a card decides (hand sizes are public, so the order leaks nothing
    # about which cards are held); each ends with "done", never automatically.
    s.commit_order = [p for p in ((s.start + i) % n for i in range(n)) if any(s.hands[p])]
    s.commit_idx = 0
    if s.commit_order:
        s.phase = P_COMMIT
    else:
        _reveal(s)


def _next_committer(s: WalhallaState) -> None:
    s.commit_idx += 1
    if s.commit_idx >= len(s.commit_order):
        _reveal(s)


def _count_category(s: WalhallaState, p: int, cat: int) -> int:
    n = 0
    st = s.stype
    for sp, o in enumerate(s.occ):
        if o == p and D.SPACE_CATEGORY[st[sp]] == cat:
            n += 1
    return n


def _reveal(s: WalhallaState) -> None:
    """Spec §4.7-4.10 and §5: reveal, score, then prepare the next raid or end."""
    n = s.n
    r = s.raid
    card_pts = [0] * n
    bonus = [[0] * N_HEADLANDS for _ in range(n)]
    s.wal_bonus = [0] * n
    for p in range(n):
        for t, hl in s.commits[p]:
            s.discard[t] += 1
            if t <= D.C_VILLAGE:
                card_pts[p] += _count_category(s, p, t)
            elif t == D.C_HEADLAND:
                bonus[p][hl] += 2
            else:
                s.wal_bonus[p] += 2
        s.commits[p] = []
    s.commit_order = []
    s.commit_idx = 0
    _score(s, f"raid {r} cards", card_pts)
    strengths = headland_strengths(s, bonus)
    for h in range(N_HEADLANDS):
        inner, outer = s.capes[h]
        _score(s, f"raid {r} H{h + 1}", majority_points(strengths[h], inner, outer))
    _score(s, f"raid {r} wheat", [r * _count_category(s, p, 1) for p in range(n)])
    if r >= D.N_RAIDS:
        on_board = [0] * n
        for o in s.occ:
            if o >= 0:
                on_board[o] += 1
        _score(s, "final occupation", on_board)
        _score(
            s,
            "final walhalla",
            majority_points(s.walhalla, D.WALHALLA_SECOND, D.WALHALLA_FIRST),
        )
        s.phase = P_OVER
        s.queue = []
        return
    # clear non-wheat spaces to Asgard (spec §4.9.1)
    for sp, o in enumerate(s.occ):
        if o >= 0 and s.stype[sp] != D.W:
            s.asgard[o] += 1
            s.occ[sp] = -1
    s.fjords = [[] for _ in range(N_FJORDS)]
    s.gdeck = list(range(1, D.N_GALLEYS + 1))
    _shuffle(s, s.gdeck)
    s.start = (s.start + 1) % n
    gets = reinforcement([s.walhalla[p] + s.wal_bonus[p] for p in range(n)], s.asgard)
    for p in range(n):
        s.asgard[p] -= gets[p]
        s.midgard[p] += gets[p]
    m = min(s.walhalla)
    for p in range(n):
        s.walhalla[p] -= m
        s.asgard[p] += m
    s.wal_bonus = [0] * n
    s.raid = r + 1
    s.active = s.start
    _begin_turn(s)


def _score(s: WalhallaState, label: str, pts: Sequence[int]) -> None:
    for p in range(s.n):
        s.score[p] += pts[p]
    s.ledger.append((label, tuple(pts)))


# -- action text ------------------------------------------------


def _cards_text(sold: Sequence[int]) -> str:
    return "+".join(D.CARD_NAMES[t] for t in sold)


def _format(s: WalhallaState, a: Any) -> str:
    k = a[0]
    if k == LAND:
        return f"land {s.board.space_text(a[1]).lower()}"
    if k == ATTACK:
        return f"attack {s.board.space_text(a[1]).lower()}" + (" card" if a[2] else "")
    if k == BOARD:
        names = [D.SEAT_NAMES[i] for i in range(3) if a[1] >> i & 1]
        txt = "board " + ("+".join(names) if names else "none")
        if a[2]:
            txt += " sell " + _cards_text(a[2])
        return txt
    if k == MOOR:
        return f"moor f{a[1] + 1} " + ("in" if a[2] == BOW_IN else "out")
    if k == JOIN:
        return "join" + (f" sell {D.CARD_NAMES[a[1]]}" if a[1] >= 0 else "")
    if k == DECLINE:
        return "decline"
    if k == LOSE:
        return "lose"
    if k == WIN:
        return "win shield" if a[1] else "win"
    if k == HUNT:
        return "hunt" if a[1] else "no hunt"
    if k == PLAY:
        if a[1] == D.C_HEADLAND:
            return f"play headland h{a[2] + 1}"
        return f"play {D.CARD_NAMES[a[1]]}"
    if k == DONE:
        return "done"
    raise IllegalAction(f"walhalla: unknown action {a!r}")
