"""SSH tables: remote people take the human seats of one game, with any ssh client.

The match runs in a worker thread with the ordinary match loop; each human seat is
a :class:`~vikingcli.human.HumanPlayer` whose ``ask``/``show`` go through the SSH
session of whoever holds that seat. A dropped connection frees its seat; the next
person to connect takes it over and the game goes on. Every move is autosaved, so
the table can also be continued later with ``vikingcli resume``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import asyncssh

from vikingcli.human import HumanPlayer
from vikingcli.match import Match, QuitGame, UndoRequest, make_player
from vikingcli.players import Player, PlayerKind
from vikingcli.saves import write_save
from vikingcli.text import move_lines, plain_text


def load_or_create_host_key(path: Path) -> asyncssh.SSHKey:
    """The server's host key, generated once and kept so clients can trust it."""
    if path.exists():
        return asyncssh.read_private_key(str(path))
    key = asyncssh.generate_private_key("ssh-ed25519")
    path.parent.mkdir(parents=True, exist_ok=True)
    key.write_private_key(str(path))
    path.chmod(0o600)
    return key


class _Server(asyncssh.SSHServer):
    def __init__(self, open_access: bool) -> None:
        self.open_access = open_access

    def begin_auth(self, username: str) -> bool:
        # Without --authorized-keys the table is open (it listens on loopback by default).
        return not self.open_access

    def password_auth_supported(self) -> bool:
        return False


