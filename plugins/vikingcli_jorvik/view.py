"""What a seat may know (docs/rules/jorvik.md §6.1): the observation, re-dealing the
hidden deck and bag orders for search, the component totals, the short card
texts shared by the table view and the card catalogue, and what each card does (the
``card ID`` look-up: the board names a card by id and kind, ``A21 loki swap``)."""

from __future__ import annotations

import random
from typing import Any, Final

from vikingcli.engine import shuffle
from vikingcli_jorvik import data as D
from vikingcli_jorvik import state as S
from vikingcli_jorvik.data import BY_ID, CARDS, GOOD_NAMES, GOOD_SHORT, KIND, NEEDS
from vikingcli_jorvik.scoring import defence
from vikingcli_jorvik.state import State

WIDTH: Final = 80

# ---------------------------------------------------------------------- information sets


def observation(s: State, seat: int) -> dict[str, Any]:
    """What ``seat`` may know: everything but the order of the deck and of the bag
    (their contents are public), in the contract every game follows (the schema in
    ``schema.py``, documented in docs/bot-protocol.md)."""
    over = s.phase == S.PH_OVER
    season = D.SEASON[s.deck[-1]] if s.deck else -1
    return {
        "game": "jorvik",
        "seat": seat,
        "players": s.n,
        "round": s.round,
        "phase": S.PHASE_NAMES[s.phase],
        "to_move": None if over else s.actor,
        "seats": [seat_tracks(s, p) for p in range(s.n)],
        "mode": "jarl" if s.advanced else "karl",
        "start_player": s.start,
        "deck": {
            "count": len(s.deck),
            "season": D.SEASON_NAMES[season] if season >= 0 else None,
            "season_left": sum(1 for c in s.deck if D.SEASON[c] == season),
            "pict_attack_to_come": any(KIND[c] == D.PICT and D.SEASON[c] == season for c in s.deck),
            "cards": sorted(CARDS[c].cid for c in s.deck),
        },
        "bag": goods_counts(s.bag),
        "common_goods": {D.GOOD_NAMES[g]: s.cgs[g] for g in range(8)},
        "out_of_game": sorted(CARDS[c].cid for c in s.box),
        "slots": [
            {
                "slot": i + 1,
                "card": None if s.slots[i] < 0 else card_json(s, s.slots[i]),
                "vikings": [{"seat": v & 7, "brown": v >= 8} for v in s.cols[i]],
                "price": len(s.cols[i]),
            }
            for i in range(6)
        ],
        "reservable": [
            {"slot": i + 1, "card": card_json(s, s.slots[i])}
            for i in range(6, 12)
            if s.slots[i] >= 0
        ],
        "reserved": [
            {"card": card_json(s, c), "seat": v & 7, "brown": v >= 8}
            for c, v in zip(s.res_cards, s.res_vik)
        ],
        "brown_vikings_on_a19": s.a19_brown,
        "brown_vikings_boxed": s.brown_boxed,
        "pict_attack": pict_json(s),
        "purchase": purchase_json(s),
        "unloading": unloading_json(s),
        "pict_attacks": [
            {
                "card": e["card"],
                "round": e["round"],
                "defence": list(e["defence"]),
                "vp_change": list(e["delta"]),
                "glory": list(e["glory"]),
                "ransom": list(e["ransom"]),
            }
            for e in s.log
            if e.get("scoring") == "pict attack"
        ],
    }


def seat_tracks(s: State, p: int) -> dict[str, Any]:
    """One seat's public tracks and cards."""
    return {
        "seat": p,
        "vp": s.vp[p],
        "coins": s.coins[p],
        "vikings": s.vik[p],
        "brown_vikings": s.bsup[p],
        "defence": defence(s, p),
        "cards": [card_json(s, c) for c in s.cards[p]],
        "bought_this_round": [card_json(s, c) for c in s.loading[p]],
        "storage": D.GOOD_NAMES[s.sboard[p] & 7] if s.sboard[p] >= 0 else None,
        "warehouse": [D.GOOD_NAMES[x & 7] for x in s.swh[p]],
        "stored_this_turn": [
            D.GOOD_NAMES[x & 7] for x in [s.sboard[p], *s.swh[p]] if x >= 0 and x & 8
        ],
        "start_player": p == s.start,
    }


