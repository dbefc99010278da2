"""Small, big and final scorings and the outcome (docs/rules/wikinger.md §4.2, §4.3,
§4.5, §4.6, §5.4.3).

Each function changes gold/VP in the state and appends one JSON-ready entry to
``state.log``: ``{"scoring": kind, "round": r, "seats": [{item: amount, ...}, ...]}``
where every item is named after its rule (``plunder_gold``, ``nobles_vp``, ``f1_vp``...).
"""

from __future__ import annotations

from typing import Any, Final

from vikingcli.engine import Outcome, ranks_from_keys
from vikingcli_wikinger.board import completed_islands, is_threatened, threat_depths
from vikingcli_wikinger.data import (
    BOATMAN,
    BOATMAN_BONUS,
    FIG,
    FOOD_PER_FISHER,
    GOLD_PER_VP,
    GOLD_PER_VP_TRADER,
    GOLDSMITH_GOLD,
    ISLANDS_BONUS,
    LONGEST_BONUS,
    NOBLE_VP,
    RULING_MAJORITY_MIN,
    SHIP_GOLD,
    SHIP_VP,
    SP02,
    SP03,
    SP05,
    SP06,
    SP07,
    SP08,
    SP09,
    SP10,
    START_VP,
    SURPLUS_VP,
    SURPLUS_VP_FEAST,
    T_SP11,
    TILE_MASK,
)
from vikingcli_wikinger.state import PH_OVER, State


def safe_counts(ships: list[int], rows: list[list[int]]) -> dict[str, int]:
    """Unthreatened figures per role, scout value, plunder: everything a round
    scoring needs from one tableau (§4.1, §4.3 steps 2-7)."""
    td = threat_depths(ships, rows)
    out = {"nobles": 0, "scouts": 0, "scout_vp": 0, "goldsmiths": 0, "fishers": 0,
           "plunder_gold": 0, "plunder_vp": 0}
    row1 = rows[0]
    for c, d in enumerate(ships):
        if d and c < len(row1) and row1[c] & FIG:
            out["plunder_gold"] += SHIP_GOLD[d]
            out["plunder_vp"] += SHIP_VP[d]
    for c, v in enumerate(rows[1]):
        if v & FIG and not is_threatened(td, 2, c):
            out["nobles"] += 1
    r4, r5 = rows[3], rows[4]
    for c, v in enumerate(rows[2]):
        if v & FIG and not is_threatened(td, 3, c):
            out["scouts"] += 1
            # §4.3.5 / §8.12: +1 for each figure at (4,c) and (5,c), no contiguity needed.
            out["scout_vp"] += 1 + (c < len(r4) and r4[c] >= FIG) + (c < len(r5) and r5[c] >= FIG)
    for c, v in enumerate(r4):
        if v & FIG and not is_threatened(td, 4, c):
            out["goldsmiths"] += 1
    for c, v in enumerate(r5):
        if v & FIG and not is_threatened(td, 5, c):
            out["fishers"] += 1
    return out


def goldsmith_rate(sp: list[int]) -> int:
    """Gold per unthreatened goldsmith, with the SP02/SP03 guilds."""
    return GOLDSMITH_GOLD + sp[SP02] + 2 * sp[SP03]


def small_scoring(s: State) -> None:
    """§4.2: +3 gold (more with guilds) per unthreatened goldsmith; no plunder."""
    seats: list[dict[str, int]] = []
    for p in range(s.n):
        k = safe_counts(s.ships[p], s.rows[p])
        g = k["goldsmiths"] * GOLDSMITH_GOLD
        guild = k["goldsmiths"] * (s.sp[p][SP02] + 2 * s.sp[p][SP03])
        s.gold[p] += g + guild
        entry = {"goldsmiths_gold": g, "gold": g + guild, "vp": 0}
        if s.advanced:
            entry["guild_gold"] = guild
        seats.append(entry)
    s.log.append({"scoring": "small", "round": s.round, "seats": seats})


def big_scoring(s: State) -> None:
    """§4.3 steps 2-8 (ferrying happened before, as decisions)."""
    seats: list[dict[str, int]] = []
    for p in range(s.n):
        k = safe_counts(s.ships[p], s.rows[p])
        sp = s.sp[p]
        e: dict[str, int] = {
            "plunder_gold": k["plunder_gold"],
            "plunder_vp": k["plunder_vp"],
            "nobles_vp": NOBLE_VP * k["nobles"],
            "scouts_vp": k["scout_vp"],
            "goldsmiths_gold": GOLDSMITH_GOLD * k["goldsmiths"],
        }
        if s.advanced:
            e["guild_gold"] = k["goldsmiths"] * (sp[SP02] + 2 * sp[SP03])
            e["noble_hall_vp"] = sp[SP05] * k["nobles"]
            e["scout_camp_vp"] = sp[SP06] * k["scouts"]
            e["fishing_ground_vp"] = sp[SP07] * k["fishers"]
        gold = sum(v for key, v in e.items() if key.endswith("_gold"))
        vp = sum(v for key, v in e.items() if key.endswith("_vp"))
        s.gold[p] += gold
        s.vp[p] += vp
        e["gold"] = gold
        e["vp"] = vp
        seats.append(e)
    s.log.append({"scoring": "big", "round": s.round, "seats": seats})


