"""What a seat may know (docs/rules/jorvik.md §6.1): the observation, re-dealing the
hidden deck and bag orders for search, the component totals, and the short card
texts shared by the table view and the card catalogue."""

from __future__ import annotations

import random
from typing import Any, Final

from vikingcli.engine import shuffle
from vikingcli_jorvik import data as D
from vikingcli_jorvik.data import CARDS, GOOD_SHORT, KIND, NEEDS
from vikingcli_jorvik.state import State

WIDTH: Final = 80

# ---------------------------------------------------------------------- information sets


def observation(s: State, seat: int) -> dict[str, Any]:
    obs = s.to_json()
    del obs["deck"]
    del obs["bag"]
    # public: the remaining deck contents per season (card list and removals are
    # public, only the order is hidden) and the bag contents (all other goods are
    # visible); not their order.
    obs["deck_count"] = len(s.deck)
    obs["deck_remaining"] = sorted(CARDS[c].cid for c in s.deck)
    bag_counts = [0] * 8
    for g in s.bag:
        bag_counts[g] += 1
    obs["bag_counts"] = bag_counts
    obs["seat"] = seat
    return obs


def determinize(state: State, seat: int, rng: random.Random) -> State:
    s = state.clone()
    s.legal_cache = None
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