def card_json(s: State, c: int) -> dict[str, Any]:
    """A card by its printed id and kind, with its printed values and what lies on it."""
    card = CARDS[c]
    k = KIND[c]
    out: dict[str, Any] = {"id": card.cid, "kind": D.KIND_NAMES[k]}
    if k == D.SHIP:
        out["capacity"] = card.capacity
        out["cargo"] = [D.GOOD_NAMES[g] for g in s.cargo[c]]
    elif k == D.CRAFTSMAN:
        out["vp"] = card.vp
        out["needs"] = [D.GOOD_NAMES[g] for g in NEEDS[c]]
        out["filled"] = [bool((s.fill[c] >> i) & 1) for i in range(len(NEEDS[c]))]
    elif k in (D.TRADER, D.ORACLE):
        out["takes"] = D.GOOD_NAMES[card.goods[0]]
        if k == D.TRADER:
            out["coins"] = card.coins
            out["vp"] = card.vp
    elif k == D.WARRIOR:
        out["defence"] = card.defence
    elif k == D.TRAVEL:
        out["vp"] = card.vp
    elif k == D.SKALD:
        out["counts"] = D.SKALD_NAMES[card.skald]
    elif k == D.PICT:
        out["gain"] = card.gain
        out["loss"] = card.loss
    return out


def goods_counts(goods: list[int]) -> dict[str, int]:
    counts = [0] * 8
    for g in goods:
        counts[g & 7] += 1
    return {D.GOOD_NAMES[g]: counts[g] for g in range(8)}


def pict_json(s: State) -> dict[str, Any] | None:
    """The Pict attack waiting for Glory (D29) or Ransom (C22) decisions."""
    if s.phase not in (S.PH_GLORY, S.PH_RANSOM):
        return None
    return {
        "card": card_json(s, s.pk_card),
        "most_defence": [p for p in range(s.n) if (s.pk_win >> p) & 1],
        "least_defence": [p for p in range(s.n) if (s.pk_lose >> p) & 1],
        "deciding": list(s.pk_queue),
        "glory": [p for p in range(s.n) if (s.pk_glory >> p) & 1],
        "ransom": [p for p in range(s.n) if (s.pk_glory >> (p + S.RANSOM_BIT)) & 1],
        "vp_change": list(s.pk_delta),
        "at_game_end": s.pk_ctx == S.CTX_FINAL,
    }


def purchase_json(s: State) -> dict[str, Any] | None:
    """The card on offer to the seat to move: a demand column's or the reservation's."""
    if s.phase == S.PH_BUY:
        return {
            "slot": s.pslot + 1,
            "card": card_json(s, s.slots[s.pslot]),
            "price": len(s.cols[s.pslot]),
            "reserved": False,
        }
    if s.phase == S.PH_RESBUY:
        return {
            "slot": None,
            "card": card_json(s, s.res_cards[0]),
            "price": len(s.res_cards),
            "reserved": True,
        }
    return None


def unloading_json(s: State) -> dict[str, Any] | None:
    """The loading turn of the seat to move: the goods it still has to place."""
    if s.phase != S.PH_LOAD:
        return None
    pool = [g for g in range(8) for _ in range(s.pool[g])]
    flagged = [g for g in range(8) for _ in range(s.pool[g + 8])]
    return {
        "turn": s.lpos + 1,
        "goods": [D.GOOD_NAMES[g] for g in pool],
        "goods_stored_this_turn": [D.GOOD_NAMES[g] for g in flagged],
        "to_use_at_once": [D.GOOD_NAMES[g] for g in s.buf],
        "stolen": s.buf_stolen,
    }


def determinize(state: State, seat: int, rng: random.Random) -> State:
    s = state.clone()
    s.legal_cache = None
    # not the phase's reading of the deck as it lies: the re-dealt one may bring its
    # Pict attacks in another order
    s.phase_reading = S.PhaseReading() if s.phase == S.PH_LOAD else None
    deck = s.deck
    # Pools are sorted before each shuffle so the re-deal depends only on what
    # the seat knows (the seasons' card sets, the bag's contents) and the rng.
    # Search re-deals at every iteration: a season's pile is one run of the deck,
    # re-dealt as a slice (any other layout place by place, to the same result).
    season_of = D.SEASON  # once, not per card (a module attribute in the compiled build)
    seasons = [season_of[c] for c in deck]
    for season in range(4):
        count = seasons.count(season)
        if count > 1:
            a = seasons.index(season)
            b = a + count
            if seasons[a:b].count(season) == count:
                cards = sorted(deck[a:b])
                shuffle(rng, cards)
                deck[a:b] = cards
                continue
            pos = [i for i, k in enumerate(seasons) if k == season]
            cards = sorted(deck[i] for i in pos)
            shuffle(rng, cards)
            for i, c in zip(pos, cards):
                deck[i] = c
    s.bag.sort()
    shuffle(rng, s.bag)
    return s


