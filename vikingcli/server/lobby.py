"""The server's state and the lobby, in the spirit of the telnet chess servers: the
tables this process plays (taken up, played, rated, handed over in a fleet, stopped),
the people online (arriving, leaving, at a table and back), what the prompt shows, and
the lobby's commands: ``tables``, ``create``, ``join``, ``watch``, ``cancel``
(:mod:`vikingcli.server.tablecommands`), ``who``, ``finger NAME``, ``history``,
``top``, ``say``, ``tell NAME``, ``replay``, ``analyze``, ``record``, ``addkey``,
``keys``, ``delkey`` (:mod:`vikingcli.server.peoplecommands`), ``games``, ``help``
and ``quit``.

Nothing here knows SSH or a terminal: a connection is a :class:`Conn` (show a line,
redraw the prompt, hang up) with its account. At a table a connection is a
:class:`~vikingcli.table.shared.Place` of that :class:`~vikingcli.table.shared.Table`,
and what it types there means what it means at ``vikingcli serve``
(:mod:`vikingcli.table.commands`), plus ``leave`` (back to the lobby), ``tell`` and
``who``. Every text one person writes reaches others through ``printable`` (no
control characters) and within the lengths and rates of :class:`Limits`.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import gc
import os
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from vikingcli.core.registry import Registry
from vikingcli.saves.table_record import printable
from vikingcli.server.accounts import Guesses, Policy
from vikingcli.server.hosting import CANCELLED, Hosted, build, duration, identity, owner_account
from vikingcli.server.lobbyparts import (
    HELP,
    LOBBY,
    TABLE_HELP,
    TABLE_WORDS,
    Conn,
    ConnScreen,
    Limits,
)
from vikingcli.server.peoplecommands import PeopleCommands
from vikingcli.server.ratings import player_id, rate
from vikingcli.server.store import OPEN, PLAYING, AsyncStore, ChatLine, StoreError, TableRow
from vikingcli.server.tablecommands import TableCommands
from vikingcli.server.workers import Pool
from vikingcli.table import commands, session
from vikingcli.table.limits import LOBBY_SAY_RATE, SAY_BURST, Bucket

LEASE = 30.0
"""Seconds a server process holds a table without renewing (PostgreSQL fleets)."""
TICK = 1.0
FETCH_WAIT = 8.0
"""Seconds a person waits for a table another process of a fleet hands over."""
FREEZE_EVERY = 5.0
COLLECT_EVERY = 600.0
"""The garbage collector and a hundred connections: a full collection walks every
object of the server (a few hundred ms with a hundred prompts), and Python runs one
whenever enough objects outlive the younger collections, so keystrokes would wait for
it every few seconds. Instead, every FREEZE_EVERY seconds the objects that have lived
so long are frozen (``gc.freeze``: the automatic collections leave them alone), and
every COLLECT_EVERY seconds one full collection frees what cycles among them have
become garbage: one pause in ten minutes instead of one every few seconds."""
LATE = 0.25
"""Seconds late the event loop may answer before the log says the server is busy."""
LIST_EVERY = 5.0
"""Seconds between two readings of a fleet's table list (the lobby overview shows the
tables other processes play too)."""


@dataclass
class Lobby(TableCommands, PeopleCommands):
    """Everything one server process hosts: its tables, the people online, chat. The
    lobby's commands about tables and about people come from its two mixins."""

    reg: Registry
    store: AsyncStore
    pool: Pool
    policy: Policy = field(default_factory=Policy)
    limits: Limits = field(default_factory=Limits)
    log: Callable[[str], None] = print
    host: str = field(default_factory=lambda: f"{os.uname().nodename}:{os.getpid()}")
    hosted: dict[int, Hosted] = field(default_factory=dict)
    elsewhere: list[TableRow] = field(default_factory=list)
    """A fleet's open and played tables that other processes play, as last read."""
    online: dict[int, list[Conn]] = field(default_factory=dict)
    guesses: Guesses = field(init=False)
    """Wrong invite and key codes by address (an address that guesses is locked out)."""
    creating: int = 0
    """Tables being created now (counted against max_tables before the first await)."""
    analysing: set[int] = field(default_factory=set)
    rematches: dict[int, set[int]] = field(default_factory=dict)
    """Per finished table, the accounts that asked for its rematch."""
    seeds: dict[int, str] = field(default_factory=dict)
    """Per account, the seed its person set for their next deals (while logged in)."""
    stopping: str | None = None
    talk: Bucket = field(default_factory=lambda: Bucket(LOBBY_SAY_RATE, 2 * SAY_BURST))
    """The lobby's talk, everyone's together."""
    lease: float = LEASE
    """Seconds a table stays this process's without renewal (a fleet's other processes
    take the tables of one that died once its leases run out)."""
    _ticker: asyncio.Task[None] | None = None
    _shown: object = None
    """What the lobby overviews showed at the last tick (see :meth:`_redraw_lobby`)."""
    _turns: set[tuple[int, int]] = field(default_factory=set)
    """(table, account) of the moves tables waited for at the last tick."""

    def __post_init__(self) -> None:
        self.guesses = Guesses(self.log)

    # -- the tables this process plays ---------------------------------------------------

    @property
    def ai_kinds(self) -> list[str]:
        """The player kinds an AI seat may be: installed, not a person, not a program
        of the host's machine (``exec``: a table's creator must not run commands)."""
        return sorted(
            name
            for name, kind in self.reg.players.items()
            if not kind.interactive and name != "exec"
        )

    async def open(self) -> int:
        """Take up every table that was open or being played (after a restart, a
        crash, or a fleet process gone); return how many."""
        self._ticker = asyncio.get_running_loop().create_task(self._tick())
        return await self._adopt()

    async def _adopt(self) -> int:
        store = self.store.store
        rows = await self.store.call(store.tables, (OPEN, PLAYING), 10000)
        taken = 0
        now = time.time()
        for row in sorted(rows, key=lambda r: r.id):
            if row.id in self.hosted or not self.reserve_table():
                continue
            try:
                mine = self.store.store.dialect == "sqlite"  # one process per file
                if row.host and row.host != self.host and row.lease >= now and not mine:
                    continue
                claim = store.claim
                if not await self.store.call(claim, row.id, self.host, now + self.lease, now):
                    continue
                if await self._take(row) is not None:
                    taken += 1
            finally:
                self.creating -= 1
        if taken:
            self.log(f"{taken} table(s) reopened")
        return taken

    def reserve_table(self) -> bool:
        """Count one more table against ``max_tables`` before anything is awaited
        (the caller gives it back with ``creating -= 1`` once the table is hosted or
        not made): ``False`` when the process plays as many as it may."""
        if len(self.hosted) + self.creating >= self.limits.max_tables:
            return False
        self.creating += 1
        return True

    async def _take(self, row: TableRow) -> Hosted | None:
        """Play a table this process holds the lease of, from its stored moves."""
        if row.id in self.hosted:
            return self.hosted[row.id]
        store = self.store.store
        try:
            actions = await self.store.call(store.actions, row.id)
            talk = await self.store.call(store.chat, f"table:{row.id}", 200)
            row.moves = len(actions)
            hosted = build(self.reg, row, actions, talk, self.store, self.pool, self.log)
        except StoreError as exc:
            self.log(f"table {row.id} not reopened: {exc}")
            return None
        if row.id in self.hosted:  # taken meanwhile (the lease ticker)
            return self.hosted[row.id]
        self._play(hosted)
        return hosted

    async def _hand_over(self) -> None:
        """Give the tables another process of the fleet asks for (a person there wants
        to sit or watch) when nobody is at them here."""
        store = self.store.store
        for number, to in (await self.store.call(store.wanted, self.host)).items():
            hosted = self.hosted.get(number)
            if hosted is None or hosted.table.places():
                continue
            hosted.table.stop("the table moved to another server process")
            if hosted.task is not None:
                await asyncio.wait([hosted.task], timeout=10)
            until = time.time() + self.lease
            if await self.store.call(store.hand_over, number, self.host, to, until):
                self.log(f"table {number} handed over to {to}")

    async def _fetch(self, number: int) -> Hosted | None:
        """Ask the process that plays table ``number`` for it, and wait a while."""
        store = self.store.store
        await self.store.call(store.want, number, self.host)
        end = time.monotonic() + FETCH_WAIT
        while time.monotonic() < end:
            if number in self.hosted:
                return self.hosted[number]
            row = await self.store.call(store.table, number)
            if row is None or row.status not in (OPEN, PLAYING):
                return None
            if row.host == self.host:
                return await self._take(row)
            await asyncio.sleep(0.2)
        return None

    def _play(self, hosted: Hosted) -> None:
        self.hosted[hosted.id] = hosted
        hosted.task = asyncio.get_running_loop().create_task(self._run(hosted))

    async def _run(self, hosted: Hosted) -> None:
        try:
            await hosted.table.run()
            if hosted.table.finished and hosted.saver.status != CANCELLED:
                await self._finished(hosted)
        except Exception as exc:  # one table's failure is that table's only
            self.log(f"table {hosted.id} failed: {type(exc).__name__}: {exc}")
            hosted.table.stop(f"the table failed ({type(exc).__name__})")
        finally:
            self.hosted.pop(hosted.id, None)

    async def _finished(self, hosted: Hosted) -> None:
        row, match = hosted.row, hosted.table.match
        result = match.result_json()
        self.log(f"table {row.id} over: {result['end_reason']}")
        lines = [f"Table {row.id} ({row.game}) is over: {result['end_reason']}."]
        if any(seat.account is not None for seat in row.seats):
            lines.append(f"'rematch {row.id}': a new game at the same seats, once all ask.")
        if row.rated:
            lines += await self._rate(row, result["ranks"])
        for seat in row.seats:
            if seat.account is not None:
                for conn in self.online.get(seat.account, []):
                    conn.show("\n".join(lines))

    async def _rate(self, row: TableRow, ranks: list[int]) -> list[str]:
        store = self.store.store
        players = [player_id(s.account, s.player) for s in row.seats]
        size = len(row.seats)
        known = await self.store.call(store.ratings, row.game, size, players)
        new = rate(row.game, size, players, ranks, known)
        await self.store.call(store.put_ratings, new)
        out = []
        for r in new:
            seat = next(s for s, p in zip(row.seats, players, strict=True) if p == r.player)
            name = seat.name if seat.account is not None else f"AI {seat.player}"
            before = known[r.player].shown if r.player in known else None
            was = "new" if before is None else f"{before:.1f}"
            out.append(f"  rating {row.game} {size}p {name}: {was} -> {r.shown:.1f}")
        self.log(f"table {row.id} rated: " + "; ".join(o.strip() for o in out))
        return out

    async def _tick(self) -> None:
        """Move deadlines and clocks every second; in a fleet (PostgreSQL), tables
        asked for by another process every second, and leases (and tables a lost
        process left) every third of a lease."""
        store = self.store.store
        fleet = store.dialect != "sqlite"  # one process per SQLite file: no leases
        last_lease = last_freeze = last_collect = time.monotonic()
        last_list = 0.0
        while self.stopping is None:
            slept = time.monotonic()
            await asyncio.sleep(TICK)
            late = time.monotonic() - slept - TICK
            if late > LATE:
                self.log(f"the server is busy: its event loop answered {late * 1000:.0f} ms late")
            if time.monotonic() - last_collect >= COLLECT_EVERY:
                last_collect = time.monotonic()
                gc.unfreeze()
                gc.collect()
                gc.freeze()
            elif time.monotonic() - last_freeze >= FREEZE_EVERY:
                last_freeze = time.monotonic()
                gc.freeze()
            now = time.time()
            if fleet:
                try:
                    await self._hand_over()
                except Exception as exc:
                    self.log(f"hand-over failed: {type(exc).__name__}: {exc}")
            for hosted in list(self.hosted.values()):
                seat = hosted.waits_for()
                if seat is not None and hosted.time_left(now) <= 0:
                    hosted.table.forfeit(
                        seat, f"did not move within {duration(hosted.row.deadline)}"
                    )
                hosted.redraw_clock()
            self._tell_turns()
            if fleet and time.monotonic() - last_list >= LIST_EVERY:
                last_list = time.monotonic()
                try:
                    rows = await self.store.call(store.tables, (OPEN, PLAYING), 200)
                    self.elsewhere = [r for r in rows if r.id not in self.hosted]
                except Exception as exc:
                    self.log(f"reading the tables failed: {type(exc).__name__}: {exc}")
            self._redraw_lobby()
            if fleet and time.monotonic() - last_lease >= self.lease / 3:
                last_lease = time.monotonic()
                try:
                    for hosted in list(self.hosted.values()):
                        held = await self.store.call(
                            store.claim, hosted.id, self.host, now + self.lease, now
                        )
                        if not held:
                            self.log(f"table {hosted.id}: another server process took it")
                            hosted.table.stop("the table moved to another server process")
                    await self._adopt()
                except Exception as exc:
                    self.log(f"lease renewal failed: {type(exc).__name__}: {exc}")

    def _tell_turns(self) -> None:
        """Tell a person away from a table (in the lobby, at another table) once it
        begins to wait for their move: their screen rings (a turn notification). At
        the table itself the table says "Your move"."""
        turns = set()
        for hosted in self.hosted.values():
            seat = hosted.waits_for()
            owner = None if seat is None else hosted.table.record.owners.get(seat)
            account = None if owner is None else owner_account(owner)
            if account is not None:
                turns.add((hosted.id, account))
        for table, account in sorted(turns - self._turns):
            game = self.hosted[table].row.game
            for conn in self.online.get(account, []):
                if conn.hosted is None or conn.hosted.id != table:
                    conn.show(f"Your move at table {table} ({game}): 'join {table}'.", "yourmove")
        self._turns = turns

    def _redraw_lobby(self) -> None:
        """Redraw the screens of the people in the lobby when what its overview shows
        changed (who is online and where, the tables and their moves; the minute, for
        the time left): once a tick at most, however much happened."""
        now = int(time.time() // 60)
        people = [(a, self.where(c)) for a, cs in self.online.items() for c in cs]
        tables = [
            (h.id, h.row.status, h.row.moves, len(h.free_seats()), h.waits_for())
            for h in self.hosted.values()
        ]
        shown = (now, people, tables, [(r.id, r.moves, r.status) for r in self.elsewhere])
        if shown == self._shown:
            return
        self._shown = shown
        for conns in self.online.values():
            for conn in conns:
                if conn.hosted is None:
                    conn.refresh()

    async def stop(self, reason: str) -> None:
        """Stop every table (each is kept as it stands) and tell everyone."""
        self.stopping = reason
        if self._ticker is not None:
            self._ticker.cancel()
        held = list(self.hosted)
        for hosted in list(self.hosted.values()):
            hosted.table.stop(reason)
        tasks = [h.task for h in self.hosted.values() if h.task is not None]
        if tasks:
            await asyncio.wait(tasks, timeout=10)
        for conns in list(self.online.values()):
            for conn in conns:
                conn.show(f"{reason}. Every table is kept where it is; come back later.", "error")
                conn.hang_up()
        # Give up the leases: another process of a fleet may take the tables at once.
        store = self.store.store
        for row_id in held:
            with contextlib.suppress(Exception):
                await self.store.call(store.claim, row_id, "", 0.0, time.time() + self.lease)

    # -- people --------------------------------------------------------------------------

    def arrive(self, conn: Conn) -> None:
        self.online.setdefault(conn.account.id, []).append(conn)
        self.log(f"{conn.account.name} logged in from {conn.address}")

    def depart(self, conn: Conn) -> None:
        self.back_to_lobby(conn, quiet=True)
        conns = self.online.get(conn.account.id, [])
        if conn in conns:
            conns.remove(conn)
        if not conns:
            self.online.pop(conn.account.id, None)
            self.seeds.pop(conn.account.id, None)

    async def welcome(self, conn: Conn) -> None:
        name = conn.account.name
        conn.show(f"Welcome, {name}. Type 'help' for the commands, 'tables' for the tables.")
        store = self.store.store
        if not conn.overview:  # else the overview pane lists them
            turns = self.my_turns(conn.account.id)
            if turns:
                conn.show("Your turn at:\n" + "\n".join(turns), "yourmove")
            mine = await self.store.call(store.tables_of, conn.account.id, (OPEN, PLAYING), 50)
            turn_ids = {h.id for h in self._my_turn_tables(conn)}
            waiting = [r for r in mine if r.id not in turn_ids]
            if waiting:
                conn.show(
                    "Your other games: "
                    + ", ".join(f"{r.id} ({r.game}, {r.status})" for r in waiting)
                )
        chat = await self.store.call(store.chat, LOBBY, 5)
        if chat:
            conn.show("\n".join(self._chat_line(c) for c in chat), "talk")

    def _my_turn_tables(self, conn: Conn) -> list[Hosted]:
        return [
            h
            for h in self.hosted.values()
            if (s := h.seat_of(conn.account.id)) is not None and h.waits_for() == s
        ]

    def my_turns(self, account: int) -> list[str]:
        """The tables that wait for this person's move, soonest deadline first."""
        now = time.time()
        waiting = [
            h
            for h in self.hosted.values()
            if (s := h.seat_of(account)) is not None and h.waits_for() == s
        ]
        waiting.sort(key=lambda h: h.time_left(now))
        return [
            f"  table {h.id}: {h.row.game}, move {len(h.table.match.actions) + 1},"
            f" {duration(h.time_left(now))} left  (join {h.id})"
            for h in waiting
        ]

    @staticmethod
    def _chat_line(c: ChatLine) -> str:
        when = datetime.datetime.fromtimestamp(c.at, datetime.UTC).strftime("%m-%d %H:%M")
        return f"[{when}] {c.who}: {c.text}"

    def back_to_lobby(self, conn: Conn, quiet: bool = False) -> None:
        hosted, place = conn.hosted, conn.place
        if hosted is None or place is None:
            return
        conn.hosted = conn.place = None
        hosted.table.leave(place)
        if not quiet:
            conn.show(f"You are in the lobby (table {hosted.id}: 'join {hosted.id}' goes back).")
            conn.refresh()

    def where(self, conn: Conn) -> str:
        if conn.hosted is None or conn.place is None:
            return "lobby"
        verb = "watching" if conn.place.seat is None else "playing"
        return f"{verb} table {conn.hosted.id}"

    # -- what the prompt shows -----------------------------------------------------------

    def prompt(self, conn: Conn) -> tuple[str, str]:
        if conn.hosted is not None and conn.place is not None:
            text, style = commands.prompt(conn.hosted.table, conn.place)
            return f"[{conn.hosted.id}] {text}", style
        return f"{conn.account.name} lobby> ", "class:prompt"

    def status(self, conn: Conn) -> str:
        """The live line under the prompt (cheap: it is drawn at every keystroke)."""
        turns = len(self._my_turn_tables(conn))
        mine = f"your turn at {turns} table(s)" if turns else "no table waits for you"
        if conn.hosted is not None and conn.place is not None:
            clock = conn.hosted.clock()
            clock = f" | {clock}" if clock else ""
            return f"{commands.status(conn.hosted.table, conn.place)}{clock} | {mine}"
        people = len(self.online)
        return f"lobby: {people} online, {len(self.hosted)} tables | {mine}"

    def completions(self, conn: Conn) -> list[str]:
        if conn.hosted is not None and conn.place is not None:
            words = session.completions(conn.hosted.table, conn.place)
            return [*words, *TABLE_WORDS]
        tables = [str(t) for t in sorted(self.hosted)]
        people = sorted({c.account.name for cs in self.online.values() for c in cs})
        return [
            *("tables", "create ", "join ", "watch ", "cancel ", "rematch ", "who", "finger ",
              "history", "top ", "replay ", "analyze ", "record ", "say ", "tell ", "addkey",
              "keys", "delkey ",
              "games", "help", "quit"),
            *(f"create {g}" for g in sorted(self.reg.games)),
            *(f"top {g}" for g in sorted(self.reg.games)),
            *(f"join {t}" for t in tables),
            *(f"watch {t}" for t in tables),
            *(f"finger {p}" for p in people),
            *(f"tell {p} " for p in people),
        ]  # fmt: skip

    # -- at a table ----------------------------------------------------------------------

    async def at_table(self, conn: Conn, line: str) -> bool:
        """A line typed at a table; ``False`` only when the connection should end."""
        assert conn.hosted is not None and conn.place is not None
        # The server's own words at a table; the rest are every table's
        # (:mod:`vikingcli.table.session`), 'quit' included: back to the lobby.
        word, _, _rest = line.strip().partition(" ")
        if word in ("leave", "lobby"):
            self.back_to_lobby(conn)
            return True
        if word in ("tell", "who"):
            return await self.handle(conn, line)
        if word == "rematch":  # a server table's rematch is a new table: the lobby's
            conn.show(f"once the game is over: 'rematch {conn.hosted.id}' in the lobby", "error")
            return True
        if word in ("help", "?"):
            conn.show(TABLE_HELP)
        try:
            stays = session.interpret(conn.hosted.table, conn.place, line)
        except Exception as exc:
            self._failed(conn, line, exc)
            return True
        if not stays:
            self.back_to_lobby(conn)
        return True

    def _failed(self, conn: Conn, line: str, exc: Exception) -> None:
        """A line the server failed on: it costs that line's answer, never the
        connection, and the log has what failed."""
        self.log(
            f"{conn.account.name}: {printable(line, 60)!r} failed:"
            f" {type(exc).__name__}: {printable(str(exc), 200)}"
        )
        conn.show(f"that failed on the server ({type(exc).__name__}); the log has it", "error")

    def enter(self, conn: Conn, hosted: Hosted, watch: bool) -> None:
        self.back_to_lobby(conn, quiet=True)
        conn.show(f"Table {hosted.id}. {TABLE_HELP}")
        who = identity(conn.account.name, conn.account.id, conn.connection)
        seed = None if hosted.started else self.seeds.get(conn.account.id)
        screen = ConnScreen(conn, self.back_to_lobby)
        place = hosted.table.join(who, screen, watch=watch, seed=seed)
        if place is None:
            return
        place.talk = conn.talk  # leaving and coming back does not say more
        conn.hosted, conn.place = hosted, place
        if hosted.saver.status == OPEN and not hosted.free_seats():
            hosted.start()
        conn.refresh()

    # -- the lobby's commands ------------------------------------------------------------

    async def handle(self, conn: Conn, line: str) -> bool:
        """A line typed in the lobby; ``False`` when the person leaves."""
        line = line.strip()
        if not line:
            return True
        if "\ufffd" in line:
            conn.show("that line was not valid UTF-8; ignored", "error")
            return True
        word, _, rest = line.partition(" ")
        word, rest = word.lower(), rest.strip()
        if word in ("quit", "exit", "bye"):
            conn.show("Bye. Your tables wait for you.")
            return False
        method = getattr(self, f"cmd_{word}", None)
        if method is None or word.startswith("_"):
            conn.show(f"unknown command {printable(word, 30)!r}; 'help' lists them", "error")
            return True
        try:
            await method(conn, rest)
        except StoreError as exc:
            conn.show(f"the database failed: {exc}", "error")
        except Exception as exc:
            self._failed(conn, line, exc)
        return True

    async def cmd_help(self, conn: Conn, rest: str) -> None:
        conn.show(HELP)

    async def cmd_games(self, conn: Conn, rest: str) -> None:
        lines = []
        for name, game in sorted(self.reg.games.items()):
            opts = ", ".join(
                f"{o.name}={'|'.join(o.choices) if o.choices else '...'}" for o in game.options
            )
            lines.append(f"  {name:<12} {game.min_players}-{game.max_players} players  {opts}")
        lines.append(f"AI seats: {', '.join(self.ai_kinds)}")
        conn.show("\n".join(lines))
