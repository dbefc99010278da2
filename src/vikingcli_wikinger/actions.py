"""Action texts: one short canonical typeable text per action, the aliases the parser
accepts besides it, and why an action is not legal.

VP exchange is never a trap: an action that would spend VP (a ``take`` dearer than the
gold held, a ``bid`` above the gold held) has a text that says so, ``take 7 -4vp``,
and the bare ``take 7`` is refused with an explanation instead of silently spending
VP (docs/rules/wikinger.md §3.4.2, §8.10).
"""

from __future__ import annotations

from collections.abc import Sequence

from vikingcli.engine import IllegalAction
from vikingcli_wikinger.data import COLOUR_LETTERS, COLOUR_NAMES, ROLE_NAMES
from vikingcli_wikinger.rules.take import price
from vikingcli_wikinger.state import OVER, PHASE_NAMES, Action, State

_ALIASES: dict[str, str] = {"color": "colour", "on": "here", "idle": "mainland"}
for _x, _name in enumerate(COLOUR_NAMES):
    _ALIASES[ROLE_NAMES[_x]] = _name
    _ALIASES[ROLE_NAMES[_x] + "s"] = _name
    _ALIASES[COLOUR_LETTERS[_x].lower()] = _name
_ALIASES["gray"] = "grey"
_ALIASES["bt"] = "grey"


def vp_needed(s: State, action: Action) -> int:
    """VP this action would exchange into gold (0 when the gold suffices)."""
    kind = action[0]
    p = s.cur
    if kind == "take":
        cost = price(s, action[1])
    elif kind == "bid":
        cost = action[1]
    else:
        return 0
    return max(0, cost - s.gold[p])


def format_action(s: State, a: Action) -> str:
    """The canonical text of action ``a`` in state ``s``."""
    kind = a[0]
    if kind in ("take", "bid"):
        extra = vp_needed(s, a)
        return f"{kind} {a[1]}" + (f" -{extra}vp" if extra else "")
    if kind in ("start", "ship"):
        return f"{kind} {a[1]}"
    if kind in ("tile", "swap", "boat", "longship", "add"):
        return f"{kind} {a[1]} {a[2]}"
    if kind == "figure":
        return "figure here" if a[1] else "figure mainland"
    if kind == "special":
        return "special none" if a[1] < 0 else f"special {a[1]}"
    if kind in ("discard", "colour"):
        return f"{kind} {COLOUR_NAMES[a[1]]}"
    return str(kind)  # pass, land, done


def normalise(text: str) -> str:
    """Lower-case, single spaces, aliases replaced by canonical words."""
    words = text.strip().lower().replace(",", " ").split()
    return " ".join(_ALIASES.get(w, w) for w in words)


def parse_alias(s: State, text: str, legal: Sequence[Action]) -> Action | None:
    """The legal action named by ``text`` through an alias (``color``, role names, colour
    letters, ``on``, ``idle``...), or ``None`` when ``text`` names no legal action (the
    engine's default parse, which asks this after the canonical texts, explains that).

    Refuses a text that names a view (``board N``), and the bare text of an action that
    would spend VP: the player must type the ``-Nvp`` form to confirm."""
    want = normalise(text)
    if want.startswith("board"):
        raise IllegalAction(
            f"'board N' is a view, not a move: it shows seat N's tableau, N = 0..{s.n - 1}"
        )
    texts = {format_action(s, a): a for a in legal}
    if want in texts:
        return texts[want]
    for t, a in texts.items():
        if t.endswith("vp") and t.rsplit(" ", 1)[0] == want:
            extra = vp_needed(s, a)
            raise IllegalAction(
                f"{want!r} costs more gold than you hold: it would exchange {extra} VP for "
                f"gold. Type {t!r} to confirm."
            )
    return None


def why_not(s: State, action: object) -> str:
    """Why ``action`` is not legal in ``s``."""
    if s.phase == OVER:
        return "the game is over"
    return f"illegal action {action!r} in phase {PHASE_NAMES[s.phase]}"
