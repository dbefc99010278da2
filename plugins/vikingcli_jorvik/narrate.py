"""What a move tells the table (the engine's ``narrate``): the move, then every
automatic step the rules applied after it.

Everything in Jórvík is open information except the order of the deck and of the
bag (docs/rules/jorvik.md §6.1), so every seat and a spectator are told the same.
The lines are worked out by comparing the state before and after the move; the
deck and the bag are only ever compared as sets (which cards, how many goods left
them), never by their order, so no narration tells more than the observation.

The automatic steps, in the order the rules run them (``rules/__init__.py``):
a Pict attack that waited for Glory / Ransom decisions is resolved; the demand
phase ends (brown vikings back to A19, cards nobody wants discarded, the demand
result); a loading turn begins (income, cards moved, ships unloaded); the round
ends (Mjölnir passes); a new round deals the slots and resolves Pict attacks; the
game ends (E01, final scoring).
"""

from __future__ import annotations

import re
from typing import Any

from vikingcli.engine import seat_ref
from vikingcli_jorvik import data as D
from vikingcli_jorvik import state as S
from vikingcli_jorvik.actions import action_text, pos_text
from vikingcli_jorvik.data import CARDS, GOOD_NAMES, KIND
from vikingcli_jorvik.rules import encoding as E
from vikingcli_jorvik.scoring import FINAL_CATEGORIES, defence
from vikingcli_jorvik.view import card_text, goods_text

WIDTH = 70  # the host indents consequence lines by 8 columns
NAME_ROOM = 10
"""The columns a seat's name is given when a line is measured: the host puts the
name in place of its 4-character ``seat_ref`` after the line is made, and a line
it finds too long it breaks again (a lone word on a row of its own)."""
SEAT_REF = re.compile(r"\{p\d+\}")


def shown_len(text: str) -> int:
    """The columns ``text`` takes once the host has put the seats' names in."""
    return len(text) + sum(NAME_ROOM - len(m) for m in SEAT_REF.findall(text))
DEMAND_PHASES = (S.PH_COMMIT, S.PH_DEMAND, S.PH_SWAP)
PICT_PHASES = (S.PH_GLORY, S.PH_RANSOM)


def narrate(before: S.State, action: E.Move, after: S.State) -> list[str]:
    """The move's text, then what it did and every automatic step after it (the same
    for every seat and for spectators: only the deck and bag orders are secret)."""
    lines = [action_text(action)]
    lines += move_lines(before, action, after)
    lines += flow_lines(before, action, after)
    return lines


# ---------------------------------------------------------------------- small texts


def who(p: int) -> str:
    return seat_ref(p)


def card_then(s: S.State, c: int) -> str:
    """Card c as it lies in s (with a ship's goods, a craftsman's filled spaces)."""
    return card_text(c, s.cargo[c], s.fill[c])


def plural(k: int, word: str) -> str:
    return f"{k} {word}" if k == 1 else f"{k} {word}s"


def joined(prefix: str, items: list[str]) -> list[str]:
    """``prefix`` and the items joined by ", " in lines of at most WIDTH columns."""
    lines: list[str] = []
    cur = prefix
    for i, item in enumerate(items):
        sep = ", " if i else ""
        if cur != prefix and shown_len(cur + sep + item) > WIDTH:
            lines.append(cur + ",")
            cur = "  " + item
        else:
            cur += sep + item
    lines.append(cur)
    return lines


def new_boxed(before: S.State, after: S.State) -> list[int]:
    """Cards put in the box by this move, in order (the box only grows)."""
    return after.box[len(before.box) :]


# ---------------------------------------------------------------------- the move itself


def move_lines(before: S.State, a: E.Move, after: S.State) -> list[str]:
    p = before.actor
    ph = before.phase
    op = a[0]
    if ph == S.PH_GLORY:
        if op == E.OP_GLORY:
            gain = CARDS[before.pk_card].gain
            return [f"{who(p)} uses Glory (D29, to the box): gains {2 * gain} VP, not {gain}"]
        return []
    if ph == S.PH_RANSOM:
        if op == E.OP_RANSOM:
            return [f"{who(p)} pays {D.RANSOM_COINS} coins of ransom (C22) and loses no VP"]
        return []
    if ph == S.PH_COMMIT:
        assert op == E.OP_COMMIT
        return [
            f"{who(p)} commits {plural(a[1], 'brown viking')} from A19"
            f" ({before.a19_brown - a[1]} left on it)"
        ]
    if ph == S.PH_DEMAND:
        return place_lines(before, a)
    if ph == S.PH_SWAP:
        return swap_lines(before, a)
    if ph == S.PH_BUY:
        return buy_lines(before, a, after)
    if ph == S.PH_RESBUY:
        return resbuy_lines(before, a, after)
    if ph == S.PH_LOAD:
        return load_lines(before, a, after)
    return []  # pragma: no cover


