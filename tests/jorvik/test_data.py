"""Spec §1.4.6 totals and checks on the card data."""

from __future__ import annotations

from collections import Counter

import pytest

from vikingcli_jorvik import data as D


def _count(pred) -> int:
    return sum(1 for c in D.CARDS if pred(c))


def test_cards_per_season() -> None:
    assert len(D.CARDS) == 104
    assert [_count(lambda c, s=s: c.season == s) for s in range(5)] == [24, 25, 25, 29, 1]
    assert [_count(lambda c, s=s: c.season == s and not c.jarl_only) for s in range(4)] == [
        13, 13, 13, 15,
    ]  # fmt: skip
    assert [_count(lambda c, s=s: c.season == s and c.jarl_only) for s in range(4)] == [
        11, 12, 12, 14,
    ]  # fmt: skip


def test_kinds() -> None:
    kinds = Counter(c.kind for c in D.CARDS)
    assert kinds[D.PICT] == 5
    assert kinds[D.SKALD] == 7
    assert kinds[D.FEAST] == 6
    assert kinds[D.ORACLE] == 5
    assert kinds[D.TRADER] == 8
    assert kinds[D.WARRIOR] == 15
    buildings = (D.WAREHOUSE, D.LONGHOUSE, D.HIREDHANDS, D.EXCHANGE, D.FREEBUY, D.MARKET,
                 D.TREASURE, D.REWORK)  # fmt: skip
    assert sum(kinds[k] for k in buildings) == 8
    assert sum(kinds[k] for k in (D.SWAP, D.TRIBUTE, D.THIEF)) == 3
    assert sum(kinds[k] for k in (D.GLORY, D.SHIELDWALL, D.RANSOM)) == 3
    both_w = sorted(c.defence for c in D.CARDS if c.kind == D.WARRIOR and not c.jarl_only)
    assert both_w == [1, 1, 2, 2, 2, 3, 3, 4, 4, 5]
    jarl_w = sorted(c.defence for c in D.CARDS if c.kind == D.WARRIOR and c.jarl_only)
    assert jarl_w == [1, 2, 3, 4, 5]


def test_ships_carry_all_goods() -> None:
    caps = [c.capacity for c in D.CARDS if c.kind == D.SHIP]
    assert sum(caps) == 54
    assert sum(c.capacity for c in D.CARDS if c.kind == D.SHIP and not c.jarl_only) == 45


def test_craftsmen() -> None:
    both = [c for c in D.CARDS if c.kind == D.CRAFTSMAN and not c.jarl_only]
    assert sorted(len(c.goods) for c in both) == [2] * 4 + [3] * 3 + [4] * 3
    for c in both:
        assert c.vp == {2: 5, 3: 8, 4: 11}[len(c.goods)]
    need = Counter(g for c in both for g in c.goods)
    assert [need[g] for g in D.BASIC_GOODS] == [6, 6, 5, 6, 6]
    advanced = [c for c in D.CARDS if c.kind == D.CRAFTSMAN and c.jarl_only]
    assert len(advanced) == 8
    for c in advanced:
        premium = sum(1 for g in c.goods if g in D.PREMIUM_GOODS)
        assert c.vp == {2: 5, 3: 8, 4: 11}[len(c.goods)] + premium
    need_all = Counter(g for c in both + advanced for g in c.goods)
    assert [need_all[g] for g in range(8)] == [9, 9, 9, 9, 9, 2, 2, 2]


@pytest.mark.parametrize(
    ("n", "advanced", "removed", "non_pict"),
    [
        (2, False, {"D11", "D12"}, 48),
        (3, False, {"D08", "D12"}, 48),
        (4, False, set(), 50),
        (5, False, {"D08", "D12"}, 48),
        (2, True, {"D11", "D12", "D17", "D27"}, 95),
        (3, True, {"D08", "D12", "D17", "D27"}, 95),
        (4, True, set(), 99),
        (5, True, {"D08", "D12", "D17", "D27"}, 95),
    ],
)
def test_removals_and_deck_sizes(n: int, advanced: bool, removed: set[str], non_pict: int) -> None:
    used = set(D.deck_cards(n, advanced))
    pool = [c for c in D.CARDS if advanced or not c.jarl_only]
    assert {c.cid for c in pool if c.idx not in used} == removed
    assert sum(1 for c in used if D.KIND[c] != D.PICT) == non_pict


def test_the_rules_text_names_as_jarl_only_exactly_the_jarl_only_cards() -> None:
    """`vikingcli rules jorvik` listed A06 and C10 as Jarl-only; the card list (and
    docs/rules/jorvik.md) has them in both games."""
    import re

    from vikingcli_jorvik import data as D
    from vikingcli_jorvik.rulestext import RULES_TEXT

    paragraph = RULES_TEXT.split("Jarl-only cards")[1].split("\n\n")[0]
    named = set(re.findall(r"\b([A-D]\d\d)\b", paragraph))
    assert named, "the rules text lists no Jarl-only card"
    for cid in named:
        assert D.CARDS[D.BY_ID[cid]].jarl_only, f"{cid} is in both games"
    assert not D.CARDS[D.BY_ID["A06"]].jarl_only and not D.CARDS[D.BY_ID["C10"]].jarl_only
