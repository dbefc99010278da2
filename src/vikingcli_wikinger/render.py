"""Text rendering of a Wikinger table, readable in 80 columns.

The viewing seat's tableau is drawn in full (ship row with sail colour and value, island
tiles with their sea ``~`` / land ``=`` edges and building, figures, threatened figures
in lower case, drawn by view.py, which also shows it for ``board N``); the other
tableaux compactly (two characters a cell).
"""

from __future__ import annotations

from vikingcli_wikinger.board import threat_depths
from vikingcli_wikinger.data import (
    BOATMAN,
    COLOUR_LETTERS,
    SAIL_LETTERS,
    SPECIAL_IDS,
    T_L,
    T_R,
    TILE_MASK,
)
from vikingcli_wikinger.state import (
    AUCTION,
    COLOUR,
    DISCARD,
    FERRY,
    OVER,
    PHASE_NAMES,
    TRIP_NONE,
    State,
)
from vikingcli_wikinger.view import (
    WIDTH,
    board_width,
    fig_char,
    full_board,
    player_header,
    tile_text,
)

LEGEND = """\
Figures F fisher G goldsmith S scout N noble W warrior B boatman; lower case:
threatened. Ships: sail r/g/y/b + value (3g gold, 2v VP), + fought, ! threatens.
Tiles L M R (X = building special, a-d = building); edges ~ sea, = land.
* = start player. 'board N' shows seat N's tableau in full."""


def compact_board(s: State, p: int) -> list[str]:
    """Player p's tableau in two characters a cell (tile letter, figure)."""
    ships, rows = s.ships[p], s.rows[p]
    td = threat_depths(ships, rows)
    ncol = board_width(s, p)
    out = ["0 " + "".join((SAIL_LETTERS[d] + " ") if d else ". " for d in ships).rstrip()]
    for r in range(1, 6):
        row = rows[r - 1]
        line = f"{r} "
        for c in range(ncol):
            v = row[c] if c < len(row) else 0
            t = v & TILE_MASK
            if not t:
                line += "  "
                continue
            kind = "L" if t == T_L else "R" if t == T_R else "X" if t >= 7 else "M"
            line += kind + fig_char(r, v, td, c)
        out.append(line.rstrip())
    return out


def compact_header(s: State, p: int) -> list[str]:
    """Short header lines for a compact tableau."""
    mark = "*" if p == s.start else " "
    idle = " ".join(f"{COLOUR_LETTERS[x]}{s.idle[p][x]}" for x in range(6) if s.idle[p][x])
    out = [f"{mark}seat {p}: {s.gold[p]}g {s.vp[p]}VP idle {idle or '-'}"]
    if not s.placed_start[p]:
        out[0] += " (start tile)"
    if s.adv:  # always one line, so compact blocks side by side stay aligned
        held = [SPECIAL_IDS[k] for k in range(len(SPECIAL_IDS)) for _ in range(s.sp[p][k])]
        out.append((" specials " + (" ".join(held) if held else "-"))[:39])
    return out


def _wrap(text: str, indent: str = "  ") -> list[str]:
    words = text.split(" ")
    lines: list[str] = []
    cur = ""
    for w in words:
        if cur and len(cur) + 1 + len(w) > WIDTH:
            lines.append(cur)
            cur = indent + w
        else:
            cur = f"{cur} {w}" if cur else w
    if cur:
        lines.append(cur)
    return lines


def _side_by_side(blocks: list[list[str]]) -> list[str]:
    """Put compact blocks next to each other where they fit in 80 columns."""
    out: list[str] = []
    i = 0
    while i < len(blocks):
        a = blocks[i]
        if i + 1 < len(blocks):
            b = blocks[i + 1]
            wa = max(len(x) for x in a)
            wb = max(len(x) for x in b)
            if wa + 3 + wb <= WIDTH:
                for k in range(max(len(a), len(b))):
                    left = a[k] if k < len(a) else ""
                    right = b[k] if k < len(b) else ""
                    out.append((left.ljust(wa) + "   " + right).rstrip())
                i += 2
                continue
        out += a
        i += 1
    return out