def figures_owned(idle: list[int], rows: list[list[int]]) -> int:
    """Figures on island tiles plus idle figures (boatmen included), §4.5 F6."""
    return sum(idle) + sum(1 for row in rows for v in row if v & FIG)


def sp11_score(ships: list[int], rows: list[list[int]]) -> int:
    """F7: unthreatened figures on each placed SP11 and its 8 neighbours."""
    td = threat_depths(ships, rows)
    total = 0
    for r in range(1, 6):
        for c, v in enumerate(rows[r - 1]):
            if T_SP11 <= v & TILE_MASK <= T_SP11 + 3:
                for rr in range(max(1, r - 1), min(5, r + 1) + 1):
                    row = rows[rr - 1]
                    for cc in range(max(0, c - 1), c + 2):
                        if cc < len(row) and row[cc] & FIG and not is_threatened(td, rr, cc):
                            total += 1
    return total


def _majority(values: list[int]) -> list[bool]:
    best = max(values)
    if best < RULING_MAJORITY_MIN:
        return [False] * len(values)
    return [v == best for v in values]


def final_scoring(s: State) -> None:
    """§4.5 F1-F7, each step for every player in turn."""
    e: list[dict[str, Any]] = [{} for _ in range(s.n)]
    _unfought_ships(s, e)
    _gold_to_vp(s, e)
    _majorities(s, e)
    _feeding(s, e)
    _buildings(s, e)
    s.log.append({"scoring": "final", "round": s.round, "seats": e})


def _unfought_ships(s: State, e: list[dict[str, Any]]) -> None:
    """F1: each unfought ship costs its gold (1 VP for each one missing) and its VP."""
    for p in range(s.n):
        td = threat_depths(s.ships[p], s.rows[p])
        gold_paid = 0
        vp_lost = 0
        for c, d in enumerate(s.ships[p]):
            if d and td[c]:
                due = SHIP_GOLD[d]
                if due:
                    pay = min(due, s.gold[p])
                    s.gold[p] -= pay
                    gold_paid += pay
                    s.vp[p] -= due - pay  # missing gold costs 1 VP each (may go below 0)
                    vp_lost += due - pay
                s.vp[p] -= SHIP_VP[d]
                vp_lost += SHIP_VP[d]
        e[p]["f1_gold"] = -gold_paid
        e[p]["f1_vp"] = -vp_lost


def _gold_to_vp(s: State, e: list[dict[str, Any]]) -> None:
    """F2: gold into VP at the seat's rate (better with the trader, SP10)."""
    for p in range(s.n):
        rate = GOLD_PER_VP_TRADER if s.sp[p][SP10] else GOLD_PER_VP
        gain = s.gold[p] // rate
        e[p]["f2_gold_spent"] = gain * rate
        s.gold[p] %= rate
        s.vp[p] += gain
        e[p]["f2_vp"] = gain


def _majorities(s: State, e: list[dict[str, Any]]) -> None:
    """F3-F5: the bonuses for the most boatmen, the most completed islands and the
    longest island."""
    n = s.n
    boats = [s.idle[p][BOATMAN] + s.sp[p][SP08] for p in range(n)]
    for p, win in enumerate(_majority(boats)):  # F3
        e[p]["f3_boatmen"] = boats[p]
        e[p]["f3_vp"] = BOATMAN_BONUS if win else 0
    islands = [completed_islands(s.rows[p]) for p in range(n)]
    counts = [len(x) for x in islands]
    longest = [max(x) if x else 0 for x in islands]
    for p, win in enumerate(_majority(counts)):  # F4
        e[p]["f4_islands"] = counts[p]
        e[p]["f4_vp"] = ISLANDS_BONUS if win else 0
    for p, win in enumerate(_majority(longest)):  # F5 (longest >= 2 iff one exists)
        e[p]["f5_longest"] = longest[p]
        e[p]["f5_vp"] = LONGEST_BONUS if win else 0
    for p in range(n):
        s.vp[p] += e[p]["f3_vp"] + e[p]["f4_vp"] + e[p]["f5_vp"]