def place_lines(before: S.State, a: E.Move) -> list[str]:
    p = before.actor
    brown = "a brown viking" if before.bsup[p] else "a viking"
    slot = a[1]
    c = before.slots[slot]
    if a[0] == E.OP_PLACE:
        price = len(before.cols[slot]) + 1
        return [
            f"{who(p)} puts {brown} in column {slot + 1} under {card_then(before, c)}"
            f" (price now {price})"
        ]
    k = len(before.res_cards) + 1
    return [
        f"{who(p)} reserves {card_then(before, c)} from slot {slot + 1} with {brown} ({k} reserved)"
    ]


def viking_at(s: S.State, pos: int) -> tuple[int, str]:
    """(viking, where) of a swap position."""
    if pos >= E.RES_BASE:
        i = pos - E.RES_BASE
        return s.res_vik[i], f"reservation {i + 1} ({CARDS[s.res_cards[i]].cid})"
    col, i = divmod(pos, 8)
    return s.cols[col][i], f"column {col + 1} place {i + 1} ({CARDS[s.slots[col]].cid})"


def viking_name(v: int) -> str:
    return f"{who(v & 7)}'s brown viking" if v >= 8 else f"{who(v)}'s viking"


def swap_lines(before: S.State, a: E.Move) -> list[str]:
    if a[0] != E.OP_SWAP:
        return []
    va, wa = viking_at(before, a[1])
    vb, wb = viking_at(before, a[2])
    return [
        f"{who(before.actor)} uses Loki A21 (to the box): swaps"
        f" {viking_name(va)} at {wa} ({pos_text(a[1])})",
        f"  with {viking_name(vb)} at {wb} ({pos_text(a[2])})",
    ]


def purchase_effects(before: S.State, p: int, c: int) -> list[str]:
    """The on-purchase effect of card c bought by p (spec §5.3)."""
    k = KIND[c]
    if k == D.TREASURE:
        return [f"{who(p)} takes {D.TREASURE_COINS} coins with the treasure {CARDS[c].cid}"]
    if k == D.TRIBUTE:
        payers = [
            who((p + i) % before.n) for i in range(1, before.n) if before.coins[(p + i) % before.n]
        ]
        if not payers:
            return [f"tribute {CARDS[c].cid}: nobody has a coin to pay"]
        return joined(f"tribute {CARDS[c].cid}: 1 coin to {who(p)} from ", payers)
    if k == D.HIREDHANDS:
        return [f"{plural(D.BROWN_VIKINGS, 'brown viking')} are put on A19"]
    return []


def returning_lines(before: S.State, after: S.State, vikings: list[int]) -> list[str]:
    """Vikings leaving a column or the reservation row: own ones go home, brown ones
    to the box (and A19 with them once both are boxed)."""
    out = []
    brown = sum(1 for v in vikings if v >= 8)
    if brown:
        out.append(f"{plural(brown, 'brown viking')} to the box")
    owned = any(D.C_A19 in before.cards[q] or D.C_A19 in before.loading[q] for q in range(before.n))
    if owned and D.C_A19 in new_boxed(before, after):
        out.append("both brown vikings are in the box: A19 goes to the box too")
    return out


def buy_lines(before: S.State, a: E.Move, after: S.State) -> list[str]:
    p = before.actor
    i = before.pslot
    c = before.slots[i]
    col = before.cols[i]
    op = a[0]
    if op == E.OP_PASS:
        out = [f"{who(p)} passes on {card_then(before, c)} (column {i + 1}, price {len(col)})"]
        if len(col) == 1:
            out.append(discard_text(before, c, f"nobody bought {CARDS[c].cid}"))
        else:
            out.append(f"next: {who(col[1] & 7)} at price {len(col) - 1}")
        out += returning_lines(before, after, [col[0]])
        return out
    if op == E.OP_BUY:
        paid = f"for {plural(len(col), 'coin')}"
    else:
        assert op == E.OP_FREE
        paid = "for free with B22 (to the box)"
    out = [f"{who(p)} buys {card_then(before, c)} from column {i + 1} {paid}"]
    out += purchase_effects(before, p, c)
    others = col[1:]
    if others:
        out += joined("back from the column: ", [viking_name(v) for v in others])
    out += returning_lines(before, after, col)
    return out


