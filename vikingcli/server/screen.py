"""What one SSH connection to the server sees: registering a name for a new key,
then the lobby, and a table while the person sits at or watches one.

On a terminal of 80x24 and up (``ssh -p PORT HOST``) this is the full screen of
``vikingcli serve`` (:class:`~vikingcli.table.screen.TableScreen`), one for the whole
session: its top pane shows the lobby overview (the person's games, the open tables,
the games to watch, who is online), or the board of the table the person is at; the
log pane takes the lobby's chat, the answers to commands and the table's moves; the
status line and the prompt are the lobby's, or the table's. A new key's questions
(its name, an invite code) are asked before the screen opens. ``ssh -t HOST plain``,
and a smaller terminal, get the prompt of ``vikingcli serve``'s line mode instead
(:class:`~vikingcli.table.guarded.GuardedSession`: the same input bounds, Tab completion,
messages above the prompt, a live status line under it). Without a terminal
(``ssh -T``, pipes, scripts) it is plain lines: each line read is a command, each
answer is printed as text; ``ssh -p PORT HOST who`` runs one command and ends
(``register NAME [CODE]`` registers a new key that way).

Every connection is bounded: the input guard of the table (bytes a second, line
length), and output the client does not read is not kept without end: a connection
more than MAX_BACKLOG bytes behind is closed (checked at every line shown and, on the
full screen, before every redraw), so a silent client costs nobody else.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Sequence
from typing import Any

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import DynamicCompleter, WordCompleter
from prompt_toolkit.contrib.ssh import PromptToolkitSSHSession
from prompt_toolkit.formatted_text import FormattedText, StyleAndTextTuples, to_formatted_text
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.renderer import print_formatted_text as render_text

from vikingcli.engine.text import plain_text
from vikingcli.saves.table_record import new_connection, printable
from vikingcli.server.accounts import CODE_TRIES
from vikingcli.server.clocks import clock_line
from vikingcli.server.hosting import Hosted
from vikingcli.server.lobby import Lobby
from vikingcli.server.registration import NAME_TRIES, Registration
from vikingcli.server.store import Account
from vikingcli.table import commands
from vikingcli.table.editing import LinePrompt
from vikingcli.table.guarded import HANG_UP_DELAY, REFUSED, GuardedSession
from vikingcli.table.limits import (
    MAX_LINE,
    SAY_BURST,
    SAY_RATE,
    Bucket,
    Notices,
    SharedBudgets,
    pace_redraws,
)
from vikingcli.table.screen import LOG_ROWS, TableScreen, fits
from vikingcli.table.shared import Place
from vikingcli.table.terminal import STYLE, Terminal

MAX_BACKLOG = 1 << 17
"""Bytes of output a connection may leave unread before it is closed."""
MAX_QUEUED_LINES = 64
"""Lines typed ahead in line mode before more are refused."""


def overview_rows(rows: int) -> int:
    """The lines of a terminal of ``rows`` the lobby overview may take: three fifths
    of what the panes share (12 of 24 rows), so the chat keeps room below it; never
    so many that the log has less than its LOG_ROWS."""
    panes = rows - 3  # the rule, the status line, the prompt
    return max(1, min(panes - LOG_ROWS, panes * 3 // 5))


def _unpostponed(session: PromptSession[str]) -> PromptSession[str]:
    """A prompt that redraws when asked, once. prompt-toolkit's default postpones a
    redraw while the event loop has other work, by scheduling it again and again for
    up to 10 ms; with a hundred prompts on one busy loop those reschedulings were a
    good part of the server's work (and each one a write to the loop's wake-up pipe)."""
    session.app.max_render_postpone_time = None
    return session


class ServerSession(GuardedSession):
    """One SSH session of a person (a :class:`~vikingcli.server.lobby.Conn`)."""

    def __init__(
        self,
        lobby: Lobby,
        address: str,
        fingerprint: str,
        user: str,
        live: set[Any],
        budget: SharedBudgets | None = None,
    ) -> None:
        super().__init__(self._on_terminal, printable(user, 24), lobby.log, live)
        self.budget = budget or SharedBudgets()
        """Work shared by an account's sessions (by the key's, until logged in)."""
        self.share(self.budget, f"key {fingerprint}")
        self.lobby = lobby
        self.address = address
        self.fingerprint = fingerprint
        self.connection = new_connection()
        self.account: Account = Account(0, "", 0.0)
        self.hosted: Hosted | None = None
        self.place: Place | None = None
        self.talk = Bucket(SAY_RATE, SAY_BURST)
        self.notices = Notices()
        self.line_mode = False
        self.lines: asyncio.Queue[str | None] = asyncio.Queue()
        """Lines to answer, in order (line mode, and what the full screen reads)."""
        self.panes: Panes | None = None
        """The full screen, once there is one."""
        self.overview = False
        self._said: list[tuple[Any, str]] = []
        """What registration said on the terminal, for the full screen's log too."""
        self._partial = ""
        self._prompt: PromptSession[str] | None = None
        self._closed = False

    # -- SSH ---------------------------------------------------------------------------

    def exec_requested(self, command: str) -> bool:
        if command.strip() in ("plain", "line"):
            self.plain = True  # no command: the lobby's prompt, not the full screen
            return True
        self.command = command[:MAX_LINE]
        return True

    def session_started(self) -> None:
        chan = self._chan
        assert chan is not None
        self.line_mode = self.command is not None or chan.get_terminal_type() is None
        self.guard.fold = not self.line_mode  # lines are read here, not by prompt-toolkit
        if self.line_mode:
            self.interact_task = asyncio.get_running_loop().create_task(self._on_lines())
        else:
            super().session_started()

    def data_received(self, data: str, datatype: object) -> None:
        if not self.line_mode:
            super().data_received(data, datatype)
            return
        # Lines read here cost no prompt and no redraw: the bounds on lines are theirs.
        text, notes, _ = self.guard.admit(data)
        for note in notes:
            self.show(note, "error")
        buffer = self._partial + text.replace("\r\n", "\n").replace("\r", "\n")
        *complete, self._partial = buffer.split("\n")
        for line in complete:
            if "\x15" not in line:  # else the guard dropped an overlong line
                self.typed(line)

    def typed(self, line: str) -> None:
        """A line to answer once those before it are (line mode, the full screen)."""
        if self.lines.qsize() >= MAX_QUEUED_LINES:
            if self.notices.due("queue"):
                self.show("input refused: too many lines ahead of the answers", "error")
            return
        self.lines.put_nowait(line)

    def notice(self, text: str) -> None:
        self.show(text, "error")

    def eof_received(self) -> bool:
        if self.line_mode:
            self.lines.put_nowait(None)
            return True  # half open: the answers still go out
        return False

    def connection_lost(self, exc: Exception | None) -> None:
        self._closed = True
        if self.line_mode:
            self.lines.put_nowait(None)
        super().connection_lost(exc)

    # -- the Conn the lobby talks to ---------------------------------------------------

    def _backlogged(self) -> bool:
        chan = self._chan
        if chan is None or self._closed:
            return True
        if chan.get_write_buffer_size() > MAX_BACKLOG:
            self._closed = True
            self.log(f"{self.account.name or self.user}: closed, not reading its output")
            chan.close()
            return True
        return False

    def show(self, text: Any, style: str = "") -> None:
        if style == "error" and self.command is not None:
            self.refused = True
        if self._backlogged():
            return
        if self.line_mode:
            assert self._chan is not None
            body = text if isinstance(text, str) else plain_text(to_formatted_text(text))
            self._chan.write(body + "\n")
        elif self.panes is not None:
            self.panes.show(text, style)
        elif self.terminal is not None:
            self.terminal.show(text, style)
            if len(self._said) < NAME_TRIES + CODE_TRIES + 2:
                self._said.append((text, style))

    def show_board(self, board: Any) -> None:
        if self.panes is not None:
            self.refresh()  # the board pane draws it
        else:
            self.show(board)

    def refresh(self) -> None:
        if self.panes is not None:
            if not self._backlogged():
                self.panes.screen.invalidate()
        elif self.terminal is not None:
            self.terminal.refresh()

    def hang_up(self) -> None:
        if self.line_mode:
            self.lines.put_nowait(None)
        elif self.panes is not None:
            self.panes.hang_up()
        elif self.terminal is not None:
            self.terminal.hang_up()

    # -- reading lines -------------------------------------------------------------------

    async def _drained(self) -> None:
        """Let what is queued for the screen be printed before a prompt starts (a
        prompt that starts first is drawn where those lines then go)."""
        for _ in range(200):
            if self.terminal is None or self.terminal.queue.empty():
                return
            await asyncio.sleep(0.005)

    async def ask(self, prompt: str, password: bool = False) -> str | None:
        """One answer to a question (registration); ``None`` when the person went."""
        if self.line_mode:
            assert self._chan is not None
            self._chan.write(prompt)
            return await self.lines.get()
        assert self.terminal is not None
        session: PromptSession[str] = _unpostponed(LinePrompt(style=STYLE))
        pace_redraws(session.app, self.guard)
        await self._drained()
        self.terminal.session = session
        try:
            return await session.prompt_async(
                prompt, is_password=password, handle_sigint=False, set_exception_handler=False
            )
        except (EOFError, KeyboardInterrupt):
            return None

    async def _next_line(self) -> str | None:
        if self.line_mode or self.panes is not None:
            return await self.lines.get()
        assert self.terminal is not None and self._prompt is not None
        await self._drained()
        self.terminal.session = self._prompt
        while not self.terminal.done:
            try:
                return await self._prompt.prompt_async(
                    handle_sigint=False, set_exception_handler=False
                )
            except KeyboardInterrupt:
                self.show("^C: type 'quit' to leave", "error")
            except EOFError:
                return None
        return None

    def _prompt_session(self) -> PromptSession[str]:
        lobby = self.lobby

        def message() -> FormattedText:
            text, style = lobby.prompt(self)
            return FormattedText([(style, text)])

        session: PromptSession[str] = LinePrompt(
            message,
            completer=DynamicCompleter(
                lambda: WordCompleter(lobby.completions(self), sentence=True)
            ),
            history=InMemoryHistory(),
            # Tab completes; completing at every keystroke would cost every connection
            # a completer run and a menu drawn per key (a hundred people typing).
            complete_while_typing=False,
            style=STYLE,
            bottom_toolbar=lambda: lobby.status(self),
        )
        pace_redraws(session.app, self.guard)
        return _unpostponed(session)

    # -- the person's session ------------------------------------------------------------

    async def _on_terminal(self, _: PromptToolkitSSHSession) -> None:
        assert self._output is not None
        terminal = self.terminal = Terminal(self._output)
        pump = asyncio.ensure_future(terminal.pump())
        size = self._get_size()
        try:
            if self.plain or not fits(size.columns, size.rows):
                self._prompt = self._prompt_session()
                await self._session()
                return
            if not await self._login():  # a new key's questions, on the prompt
                return
        finally:
            terminal.hang_up()
            with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
                await asyncio.wait_for(pump, 2)
        self.terminal = None
        await self._full_screen()

    async def _full_screen(self) -> None:
        """The rest of the session on the full screen: the person's lines are
        answered in order by :meth:`_in_lobby` while the screen runs."""
        panes = self.panes = Panes(self)
        self.overview = True
        for text, style in self._said:  # "Registered: you are ..."
            panes.show(text, style)
        person = asyncio.ensure_future(self._in_lobby())
        person.add_done_callback(lambda _: panes.hang_up())
        try:
            # The server's SIGINT and loop exception handler are the server's: a client's
            # screen must not take them (prompt-toolkit's default would send the
            # operator's ^C to this person, and drop the server's handler when they leave).
            await panes.screen.app.run_async(handle_sigint=False, set_exception_handler=False)
            if panes.done and self._output is not None and not self._backlogged():
                # The full screen is gone with its last words (the server stopped...).
                render_text(self._output, [*panes.last, ("", "\n")], STYLE)
        finally:
            self.lines.put_nowait(None)
            if not person.done():
                person.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await person

    async def _on_lines(self) -> None:
        chan = self._chan
        assert chan is not None
        try:
            await self._session()
        except asyncio.CancelledError:
            pass
        except Exception as exc:
            self.log(f"{self.user}: connection failed: {type(exc).__name__}: {exc}")
        finally:
            with contextlib.suppress(Exception):
                chan.exit(REFUSED if self.refused else 0)

    async def _session(self) -> None:
        if await self._login():
            await self._in_lobby()

    async def _login(self) -> bool:
        """Find the key's account, or register one; run the one command asked for
        (``ssh HOST who``). ``True``: the person stays for the lobby."""
        lobby = self.lobby
        found = await lobby.store.call(lobby.store.store.account_by_key, self.fingerprint)
        registered = found is None  # the one command, if any, was the registration
        account = found if found is not None else await Registration(self).run()
        if account is None:
            return False
        self.account = account
        self.share(self.budget, f"account {account.id}")
        if self.command is not None and not registered and not self.command.startswith("register"):
            lobby.arrive(self)
            try:
                await lobby.handle(self, self.command)
            finally:
                lobby.depart(self)
        return self.command is None

    async def _in_lobby(self) -> None:
        """The person's lines, in the lobby and at tables, until they leave."""
        lobby = self.lobby
        lobby.arrive(self)
        try:
            await lobby.welcome(self)
            while True:
                line = await self._next_line()
                if line is None:
                    break
                if self.hosted is not None and self.place is not None:
                    keep = await lobby.at_table(self, line)
                else:
                    keep = await lobby.handle(self, line)
                if not keep:
                    break
        finally:
            lobby.depart(self)


