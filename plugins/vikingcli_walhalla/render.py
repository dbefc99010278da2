"""The table as a person sees it: the default board (at most 20 lines of 80
columns), the ``tiles`` look-up and the ``legend`` that explains every
abbreviation the board shows.

The map is drawn with the coast on the left: each headland H1-H3 is one row of
spaces (position 1 at the coast), each fjord F1-F4 the row between its
headlands, so a galley seat stands in the same column as the spaces it touches.
"""

from __future__ import annotations

import textwrap

from vikingcli.engine import seat_ref
from vikingcli_walhalla import data as D
from vikingcli_walhalla.board import BOW_IN, N_FJORDS, N_HEADLANDS
from vikingcli_walhalla.rules import to_move
from vikingcli_walhalla.rules.commit import legal_actions as commit_legal
from vikingcli_walhalla.state import (
    PH_COMMIT,
    PH_DEFEND,
    PH_HUNT,
    PH_INVITE,
    PH_LAND,
    PH_OVER,
    PH_SEATS,
    PH_SEND,
    State,
)

CELL = 4  # width of one position on the map
LABEL = 4  # width of the row label ("H1  ")


def _who(p: int) -> str:
    """A seat's colour letter (R K Y B), ``.`` for nobody."""
    return D.COLOUR_LETTER[p] if p >= 0 else "."


def name(p: int, you: int | None = None) -> str:
    """A seat as the board names it: ``alice (RED)``, ``alice (RED, you)``."""
    return f"{seat_ref(p)} ({D.COLOURS[p]}{', you' if p == you else ''})"


def _fjord_row(s: State, f: int) -> str:
    cells: list[str] = []
    moored = s.fjords[f]
    for berth in range(s.board.max_berths[f]):
        if berth < len(moored):
            g, orient, sailors = moored[berth]
            for j in range(3):
                seat = j if orient == BOW_IN else 2 - j
                mark = D.SEAT_NAMES[seat][0]
                if seat == D.galley_coloured_seat(g):
                    mark = mark.upper()
                cells.append(mark + _who(sailors[seat]))
        else:
            cells.extend(["~"] * 3)
    return f"F{f + 1}".ljust(LABEL) + "".join(c.ljust(CELL) for c in cells)


def _headland_row(s: State, h: int) -> str:
    b = s.board
    cells = []
    for p in range(1, 2 * b.lengths[h] + 1):
        sp = b.offsets[h] + p - 1
        occ = s.occ[sp]
        cells.append(D.SPACE_CODE[s.stype[sp]] + (D.COLOUR_LETTER[occ] if occ >= 0 else ""))
    inner, outer = s.capes[h]
    return (
        f"H{h + 1}".ljust(LABEL)
        + "".join(c.ljust(CELL) for c in cells)
        + f"2nd {inner} 1st {outer}"
    )


def map_lines(s: State) -> list[str]:
    """The ruler of positions, then F1, H1, F2, H2, F3, H3, F4."""
    b = s.board
    width = max(max(3 * k for k in b.max_berths), max(2 * x for x in b.lengths))
    ruler = "pos".ljust(LABEL) + "".join(str(q).ljust(CELL) for q in range(1, width + 1))
    lines = [ruler.rstrip()]
    for f in range(N_FJORDS):
        lines.append(_fjord_row(s, f).rstrip())
        if f < N_HEADLANDS:
            lines.append(_headland_row(s, f).rstrip())
    return lines


