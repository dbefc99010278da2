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
from vikingcli_wikinger import rules
from vikingcli_wikinger.data import (
    COLOUR_LETTERS,
    COLOUR_NAMES,
    COLOUR_OF_ROW,
    FIG,
    LEFT_EDGE,
    RIGHT_EDGE,
    ROLE_NAMES,
    SEA,
    SLOTS,
    T_L,
    T_R,
    T_SP11,
    TILE_MASK,
)
from vikingcli_wikinger.rules.auction import bid_range
from vikingcli_wikinger.rules.take import occupied, price
from vikingcli_wikinger.state import PH_OVER, PHASE_NAMES, Action, State

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
    p = s.actor
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


_PLACE_WORDS = {"row", "col", "column", "slot", "at", "to", "the", "on"}
_KINDS = (
    "take", "start", "ship", "tile", "figure", "special", "swap", "bid", "pass", "discard",
    "colour", "boat", "longship", "add", "land", "done",
)


def _word(w: str) -> str:
    """One word of a move: ``r2``/``c3``/``s4`` (as the board labels rows, columns and
    slots) read as the number, ``(2,3)`` as two numbers, aliases replaced."""
    if len(w) > 1 and w[0] in "rcs" and w[1:].isdigit():
        return w[1:]
    return _ALIASES.get(w, w)


def normalise(text: str) -> str:
    """Lower-case, single spaces, aliases replaced by canonical words; filler words
    (``row``, ``col``, ``slot``...) and the board's ``r2 c3`` labels read as numbers."""
    clean = text.strip().lower()
    for ch in ",()":
        clean = clean.replace(ch, " ")
    words = [_word(w) for w in clean.split() if w not in _PLACE_WORDS]
    if words and words[0] not in _KINDS and words[0] not in ("board", "legend"):
        # An unambiguous prefix of a move's first word: "fig here", "lo 2 3".
        found = [k for k in _KINDS if k.startswith(words[0])]
        if len(found) == 1 and len(words[0]) >= 2:
            words[0] = found[0]
    return " ".join(words)


def parse_alias(s: State, text: str, legal: Sequence[Action]) -> Action | None:
    """The legal action named by ``text`` through an alias (``color``, role names, colour
    letters, ``on``, ``idle``...), or ``None`` when ``text`` names no legal action (the
    engine's default parse, which asks this after the canonical texts, explains that).

    Refuses a text that names a view (``board N``), and the bare text of an action that
    would spend VP: the player must type the ``-Nvp`` form to confirm."""
    want = normalise(text)
    if want.startswith("board"):
        raise IllegalAction(
            f"'board N' is a view, not a move: it shows player N's islands, N = 1..{s.n}"
        )
    words = want.split()
    if len(words) == 2 and words[0] == "figure" and words[1]:
        # "figure h", "figure m": the second word's first letters.
        for full in ("here", "mainland"):
            if full.startswith(words[1]):
                want = f"figure {full}"
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
    if s.phase == PH_OVER:
        return "the game is over"
    return f"illegal action {action!r} in phase {PHASE_NAMES[s.phase]}"


# ---------------------------------------------------------------- refusals for people

_SYNTAX = {
    "take": "take S", "start": "start R", "ship": "ship C", "tile": "tile R C",
    "figure": "figure here / figure mainland", "special": "special I / special none",
    "swap": "swap R C", "bid": "bid B", "pass": "pass", "discard": "discard COLOUR",
    "colour": "colour COLOUR", "boat": "boat R C", "longship": "longship R C",
    "add": "add R C", "land": "land", "done": "done",
}


_TASKS = (
    "bid for the start player", "discard a drawn figure", "lay out a colour",
    "take a combination", "place your start tile", "place the tile you took",
    "place the figure", "choose a special tile", "choose the tile to swap", "ferry figures",
    "wait: the game is over",
)


def _numbers(words: list[str], k: int) -> list[int] | None:
    """The first ``k`` words as numbers, or None."""
    if len(words) < k or not all(w.isdigit() for w in words[:k]):
        return None
    return [int(w) for w in words[:k]]


def refusal(s: State, text: str) -> str | None:
    """Why the move ``text`` names is not allowed now, for a person; ``None`` when
    ``text`` is no Wikinger move at all (the person then sees the legal moves)."""
    words = normalise(text).split()
    if not words or words[0] not in _KINDS:
        return None
    kind, args = words[0], words[1:]
    if s.phase == PH_OVER:
        return "the game is over"
    legal = rules.legal_actions(s)
    kinds = list(dict.fromkeys(a[0] for a in legal))
    if kind not in kinds:
        now = " or ".join(f"'{_SYNTAX[k]}'" for k in kinds)
        return f"it is not the time for '{kind}': now you {_TASKS[s.phase]}: {now}"
    shape = _SYNTAX[kind].split(" / ")[0].split()[1:]
    nums = _numbers(args, len(shape)) if shape and shape[0] in ("S", "R", "C", "I", "B") else []
    if nums is None:
        return f"type it as '{_SYNTAX[kind]}' (rows 1..5, columns from 0, slots 0..11)"
    same = [format_action(s, a) for a in legal if a[0] == kind]
    if kind == "take":
        return _take_refusal(s, nums[0], args[1:])
    if kind == "tile":
        return _tile_refusal(s, nums[0], nums[1]) + f"; free cells: {_cells(same)}"
    if kind == "ship":
        return f"the ship may go in column {' or '.join(a.split()[1] for a in same)} only"
    if kind in ("discard", "colour"):
        return _colour_refusal(s, args)
    why = None
    if kind == "bid":
        why = _bid_refusal(s, nums[0])
    elif kind in ("boat", "longship", "add"):
        why = _ferry_refusal(s, nums[0], nums[1])
    elif kind == "done" and s.round == 6:
        why = "in round 6 you must ferry as many figures as possible"
    return why or f"that is not one of the moves allowed now: {', '.join(same)}"


