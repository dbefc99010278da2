"""Text shown to people: what a render result reads as, how a narrated move is logged."""

from __future__ import annotations

import difflib
import re
import textwrap
from collections.abc import Iterable, Sequence
from typing import Any

THREAT = "class:threat"
"""The fragment style a game gives, in what ``render`` returns as prompt-toolkit
fragments, to what endangers the seat looking at the board (an attack it is losing,
a piece about to be taken); a terminal with colour shows it highlighted."""

DETAIL = "class:detail"
"""The fragment style a game gives to board lines a screen short of rows may fold
away (the last ones first) into one line saying how many it folded: what a person
can read again in full (``board``, a look-up), never the seats, the seat to move,
the question or its choices. A style may hold it next to others (``THREAT``)."""


def fragments(rendered: Any) -> list[tuple[str, str]]:
    """A render result as (style, text) fragments; plain text is one unstyled one."""
    if isinstance(rendered, str):
        return [("", rendered)]
    if hasattr(rendered, "__pt_formatted_text__"):
        rendered = rendered.__pt_formatted_text__()
    return [(fragment[0], fragment[1]) for fragment in rendered]


def named_fragments(rendered: Any, names: Sequence[str]) -> Any:
    """A render result with each seat's name where the game wrote :func:`seat_ref`,
    keeping its fragments (and their styles) when it has any."""
    if isinstance(rendered, str):
        return name_seats(rendered, names)
    return [(style, name_seats(text, names)) for style, text in fragments(rendered)]


def plain_text(rendered: Any) -> str:
    """The characters of a render result (str or prompt-toolkit fragments)."""
    if isinstance(rendered, str):
        return rendered
    return "".join(text for _, text in fragments(rendered))


def move_lines(number: int, name: str, lines: list[str], width: int = 79) -> list[str]:
    """A narrated move as log lines: the move after its number and mover, then its
    consequences indented beneath, each wrapped to ``width`` columns (as the terminal
    shows them: colour codes in coloured names take no room). 79, not 80: a line that
    fills the last column of an 80-column terminal makes some terminals wrap it."""
    if not lines:
        return []
    indent = " " * 8
    out = wrap(f"{number:4d}. {name}: {lines[0]}", width, subsequent_indent=indent) or [
        f"{number:4d}. {name}:"
    ]
    for line in lines[1:]:
        out += wrap(line, width, initial_indent=indent, subsequent_indent=indent + "  ")
    return out


_ESCAPE = re.compile(r"\x1b\[[0-9;]*m")


def visible_width(text: str) -> int:
    """The columns ``text`` takes on a terminal: its colour codes take none."""
    return len(_ESCAPE.sub("", text))


def wrap(
    text: str, width: int, initial_indent: str = "", subsequent_indent: str = ""
) -> list[str]:
    """``textwrap.wrap`` that measures what a terminal shows: a colour code is no
    character, so a line with coloured names is as long as the same line without."""
    if "\x1b" not in text:
        return textwrap.wrap(
            text, width, initial_indent=initial_indent, subsequent_indent=subsequent_indent
        )
    lines: list[str] = []
    lead = text[: len(text) - len(text.lstrip())]  # kept, as textwrap keeps it
    line, used = initial_indent + lead, len(initial_indent) + len(lead)
    start = used
    for word in text.split():
        size = visible_width(word)
        if used > start and used + 1 + size > width:
            lines.append(line)
            line, used = subsequent_indent, len(subsequent_indent)
            start = used
        if used > start:
            line += " "
            used += 1
        line += word
        used += size
    if line.strip():
        lines.append(line)
    return lines


def quoted(text: str, limit: int = 80) -> str:
    """``text`` quoted for a message (``repr``: control characters escaped), cut
    to its first ``limit`` characters when longer, with its length: a message
    that quotes what a file or a program gave stays one short line."""
    if len(text) <= limit:
        return repr(text)
    return f"{text[:limit]!r}... ({len(text)} characters)"


def printable_line(text: str, limit: int) -> str:
    """``text`` as one line of printable characters, at most ``limit`` of them: every
    other character (an escape sequence's ESC, a bell, a newline) becomes a space, so
    text from a program or a file cannot drive the terminal that shows it."""
    line = "".join(ch if ch.isprintable() else " " for ch in text[: limit + 1])
    return line if len(line) <= limit else line[: limit - 3] + "..."


def did_you_mean(name: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'jorvik'?)`` for a near miss among ``choices``, else ``""``."""
    close = difflib.get_close_matches(name.lower(), list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""


def seat_ref(seat: int) -> str:
    """How a game names a seat in the text it returns (narration): the host puts the
    seat's name there (``alice``, ``mcts``, ``greedy 2``), so games never guess names."""
    return f"{{p{seat}}}"


_SEAT_REF = re.compile(r"\{p(\d+)\}")


def name_seats(text: str, names: Sequence[str]) -> str:
    """``text`` with every :func:`seat_ref` replaced by the seat's name, in one pass:
    a name that itself reads like a seat reference (a login called ``{p1}``) is
    never replaced again."""
    if "{p" not in text:
        return text

    def name(found: re.Match[str]) -> str:
        seat = int(found.group(1))
        return names[seat] if seat < len(names) else found.group(0)

    return _SEAT_REF.sub(name, text)


def shown(rendered: Any, names: Sequence[str]) -> str:
    """A render result or a view as a person reads it: its characters, with each
    seat's name where the game wrote :func:`seat_ref`."""
    return name_seats(plain_text(rendered), names)


def columns(words: Sequence[str], width: int = 80) -> str:
    """``words`` in aligned columns across ``width`` (as ``ls`` lists files), so no
    word is broken at the end of a line."""
    if not words:
        return ""
    cell = max(len(w) for w in words) + 2
    per_row = max(1, width // cell)
    rows = -(-len(words) // per_row)
    lines = []
    for r in range(rows):
        row = [words[c * rows + r] for c in range(per_row) if c * rows + r < len(words)]
        lines.append("".join(w.ljust(cell) for w in row).rstrip())
    return "\n".join(lines)
