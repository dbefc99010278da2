"""SSH tables: people join a :class:`~vikingcli.table.Table` with any ssh client.

Every connection runs a full prompt-toolkit session (prompt-toolkit's own SSH
support on asyncssh): Tab completes the legal actions, the prompt keeps a history,
messages print above the prompt while the person types, and a line under the
prompt says whose move it is or whom the lobby waits for.

Who gets in: public keys from an authorized_keys file, or anyone at an ``--open``
table. Either way the key a person logged in with is what their seat is bound to
(see :mod:`vikingcli.table`). Input that is not UTF-8 becomes U+FFFD and is refused
line by line; a vanished client only frees its connection, never its seat.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any, TextIO, cast

import asyncssh
from prompt_toolkit import PromptSession
from prompt_toolkit.completion import DynamicCompleter, WordCompleter
from prompt_toolkit.contrib.ssh import PromptToolkitSSHServer, PromptToolkitSSHSession
from prompt_toolkit.formatted_text import FormattedText, to_formatted_text
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.output.plain_text import PlainTextOutput
from prompt_toolkit.renderer import print_formatted_text as render_text

from vikingcli.core.fairdeal import Deal
from vikingcli.core.match import Match
from vikingcli.core.registry import Registry
from vikingcli.saves.match_file import create_save
from vikingcli.saves.table_record import (
    Identity,
    TableRecord,
    new_connection,
    printable,
    read_table_record,
)
from vikingcli.table import commands
from vikingcli.table.bare import bare_lines
from vikingcli.table.door import LOGIN_TIMEOUT, TABLE_CONNECTIONS, TABLE_PER_ADDRESS, Door
from vikingcli.table.editing import LinePrompt
from vikingcli.table.guarded import HANG_UP_DELAY, GuardedSession, close_when_said
from vikingcli.table.limits import (
    SharedBudgets,
    pace_redraws,
    quiet_collections,
)
from vikingcli.table.places import Place
from vikingcli.table.rematch import Rematch
from vikingcli.table.screen import TableScreen, fits
from vikingcli.table.session import completions, console, interpret
from vikingcli.table.shared import Table
from vikingcli.table.ssh_keys import keys_by_name, read_host_key, table_keys, write_host_key
from vikingcli.table.terminal import STYLE, Terminal


class _Lines:
    """The channel as plain lines for a client with no terminal: a line ends in
    ``\\n``, as from any program run without one (prompt-toolkit's printing ends lines
    in ``\\r\\n``, and its SSH stdout turns that into ``\\r\\r\\n``)."""

    def __init__(self, chan: Any) -> None:
        self.chan = chan

    def write(self, data: str) -> None:
        with contextlib.suppress(BrokenPipeError):  # the client is gone
            self.chan.write(data.replace("\r\n", "\n"))

    def flush(self) -> None:
        """Nothing is kept here: the channel sends what it is given."""


class _Session(GuardedSession):
    """A connection to the one table of ``vikingcli serve``, told who logged in."""

    def __init__(
        self, table: Table, who: Identity, live: set[_Session], budget: SharedBudgets, address: str
    ) -> None:
        super().__init__(self._play, who.user, table.log, live)
        self.table = table
        self.who = who
        # A key's sessions type from one budget; keyless ones, from their address's.
        self.share(budget, who.key or f"address {address}")

    async def _play(self, _: PromptToolkitSSHSession) -> None:
        assert self._output is not None and self._chan is not None and self._input is not None
        # No terminal at the client (``ssh -T HOST plain``, or lines piped to ``ssh
        # HOST``): plain lines, no escape code, ended by end of input (table.bare).
        bare = self._chan.get_terminal_type() is None
        if self.command is not None:
            self.refused = True
            self._chan.write(
                f"this table runs no command ({printable(self.command, 30)!r}):"
                " ssh -p PORT NAME@HOST joins it; 'plain' after it for its lines\n"
            )
            return
        size = self._get_size()
        if not self.plain and not bare and fits(size.columns, size.rows):
            await self._play_full_screen()
            return
        lines = cast(TextIO, _Lines(self._chan))
        terminal = self.terminal = Terminal(PlainTextOutput(lines) if bare else self._output)
        pump = asyncio.ensure_future(terminal.pump())
        place = self.table.join(self.who, terminal)
        try:
            if place is not None and bare:
                await bare_lines(self._input.pipe.read_fd, self.table, place, terminal)  # type: ignore[attr-defined]
            elif place is not None:
                await self._prompt_loop(terminal, place)
        finally:
            if place is not None:
                self.table.leave(place)
            terminal.hang_up()
            with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
                await asyncio.wait_for(pump, 2)

    async def _play_full_screen(self) -> None:
        """The full-screen table (:mod:`vikingcli.table.screen`) for this connection."""
        table = self.table
        screen = self.full = _FullScreen(table)
        pace_redraws(screen.screen.app, self.guard)
        place = table.join(self.who, screen)
        if place is None:
            return
        screen.place = place
        if place.seat is not None:
            screen.screen.buffer.history = table.histories.setdefault(
                place.seat, InMemoryHistory()
            )
        try:
            # The host's SIGINT and loop exception handler stay the host's (see
            # vikingcli.server.screen): a client's screen must not take them.
            await screen.screen.app.run_async(handle_sigint=False, set_exception_handler=False)
        finally:
            table.leave(place)
        if screen.done and self._output is not None:  # why it closed, once it is gone
            render_text(self._output, [*screen.last, ("", "\n")], STYLE)

    async def _prompt_loop(self, terminal: Terminal, place: Place) -> None:
        table = self.table
        # A seat's history outlives its connections; a watcher's is its own.
        history = (
            InMemoryHistory()
            if place.seat is None
            else table.histories.setdefault(place.seat, InMemoryHistory())
        )

        def message() -> FormattedText:
            text, style = commands.prompt(table, place)
            return FormattedText([(style, text)])

        session: PromptSession[str] = LinePrompt(
            message,
            completer=DynamicCompleter(
                lambda: WordCompleter(completions(table, place), sentence=True)
            ),
            history=history,
            style=STYLE,
            bottom_toolbar=lambda: commands.status(table, place),
        )
        terminal.session = session
        pace_redraws(session.app, self.guard)
        while not terminal.done:
            try:
                # The server's own SIGINT saves the table; it is not a person's Ctrl-C.
                # The server's loop keeps its own exception handler: prompt-toolkit's
                # prints to the terminal, and loops for ever once stdout is gone.
                line = await session.prompt_async(handle_sigint=False, set_exception_handler=False)
            except KeyboardInterrupt:
                terminal.show("^C: type 'quit' to leave (your seat stays yours)", "error")
                continue
            except EOFError:
                break
            if terminal.done or not interpret(table, place, line):
                break


class _FullScreen:
    """A connection's full-screen table (:class:`TableScreen`) as the table sees it:
    lines go to the log pane, the board pane draws the table's state for the seat."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.place: Place | None = None
        self.done = False
        self.last: Any = []  # the last line shown, printed again once the screen is gone
        self.screen = TableScreen(
            board=self._board,
            prompt=self._prompt,
            status=self._status,
            completions=self._completions,
            on_line=self._line,
            on_interrupt=lambda: self.screen.show(
                "^C: type 'quit' to leave (your seat stays yours)", "error"
            ),
            names=lambda: (
                self.table.match.names, None if self.place is None else self.place.seat
            ),
        )

    def show(self, text: Any, style: str = "") -> None:
        if not self.done:
            self.last = to_formatted_text(text, style=f"class:{style}" if style else "")
            self.screen.show(text, style)

    def show_board(self, board: Any) -> None:
        self.screen.invalidate()

    def refresh(self) -> None:
        self.screen.invalidate()

    def hang_up(self) -> None:
        if not self.done:
            self.done = True
            # What was shown last stays readable for a moment before the screen goes.
            asyncio.get_running_loop().call_later(HANG_UP_DELAY, self.screen.exit)

    def _board(self) -> Any:
        return "" if self.place is None else commands.board(self.table, self.place)

    def _prompt(self) -> tuple[str, str]:
        return ("> ", "") if self.place is None else commands.prompt(self.table, self.place)

    def _status(self) -> str:
        return "" if self.place is None else commands.status(self.table, self.place)

    def _completions(self) -> list[str]:
        return [] if self.place is None else completions(self.table, self.place)

    def _line(self, line: str) -> None:
        if self.place is not None and not interpret(self.table, self.place, line):
            self.done = True
            self.screen.exit()


