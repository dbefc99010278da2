"""Jórvík rules: setup, legal actions, apply, Pict attacks and scoring.

The state machine: ``_begin_round`` -> supply (Pict attacks may pause it for Glory /
Ransom decisions) -> demand (A19 commit, placements, A21 swap) -> clean-up ->
purchase (columns, then reservation row) -> loading turns -> next round.  Every
automatic step runs inside ``apply`` until the next decision, so ``to_move`` always
names the seat that must act.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from itertools import combinations, combinations_with_replacement
from typing import Any

from vikingcli.engine import Game, IllegalAction, Option, Outcome, ranks_from_keys
from vikingcli_jorvik import actions as ac
from vikingcli_jorvik import data as d
from vikingcli_jorvik.actions import (
    OP_BUY,
    OP_CASH,
    OP_COMMIT,
    OP_CONV,
    OP_CONV2,
    OP_DISCARD,
    OP_END,
    OP_GLORY,
    OP_MARKET,
    OP_PASS,
    OP_PLACE,
    OP_PUT,
    OP_RANSOM,
    OP_RDISCARD,
    OP_RESERVE,
    OP_REWORK,
    OP_RPUT,
    OP_RWH,
    OP_STEAL,
    OP_STORE,
    OP_SWAP,
    OP_TAKE,
    RES_BASE,
)
from vikingcli_jorvik.data import CARDS, KIND, NEEDS
from vikingcli_jorvik.inventory import component_totals
from vikingcli_jorvik.state import (
    CTX_FINAL,
    CTX_SUPPLY,
    PH_BUY,
    PH_COMMIT,
    PH_DEMAND,
    PH_END,
    PH_GLORY,
    PH_LOAD,
    PH_RANSOM,
    PH_RESBUY,
    PH_SUPPLY,
    PH_SWAP,
    JorvikState,
)

_TARGETS: dict[tuple[int, bool], tuple[int, ...]] = {}
for _n in range(2, 6):
    _k = d.slots_per_row(_n)
    _TARGETS[(_n, False)] = tuple(range(_k))
    _TARGETS[(_n, True)] = tuple(range(_k)) + tuple(range(6, 6 + _k))

_RANSOM_BIT = 8  # pk_glory bit (seat + 8) = paid ransom


def defence(s: JorvikState, p: int) -> int:
    """Spec §3.1.1 step 1: warriors summed; B23 doubles the highest one."""
    total = 0
    best = 0
    shield = False
    for c in s.cards[p]:
        k = KIND[c]
        if k == d.WARRIOR:
            v = CARDS[c].defence
            total += v
            if v > best:
                best = v
        elif k == d.SHIELDWALL:
            shield = True
    return total + best if shield else total


def has_target(s: JorvikState, p: int, g: int) -> bool:
    """Spec §5.4 options 1-4: can a good of type g be used at once by p?"""
    fill = s.fill
    for c in s.cards[p]:
        k = KIND[c]
        if k == d.CRAFTSMAN:
            need = NEEDS[c]
            f = fill[c]
            for i in range(len(need)):
                if need[i] == g and not (f >> i) & 1:
                    return True
        elif k == d.TRADER or k == d.ORACLE:
            if NEEDS[c][0] == g:
                return True
        elif k == d.WAREHOUSE and len(s.swh[p]) < d.WAREHOUSE_STORAGE:
            return True
    return False


def final_breakdown(s: JorvikState, p: int, owned: Sequence[int] | None = None) -> dict[str, int]:
    """Spec §4.2 final scoring for one seat (without the E01 attack); ``owned``
    replaces the card area (the heuristic adds the loading area)."""
    cards = s.cards[p] if owned is None else owned
    craft = trader = feasts = wh = skald = 0
    travels: list[int] = []
    ships = ncraft = nwar = ntrav = 0
    for c in cards:
        k = KIND[c]
        if k == d.CRAFTSMAN:
            ncraft += 1
            if s.fill[c] == d.FULL_MASK[c]:
                craft += CARDS[c].vp
        elif k == d.TRADER:
            trader += CARDS[c].vp
        elif k == d.TRAVEL:
            travels.append(CARDS[c].vp)
            ntrav += 1
        elif k == d.FEAST:
            feasts += 1
        elif k == d.SHIP:
            ships += 1
        elif k == d.WARRIOR:
            nwar += 1
        elif k == d.WAREHOUSE:
            wh = len(s.swh[p])
    ntraders = sum(1 for c in cards if KIND[c] == d.TRADER)
    travel = sum(travels)
    for c in cards:
        if KIND[c] != d.SKALD:
            continue
        sk = CARDS[c].skald
        if sk == d.SK_COINS:
            skald += s.coins[p]
        elif sk == d.SK_SHIPS:
            skald += ships
        elif sk == d.SK_TRADERS:
            skald += ntraders
        elif sk == d.SK_WARRIORS:
            skald += nwar
        elif sk == d.SK_CRAFTSMEN:
            skald += ncraft
        elif sk == d.SK_TRAVELS:
            skald += ntrav
        elif sk == d.SK_DOUBLE_TRAVEL and travels:
            skald += max(travels)  # spec §6.3: the engine picks the highest travel
    feast = d.FEAST_VP[min(feasts, len(d.FEAST_VP) - 1)]
    return {
        "craftsmen": craft,
        "traders": trader,
        "travels": travel,
        "feasts": feast,
        "skalds": skald,
        "warehouse": wh,
    }


class JorvikGame(Game):
    """Jórvík (Stefan Feld, eggertspiele 2016): Karl and Jarl games, 2-5 players."""

    name = "jorvik"
    title = "Jórvík"
    version = "1"
    min_players = 2
    max_players = 5
    default_players = 4
    options = (
        Option(
            name="mode",
            default="karl",
            choices=("karl", "jarl"),
            help="karl = basic game; jarl = advanced game (all cards, reservations)",
        ),
    )
    eval_scale = 10.0

    # ------------------------------------------------------------------ setup
    def new_state(self, n_players: int, options: Mapping[str, str], seed: int) -> JorvikState:
        if not self.min_players <= n_players <= self.max_players:
            raise ValueError(f"jorvik: {n_players} players (2-5 accepted)")
        rng = random.Random(seed)
        jarl = options.get("mode", "karl") == "jarl"
        used = d.deck_cards(n_players, jarl)
        used_set = set(used)
        s = JorvikState.__new__(JorvikState)
        s.n = n_players
        s.jarl = jarl
        s.box = [c.idx for c in CARDS if c.idx not in used_set]
        # deck: top = end of list.  E01 at the bottom, then D, C, B, A (A on top).
        deck = [d.E01]
        for season in (d.AUTUMN, d.SUMMER, d.SPRING, d.WINTER):
            pile = [c for c in used if d.SEASON[c] == season]
            rng.shuffle(pile)
            deck.extend(pile)
        s.deck = deck
        bag = [g for g in d.BASIC_GOODS for _ in range(d.CUBES_PER_BASIC)]
        if jarl:
            bag += [g for g in d.PREMIUM_GOODS for _ in range(d.CUBES_PER_PREMIUM)]
        rng.shuffle(bag)  # drawing from the end of a shuffled bag = random draws
        s.bag = bag
        s.cgs = [0] * 8
        s.slots = [-1] * 12
        s.cargo = [()] * d.N_CARDS
        s.fill = [0] * d.N_CARDS
        s.cols = [[] for _ in range(6)]
        s.res_cards = []
        s.res_vik = []
        n = n_players
        s.coins = [d.COINS_START] * n
        s.vp = [d.VP_START] * n
        s.vik = [d.VIKINGS["jarl" if jarl else "karl"]] * n
        s.bsup = [0] * n
        s.a19_brown = 0
        s.brown_boxed = 0
        s.loading = [[] for _ in range(n)]
        s.cards = [[] for _ in range(n)]
        s.sboard = [-1] * n
        s.swh = [[] for _ in range(n)]
        s.pool = [0] * 16
        s.buf = []
        s.buf_stolen = False
        s.start = rng.randrange(n)  # spec §8.22: uniformly random start player
        s.phase = PH_SUPPLY
        s.actor = s.start
        s.round_no = 0
        s.fill_pos = 0
        s.pslot = 0
        s.lpos = 0
        s.pk_card = -1
        s.pk_ctx = CTX_SUPPLY
        s.pk_queue = []
        s.pk_win = 0
        s.pk_lose = 0
        s.pk_glory = 0
        s.pk_delta = [0] * n
        s.log = []
        s.final = None
        s._la = None
        s._las = None
        self._begin_round(s)
        return s

    # ------------------------------------------------------------------ flow: round
    def _begin_round(self, s: JorvikState) -> None:
        # Spec §4.1: game-end check before every supply phase.
        if len(s.deck) <= 1:
            self._start_final(s)
            return
        s.round_no += 1
        s.fill_pos = 0
        s.phase = PH_SUPPLY
        s.actor = s.start
        self._supply(s)

    def _supply(self, s: JorvikState) -> None:
        targets = _TARGETS[(s.n, s.jarl)]
        deck = s.deck
        while s.fill_pos < len(targets):
            if len(deck) <= 1:  # spec §8.6: never draw E01 into a slot
                break
            c = deck.pop()
            if KIND[c] == d.PICT:
                if self._start_pict(s, c, CTX_SUPPLY):
                    return  # waiting for a Glory / Ransom decision
                continue  # the same slot still needs a card
            slot = targets[s.fill_pos]
            s.slots[slot] = c
            if KIND[c] == d.SHIP:
                cap = CARDS[c].capacity
                if s.jarl:
                    cap = min(cap, d.JARL_SHIP_CAPACITY_CAP)
                k = min(cap, len(s.bag))  # spec §8.5: an empty bag gives what is left
                if k:
                    s.cargo[c] = tuple(s.bag[-k:])
                    del s.bag[-k:]
            s.fill_pos += 1
        for c in s.slots:
            if c >= 0:
                self._begin_demand(s)
                return
        self._start_final(s)  # spec §8.6: no card in any slot -> game ends

    # ------------------------------------------------------------------ Pict attacks
    def _start_pict(self, s: JorvikState, c: int, ctx: int) -> bool:
        """Resolve Pict attack card c; True if a decision is now pending."""
        s.box.append(c)
        s.pk_card = c
        s.pk_ctx = ctx
        n = s.n
        defs = [defence(s, p) for p in range(n)]
        s.pk_delta = [0] * n
        s.pk_glory = 0
        hi, lo = max(defs), min(defs)
        if hi == lo:
            s.pk_win = s.pk_lose = 0
            self._log_pict(s, defs)
            return False
        s.pk_win = sum(1 << p for p in range(n) if defs[p] == hi)
        s.pk_lose = sum(1 << p for p in range(n) if defs[p] == lo)
        order = [(s.start + i) % n for i in range(n)]
        s.pk_queue = [p for p in order if (s.pk_win >> p) & 1 and d.C_D29 in s.cards[p]]
        if s.pk_queue:
            s.phase = PH_GLORY
            s.actor = s.pk_queue[0]
            return True
        return self._pict_gains(s)

    def _pict_gains(self, s: JorvikState) -> bool:
        n = s.n
        gain = CARDS[s.pk_card].gain
        for p in range(n):
            if (s.pk_win >> p) & 1:
                g = 2 * gain if (s.pk_glory >> p) & 1 else gain
                s.vp[p] += g
                s.pk_delta[p] += g
        order = [(s.start + i) % n for i in range(n)]
        s.pk_queue = [
            p
            for p in order
            if (s.pk_lose >> p) & 1 and d.C_C22 in s.cards[p] and s.coins[p] >= d.RANSOM_COINS
        ]
        if s.pk_queue:
            s.phase = PH_RANSOM
            s.actor = s.pk_queue[0]
            return True
        self._pict_losses(s)
        return False

    def _pict_losses(self, s: JorvikState) -> None:
        loss = CARDS[s.pk_card].loss
        for p in range(s.n):
            if (s.pk_lose >> p) & 1 and not (s.pk_glory >> (p + _RANSOM_BIT)) & 1:
                s.vp[p] -= loss  # spec §8.18: VP may go below 0
                s.pk_delta[p] -= loss
        self._log_pict(s, [defence(s, p) for p in range(s.n)])

    def _log_pict(self, s: JorvikState, defs: list[int]) -> None:
        n = s.n
        s.log.append(
            {
                "scoring": "pict attack",
                "card": CARDS[s.pk_card].cid,
                "round": s.round_no,
                "defence": defs,
                "delta": list(s.pk_delta),
                "glory": [p for p in range(n) if (s.pk_glory >> p) & 1],
                "ransom": [p for p in range(n) if (s.pk_glory >> (p + _RANSOM_BIT)) & 1],
            }
        )
        s.pk_queue = []

    def _resume_after_pict(self, s: JorvikState) -> None:
        if s.pk_ctx == CTX_SUPPLY:
            s.phase = PH_SUPPLY
            s.actor = s.start
            self._supply(s)
        else:
            self._final_scoring(s)

    # ------------------------------------------------------------------ game end
    def _start_final(self, s: JorvikState) -> None:
        c = s.deck.pop()  # E01 (always the bottom card)
        if self._start_pict(s, c, CTX_FINAL):
            return
        self._final_scoring(s)

    def _final_scoring(self, s: JorvikState) -> None:
        n = s.n
        order = [(s.start + i) % n for i in range(n)]  # spec §8.23 (no effect)
        per_seat = {}
        for p in order:
            per_seat[p] = final_breakdown(s, p)
        cats = ("craftsmen", "traders", "travels", "feasts", "skalds", "warehouse")
        final: dict[str, Any] = {k: [per_seat[p][k] for p in range(n)] for k in cats}
        final["total"] = [sum(per_seat[p].values()) for p in range(n)]
        for p in range(n):
            s.vp[p] += final["total"][p]
        s.final = final
        s.phase = PH_END
        s.actor = -1

    # ------------------------------------------------------------------ demand
    def _begin_demand(self, s: JorvikState) -> None:
        if s.jarl and s.a19_brown > 0:
            for p in range(s.n):
                if d.C_A19 in s.cards[p]:
                    s.phase = PH_COMMIT
                    s.actor = p
                    return
        self._start_placement(s)

    def _start_placement(self, s: JorvikState) -> None:
        s.phase = PH_DEMAND
        self._next_placer(s, s.start)

    def _can_place(self, s: JorvikState) -> bool:
        slots = s.slots
        for i in range(6):
            if slots[i] >= 0 and len(s.cols[i]) < d.COLUMN_MAX:
                return True
        if s.jarl:
            for i in range(6, 12):
                if slots[i] >= 0:
                    return True
        return False

    def _next_placer(self, s: JorvikState, p0: int) -> None:
        if self._can_place(s):
            n = s.n
            for i in range(n):
                p = (p0 + i) % n
                if s.vik[p] + s.bsup[p] > 0:
                    s.actor = p
                    return
        self._end_demand(s)

    def _end_demand(self, s: JorvikState) -> None:
        # committed brown vikings that found no space go back onto A19
        for p in range(s.n):
            if s.bsup[p]:
                s.a19_brown += s.bsup[p]
                s.bsup[p] = 0
        if s.jarl:
            for p in range(s.n):
                if d.C_A21 in s.cards[p] and self._swap_pairs(s):
                    s.phase = PH_SWAP
                    s.actor = p
                    return
        self._cleanup(s)

    def _viking_positions(self, s: JorvikState) -> list[tuple[int, int]]:
        out = []
        for ci in range(6):
            for i, v in enumerate(s.cols[ci]):
                out.append((ci * 8 + i, v & 7))
        for i, v in enumerate(s.res_vik):
            out.append((RES_BASE + i, v & 7))
        return out

    def _swap_pairs(self, s: JorvikState) -> list[tuple[int, int, int]]:
        pos = self._viking_positions(s)
        return [
            (OP_SWAP, a, b)
            for (a, oa), (b, ob) in combinations(pos, 2)
            if oa != ob  # spec §8.9: vikings of different owners
        ]

    def _get_pos(self, s: JorvikState, pos: int) -> int:
        if pos >= RES_BASE:
            return s.res_vik[pos - RES_BASE]
        return s.cols[pos // 8][pos % 8]

    def _set_pos(self, s: JorvikState, pos: int, v: int) -> None:
        if pos >= RES_BASE:
            s.res_vik[pos - RES_BASE] = v
        else:
            s.cols[pos // 8][pos % 8] = v

    def _box_card(self, s: JorvikState, c: int) -> None:
        goods = s.cargo[c]
        if goods:
            for g in goods:
                s.cgs[g] += 1
            s.cargo[c] = ()
        s.box.append(c)

    def _cleanup(self, s: JorvikState) -> None:
        """Spec §3.2 step 4."""
        for i in range(12):
            c = s.slots[i]
            if c >= 0 and (i >= 6 or not s.cols[i]):
                self._box_card(s, c)
                s.slots[i] = -1
        s.phase = PH_BUY
        s.pslot = 0
        self._next_purchase(s)

    # ------------------------------------------------------------------ purchase
    def _next_purchase(self, s: JorvikState) -> None:
        while s.pslot < 6:
            i = s.pslot
            if s.slots[i] >= 0 and s.cols[i]:
                s.phase = PH_BUY
                s.actor = s.cols[i][0] & 7
                return
            s.pslot += 1
        if s.res_cards:
            s.phase = PH_RESBUY
            s.actor = s.res_vik[0] & 7
            return
        self._begin_loading(s)

    def _return_viking(self, s: JorvikState, v: int) -> None:
        if v >= 8:  # brown viking -> box (A19 goes too once both are boxed)
            s.brown_boxed += 1
            if s.a19_brown == 0 and s.brown_boxed >= d.BROWN_VIKINGS:
                for p in range(s.n):
                    for area in (s.cards[p], s.loading[p]):
                        if d.C_A19 in area:
                            area.remove(d.C_A19)
                            s.box.append(d.C_A19)
        else:
            s.vik[v] += 1

    def _owns_free(self, s: JorvikState, p: int) -> bool:
        return d.C_B22 in s.cards[p] or d.C_B22 in s.loading[p]

    def _use_free(self, s: JorvikState, p: int) -> None:
        area = s.cards[p] if d.C_B22 in s.cards[p] else s.loading[p]
        area.remove(d.C_B22)
        s.box.append(d.C_B22)

    def _buy(self, s: JorvikState, p: int, c: int) -> None:
        """The card goes to p's loading area; on-purchase effects (spec §5.3)."""
        s.loading[p].append(c)
        k = KIND[c]
        if k == d.TREASURE:
            s.coins[p] += d.TREASURE_COINS
        elif k == d.TRIBUTE:
            for i in range(1, s.n):
                q = (p + i) % s.n
                if s.coins[q] > 0:
                    s.coins[q] -= 1
                    s.coins[p] += 1
        elif k == d.HIREDHANDS:
            s.a19_brown = d.BROWN_VIKINGS

    # ------------------------------------------------------------------ loading
    def _begin_loading(self, s: JorvikState) -> None:
        s.phase = PH_LOAD
        s.lpos = 0
        self._begin_load_turn(s)

    def _begin_load_turn(self, s: JorvikState) -> None:
        p = (s.start + s.lpos) % s.n
        s.actor = p
        la = s.loading[p]
        # 1. income (spec §3.4 step 1, §8.12)
        inc = 1 if la else 2
        if s.jarl:
            inc += 1
        if d.C_C10 in s.cards[p] or d.C_C10 in la:
            inc += 1
        s.coins[p] += inc
        # 2. move cards; 3. unload ships into the pool
        keep = []
        pool = s.pool
        for i in range(16):
            pool[i] = 0
        for c in la:
            k = KIND[c]
            if k == d.SHIP:
                keep.append(c)
                for g in s.cargo[c]:
                    pool[g] += 1
                s.cargo[c] = ()
            elif k == d.TREASURE or k == d.TRIBUTE:
                s.box.append(c)
            else:
                s.cards[p].append(c)
        s.loading[p] = keep
        # storage flags are cleared when the loading turn starts (spec §6.2)
        if s.sboard[p] >= 0:
            s.sboard[p] &= 7
        s.swh[p] = [x & 7 for x in s.swh[p]]
        s.buf = []
        s.buf_stolen = False

    def _end_load_turn(self, s: JorvikState) -> None:
        p = s.actor
        pool = s.pool
        for i in range(16):
            if pool[i]:
                s.cgs[i & 7] += pool[i]
                pool[i] = 0
        s.cards[p].extend(s.loading[p])  # ships -> card area
        s.loading[p] = []
        s.lpos += 1
        if s.lpos < s.n:
            self._begin_load_turn(s)
            return
        s.start = (s.start + 1) % s.n  # Mjölnir passes clockwise
        self._begin_round(s)

    def _take_pool(self, s: JorvikState, g: int) -> None:
        """Remove one g from the pool, flagged cube first (never worse: the unflagged
        ones stay storable)."""
        if s.pool[g + 8]:
            s.pool[g + 8] -= 1
        else:
            s.pool[g] -= 1

    def _use_good(self, s: JorvikState, p: int, g: int, c: int) -> None:
        """Good g goes to own card c: craftsman space, trader sale or oracle."""
        k = KIND[c]
        if k == d.CRAFTSMAN:
            need = NEEDS[c]
            f = s.fill[c]
            for i in range(len(need)):
                if need[i] == g and not (f >> i) & 1:
                    s.fill[c] = f | (1 << i)
                    return
            raise AssertionError("no space")  # pragma: no cover
        if k == d.TRADER:
            s.coins[p] += CARDS[c].coins
        else:  # oracle
            s.vp[p] += d.ORACLE_VP
        s.cgs[g] += 1

    def _remove_from_craftsman(self, s: JorvikState, c: int, g: int) -> None:
        need = NEEDS[c]
        f = s.fill[c]
        for i in range(len(need) - 1, -1, -1):
            if need[i] == g and (f >> i) & 1:
                s.fill[c] = f & ~(1 << i)
                return
        raise AssertionError("no such good")  # pragma: no cover

    def _box_own(self, s: JorvikState, p: int, c: int) -> None:
        s.cards[p].remove(c)
        s.box.append(c)

    # ------------------------------------------------------------------ legal actions
    def legal_actions(self, state: JorvikState) -> Sequence[Any]:
        la = state._la
        if la is None:
            la = tuple(self._gen(state))
            state._la = la
            state._las = None
        return la

    def _gen(self, s: JorvikState) -> list[Any]:
        ph = s.phase
        p = s.actor
        if ph == PH_LOAD:
            return self._gen_load(s, p)
        if ph == PH_DEMAND:
            out: list[Any] = [
                (OP_PLACE, i) for i in range(6) if s.slots[i] >= 0 and len(s.cols[i]) < d.COLUMN_MAX
            ]
            if s.jarl:
                out += [(OP_RESERVE, i) for i in range(6, 12) if s.slots[i] >= 0]
            return out
        if ph == PH_BUY:
            out = []
            if s.coins[p] >= len(s.cols[s.pslot]):
                out.append(ac.A_BUY)
            if self._owns_free(s, p):
                out.append(ac.A_FREE)
            out.append(ac.A_PASS)
            return out
        if ph == PH_RESBUY:
            out = []
            if s.coins[p] >= len(s.res_cards):
                out.append(ac.A_BUY)
            if self._owns_free(s, p):
                out.append(ac.A_FREE)
            out.append(ac.A_DISCARD)
            return out
        if ph == PH_GLORY:
            return [ac.A_GLORY, ac.A_DECLINE]
        if ph == PH_RANSOM:
            return [ac.A_RANSOM, ac.A_DECLINE]
        if ph == PH_COMMIT:
            return [(OP_COMMIT, k) for k in range(s.a19_brown + 1)]
        if ph == PH_SWAP:
            return [ac.A_DECLINE, *self._swap_pairs(s)]
        return []

    def _gen_load(self, s: JorvikState, p: int) -> list[Any]:
        if s.buf:
            return self._gen_resolve(s, p)
        out: list[Any] = []
        pool = s.pool
        have = [pool[g] + pool[g + 8] for g in range(8)]
        own = s.cards[p]
        fill = s.fill
        owns_wh = owns_ex = owns_mk = owns_rw = owns_th = False
        for c in own:
            k = KIND[c]
            if k == d.CRAFTSMAN:
                need = NEEDS[c]
                f = fill[c]
                seen = 0
                for i in range(len(need)):
                    g = need[i]
                    if have[g] and not (f >> i) & 1 and not (seen >> g) & 1:
                        seen |= 1 << g
                        out.append((OP_PUT, g, c))
            elif k == d.TRADER or k == d.ORACLE:
                g = NEEDS[c][0]
                if have[g]:
                    out.append((OP_PUT, g, c))
            elif k == d.WAREHOUSE:
                owns_wh = True
            elif k == d.EXCHANGE:
                owns_ex = True
            elif k == d.MARKET:
                owns_mk = True
            elif k == d.REWORK:
                owns_rw = True
            elif k == d.THIEF:
                owns_th = True
        # storage
        wh = s.swh[p]
        wh_room = owns_wh and len(wh) < d.WAREHOUSE_STORAGE
        board_free = s.sboard[p] < 0
        for g in range(8):
            if pool[g]:
                if board_free:
                    out.append((ac.OP_STORE, g, 0))
                if wh_room:
                    out.append((ac.OP_STORE, g, 1))
        if not board_free:
            out.append((ac.OP_TAKE, s.sboard[p] & 7, 0))
        if wh:
            seen = 0
            for x in wh:
                g = x & 7
                if not (seen >> g) & 1:
                    seen |= 1 << g
            for g in range(8):
                if (seen >> g) & 1:
                    out.append((ac.OP_TAKE, g, 1))
        types = [g for g in range(8) if have[g]]
        total = sum(have)
        targets: list[int] | None = None
        if total >= 2:
            targets = [g for g in range(8) if has_target(s, p, g)]
            cgs = s.cgs
            # 3 -> 1 exchanges (spec §3.4; §8.14: taken good must be in the CGS after paying)
            if total >= 3 and targets:
                for m3 in combinations_with_replacement(types, 3):
                    if not self._fits(have, m3):
                        continue
                    for t in targets:
                        if cgs[t] or t in m3:
                            out.append((OP_CONV, m3[0], m3[1], m3[2], t))
            pairs = [m for m in combinations_with_replacement(types, 2) if self._fits(have, m)]
            if owns_ex and targets:
                for m in pairs:
                    for t in targets:
                        if cgs[t] or t in m:
                            out.append((OP_CONV2, m[0], m[1], t))
            for m in pairs:
                out.append((OP_CASH, m[0], m[1]))
        if owns_mk:
            if targets is None:
                targets = [g for g in range(8) if has_target(s, p, g)]
            for t in targets:
                if s.cgs[t]:
                    out.append((OP_MARKET, t))
        if owns_rw:
            items = []
            for c in own:
                if KIND[c] == d.CRAFTSMAN:
                    need = NEEDS[c]
                    f = fill[c]
                    for i in range(len(need)):
                        if (f >> i) & 1:
                            items.append((c, need[i]))
            items.sort()
            seen_rw: set[tuple[int, ...]] = set()
            for r in (1, 2, 3):
                for combo in combinations(items, r):
                    flat = (OP_REWORK, *(x for pair in combo for x in pair))
                    if flat not in seen_rw:
                        seen_rw.add(flat)
                        out.append(flat)
        if owns_th:
            for i in range(1, s.n):
                q = (p + i) % s.n
                for c in s.cards[q]:
                    if KIND[c] != d.CRAFTSMAN:
                        continue
                    f = fill[c]
                    if f == 0 or f == d.FULL_MASK[c]:
                        continue
                    need = NEEDS[c]
                    seen = 0
                    for j in range(len(need)):
                        g = need[j]
                        if (f >> j) & 1 and not (seen >> g) & 1:
                            seen |= 1 << g
                            out.append((OP_STEAL, q, c, g))
        out.append(ac.A_END)
        return out

    @staticmethod
    def _fits(have: list[int], m: tuple[int, ...]) -> bool:
        return all(m.count(g) <= have[g] for g in m)

    def _gen_resolve(self, s: JorvikState, p: int) -> list[Any]:
        """Spec §5.4 for the first good in the immediate buffer."""
        g = s.buf[0]
        out: list[Any] = []
        wh = False
        for c in s.cards[p]:
            k = KIND[c]
            if k == d.CRAFTSMAN:
                need = NEEDS[c]
                f = s.fill[c]
                for i in range(len(need)):
                    if need[i] == g and not (f >> i) & 1:
                        out.append((OP_RPUT, c))
                        break
            elif k == d.TRADER or k == d.ORACLE:
                if NEEDS[c][0] == g:
                    out.append((OP_RPUT, c))
            elif k == d.WAREHOUSE and len(s.swh[p]) < d.WAREHOUSE_STORAGE:
                wh = True
        if wh:
            out.append(ac.A_RWH)
        if s.buf_stolen or not out:
            out.append(ac.A_RDISCARD)
        return out

    # ------------------------------------------------------------------ apply
    def apply(self, state: JorvikState, action: Any) -> JorvikState:
        s = state
        if s.phase == PH_END:
            raise IllegalAction("the game is over")
        la = self.legal_actions(s)
        try:
            if len(la) > 12:
                las = s._las
                if las is None:
                    las = frozenset(la)
                    s._las = las
                ok = action in las
            else:
                ok = action in la
        except TypeError:
            ok = False
        if not ok:
            raise IllegalAction(f"illegal action {action!r} in the {self._phase_name(s)} phase")
        s._la = None
        s._las = None
        self._do(s, action)
        return s

    def _phase_name(self, s: JorvikState) -> str:
        from vikingcli_jorvik.state import PHASE_NAMES

        return PHASE_NAMES[s.phase]

    def _do(self, s: JorvikState, a: Any) -> None:
        op = a[0]
        p = s.actor
        ph = s.phase
        if ph == PH_LOAD:
            self._do_load(s, p, a)
            return
        if op in (OP_PLACE, OP_RESERVE):
            if s.bsup[p]:  # committed brown vikings are placed first (interchangeable)
                s.bsup[p] -= 1
                v = p + 8
            else:
                s.vik[p] -= 1
                v = p
            slot = a[1]
            if op == OP_PLACE:
                s.cols[slot].append(v)
            else:
                s.res_cards.append(s.slots[slot])
                s.res_vik.append(v)
                s.slots[slot] = -1
            self._next_placer(s, (p + 1) % s.n)
            return
        if ph == PH_BUY:
            col = s.cols[s.pslot]
            if op == OP_PASS:
                self._return_viking(s, col.pop(0))
                if not col:
                    self._box_card(s, s.slots[s.pslot])
                    s.slots[s.pslot] = -1
                    s.pslot += 1
            else:
                if op == OP_BUY:
                    s.coins[p] -= len(col)
                else:
                    self._use_free(s, p)
                c = s.slots[s.pslot]
                s.slots[s.pslot] = -1
                for v in col:
                    self._return_viking(s, v)
                col.clear()
                self._buy(s, p, c)
                s.pslot += 1
            self._next_purchase(s)
            return
        if ph == PH_RESBUY:
            c = s.res_cards.pop(0)
            v = s.res_vik.pop(0)
            price = len(s.res_cards) + 1
            if op == OP_DISCARD:
                self._box_card(s, c)
            else:
                if op == OP_BUY:
                    s.coins[p] -= price
                else:
                    self._use_free(s, p)
                self._buy(s, p, c)
            self._return_viking(s, v)
            self._next_purchase(s)
            return
        if ph == PH_GLORY:
            if op == OP_GLORY:
                s.pk_glory |= 1 << p
                self._box_own(s, p, d.C_D29)
            s.pk_queue.pop(0)
            if s.pk_queue:
                s.actor = s.pk_queue[0]
                return
            if self._pict_gains(s):
                return
            self._resume_after_pict(s)
            return
        if ph == PH_RANSOM:
            if op == OP_RANSOM:
                s.coins[p] -= d.RANSOM_COINS
                s.pk_glory |= 1 << (p + _RANSOM_BIT)
            s.pk_queue.pop(0)
            if s.pk_queue:
                s.actor = s.pk_queue[0]
                return
            self._pict_losses(s)
            self._resume_after_pict(s)
            return
        if ph == PH_COMMIT:
            k = a[1]
            s.a19_brown -= k
            s.bsup[p] += k
            self._start_placement(s)
            return
        if ph == PH_SWAP:
            if op == OP_SWAP:
                va = self._get_pos(s, a[1])
                vb = self._get_pos(s, a[2])
                self._set_pos(s, a[1], vb)
                self._set_pos(s, a[2], va)
                self._box_own(s, p, d.C_A21)
            self._cleanup(s)
            return
        raise AssertionError(f"unhandled action {a!r}")  # pragma: no cover

    def _do_load(self, s: JorvikState, p: int, a: Any) -> None:
        op = a[0]
        if op == OP_END:
            self._end_load_turn(s)
            return
        if op == OP_PUT:
            self._take_pool(s, a[1])
            self._use_good(s, p, a[1], a[2])
            return
        if op in (OP_RPUT, OP_RWH, OP_RDISCARD):
            g = s.buf.pop(0)
            if op == OP_RPUT:
                self._use_good(s, p, g, a[1])
            elif op == OP_RWH:
                s.swh[p].append(g + 8)  # counts as having entered storage this turn
            else:
                s.cgs[g] += 1
            if not s.buf:
                s.buf_stolen = False
            return
        if op == OP_STORE:
            g = a[1]
            s.pool[g] -= 1
            if a[2] == 0:
                s.sboard[p] = g + 8
            else:
                s.swh[p].append(g + 8)
            return
        if op == OP_TAKE:
            g = a[1]
            if a[2] == 0:
                x = s.sboard[p]
                s.sboard[p] = -1
            else:
                wh = s.swh[p]
                x = g if g in wh else g + 8  # an unflagged one first (never worse)
                wh.remove(x)
            s.pool[x] += 1
            return
        if op in (OP_CONV, OP_CONV2, OP_CASH):
            pay = a[1:4] if op == OP_CONV else a[1:3]
            for g in pay:
                self._take_pool(s, g)
                s.cgs[g] += 1
            if op == OP_CASH:
                s.coins[p] += 1
            else:
                t = a[-1]
                s.cgs[t] -= 1
                s.buf = [t]
                s.buf_stolen = False
            return
        if op == OP_MARKET:
            self._box_own(s, p, d.C_C20)
            s.cgs[a[1]] -= 1
            s.buf = [a[1]]
            s.buf_stolen = False
            return
        if op == OP_REWORK:
            self._box_own(s, p, d.C_D28)
            buf = []
            for i in range(1, len(a), 2):
                self._remove_from_craftsman(s, a[i], a[i + 1])
                buf.append(a[i + 1])
            s.buf = buf
            s.buf_stolen = False
            return
        if op == OP_STEAL:
            self._box_own(s, p, d.C_B24)
            self._remove_from_craftsman(s, a[2], a[3])
            s.buf = [a[3]]
            s.buf_stolen = True
            return
        raise AssertionError(f"unhandled action {a!r}")  # pragma: no cover

    # ------------------------------------------------------------------ queries
    def to_move(self, state: JorvikState) -> int | None:
        return None if state.phase == PH_END else state.actor

    def num_players(self, state: JorvikState) -> int:
        return state.n

    def current_scores(self, state: JorvikState) -> tuple[float, ...]:
        return tuple(float(v) for v in state.vp)

    def outcome(self, state: JorvikState) -> Outcome:
        s = state
        if s.phase != PH_END:
            raise ValueError("jorvik: the game is not over")
        keys = [(s.vp[p], s.coins[p]) for p in range(s.n)]  # tie-break: most coins
        picts = [e for e in s.log if e.get("scoring") == "pict attack"]
        final = dict(s.final or {})
        pict_sum = [sum(e["delta"][p] for e in picts) for p in range(s.n)]
        final_total = final.get("total", [0] * s.n)
        during = [
            s.vp[p] - d.VP_START - pict_sum[p] - final_total[p] for p in range(s.n)
        ]  # oracle sacrifices
        breakdown = {
            "start": [d.VP_START] * s.n,
            "oracles": during,
            "pict_attacks": picts,
            "final": final,
            "coins": list(s.coins),
            "total": list(s.vp),
        }
        return Outcome(
            scores=tuple(float(v) for v in s.vp),
            ranks=ranks_from_keys(keys),
            end_reason="rules",
            breakdown=breakdown,
        )

    # ------------------------------------------------------------------ text
    def format_action(self, state: JorvikState, action: Any) -> str:
        try:
            return ac.action_text(action)
        except (ValueError, IndexError, TypeError, KeyError) as e:
            raise IllegalAction(f"not a jorvik action: {action!r}") from e

    def parse_action(self, state: JorvikState, text: str) -> Any:
        if not isinstance(text, str):
            raise IllegalAction(f"not an action text: {text!r}")
        key = " ".join(text.lower().split())
        legal = self.legal_actions(state)
        for a in legal:
            if ac.action_text(a).lower() == key:
                return a
        shown = [ac.action_text(a) for a in legal[:20]]
        more = f" ... ({len(legal)} in all)" if len(legal) > 20 else ""
        if not legal:
            raise IllegalAction("the game is over")
        raise IllegalAction(f"unknown or illegal action {text!r}; legal: {', '.join(shown)}{more}")

    def rules_text(self) -> str:
        from vikingcli_jorvik.render import RULES_SUMMARY, card_catalogue

        return RULES_SUMMARY + "\n" + ac.SYNTAX + "\n\n" + card_catalogue()

    def render(self, state: JorvikState, seat: int | None) -> str:
        from vikingcli_jorvik.render import render

        return render(state, seat)

    def component_totals(self, state: JorvikState) -> dict[str, int]:
        return component_totals(state)

    def evaluate(self, state: JorvikState, seat: int) -> float:
        from vikingcli_jorvik.heuristic import evaluate

        return evaluate(state, seat)

    # ------------------------------------------------------------------ info sets
    def observation(self, state: JorvikState, seat: int) -> dict[str, Any]:
        s = state
        obs = s.to_json()
        del obs["deck"]
        del obs["bag"]
        # public: the remaining deck contents per season (card list and removals are
        # public, only the order is hidden) and the bag contents (all other goods are
        # visible); not their order.
        obs["deck_count"] = len(s.deck)
        obs["deck_remaining"] = sorted(CARDS[c].cid for c in s.deck)
        bag_counts = [0] * 8
        for g in s.bag:
            bag_counts[g] += 1
        obs["bag_counts"] = bag_counts
        obs["seat"] = seat
        return obs

    def determinize(self, state: JorvikState, seat: int, rng: random.Random) -> JorvikState:
        s = state.clone()
        s._la = None
        s._las = None
        deck = s.deck
        # Pools are sorted before each shuffle so the re-deal depends only on what
        # the seat knows (the seasons' card sets, the bag's contents) and the rng.
        for season in range(4):
            pos = [i for i, c in enumerate(deck) if d.SEASON[c] == season]
            if len(pos) > 1:
                cards = sorted(deck[i] for i in pos)
                rng.shuffle(cards)
                for i, c in zip(pos, cards):
                    deck[i] = c
        s.bag.sort()
        rng.shuffle(s.bag)
        return s

    def to_json(self, state: JorvikState) -> dict[str, Any]:
        return state.to_json()

    def from_json(self, data: Mapping[str, Any]) -> JorvikState:
        return JorvikState.from_json(data, d.N_CARDS)

    def clone(self, state: JorvikState) -> JorvikState:
        return state.clone()
