"""The full-screen table: what a person at a table looks at on a terminal of 80x24
and up, locally and over SSH (a prompt-toolkit Application).

From the top: the board (always from its first line; it takes every row but the
log's LOG_MIN, and a board taller still has the lines its game marked as detail
folded into one, so every seat and the question stay; ``board`` shows all), a
rule (at its right end a line of the owner's, if any: a server table's clocks), the
log (every move as this person may know it, scorings included, and the answers to
look-ups; the newest at the bottom, PageUp/PageDown scroll it; wrapped at words), a
status line (whose turn, what is asked, who is thinking and for how long) and the
prompt, whose completion menu opens above it. The screen lays itself out again when
the terminal is resized. A look-up too long for the log pane, and the whole log
(``log``), open in a full-height pager (``pager``) instead.

The screen knows no game: its owner gives it the board, the prompt, the status line,
the completions and the rule's line as callables, and gets every line typed through
``on_line``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from prompt_toolkit.application import Application
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.completion import DynamicCompleter, WordCompleter
from prompt_toolkit.data_structures import Point
from prompt_toolkit.filters import Condition
from prompt_toolkit.formatted_text import StyleAndTextTuples, to_formatted_text
from prompt_toolkit.formatted_text.utils import fragment_list_to_text
from prompt_toolkit.history import History, InMemoryHistory
from prompt_toolkit.input import Input
from prompt_toolkit.key_binding import KeyBindings, KeyPressEvent, merge_key_bindings
from prompt_toolkit.layout import (
    ConditionalContainer,
    Float,
    FloatContainer,
    HSplit,
    Layout,
    VSplit,
    Window,
    WindowAlign,
)
from prompt_toolkit.layout.controls import BufferControl, FormattedTextControl
from prompt_toolkit.layout.dimension import Dimension
from prompt_toolkit.layout.menus import CompletionsMenu
from prompt_toolkit.output import Output
from prompt_toolkit.styles import Style

from vikingcli.table.editing import LineBuffer
from vikingcli.table.fold import folded
from vikingcli.table.lookups import LOOKUP
from vikingcli.table.pager import Line, Pager, wrapped

MIN_COLUMNS = 80
MIN_ROWS = 24
"""The smallest terminal the full-screen table is drawn on; below it, line mode."""
LOG_ROWS = 5
"""Rows the log asks for when the board leaves them."""
LOG_MIN = 2
"""Rows the log keeps however tall the board: a tall board (five seats and a
question) gets the rest before its detail lines are folded (``fold``)."""
FIXED_ROWS = 3
"""The rule under the board, the status line and the prompt."""
LOG_VERB = "log"
"""Typed alone at a full screen: the whole log in the pager."""
NOTIFY_VERB = "notify"
"""``notify off`` / ``notify on`` at a full screen: the turn notification."""
TURN_STYLE = "yourmove"
"""The style a table shows "Your move" with: the screen rings when it comes."""
MAX_LOG_LINES = 5000
"""Lines of log a screen keeps (the oldest go first)."""

STYLE = Style.from_dict(
    {
        "yourmove": "bold ansigreen",
        "error": "ansired",
        "talk": "ansicyan",
        "threat": "reverse",
        "status": "reverse",
        "rule": "ansibrightblack",
        "handover": "bold",
        # each seat's name in its colour, as in line mode (vikingcli.table.colour)
        "seat0": "ansired",
        "seat1": "ansiblue",
        "seat2": "ansiyellow",
        "seat3": "ansigreen",
        "seat4": "ansimagenta",
        "seat5": "ansicyan",
        "own": "underline",
    }
)


def painted(fragments: Line, names: Sequence[str], own: int | None) -> Line:
    """``fragments`` with every seat's name in its seat's style (the viewer's own,
    ``own``, underlined too). Longer names first, so 'greedy 2' wins over 'greedy';
    whole words only, so the name 'cb' is left alone inside '.../cbot/bot'."""
    order = sorted((n for n in names if n), key=len, reverse=True)
    if not order:
        return fragments
    pattern = re.compile(r"(?<!\w)(?:" + "|".join(re.escape(n) for n in order) + r")(?!\w)")
    seat_of = {name: k for k, name in enumerate(names)}
    out: Line = []
    for style, text in fragments:
        at = 0
        for found in pattern.finditer(text):
            if found.start() > at:
                out.append((style, text[at : found.start()]))
            seat = seat_of[found.group(0)]
            mine = " class:own" if seat == own else ""
            out.append((f"{style} class:seat{seat % 6}{mine}".strip(), found.group(0)))
            at = found.end()
        if at < len(text):
            out.append((style, text[at:]))
    return out


def fits(columns: int, rows: int) -> bool:
    """Whether a terminal of this size gets the full-screen table."""
    return columns >= MIN_COLUMNS and rows >= MIN_ROWS


class TableScreen:
    """One person's full-screen view of a table."""

    def __init__(
        self,
        *,
        board: Callable[[], Any],
        prompt: Callable[[], tuple[str, str]],
        status: Callable[[], str],
        completions: Callable[[], Sequence[str]],
        on_line: Callable[[str], None],
        on_interrupt: Callable[[], None] | None = None,
        history: History | None = None,
        input: Input | None = None,
        output: Output | None = None,
        names: Callable[[], tuple[Sequence[str], int | None]] | None = None,
        rule: Callable[[], StyleAndTextTuples] | None = None,
    ) -> None:
        self._board = board
        """What the top pane shows, asked at every redraw (so it may change: the
        server's lobby overview, then a table's board)."""
        self._drawn: tuple[int, StyleAndTextTuples] | None = None
        self._names = names
        """The seats' names and the viewer's seat, to colour names by (None: no colour)."""
        self._prompt = prompt
        self._status = status
        self._rule = rule
        """One line drawn at the right end of the rule under the board (the server's
        clocks): it takes no row from the board."""
        self.on_line = on_line
        self.on_interrupt = on_interrupt
        self.log: list[Line] = []
        """The log's lines, each a list of (style, text) fragments."""
        self.back = 0
        """How many lines the person scrolled back from the newest."""
        self._hidden = False
        self.pager = Pager(lambda: self.app.output.get_size())
        self.notify = True
        """Ring at this person's turn (``notify off`` silences it)."""
        self.buffer = LineBuffer(
            multiline=False,
            completer=DynamicCompleter(lambda: WordCompleter(list(completions()), sentence=True)),
            # The menu opens on Tab (a menu opened while typing covered the log, and
            # one still being computed when Enter was pressed stayed open after it).
            complete_while_typing=False,
            history=history or InMemoryHistory(),
            accept_handler=self._accept,
        )
        visible = Condition(lambda: not self.hidden)
        self.board_window = Window(
            FormattedTextControl(self._board_text, focusable=False),
            height=self._board_height,
            wrap_lines=False,
        )
        self.log_window = Window(
            FormattedTextControl(
                self._log_text, focusable=False, get_cursor_position=self._log_cursor
            ),
            # preferred given: else the log asks for all its lines and halves the board
            height=Dimension(min=LOG_MIN, preferred=LOG_ROWS, weight=1),
            wrap_lines=True,
            always_hide_cursor=True,
        )
        input_window = Window(BufferControl(self.buffer), height=1)
        self._input_window = input_window
        paging = self.pager.is_open
        table = HSplit(
            [
                ConditionalContainer(self.board_window, filter=visible),
                Window(
                    FormattedTextControl(self._rule_text),
                    height=1,
                    char="─",
                    style="class:rule",
                    align=WindowAlign.RIGHT,
                ),
                self.log_window,
                self._status_window(),
                VSplit(
                    [
                        Window(
                            FormattedTextControl(self._prompt_text),
                            dont_extend_width=True,
                            height=1,
                        ),
                        input_window,
                    ]
                ),
            ]
        )
        pager = HSplit([self.pager.window, self._status_window(), self.pager.footer])
        body = HSplit(
            [
                ConditionalContainer(table, filter=~paging),
                ConditionalContainer(pager, filter=paging),
            ]
        )
        root = FloatContainer(
            body,
            floats=[
                Float(
                    xcursor=True,
                    ycursor=True,
                    content=CompletionsMenu(max_height=8, scroll_offset=1),
                )
            ],
        )
        self.app: Application[None] = Application(
            layout=Layout(root, focused_element=input_window),
            key_bindings=merge_key_bindings([self._keys(), self.pager.keys(self._unpaged)]),
            style=STYLE,
            full_screen=True,
            mouse_support=False,
            input=input,
            output=output,
        )

    def _status_window(self) -> Window:
        return Window(
            FormattedTextControl(lambda: [("class:status", " " + self._status())]),
            height=1,
            style="class:status",
        )

    # -- what the owner tells the screen -------------------------------------------------

    @property
    def hidden(self) -> bool:
        """The board and the log are hidden (a hot-seat hand-over); hiding closes the
        pager too, so the next person never sees the last one's look-up."""
        return self._hidden

    @hidden.setter
    def hidden(self, value: bool) -> None:
        self._hidden = value
        if value and self.pager.lines is not None:
            self.pager.close()
            self._unpaged()

    def show(self, text: Any, style: str = "") -> None:
        """Add ``text`` (str or formatted text) to the log, newest at the bottom; a
        look-up (``style`` LOOKUP) too long for the log pane opens in the pager."""
        if style == TURN_STYLE and self.notify:
            self._ring(text)
        lines = self._lines(text, "" if style == LOOKUP else style)
        if style == LOOKUP and len(lines) > self._log_rows() + 1:
            self.page(lines)
            return
        for line in lines:
            self._add(line)
        self.back = 0
        self.invalidate()

    def _ring(self, text: Any) -> None:
        """The terminal bell, and a desktop notice where the terminal shows one
        (OSC 9: iTerm2, Windows Terminal, kitty, WezTerm; OSC 777: VTE, foot, urxvt);
        terminals without them ignore those sequences."""
        body = "".join(c for c in fragment_list_to_text(to_formatted_text(text)) if c.isprintable())
        body = body.replace(";", ",")[:120]
        output = self.app.output
        output.write_raw(f"\a\x1b]9;{body}\x07\x1b]777;notify;vikingcli;{body}\x07")
        output.flush()

    def page(self, lines: list[Line], at_end: bool = False) -> None:
        """Open the pager on ``lines``, over the board and the log (``at_end``: on
        their last page)."""
        self.pager.open(lines, at_end)
        self.app.layout.focus(self.pager.window)
        self.invalidate()

    def _unpaged(self) -> None:
        self.app.layout.focus(self._input_window)
        self.invalidate()

    def _lines(self, text: Any, style: str) -> list[Line]:
        """``text`` as the log's lines: names in their seats' colours, wrapped at words
        to the narrowest full screen."""
        lines: list[Line] = []
        line: Line = []
        formatted = to_formatted_text(text, style=f"class:{style}" if style else "")
        if self._names is not None:
            names, own = self._names()
            formatted = painted([(f[0], f[1]) for f in formatted], names, own)  # type: ignore[assignment]
        for fragment in formatted:
            frag_style, chunk = fragment[0], fragment[1]
            parts = chunk.split("\n")
            for k, part in enumerate(parts):
                if k:
                    lines.append(line)
                    line = []
                if part:
                    line.append((frag_style, part))
        lines.append(line)
        return [row for line in lines for row in wrapped(line, MIN_COLUMNS - 1)]

    def _add(self, line: Line) -> None:
        self.log.append(line)
        if len(self.log) > MAX_LOG_LINES:
            del self.log[: len(self.log) - MAX_LOG_LINES]

    def invalidate(self) -> None:
        if self.app.is_running:
            self.app.invalidate()

    def exit(self) -> None:
        if self.app.is_running and not self.app.is_done:
            self.app.exit()

    # -- drawing --------------------------------------------------------------------------

    def _board_text(self) -> StyleAndTextTuples:
        # Once per redraw: the pane's height and its text both ask for it, and an
        # owner's board may take some work (the server's lobby overview).
        counter = self.app.render_counter
        if self.app.is_running and self._drawn is not None and self._drawn[0] == counter:
            return self._drawn[1]
        board = to_formatted_text(self._board())
        if self._names is not None:
            names, own = self._names()
            board = painted([(f[0], f[1]) for f in board], names, own)  # type: ignore[assignment]
        fitted = folded(to_formatted_text(board), self._board_rows())
        self._drawn = (counter, fitted)
        return fitted

    def _rule_text(self) -> StyleAndTextTuples:
        text = [] if self._rule is None else self._rule()
        return [("", " "), *text, ("", " ─")] if text else []

    def _board_rows(self) -> int:
        """The most rows the board may take: all but the log's LOG_MIN and the rest."""
        return max(1, self.app.output.get_size().rows - FIXED_ROWS - LOG_MIN)

    def _board_height(self) -> Dimension:
        rows = sum(text.count("\n") for _, text, *_ in self._board_text()) + 1
        # min = what it needs: the log gives up its rows (down to LOG_MIN) first
        need = min(rows, self._board_rows())
        return Dimension(min=need, preferred=need, max=need)

    def _log_text(self) -> StyleAndTextTuples:
        out: StyleAndTextTuples = []
        for k, line in enumerate(self.log):
            if k:
                out.append(("", "\n"))
            out.extend(line)
        return out

    def _log_cursor(self) -> Point:
        # The window scrolls to keep this line in view: the newest, or where the
        # person scrolled back to.
        return Point(x=0, y=max(0, len(self.log) - 1 - self.back))

    def _prompt_text(self) -> StyleAndTextTuples:
        text, style = self._prompt()
        return [(style, text)]

    # -- keys -----------------------------------------------------------------------------

    def _accept(self, buffer: Buffer) -> bool:
        line = buffer.text
        if line.strip() == LOG_VERB and not self.hidden:
            self.page(self.log, at_end=True)  # the newest moves, as in the log pane
            return False
        words = line.split()
        if words[:1] == [NOTIFY_VERB] and len(words) <= 2:
            if words[1:] in (["on"], ["off"]):
                self.notify = words[1] == "on"
            elif len(words) == 2:
                self.show("notify: say 'notify on' or 'notify off'", "error")
                return False
            state = "on: a bell and a desktop notice" if self.notify else "off"
            self.show(f"turn notification {state} ('notify off'/'notify on')")
            return False
        self.on_line(line)
        return False  # the buffer is emptied; its text goes to the history

    def _keys(self) -> KeyBindings:
        keys = KeyBindings()

        # The window scrolls only as far as keeps the cursor line in view: going up,
        # the cursor goes to the new page's top line, going down to its bottom line, so
        # that one key press moves a whole page (keeping one line of the last).
        @keys.add("pageup", filter=~self.pager.is_open)
        def _(event: KeyPressEvent) -> None:
            top = self._visible()[0]
            self._scroll_to(max(0, top - self._log_rows()))

        @keys.add("pagedown", filter=~self.pager.is_open)
        def _(event: KeyPressEvent) -> None:
            bottom = self._visible()[1]
            self._scroll_to(min(len(self.log) - 1, bottom + self._log_rows()))

        @keys.add("c-c")
        def _(event: KeyPressEvent) -> None:
            if self.buffer.text:
                self.buffer.reset()
            elif self.on_interrupt is not None:
                self.on_interrupt()

        @keys.add("c-d")
        def _(event: KeyPressEvent) -> None:
            if not self.buffer.text:
                self.on_line("quit")

        return keys

    def _visible(self) -> tuple[int, int]:
        """The log's first and last line on screen."""
        info = self.log_window.render_info
        if info is None or not info.displayed_lines:
            cursor = max(0, len(self.log) - 1 - self.back)
            return cursor, cursor
        return info.first_visible_line(), info.last_visible_line()

    def _scroll_to(self, line: int) -> None:
        self.back = max(0, len(self.log) - 1 - line)

    def _log_rows(self) -> int:
        info = self.log_window.render_info
        return max(1, info.window_height - 1) if info is not None else LOG_ROWS
