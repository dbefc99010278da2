"""What a seat sees and may look up: the observation, the determinized re-deal of what
it cannot see, the ``board N`` look-up with the full drawing of one tableau (render.py
uses it too), and the component totals the rules conserve (docs/rules/wikinger.md §6.3).
"""

from __future__ import annotations

import random
from typing import Any, Final

from vikingcli.engine import seat_ref, shuffle
from vikingcli_wikinger.actions import normalise
from vikingcli_wikinger.board import is_threatened, threat_depths
from vikingcli_wikinger.data import (
    BUILDING_LETTERS,
    BUILDING_NAMES,
    COLOUR_LETTERS,
    COLOUR_OF_ROW,
    FIG,
    LEFT_EDGE,
    N_COLOURS,
    RIGHT_EDGE,
    ROLE_NAMES,
    SAIL_LETTERS,
    SAIL_NAMES,
    SEA,
    SHIP,
    SHIP_GOLD,
    SHIP_VP,
    SLOTS,
    SP11,
    SPECIAL_EFFECTS,
    SPECIAL_IDS,
    SPECIAL_NAMES,
    T_L,
    T_R,
    T_SP11,
    TILE_MASK,
    building_of,
)
from vikingcli_wikinger.state import PH_FIGURE, PH_OVER, PH_PLACE, PH_START, PHASE_NAMES, State

WIDTH: Final = 80

# ---------------------------------------------------------------- information


PHASES: Final = (*PHASE_NAMES[:-1], "end")
TILE_NAMES: Final = ("L", "Ma", "Mb", "Mc", "Md", "R", "Xa", "Xb", "Xc", "Xd")
"""Island tiles by name: L (sea|land), Ma..Md (land|land with building a..d), R
(land|sea), Xa..Xd (the building special SP11A..D laid as a tile)."""
SHIP_NAMES: Final = tuple(f"ship {SAIL_NAMES[d]}" for d in sorted(SAIL_NAMES))
TRIP_NAMES: Final = ("none", "first", "one colour", "several colours")


def tile_name(t: int) -> str:
    """A wheel or stack tile by name: an island tile, or ``ship red`` etc."""
    if t >= SHIP:
        return f"ship {SAIL_NAMES[t - SHIP]}"
    return TILE_NAMES[t - 1]


def cell_json(x: int) -> dict[str, Any] | None:
    """An island cell: its tile, the building on it, whether a figure stands on it."""
    if not x:
        return None
    t = x & TILE_MASK
    b = building_of(t)
    return {
        "tile": TILE_NAMES[t - 1],
        "building": BUILDING_NAMES[b] if b >= 0 else None,
        "figure": bool(x & FIG),
    }


def observation(s: State, seat: int) -> dict[str, Any]:
    """Everything but the order of the stacks, the bag and the special pile (of those
    only the counts of what is left), in the contract every game follows (the schema
    in ``schema.py``). The last move (``last_move``) is there too: every player saw it
    made, and two moves that end in the same position are still told apart."""
    over = s.phase == PH_OVER
    return {
        "game": "wikinger",
        "seat": seat,
        "players": s.n,
        "round": s.round,
        "phase": PHASES[s.phase],
        "to_move": None if over else s.actor,
        "seats": [seat_json(s, p) for p in range(s.n)],
        "mode": "advanced" if s.advanced else "basic",
        "bidding": s.bidding,
        "start_player": s.start,
        "scoring": "big" if s.round % 2 == 0 else "small",
        "wheel": wheel_json(s),
        "display": [SPECIAL_IDS[k] if k >= 0 else None for k in s.display],
        "drawn": {ROLE_NAMES[x]: s.drawn[x] for x in range(N_COLOURS)},
        "next_slot": s.next_slot,
        "turn": s.turn,
        "auction": {
            "high_bid": s.high_bid if s.high_bid >= 0 else None,
            "high_bidder": s.high_bidder if s.high_bidder >= 0 else None,
        },
        "pending": pending_json(s),
        "ferry": ferry_json(s),
        **unseen_counts(s),
        "out_of_game": {
            "tiles": sorted(tile_name(t) for t in s.box_tiles),
            "figures": {ROLE_NAMES[x]: s.box_figs[x] for x in range(N_COLOURS)},
            "specials": sorted(SPECIAL_IDS[k] for k in s.box_specials),
        },
        "scorings": [dict(e) for e in s.log],
        "last_move": None
        if not s.last_move
        else {"seat": s.last_move[0], "action": [str(x) for x in s.last_move[1:]]},
    }


