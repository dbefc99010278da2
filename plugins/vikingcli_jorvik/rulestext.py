"""The player-facing Jórvík rules: the summary, the action syntax and the card
catalogue (``vikingcli rules jorvik``); the full rules are docs/rules/jorvik.md."""

from __future__ import annotations

from vikingcli_jorvik import data as D
from vikingcli_jorvik.data import CARDS, GOOD_SHORT
from vikingcli_jorvik.view import card_text, wrap

RULES_SUMMARY = """\
Jórvík (Stefan Feld, eggertspiele 2016), 2-5 players, option mode=karl|jarl
(karl = the basic game, jarl = the advanced game with every card).

Four seasons of cards (winter, spring, summer, autumn) are offered round by
round. Each round:
 1 Supply: the start player fills card slots 1..N+1 (N = players; Jarl: also
   slots 7..N+7). A ship gets goods from the bag. A Pict attack card
   interrupts: the most defence (warriors) gains its left value in VP, the
   least defence loses its right value.
 2 Demand: in turn order everybody places one viking at a time (Karl 3, Jarl 4)
   at the bottom of the demand column of a slot 1-6 (at most 8 vikings).
   Jarl: or reserve the card of a slot 7-12. Cards without vikings are
   discarded.
 3 Purchase: slot by slot, the top viking's owner may buy the card for as many
   coins as there are vikings in the column, or pass (the next viking's owner
   may then buy it for 1 coin less). Jarl: then each reserver in turn buys
   (price = cards left in the reservation row) or discards.
 4 Loading: income 1 coin (+1 if you bought nothing, +1 in Jarl, +1 with C10).
   Your new cards go to your card area; unload your ships: put goods on
   craftsmen (complete ones score their VP at the end), sell them to traders
   (coins), sacrifice them at oracles (2 VP, Jarl), store them (1 space on your
   board, 4 on the A06 warehouse), pay 3 goods for 1 from the common goods (use
   it at once), or sell 2 goods for 1 coin. Goods not used are lost.
Game end: when only the final Pict attack card is left, it is resolved, then
the final scoring: complete craftsmen, 1 VP per trader, travels, feasts
2/5/9/14, skalds, 1 VP per good on A06. Most VP wins; tie: most coins.
Everybody starts with 10 VP and 5 coins.
Jarl-only cards (J in the card list below): oracles, premium goods traders and
craftsmen, buildings (A19 hired hands, A20 exchange, C20 market stall, C21
treasure, B22 free purchase, D28 rework), Loki
cards (A21 swap, B24 thief, D27 tribute) and defence cards (B23 shield-wall,
C22 ransom, D29 glory).
"""


SYNTAX = """\
Action syntax ('actions' lists every legal move now; Tab completes). Goods may
be written as on the board (Je = jet) and a verb shortened (conv = convert).
  Pict attack:  glory | ransom | decline        (D29 glory, C22 ransom)
  Demand:       place S      a viking into the demand column of slot S (1-6)
                reserve S    Jarl: reserve the card of slot S (7-12)
                commit K     A19: first commit K brown vikings
                swap C:I C:I | decline   A21: swap two vikings; C = column 1-6
                             or r = reservation row, I = place from 0 (top)
  Purchase:     buy | free (B22, price 0) | pass
                reservation row: buy | free | discard
  Loading:      put GOOD CARD   a good from your ships onto your craftsman,
                                trader or oracle CARD
                store GOOD board|wh    take GOOD board|wh   (wh = A06 card)
                convert G G G T  pay 3 goods to the common goods, take T and
                                 use it at once
                exchange G G T   A20: the same for 2 goods
                cash G G         2 goods for 1 coin
                market T (C20)   rework CARD:GOOD ... (D28, 1-3 goods)
                steal S CARD GOOD   B24; S = the victim's seat number - 1
                put CARD | put wh | discard   use a good taken "at once"
                end              end your loading turn (goods left are lost)
Goods: amber iron leather wool jet silk glass gold (Am Ir Le Wo Je Si Gl Go).
Cards by id, e.g. A08.
Examples:  place 3         your next viking to the bottom of column 3
           buy             buy the card at the price shown (or 'pass')
           put Je A09      (= put jet A09) a jet onto craftsman A09
           conv am am le je    pay amber, amber, leather; take jet, use it
           store wool board    keep a wool for a later round
A refused move says why ("A07 in slot 2 costs 3 coins and you have 1").
At the prompt: 'board' shows the table, 'legend' explains it, 'cards' and
'cards N' every seat's cards, 'scores' the VP and the Pict attacks so far,
'card A21' (or just 'A21') what a card does."""


def card_catalogue() -> str:
    """Every card with its id (actions name cards by id); J = Jarl game only."""
    lines = wrap("Goods: ", [f"{GOOD_SHORT[g]} {D.GOOD_NAMES[g]}" for g in range(8)])
    lines.append("Cards (J = Jarl only; craftsman goods: - = space still empty):")
    for season in range(5):
        items = []
        for c in CARDS:
            if c.season != season:
                continue
            text = card_text(c.idx)
            if c.kind == D.SHIP:
                text = f"{c.cid} ship {c.capacity}"
            items.append(text + (" J" if c.jarl_only else ""))
        lines += wrap(f"{D.SEASON_NAMES[season]}: ", items)
    return "\n".join(lines)


RULES_TEXT = RULES_SUMMARY + "\n" + SYNTAX + "\n\n" + card_catalogue()
