"""A connection's screen in line mode (``vikingcli serve`` and the server's prompt):
lines queue up and print above the prompt, in order and in bursts, without ever
yielding to the event loop between erasing the prompt and drawing it again."""

from __future__ import annotations

import asyncio
from typing import Any

from prompt_toolkit import PromptSession
from prompt_toolkit.formatted_text import to_formatted_text
from prompt_toolkit.output.vt100 import Vt100_Output
from prompt_toolkit.renderer import print_formatted_text as render_text
from prompt_toolkit.styles import Style

STYLE = Style.from_dict(
    {
        "yourmove": "bold ansigreen",
        "error": "ansired",
        "talk": "ansicyan",
        "threat": "reverse",
        "bottom-toolbar": "noreverse ansibrightblack",
    }
)



class Terminal:
    """A connection's screen as the table sees it: lines queue up and print above the
    prompt in order, from a task that runs in the connection's own prompt-toolkit
    session."""

    def __init__(self, output: Vt100_Output) -> None:
        self.output = output
        self.session: PromptSession[str] | None = None
        self.queue: asyncio.Queue[tuple[Any, str] | None] = asyncio.Queue()
        self.done = False
        self._closing = False

    def show(self, text: Any, style: str = "") -> None:
        if not self._closing:
            self.queue.put_nowait((text, style))

    def show_board(self, board: Any) -> None:
        self.show(board)

    def refresh(self) -> None:
        if self.session is not None and self.session.app.is_running:
            self.session.app.invalidate()

    def hang_up(self) -> None:
        if not self._closing:
            self._closing = True
            self.queue.put_nowait(None)

    async def pump(self) -> None:
        while True:
            items = [await self.queue.get()]
            # What queued up meanwhile is printed at once: one erase and one redraw of
            # the prompt for a burst of lines, not one per line.
            while items[-1] is not None and not self.queue.empty():
                items.append(self.queue.get_nowait())
            fragments: list[Any] = []
            for item in items:
                if item is not None:
                    text, style = item
                    if fragments:
                        fragments.append(("", "\n"))
                    fragments.extend(
                        to_formatted_text(text, style=f"class:{style}" if style else "")
                    )
            if fragments:
                self._print(fragments)
            if items[-1] is None:
                self.done = True
                if self.session is not None and self.session.app.is_running:
                    self.session.app.exit(exception=EOFError())
                return

    def _print(self, fragments: Any) -> None:
        """Print above the prompt in one step, with no ``await`` in between.

        prompt-toolkit's ``in_terminal`` awaits (cursor-position replies, earlier
        prints) before it detaches the input; a prompt that ends and restarts in
        that gap (the person pressed Enter) got the old input handler put back, so
        the connection stopped reading keys or printing. Erase, print and redraw
        here run without yielding to the event loop, so no prompt can start or end
        in the middle. No cursor-position request follows: a prompt that starts
        while one is unanswered waits a second for it before it reads any key."""
        app = self.session.app if self.session is not None else None
        if app is not None and not (app.is_running and not app.is_done):
            app = None
        if app is not None:
            app.renderer.erase()
        render_text(self.output, [*fragments, ("", "\n")], STYLE)
        self.output.flush()
        if app is not None:
            app.renderer.reset()
            app.invalidate()
