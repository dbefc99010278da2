"""Colour at a person's terminal: each seat's name in its own colour, the person's
own name underlined, threats to them (as the game marks them) in reverse video, and
the lines of the board that changed since they last saw it in bold. Plain text when
the output is not a terminal or ``NO_COLOR`` is set (https://no-color.org), so pipes,
logs and tests see the same characters."""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from vikingcli.engine.text import THREAT, fragments, plain_text

# Foreground colours by seat (ANSI: red, blue, yellow, green, magenta, cyan);
# each code ends with "default foreground" only, so bold and underline survive.
_SEAT_COLOURS = ("31", "34", "33", "32", "35", "36")


def enabled(stream: TextIO | None = None) -> bool:
    """Whether to colour what goes to ``stream`` (standard output by default)."""
    stream = stream or sys.stdout
    return stream.isatty() and not os.environ.get("NO_COLOR")


def painted_names(names: Sequence[str], own: int | None, on: bool) -> list[str]:
    """The seats' names as they should appear in text: coloured per seat, the
    person's own one underlined, or unchanged when colour is off."""
    if not on:
        return list(names)
    out = []
    for seat, name in enumerate(names):
        text = f"\x1b[{_SEAT_COLOURS[seat % len(_SEAT_COLOURS)]}m{name}\x1b[39m"
        out.append(f"\x1b[4m{text}\x1b[24m" if seat == own else text)
    return out


def painted(rendered: Any, on: bool) -> str:
    """A render result as text, what the game marked as a threat to the viewer in
    reverse video (plain characters when colour is off)."""
    if not on or isinstance(rendered, str):
        return plain_text(rendered)
    return "".join(
        f"\x1b[7m{text}\x1b[27m" if style == THREAT and text.strip() else text
        for style, text in fragments(rendered)
    )


def mark_changes(board: str, before: str | None, on: bool) -> str:
    """``board`` with the lines that were not on the ``before`` board in bold."""
    if not on or before is None:
        return board
    seen = set(before.splitlines())
    return "\n".join(
        line if line in seen or not line.strip() else f"\x1b[1m{line}\x1b[22m"
        for line in board.splitlines()
    )
