"""The server's state and the lobby's commands, in the spirit of the telnet chess
servers: ``tables``, ``create``, ``join``, ``watch``, ``who``, ``finger NAME``,
``history``, ``top``, ``say``, ``tell NAME``, ``replay``, ``analyze``, ``record``,
``addkey``, ``keys``, ``cancel``.

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
import secrets
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from vikingcli.core.registry import Registry
from vikingcli.core.specs import parse_spec, seat_names
from vikingcli.engine import SpecError
from vikingcli.engine.text import columns, shown
from vikingcli.saves.table_record import printable
from vikingcli.server.accounts import Policy, Registrations
from vikingcli.server.hosting import (
    CANCELLED,
    Hosted,
    build,
    duration,
    identity,
    new_row,
    parse_duration,
    time_control,
)
from vikingcli.server.ratings import player_id, rate
from vikingcli.server.store import (
    OPEN,
    OVER,
    PLAYING,
    Account,
    AsyncStore,
    ChatLine,
    SeatRow,
    StoreError,
    TableRow,
)
from vikingcli.server.workers import Pool
from vikingcli.table import commands
from vikingcli.table.limits import SAY_BURST, SAY_RATE, Bucket, Notices
from vikingcli.table.shared import Place

LOBBY = "lobby"
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
DEFAULT_TIME = "1d"

HELP = """\
Lobby commands (Tab completes):
  tables                 open tables, your games (your turn first), games to watch
  create GAME [people=N] [ai=SPEC ...] [time=10m|3d] [rated|casual] [OPTION=VALUE ...]
                         a new table; you take its first seat (people: seats for
                         people, you included; ai: an AI seat each, e.g. ai=mcts)
  join N                 take a free seat at table N (or go back to your own seat)
  watch N                watch table N (the public view)
  cancel N               drop a table of yours that has not begun
  who                    people online, and where
  finger NAME            a person: ratings and recent games
  history [NAME]         finished games
  top GAME [SIZE]        the leaderboard of a game (SIZE: players at the table)
  replay N [MOVE]        a finished game of yours, move by move (or the board at MOVE)
  analyze N              the AI's view of your decisions in a finished game of yours
  record N               a finished game of yours as a save file (vikingcli replay/analyze)
  say TEXT               one line to everyone in the lobby
  tell NAME TEXT         one line to one person
  addkey PUBLIC-KEY      let another key of yours log in to this account
  keys                   the keys of your account
  games                  the installed games
  help, quit"""

TABLE_WORDS = ("leave", "tell ", "who")
TOO_FAST = f"not said: at most {SAY_BURST} lines at once, then {SAY_RATE:g} a second"
TABLE_HELP = "'leave': back to the lobby (your seat stays yours), 'tell NAME TEXT', 'who'."


class Conn(Protocol):
    """One connection of a logged-in person, as the lobby uses it."""

    account: Account
    address: str
    connection: int
    hosted: Hosted | None
    place: Place | None
    talk: Bucket
    notices: Notices

    def show(self, text: Any, style: str = "") -> None: ...

    def refresh(self) -> None: ...

    def hang_up(self) -> None: ...


@dataclass
class Limits:
    """What one person, one address and the whole server may use."""

    tables_per_person: int = 8
    """Tables a person may have created that are open or being played."""
    max_tables: int = 200
    """Tables one server process plays at once."""
    chat_length: int = 300
    per_address: int = 8
    """Connections from one address at once."""
    max_connections: int = 500
    ai_seconds: float = 10.0
    """The most thinking time an AI seat may be given (mcts:seconds=...)."""
    ai_iterations: int = 20000
    replay_lines: int = 3000


class TableScreen:
    """A connection's screen while it sits at (or watches) a table; when the table
    hangs up (the game is over, the server stops), the person is back in the lobby."""

    def __init__(self, conn: Conn, back: Callable[[Conn], None]) -> None:
        self.conn = conn
        self.back = back

    def show(self, text: Any, style: str = "") -> None:
        self.conn.show(text, style)

    def show_board(self, board: Any) -> None:
        self.conn.show(board)

    def refresh(self) -> None:
        self.conn.refresh()

    def hang_up(self) -> None:
        asyncio.get_running_loop().call_soon(self.back, self.conn)


@dataclass
class Lobby:
    """Everything one server process hosts: its tables, the people online, chat."""

    reg: Registry
    store: AsyncStore
    pool: Pool
    policy: Policy = field(default_factory=Policy)
    limits: Limits = field(default_factory=Limits)
    log: Callable[[str], None] = print
    host: str = field(default_factory=lambda: f"{os.uname().nodename}:{os.getpid()}")
    hosted: dict[int, Hosted] = field(default_factory=dict)
    online: dict[int, list[Conn]] = field(default_factory=dict)
    registrations: Registrations = field(default_factory=Registrations)
    analysing: set[int] = field(default_factory=set)
    stopping: str | None = None
    lease: float = LEASE
    """Seconds a table stays this process's without renewal (a fleet's other processes
    take the tables of one that died once its leases run out)."""
    _ticker: asyncio.Task[None] | None = None

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
            if row.id in self.hosted or len(self.hosted) >= self.limits.max_tables:
                continue
            mine = self.store.store.dialect == "sqlite"  # one process per file
            if row.host and row.host != self.host and row.lease >= now and not mine:
                continue
            if not await self.store.call(store.claim, row.id, self.host, now + self.lease, now):
                continue
            if await self._take(row) is not None:
                taken += 1
        if taken:
            self.log(f"{taken} table(s) reopened")
        return taken

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
        """Move deadlines every second; in a fleet (PostgreSQL), tables asked for by
        another process every second, and leases (and tables a lost process left)
        every third of a lease."""
        store = self.store.store
        fleet = store.dialect != "sqlite"  # one process per SQLite file: no leases
        last_lease = last_freeze = last_collect = time.monotonic()
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

    async def welcome(self, conn: Conn) -> None:
        name = conn.account.name
        conn.show(f"Welcome, {name}. Type 'help' for the commands, 'tables' for the tables.")
        turns = self.my_turns(conn.account.id)
        if turns:
            conn.show("Your turn at:\n" + "\n".join(turns), "yourmove")
        store = self.store.store
        mine = await self.store.call(store.tables_of, conn.account.id, (OPEN, PLAYING), 50)
        waiting = [r for r in mine if r.id not in {h.id for h in self._my_turn_tables(conn)}]
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
            return f"{commands.status(conn.hosted.table, conn.place)} | {mine}"
        people = len(self.online)
        return f"lobby: {people} online, {len(self.hosted)} tables | {mine}"

    def completions(self, conn: Conn) -> list[str]:
        if conn.hosted is not None and conn.place is not None:
            words = commands.completions(conn.hosted.table, conn.place)
            return [*words, *TABLE_WORDS]
        tables = [str(t) for t in sorted(self.hosted)]
        people = sorted({c.account.name for cs in self.online.values() for c in cs})
        return [
            *("tables", "create ", "join ", "watch ", "cancel ", "who", "finger ", "history",
              "top ", "replay ", "analyze ", "record ", "say ", "tell ", "addkey ", "keys",
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
        word, _, _rest = line.strip().partition(" ")
        if word in ("leave", "quit", "exit", "lobby"):
            self.back_to_lobby(conn)
            return True
        if word in ("tell", "who"):
            return await self.handle(conn, line)
        if word in ("help", "?"):
            conn.show(TABLE_HELP)
        if not commands.handle(conn.hosted.table, conn.place, line):
            self.back_to_lobby(conn)
        return True

    def enter(self, conn: Conn, hosted: Hosted, watch: bool) -> None:
        self.back_to_lobby(conn, quiet=True)
        conn.show(f"Table {hosted.id}. {TABLE_HELP}")
        who = identity(conn.account.name, conn.account.id, conn.connection)
        place = hosted.table.join(who, TableScreen(conn, self.back_to_lobby), watch=watch)
        if place is None:
            return
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

    async def cmd_tables(self, conn: Conn, rest: str) -> None:
        store = self.store.store
        rows = await self.store.call(store.tables, (OPEN, PLAYING), 200)
        me = conn.account.id
        mine = [r for r in rows if any(s.account == me for s in r.seats)]
        turn_ids = {h.id for h in self._my_turn_tables(conn)}
        mine.sort(key=lambda r: (r.id not in turn_ids, r.id))
        open_rows = [r for r in rows if r.status == OPEN and r not in mine]
        live = [r for r in rows if r.status == PLAYING and r not in mine]
        out = ["Your games (your turn first):" if mine else "Your games: none"]
        for r in mine:
            out.append(f"  {r.id:>4}  {self._state_of(r, me)}  {self._describe(r)}")
        out.append("Open tables (join N):" if open_rows else "Open tables: none ('create GAME')")
        for r in open_rows[:30]:
            free = sum(1 for s in r.seats if s.player == "human" and s.account is None)
            out.append(f"  {r.id:>4}  {free} seat(s) free  {self._describe(r)}")
        out.append("Games to watch (watch N):" if live else "Games to watch: none")
        for r in live[:30]:
            out.append(f"  {r.id:>4}  move {r.moves + 1}  {self._describe(r)}")
        conn.show("\n".join(out))

    def _describe(self, row: TableRow) -> str:
        people = [
            s.name if s.account is not None else "(free)" if s.player == "human" else s.player
            for s in row.seats
        ]
        game = self.reg.games.get(row.game)
        defaults = {o.name: o.default for o in game.options} if game is not None else {}
        options = "".join(
            f" {k}={v}" for k, v in sorted(row.options.items()) if defaults.get(k) != v
        )  # the options a table changed; the rest are the game's defaults
        rated = "rated" if row.rated else "casual"
        return f"{row.game}{options}, {time_control(row.deadline)}, {rated}: {', '.join(people)}"

    def _state_of(self, row: TableRow, me: int) -> str:
        hosted = self.hosted.get(row.id)
        if row.status == OPEN:
            return "waiting for people"
        if hosted is None:
            return "on another server"
        seat = hosted.waits_for()
        if seat is not None and hosted.row.seats[seat].account == me:
            return f"YOUR TURN ({duration(hosted.time_left())} left)"
        mover = hosted.to_move()
        return "thinking" if mover is None else f"{hosted.table.seat_name(mover)} to move"

    async def cmd_create(self, conn: Conn, rest: str) -> None:
        words = rest.split()
        if not words:
            conn.show("create GAME [people=N] [ai=SPEC ...] [time=3d] [rated|casual]", "error")
            return
        try:
            row = self._new_table(conn, words)
        except ValueError as exc:
            conn.show(f"not created: {exc}", "error")
            return
        store = self.store.store
        count = await self.store.call(store.count_tables_by, conn.account.id, (OPEN, PLAYING))
        if count >= self.limits.tables_per_person:
            conn.show(
                f"not created: you have {count} tables open or in play"
                f" (at most {self.limits.tables_per_person}); finish or cancel one",
                "error",
            )
            return
        if len(self.hosted) >= self.limits.max_tables:
            conn.show("not created: the server plays as many tables as it can now", "error")
            return
        row.id = await self.store.call(store.create_table, row)
        await self.store.call(store.claim, row.id, self.host, time.time() + self.lease, time.time())
        hosted = build(self.reg, row, [], [], self.store, self.pool, self.log)
        self._play(hosted)
        self.log(f"{conn.account.name} created table {row.id}: {hosted.line()}")
        conn.show(f"Table {row.id} created: {self._describe(row)}")
        if not hosted.table.humans:
            hosted.start()
            self.enter(conn, hosted, watch=True)
        else:
            self.enter(conn, hosted, watch=False)

    def _new_table(self, conn: Conn, words: list[str]) -> TableRow:
        name = words[0].lower()
        game = self.reg.games.get(name)
        if game is None:
            raise ValueError(f"no game {name!r} (installed: {', '.join(sorted(self.reg.games))})")
        people, ai, options = 1, [], {}
        rated, deadline = True, parse_duration(DEFAULT_TIME)
        for word in words[1:]:
            key, eq, value = word.partition("=")
            if word in ("rated", "casual"):
                rated = word == "rated"
            elif key == "people" and value.isdigit():
                people = int(value)
            elif key == "ai" and value:
                ai.append(self._ai_spec(value))
            elif key == "time" and value:
                deadline = parse_duration(value)
            elif eq and key:
                options[key] = value
            else:
                raise ValueError(f"{printable(word, 40)!r} is not people=N, ai=SPEC, time=T,"
                                 " rated, casual or OPTION=VALUE")  # fmt: skip
        total = people + len(ai)
        if not game.min_players <= total <= game.max_players:
            raise ValueError(
                f"{game.title} takes {game.min_players}-{game.max_players} seats and you"
                f" asked for {people} people and {len(ai)} AI (you are one of the people;"
                " people=0: a table of AI players to watch)"
            )
        resolved = game.resolve_options(options)
        kinds = ["human"] * people + [spec.split(":", 1)[0] for spec in ai]
        flags = [True] * people + [False] * len(ai)
        names = seat_names(kinds, flags, [None] * total, conn.account.name)
        seats = [
            SeatRow(names[i], "human" if i < people else ai[i - people]) for i in range(total)
        ]
        seed = secrets.randbelow(2**62)
        return new_row(name, resolved, seed, seats, conn.account.id, rated, deadline)

    def _ai_spec(self, text: str) -> str:
        kind = text.partition(":")[0].partition("*")[2] or text.partition(":")[0]
        if kind not in self.ai_kinds:
            raise ValueError(f"ai={printable(kind, 30)}: AI seats are {', '.join(self.ai_kinds)}")
        try:
            spec = parse_spec(text, self.reg.players)
        except SpecError as exc:
            raise ValueError(str(exc)) from None
        if spec.kind not in self.ai_kinds:
            raise ValueError(f"ai={spec.kind}: AI seats are {', '.join(self.ai_kinds)}")
        seconds = spec.params.get("seconds")
        if isinstance(seconds, int | float) and seconds > self.limits.ai_seconds:
            raise ValueError(f"ai={text}: at most seconds={self.limits.ai_seconds:g} a move")
        iterations = spec.params.get("iterations")
        if isinstance(iterations, int) and iterations > self.limits.ai_iterations:
            raise ValueError(f"ai={text}: at most iterations={self.limits.ai_iterations}")
        return str(spec)

    def _table_no(self, conn: Conn, rest: str, verb: str) -> int | None:
        number = rest.split()[0] if rest.split() else ""
        if not number.isdigit() or len(number) > 12:
            conn.show(f"{verb} N: N is a table number ('tables' lists them)", "error")
            return None
        return int(number)

    async def _hosted_or_say(self, conn: Conn, number: int) -> Hosted | None:
        hosted = self.hosted.get(number)
        if hosted is not None:
            return hosted
        row = await self.store.call(self.store.store.table, number)
        if row is None:
            conn.show(f"there is no table {number}", "error")
        elif row.status in (OVER, CANCELLED):
            conn.show(f"table {number} is over; 'replay {number}' shows it", "error")
        else:
            conn.show(f"table {number} is on another server process; fetching it...")
            fetched = await self._fetch(number)
            if fetched is not None:
                return fetched
            conn.show(
                f"table {number} is being played on another server process (someone is at"
                " it there); try again when they have left it",
                "error",
            )
        return None

    async def cmd_join(self, conn: Conn, rest: str) -> None:
        number = self._table_no(conn, rest, "join")
        if number is None or (hosted := await self._hosted_or_say(conn, number)) is None:
            return
        if hosted.seat_of(conn.account.id) is None and not hosted.free_seats():
            conn.show(f"table {number} has no free seat; 'watch {number}' watches it", "error")
            return
        self.enter(conn, hosted, watch=False)

    async def cmd_watch(self, conn: Conn, rest: str) -> None:
        number = self._table_no(conn, rest, "watch")
        if number is None or (hosted := await self._hosted_or_say(conn, number)) is None:
            return
        self.enter(conn, hosted, watch=True)

    async def cmd_cancel(self, conn: Conn, rest: str) -> None:
        number = self._table_no(conn, rest, "cancel")
        if number is None or (hosted := await self._hosted_or_say(conn, number)) is None:
            return
        if hosted.row.creator != conn.account.id:
            conn.show(f"table {number} is not yours to cancel", "error")
        elif hosted.saver.status != OPEN:
            conn.show(f"table {number} has begun; it is played to the end", "error")
        else:
            hosted.saver.status = CANCELLED
            hosted.table.stop(f"{conn.account.name} cancelled table {number}")
            conn.show(f"table {number} cancelled")

    async def cmd_who(self, conn: Conn, rest: str) -> None:
        lines = [f"{len(self.online)} online:"]
        for conns in sorted(self.online.values(), key=lambda cs: cs[0].account.name.lower()):
            places = sorted({self.where(c) for c in conns})
            lines.append(f"  {conns[0].account.name:<16} {', '.join(places)}")
        conn.show("\n".join(lines))

    async def _account(self, conn: Conn, name: str) -> Account | None:
        found = await self.store.call(self.store.store.account_by_name, name)
        if found is None:
            conn.show(f"nobody is called {printable(name, 30)!r}", "error")
        return found

    async def cmd_finger(self, conn: Conn, rest: str) -> None:
        name = rest.split()[0] if rest.split() else conn.account.name
        who = await self._account(conn, name)
        if who is None:
            return
        store = self.store.store
        since = datetime.datetime.fromtimestamp(who.created, datetime.UTC).strftime("%Y-%m-%d")
        online = self.online.get(who.id)
        where = ", ".join(sorted({self.where(c) for c in online})) if online else "not online"
        lines = [f"{who.name}: registered {since}; {where}"]
        ratings = await self.store.call(store.ratings_of, who.id)
        if ratings:
            lines.append("  ratings (mu - 3 sigma; mu, sigma; games):")
            for r in ratings:
                lines.append(
                    f"    {r.game:<12} {r.size}p  {r.shown:6.1f}  ({r.mu:.1f}, {r.sigma:.1f};"
                    f" {r.games})"
                )
        else:
            lines.append("  no rated games yet")
        playing = await self.store.call(store.tables_of, who.id, (OPEN, PLAYING), 10)
        if playing:
            lines.append("  at tables: " + ", ".join(f"{r.id} ({r.game})" for r in playing))
        done = await self.store.call(store.tables_of, who.id, (OVER,), 5)
        lines += self._history_lines(done, who.id)
        conn.show("\n".join(lines))

    def _history_lines(self, rows: list[TableRow], account: int) -> list[str]:
        if not rows:
            return ["  no finished games"]
        lines = ["  recent games:"]
        for r in rows:
            seat = next((i for i, s in enumerate(r.seats) if s.account == account), None)
            result = r.result or {}
            ranks, scores = result.get("ranks", []), result.get("scores", [])
            mine = (
                f"rank {ranks[seat]} of {len(ranks)}, {scores[seat]:g} points"
                if seat is not None and seat < len(ranks)
                else ""
            )
            others = ", ".join(s.name for s in r.seats)
            rated = "rated" if r.rated else "casual"
            lines.append(f"    {r.id:>4} {r.game:<10} {rated:<6} {mine}  ({others})")
        return lines

    async def cmd_history(self, conn: Conn, rest: str) -> None:
        who: Account | None = conn.account
        if rest.split():
            who = await self._account(conn, rest.split()[0])
        if who is None:
            return
        rows = await self.store.call(self.store.store.tables_of, who.id, (OVER,), 30)
        conn.show("\n".join([f"{who.name}'s finished games:", *self._history_lines(rows, who.id)]))

    async def cmd_top(self, conn: Conn, rest: str) -> None:
        words = rest.split()
        if not words or words[0] not in self.reg.games:
            games = ", ".join(sorted(self.reg.games))
            conn.show(f"top GAME [SIZE]: GAME is one of {games}", "error")
            return
        size = int(words[1]) if len(words) > 1 and words[1].isdigit() else None
        board = await self.store.call(self.store.store.leaderboard, words[0], size, 20)
        if not board:
            conn.show(f"no rated {words[0]} games yet")
            return
        lines = [f"{words[0]} leaderboard (mu - 3 sigma):"]
        for i, r in enumerate(board, 1):
            lines.append(f"  {i:>2}. {r.name:<24} {r.size}p {r.shown:6.1f}  {r.games} games")
        conn.show("\n".join(lines))

    async def cmd_say(self, conn: Conn, rest: str) -> None:
        text = printable(rest, self.limits.chat_length)
        if not text:
            return
        if not conn.talk.take():
            if conn.notices.due("talk"):
                conn.show(TOO_FAST, "error")
            return
        line = ChatLine(LOBBY, time.time(), conn.account.name, text)
        self.store.submit(self.store.store.add_chat, line)
        for conns in self.online.values():
            for other in conns:
                if other.hosted is None:
                    other.show(f"{conn.account.name} says: {text}", "talk")

    async def cmd_tell(self, conn: Conn, rest: str) -> None:
        name, _, text = rest.partition(" ")
        text = printable(text.strip(), self.limits.chat_length)
        if not name or not text:
            conn.show("tell NAME TEXT", "error")
            return
        targets = [
            c for cs in self.online.values() for c in cs if c.account.name.lower() == name.lower()
        ]
        if not targets:
            conn.show(f"{printable(name, 30)} is not online", "error")
            return
        if not conn.talk.take():
            if conn.notices.due("talk"):
                conn.show(TOO_FAST, "error")
            return
        for other in targets:
            other.show(f"{conn.account.name} tells you: {text}", "talk")
        conn.show(f"(told {targets[0].account.name})")

    async def _finished_row(self, conn: Conn, rest: str, verb: str) -> TableRow | None:
        number = self._table_no(conn, rest, verb)
        if number is None:
            return None
        row = await self.store.call(self.store.store.table, number)
        if row is None:
            conn.show(f"there is no table {number}", "error")
            return None
        if row.status != OVER:
            conn.show(f"table {number} is not over ('watch {number}' watches it)", "error")
            return None
        if not any(s.account == conn.account.id for s in row.seats):
            conn.show(f"table {number}'s record is for its players", "error")
            return None
        return row

    async def _match_of(self, row: TableRow) -> Any:
        from vikingcli.server.hosting import build as rebuild

        actions = await self.store.call(self.store.store.actions, row.id)
        talk = await self.store.call(self.store.store.chat, f"table:{row.id}", 500)
        hosted = rebuild(self.reg, row, actions, talk, self.store, self.pool, self.log)
        return hosted

    async def cmd_replay(self, conn: Conn, rest: str) -> None:
        from vikingcli.study.replay import positions

        row = await self._finished_row(conn, rest, "replay")
        if row is None:
            return
        hosted = await self._match_of(row)
        match = hosted.table.match
        steps = positions(match, None)
        words = rest.split()
        if len(words) > 1:
            if not words[1].isdigit() or int(words[1]) >= len(steps):
                conn.show(f"replay N MOVE: MOVE is 0-{len(steps) - 1}", "error")
                return
            here = steps[int(words[1])]
            board = shown(match.game.render(here.state, None), match.names)
            conn.show("\n".join([*here.lines, board]))
            return
        lines = [line for step in steps for line in step.lines]
        lines = lines[: self.limits.replay_lines]
        lines += hosted.table.final_lines()
        conn.show("\n".join(lines))

    async def cmd_record(self, conn: Conn, rest: str) -> None:
        from vikingcli.saves.match_file import save_document
        from vikingcli.saves.schema import encode

        row = await self._finished_row(conn, rest, "record")
        if row is None:
            return
        hosted = await self._match_of(row)
        doc = save_document(hosted.table.match, hosted.table.record.to_doc())
        conn.show(encode(doc).decode())

    async def cmd_analyze(self, conn: Conn, rest: str) -> None:
        row = await self._finished_row(conn, rest, "analyze")
        if row is None:
            return
        if conn.account.id in self.analysing:
            conn.show("an analysis of yours is on its way; one at a time", "error")
            return
        hosted = await self._match_of(row)
        match = hosted.table.match
        mine = [i for i, s in enumerate(row.seats) if s.account == conn.account.id]
        seats = [(s.name, str(s.spec)) for s in match.seats]
        conn.show(f"analysing table {row.id} for you; the answer comes when it is ready")
        self.analysing.add(conn.account.id)
        try:
            future = self.pool.analyze(
                match.game.name, dict(match.options), match.seed, seats,
                list(match.actions), mine, 100,
            )  # fmt: skip
            lines = await asyncio.wrap_future(future)
        except Exception as exc:
            lines = [f"the analysis failed: {type(exc).__name__}: {exc}"]
        finally:
            self.analysing.discard(conn.account.id)
        conn.show("\n".join(lines))

    async def cmd_addkey(self, conn: Conn, rest: str) -> None:
        import asyncssh

        try:
            key = asyncssh.import_public_key(rest.strip())
        except (asyncssh.KeyImportError, ValueError):
            conn.show("addkey PUBLIC-KEY: one line of a .pub file (ssh-ed25519 AAAA...)", "error")
            return
        fingerprint = key.get_fingerprint("sha256")
        added = await self.store.call(
            self.store.store.add_key, conn.account.id, fingerprint, time.time()
        )
        if added:
            self.log(f"{conn.account.name} added key {fingerprint}")
            conn.show(f"key {fingerprint} added: it logs in as {conn.account.name}")
        else:
            conn.show(f"key {fingerprint} belongs to an account already", "error")

    async def cmd_keys(self, conn: Conn, rest: str) -> None:
        keys = await self.store.call(self.store.store.keys, conn.account.id)
        conn.show("Your keys:\n" + columns(keys))
