"""The JSON Schema of a Jórvík observation (``view.observation``): the contract every
game follows (``vikingcli.engine.observe``), with Jórvík's own keys, each described
(docs/bot-protocol.md shows it)."""

from __future__ import annotations

from typing import Any, Final

from vikingcli.engine.observe import (
    array,
    boolean,
    enum,
    envelope,
    integer,
    nullable,
    obj,
    seat,
)
from vikingcli_jorvik import data as D
from vikingcli_jorvik import state as S

MAX_PLAYERS: Final = 5
CARD_IDS: Final = tuple(c.cid for c in D.CARDS)
GOOD: Final = enum(D.GOOD_NAMES, "a good")
SEAT: Final = seat(MAX_PLAYERS)
SEATS: Final = array(SEAT, MAX_PLAYERS)
PER_SEAT_VP: Final = array(integer(-50, 50), MAX_PLAYERS)


def goods(description: str, max_items: int = 24) -> dict[str, Any]:
    return array(GOOD, max_items, description)


CARD: Final = obj(
    {
        "id": enum(CARD_IDS, "the printed id: season letter A-E and number"),
        "kind": enum(D.KIND_NAMES, "what the card is"),
        "capacity": integer(0, 3, "ship: goods it is filled with"),
        "cargo": goods("ship: the goods on it", 3),
        "vp": integer(0, 12, "craftsman: VP when complete; trader: VP at the end; travel: VP"),
        "needs": goods("craftsman: the goods it needs", 4),
        "filled": array(boolean(), 4, "craftsman: which of its needs are filled"),
        "takes": enum(D.GOOD_NAMES, "trader or oracle: the good it takes"),
        "coins": integer(0, 2, "trader: coins per good"),
        "defence": integer(0, 5, "warrior: its defence"),
        "counts": enum(D.SKALD_NAMES, "skald: what it counts at the end"),
        "gain": integer(0, 4, "Pict attack: VP for the most defence"),
        "loss": integer(0, 4, "Pict attack: VP lost by the least defence"),
    },
    "a card by its printed id and kind, with its printed values and what lies on it",
    optional=(
        "capacity", "cargo", "vp", "needs", "filled", "takes", "coins", "defence", "counts",
        "gain", "loss",
    ),
)  # fmt: skip
CARDS: Final = {**array(CARD, len(CARD_IDS)), "x-encode": "ids"}


def counts(description: str, most: int) -> dict[str, Any]:
    return obj({g: integer(0, most) for g in D.GOOD_NAMES}, description)