# ---------------------------------------------------------------------- component totals

CRAFTSMEN: Final = tuple(c.idx for c in D.CARDS if c.kind == D.CRAFTSMAN)


def all_places(s: State) -> list[int]:
    """Every card in some place (deck, slot, reservation, loading/card area, box)."""
    out = list(s.deck) + list(s.box) + [c for c in s.slots if c >= 0] + list(s.res_cards)
    for p in range(s.n):
        out += s.loading[p] + s.cards[p]
    return out


def cube_count(s: State) -> list[int]:
    """Goods cubes per type in every place (bag, ships, CGS, craftsmen, storage,
    pool and immediate buffer)."""
    cnt = [0] * 8
    for g in s.bag:
        cnt[g] += 1
    for goods in s.cargo:
        for g in goods:
            cnt[g] += 1
    for g in range(8):
        cnt[g] += s.cgs[g] + s.pool[g] + s.pool[g + 8]
    for c in CRAFTSMEN:
        f = s.fill[c]
        if f:
            for i, g in enumerate(D.NEEDS[c]):
                if (f >> i) & 1:
                    cnt[g] += 1
    for p in range(s.n):
        if s.sboard[p] >= 0:
            cnt[s.sboard[p] & 7] += 1
        for x in s.swh[p]:
            cnt[x & 7] += 1
    for g in s.buf:
        cnt[g] += 1
    return cnt


def component_totals(s: State) -> dict[str, int]:
    """Cards in some place (each exactly once) and goods cubes per type."""
    places = all_places(s)
    totals = {"cards": len(places), "distinct_cards": len(set(places))}
    for g, count in enumerate(cube_count(s)):
        totals[f"goods_{D.GOOD_NAMES[g]}"] = count
    return totals


# ---------------------------------------------------------------------- card texts


def goods_text(goods: list[int] | tuple[int, ...]) -> str:
    return " ".join(GOOD_SHORT[g] for g in goods) if goods else "-"


def card_text(c: int, cargo: tuple[int, ...] = (), fill: int = 0) -> str:
    """A short description of card c with the goods on it (a ship's ``cargo``, the
    ``fill`` mask of a craftsman)."""
    card = CARDS[c]
    k = KIND[c]
    if k == D.SHIP:
        return f"{card.cid} ship[{goods_text(cargo)}]"
    if k == D.CRAFTSMAN:
        parts = [GOOD_SHORT[g] + ("+" if (fill >> i) & 1 else "-") for i, g in enumerate(NEEDS[c])]
        done = "*" if fill == D.FULL_MASK[c] else ""
        return f"{card.cid} craft{card.vp}{done}[{' '.join(parts)}]"
    if k == D.TRADER:
        return f"{card.cid} trader {GOOD_SHORT[card.goods[0]]}>{card.coins}c"
    if k == D.ORACLE:
        return f"{card.cid} oracle {GOOD_SHORT[card.goods[0]]}>2VP"
    if k == D.WARRIOR:
        return f"{card.cid} warrior {card.defence}"
    if k == D.TRAVEL:
        return f"{card.cid} travel {card.vp}VP"
    if k == D.SKALD:
        return f"{card.cid} skald/{D.SKALD_NAMES[card.skald]}"
    if k == D.PICT:
        return f"{card.cid} Picts +{card.gain}/-{card.loss}"
    return f"{card.cid} {D.KIND_NAMES[k]}"


def wrap(prefix: str, items: list[str], indent: int = 4) -> list[str]:
    """Items joined by `` | `` in lines of at most ``WIDTH - 1`` characters."""
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


# ---------------------------------------------------------------------- what a card does

