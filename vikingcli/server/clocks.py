"""What a server table's clocks show: each person's seat and its time left.

A server table's ``time=`` is a deadline for each move, so a seat's time left is the
whole deadline, except for the seat the table waits for, whose time runs down from
the moment its turn began. AI seats have no clock. Everything here is public (the
seats' names and the times): the full screen shows it in the rule under the board
(:func:`clock_line`), ``clock`` answers it at the table on any front end
(:func:`clock_answer`), and the status line shows the mover's (:func:`shown`).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from prompt_toolkit.formatted_text import StyleAndTextTuples
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


def clock_line(clocks: list[SeatClock], deadline: float, width: int) -> StyleAndTextTuples:
    """The seats' clocks in at most ``width`` columns of one line (the full screen
    draws it in the rule under the board, which a tall board cannot take from it):
    ``Time left: alice 4:37 to move · bob 5:00``. Where the names make that too wide
    (five seats of long names at 80 columns), the seats not to move are told
    together, as their times are the same: ``Time left: erik 0:42 to move · the
    others 5:00``. Empty when there are none."""
    if not clocks:
        return []
    head = ("", "Time left: ")
    out: StyleAndTextTuples = [head]
    for k, clock in enumerate(clocks):
        out += [("", " · " if k else ""), (RUNNING_STYLE if clock.running else "", _entry(clock))]
    if len(fragment_list_to_text(out)) <= width:
        return out
    out = [head]
    for clock in clocks:
        if clock.running:
            out += [(RUNNING_STYLE, _entry(clock)), ("", " · ")]
    return [*out, ("", f"{'the others' if len(out) > 1 else 'each'} {shown(deadline)}")]


def clock_answer(clocks: list[SeatClock], deadline: float, started: bool) -> str:
    """What ``clock`` says at a server table: every person's seat and its time left."""
    each = f"{duration(deadline)} for each move"
    if not started:
        return f"No clock runs yet: {each} once the game begins."
    if not clocks:
        return f"No clock runs: the game is over ({each})."
    lines = [f"Time left ({each}):"]
    for clock in clocks:
        lines.append(f"  seat {clock.seat + 1} {_entry(clock)}")
    return "\n".join(lines)