def render(s: State, seat: int | None) -> str:
    you = seat if seat is not None and 0 <= seat < s.n else None
    lines = [
        f"WALHALLA  raid {s.raid}/{D.N_RAIDS}  galleys left {len(s.gdeck)}"
        f"  first player {seat_ref(s.start)}"
    ]
    lines.extend(map_lines(s))
    lines.append("    VP Midgard Asgard Walhalla hand board")
    on_board = [0] * s.n
    for o in s.occ:
        if o >= 0:
            on_board[o] += 1
    mover = to_move(s)
    for p in range(s.n):
        cards = sum(s.hands[p]) + len(s.commits[p])
        mark = ">" if p == mover else " "
        lines.append(
            f"{mark}{D.COLOUR_LETTER[p]} {s.vp[p]:>3} {s.midgard[p]:>7} {s.asgard[p]:>6}"
            f" {s.walhalla[p]:>8} {cards:>4} {on_board[p]:>5}  {name(p, you)}"
        )
    if you is not None:
        mine = f"your hand ({D.COLOURS[you]}): {hand_text(s, you)}"
        if s.commits[you]:
            com = [D.CARD_NAMES[t] + (f" h{h + 1}" if h >= 0 else "") for t, h in s.commits[you]]
            mine += f"; face-down: {', '.join(com)}"
        lines.extend(_wrap(mine))
    lines.extend(_wrap(status(s, you)))
    return "\n".join(lines)


def hand_text(s: State, p: int) -> str:
    """``hunt, shrine x2``: the cards by the names typed to play or sell them."""
    hand = [D.CARD_NAMES[t] + (f" x{c}" if c > 1 else "") for t, c in enumerate(s.hands[p]) if c]
    return ", ".join(hand) or "no cards"


NAME_ROOM = 12  # room a seat's name is given when a line is wrapped


def _wrap(text: str) -> list[str]:
    """``text`` in lines of at most 79 columns once the host has put each seat's
    name (up to NAME_ROOM characters) in place of its :func:`seat_ref`."""
    pad = "\x01" * (NAME_ROOM - len(seat_ref(0)))
    for p in range(len(D.COLOURS)):
        text = text.replace(seat_ref(p), seat_ref(p) + pad)
    lines = textwrap.wrap(text, 79, subsequent_indent="  ", break_on_hyphens=False)
    return [line.replace("\x01", "") for line in lines] or [""]


def _galley(s: State, aboard: bool = True) -> str:
    """``G05 (middle seat BLACK; aboard fR MK)``: the galley being sailed, its
    coloured seat and who sits where (seat letter as on the map, then colour)."""
    g = s.galley
    cs = D.galley_coloured_seat(g)
    c = D.galley_colour(g)
    owner = f"{D.SEAT_NAMES[cs]} seat {D.COLOURS[c]}" if c < s.n else "no colour in play"
    if not aboard:
        return f"G{g:02d} ({owner})"
    sat = []
    for i in range(3):
        if s.seats[i] >= 0:
            mark = D.SEAT_NAMES[i][0]
            sat.append((mark.upper() if i == cs else mark) + _who(s.seats[i]))
    return f"G{g:02d} ({owner}; aboard {' '.join(sat) or 'nobody'})"


def _defence_choices(s: State, p: int) -> str:
    """The answers the attacked seat ``p`` can give, with what a win costs (one line
    with the attacker's name: at most 37 characters)."""
    walhalla, shield = s.walhalla[p] > 0, s.hands[p][D.C_SHIELD] > 0
    if walhalla and shield:
        return "lose, win (1 Walhalla), win shield?"
    if walhalla:
        return "lose, or win for a Walhalla viking?"
    if shield:
        return "lose, or win shield (for free)?"
    return "only lose: your Walhalla is empty"