def wheel_json(s: State) -> list[dict[str, Any]]:
    """The wheel's slots: price (from the cheapest filled slot), tile and figure."""
    smin = next((i for i in range(SLOTS) if s.wheel_t[i]), -1)
    return [
        {
            "slot": i,
            "price": i - smin if s.wheel_t[i] else None,
            "tile": tile_name(s.wheel_t[i]) if s.wheel_t[i] else None,
            "figure": ROLE_NAMES[s.wheel_f[i]] if s.wheel_f[i] >= 0 else None,
        }
        for i in range(SLOTS)
    ]


def pending_json(s: State) -> dict[str, Any]:
    """The combination being placed: tile, figure, where, and a special tile or SP11 swap
    pending."""
    return {
        "tile": tile_name(s.pend_t) if s.pend_t else None,
        "figure": ROLE_NAMES[s.pend_f] if s.pend_f >= 0 else None,
        "row": s.pend_r if s.pend_r >= 0 else None,
        "column": s.pend_c if s.pend_c >= 0 else None,
        "special": s.pend_special,
        "swap_building": BUILDING_NAMES[s.swap_b] if s.swap_b >= 0 else None,
    }


def ferry_json(s: State) -> dict[str, Any]:
    """The ferrying in progress (§4.4): whose turn, the trip, what is ferried and must be."""
    return {
        "turn": s.ferry_i,
        "trip": TRIP_NAMES[s.trip_mode],
        "trip_row": s.trip_r if s.trip_r >= 0 else None,
        "trip_column": s.trip_c if s.trip_c >= 0 else None,
        "ferried": s.ferried,
        "required": s.maxf0,
    }


def unseen_counts(s: State) -> dict[str, Any]:
    """What is left unseen, as counts only: tiles in the stacks, figures in the bag,
    special tiles in the pile."""
    unseen_tiles = [0] * (len(TILE_NAMES) + len(SHIP_NAMES))
    for t in s.stacks[s.stack_pos :]:
        unseen_tiles[t - 1 if t < SHIP else len(TILE_NAMES) + t - SHIP - 2] += 1
    names = (*TILE_NAMES, *SHIP_NAMES)
    bag = [0] * N_COLOURS
    for x in s.bag[s.bag_pos :]:
        bag[x] += 1
    pile = [0] * len(SPECIAL_IDS)
    for k in s.pile[s.pile_pos :]:
        pile[k] += 1
    return {
        "unseen_tiles": dict(zip(names, unseen_tiles)),
        "bag": {ROLE_NAMES[x]: bag[x] for x in range(N_COLOURS)},
        "special_pile": dict(zip(SPECIAL_IDS, pile)),
    }


def seat_json(s: State, p: int) -> dict[str, Any]:
    """One seat's public tracks and tableau."""
    return {
        "seat": p,
        "gold": s.gold[p],
        "vp": s.vp[p],
        "start_player": p == s.start,
        "start_tile_placed": s.placed_start[p],
        "bidding": s.in_auction[p],
        "mainland": {ROLE_NAMES[x]: s.idle[p][x] for x in range(N_COLOURS)},
        "specials": {SPECIAL_IDS[k]: s.sp[p][k] for k in range(len(SPECIAL_IDS)) if s.sp[p][k]},
        "ships": [SAIL_NAMES[d] if d else None for d in s.ships[p]],
        "islands": [[cell_json(x) for x in row] for row in s.rows[p]],
    }


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A copy with the unseen stacks, bag and pile re-shuffled from ``rng``."""
    s = state.clone()
    # Unseen parts are sorted before the shuffle: the re-deal must depend only on
    # what the seat knows (and the rng), never on the true hidden order.
    rest = sorted(s.stacks[s.stack_pos :])
    shuffle(rng, rest)
    s.stacks = s.stacks[: s.stack_pos] + rest
    bag = sorted(s.bag[s.bag_pos :])
    shuffle(rng, bag)
    s.bag = s.bag[: s.bag_pos] + bag
    pile = sorted(s.pile[s.pile_pos :])
    shuffle(rng, pile)
    s.pile = s.pile[: s.pile_pos] + pile
    return s


# ---------------------------------------------------------------- look-ups


def view(s: State, seat: int | None, text: str) -> str | None:
    """``board N``: player N's whole tableau (public information, N from 1);
    ``legend``: every letter and mark of the board explained."""
    words = normalise(text).split()
    if words == ["legend"]:
        return LEGEND
    if words in (["specials"], ["special"]):
        return specials_view(s)
    if not words or words[0] != "board" or len(words) == 1:
        return None
    if len(words) == 2 and words[1].isdigit() and 1 <= int(words[1]) <= s.n:
        return render_board(s, int(words[1]) - 1, seat)
    return f"'board N' shows player N's islands, N = 1..{s.n}"


LEGEND: Final = """\
Wheel: 'take S' takes slot S; price: gold it costs now (the lowest slot is
  free; - empty); offer tile/figure: Mc/S an Mc with a scout, Mc/? no figure yet
