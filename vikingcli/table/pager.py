"""A full-height view over the table screen for what is too long for its log pane: a
look-up (``map``, ``legend``, ``board 2``, ``actions``, a score sheet) or the whole
log. PageUp/PageDown move a page, the arrows a line, Home/End to the ends; q, Esc or
Enter close it. Text wraps at words, here and in the log pane (``wrapped``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from prompt_toolkit.data_structures import Size
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent
from prompt_toolkit.layout import Window
from prompt_toolkit.layout.controls import FormattedTextControl

Line = list[tuple[str, str]]
"""A line of text: its (style, text) fragments."""

FOOTER_ROWS = 2
"""The status line and the pager's own line of keys, under the text."""


def wrapped(line: Line, width: int) -> list[Line]:
    """``line`` in rows of at most ``width`` characters, broken at spaces (a word
    longer than a row is cut); the rows after the first indented two more than the
    line, so a wrapped line reads as one."""
    text = "".join(t for _, t in line)
    if len(text) <= width or width < 8:
        return [line]
    lead = len(text) - len(text.lstrip(" "))
    indent = " " * min(lead + 2, width // 2)
    cuts: list[tuple[int, int]] = []
    start = 0
    while start < len(text):
        room = width - (len(indent) if cuts else 0)
        if len(text) - start <= room:
            cuts.append((start, len(text)))
            break
        end = text.rfind(" ", start + 1, start + room + 1)
        if end <= start or not text[start:end].strip():
            end = start + room
        cuts.append((start, end))
        start = end
        while start < len(text) and text[start] == " ":
            start += 1
    rows: list[Line] = []
    for k, (a, b) in enumerate(cuts):
        row: Line = [("", indent)] if k else []
        at = 0
        for style, chunk in line:
            lo, hi = max(a, at), min(b, at + len(chunk))
            if lo < hi:
                row.append((style, chunk[lo - at : hi - at]))
            at += len(chunk)
        rows.append(row)
    return rows


class Pager:
    """The full-height view: its text, where it is scrolled to, its windows and keys."""

    def __init__(self, size: Callable[[], Size]) -> None:
        self._size = size
        self.lines: list[Line] | None = None
        """What is paged (``None``: the pager is closed)."""
        self.top = 0
        """The first wrapped row on screen."""
        self._rows_cache: tuple[int, list[Line]] | None = None
        self.window = Window(
            FormattedTextControl(self._text, focusable=True, show_cursor=False),
            wrap_lines=False,
        )
        self.footer = Window(FormattedTextControl(self._footer), height=1, style="class:status")
        self.is_open = Condition(lambda: self.lines is not None)

    def open(self, lines: Sequence[Line], at_end: bool = False) -> None:
        """Show ``lines`` from their top, or with ``at_end`` their last page (a log,
        whose newest lines are at the bottom)."""
        self.lines = list(lines)
        self.top = 0
        self._rows_cache = None
        if at_end:
            self.scroll(len(self.rows()))

    def close(self) -> None:
        self.lines = None
        self._rows_cache = None

    def _width(self) -> int:
        return max(1, self._size().columns - 1)

    def height(self) -> int:
        """The rows the text has on screen."""
        return max(1, self._size().rows - FOOTER_ROWS)

    def rows(self) -> list[Line]:
        """The text wrapped to the terminal's width (again only when it changes)."""
        width = self._width()
        if self._rows_cache is None or self._rows_cache[0] != width:
            out = [row for line in self.lines or [] for row in wrapped(line, width)]
            self._rows_cache = (width, out)
        return self._rows_cache[1]

    def scroll(self, by: int) -> None:
        """Move ``by`` rows (negative: up), never past either end."""
        last_top = max(0, len(self.rows()) - self.height())
        self.top = max(0, min(last_top, self.top + by))

    def _text(self) -> StyleAndTextTuples:
        out: StyleAndTextTuples = []
        for k, row in enumerate(self.rows()[self.top : self.top + self.height()]):
            if k:
                out.append(("", "\n"))
            out.extend(row)
        return out

    def _footer(self) -> StyleAndTextTuples:
        total = len(self.rows())
        last = min(total, self.top + self.height())
        where = f"lines {self.top + 1}-{last} of {total}" if total else "empty"
        keys = "PageUp/PageDown a page, Home/End the ends, q or Esc closes"
        return [("class:status", f" {where}: {keys}")]

    def keys(self, closed: Callable[[], None]) -> KeyBindings:
        """The pager's keys, live while it is open; ``closed`` is called when it closes."""
        keys = KeyBindings()
        page = self.is_open

        def close(event: KeyPressEvent) -> None:
            self.close()
            closed()

        for key in ("q", "Q", "escape", "enter", "c-c"):
            keys.add(key, filter=page, eager=True)(close)
        moves: dict[str, Callable[[], int]] = {
            "pageup": lambda: -max(1, self.height() - 1),
            "pagedown": lambda: max(1, self.height() - 1),
            "space": lambda: max(1, self.height() - 1),
            "up": lambda: -1,
            "down": lambda: 1,
            "home": lambda: -len(self.rows()),
            "end": lambda: len(self.rows()),
        }
        for key, by in moves.items():

            def move(event: KeyPressEvent, by: Callable[[], int] = by) -> None:
                self.scroll(by())

            keys.add(key, filter=page, eager=True)(move)

        # any other key does nothing while the pager is open (it is not typed ahead)
        @keys.add("<any>", filter=page)
        def _(event: KeyPressEvent) -> None:
            pass

        return keys