def status(s: State, you: int | None = None) -> str:
    """What is being decided now, with the galley being sailed (one line). The seat
    asked about a combat or a hunt (``you``) is told what its answers can be, from its
    own hand and Walhalla; the others see the question every such seat is asked, so
    it tells them nothing."""
    ph = s.phase
    if ph == PH_OVER:
        return "Game over: " + ", ".join(f"{name(p)} {s.vp[p]}" for p in range(s.n))
    act = seat_ref(s.turn_player)
    if ph == PH_INVITE:
        return f"{act} drew {_galley(s, False)}: {name(D.galley_colour(s.galley))} may join."
    if ph == PH_SEATS:
        return f"{act} boards {_galley(s)}."
    if ph == PH_SEND:
        return f"{act} moors {_galley(s)}."
    if ph == PH_LAND:
        f, q, o = s.queue[0]
        near = " or ".join(s.board.space_text(sp) for sp in s.board.contacts[f][q])
        return f"{name(o)} disembarks from F{f + 1} position {q} onto {near}."
    if ph == PH_DEFEND:
        defender = s.occ[s.target]
        asked = (
            f"{name(s.attacker)} attacks {name(defender)} on"
            f" {s.board.space_text(s.target)}: lose or win?"
        )
        if you != defender:
            return asked
        return (
            f"{name(s.attacker)} attacks your {s.board.space_text(s.target)}:"
            f" {_defence_choices(s, you)}"
        )
    if ph == PH_HUNT:
        where = s.board.space_text(s.target)
        hunter = s.occ[s.target]
        asked = f"{name(hunter)} takes forest {where}: hunt or no hunt?"
        if you != hunter:
            return asked
        vp = D.FOREST_VP[s.stype[s.target]]
        if s.hands[hunter][D.C_HUNT]:
            return f"you take forest {where} ({vp} VP): hunt (play Hunt: {2 * vp} VP) or no hunt?"
        return f"you take forest {where} ({vp} VP): no Hunt card in hand, answer 'no hunt'"
    if ph == PH_COMMIT:
        p = s.commit_order[s.commit_idx]
        if you != p:
            return f"End of raid {s.raid}: {name(p)} lays end-of-raid cards face down."
        if len(commit_legal(s)) == 1:  # only 'done'
            return f"End of raid {s.raid}: you hold no end-of-raid card to lay: answer 'done'"
        return f"End of raid {s.raid}: lay end-of-raid cards face down ('play <card>'), then 'done'"
    return ""


def tiles_view(s: State) -> str:
    """The ``tiles`` look-up: which terrain tile lies where (two spaces each)."""
    lines = ["Terrain tiles from the coast (tile: its two spaces, coast side first)"]
    for h in range(N_HEADLANDS):
        row = []
        for i, (t, _flip) in enumerate(s.layout[h]):
            sp = s.board.offsets[h] + 2 * i
            row.append(f"T{t + 1:02d} {D.SPACE_CODE[s.stype[sp]]}/{D.SPACE_CODE[s.stype[sp + 1]]}")
        lines.extend(textwrap.wrap(f"H{h + 1}: " + "  ".join(row), 79, subsequent_indent="    "))
    return "\n".join(lines)


def legend(s: State) -> str:
    """The ``legend`` look-up: every abbreviation and symbol of the board."""
    each = [f"{D.COLOUR_LETTER[p]} {D.COLOURS[p]} = {seat_ref(p)}" for p in range(s.n)]
    return "\n".join(
        [
            "Map: the coast is on the left; 'pos' counts the positions from the coast.",
            "  H1-H3 headlands, a space per position (h1.3 = H1 position 3): S shrine",
            "  (draw a card), F2/F3 forest worth 2/3 VP, W wheat, V1/V2 village +1/+2",
            "  strength; a letter after it: whose viking stands there (SK: BLACK's)",
            f"  colours: {', '.join(each[:2])},",
            f"           {', '.join(each[2:])}",
            "  2nd 5 1st 7: the capes, VP for 2nd and 1st place on that headland",
            "  F1-F4 fjords: ~ a free position (a galley takes 3, the first ~ next);",
            "  fR mK b. a galley's front/middle/back seat and who sat there (capital",
            "  F/M/B: the coloured seat, . nobody); a seat touches the spaces beside it",
            "Table: > to move, (you) your seat, VP victory points; Midgard/Asgard/Walhalla",
            "  vikings in each realm; hand cards held (face-down too); board vikings on",
            "  the headlands.",
            "G05 (middle seat BLACK; aboard fR MK): galley 5, its coloured seat, who sits",
            "  where. Cards by the names you type: shrine x2, headland h2 (naming H2).",
            "Look-ups: hand, scores (* latest raid), cards (deck, discards, galleys), tiles",
        ]
    )