class _Server(PromptToolkitSSHServer):
    """One SSH connection: authentication and the key the person logged in with."""

    def __init__(
        self,
        table: Table,
        keys: asyncssh.SSHAuthorizedKeys | None,
        conns: set[asyncssh.SSHServerConnection],
        sessions: set[_Session],
        budget: SharedBudgets,
        door: Door,
    ) -> None:
        super().__init__(self._unused)
        self.table = table
        self.keys = keys
        self.conns = conns
        self.sessions = sessions
        self.budget = budget
        self.door = door
        self.peer = ("", 0)
        self.address = ""
        """The address group the door counts (an IPv6 client's /64)."""
        self.refused: str | None = None
        self._turned_away: asyncio.TimerHandle | None = None
        self.user = ""
        self.key: str | None = None

    @staticmethod
    async def _unused(_: PromptToolkitSSHSession) -> None:
        raise AssertionError("sessions are made by session_requested")

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        if peer:
            self.peer = (str(peer[0]), int(peer[1]))
        self.address, self.refused = self.door.enter(self.peer[0])
        if self.refused is None:
            self.conns.add(conn)
        else:
            self._turned_away = self.door.turn_away(conn)

    def connection_lost(self, exc: Exception | None) -> None:
        if self.refused is None:
            self.conns.discard(self.conn)
            self.door.leave(self.address)
        else:
            self.door.gone(self._turned_away)

    def begin_auth(self, username: str) -> bool:
        if self.refused is not None:
            raise asyncssh.DisconnectError(asyncssh.DISC_TOO_MANY_CONNECTIONS, self.refused)
        # Always authenticate, even at an open table: the key is what a seat is bound to.
        self.user = username
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        host = self.peer[0]
        if self.keys is not None and self.keys.validate(key, host, host) is None:
            return False
        # The last key accepted is the one that signs (each attempt is checked again).
        self.key = key.get_fingerprint("sha256")
        return True

    def kbdint_auth_supported(self) -> bool:
        return self.keys is None  # an open table lets keyless clients in, by name only

    def get_kbdint_challenge(self, username: str, lang: str, submethods: str) -> bool:
        self.key = None
        return True

    def password_auth_supported(self) -> bool:
        return False

    def session_requested(self) -> PromptToolkitSSHSession:
        who = Identity(self.user, self.key, new_connection())
        return _Session(self.table, who, self.sessions, self.budget, self.peer[0])