def resbuy_lines(before: S.State, a: E.Move, after: S.State) -> list[str]:
    p = before.actor
    c = before.res_cards[0]
    v = before.res_vik[0]
    price = len(before.res_cards)
    op = a[0]
    if op == E.OP_BUY:
        out = [f"{who(p)} buys the reserved {card_then(before, c)} for {plural(price, 'coin')}"]
    elif op == E.OP_FREE:
        out = [f"{who(p)} buys the reserved {card_then(before, c)} for free with B22 (to the box)"]
    else:
        out = [discard_text(before, c, f"{who(p)} discards the reserved {CARDS[c].cid}")]
    if op in (E.OP_BUY, E.OP_FREE):
        out += purchase_effects(before, p, c)
    out += returning_lines(before, after, [v])
    return out


def discard_text(s: S.State, c: int, head: str) -> str:
    goods = s.cargo[c]
    extra = f"; its goods {goods_text(goods)} go to the common goods" if goods else ""
    return f"{head}: to the box{extra}"


def good_use(before: S.State, after: S.State, p: int, g: int, c: int) -> list[str]:
    """Good g used on own card c (craftsman space, trader sale, oracle)."""
    k = KIND[c]
    name = GOOD_NAMES[g]
    card = CARDS[c]
    if k == D.CRAFTSMAN:
        if after.fill[c] == D.FULL_MASK[c]:
            return [f"{card.cid} is complete: {card.vp} VP at the final scoring"]
        return []
    if k == D.TRADER:
        return [f"{who(p)} sells {name} to {card.cid}: +{plural(card.coins, 'coin')}"]
    return [f"{who(p)} sacrifices {name} at the oracle {card.cid}: +{D.ORACLE_VP} VP"]


def load_lines(before: S.State, a: E.Move, after: S.State) -> list[str]:
    p = before.actor
    op = a[0]
    if op == E.OP_PUT:
        return good_use(before, after, p, a[1], a[2])
    if op == E.OP_RPUT:
        g = before.buf[0]
        return [f"{GOOD_NAMES[g]} goes to {CARDS[a[1]].cid}", *good_use(before, after, p, g, a[1])]
    if op == E.OP_RWH:
        return [f"{GOOD_NAMES[before.buf[0]]} goes to the warehouse A06"]
    if op == E.OP_RDISCARD:
        return [f"{GOOD_NAMES[before.buf[0]]} goes to the common goods"]
    if op == E.OP_CASH:
        return [f"{who(p)} pays {GOOD_NAMES[a[1]]} and {GOOD_NAMES[a[2]]} for 1 coin"]
    if op in (E.OP_CONV, E.OP_CONV2):
        paid = [GOOD_NAMES[g] for g in a[1:-1]]
        how = "" if op == E.OP_CONV else " (A20)"
        return [f"{who(p)} pays {', '.join(paid)}{how} for {GOOD_NAMES[a[-1]]}, to be used at once"]
    if op == E.OP_MARKET:
        return [f"{who(p)} uses the market stall C20 (to the box): {GOOD_NAMES[a[1]]}"
                " from the common goods, to be used at once"]  # fmt: skip
    if op == E.OP_REWORK:
        taken = [f"{GOOD_NAMES[a[i + 1]]} off {CARDS[a[i]].cid}" for i in range(1, len(a), 2)]
        return joined(f"{who(p)} uses D28 (to the box), to be used at once: ", taken)
    if op == E.OP_STEAL:
        q, c, g = a[1], a[2], a[3]
        return [
            f"{who(p)} uses the thief B24 (to the box): takes {GOOD_NAMES[g]}"
            f" off {who(q)}'s {CARDS[c].cid}"
        ]
    if op == E.OP_END:
        return end_turn_lines(before, p)
    return []  # store / take: the action text says it all


def end_turn_lines(before: S.State, p: int) -> list[str]:
    out = []
    left = [g for g in range(8) for _ in range(before.pool[g] + before.pool[g + 8])]
    if left:
        out.append(f"unused goods to the common goods: {goods_text(left)}")
    ships = [CARDS[c].cid for c in before.loading[p]]
    if ships:
        out += joined(f"to {who(p)}'s card area: ", ships)
    return out


