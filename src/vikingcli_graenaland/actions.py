"""Action texts (docs/rules/graenaland.md §6): the one canonical short text of every
action. Parsing is the engine's default (a text names the legal action it formats to)."""

from __future__ import annotations

from vikingcli_graenaland import data as D
from vikingcli_graenaland.data import G
from vikingcli_graenaland.scoring import seat_text
from vikingcli_graenaland.state import Action, GState


def action_text(st: GState, a: Action) -> str:
    """``a`` as players type it (``wl ne``, ``offer C3``, ``to p2``, ``mkt S03 L`` ...)."""
    names = st.board.names
    op = a[0]
    if len(a) == 1:
        return str(op)
    if op == "mv":
        return f"{D.HERO_TEXT[a[1]]} {D.DIR_NAME[a[2]]}"
    if op in ("offer", "place", "reloc", "village"):
        return f"{op} {names[a[1]]}"
    if op == "to":
        return f"to {seat_text(a[1])}"
    if op == "permit":
        return f"permit {seat_text(a[1])}"
    if op == "vc":
        return f"keep VC{a[1] + 1:02d}"
    if op == "claim":
        return f"claim {a[1]}"
    if op == "take":
        return f"take S{a[1] + 1:02d}"
    if op == "supply":
        return f"supply S{a[1] + 1:02d}"
    if op == "build":
        return f"{D.BUILDING_NAME[a[1]]} {names[a[2]]}"
    if op == "army":
        return "army peasant" if a[1] == G else f"army {D.RES_LETTER[a[1]]}"
    if op == "work":
        return f"{D.WORK_NAME[a[1]]} {names[a[2]]}"
    if op == "joint":
        return f"joint {D.WORK_NAME[a[1]]} {names[a[2]]}"
    if op in ("pay", "gold", "fee", "give"):
        return f"{op} {D.RES_LETTER[a[1]]}"
    if op in ("cpay", "cgold"):
        return f"{op} {D.RES_LETTER[a[1]]} {seat_text(a[2])}"
    if op == "mkt":
        return f"mkt {D.RES_LETTER[a[1]]} {D.RES_LETTER[a[2]]}"
    if op == "mkts":
        return f"mkt S{a[1] + 1:02d} {D.RES_LETTER[a[2]]}"
    if op == "hero":
        return "hero move" if a[1] else "hero stay"
    return " ".join(str(x) for x in a)