class ServerLog:
    """The server's log lines on a stream that may go away (``serve ... | tee log``
    and the reader killed): once a write fails the log goes quiet, and the table
    goes on and can still be stopped."""

    def __init__(self, stream: TextIO) -> None:
        self.stream: TextIO | None = stream

    def __call__(self, line: str) -> None:
        if self.stream is None:
            return
        try:
            print(line, file=self.stream, flush=True)
        except (OSError, ValueError):
            self.stream = None


def _read_console(table: Table, loop: asyncio.AbstractEventLoop, stream: TextIO) -> None:
    """The host's commands from the server's standard input (a daemon thread)."""

    def answer(line: str) -> None:
        table.log(console(table, line))

    for line in stream:
        if line.strip():
            loop.call_soon_threadsafe(answer, line)


async def serve(
    table: Table, host: str, port: int, host_key: Path, keys: asyncssh.SSHAuthorizedKeys | None,
    on_listen: Callable[[str, int], None], console: TextIO | None = sys.stdin,
) -> None:  # fmt: skip
    """Run the SSH table until its game is over or the host stops it (SIGTERM,
    SIGINT or ``stop`` at the console: the table is saved, everyone is told).
    ``on_listen`` runs once the port is open and before anyone is let in (it writes
    the table's first save); what it raises ends the server."""
    new_key = not host_key.exists()
    key = asyncssh.generate_private_key("ssh-ed25519") if new_key else read_host_key(host_key)
    conns: set[asyncssh.SSHServerConnection] = set()
    sessions: set[_Session] = set()
    budget = SharedBudgets()
    door = Door(TABLE_CONNECTIONS, TABLE_PER_ADDRESS, "table")
    server = await asyncssh.create_server(
        lambda: _Server(table, keys, conns, sessions, budget, door), host, port,
        server_host_keys=[key], encoding="utf-8", errors="replace",
        # asyncssh's editor counted escape codes as columns and rubbed out cells (' \b')
        line_editor=False, login_timeout=LOGIN_TIMEOUT,
    )  # fmt: skip
    loop = asyncio.get_running_loop()
    loop.set_exception_handler(
        lambda _, context: table.log(f"server error: {context.get('message', context)}")
    )
    try:
        if new_key:
            write_host_key(key, host_key)
        on_listen(host, server.sockets[0].getsockname()[1])
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, table.stop, f"the host stopped the table ({sig.name})")
        if console is not None:
            threading.Thread(
                target=_read_console, args=(table, loop, console), daemon=True
            ).start()
        await table.run()
    finally:
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(sig)
        server.close()
        await server.wait_closed()
        await close_when_said(sessions, conns)  # every session was told goodbye