class Panes:
    """A connection's full screen (:class:`~vikingcli.table.screen.TableScreen`): the
    top pane shows the lobby overview, or the board of the table the person is at;
    what the lobby and the table show goes to the log pane; the prompt, the status
    line and the completions are the lobby's (the table's, at a table)."""

    def __init__(self, session: ServerSession) -> None:
        self.session = session
        self.done = False
        self.last: StyleAndTextTuples = []  # the last line shown: why the screen closed
        lobby = session.lobby
        self.screen = TableScreen(
            board=self._board,
            prompt=lambda: lobby.prompt(session),
            status=lambda: lobby.status(session),
            completions=lambda: lobby.completions(session),
            on_line=self._line,
            on_interrupt=lambda: session.show("^C: type 'quit' to leave", "error"),
            names=self._names,
            rule=self._clocks,
        )
        app = self.screen.app
        app.max_render_postpone_time = None  # as the prompts: see _unpostponed
        pace_redraws(app, session.guard)
        # Every redraw writes to the client: one that does not read is closed first.
        app.before_render += lambda _: self._before_render()

    def _before_render(self) -> None:
        if self.session._backlogged():
            self.done = True

    def show(self, text: Any, style: str = "") -> None:
        if not self.done:
            self.last = to_formatted_text(text, style=f"class:{style}" if style else "")
            self.screen.show(text, style)

    def hang_up(self) -> None:
        """The session ends: what was shown last stays readable a moment (and is
        printed again once the screen is gone)."""
        if not self.done:
            self.done = True
            self.session.lines.put_nowait(None)
            asyncio.get_running_loop().call_later(HANG_UP_DELAY, self.screen.exit)

    def _line(self, line: str) -> None:
        if not self.done:
            self.session.typed(line)

    def _board(self) -> Any:
        session = self.session
        if session.hosted is not None and session.place is not None:
            return commands.board(session.hosted.table, session.place)
        size = self.screen.app.output.get_size()
        return session.lobby.overview(session, overview_rows(size.rows), size.columns)

    def _clocks(self) -> StyleAndTextTuples:
        """Each seat's time left, in the rule under a table's board (public)."""
        hosted = self.session.hosted
        if hosted is None or self.session.place is None:
            return []
        width = self.screen.app.output.get_size().columns - 4  # the rule's ends
        return clock_line(hosted.seat_clocks(), hosted.row.deadline, width)

    def _names(self) -> tuple[Sequence[str], int | None]:
        session = self.session
        if session.hosted is not None and session.place is not None:
            return session.hosted.table.match.names, session.place.seat
        return (), None
