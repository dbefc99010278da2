"""Plain-text rendering of a Jórvík table (80 columns) and the rules summary."""

from __future__ import annotations

from vikingcli_jorvik import data as d
from vikingcli_jorvik.data import CARDS, GOOD_SHORT, KIND, NEEDS
from vikingcli_jorvik.state import (
    PH_BUY,
    PH_END,
    PH_GLORY,
    PH_LOAD,
    PH_RANSOM,
    PH_RESBUY,
    PHASE_NAMES,
    JorvikState,
)

WIDTH = 80

RULES_SUMMARY = """\
Jórvík (Stefan Feld, eggertspiele 2016) - 2 to 5 players, option mode=karl|jarl.

Four seasons of cards (winter, spring, summer, autumn) are offered round by round.
Each round:
 1 Supply: the start player fills card slots 1..N+1 (Jarl: also 7..N+7). A ship gets
   goods from the bag. A Pict attack card interrupts: the most defence (warriors)
   gains its left value in VP, the least defence loses its right value.
 2 Demand: in turn order everybody places one viking at a time (Karl 3, Jarl 4) at
   the bottom of a demand column (max 8). Jarl: or reserve a card of slots 7-12.
   Cards without vikings are discarded.
 3 Purchase: slot by slot, the top viking's owner may buy the card for as many coins
   as there are vikings in the column, or pass (the price drops by 1). Jarl: then
   each reserver buys (price = cards left in the reservation row) or discards.
 4 Loading: income 1 (+1 if you bought nothing, +1 in Jarl, +1 with C10). Cards go to
   your card area; unload your ships: put goods on craftsmen (complete ones score
   their VP), sell to traders (coins), sacrifice to oracles (2 VP, Jarl), store
   (1 board space, 4 on the A06 warehouse), exchange 3 goods for 1 from the common
   space (use it at once), or sell 2 goods for 1 coin. Unused goods are lost.
Game end: when only the final attack card is left, it is resolved, then final
scoring: complete craftsmen, traders 1 VP, travels, feasts 2/5/9/14, skalds,
1 VP per good on A06. Most VP wins; tie: most coins. Everybody starts with 10 VP
and 5 coins. Jarl-only cards: oracles, buildings, Loki and defence cards (see spec).
"""


def goods_text(goods: list[int] | tuple[int, ...]) -> str:
    return " ".join(GOOD_SHORT[g] for g in goods) if goods else "-"


def card_text(s: JorvikState, c: int) -> str:
    """A short description of card c as it lies now."""
    card = CARDS[c]
    k = KIND[c]
    if k == d.SHIP:
        return f"{card.cid} ship[{goods_text(s.cargo[c])}]"
    if k == d.CRAFTSMAN:
        f = s.fill[c]
        parts = [GOOD_SHORT[g] + ("+" if (f >> i) & 1 else "-") for i, g in enumerate(NEEDS[c])]
        done = "*" if f == d.FULL_MASK[c] else ""
        return f"{card.cid} craft{card.vp}{done}[{' '.join(parts)}]"
    if k == d.TRADER:
        return f"{card.cid} trader {GOOD_SHORT[card.goods[0]]}>{card.coins}c"
    if k == d.ORACLE:
        return f"{card.cid} oracle {GOOD_SHORT[card.goods[0]]}>2VP"
    if k == d.WARRIOR:
        return f"{card.cid} warrior {card.defence}"
    if k == d.TRAVEL:
        return f"{card.cid} travel {card.vp}VP"
    if k == d.SKALD:
        return f"{card.cid} skald/{d.SKALD_NAMES[card.skald]}"
    if k == d.PICT:
        return f"{card.cid} Picts +{card.gain}/-{card.loss}"
    return f"{card.cid} {d.KIND_NAMES[k]}"


def wrap(prefix: str, items: list[str], indent: int = 4) -> list[str]:
    lines: list[str] = []
    cur = prefix
    for it in items:
        sep = "" if cur == prefix else " | "
        if len(cur) + len(sep) + len(it) > WIDTH - 1 and cur != prefix:
            lines.append(cur)
            cur = " " * indent + it
        else:
            cur += sep + it
    lines.append(cur)
    return lines


def viking_text(v: int) -> str:
    return f"b{v & 7}" if v >= 8 else str(v)