# ---------------------------------------------------------------------- automatic steps


def flow_lines(before: S.State, a: E.Move, after: S.State) -> list[str]:
    out: list[str] = []
    entries = after.log[len(before.log) :]
    if before.phase in PICT_PHASES:
        if entries:  # the waiting attack is resolved
            out += pict_lines(entries[0])
            entries = entries[1:]
        elif after.phase == S.PH_RANSOM and before.phase == S.PH_GLORY:
            out += gains_lines(after)
    if before.phase in DEMAND_PHASES and after.phase not in DEMAND_PHASES:
        out += demand_end_lines(before, a, after)
    if after.phase == S.PH_LOAD and (before.phase != S.PH_LOAD or before.actor != after.actor):
        out += loading_start_lines(before, a, after)
    if before.phase == S.PH_LOAD and a[0] == E.OP_END and before.lpos + 1 == before.n:
        out.append(f"round {before.round} is over: Mjölnir passes to {who(after.start)}")
        if after.round != before.round:
            out.append(f"round {after.round} begins")
    out += dealt_lines(before, after)
    final_attack = after.phase == S.PH_OVER or (
        after.phase in PICT_PHASES and after.pk_ctx == S.CTX_FINAL
    )
    if final_attack and before.phase not in PICT_PHASES:
        out.append("the game ends: the final Pict attack E01, then the final scoring")
    for e in entries:
        out += pict_lines(e)
    if after.phase in PICT_PHASES and (
        before.phase not in PICT_PHASES or before.pk_card != after.pk_card
    ):
        out += pending_pict_lines(after)
    if after.phase == S.PH_OVER:
        out += final_lines(after)
    return out


def demand_end_lines(before: S.State, a: E.Move, after: S.State) -> list[str]:
    out: list[str] = []
    if before.phase != S.PH_SWAP:
        committed = a[1] if a[0] == E.OP_COMMIT else 0
        back = after.a19_brown - (before.a19_brown - committed)
        if back > 0:
            out.append(f"{plural(back, 'committed brown viking')} found no space: back on A19")
        out.append("the demand phase is over")
    if after.phase == S.PH_SWAP:
        return out
    gone = [c for c in new_boxed(before, after) if c in before.slots]
    if gone:
        items = [card_then(before, c) for c in gone]
        out += joined("nobody wants (to the box): ", items)
        goods = [g for c in gone for g in before.cargo[c]]
        if goods:
            out.append(f"their goods go to the common goods: {goods_text(goods)}")
    out += demand_result_lines(after)
    return out


def demand_result_lines(s: S.State) -> list[str]:
    """Who may buy what, and in which order (the columns top first)."""
    out = []
    for i in range(6):
        c = s.slots[i]
        if c < 0 or not s.cols[i]:
            continue
        order = [viking_name(v) for v in s.cols[i]]
        out += joined(f"column {i + 1} {CARDS[c].cid}, price {len(order)}: ", order)
    if s.res_cards:
        items = [f"{CARDS[c].cid} ({who(v & 7)})" for c, v in zip(s.res_cards, s.res_vik)]
        out += joined(f"reserved, prices {len(items)} down to 1: ", items)
    return out


def bought_now(before: S.State, a: E.Move) -> tuple[int, int] | None:
    """(seat, card) of a purchase made by this move, if it is one."""
    if a[0] not in (E.OP_BUY, E.OP_FREE):
        return None
    if before.phase == S.PH_BUY:
        return before.actor, before.slots[before.pslot]
    if before.phase == S.PH_RESBUY:
        return before.actor, before.res_cards[0]
    return None


