"""Where every Jórvík component is: the totals the rules must conserve."""

from __future__ import annotations

from vikingcli_jorvik import data as d
from vikingcli_jorvik.state import JorvikState


def all_places(s: JorvikState) -> list[int]:
    """Every card in some place (deck, slot, reservation, loading/card area, box)."""
    out = list(s.deck) + list(s.box) + [c for c in s.slots if c >= 0] + list(s.res_cards)
    for p in range(s.n):
        out += s.loading[p] + s.cards[p]
    return out


CRAFTSMEN = tuple(c.idx for c in d.CARDS if c.kind == d.CRAFTSMAN)


def cube_count(s: JorvikState) -> list[int]:
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
            for i, g in enumerate(d.NEEDS[c]):
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


def component_totals(s: JorvikState) -> dict[str, int]:
    """Cards in some place (each exactly once) and goods cubes per type."""
    places = all_places(s)
    totals = {"cards": len(places), "distinct_cards": len(set(places))}
    for g, count in enumerate(cube_count(s)):
        totals[f"goods_{d.GOOD_NAMES[g]}"] = count
    return totals
