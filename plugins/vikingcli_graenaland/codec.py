"""Graenaland's actions as integers (``Game.action_codec``): one row per kind of move
(the verbs of ``actions.py``); the same numbering at every table size."""

from __future__ import annotations

from typing import Final

from vikingcli.engine.codec import ActionCodec, Ints, Template
from vikingcli_graenaland import data as D

MAX_PLAYERS: Final = 5
PROVINCES: Final = max(b.np for b in D.BOARDS.values())
PROVINCE: Final = Ints("province index (C1.. then I1..)", 0, PROVINCES)
SEAT: Final = Ints("seat", 0, MAX_PLAYERS)
RESOURCE: Final = Ints("resource: G L W O Au", 0, len(D.RES_LETTER))
SUPPLY: Final = Ints("supply card S01..S16", 0, len(D.SUPPLY))
MAX_CLAIM: Final = 100
"""A claim names the VP a seat claims: from VP_TO_WIN up, far below this."""


def _plain(*ops: str) -> list[Template]:
    return [Template((op,), (), op) for op in ops]


CODEC: Final = ActionCodec(
    [
        Template(("place",), (PROVINCE,), "advanced setup: place"),
        Template(("reloc",), (PROVINCE,), "advanced setup: relocate"),
        *_plain("noreloc"),
        Template(("vc",), (Ints("victory card VC01..VC20", 0, len(D.VICTORY_CARD_LIGHT)),), "keep"),
        *_plain("stay"),
        Template(("mv",), (Ints("hero: wl pr sk", 0, 3), Ints("direction", 0, D.NDIR)), "move"),
        *_plain("pass"),
        Template(("offer",), (PROVINCE,), "offer a province's cards"),
        Template(("to",), (SEAT,), "the next card of the offer to a seat"),
        *_plain("yes", "no", "noclaim"),
        Template(("claim",), (Ints("VP", 0, MAX_CLAIM),), "claim victory"),
        Template(("take",), (SUPPLY,), "take a supply card"),
        Template(("village",), (PROVINCE,), "build a village"),
        Template(("build",), (Ints("building: fort temple hall", 0, 3), PROVINCE), "build"),
        Template(("army",), (RESOURCE,), "raise the army"),
        Template(("work",), (Ints("work: road market rampart improve", 0, 4), PROVINCE), "work"),
        Template(("joint",), (Ints("work", 0, 4), PROVINCE), "joint work"),
        Template(("permit",), (SEAT,), "permit a seat to build"),
        *_plain("end", "nothing"),
        Template(("pay",), (RESOURCE,), "pay a card"),
        Template(("gold",), (RESOURCE,), "pay gold for a card"),
        Template(("supply",), (SUPPLY,), "pay with a supply card"),
        Template(("mkt",), (RESOURCE, RESOURCE), "market: two cards for one"),
        Template(("mkts",), (SUPPLY, RESOURCE), "market: a supply card for one"),
        Template(("cpay",), (RESOURCE, SEAT), "pay a card to a seat"),
        Template(("cgold",), (RESOURCE, SEAT), "pay gold to a seat"),
        Template(("fee",), (RESOURCE,), "rampart fee"),
        Template(("hero",), (Ints("move the hero: 1, stay: 0", 0, 2),), "hero"),
        Template(("give",), (RESOURCE,), "contribute a card"),
        *_plain("done", "complete", "abandon"),
    ]
)
"""Every Graenaland action, numbered the same way at every table size and option."""
