"""Plain-text rendering of a Jórvík table (80 columns)."""

from __future__ import annotations

from vikingcli_jorvik import data as d
from vikingcli_jorvik.data import CARDS, GOOD_SHORT, KIND
from vikingcli_jorvik.scoring import defence
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
from vikingcli_jorvik.view import WIDTH, card_text, goods_text, wrap


def card_now(s: JorvikState, c: int) -> str:
    """A short description of card c as it lies now."""
    return card_text(c, s.cargo[c], s.fill[c])


def viking_text(v: int) -> str:
    return f"b{v & 7}" if v >= 8 else str(v)


def render(s: JorvikState, seat: int | None) -> str:
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
        out.append(f" {i + 1:>2}   {card_now(s, c):<30} {vik:<23} {price}")
    if s.jarl:
        res = [f"{i + 1}:{card_now(s, s.slots[i])}" for i in range(6, 12) if s.slots[i] >= 0]
        if res:
            out += wrap("Reservable: ", res)
        if s.res_cards:
            k = len(s.res_cards)
            row = [f"{card_now(s, c)} ({viking_text(v)})" for c, v in zip(s.res_cards, s.res_vik)]
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
            out += wrap("  loading: ", [card_now(s, c) for c in s.loading[p]])
        if s.cards[p]:
            out += wrap("  cards: ", [card_now(s, c) for c in s.cards[p]])
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
