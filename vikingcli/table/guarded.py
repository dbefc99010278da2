"""The SSH session every table connection runs: prompt-toolkit's, bounded.

What a client sends and the terminal size it reports are checked before
prompt-toolkit sees them (:mod:`vikingcli.table.limits`), input beyond the
connection's budget waits or is dropped and told, and a hang-up is quiet. The one
table of ``vikingcli serve`` (:mod:`vikingcli.table.ssh`) and the server's lobby
(:mod:`vikingcli.server.screen`) are built on it.
"""

from __future__ import annotations

import asyncio
import collections
import os
import time
from collections.abc import Callable
from typing import Any, Protocol

import asyncssh
from prompt_toolkit.application import Application
from prompt_toolkit.application.current import create_app_session
from prompt_toolkit.contrib.ssh import PromptToolkitSSHSession
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output

from vikingcli.table.limits import MAX_WAITING, InputGuard, SharedBudgets, clamp_size
from vikingcli.table.terminal import Terminal


class Shows(Protocol):
    """A screen that shows a line to the person at it (the full-screen table)."""

    def show(self, text: Any, style: str = "") -> None: ...


HANG_UP_DELAY = 1.5
"""Seconds the last screen of a full-screen connection stays up before it closes."""
GOODBYE_GRACE = 5.0
"""Seconds past HANG_UP_DELAY a session told goodbye has to end, and its client to
hang up, before the server cuts it off: a full screen's exit waits up to a second for
the terminal's cursor report, and a loaded host is slower still."""
RESIZE_DELAY = 0.1
"""Seconds a resize waits, so that a burst of resizes is one redraw."""
REFUSED = 2
"""The exit status of a session whose command (``ssh HOST COMMAND``) was refused: bad
input gets one line and 2, as every ``vikingcli`` command does, so a script can tell."""

