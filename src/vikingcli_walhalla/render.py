"""Plain-text table view (80 columns)."""

from __future__ import annotations

import textwrap

from vikingcli_walhalla import data as D
from vikingcli_walhalla.board import BOW_IN, N_FJORDS, N_HEADLANDS
from vikingcli_walhalla.rules import to_move
from vikingcli_walhalla.state import (
    P_COMMIT,
    P_DEFEND,
    P_HUNT,
    P_INVITE,
    P_LAND,
    P_OVER,
    P_SEATS,
    P_SEND,
    WalhallaState,
)

FJ_W = 8  # fjord column width
HL_W = 10  # headland column width


def _who(p: int) -> str:
    return D.COLOUR_LETTER[p] if p >= 0 else "."


def _fjord_cell(s: WalhallaState, f: int, q: int) -> str:
    berth, j = divmod(q - 1, 3)
    moored = s.fjords[f]
    if berth < len(moored):
        g, orient, sailors = moored[berth]
        seat = j if orient == BOW_IN else 2 - j
        head = (f"G{g:02d}", "in" if orient == BOW_IN else "out", "")[j]
        mark = D.SEAT_NAMES[seat][0]
        if seat == D.galley_coloured_seat(g):
            mark = mark.upper()
        return f"{head:<3} {mark}:{_who(sailors[seat])}".ljust(FJ_W)
    if berth == len(moored) and j == 0 and berth < s.board.max_berths[f]:
        return "  ~next".ljust(FJ_W)
    if berth < s.board.max_berths[f]:
        return "   ~".ljust(FJ_W)
    return " " * FJ_W


