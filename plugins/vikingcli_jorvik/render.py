"""Plain-text rendering of a Jórvík table: the default board (at most about 20 lines of
80 columns) and the look-ups behind it (``legend``, ``cards``, ``scores``).

Seats are named with :func:`vikingcli.engine.seat_ref` (the host puts the seat's name
there) and numbered from 1: the demand columns show the number of each viking's seat.
"""

from __future__ import annotations

from vikingcli.engine import DETAIL, THREAT, seat_ref
from vikingcli_jorvik import data as D
from vikingcli_jorvik import state as S
from vikingcli_jorvik.data import BY_ID, CARDS, GOOD_NAMES, GOOD_SHORT, KIND
from vikingcli_jorvik.scoring import defence
from vikingcli_jorvik.view import WIDTH, card_help, card_text, goods_text, wrap


def coins(k: int) -> str:
    """``1 coin``, ``2 coins``."""
    return f"{k} coin" if k == 1 else f"{k} coins"

YOUR_CARD_LINES = 2  # the viewer's cards on the default board; 'cards' shows all

VIEWS = "legend | cards | cards N | board N | scores | card ID (what it does)"


def card_now(s: S.State, c: int) -> str:
    """A short description of card c as it lies now."""
    return card_text(c, s.cargo[c], s.fill[c])


def viking_text(v: int) -> str:
    """A viking in a column: its seat's number (1-based), ``b2`` for a brown one."""
    return f"b{(v & 7) + 1}" if v >= 8 else str(v + 1)


def seat_name(p: int, seat: int | None) -> str:
    """``2 {p1}``, with ``(you)`` for the viewer."""
    return f"{p + 1} {seat_ref(p)}" + (" (you)" if p == seat else "")


def season_text(s: S.State) -> str:
    """The season and the cards left before the next Pict attack (the deck order is
    hidden: how many cards of the current season are left, and whether its Pict
    attack is still among them)."""
    if not s.deck:
        return "Deck empty"
    cur = D.SEASON[s.deck[-1]]
    left = sum(1 for c in s.deck if D.SEASON[c] == cur)
    pict_left = any(KIND[c] == D.PICT and D.SEASON[c] == cur for c in s.deck)
    # what an attack did is in the log, unless it came with the first deal (before
    # any move): 'scores' lists every attack
    note = "its Pict attack still to come" if pict_left else "its Pict attack is over ('scores')"
    if cur == D.FINAL:
        note = "only the final Pict attack is left"
    return f"Deck {len(s.deck)}: {D.SEASON_NAMES[cur]} {left} left, {note}"


def render(s: S.State, seat: int | None) -> str | list[tuple[str, str]]:
    """The board; as fragments when a line threatens the viewer (see :func:`threatened`)."""
    mode = "Jarl" if s.advanced else "Karl"
    head = f"Jórvík {mode}, round {s.round}, {S.PHASE_NAMES[s.phase]} phase"
    if s.phase != S.PH_OVER:
        head += f"; to move: {seat_name(s.actor, seat)}"
    out = [head, f"{season_text(s)}.  Bag {len(s.bag)} goods.", f"Common goods: {cgs_text(s.cgs)}"]
    out += slot_lines(s)
    out += seat_lines(s, seat)
    # what a short screen may fold, the last first: the deck, the common goods,
    # the slots' head, the reserved row and the viewer's cards past the first line
    # ('board' and 'cards' show them); never a threat, a slot (a choice) or a seat
    heads = ("Slot card", "Reserved")
    detail = {1, 2, *(i for i, line in enumerate(out) if line.startswith(heads))}
    if seat is not None:
        cards = your_cards(s, seat)
        detail |= set(range(len(out) + 1, len(out) + len(cards)))
        out += cards
    out += phase_lines(s, seat)
    lines = [line[: WIDTH - 1] for line in out]
    marked = threatened(s, seat, lines)
    detail -= marked
    last = len(lines) - 1
    styles = [THREAT if i in marked else DETAIL if i in detail else "" for i in range(last + 1)]
    return [(styles[i], line + ("\n" if i < last else "")) for i, line in enumerate(lines)]