Tiles: L sea|land, M land|land, R land|sea; Ma..Md an M with building a..d;
  X a building special; <r> <g> <y> <b> a ship with a red/green/yellow/blue sail
Figures and rows: W warrior (black) 1, N noble (red) 2, S scout (green) 3,
  G goldsmith (yellow) 4, F fisher (blue) 5, B boatman (grey) mainland only.
  lower case: a ship threatens it. mainland F2 W1: idle figures by count.
Islands: columns c0 c1..; row 0 ships; rows 1-5 tiles, named by their figure.
  A cell ~L-.= : left edge (~ sea, = land), tile, building (- none), figure
  (. none), right edge; '.' alone: empty. ~L-.==MaN= : an L, an Ma with noble.
Ship r3g! : sail r/g/y/b, pays 3g (gold) or 2v (VP) when fought; + fought (by a
  warrior in row 1), ! threatens its column to row 2 r, 3 g, 4 y, 5 b.
Wide islands: cells L-. without edges, ships r! / g+ (sail and mark).
Players: * start player; (2, you): player 2 (for 'board 2'); 3 SP: specials.
More: 'board N', 'scores', 'specials' (the display [I], yours), 'rules'."""


def specials_view(s: State) -> str:
    """The special tiles: what each does, the display, who holds which."""
    if not s.advanced:
        return "no special tiles in the basic game"
    lines = ["Special tiles, what each does ('safe': no ship threatens it):"]
    named = [f"{SPECIAL_IDS[k]} {SPECIAL_NAMES[k]}" for k in range(SP11)]
    named.append("SP11A..D building special (X on the islands)")
    for tile, effect in zip(named, SPECIAL_EFFECTS, strict=True):
        lines.extend(_wrap_words(f"  {tile}: {effect}", "    "))
    disp = " ".join(
        f"[{i}] {SPECIAL_IDS[d]}" if d >= 0 else f"[{i}] -" for i, d in enumerate(s.display)
    )
    lines.append(f"On display ('special I' takes space [I]): {disp}")
    for p in range(s.n):
        lines.append(f"{seat_ref(p)} ({p + 1}) holds: {specials_text(s, p)[9:] or '-'}")
    return "\n".join(lines)


def _wrap_words(text: str, indent: str = "  ") -> list[str]:
    """``text`` broken at spaces into lines of at most 78 characters, the lines after
    the first indented by ``indent``; the first keeps its own leading spaces."""
    lead = text[: len(text) - len(text.lstrip(" "))]
    lines = [lead]
    for w in text.split():
        if lines[-1].strip() and len(lines[-1]) + 1 + len(w) > WIDTH - 2:
            lines.append(indent + w)
        else:
            lines[-1] = f"{lines[-1]} {w}" if lines[-1].strip() else lines[-1] + w
    return lines


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
    per = (WIDTH - 5) // 5 - 1
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


def threatened_columns(s: State, p: int, narrow: bool) -> dict[int, list[int]]:
    """Where player p's threatened figures are in the lines :func:`full_board` (or
    :func:`narrow_board`) draws: line index -> character columns, so the render can
    mark them. The geometry is the drawing's: 5 characters a cell after a 5-character
    row label (the figure 4th), or 3 after 4 (the figure 3rd) in the narrow drawing."""
    ships, rows = s.ships[p], s.rows[p]
    td = threat_depths(ships, rows)
    ncol = board_width(s, p)
    per = ncol if narrow else (WIDTH - 5) // 5 - 1
    label, cell, fig = (4, 3, 2) if narrow else (5, 5, 3)
    lines_per_chunk = 7 if not narrow else 6  # head, ships, five rows (narrow: one head)
    marks: dict[int, list[int]] = {}
    for r in range(1, 6):
        for c, v in enumerate(rows[r - 1]):
            if v & TILE_MASK and v & FIG and is_threatened(td, r, c):
                chunk, col = divmod(c, per)
                line = (chunk * lines_per_chunk if not narrow else 0) + 1 + r
                marks.setdefault(line, []).append(label + col * cell + fig)
    return marks


def idle_text(s: State, p: int) -> str:
    """Player p's idle figures on the mainland, ``F2 W1`` (``-``: none)."""
    idle = " ".join(f"{COLOUR_LETTERS[x]}{s.idle[p][x]}" for x in range(6) if s.idle[p][x])
    return idle or "-"