def _headland_cell(s: WalhallaState, h: int, q: int) -> str:
    length = s.board.lengths[h]
    if q <= 2 * length:
        sp = s.board.offsets[h] + q - 1
        tile = s.layout[h][(q - 1) // 2][0] + 1
        return f"T{tile:02d} {D.SPACE_CODE[s.stype[sp]]:<2} {_who(s.occ[sp])}".center(HL_W)
    if q == 2 * length + 1:
        return f"2nd: {s.capes[h][0]}".center(HL_W)
    if q == 2 * length + 2:
        return f"1st: {s.capes[h][1]}".center(HL_W)
    return " " * HL_W


def render(s: WalhallaState, seat: int | None) -> str:
    b = s.board
    lines: list[str] = []
    galleys_left = len(s.gdeck)
    head = f"WALHALLA  raid {s.raid}/3  galleys left {galleys_left}"
    head += f"  start {D.COLOURS[s.start]}"
    lines.append(head)
    hdr = "pos"
    for f in range(N_FJORDS):
        hdr += "|" + f" F{f + 1}".ljust(FJ_W)
        if f < N_HEADLANDS:
            hdr += "|" + f"H{f + 1}".center(HL_W)
    lines.append(hdr)
    lines.append("=" * len(hdr))
    rows = max(max(3 * k for k in b.max_berths), max(2 * x + 2 for x in b.lengths))
    for q in range(1, rows + 1):
        row = f"{q:>3}"
        for f in range(N_FJORDS):
            row += "|" + _fjord_cell(s, f, q)
            if f < N_HEADLANDS:
                row += "|" + _headland_cell(s, f, q)
        lines.append(row.rstrip())
    lines.append("fjord seats: f/m/b = front/middle/back (capital = coloured seat)")
    lines.append("")
    lines.append("player  VP  Midgard Asgard Walhalla cards board")
    on_board = [0] * s.n
    for o in s.occ:
        if o >= 0:
            on_board[o] += 1
    for p in range(s.n):
        cards = sum(s.hands[p]) + len(s.commits[p])
        mark = ">" if p == _mover(s) else " "
        lines.append(
            f"{mark}{D.COLOURS[p]:<6} {s.score[p]:>3}  {s.midgard[p]:>6} {s.asgard[p]:>6}"
            f" {s.walhalla[p]:>8} {cards:>5} {on_board[p]:>5}"
        )
    if s.ledger:
        last = _ledger_raid(s.ledger[-1][0])
        lines.append("latest scoring: " + " ".join(f"{D.COLOURS[p]:>6}" for p in range(s.n)))
        for label, pts in s.ledger:
            if _ledger_raid(label) == last:
                lines.append(f"  {label:<16}" + " ".join(f"{x:>6}" for x in pts))
    disc = ", ".join(f"{D.CARD_NAMES[t]} {c}" for t, c in enumerate(s.discard) if c)
    lines.extend(_wrap(f"action deck {len(s.deck)}   discards: {disc or '-'}"))
    if seat is not None and 0 <= seat < s.n:
        hand = [
            D.CARD_TITLES[t] + (f" x{c}" if c > 1 else "") for t, c in enumerate(s.hands[seat]) if c
        ]
        lines.extend(_wrap(f"your hand ({D.COLOURS[seat]}): {', '.join(hand) or '-'}"))
        if s.commits[seat]:
            com = [D.CARD_TITLES[t] + (f" H{h + 1}" if h >= 0 else "") for t, h in s.commits[seat]]
            lines.extend(_wrap(f"your face-down cards: {', '.join(com)}"))
    for part in _status(s).split("\n"):
        lines.extend(_wrap(part))
    return "\n".join(lines)


def _ledger_raid(label: str) -> int:
    """Raid a scoring-log label belongs to ("raid 2 H1" -> 2; "final ..." -> 3)."""
    return D.N_RAIDS if label.startswith("final") else int(label.split()[1])


def _wrap(text: str) -> list[str]:
    return textwrap.wrap(text, 79, subsequent_indent="  ") or [""]


def _mover(s: WalhallaState) -> int:
    m = to_move(s)
    return -1 if m is None else m


def _status(s: WalhallaState) -> str:
    ph = s.phase
    g = s.galley
    if ph == P_OVER:
        return "Game over. Scores: " + ", ".join(f"{D.COLOURS[p]} {s.score[p]}" for p in range(s.n))
    gtxt = ""
    if g:
        gtxt = f"G{g:02d}"
        aboard = [f"{D.SEAT_NAMES[i]} {_who(s.seats[i])}" for i in range(3) if s.seats[i] >= 0]
        cs = D.galley_coloured_seat(g)
        info = f"Galley G{g:02d}: {D.SEAT_NAMES[cs]} seat {D.COLOURS[D.galley_colour(g)]}"
        info += "; aboard: " + (", ".join(aboard) if aboard else "nobody")
        prefix = info + "\n"
    else:
        prefix = ""
    act = D.COLOURS[s.active]
    if ph == P_INVITE:
        inv = D.COLOURS[D.galley_colour(g)]
        return f"{prefix}{act} drew {gtxt}; {inv} is invited: join or decline?"
    if ph == P_SEATS:
        return f"{prefix}{act} drew {gtxt} and boards seats."
    if ph == P_SEND:
        return f"{prefix}{act} sends {gtxt}: choose fjord and orientation."
    if ph == P_LAND:
        f, q, o = s.queue[0]
        return f"{D.COLOURS[o]} viking at F{f + 1} position {q} disembarks."
    if ph == P_DEFEND:
        return (
            f"{D.COLOURS[s.attacker]} attacks {D.COLOURS[s.occ[s.target]]} on "
            f"{s.board.space_text(s.target)}: defender chooses lose / win."
        )
    if ph == P_HUNT:
        return (
            f"{D.COLOURS[s.occ[s.target]]} occupies forest {s.board.space_text(s.target)}:"
            " hunt or no hunt?"
        )
    if ph == P_COMMIT:
        p = s.commit_order[s.commit_idx]
        return f"End of raid {s.raid}: {D.COLOURS[p]} lays end-of-raid cards face down."
    return ""