def threatened(s: S.State, seat: int | None, lines: list[str]) -> set[int]:
    """The board lines that warn the viewer: a Pict attack still to come this season
    while their defence is the least and another's is more (the least defence loses
    VP), and an attack being resolved that they lose."""
    if seat is None:
        return set()
    marked = set()
    cur = D.SEASON[s.deck[-1]] if s.deck else -1
    coming = any(KIND[c] == D.PICT and D.SEASON[c] == cur for c in s.deck)
    defences = [defence(s, p) for p in range(s.n)]
    if coming and defences[seat] == min(defences) < max(defences):
        marked.add(1)  # the deck line, which tells the attack is still to come
    if s.phase in (S.PH_GLORY, S.PH_RANSOM) and (s.pk_lose >> seat) & 1:
        marked |= {i for i, line in enumerate(lines) if line.startswith("  least defence")}
    return marked


def slot_lines(s: S.State) -> list[str]:
    """The card slots 1-6 with their demand columns; Jarl: the reservable slots 7-12
    and the reservation row."""
    out: list[str] = []
    if any(c >= 0 for c in s.slots[:6]):
        out.append("Slot card                            vikings (top first)      price")
    for i in range(6):
        c = s.slots[i]
        if c < 0:
            continue
        col = s.cols[i]
        price = str(len(col)) if col else "-"
        vik = " ".join(viking_text(v) for v in col) or "-"
        out.append(f" {i + 1:>2}  {card_now(s, c):<31} {vik:<24} {price}")
    if s.advanced:
        res = [f"{i + 1}:{card_now(s, s.slots[i])}" for i in range(6, 12) if s.slots[i] >= 0]
        if res:
            out += wrap("Reservable: ", res)
        if s.res_cards:
            k = len(s.res_cards)
            row = [f"{CARDS[c].cid} ({viking_text(v)})" for c, v in zip(s.res_cards, s.res_vik)]
            out.append(f"Reserved, next price {k}: {'  '.join(row)}")
    return out


def vikings_text(s: S.State, p: int) -> str:
    """Vikings left to place: ``3``, or ``2+1b`` with committed brown ones."""
    return f"{s.vik[p]}+{s.bsup[p]}b" if s.bsup[p] else str(s.vik[p])


def stored_text(s: S.State, p: int) -> str:
    """The goods on the board storage space and on the A06 warehouse."""
    parts = []
    if s.sboard[p] >= 0:
        parts.append(GOOD_SHORT[s.sboard[p] & 7])
    if D.C_A06 in s.cards[p]:
        parts.append(f"A06[{goods_text([x & 7 for x in s.swh[p]])}]")
    return " ".join(parts) or "-"


def seat_lines(s: S.State, seat: int | None) -> list[str]:
    out = ["    VP coins vik def cards stored        seat"]
    for p in range(s.n):
        marks = [m for m, on in (("you", p == seat), ("start", p == s.start)) if on]
        tag = f" ({', '.join(marks)})" if marks else ""
        owned = len(s.cards[p]) + len(s.loading[p])
        out.append(
            f"{p + 1:>2} {s.vp[p]:>3} {s.coins[p]:>5} {vikings_text(s, p):>3} "
            f"{defence(s, p):>3} {owned:>5} {stored_text(s, p):<13} {seat_ref(p)}{tag}"
        )
    return out


def useful(c: int) -> bool:
    """Cards that take goods (what a player plans with every move)."""
    return KIND[c] in (D.CRAFTSMAN, D.TRADER, D.ORACLE)


