"""What a seat sees and may look up: the observation, the determinized re-deal of what
it cannot see, the ``board N`` look-up with the full drawing of one tableau (render.py
uses it too), and the component totals the rules conserve (docs/rules/wikinger.md §6.3).
"""

from __future__ import annotations

import random
from typing import Any

from vikingcli_wikinger.actions import normalise
from vikingcli_wikinger.board import is_threatened, threat_depths
from vikingcli_wikinger.data import (
    BUILDING_LETTERS,
    COLOUR_LETTERS,
    COLOUR_NAMES,
    COLOUR_OF_ROW,
    FIG,
    LEFT_EDGE,
    N_COLOURS,
    RIGHT_EDGE,
    SAIL_LETTERS,
    SEA,
    SHIP,
    SHIP_GOLD,
    SHIP_VP,
    SPECIAL_IDS,
    T_L,
    T_R,
    T_SP11,
    TILE_MASK,
    building_of,
)
from vikingcli_wikinger.state import FIGURE, PLACE, START, State

WIDTH = 80

# ---------------------------------------------------------------- information


def observation(s: State, seat: int) -> dict[str, Any]:
    """Everything but the order of the stacks, the bag and the special pile: of those
    only the counts of what is left. The last move (``last_move``) is there too: every
    player saw it made, and narrate.py tells it."""
    unseen_tiles: dict[str, int] = {}
    for t in s.stacks[s.stack_pos:]:
        unseen_tiles[str(t)] = unseen_tiles.get(str(t), 0) + 1
    bag = [0] * N_COLOURS
    for x in s.bag[s.bag_pos:]:
        bag[x] += 1
    pile: dict[str, int] = {}
    for k in s.pile[s.pile_pos:]:
        pile[SPECIAL_IDS[k]] = pile.get(SPECIAL_IDS[k], 0) + 1
    d = s.to_json()
    for hidden in ("stacks", "bag", "pile"):
        del d[hidden]
    d["seat"] = seat
    d["unseen_tiles"] = dict(sorted(unseen_tiles.items()))
    d["bag_counts"] = dict(zip(COLOUR_NAMES, bag))
    d["special_pile_counts"] = dict(sorted(pile.items()))
    return d


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A copy with the unseen stacks, bag and pile re-shuffled from ``rng``."""
    s = state.clone()
    # Unseen parts are sorted before the shuffle: the re-deal must depend only on
    # what the seat knows (and the rng), never on the true hidden order.
    rest = sorted(s.stacks[s.stack_pos:])
    rng.shuffle(rest)
    s.stacks = s.stacks[:s.stack_pos] + rest
    bag = sorted(s.bag[s.bag_pos:])
    rng.shuffle(bag)
    s.bag = s.bag[:s.bag_pos] + bag
    pile = sorted(s.pile[s.pile_pos:])
    rng.shuffle(pile)
    s.pile = s.pile[:s.pile_pos] + pile
    return s


# ---------------------------------------------------------------- look-ups


def view(s: State, text: str) -> str | None:
    """``board N``: seat N's whole tableau (public information)."""
    words = normalise(text).split()
    if not words or words[0] != "board" or len(words) == 1:
        return None
    if len(words) == 2 and words[1].isdigit() and int(words[1]) < s.n:
        return render_board(s, int(words[1]), None)
    return f"'board N' shows seat N's tableau, N = 0..{s.n - 1}"


# ---------------------------------------------------------------- one tableau


def tile_text(t: int) -> str:
    """Short name of a wheel tile: L, Ma..Md, R or a ship <r>."""
    if t >= SHIP:
        return f"<{SAIL_LETTERS[t - SHIP]}>"
    if t == T_L:
        return "L"
    if t == T_R:
        return "R"
    b = building_of(t)
    return ("X" if t >= 7 else "M") + BUILDING_LETTERS[b]


def ship_text(depth: int, fought: bool) -> str:
    """Sail letter, value and fought mark, e.g. ``r3g+``."""
    value = f"{SHIP_GOLD[depth]}g" if SHIP_GOLD[depth] else f"{SHIP_VP[depth]}v"
    return SAIL_LETTERS[depth] + value + ("+" if fought else "!")


def fig_char(r: int, v: int, td: list[int], c: int) -> str:
    """The figure letter of cell value v at (r, c): lower case when threatened."""
    if not v & FIG:
        return "."
    ch = COLOUR_LETTERS[COLOUR_OF_ROW[r]]
    return ch.lower() if is_threatened(td, r, c) else ch