def _feeding(s: State, e: list[dict[str, Any]]) -> None:
    """F6: the fishers' food against the figures; a surplus scores (more with the feast,
    SP09), a shortfall costs 1 VP a figure."""
    for p in range(s.n):
        need = figures_owned(s.idle[p], s.rows[p])
        food = FOOD_PER_FISHER * safe_counts(s.ships[p], s.rows[p])["fishers"]
        if food >= need:
            v = (SURPLUS_VP_FEAST if s.sp[p][SP09] else SURPLUS_VP) * (food - need)
        else:
            v = food - need
        s.vp[p] += v
        e[p]["f6_figures"] = need
        e[p]["f6_food"] = food
        e[p]["f6_vp"] = v


def _buildings(s: State, e: list[dict[str, Any]]) -> None:
    """F7 (advanced game): the buildings SP11 replaced; then each seat's final total."""
    for p in range(s.n):
        v = sp11_score(s.ships[p], s.rows[p]) if s.advanced else 0
        s.vp[p] += v
        if s.advanced:
            e[p]["f7_vp"] = v
        e[p]["vp"] = sum(val for key, val in e[p].items() if key.endswith("_vp"))
        e[p]["gold_left"] = s.gold[p]


def outcome(s: State) -> Outcome:
    """Final VP, ranked by VP and then leftover gold (§4.6), with every scoring's entry."""
    keys = [(s.vp[p], s.gold[p]) for p in range(s.n)]
    breakdown = {"scorings": list(s.log), "gold_left": list(s.gold)}
    return Outcome(
        scores=tuple(float(v) for v in s.vp),
        ranks=ranks_from_keys(keys),
        end_reason="rules" if s.phase == PH_OVER else "unfinished",
        breakdown=breakdown,
        sheet=score_sheet(s),
    )


# (log key, label) of each round-scoring item, in the order the sheet shows them.
ROUND_ITEMS: Final = (
    ("goldsmiths_gold", "goldsmiths"),
    ("guild_gold", "guild"),
    ("plunder_gold", "plunder"),
    ("plunder_vp", "plunder"),
    ("nobles_vp", "nobles"),
    ("noble_hall_vp", "noble hall"),
    ("scouts_vp", "scouts"),
    ("scout_camp_vp", "scout camp"),
    ("fishing_ground_vp", "fishing ground"),
)
FINAL_ITEMS: Final = (
    ("f1_gold", "F1 unfought ships"),
    ("f1_vp", "F1 unfought ships"),
    ("f2_vp", "F2 gold to VP"),
    ("f3_vp", "F3 most boatmen"),
    ("f4_vp", "F4 most islands"),
    ("f5_vp", "F5 longest island"),
    ("f6_vp", "F6 feeding"),
    ("f7_vp", "F7 buildings"),
)


def gold_cell(v: int) -> str:
    """A gold amount on the sheet, told apart from VP by its unit: ``+6g``."""
    return f"{v:+d}g"


def score_sheet(s: State) -> tuple[tuple[str, tuple[Any, ...]], ...]:
    """The score sheet for people, from the scoring log: the start VP, the VP exchanged
    for gold during play (takes and bids), each scoring's items round by round (items
    nobody scored are left out, gold items in gold: ``+6g``), every final-scoring step,
    the gold left (the tie-break) and the total. The VP rows (plain numbers) add up to
    the total."""
    n = s.n
    rows: list[tuple[str, tuple[Any, ...]]] = [("start", (START_VP,) * n)]
    scored = [0] * n
    body: list[tuple[str, tuple[Any, ...]]] = []
    for entry in s.log:
        seats = entry["seats"]
        if entry["scoring"] == "final":
            items = [(key, label) for key, label in FINAL_ITEMS if key in seats[0]]
            head = "final"
        else:
            items = list(ROUND_ITEMS)
            head = f"round {entry['round']}"
        for key, label in items:
            values = [e.get(key, 0) for e in seats]
            if head != "final" and not any(values):
                continue
            if key == "f1_gold" and not any(values):
                continue
            if key.endswith("_gold"):
                body.append((f"{head} {label} (gold)", tuple(gold_cell(v) for v in values)))
            else:
                body.append((f"{head} {label}", tuple(values)))
                scored = [a + b for a, b in zip(scored, values)]
    exchanged = [s.vp[p] - START_VP - scored[p] for p in range(n)]
    if any(exchanged):
        rows.append(("VP exchanged for gold", tuple(exchanged)))
    rows += body
    rows.append(("gold left (tie-break)", tuple(f"{g}g" for g in s.gold)))
    rows.append(("total", tuple(s.vp)))
    return tuple(rows)