def your_cards(s: S.State, seat: int) -> list[str]:
    """The viewer's cards that take goods, at most YOUR_CARD_LINES lines."""
    mine = s.loading[seat] + s.cards[seat]
    items = [card_now(s, c) for c in mine if useful(c)]
    others = len(mine) - len(items)
    if others:
        items.append(f"+{others} other ('cards')")
    if not mine:
        return []
    lines = wrap("Your cards: ", items)
    if len(lines) > YOUR_CARD_LINES:
        lines = lines[:YOUR_CARD_LINES]
        lines[-1] = lines[-1][: WIDTH - 12] + " ... 'cards'"
    return lines


def phase_lines(s: S.State, seat: int | None) -> list[str]:
    """What the decision now is about."""
    out: list[str] = []
    who = seat_name(s.actor, seat)
    if s.phase == S.PH_LOAD:
        pool = [g for g in range(8) for _ in range(s.pool[g] + s.pool[g + 8])]
        out.append(f"Goods to unload for {who}: {goods_text(pool)}")
        if s.buf:
            extra = " (stolen)" if s.buf_stolen else ""
            out.append(f"  to use at once{extra}: {goods_text(s.buf)}")
    elif s.phase in (S.PH_GLORY, S.PH_RANSOM):
        card = CARDS[s.pk_card]
        win = ", ".join(seat_ref(p) for p in range(s.n) if (s.pk_win >> p) & 1) or "nobody"
        lose = ", ".join(seat_ref(p) for p in range(s.n) if (s.pk_lose >> p) & 1) or "nobody"
        out.append(f"Pict attack {card.cid} (+{card.gain}/-{card.loss}): most defence {win}")
        out.append(f"  least defence {lose}")
    elif s.phase == S.PH_BUY:
        c = s.slots[s.pslot]
        price = len(s.cols[s.pslot])
        out.append(f"Purchase: slot {s.pslot + 1} ({CARDS[c].cid}) for {coins(price)}, or pass")
    elif s.phase == S.PH_RESBUY:
        c = s.res_cards[0]
        price = len(s.res_cards)
        out.append(f"Purchase: reserved {card_now(s, c)} for {coins(price)}, or discard it")
    elif s.phase == S.PH_SWAP:
        out.append("Loki A21: swap two vikings (C:I = column, place from 0) or decline")
    elif s.phase == S.PH_OVER:
        out.append("Final VP: " + ", ".join(f"{seat_ref(p)} {s.vp[p]}" for p in range(s.n)))
    return out


def cgs_text(cgs: list[int]) -> str:
    parts = [f"{GOOD_SHORT[g]} {cgs[g]}" for g in range(8) if cgs[g]]
    return ", ".join(parts) if parts else "none"


# ---------------------------------------------------------------------- look-ups


def look(s: S.State, seat: int | None, text: str) -> str | None:
    """The game's look-ups: ``legend``, ``cards`` (every seat), ``cards N`` and ``board
    N`` (seat N's board), ``scores``, ``card ID`` or the bare id (what a card does)."""
    words = text.strip().lower().split()
    if words == ["legend"]:
        return LEGEND
    if len(words) == 1 and words[0].upper() in BY_ID:
        return card_help(words[0])
    if words and words[0] == "card":
        known = card_help(words[1]) if len(words) == 2 else None
        return known or "'card ID' says what a card does, e.g. 'card A21' (or just 'A21')"
    if words == ["scores"]:
        return scores_view(s)
    if len(words) == 2 and words[0] == "board":
        # a seat's board at the table: its points, coins, cards and stored goods
        if words[1].isdigit() and 1 <= int(words[1]) <= s.n:
            return "\n".join(cards_of(s, int(words[1]) - 1, seat))
        return f"'board N' shows seat N's cards and goods (N = 1..{s.n})"
    if words and words[0] == "cards":
        if len(words) == 1:
            return "\n".join(line for p in range(s.n) for line in cards_of(s, p, seat))
        if len(words) == 2 and words[1].isdigit() and 1 <= int(words[1]) <= s.n:
            return "\n".join(cards_of(s, int(words[1]) - 1, seat))
        return f"'cards' shows every seat's cards, 'cards N' seat N's (N = 1..{s.n})"
    return None


