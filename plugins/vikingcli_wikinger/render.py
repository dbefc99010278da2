"""Text rendering of a Wikinger table: one screen of at most 20 lines in 80 columns.

A person at a seat sees the round and whose move it is, the price wheel, their own
tableau in full (ship row with sail colour and value, island tiles with their sea ``~``
/ land ``=`` edges and building, figures, threatened figures in lower case, drawn by
view.py) and one line for each other player; ``board N`` shows any tableau in full and
``legend`` explains every letter (view.py). A spectator sees every tableau in full.
"""

from __future__ import annotations

from vikingcli.engine import THREAT, seat_ref
from vikingcli_wikinger.data import COLOUR_LETTERS, SPECIAL_IDS
from vikingcli_wikinger.state import (
    PH_AUCTION,
    PH_COLOUR,
    PH_DISCARD,
    PH_FERRY,
    PH_FIGURE,
    PH_OVER,
    PH_PLACE,
    PH_SPECIAL,
    PH_START,
    PH_SWAP,
    PH_TAKE,
    TRIP_NONE,
    State,
)
from vikingcli_wikinger.view import (
    WIDTH,
    board_width,
    full_board,
    narrow_board,
    player_header,
    specials_text,
    threatened_columns,
    tile_text,
)

HINT = "look-ups: legend, board N"


def wheel_lines(s: State) -> list[str]:
    """The offer: slot, price, and tile/figure per slot."""
    smin = next((i for i in range(12) if s.wheel_t[i]), -1)
    slot = "slot  " + "".join(f"{i:>6d}" for i in range(12))
    price = "price " + "".join(f"{i - smin:>6d}" if s.wheel_t[i] else "     -" for i in range(12))
    # f < 0: the advanced round's colours are still being laid out (not a boatman)
    offer = "offer " + "".join(
        f"{tile_text(t) + '/' + (COLOUR_LETTERS[f] if f >= 0 else '?'):>6s}" if t else "     ."
        for t, f in zip(s.wheel_t, s.wheel_f)
    )
    return [slot, price, offer]


def drawn_text(s: State) -> str:
    """The drawn figures not yet on the wheel (advanced), ``F2 S1``."""
    return " ".join(f"{COLOUR_LETTERS[x]}{s.drawn[x]}" for x in range(6) if s.drawn[x])


def task_text(s: State) -> str:
    """What the seat to move decides now, in a few words."""
    ph = s.phase
    if ph == PH_AUCTION:
        high = f"{s.high_bid} by {seat_ref(s.high_bidder)}" if s.high_bid >= 0 else "none yet"
        return f"bid for start player or pass (high bid {high})"
    if ph == PH_DISCARD:
        return f"discard one drawn figure ({drawn_text(s)})"
    if ph == PH_COLOUR:
        return f"lay out a colour (drawn {drawn_text(s)})"
    if ph == PH_TAKE:
        return "take a combination from the wheel"
    if ph == PH_START:
        return f"place your start tile (then the {tile_text(s.pend_t)})"
    fig = COLOUR_LETTERS[s.pend_f] if s.pend_f >= 0 else "-"
    if ph == PH_PLACE:
        return f"place the {tile_text(s.pend_t)} (its figure: {fig})"
    if ph == PH_FIGURE:
        return f"put the {fig} on its tile or the mainland"
    if ph == PH_SPECIAL:
        return "take a special tile from the display, or none"
    if ph == PH_SWAP:
        return "choose the tile the building special replaces"
    if ph == PH_FERRY:
        text = f"ferry ({s.ferried} ferried"
        text += f" of {s.maxf0} required)" if s.round == 6 else ")"
        if s.trip_mode != TRIP_NONE:
            text += f", trip open at ({s.trip_r},{s.trip_c})"
        return text
    return ""


def status_lines(s: State, seat: int | None) -> list[str]:
    """Title with round and scoring, then whose move it is and what they decide."""
    mode = "advanced" if s.advanced else "basic"
    scoring = "big" if s.round % 2 == 0 else "small"
    title = f"WIKINGER {mode}, round {s.round}/6 ({scoring} scoring"
    title += " + final)" if s.round == 6 else ")"
    lines = [title.ljust(53) + HINT]
    if s.phase == PH_OVER:
        order = sorted(range(s.n), key=lambda q: (-s.vp[q], -s.gold[q]))
        lines.append("Game over.")
        lines += [
            f"  {k + 1}. {seat_ref(q)}: {s.vp[q]} VP, {s.gold[q]} gold left"
            for k, q in enumerate(order)
        ]
        return lines
    who = seat_ref(s.actor) + (" (you)" if s.actor == seat else "")
    lines.append(f"To move: {who}: {task_text(s)}")
    return lines


def others_lines(s: State, seat: int) -> list[str]:
    """The other players, as many to a line as fit (a name counted as 12 characters):
    start mark, number for 'board N', gold and VP."""
    lines: list[str] = []
    width = 0
    for p in range(s.n):
        if p == seat:
            continue
        mark = "*" if p == s.start else " "
        item = f"{mark}{seat_ref(p)} ({p + 1}): {s.gold[p]} gold {s.vp[p]} VP"
        held = sum(s.sp[p])
        if s.advanced and held:
            item += f" {held} SP"
        size = len(item) + 8
        if lines and width + 3 + size <= WIDTH - 1:
            lines[-1] += "   " + item
            width += 3 + size
        else:
            lines.append(item)
            width = size
    return lines


def render(s: State, seat: int | None) -> str | list[tuple[str, str]]:
    """The table as seen from ``seat`` (None: spectator, who sees every tableau)."""
    lines = status_lines(s, seat)
    if any(s.wheel_t):
        lines += wheel_lines(s)
    if s.advanced:
        disp = " ".join(
            f"[{i}] {SPECIAL_IDS[d]}" if d >= 0 else f"[{i}] -" for i, d in enumerate(s.display)
        )
        lines.append(f"Special tiles: display {disp}")
    if seat is None:
        for p in range(s.n):
            lines += ["", player_header(s, p, seat), *full_board(s, p)]
        return "\n".join(line[:WIDTH] for line in lines)
    held = specials_text(s, seat)
    if held:  # the seat's own special tiles after the display, or on a line of their own
        mine = "yours " + held[len("specials ") :]
        if len(lines[-1]) + 2 + len(mine) < WIDTH:
            lines[-1] += "; " + mine
        else:
            lines.append("Special tiles: " + mine)
    lines.append(player_header(s, seat, seat, specials=False))
    wide = board_width(s, seat) > (WIDTH - 5) // 5 - 1
    first = len(lines)
    lines += narrow_board(s, seat) if wide else full_board(s, seat)
    marks = {first + i: cols for i, cols in threatened_columns(s, seat, wide).items()}
    if s.phase != PH_OVER:  # at the end the ranking above lists everybody
        lines += others_lines(s, seat)
    lines = [line[:WIDTH] for line in lines]
    return with_threats(lines, marks) if marks else "\n".join(lines)


def with_threats(lines: list[str], marks: dict[int, list[int]]) -> list[tuple[str, str]]:
    """The board as fragments, each threatened figure of the viewer's a threat."""
    out: list[tuple[str, str]] = []
    for i, line in enumerate(lines):
        at = 0
        for col in sorted(marks.get(i, ())):
            out += [("", line[at:col]), (THREAT, line[col : col + 1])]
            at = col + 1
        out.append(("", line[at:] + ("\n" if i < len(lines) - 1 else "")))
    return [f for f in out if f[1]]
