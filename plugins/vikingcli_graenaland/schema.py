"""A Graenaland observation in the contract every game follows
(``vikingcli.engine.observe``): :func:`public_observation` names every code of what
``view.observation`` says a seat may know, and :data:`SCHEMA` describes it, key by key
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
    skip,
    text,
)
from vikingcli_graenaland import data as D
from vikingcli_graenaland.codec import MAX_CLAIM, PROVINCES
from vikingcli_graenaland.state import PH_ALLOC, PH_OVER, PH_VOTE, PHASE_NAMES, STAY, State
from vikingcli_graenaland.view import observation

OFFERING: Final = (PH_ALLOC, PH_VOTE)

PHASES: Final = (*PHASE_NAMES[:-1], "end")
BUILD_MODES: Final = ("normal", "final", "permission")
PENDING_KINDS: Final = ("village", "building", "army", "work")
RESOURCES: Final = D.RES_LETTER
"""Resource cards by their letters: G grain, L livestock, W wood, O ore, Au gold."""


def _province(names: tuple[str, ...], p: int) -> str | None:
    return names[p] if p >= 0 else None


def _by_deck(counts: list[int]) -> dict[str, dict[str, int]]:
    """Counts per card kind (deck * 5 + resource) as {deck: {resource: count}}."""
    return {
        D.DECK_NAME[dk]: {RESOURCES[r]: counts[dk * 5 + r] for r in range(5)} for dk in range(4)
    }


def _hero_move(c: int | bool | None) -> str | bool | None:
    """A hero-move commitment: ``stay``, ``wl ne`` ...; ``True``: committed, hidden."""
    if c is None or c is False or (isinstance(c, int) and not isinstance(c, bool) and c < 0):
        return None
    if c is True:
        return True
    if c == STAY:
        return "stay"
    h, d = divmod(int(c), 8)
    return f"{D.HERO_TEXT[h]} {D.DIR_NAME[d]}"


def _supply(i: int) -> str:
    return f"S{i + 1:02d}"


def public_seat(o: dict[str, Any], names: tuple[str, ...], q: int) -> dict[str, Any]:
    """What the observation ``o`` shows of seat ``q``: army, heroes, card counts,
    commitments and its joint-work contribution."""
    hand = o["hand"][q]
    return {
        "seat": q,
        "lead": q == o["start"],
        "army": o["army"][q],
        "heroes": {D.HERO_NAME[h]: _province(names, o["hero"][q * 3 + h]) for h in range(3)},
        "waiting": {D.HERO_NAME[h]: _province(names, o["wait"][q * 3 + h]) for h in (1, 2)},
        "waiting_order": {D.HERO_NAME[h]: o["wseq"][q * 3 + h] for h in (1, 2)},
        "cards": {D.DECK_NAME[dk]: sum(hand[dk * 5 : dk * 5 + 5]) for dk in range(4)}
        if len(hand) == D.NKIND
        else {D.DECK_NAME[dk]: hand[dk] for dk in range(4)},
        "supply_cards": len(o["shand"][q]) if isinstance(o["shand"][q], list) else o["shand"][q],
        "hero_move": _hero_move(o["mcommit"][q]),
        "claim": None
        if o["ccommit"][q] is False or o["ccommit"][q] == -1
        else (True if o["ccommit"][q] is True else o["ccommit"][q]),
        "victory_card": None if o["vc"][q] is None or o["vc"][q] < 0 else f"VC{o['vc'][q] + 1:02d}",
        "joint_contribution": _by_deck(o["contrib"][q]),
    }


def public_province(o: dict[str, Any], bd: D.Board, p: int) -> dict[str, Any]:
    """What the observation ``o`` shows of province ``p``: villages, buildings, works,
    the cards on it and the heroes arriving."""
    n = o["n"]
    return {
        "province": bd.names[p],
        "terrain": D.DECK_NAME[bd.terrain[p]],
        "villages": [o["vil"][p * n + q] for q in range(n)],
        "buildings": {
            D.BUILDING_NAME[b]: o["bld"][p * 3 + b] if o["bld"][p * 3 + b] >= 0 else None
            for b in range(3)
        },
        "road": bool(o["road"][p]),
        "market": bool(o["market"][p]),
        "rampart": bool(o["rampart"][p]),
        "improved": bool(o["impr"][p]),
        "market_used": bool(o["mkt_used"][p]),
        "cards_face_up": {RESOURCES[r]: o["up"][p * 5 + r] for r in range(5)},
        "cards_face_down": o["down"][p],
        "arrivals": list(o["arrivals"][p]),
    }


def public_build(o: dict[str, Any], names: tuple[str, ...]) -> dict[str, Any]:
    """What the observation ``o`` shows of the build phase (Phase 4): the builder, its
    mode, what it has used, the build being paid and the fee, the final queue."""
    return {
        "builder": o["bseat"],
        "mode": BUILD_MODES[o["bmode"]],
        "supply_taken": o["supply_taken"],
        "joint_used": o["joint_used"],
        "permission_used": o["perm_used"],
        "pending": PENDING_KINDS[o["pend_kind"]],
        "pending_type": D.BUILDING_NAME[o["pend_t"]]
        if o["pend_kind"] == 1
        else D.WORK_NAME[o["pend_t"]]
        if o["pend_kind"] == 3
        else None,
        "pending_province": names[o["pend_p"]],
        "pending_joint": o["pend_joint"],
        "still_to_pay": {RESOURCES[r]: o["req"][r] for r in range(4)},
        "fee_to": list(o["fee"]),
        "final_queue": list(o["final_queue"]),
        "hero_to_move": D.HERO_NAME[o["hero_type"]],
        "hero_province": names[o["hero_p"]],
    }


def public_observation(st: State, seat: int) -> dict[str, Any]:
    """What ``seat`` may know, in the contract every game follows (the schema in
    ``schema.py``; ``Game.observation``): :func:`observation`, the position as the
    seat sees it in the state's own fields, with every code named, so it can tell no
    more than that does."""
    o = observation(st, seat)
    n = o["n"]
    bd = st.board
    names = bd.names
    np = bd.np
    over = o["phase"] == PH_OVER
    mine = 0 <= seat < n
    seats = [public_seat(o, names, q) for q in range(n)]
    return {
        "game": "graenaland",
        "seat": seat,
        "players": n,
        "round": o["round"],
        "phase": PHASES[o["phase"]],
        "to_move": None if over else o["actor"],
        "seats": seats,
        "hand": _by_deck(o["hand"][seat]) if mine else None,
        "supply_hand": [_supply(i) for i in o["shand"][seat]] if mine else None,
        "victory_cards_dealt": [f"VC{c + 1:02d}" for c in o["vc_dealt"][seat]] if mine else None,
        "setup": "advanced" if o["advanced"] else "basic",
        "victory": "cards" if o["cards"] else "basic",
        "permission": o["permission"],
        "round_limit": o["round_limit"],
        "lead": o["start"],
        "winner": o["winner"] if o["winner"] >= 0 else None,
        "end_reason": o["end_reason"] or None,
        "provinces": [public_province(o, bd, p) for p in range(np)],
        "works_left": {
            "road": o["left_road"],
            "market": o["left_market"],
            "rampart": o["left_rampart"],
        },
        "decks": {D.DECK_NAME[dk]: o["decks"][dk] for dk in range(4)},
        "discard": _by_deck(o["disc"]),
        "supply_row": [_supply(i) for i in o["srow"]],
        "supply_deck": o["sdeck"],
        "supply_discard": [_supply(i) for i in o["sdisc"]],
        "offer": {
            "turn": o["oidx"],
            "province": _province(names, o["offer_x"]) if o["phase"] in OFFERING else None,
            "cards": [RESOURCES[c] if c < 5 else "hidden" for c in o["ocls"]],
            "eligible": list(o["oelig"]),
            "allocated": list(o["oalloc"]),
        },
        "vote": {
            "voters": list(o["voters"]),
            "votes": list(o["vvotes"]),
            "next_voter": o["vidx"],
            "yes": o["yes"],
            "total": o["total"],
            "cast": list(o["vote_log"]),
        },
        "build": public_build(o, names),
        "joint_work": {
            "work": D.WORK_NAME[o["joint_w"]],
            "province": names[o["joint_p"]],
            "next_contributor": o["cidx"],
        },
        "draft": {
            "order": list(o["dorder"]),
            "next": o["didx"],
            "relocation_province": names[o["reloc_p"]],
            "relocation_stage": o["reloc_stage"],
            "relocation_mover": o["reloc_mover"],
        },
        "offers": [
            {
                "round": r,
                "seat": q,
                "province": _province(names, p),
                "yes": yes,
                "total": total,
                "passed": bool(passed),
            }
            for r, q, p, yes, total, passed in o["offer_log"]
        ],
        "waiting_counter": o["wcount"],
    }


MAX_PLAYERS: Final = 5
SEAT: Final = seat(MAX_PLAYERS)
SEATS: Final = array(SEAT, MAX_PLAYERS)
PROVINCE_NAMES: Final = tuple(
    sorted({name for b in D.BOARDS.values() for name in b.names}, key=lambda x: (x[0], int(x[1:])))
)
PROVINCE: Final = enum(PROVINCE_NAMES, "a province: C1.. on the coast, I1.. inland")
CARDS: Final = 200
OFFER: Final = 60
"""Cards one offer holds at most: those lying in one province (far fewer in play)."""
SUPPLY_IDS: Final = tuple(f"S{i + 1:02d}" for i in range(len(D.SUPPLY)))
VC_IDS: Final = tuple(f"VC{i + 1:02d}" for i in range(len(D.VICTORY_CARD_LIGHT)))
HERO_MOVES: Final = ("stay", *(f"{h} {d}" for h in D.HERO_TEXT for d in D.DIR_NAME))


def per_resource(description: str, most: int = CARDS) -> dict[str, Any]:
    return obj({r: integer(0, most) for r in RESOURCES}, description)


def per_deck(description: str) -> dict[str, Any]:
    return obj({d: per_resource(f"{d} cards by resource") for d in D.DECK_NAME}, description)


SCHEMA: Final = envelope(
    "graenaland",
    "Graenaland",
    MAX_PLAYERS,
    PHASES,
    {
        "lead": boolean("holds the lead (the ship) this round"),
        "army": integer(0, D.ARMY_MAX, "army strength"),
        "heroes": obj(
            {h: nullable(PROVINCE) for h in D.HERO_NAME},
            "where each hero stands (null: not on the board)",
        ),
        "waiting": obj(
            {h: nullable(PROVINCE) for h in D.HERO_NAME[1:]},
            "a priest or skald waiting to move to a new temple or hall",
        ),
        "waiting_order": obj({h: integer(0, 1000) for h in D.HERO_NAME[1:]}, "who waited first"),
        "cards": obj({d: integer(0, CARDS) for d in D.DECK_NAME}, "resource cards in hand by deck"),
        "supply_cards": integer(0, len(D.SUPPLY), "supply cards in hand"),
        "hero_move": {
            "anyOf": [enum(HERO_MOVES), {"type": "boolean"}, {"type": "null"}],
            "description": "the hero move committed this round: shown once every seat has "
            "committed; true while it is still secret; null: none",
        },
        "claim": {
            "anyOf": [integer(0, MAX_CLAIM), {"type": "boolean"}, {"type": "null"}],
            "description": "advanced: the VP claimed (true while secret; null: none)",
        },
        "victory_card": nullable(
            enum(
                VC_IDS,
                "the victory card kept, where this seat may know it (its own; all at the end)",
            )
        ),
        "joint_contribution": per_deck("cards given to the joint work"),
    },
    {
        "hand": nullable(
            per_deck(
                "the observing seat's resource cards; null only in a spectator's view (no"
                " seat), never in a seat's or a bot's"
            )
        ),
        "supply_hand": nullable(array(enum(SUPPLY_IDS), len(D.SUPPLY), "its supply cards")),
        "victory_cards_dealt": nullable(
            array(enum(VC_IDS), D.VC_DEALT, "victory cards dealt to it to keep one")
        ),
        "setup": enum(("basic", "advanced"), "the setup (option)"),
        "victory": enum(("basic", "cards"), "the victory condition (option)"),
        "permission": boolean("the 5-player build variant (option)"),
        "round_limit": integer(1, 1000, "the last round (option)"),
        "lead": SEAT,
        "winner": nullable(SEAT),
        "end_reason": nullable(text("how the game ended")),
        "provinces": array(
            obj(
                {
                    "province": PROVINCE,
                    "terrain": enum(D.DECK_NAME, "its terrain (and deck)"),
                    "villages": array(
                        integer(0, D.SETTLEMENT_HOUSES), MAX_PLAYERS, "villages per seat"
                    ),
                    "buildings": obj(
                        {b: nullable(SEAT) for b in D.BUILDING_NAME}, "owner of each building"
                    ),
                    "road": boolean(),
                    "market": boolean(),
                    "rampart": boolean(),
                    "improved": boolean(),
                    "market_used": boolean("its market was used this build phase"),
                    "cards_face_up": per_resource("resource cards lying face up"),
                    "cards_face_down": integer(0, CARDS, "resource cards lying face down"),
                    "arrivals": array(SEAT, 2 * MAX_PLAYERS, "warlords arrived, in order"),
                }
            ),
            PROVINCES,
            "every province",
        ),
        "works_left": obj(
            {w: integer(0, 20) for w in ("road", "market", "rampart")}, "works left in the supply"
        ),
        "decks": obj({d: integer(0, CARDS) for d in D.DECK_NAME}, "cards left in each deck"),
        "discard": per_deck("discarded resource cards"),
        "supply_row": array(enum(SUPPLY_IDS), D.SUPPLY_ROW, "the supply cards on offer"),
        "supply_deck": integer(0, len(D.SUPPLY), "supply cards in their deck"),
        "supply_discard": array(enum(SUPPLY_IDS), len(D.SUPPLY), "discarded supply cards"),
        "offer": obj(
            {
                "turn": integer(0, MAX_PLAYERS, "offers made this round"),
                "province": nullable(PROVINCE),
                "cards": array(enum((*RESOURCES, "hidden")), OFFER, "the cards offered"),
                "eligible": SEATS,
                "allocated": array(SEAT, OFFER, "the seat each card so far goes to"),
            },
            "the offer being made",
        ),
        "vote": obj(
            {
                "voters": SEATS,
                "votes": array(integer(0, 100), MAX_PLAYERS, "each voter's votes"),
                "next_voter": integer(0, MAX_PLAYERS, "index into voters"),
                "yes": integer(0, 500),
                "total": integer(0, 500),
                "cast": array(integer(0, 1), MAX_PLAYERS, "the votes cast: 1 yes, 0 no"),
            },
            "the vote on the offer",
        ),
        "build": obj(
            {
                "builder": SEAT,
                "mode": enum(BUILD_MODES),
                "supply_taken": boolean(),
                "joint_used": boolean(),
                "permission_used": boolean(),
                "pending": enum(PENDING_KINDS, "what is being paid for"),
                "pending_type": nullable(enum((*D.BUILDING_NAME, *D.WORK_NAME))),
                "pending_province": PROVINCE,
                "pending_joint": boolean(),
                "still_to_pay": obj(
                    {r: integer(0, 20) for r in RESOURCES[:4]}, "cards still to pay, by resource"
                ),
                "fee_to": array(SEAT, 2 * MAX_PLAYERS, "rampart fees still to pay, to"),
                "final_queue": SEATS,
                "hero_to_move": enum(D.HERO_NAME),
                "hero_province": PROVINCE,
            },
            "the build phase",
        ),
        "joint_work": obj(
            {
                "work": enum(D.WORK_NAME),
                "province": PROVINCE,
                "next_contributor": integer(0, MAX_PLAYERS),
            },
            "the joint work being paid",
        ),
        "draft": obj(
            {
                "order": array(SEAT, 2 * MAX_PLAYERS, "advanced setup: who places when"),
                "next": integer(0, 2 * MAX_PLAYERS),
                "relocation_province": PROVINCE,
                "relocation_stage": integer(0, 3),
                "relocation_mover": SEAT,
            },
            "advanced setup",
        ),
        "offers": skip(
            array(
                obj(
                    {
                        "round": integer(0, 1000),
                        "seat": SEAT,
                        "province": nullable(PROVINCE),
                        "yes": integer(0, 500),
                        "total": integer(0, 500),
                        "passed": boolean(),
                    }
                ),
                5000,
                "every offer so far: who offered which province (null: passed), the vote",
            )
        ),
        "waiting_counter": integer(0, 1000, "heroes that have waited so far"),
    },
    1000,
)
"""What one seat of Graenaland may know."""
