"""Jórvík scoring: defence for the Pict attacks, final scoring and the outcome
(docs/rules/jorvik.md §3.1.1 and §4.2)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from vikingcli.engine import Outcome, ranks_from_keys
from vikingcli_jorvik import data as D
from vikingcli_jorvik.data import CARDS, KIND
from vikingcli_jorvik.state import PH_OVER, State

FINAL_CATEGORIES: Final = ("craftsmen", "traders", "travels", "feasts", "skalds", "warehouse")


# Per-card values as flat tuples: the heuristic scores every seat at every search
# cut-off, and an index is cheaper than a Card attribute.
VP: tuple[int, ...] = tuple(c.vp for c in CARDS)
SKALD_OF: tuple[int, ...] = tuple(c.skald for c in CARDS)
DEFENCE: tuple[int, ...] = tuple(c.defence for c in CARDS)
_IS_SHIELDWALL: Final[tuple[bool, ...]] = tuple(k == D.SHIELDWALL for k in KIND)


def defence(s: State, p: int, loading: bool = False) -> int:
    """Spec §3.1.1 step 1: warriors summed; B23 doubles the highest one. With
    ``loading``, the cards of the loading area count too: they join the card area this
    round (the heuristic's defence to come)."""
    total = best = 0
    shield = False
    is_shieldwall = _IS_SHIELDWALL
    for area in (s.cards[p], s.loading[p]) if loading else (s.cards[p],):
        for c in area:
            v = DEFENCE[c]  # a warrior's; every other card's is 0
            if v:
                total += v
                if v > best:
                    best = v
            elif is_shieldwall[c]:
                shield = True
    return total + best if shield else total


def final_breakdown(s: State, p: int, owned: Sequence[int] | None = None) -> dict[str, int]:
    """Spec §4.2 final scoring for one seat (without the E01 attack); ``owned``
    replaces the card area (the heuristic adds the loading area)."""
    return dict(zip(FINAL_CATEGORIES, final_points(s, p, s.cards[p] if owned is None else owned)))


Points = tuple[int, int, int, int, int, int]  # FINAL_CATEGORIES' points, in order


def final_points(s: State, p: int, cards: Sequence[int]) -> Points:
    """:func:`final_breakdown`'s points in ``FINAL_CATEGORIES`` order for the cards
    ``cards`` of seat p, in one pass over them (the skalds count what the pass saw)."""
    fill = s.fill
    craft = trader = travel = feasts = wh = 0
    ships = ncraft = nwar = ntrav = ntraders = 0
    best_travel = 0  # travel VP are positive: 0 until a travel is seen
    skalds: list[int] = []
    for c in cards:
        k = KIND[c]
        if k == D.CRAFTSMAN:
            ncraft += 1
            if fill[c] == D.FULL_MASK[c]:
                craft += VP[c]
        elif k == D.TRADER:
            trader += VP[c]
            ntraders += 1
        elif k == D.TRAVEL:
            v = VP[c]
            travel += v
            ntrav += 1
            if v > best_travel:
                best_travel = v
        elif k == D.FEAST:
            feasts += 1
        elif k == D.SHIP:
            ships += 1
        elif k == D.WARRIOR:
            nwar += 1
        elif k == D.WAREHOUSE:
            wh = len(s.swh[p])
        elif k == D.SKALD:
            skalds.append(SKALD_OF[c])
    skald = 0
    for sk in skalds:
        if sk == D.SK_COINS:
            skald += s.coins[p]
        elif sk == D.SK_SHIPS:
            skald += ships
        elif sk == D.SK_TRADERS:
            skald += ntraders
        elif sk == D.SK_WARRIORS:
            skald += nwar
        elif sk == D.SK_CRAFTSMEN:
            skald += ncraft
        elif sk == D.SK_TRAVELS:
            skald += ntrav
        elif sk == D.SK_DOUBLE_TRAVEL:
            skald += best_travel  # spec §6.3: the engine picks the highest travel
    feast = D.FEAST_VP[min(feasts, len(D.FEAST_VP) - 1)]
    return craft, trader, travel, feast, skald, wh


def final_table(s: State) -> dict[str, Any]:
    """Spec §4.2: every seat's final scoring per category and in total (the
    ``final`` field of the state and of the outcome's breakdown)."""
    n = s.n
    order = [(s.start + i) % n for i in range(n)]  # spec §8.23 (no effect)
    per_seat = {}
    for p in order:
        per_seat[p] = final_breakdown(s, p)
    final: dict[str, Any] = {k: [per_seat[p][k] for p in range(n)] for k in FINAL_CATEGORIES}
    final["total"] = [sum(per_seat[p].values()) for p in range(n)]
    return final


def outcome(s: State) -> Outcome:
    """Final VP, ranks (tie-break: most coins, spec §8.24) and the breakdown."""
    if s.phase != PH_OVER:
        raise ValueError("jorvik: the game is not over")
    keys = [(s.vp[p], s.coins[p]) for p in range(s.n)]  # tie-break: most coins
    picts = [e for e in s.log if e.get("scoring") == "pict attack"]
    final = dict(s.final or {})
    pict_sum = [sum(e["delta"][p] for e in picts) for p in range(s.n)]
    final_total = final.get("total", [0] * s.n)
    during = [
        s.vp[p] - D.VP_START - pict_sum[p] - final_total[p] for p in range(s.n)
    ]  # oracle sacrifices
    breakdown = {
        "start": [D.VP_START] * s.n,
        "oracles": during,
        "pict_attacks": picts,
        "final": final,
        "coins": list(s.coins),
        "total": list(s.vp),
    }
    return Outcome(
        scores=tuple(float(v) for v in s.vp),
        ranks=ranks_from_keys(keys),
        end_reason="rules",
        breakdown=breakdown,
        sheet=score_sheet(s, during, picts, final),
    )


SHEET_LABELS: Final = {
    "craftsmen": "craftsmen",
    "traders": "traders",
    "travels": "travels",
    "feasts": "feasts",
    "skalds": "skalds",
    "warehouse": "warehouse A06",
}


def score_sheet(
    s: State, oracles: list[int], picts: list[dict[str, Any]], final: dict[str, Any]
) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """The score sheet for people: the start VP, the oracles' VP during play, each
    Pict attack, each final scoring category, then the total (the rows add up to it)."""
    n = s.n
    rows: list[tuple[str, tuple[int, ...]]] = [("start", (D.VP_START,) * n)]
    if any(oracles):
        rows.append(("oracles", tuple(oracles)))
    for e in picts:
        rows.append((f"Pict attack {e['card']}", tuple(e["delta"])))
    for key in FINAL_CATEGORIES:
        rows.append((SHEET_LABELS[key], tuple(final.get(key, [0] * n))))
    rows.append(("total", tuple(s.vp)))
    return tuple(rows)