def cards_of(s: S.State, p: int, seat: int | None) -> list[str]:
    out = [f"{seat_name(p, seat)}: {s.vp[p]} VP, {coins(s.coins[p])}, defence {defence(s, p)}"]
    if s.loading[p]:
        out += wrap("  bought this round: ", [card_now(s, c) for c in s.loading[p]])
    out += wrap("  cards: ", [card_now(s, c) for c in s.cards[p]] or ["none"])
    if stored_text(s, p) != "-":
        out.append(f"  stored: {stored_text(s, p)}")
    if D.C_A19 in s.cards[p] and s.a19_brown:
        out.append(f"  brown vikings on A19: {s.a19_brown}")
    return out


def scores_view(s: S.State) -> str:
    out = ["Seat: VP, coins, defence now"]
    out += [
        f"  {seat_name(p, None)}: {s.vp[p]} VP, {coins(s.coins[p])}, defence {defence(s, p)}"
        for p in range(s.n)
    ]
    picts = [e for e in s.log if e.get("scoring") == "pict attack" or "defence" in e]
    if picts:
        out.append("Pict attacks (defence / VP change per seat, in seat order):")
    for e in picts:
        dfs = "/".join(str(x) for x in e["defence"])
        dvp = "/".join(f"{x:+d}" for x in e["delta"])
        out.append(f"  {e['card']} (round {e['round']}): defence {dfs}, VP {dvp}")
    return "\n".join(out)


LEGEND = f"""\
The board, line by line:
  Deck N: the cards left; the season now, its cards left, and whether its Pict
    attack is still to come.  Bag: goods left to fill ships.
  Common goods: the goods on the common space (taken with 'convert').
  Goods: {", ".join(f"{GOOD_SHORT[g]} {GOOD_NAMES[g]}" for g in range(5))},
    {", ".join(f"{GOOD_SHORT[g]} {GOOD_NAMES[g]}" for g in range(5, 8))} (these three in Jarl only)
    (type either: 'put Je A09' = 'put jet A09').
  Slot / card / vikings (top first) / price: the cards offered in slots 1-6.
    The digits are the seats' numbers (first column of the seat table):
    '2 1 1' = the top viking is seat 2's, then two of seat 1's; 'b2' = a brown
    viking placed by seat 2. The top viking's owner may buy first; price =
    the number of vikings in the column.
  Reservable (Jarl): 7:A12 = the card in slot 7, to 'reserve 7'.
  Reserved (Jarl): the reservation row, first first: D25 (3) = card D25,
    reserved by seat 3. Its price is the number of cards in the row.
  Seat table: VP = victory points, coins, vik = vikings left to place (2+1b:
    and 1 committed brown one), def = defence (warriors), cards = cards owned,
    stored = the good on the board's storage space, A06[...] = on warehouse;
    (you) = your seat, (start) = the start player (Mjölnir).
  Your cards: your craftsmen, traders and oracles ('cards' shows all cards).
Cards (id letter = season: A winter, B spring, C summer, D autumn, E final):
  craft5[Le- Wo+]  craftsman worth 5 VP when complete; + = space filled, - =
                   still empty; * after the VP = complete
  trader Am>1c     takes amber for 1 coin (1 VP at the end)
  oracle Am>2VP    takes amber for 2 VP (Jarl)
  warrior 2        2 defence     travel 3VP   3 VP at the end
  ship[Am Je]      a ship and its goods, unloaded in your loading turn
  skald/coins      a skald and what it counts at the end
  Picts +2/-1      a Pict attack: most defence +2 VP, least defence -1 VP
Look-ups: {VIEWS};
  'rules': every card, the moves."""