SKALD_TEXTS = (
    "1 VP per coin you have at the end",
    "1 VP per ship card you own at the end",
    "1 VP per trader card you own at the end",
    "1 VP per warrior card you own at the end",
    "1 VP per craftsman card you own at the end, complete or not",
    "1 VP per travel card you own at the end",
    "doubles the VP of your best travel card at the end",
)

# What each kind of card with no number of its own does (by kind).
KIND_TEXTS = {
    D.FEAST: "feasts score together at the end: 1/2/3/4 or more = 2/5/9/14 VP",
    D.WAREHOUSE: (
        f"{D.WAREHOUSE_STORAGE} more storage spaces for any goods ('store GOOD wh', "
        "'take GOOD wh'); 1 VP per good on it at the end"
    ),
    D.LONGHOUSE: "+1 coin of income in every loading phase, from the round you buy it",
    D.TREASURE: f"{D.TREASURE_COINS} coins at once when you buy it; then to the box",
    D.FREEBUY: "once: buy the card you are offered for 0 coins ('free'); then to the box",
    D.HIREDHANDS: (
        f"when bought: the {D.BROWN_VIKINGS} brown vikings; put any of them in at the "
        "start of a demand phase ('commit K') to place them as your own"
    ),
    D.EXCHANGE: (
        "in your loading turns: 2 goods for 1 good of your choice from the common "
        "goods, used at once ('exchange G G T'), as often as you like"
    ),
    D.REWORK: (
        "once, in your loading turn: take 1-3 goods off your craftsmen and use them "
        "again at once ('rework CARD:GOOD ...'); then to the box"
    ),
    D.MARKET: (
        "once, in your loading turn: take 1 good of your choice from the common "
        "goods, used at once ('market T'); then to the box"
    ),
    D.SWAP: (
        "once, when a demand phase ends: swap two vikings of different players "
        "('swap C:I C:I' or 'decline'); then to the box"
    ),
    D.TRIBUTE: "when bought: every other player pays you 1 coin if they can; then to the box",
    D.THIEF: (
        "once, in your loading turn: take 1 good off another player's incomplete "
        "craftsman and use it at once ('steal S CARD GOOD'); then to the box"
    ),
    D.GLORY: (
        "once, at a Pict attack where you have the most defence: double the VP you "
        "gain ('glory'); then to the box"
    ),
    D.SHIELDWALL: "at every Pict attack your strongest warrior counts twice",
    D.RANSOM: (
        f"after every Pict attack that costs you VP: pay {D.RANSOM_COINS} coins to lose "
        "none ('ransom')"
    ),
}


def card_help(cid: str) -> str | None:
    """What card ``cid`` (any case) does; None if no card has that id."""
    c = BY_ID.get(cid.upper())
    if c is None:
        return None
    card = CARDS[c]
    k = card.kind
    if k == D.SHIP:
        does = (
            f"a ship with up to {card.capacity} goods; you unload them in your loading "
            "turn: put them on your cards, store, convert or cash them"
        )
    elif k == D.CRAFTSMAN:
        needs = " ".join(GOOD_NAMES[g] for g in card.goods)
        does = (
            f"needs {needs} ('put GOOD {card.cid}'); complete, it scores {card.vp} VP "
            "at the end, incomplete nothing"
        )
    elif k == D.TRADER:
        coins = f"{card.coins} coin" + ("s" if card.coins != 1 else "")
        does = (
            f"takes {GOOD_NAMES[card.goods[0]]} for {coins} each "
            f"('put {GOOD_NAMES[card.goods[0]]} {card.cid}'); 1 VP at the end"
        )
    elif k == D.ORACLE:
        does = (
            f"takes {GOOD_NAMES[card.goods[0]]} for {D.ORACLE_VP} VP each "
            f"('put {GOOD_NAMES[card.goods[0]]} {card.cid}')"
        )
    elif k == D.WARRIOR:
        does = (
            f"defence {card.defence}: at each Pict attack the most defence gains VP, "
            "the least loses VP"
        )
    elif k == D.TRAVEL:
        does = f"{card.vp} VP at the end"
    elif k == D.SKALD:
        does = SKALD_TEXTS[card.skald]
    elif k == D.PICT:
        does = f"the most defence gains {card.gain} VP, the least defence loses {card.loss}"
    else:
        does = KIND_TEXTS[k]
    advanced = " (Jarl game only)" if card.jarl_only else ""
    return f"{card_text(c)}{advanced}: {does}"