def loading_start_lines(before: S.State, a: E.Move, after: S.State) -> list[str]:
    """Spec §3.4 steps 1-3 for the seat whose loading turn began in this move."""
    q = after.actor
    moved = [c for c in after.cards[q] if c not in before.cards[q]]
    mine = set(before.loading[q])
    bought = bought_now(before, a)
    if bought is not None and bought[0] == q:
        mine.add(bought[1])
    spent = [c for c in new_boxed(before, after) if c in mine]  # treasure, tribute
    ships = list(after.loading[q])
    held = bool(moved or spent or ships)  # the loading area when the turn began
    # the income rule (rules/loading.py begin_load_turn)
    income = (1 if held else 2) + (1 if after.advanced else 0)
    if D.C_C10 in after.cards[q] or D.C_C10 in after.loading[q]:
        income += 1
    why = "bought cards" if held else "bought nothing"
    out = [
        f"{who(q)}'s loading turn: income {plural(income, 'coin')} ({why})"
        f", now {plural(after.coins[q], 'coin')}"
    ]
    if moved:
        out += joined(f"to {who(q)}'s card area: ", [CARDS[c].cid for c in moved])
    if spent:
        out += joined("spent (to the box): ", [CARDS[c].cid for c in spent])
    pool = [g for g in range(8) for _ in range(after.pool[g] + after.pool[g + 8])]
    if ships:
        unloaded = [f"{CARDS[c].cid} [{goods_text(before.cargo[c])}]" for c in ships]
        out += joined("ships unloaded: ", unloaded)
    if pool:
        out.append(f"{who(q)}'s pool: {goods_text(pool)}")
    return out


def dealt_lines(before: S.State, after: S.State) -> list[str]:
    """Cards dealt into the slots (the order among the Pict attacks is not told:
    the observation does not keep it)."""
    dealt = [i for i in range(12) if after.slots[i] >= 0 and after.slots[i] != before.slots[i]]
    if not dealt:
        return []
    out: list[str] = []
    demand = [f"{i + 1} {card_then(after, after.slots[i])}" for i in dealt if i < 6]
    reserve = [f"{i + 1} {card_then(after, after.slots[i])}" for i in dealt if i >= 6]
    if demand:
        out += joined("dealt: ", demand)
    if reserve:
        out += joined("dealt, reservable: ", reserve)
    if not after.bag and before.bag:
        out.append("the bag is empty")
    return out


def pict_head(cid: str, defs: list[int], n: int) -> str:
    card = CARDS[D.BY_ID[cid]]
    stand = ", ".join(f"{who(p)} {defs[p]}" for p in range(n))
    return f"Pict attack {cid} (+{card.gain}/-{card.loss}), defence: {stand}"


def pict_lines(e: dict[str, Any]) -> list[str]:
    """A resolved Pict attack, from its log entry."""
    defs = e["defence"]
    n = len(defs)
    out = [pict_head(e["card"], defs, n)]
    if max(defs) == min(defs):
        out.append("equal defence everywhere: nobody gains or loses")
        return out
    items = []
    for p in range(n):
        delta = e["delta"][p]
        if p in e["glory"]:
            items.append(f"{who(p)} {delta:+d} VP (Glory)")
        elif p in e["ransom"]:
            items.append(f"{who(p)} ransom paid, no loss")
        elif delta:
            items.append(f"{who(p)} {delta:+d} VP")
    out += joined("result: ", items)
    return out


def gains_lines(s: S.State) -> list[str]:
    items = [
        f"{who(p)} {s.pk_delta[p]:+d} VP" + (" (Glory)" if (s.pk_glory >> p) & 1 else "")
        for p in range(s.n)
        if s.pk_delta[p]
    ]
    return joined(f"Pict attack {CARDS[s.pk_card].cid}, gains: ", items) if items else []


def pending_pict_lines(s: S.State) -> list[str]:
    """A Pict attack that came up and now waits for a Glory or Ransom decision."""
    n = s.n
    out = [pict_head(CARDS[s.pk_card].cid, [defence(s, p) for p in range(n)], n)]
    most = [who(p) for p in range(n) if (s.pk_win >> p) & 1]
    least = [who(p) for p in range(n) if (s.pk_lose >> p) & 1]
    out.append(f"most defence: {', '.join(most)}; least: {', '.join(least)}")
    if s.phase == S.PH_RANSOM:
        out += gains_lines(s)
        out.append(f"{who(s.actor)} may pay a ransom (C22)")
    else:
        out.append(f"{who(s.actor)} may use Glory (D29)")
    return out


def final_lines(s: S.State) -> list[str]:
    """The end of the game: every seat's final scoring items (spec §4.2)."""
    final = s.final or {}
    out = ["final scoring"]
    for i in range(s.n):
        p = (s.start + i) % s.n
        items = [f"{k} {final[k][p]}" for k in FINAL_CATEGORIES if final[k][p]]
        total = final["total"][p]
        body = ", ".join(items) if items else "nothing"
        out.append(f"{who(p)}: {body}: +{total} VP, {s.vp[p]} VP in all")
    return out
