"""The player-facing Jórvík rules: the summary, the action syntax and the card
catalogue (``vikingcli rules jorvik``); the full rules are docs/rules/jorvik.md."""

from __future__ import annotations

from vikingcli_jorvik import data as d
from vikingcli_jorvik.data import CARDS, GOOD_SHORT
from vikingcli_jorvik.view import card_text, wrap

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


SYNTAX = """\
Action syntax (one text per legal action)
  Pict attack:   glory | ransom | decline
  Demand:        commit K          (Jarl, A19: commit K brown vikings)
                 place S           (viking into the demand column of slot S, 1-6)
                 reserve S         (Jarl: reserve the card of slot S, 7-12)
                 swap C:I C:I | decline   (A21: swap two vikings; C = column 1-6 or r =
                                    reservation row, I = 0-based position)
  Purchase:      buy | free (B22, price 0) | pass     reservation row: buy | free | discard
  Loading:       put GOOD CARD     (pool good to own craftsman / trader / oracle)
                 store GOOD board|wh   take GOOD board|wh   (storage; wh = A06 card)
                 convert G G G T   (3 goods to the common space, take T, use at once)
                 exchange G G T    (A20: 2 goods -> T)
                 cash G G          (2 goods -> 1 coin)
                 market T          (C20)   rework CARD:GOOD ... (D28, 1-3 goods)
                 steal SEAT CARD GOOD (B24)
                 put CARD | put wh | discard   (use a good "at once")
                 end               (end the loading turn; pool goods are lost)
Goods: amber iron leather wool jet silk glass gold.  Cards by id, e.g. A08."""


def card_catalogue() -> str:
    """Every card with its id (actions name cards by id); J = Jarl game only."""
    lines = [
        "Goods: " + ", ".join(f"{GOOD_SHORT[g]} {d.GOOD_NAMES[g]}" for g in range(8)),
        "Cards (J = Jarl only; craftsman goods: - = space still empty):",
    ]
    for season in range(5):
        items = []
        for c in CARDS:
            if c.season != season:
                continue
            text = card_text(c.idx)
            if c.kind == d.SHIP:
                text = f"{c.cid} ship {c.capacity}"
            items.append(text + (" J" if c.jarl_only else ""))
        lines += wrap(f"{d.SEASON_NAMES[season]}: ", items)
    return "\n".join(lines)


RULES_TEXT = RULES_SUMMARY + "\n" + SYNTAX + "\n\n" + card_catalogue()