def narrow_board(s: State, p: int) -> list[str]:
    """Player p's tableau in 3 characters a cell (no edges; ships by sail and mark),
    for a tableau too wide for the full drawing: 25 columns in 80."""
    ships, rows = s.ships[p], s.rows[p]
    td = threat_depths(ships, rows)
    ncol = board_width(s, p)
    out = ["    " + "".join(f"c{c:<3d}"[:3] for c in range(ncol))]
    line0 = "  0 "
    for c in range(ncol):
        d = ships[c] if c < len(ships) else 0
        fought = bool(d and c < len(rows[0]) and rows[0][c] & FIG)
        line0 += (SAIL_LETTERS[d] + ("+" if fought else "!") + " ") if d else ".  "
    out.append(line0.rstrip())
    for r in range(1, 6):
        row = rows[r - 1]
        line = f"{r} {COLOUR_LETTERS[COLOUR_OF_ROW[r]]} "
        for c in range(ncol):
            v = row[c] if c < len(row) else 0
            t = v & TILE_MASK
            if not t:
                line += ".  "
                continue
            kind = "L" if t == T_L else "R" if t == T_R else "X" if t >= 7 else "M"
            b = building_of(t)
            line += kind + (BUILDING_LETTERS[b] if b >= 0 else "-") + fig_char(r, v, td, c)
        out.append(line.rstrip())
    return out


def player_header(s: State, p: int, seat: int | None, specials: bool = True) -> str:
    """Gold, VP, idle figures and special tiles of player p."""
    you = ", you" if p == seat else ""
    mark = "*" if p == s.start else " "
    text = f"{mark}{seat_ref(p)} ({p + 1}{you}): {s.gold[p]} gold {s.vp[p]} VP"
    text += f"  mainland {idle_text(s, p)}"
    if not s.placed_start[p]:
        text += "  (start tile in hand)"
    if specials and specials_text(s, p):
        text += "  " + specials_text(s, p)
    return text


def specials_text(s: State, p: int) -> str:
    """``specials SP04x2 SP06``: the special tiles player p holds ("" if none)."""
    held = [
        SPECIAL_IDS[k] + (f"x{s.sp[p][k]}" if s.sp[p][k] > 1 else "")
        for k in range(len(SPECIAL_IDS))
        if s.sp[p][k]
    ]
    return "specials " + " ".join(held) if held else ""


def render_board(s: State, p: int, seat: int | None) -> str:
    """One tableau in full with its header."""
    return "\n".join([player_header(s, p, seat), *full_board(s, p)])


# ---------------------------------------------------------------- components


def figures(s: State) -> int:
    """Every figure: bag, drawn (advanced), wheel, in hand, tableaux, mainland, box."""
    total = len(s.bag) - s.bag_pos + sum(s.drawn) + sum(1 for f in s.wheel_f if f >= 0)
    if s.pend_f >= 0 and s.phase in (PH_START, PH_PLACE, PH_FIGURE):
        total += 1
    for p in range(s.n):
        total += sum(s.idle[p])
        total += sum(1 for row in s.rows[p] for v in row if v & FIG)
    return total + sum(s.box_figs)


def tiles(s: State) -> tuple[int, int]:
    """(island+ship tiles, special tiles) over every place they can be."""
    regular = len(s.stacks) - s.stack_pos + sum(1 for t in s.wheel_t if t)
    regular += len(s.box_tiles)
    if s.phase in (PH_START, PH_PLACE) and s.pend_t:
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