SCHEMA: Final = envelope(
    "jorvik",
    "Jórvík",
    MAX_PLAYERS,
    S.PHASE_NAMES,
    {
        "vp": integer(-100, 400, "victory points"),
        "coins": integer(0, 200, "coins"),
        "vikings": integer(0, 6, "vikings left to place this round"),
        "brown_vikings": integer(0, 2, "brown vikings committed from A19 this round"),
        "defence": integer(0, 60, "defence against Pict attacks (warriors, B23 doubled)"),
        "cards": {**CARDS, "description": "the cards the seat owns"},
        "bought_this_round": {
            **CARDS,
            "description": "cards bought this round, not yet "
            "in play (they come into play in the seat's loading turn)",
        },
        "storage": nullable(enum(D.GOOD_NAMES, "the good on the board's storage space")),
        "warehouse": goods("the goods on its A06 warehouse", D.WAREHOUSE_STORAGE),
        "stored_this_turn": goods(
            "goods that entered storage this loading turn (each may enter storage once a turn)",
            D.WAREHOUSE_STORAGE + 1,
        ),
        "start_player": boolean("holds Mjölnir (moves first this round)"),
    },
    {
        "mode": enum(("karl", "jarl"), "the game: Karl (basic) or Jarl (every card)"),
        "start_player": SEAT,
        "deck": obj(
            {
                "count": integer(0, len(CARD_IDS), "cards left in the deck"),
                "season": nullable(enum(D.SEASON_NAMES, "the season of the top card")),
                "season_left": integer(0, 30, "cards of that season left"),
                "pict_attack_to_come": boolean("that season's Pict attack is still in the deck"),
                "cards": {
                    **array(
                        enum(CARD_IDS),
                        len(CARD_IDS),
                        "the cards left (sorted: the order is hidden)",
                    ),
                    "x-encode": "ids",
                },
            },
            "the deck: its contents are public, its order hidden",
        ),
        "bag": counts("goods left in the bag to fill ships (its order is hidden)", 9),
        "common_goods": counts("goods on the common goods space", 30),
        "out_of_game": {
            **array(
                enum(CARD_IDS),
                len(CARD_IDS),
                "cards out of the game (removed at setup, discarded, used up)",
            ),
            "x-encode": "ids",
        },
        "slots": array(
            obj(
                {
                    "slot": integer(1, 6, "slot number"),
                    "card": nullable(CARD),
                    "vikings": array(
                        obj({"seat": SEAT, "brown": boolean("a brown viking from A19")}),
                        D.COLUMN_MAX,
                        "the demand column, top (first to buy) first",
                    ),
                    "price": integer(0, D.COLUMN_MAX, "price = vikings in the column"),
                }
            ),
            6,
            "the card slots 1-6 with their demand columns",
        ),
        "reservable": array(
            obj({"slot": integer(7, 12, "slot number"), "card": CARD}),
            6,
            "Jarl: the cards in slots 7-12, to reserve",
        ),
        "reserved": array(
            obj({"card": CARD, "seat": SEAT, "brown": boolean("reserved with a brown viking")}),
            12,
            "Jarl: the reservation row, first first, with the viking that reserved each card",
        ),
        "brown_vikings_on_a19": integer(0, 2, "brown vikings waiting on A19"),
        "brown_vikings_boxed": integer(0, 2, "brown vikings out of the game"),
        "pict_attack": nullable(
            obj(
                {
                    "card": CARD,
                    "most_defence": SEATS,
                    "least_defence": SEATS,
                    "deciding": {
                        **SEATS,
                        "description": "seats still to decide Glory or Ransom, in order",
                    },
                    "glory": {**SEATS, "description": "seats that used Glory (D29)"},
                    "ransom": {**SEATS, "description": "seats that paid Ransom (C22)"},
                    "vp_change": PER_SEAT_VP,
                    "at_game_end": boolean("the final Pict attack (E01)"),
                },
                "the Pict attack waiting for Glory / Ransom decisions",
            )
        ),
        "purchase": nullable(
            obj(
                {
                    "slot": nullable(integer(1, 6, "the slot, or null: the reservation row")),
                    "card": CARD,
                    "price": integer(0, 12, "its price in coins"),
                    "reserved": boolean("the first card of the reservation row"),
                },
                "the card offered to the seat to move in the purchase phase",
            )
        ),
        "unloading": nullable(
            obj(
                {
                    "turn": integer(1, MAX_PLAYERS, "whose loading turn: 1 = the start player's"),
                    "goods": goods(
                        "goods still to place (unloaded from ships, taken from storage)", 40
                    ),
                    "goods_stored_this_turn": goods(
                        "of those, goods that were stored this turn (they may not be stored again)",
                        8,
                    ),
                    "to_use_at_once": goods("goods to use at once (market, rework, theft)", 3),
                    "stolen": boolean("those goods were stolen (B24)"),
                },
                "the loading turn of the seat to move",
            )
        ),
        "pict_attacks": array(
            obj(
                {
                    "card": enum(CARD_IDS),
                    "round": integer(0, 100),
                    "defence": array(integer(0, 60), MAX_PLAYERS),
                    "vp_change": PER_SEAT_VP,
                    "glory": SEATS,
                    "ransom": SEATS,
                }
            ),
            5,
            "the Pict attacks so far: each seat's defence and VP change",
        ),
    },
    100,
)
"""What one seat of Jórvík may know: everything but the order of the deck and of the bag."""