def board_width(s: State, p: int) -> int:
    """Columns of player p's tableau (ships and rows)."""
    return max(len(s.ships[p]), *(len(r) for r in s.rows[p]), 1)


def full_board(s: State, p: int) -> list[str]:
    """Player p's tableau in full: 5 characters a cell, wrapped to 80 columns."""
    ships, rows = s.ships[p], s.rows[p]
    td = threat_depths(ships, rows)
    ncol = board_width(s, p)
    per = (WIDTH - 5) // 5
    out: list[str] = []
    for lo in range(0, ncol, per):
        hi = min(ncol, lo + per)
        head = "     " + "".join(f" c{c:<3d}"[:5] for c in range(lo, hi))
        line0 = "  0  "
        for c in range(lo, hi):
            d = ships[c] if c < len(ships) else 0
            fought = bool(d and c < len(rows[0]) and rows[0][c] & FIG)
            line0 += (" " + ship_text(d, fought)) if d else "  .  "
        out += [head.rstrip(), line0.rstrip()]
        for r in range(1, 6):
            row = rows[r - 1]
            line = f"{r} {COLOUR_LETTERS[COLOUR_OF_ROW[r]]}  "
            for c in range(lo, hi):
                v = row[c] if c < len(row) else 0
                t = v & TILE_MASK
                if not t:
                    line += "  .  "
                    continue
                le = "~" if LEFT_EDGE[t] == SEA else "="
                re_ = "~" if RIGHT_EDGE[t] == SEA else "="
                kind = "L" if t == T_L else "R" if t == T_R else "X" if t >= 7 else "M"
                b = building_of(t)
                line += le + kind + (BUILDING_LETTERS[b] if b >= 0 else "-")
                line += fig_char(r, v, td, c) + re_
            out.append(line.rstrip())
    return out


def player_header(s: State, p: int, seat: int | None) -> str:
    """Gold, VP, idle figures and special tiles of player p."""
    you = " (you)" if p == seat else ""
    mark = "*" if p == s.start else " "
    idle = " ".join(f"{COLOUR_LETTERS[x]}{s.idle[p][x]}" for x in range(6) if s.idle[p][x])
    text = f"{mark}seat {p}{you}: {s.gold[p]} gold {s.vp[p]} VP  mainland: {idle or '-'}"
    if not s.placed_start[p]:
        text += "  (start tile in hand)"
    if s.adv:
        held = [
            SPECIAL_IDS[k] + (f"x{s.sp[p][k]}" if s.sp[p][k] > 1 else "")
            for k in range(len(SPECIAL_IDS))
            if s.sp[p][k]
        ]
        if held:
            text += "  specials: " + " ".join(held)
    return text


def render_board(s: State, p: int, seat: int | None) -> str:
    """One tableau in full with its header."""
    return "\n".join([player_header(s, p, seat), *full_board(s, p)])


# ---------------------------------------------------------------- components


def figures(s: State) -> int:
    """Every figure: bag, drawn (advanced), wheel, in hand, tableaux, mainland, box."""
    total = len(s.bag) - s.bag_pos + sum(s.drawn) + sum(1 for f in s.wheel_f if f >= 0)
    if s.pend_f >= 0 and s.phase in (START, PLACE, FIGURE):
        total += 1
    for p in range(s.n):
        total += sum(s.idle[p])
        total += sum(1 for row in s.rows[p] for v in row if v & FIG)
    return total + sum(s.box_figs)


def tiles(s: State) -> tuple[int, int]:
    """(island+ship tiles, special tiles) over every place they can be."""
    regular = len(s.stacks) - s.stack_pos + sum(1 for t in s.wheel_t if t)
    regular += len(s.box_tiles)
    if s.phase in (START, PLACE) and s.pend_t:
        regular += 1
    special = len(s.pile) - s.pile_pos + sum(1 for d in s.display if d >= 0)
    special += len(s.box_specials)
    for p in range(s.n):
        regular += sum(1 for d in s.ships[p] if d)
        regular += 0 if s.placed_start[p] else 1  # start tile still in hand
        special += sum(s.sp[p])
        for row in s.rows[p]:
            for v in row:
                t = v & TILE_MASK
                if t >= T_SP11:
                    special += 1
                elif t:
                    regular += 1
    return regular, special


def component_totals(s: State) -> dict[str, int]:
    """78 figures, 76 island and ship tiles, 25 special tiles, wherever they are."""
    regular, special = tiles(s)
    return {"figures": figures(s), "tiles": regular, "special_tiles": special}