def render(s: JorvikState, seat: int | None) -> str:
    from vikingcli_jorvik.rules import defence

    n = s.n
    out: list[str] = []
    mode = "Jarl" if s.jarl else "Karl"
    season = d.SEASON_NAMES[d.SEASON[s.deck[-1]]] if s.deck else "end"
    head = f"Jórvík ({mode}, {n}p) round {s.round_no}  phase: {PHASE_NAMES[s.phase]}"
    if s.phase != PH_END:
        head += f"  to move: seat {s.actor}"
    out.append(head)
    # the season and the cards left before the next Pict attack (the deck order is
    # hidden: show how many cards of the current season are left, and whether its
    # Pict attack is still among them)
    if s.deck:
        cur = d.SEASON[s.deck[-1]]
        left = sum(1 for c in s.deck if d.SEASON[c] == cur)
        pict_left = any(KIND[c] == d.PICT and d.SEASON[c] == cur for c in s.deck)
        note = "its Pict attack is among them" if pict_left else "its Pict attack is over"
        if cur == d.FINAL:
            note = "only the final Pict attack is left"
        out.append(f"Deck {len(s.deck)} cards; season {season}: {left} left, {note}.")
    out.append(f"Start player: seat {s.start}.  Bag: {len(s.bag)} goods.")
    out.append(f"Common goods: {cgs_text(s.cgs)}")
    # slots and columns
    if any(c >= 0 for c in s.slots[:6]):
        out.append("Slots  card                           column (top first)      price")
    for i in range(6):
        c = s.slots[i]
        if c < 0:
            continue
        col = s.cols[i]
        price = str(len(col)) if col else "-"
        vik = " ".join(viking_text(v) for v in col) or "-"
        out.append(f" {i + 1:>2}   {card_text(s, c):<30} {vik:<23} {price}")
    if s.jarl:
        res = [f"{i + 1}:{card_text(s, s.slots[i])}" for i in range(6, 12) if s.slots[i] >= 0]
        if res:
            out += wrap("Reservable: ", res)
        if s.res_cards:
            k = len(s.res_cards)
            row = [f"{card_text(s, c)} ({viking_text(v)})" for c, v in zip(s.res_cards, s.res_vik)]
            out += wrap(f"Reservations (price {k}): ", row)
    # players
    for p in range(n):
        mark = []
        if p == seat:
            mark.append("you")
        if p == s.start:
            mark.append("start")
        tag = f" ({', '.join(mark)})" if mark else ""
        vik = f"{s.vik[p]}"
        if s.bsup[p]:
            vik += f"+{s.bsup[p]} brown"
        if d.C_A19 in s.cards[p] and s.a19_brown:
            vik += f" ({s.a19_brown} brown on A19)"
        out.append(
            f"Seat {p}{tag}: VP {s.vp[p]}  coins {s.coins[p]}  vikings {vik}  "
            f"defence {defence(s, p)}"
        )
        if s.loading[p]:
            out += wrap("  loading: ", [card_text(s, c) for c in s.loading[p]])
        if s.cards[p]:
            out += wrap("  cards: ", [card_text(s, c) for c in s.cards[p]])
        store = []
        if s.sboard[p] >= 0:
            store.append(f"board {GOOD_SHORT[s.sboard[p] & 7]}")
        if d.C_A06 in s.cards[p]:
            store.append(f"A06 [{goods_text([x & 7 for x in s.swh[p]])}]")
        if store:
            out.append("  storage: " + ", ".join(store))
    if s.phase == PH_LOAD:
        pool = [g for g in range(8) for _ in range(s.pool[g] + s.pool[g + 8])]
        out.append(f"Seat {s.actor} pool: {goods_text(pool)}")
        if s.buf:
            extra = " (stolen)" if s.buf_stolen else ""
            out.append(f"  use at once{extra}: {goods_text(s.buf)}")
    elif s.phase in (PH_GLORY, PH_RANSOM):
        card = CARDS[s.pk_card]
        win = [p for p in range(n) if (s.pk_win >> p) & 1]
        lose = [p for p in range(n) if (s.pk_lose >> p) & 1]
        out.append(
            f"Pict attack {card.cid} (+{card.gain}/-{card.loss}): most defence {win}, least {lose}"
        )
    elif s.phase == PH_BUY:
        out.append(f"Purchase: slot {s.pslot + 1}, price {len(s.cols[s.pslot])}")
    elif s.phase == PH_RESBUY:
        out.append(f"Purchase: reservation, price {len(s.res_cards)}")
    if s.log and s.phase != PH_END:
        e = s.log[-1]
        dfs = "/".join(str(x) for x in e["defence"])
        dvp = "/".join(f"{x:+d}" for x in e["delta"])
        out.append(f"Last Pict attack {e['card']} (round {e['round']}): defence {dfs}, VP {dvp}")
    if s.phase == PH_END and s.final:
        out.append("Final scoring: " + "  ".join(f"seat {p}: {s.vp[p]}" for p in range(n)))
    return "\n".join(line[:WIDTH] for line in out)


def cgs_text(cgs: list[int]) -> str:
    parts = [f"{GOOD_SHORT[g]} {cgs[g]}" for g in range(8) if cgs[g]]
    return ", ".join(parts) if parts else "none"


def card_catalogue() -> str:
    """Every card with its id (actions name cards by id); J = Jarl game only."""
    from vikingcli_jorvik.state import JorvikState

    blank = JorvikState.__new__(JorvikState)
    blank.cargo = [()] * d.N_CARDS
    blank.fill = [0] * d.N_CARDS
    lines = [
        "Goods: " + ", ".join(f"{GOOD_SHORT[g]} {d.GOOD_NAMES[g]}" for g in range(8)),
        "Cards (J = Jarl only; craftsman goods: - = space still empty):",
    ]
    for season in range(5):
        items = []
        for c in CARDS:
            if c.season != season:
                continue
            text = card_text(blank, c.idx)
            if c.kind == d.SHIP:
                text = f"{c.cid} ship {c.capacity}"
            items.append(text + (" J" if c.jarl_only else ""))
        lines += wrap(f"{d.SEASON_NAMES[season]}: ", items)
    return "\n".join(lines)
