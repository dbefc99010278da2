"""``hint`` at a table: the best moves from a short search from the person's own view."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence

from vikingcli.core.registry import find_advisor
from vikingcli.engine import Advice, Game, PlayerKind, State


def hint_lines(advice: Sequence[Advice], top: int = 3, scale: float = 10.0) -> list[str]:
    """The best ``top`` moves, each with its share of the search and the value it is
    ranked by: the estimated chance to win where the search gives one (a game won by
    conditions), else the expected margin, to about a hundredth of the game's typical
    winning margin ``scale`` (one decimal for a game scored in tens of points, two for
    one scored in a few). Moves the search found equal (the same note) take one
    entry, the others named below it with the note, so the entries after it are
    moves whose outcomes differ."""
    decimals = max(1, math.ceil(-math.log10(scale / 100))) if scale > 0 else 1
    wins = [a.win for a in advice[:top] if a.win is not None]
    # a chance to win to one decimal, or two where one would show different chances alike
    pct = 1 if len({round(w, 3) for w in wins}) == len({round(w, 4) for w in wins}) else 2
    lines = []
    rest = list(advice)
    rank = 0
    while rest and rank < top:
        a = rest.pop(0)
        rank += 1
        if a.win is not None:
            value = f"chance to win {a.win:.{pct}%}"
        else:
            margin = round(a.margin, decimals) + 0.0  # a tiny loss reads +0.0, not -0.0
            value = f"expected margin {margin:+.{decimals}f}"
        lines.append(f"  {rank}. {a.text:<28} {a.share:4.0%} of the search, {value}")
        if a.note:
            same = [b.text for b in rest if b.note == a.note]
            rest = [b for b in rest if b.note != a.note]
            shown = ", ".join(same[:6]) + (f" and {len(same) - 6} more" if len(same) > 6 else "")
            lines.append(f"     equal: {shown}" if same else "")
            lines.append(f"     ({a.note})")
    return [line for line in lines if line]


def hint_header(advice: Sequence[Advice], seconds: float) -> str:
    """What the list is: the search's budget (time and playouts) and the measure."""
    playouts = sum(a.visits for a in advice)
    if advice and advice[0].win is not None:
        measure = "estimated chance to win (this game is won by conditions, not points)"
    else:
        measure = "expected final margin (your points minus the best other seat's)"
    return f"Best moves after {seconds:g} s of search ({playouts} playouts), by {measure}:"


NO_HINT = "no hint here: no searching player kind (mcts) is installed"
"""What ``hint`` answers where no player kind can judge positions."""
HINT_SECONDS = 1.0
"""Search time behind ``hint`` at the prompt."""


def hinter(kinds: Mapping[str, PlayerKind]) -> Callable[[Game, State, int], list[str]] | None:
    """``hint`` at the prompt: the best three moves from a short search from the
    person's own view, or ``None`` when no player kind can judge positions."""
    advise = find_advisor(kinds)
    if advise is None:
        return None
    judge = advise

    def hint(game: Game, state: State, seat: int) -> list[str]:
        began = time.perf_counter()
        advice = judge(game, state, seat, HINT_SECONDS, 0, ())
        # the time taken: a search may look again where its best moves came out equal
        seconds = round(time.perf_counter() - began, 1)
        return [
            hint_header(advice, seconds),
            *hint_lines(advice, scale=game.search_hints.eval_scale),
        ]

    return hint