def wheel_lines(s: State) -> list[str]:
    """The offer: slot, price, tile and figure per slot."""
    smin = next((i for i in range(12) if s.wheel_t[i]), -1)
    slot = "slot  " + "".join(f"{i:>5d}" for i in range(12))
    price = "price " + "".join(
        f"{i - smin:>5d}" if s.wheel_t[i] else "    -" for i in range(12)
    )
    tile = "tile  " + "".join(f"{tile_text(t):>5s}" if t else "    ." for t in s.wheel_t)
    fig = "figure" + "".join(
        f"{COLOUR_LETTERS[f]:>5s}" if f >= 0 else "    ." for f in s.wheel_f
    )
    return [slot, price, tile, fig]


def status_lines(s: State, seat: int | None) -> list[str]:
    """Title, round, whose move and the phase's details."""
    mode = "advanced" if s.adv else "basic"
    scoring = "big" if s.round % 2 == 0 else "small"
    lines = [
        f"WIKINGER ({mode}, {s.n} players)  round {s.round}/6, {scoring} scoring"
        f" after it{', then final scoring' if s.round == 6 else ''}"
    ]
    if s.phase == OVER:
        order = sorted(range(s.n), key=lambda q: (-s.vp[q], -s.gold[q]))
        lines += _wrap(
            "Game over: " + ", ".join(f"seat {q} {s.vp[q]} VP ({s.gold[q]} gold)" for q in order)
        )
        return lines
    who = "you" if s.cur == seat else f"seat {s.cur}"
    lines.append(f"To move: {who} ({PHASE_NAMES[s.phase]}); start player seat {s.start}")
    if s.phase in (AUCTION, DISCARD, COLOUR):
        drawn = " ".join(f"{COLOUR_LETTERS[x]}{s.drawn[x]}" for x in range(6) if s.drawn[x])
        lines.append(f"Figures drawn, not yet on the wheel: {drawn}")
    if s.phase == AUCTION:
        high = f"{s.high_bid} by seat {s.high_bidder}" if s.high_bid >= 0 else "none"
        act = ", ".join(str(q) for q in range(s.n) if s.active[q])
        lines.append(f"Auction for start player: high bid {high}; still bidding: seats {act}")
    if s.pend_f >= 0:
        lines.append(f"Placing: tile {tile_text(s.pend_t)} with figure {COLOUR_LETTERS[s.pend_f]}")
    if s.phase == FERRY:
        text = f"Ferrying: idle boatmen {s.idle[s.cur][BOATMAN]}, figures ferried {s.ferried}"
        if s.round == 6:
            text += f" of the required {s.maxf0}"
        if s.trip_mode != TRIP_NONE:
            text += f"; open trip, last figure to ({s.trip_r},{s.trip_c})"
        lines.append(text)
    return lines


def last_scoring(s: State) -> list[str]:
    """One line summarising the latest scoring."""
    if not s.log:
        return []
    e = s.log[-1]
    parts = [f"s{p} {d['vp']:+d}VP {d.get('gold', 0):+d}g" for p, d in enumerate(e["seats"])]
    if e["scoring"] == "final":
        parts = [f"s{p} {d['vp']:+d}VP" for p, d in enumerate(e["seats"])]
    return _wrap(f"Last scoring ({e['scoring']}, round {e['round']}): " + ", ".join(parts))


def render(s: State, seat: int | None) -> str:
    """The table as seen from ``seat`` (None: spectator)."""
    lines = status_lines(s, seat)
    if any(s.wheel_t):
        lines += wheel_lines(s)
    if s.adv:
        disp = " ".join(
            f"[{i}] {SPECIAL_IDS[d]}" if d >= 0 else f"[{i}] -" for i, d in enumerate(s.display)
        )
        lines.append(f"Special tiles on display: {disp}")
    lines += last_scoring(s)
    lines.append("")
    own = seat if seat is not None else -1
    if own >= 0:
        for h in _wrap(player_header(s, own, seat)):
            lines.append(h)
        lines += full_board(s, own)
        lines.append("")
    blocks: list[list[str]] = []
    for p in range(s.n):
        if p == own:
            continue
        if seat is None:
            blocks.append(_wrap(player_header(s, p, seat)) + full_board(s, p))
        else:
            blocks.append(compact_header(s, p) + compact_board(s, p))
    if seat is None:
        for b in blocks:
            lines += [*b, ""]
    else:
        lines += _side_by_side(blocks)
    lines.append("")
    lines += LEGEND.splitlines()
    return "\n".join(line[:WIDTH] for line in lines)