def _bid_refusal(s: State, bid: int) -> str | None:
    """Why ``bid`` is out of the seat's range (§5.2), or None when it is not."""
    lo, hi = bid_range(s, s.actor).start, bid_range(s, s.actor).stop - 1
    if bid > hi:
        return f"you can bid at most {hi} (your {s.gold[s.actor]} gold + {s.vp[s.actor]} VP)"
    if bid < lo:
        return f"the bid must be at least {lo}"
    return None


def _colour_refusal(s: State, args: list[str]) -> str:
    """Why the colour named first in ``args`` cannot be discarded or laid out."""
    if not args or args[0] not in COLOUR_NAMES:
        return f"name a colour: {', '.join(COLOUR_NAMES)} (or F G S N W B, fisher...)"
    drawn = [COLOUR_NAMES[x] for x in range(len(COLOUR_NAMES)) if s.drawn[x]]
    return f"no {args[0]} figure is left among the drawn ones ({', '.join(drawn)})"


def _ferry_refusal(s: State, r: int, c: int) -> str | None:
    """Why no figure can be ferried to (r, c) (§4.4), or None when nothing there forbids it."""
    if not 1 <= r <= 5:
        return "rows are 1..5"
    row = s.rows[s.actor][r - 1]
    if c >= len(row) or not row[c]:
        return f"there is no tile at row {r}, column {c} to ferry to"
    if row[c] & FIG:
        return f"the tile at row {r}, column {c} already has a figure"
    x = COLOUR_OF_ROW[r]
    if not s.idle[s.actor][x]:
        return f"you have no idle {ROLE_NAMES[x]} on the mainland for row {r}"
    return None


def _cells(texts: list[str]) -> str:
    """``(2,1) (3,0)`` from ``tile R C`` texts."""
    return " ".join("({},{})".format(*t.split()[1:]) for t in texts)


def _take_refusal(s: State, slot: int, rest: list[str]) -> str:
    """Why slot ``slot`` cannot be taken."""
    p = s.actor
    if not 0 <= slot < SLOTS:
        return "the wheel's slots are 0..11"
    if not s.wheel_t[slot]:
        return f"slot {slot} is empty"
    cost = price(s, slot)
    if cost > s.gold[p] + s.vp[p]:
        return f"slot {slot} costs {cost} and you have {s.gold[p]} gold and {s.vp[p]} VP"
    if cost == 0:
        occ = occupied(s)
        return (
            f"the free combination at slot {slot} may be taken only if its figure is the "
            f"last {ROLE_NAMES[s.wheel_f[slot]]} on the wheel or you cannot pay the next "
            f"one ({occ[1] - occ[0]} gold; you have {s.gold[p]})"
        )
    right = format_action(s, ("take", slot))
    return f"slot {slot} costs {cost} and you have {s.gold[p]} gold: type {right!r}"


def _tile_refusal(s: State, r: int, c: int) -> str:
    """Why the pending island tile cannot go to (r, c)."""
    if not 1 <= r <= 5:
        return "island tiles go in rows 1..5 (row 0 takes ships)"
    rows = s.rows[s.actor]
    row = rows[r - 1]
    t = s.pend_t
    name = tile_name(t)
    if c < len(row) and row[c]:
        return f"row {r}, column {c} already holds a tile"
    if c == 0:
        return f"column 0 faces the mainland: it needs a sea edge on the left, not an {name}"
    lt = row[c - 1] & TILE_MASK if c - 1 < len(row) else 0
    rt = row[c + 1] & TILE_MASK if c + 1 < len(row) else 0
    if lt and RIGHT_EDGE[lt] != LEFT_EDGE[t]:
        return f"the {name}'s left edge does not match the tile at column {c - 1}"
    if rt and RIGHT_EDGE[t] != LEFT_EDGE[rt]:
        return f"the {name}'s right edge does not match the tile at column {c + 1}"
    return f"row {r}, column {c} touches no island tile"


def tile_name(t: int) -> str:
    """``M (land|land)``: the pending island tile for a refusal."""
    letter = "L" if t == T_L else "R" if t == T_R else "X" if t >= T_SP11 else "M"
    edges = ("sea" if LEFT_EDGE[t] == SEA else "land") + "|"
    edges += "sea" if RIGHT_EDGE[t] == SEA else "land"
    return f"{letter} ({edges})"
