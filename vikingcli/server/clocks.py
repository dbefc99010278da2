"""What a server table's clocks show: each person's seat and its time left.

A server table's ``time=`` is a deadline for each move, so a seat's time left is the
whole deadline, except for the seat the table waits for, whose time runs down from
the moment its turn began. AI seats have no clock. Everything here is public (the
seats' names and the times): the full screen shows it under the board, on lines of
their own (:func:`with_clocks`), ``clock`` answers it at the table on any front end
(:func:`clock_answer`), and the status line shows the mover's (:func:`shown`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from prompt_toolkit.formatted_text import AnyFormattedText, StyleAndTextTuples, to_formatted_text
from prompt_toolkit.formatted_text.utils import fragment_list_to_text

RUNNING_STYLE = "class:yourmove"
"""The style of the running clock on the full screen."""


def duration(seconds: float) -> str:
    """``3d``, ``5h``, ``10m``, ``45s``; two units where it helps (``2d 4h``)."""
    left = max(0, round(seconds))
    units = (("d", 86400), ("h", 3600), ("m", 60), ("s", 1))
    parts: list[str] = []
    for name, size in units:
        if left >= size or (not parts and size == 1):
            parts.append(f"{left // size}{name}")
            left %= size
        if len(parts) == 2:
            break
    return " ".join(p for p in parts if not p.startswith("0") or len(parts) == 1)


@dataclass(frozen=True, slots=True)
class SeatClock:
    """One person's seat and the time it has left to move."""

    seat: int
    name: str
    left: float
    """Seconds: the whole deadline unless ``running``."""
    running: bool
    """The table waits for this seat's move: its time runs down."""


def shown(seconds: float) -> str:
    """``4:37`` under an hour (whole seconds, rounded up: a clock shows ``0:01`` in
    its last second and ``5:00`` as a turn of five minutes begins), ``23h 59m`` above."""
    whole = math.ceil(max(0.0, seconds))
    if whole < 3600:
        return f"{whole // 60}:{whole % 60:02d}"
    return duration(seconds)


def _entry(clock: SeatClock) -> str:
    return f"{clock.name} {shown(clock.left)}" + (" to move" if clock.running else "")


def clock_lines(clocks: list[SeatClock], deadline: float, width: int) -> StyleAndTextTuples:
    """The seats' clocks for a board pane ``width`` columns wide: ``Time left (5m a
    move): alice 4:37 to move · bob 5:00``, on as many lines as the names need (two
    at most for five seats of 16-character names at 80 columns); empty when there
    are none."""
    if not clocks:
        return []
    out: StyleAndTextTuples = [("", f"Time left ({duration(deadline)} a move):")]
    used = len(out[0][1])
    for k, clock in enumerate(clocks):
        entry = _entry(clock)
        gap = " · " if k else " "
        if used + len(gap) + len(entry) > width:
            out.append(("", "\n"))
            gap, used = "  ", 0
        out.append(("", gap))
        out.append((RUNNING_STYLE if clock.running else "", entry))
        used += len(gap) + len(entry)
    return out


def with_clocks(
    board: AnyFormattedText, clocks: list[SeatClock], deadline: float, width: int
) -> StyleAndTextTuples:
    """``board`` with the seats' clocks on the lines under it (the full screen's board
    pane: they are no detail lines, so the pane folds the board's detail first)."""
    drawn = to_formatted_text(board)
    if not clocks:
        return drawn
    gap = "" if fragment_list_to_text(drawn).endswith("\n") else "\n"
    return [*drawn, ("", gap), *clock_lines(clocks, deadline, width)]


def clock_answer(clocks: list[SeatClock], deadline: float, started: bool) -> str:
    """What ``clock`` says at a server table: every person's seat and its time left."""
    each = f"{duration(deadline)} for each move"
    if not started:
        return f"No clock runs yet: {each}, from the first move on."
    if not clocks:
        return f"No clock runs: the game is over ({each})."
    lines = [f"Time left ({each}):"]
    for clock in clocks:
        lines.append(f"  seat {clock.seat + 1} {_entry(clock)}")
    return "\n".join(lines)