def host_table(
    reg: Registry,
    match: Match,
    save: Path,
    *,
    host: str,
    port: int,
    host_key: Path,
    authorized_keys: Path | None,
    open_table: bool,
    reserve: list[str],
    release: list[int],
    spectators: bool,
    resumed: bool,
    confirm: bool = False,
    replace: bool = False,
    move_timeout: float | None = None,
    log: Callable[[str], None] | None = None,
    deal: Deal | None = None,
    rematch: float = 0.0,
) -> str | None:
    """``vikingcli serve``: seat the table, listen until the game ends (then ``rematch``
    seconds for a rematch) or the host stops it; the line to print for a stop or a
    rematch (``None``: game over). ``ValueError`` for bad choices. The first save is
    written once the port is open (over another file only with ``replace``); ``deal``:
    a new table's committed deal (a resumed one keeps the save's)."""
    if resumed and match.over:
        raise ValueError(f"{save}: the game is over; there is nothing to resume")
    log = log or ServerLog(sys.stderr)
    keys, warning = table_keys(authorized_keys, open_table, host)
    keys_of = None if keys is None else keys_by_name(keys)
    record = read_table_record(save, len(match.seats), keys_of) if resumed else None
    record = record or TableRecord(deal=deal)
    table = Table(
        match, reg.players, save, record=record, reserve=reserve, release=release,
        keys_of=keys_of, spectators=spectators, confirm=confirm, move_timeout=move_timeout, log=log,
    )  # fmt: skip
    if warning:
        log(f"vikingcli: {warning}")
    table.rematch_offer = Rematch(Deal.new, rematch) if rematch > 0 else None

    def listening(h: str, p: int) -> None:
        if not resumed:
            create_save(match, save, force=replace, table=table.record.to_doc())
        what = "reopened" if resumed else "table"
        print(
            f"{match.game.title} {what} on {h}:{p} for {len(table.humans)} player(s);"
            f" saving to {save}"
        )
        print(f"join with: ssh -p {p} NAME@{h}   (console: type 'help')", flush=True)

    quiet_collections()
    asyncio.run(serve(table, host, port, host_key, keys, listening))
    if table.save_failed:
        raise OSError(table.save_failed)
    if table.stopped and not table.finished:
        where = table.save
        return f"{table.stopped}: saved to {where}; reopen with: vikingcli serve --resume {where}"
    if table.match is not match:
        return f"game over ({table.match.result_json()['end_reason']}): saved to {table.save}"
    return None