class Table:
    """One game whose human seats are filled by SSH sessions."""

    def __init__(
        self,
        match: Match,
        kinds: dict[str, PlayerKind],
        save: Path,
        log: Callable[[str], None] = print,
    ) -> None:
        self.match = match
        self.save = save
        self.log = log
        self.humans = [i for i, s in enumerate(match.seats) if kinds[s.spec.kind].interactive]
        self.holders: dict[int, asyncssh.SSHServerProcess[str] | None] = dict.fromkeys(self.humans)
        self.names: dict[int, str] = {}
        self.prompts: dict[int, str] = {}
        self.queues: dict[int, asyncio.Queue[str | None]] = {}
        self.loop: asyncio.AbstractEventLoop | None = None
        self.started = asyncio.Event()
        self.finished = asyncio.Event()
        self.players: list[Player] = []
        for i, seat in enumerate(match.seats):
            if i in self.holders:
                self.players.append(HumanPlayer(ask=self._asker(i), show=self._shower(i)))
            else:
                self.players.append(make_player(match.game, kinds, seat.spec, i, match.seed))

    # -- called from the game thread ---------------------------------------------------

    def _asker(self, seat: int) -> Callable[[str, list[str]], str]:
        def ask(message: str, completions: list[str]) -> str:
            assert self.loop is not None
            future = asyncio.run_coroutine_threadsafe(self._ask(seat, message), self.loop)
            line = future.result()
            if line is None:
                raise QuitGame
            return line

        return ask

    def _shower(self, seat: int) -> Callable[[str], None]:
        def show(text: str) -> None:
            assert self.loop is not None
            self.loop.call_soon_threadsafe(self._write, seat, text + "\n")

        return show

    def _send_threadsafe(self, seat: int, text: str) -> None:
        assert self.loop is not None
        self.loop.call_soon_threadsafe(self._write, seat, text + "\n")

    # -- event loop side --------------------------------------------------------------

    async def _ask(self, seat: int, message: str) -> str | None:
        self.prompts[seat] = message
        self._write(seat, message)
        return await self.queues[seat].get()

    def _write(self, seat: int, text: str) -> None:
        process = self.holders.get(seat)
        if process is not None and not process.is_closing():
            process.stdout.write(text.replace("\n", "\r\n"))

    def _broadcast(self, text: str) -> None:
        for seat in self.humans:
            self._write(seat, text + "\n")

    async def handle(self, process: asyncssh.SSHServerProcess[str]) -> None:
        """One SSH session: take a free human seat, relay lines until it closes."""
        free = [s for s in self.humans if self.holders[s] is None]
        user = process.get_extra_info("username") or "guest"
        if not free or self.finished.is_set():
            process.stdout.write("This table is full. Bye.\r\n")
            process.exit(0)
            return
        seat = free[0]
        self.holders[seat] = process
        self.names[seat] = user
        queue = self.queues.setdefault(seat, asyncio.Queue())
        game = self.match.game
        self._write(seat, f"Welcome {user}: you hold seat {seat} of {game.title}.\n")
        self.log(f"{user} took seat {seat}")
        waiting = [s for s in self.humans if self.holders[s] is None]
        if waiting:
            self._broadcast(f"waiting for {len(waiting)} more player(s) to connect...")
        elif not self.started.is_set():
            self.started.set()
        else:
            self._broadcast(f"{user} took over seat {seat}")
            self._write(seat, plain_text(game.render(self.match.state, seat)) + "\n")
            self._write(seat, self.prompts.get(seat, ""))
        try:
            while not self.finished.is_set():
                try:
                    line = await process.stdin.readline()
                except (asyncssh.BreakReceived, asyncssh.TerminalSizeChanged):
                    continue
                if not line or line.strip() in ("quit", "exit"):
                    break
                queue.put_nowait(line.rstrip("\r\n"))
        except asyncssh.DisconnectError:
            pass
        finally:
            if self.holders.get(seat) is process:
                self.holders[seat] = None
                if not self.finished.is_set():
                    self.log(f"{user} left seat {seat}")
                    self._broadcast(f"{user} left seat {seat}; the next connection takes it")
            if not process.is_closing():
                process.exit(0)

    async def run(self) -> None:
        """Wait for every human seat, play the game in a thread, then say goodbye."""
        self.loop = asyncio.get_running_loop()
        if not self.humans:
            self.started.set()
        await self.started.wait()
        self._broadcast("All seats are taken: the game begins. Type 'help' for commands.")
        await asyncio.to_thread(self._play)
        self.finished.set()
        result = self.match.result_json()
        lines = [plain_text(self.match.game.render(self.match.state, None)), "Game over."]
        for i, info in enumerate(self.match.seats):
            name = self.names.get(i, str(info.spec))
            score, rank = result["scores"][i], result["ranks"][i]
            lines.append(f"  seat {i} {name}: {score:g} points, rank {rank}")
        self._broadcast("\n".join(lines))
        for seat in self.humans:
            process = self.holders.get(seat)
            if process is not None and not process.is_closing():
                process.exit(0)

    def _play(self) -> None:
        def on_move(match: Match, seat: int, text: str) -> None:
            write_save(match, self.save)
            who = f"seat {seat} ({self.names.get(seat, str(match.seats[seat].spec))})"
            # Each connection is told the move as its own seat may know it.
            for person in self.humans:
                lines = move_lines(len(match.actions), who, match.narrate(person))
                self._send_threadsafe(person, "\n".join(lines))

        self.match.narrating = True
        write_save(self.match, self.save)
        while not self.match.over:
            try:
                self.match.play(self.players, on_move=on_move)
            except QuitGame:
                # 'quit' at an SSH seat only frees the seat (see handle); play on.
                continue
            except UndoRequest as request:
                # Taking a move back needs every person's consent; not offered here yet.
                self._send_threadsafe(request.seat, "undo is not available at an SSH table")
                continue
        write_save(self.match, self.save)


async def serve(
    table: Table,
    host: str,
    port: int,
    host_key: Path,
    authorized_keys: Path | None,
    on_listen: Callable[[str, int], None],
) -> None:
    """Run the SSH table until its game is over."""
    key = load_or_create_host_key(host_key)
    server = await asyncssh.create_server(
        lambda: _Server(open_access=authorized_keys is None),
        host,
        port,
        server_host_keys=[key],
        authorized_client_keys=str(authorized_keys) if authorized_keys else None,
        process_factory=table.handle,
        encoding="utf-8",
        line_editor=True,
    )
    bound = server.sockets[0].getsockname()[1]
    on_listen(host, bound)
    try:
        await table.run()
        await asyncio.sleep(0.2)  # let the goodbye reach the clients
    finally:
        server.close()
        await server.wait_closed()