class GuardedSession(PromptToolkitSSHSession):
    """prompt-toolkit's SSH session, quiet about hang-ups, and bounded: what the
    client sends and the terminal size it reports are checked before prompt-toolkit
    sees them (:mod:`vikingcli.table.limits`). A subclass gives the coroutine that
    runs the connection's prompts (``interact``); :mod:`vikingcli.server` builds its
    lobby on this too. ``terminal`` is where notices about refused input go.

    It extends prompt-toolkit 3.0's session through its protected members (the
    channel ``_chan``, ``_input``, ``_output``, ``_interact``, ``_get_size``) and
    writes to the input pipe's ``write_fd`` without blocking: the version is pinned
    below 3.1 in pyproject.toml and tests/host/test_prompt_toolkit_seam.py fails if
    any of these changes."""

    def __init__(
        self,
        interact: Callable[[PromptToolkitSSHSession], Any],
        user: str,
        log: Callable[[str], None],
        live: set[Any],
    ) -> None:
        # Cursor position reports tell prompt-toolkit the room below the prompt: the
        # live status line is drawn only when that is known.
        super().__init__(interact, enable_cpr=True)
        self.user = user
        self.log = log
        self.live = live
        self.guard = InputGuard()
        self.plain = False
        """Line mode: asked for (``ssh HOST plain``) or a terminal too small."""
        self.command: str | None = None
        """The one command of ``ssh HOST COMMAND`` (not ``plain``), or ``None``."""
        self.refused = False
        """The session's command was refused (its exit status is REFUSED)."""
        self.terminal: Terminal | None = None
        """The line-mode screen, once there is one."""
        self.full: Shows | None = None
        """The full-screen table, once there is one."""
        self._resize: asyncio.TimerHandle | None = None
        self._waiting: collections.deque[tuple[str, float]] = collections.deque()
        """Input admitted and waiting for its work budget, in order."""
        self._waiting_size = 0
        self._release: asyncio.TimerHandle | None = None
        self._eof = False
        """The client sends no more: its input ends once what waits is handed on."""
        self._ended = False
        """The prompt's input has ended (its pipe's write end is closed)."""
        self._erasing: Application[Any] | None = None

    def share(self, budgets: SharedBudgets, owner: str) -> None:
        """Spend this connection's work from ``owner``'s bucket (an account's, a
        key's, an address's) and the server's too."""
        self.guard.shared = budgets.bucket(owner)
        self.guard.server = budgets.server
        self.guard.budgets = budgets

    def _get_size(self) -> Size:
        size = super()._get_size()
        columns, rows = clamp_size(size.columns, size.rows)
        return Size(rows=rows, columns=columns)

    def terminal_size_changed(
        self, width: int, height: int, pixwidth: object, pixheight: object
    ) -> None:
        # A client may send resizes as fast as it likes: one redraw per RESIZE_DELAY.
        if self._resize is None:
            self._resize = asyncio.get_running_loop().call_later(RESIZE_DELAY, self._resized)

    def _resized(self) -> None:
        self._resize = None
        if self.app_session is not None and self.app_session.app is not None:
            app = self.app_session.app
            if app is not self._erasing:
                self._erasing = app
                app.before_render += self._erase_first
            app.invalidate()

    def _erase_first(self, app: Application[Any]) -> None:
        # The redraw after a resize is a whole one, at the new size, and is paced as
        # every other redraw is (prompt-toolkit's own resize draws at once).
        app.before_render -= self._erase_first
        self._erasing = None
        app.renderer.erase(leave_alternate_screen=False)
        app.renderer.request_absolute_cursor_position()

    def data_received(self, data: str, datatype: object) -> None:
        # Keys sent to a terminal before its screen exists are dropped (its start is
        # paced; keeping a hostile flood for it slowed everyone's answers in the soak
        # test); lines piped with no terminal arrive with the session, and wait for the
        # prompt's pipe like any other input, bounded alike.
        chan = self._chan
        if self._input is None and chan is not None and chan.get_terminal_type() is not None:
            return
        admitted = self.guard.admit(data)
        notes = list(admitted.notes)
        if admitted.text and self._waiting_size + len(admitted.text) > MAX_WAITING:
            self.guard.drop(notes)  # more waiting than a person ever has
        elif admitted.text:
            self._waiting.append((admitted.text, admitted.work))
            self._waiting_size += len(admitted.text)
            if self._release is None and self._input is not None:
                self._go_on()
        for note in notes:
            self.notice(note)

    def _go_on(self) -> None:
        """Hand on the waiting input whose work can be spent now; come back for the
        rest when it can be."""
        self._release = None
        while self._waiting:
            text, work = self._waiting[0]
            delay = self.guard.wait(work)
            if delay > 0:
                self._release = asyncio.get_running_loop().call_later(delay, self._go_on)
                return
            self._waiting.popleft()
            self._waiting_size -= len(text)
            self._write(text)
        if self._eof:
            self._end_input()

    def eof_received(self) -> bool:
        # The client's input ended (lines piped to ssh, ssh -n): the prompt reads what
        # it sent, then the end of its input, and the session ends. Half open: the
        # answers (and the exit status) still go out; closing here would drop them.
        self._eof = True
        if self._release is None:
            self._end_input()
        return True

    def _end_input(self) -> None:
        if self._input is not None and not self._ended:
            self._input.close()  # the write end: the reader sees the end
            self._ended = True  # and its descriptor may now be another connection's

    def _write(self, text: str) -> None:
        # Never block the event loop on the pipe the prompt reads from (it empties
        # only when this very loop runs): what does not fit is dropped and told.
        if self._input is None or self._ended:
            return
        fd = self._input.pipe.write_fd  # type: ignore[attr-defined]
        data_bytes = text.encode("utf-8")
        try:
            written = os.write(fd, data_bytes)
        except BlockingIOError:
            written = 0
        except OSError:
            return  # the prompt is gone: the session is ending
        busy = written < len(data_bytes)
        if busy and self.guard.notices.due("busy"):
            self.notice("input dropped: the table is busy; type again")

    def notice(self, text: str) -> None:
        """Tell the person at this connection what was refused of their input."""
        screen = self.full or self.terminal
        if screen is not None:
            screen.show(text, "error")

    async def _interact(self) -> None:
        # Both servers are made with asyncssh's line editor off (line_editor=False):
        # prompt-toolkit edits the line itself.
        chan = self._chan
        assert chan is not None
        if self.guard.budgets is not None:
            await self.guard.budgets.start()
        self._output = Vt100_Output(
            self.stdout, self._get_size, term=chan.get_terminal_type(), enable_cpr=True
        )
        with (
            create_pipe_input() as self._input,
            create_app_session(input=self._input, output=self._output) as session,
        ):
            os.set_blocking(self._input.pipe.write_fd, False)  # type: ignore[attr-defined]
            if self._release is None:  # what came before there was a pipe (and its end)
                self._go_on()
            self.app_session = session
            self.live.add(self)
            try:
                await self.interact(self)
            except asyncio.CancelledError:
                pass  # the client went away
            except Exception as exc:
                self.log(f"{self.user}: connection failed: {type(exc).__name__}: {exc}")
            finally:
                # An exit status lets ssh end with it; what is still queued goes first.
                chan.exit(REFUSED if self.refused else 0)
                self.live.discard(self)
                # The pipe closes with this block: input arriving later must not be
                # written to its descriptor, which may by then be another connection's.
                self._ended = True

    def connection_lost(self, exc: Exception | None) -> None:
        if self._release is not None:
            self._release.cancel()
        self._waiting.clear()
        # A client that vanishes mid-prompt never sends EOF: end its prompt here.
        if self.interact_task is not None and not self.interact_task.done():
            self.interact_task.cancel()

    def exec_requested(self, command: str) -> bool:
        """``ssh -t HOST plain``: line mode on any terminal (a screen reader, a
        terminal that draws the full screen badly). No other command is run: the
        session says so in one line and ends with REFUSED (``command``)."""
        if command.strip() in ("plain", "line"):
            self.plain = True
        else:
            self.command = command
        return True

    def break_received(self, msec: int) -> bool:
        return True  # ignored, like Ctrl-C at an idle prompt


async def close_when_said(live: set[Any], conns: set[asyncssh.SSHServerConnection]) -> None:
    """Close every connection once the sessions told goodbye (``live``) have ended
    and their clients hung up, or GOODBYE_GRACE is spent: closing a connection drops
    what asyncssh has not yet sent, which cut a full screen's last words short
    (seen on a loaded CI machine with a fixed three seconds)."""
    deadline = time.monotonic() + HANG_UP_DELAY + GOODBYE_GRACE
    while live and time.monotonic() < deadline:
        await asyncio.sleep(0.05)
    # An ended session closes its channel once its output is out; ssh then hangs up.
    hung_up_by = time.monotonic() + 1
    while conns and time.monotonic() < hung_up_by:
        await asyncio.sleep(0.05)
    left = list(conns)
    for conn in left:
        conn.close()
    # at once, not one by one: a hundred stuck clients must not hold the stop 200 s
    if left:
        await asyncio.wait([asyncio.ensure_future(conn.wait_closed()) for conn in left], timeout=2)
