"""The lobby's commands about tables: ``tables`` (yours, the open ones, the ones to
watch), ``create`` (a new table, its seats for people and AI players, its time control
and options), ``join``, ``watch``, ``cancel`` and ``rematch`` (a finished table's
people and AI seats again, a new deal); :class:`TableCommands`, a mixin of
:class:`~vikingcli.server.lobby.Lobby`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

from vikingcli.core.fairdeal import Deal, check_seed_text
from vikingcli.core.levels import level_spec
from vikingcli.core.numbers import whole_number
from vikingcli.core.specs import parse_spec, seat_names
from vikingcli.engine import SpecError
from vikingcli.saves.table_record import printable
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
from vikingcli.server.lobbyparts import Conn, LobbyPart
from vikingcli.server.store import OPEN, OVER, PLAYING, OverLimit, SeatRow, TableRow

DEFAULT_TIME = "1d"

Section = tuple[str, list[TableRow], Callable[[TableRow], str], Callable[[TableRow], str]]
"""A part of the table list: its header, its tables, a table's line and its style."""


def _shares(sections: list[Section], room: int) -> list[int]:
    """How many of ``room`` lines each section gets: one each in turn (the person's
    own games first), so that no list crowds the others out."""
    shares = [0] * len(sections)
    while room > 0:
        grew = False
        for k, (_, found, _, _) in enumerate(sections):
            if room > 0 and shares[k] < len(found):
                shares[k] += 1
                room -= 1
                grew = True
        if not grew:
            break
    return shares



@dataclass
class _Asked:
    """What ``create`` asks for beyond the game."""

    people: int = 1
    ai: list[str] = field(default_factory=list)
    level: str | None = None
    rated: bool = True
    deadline: float = field(default_factory=lambda: parse_duration(DEFAULT_TIME))
    options: dict[str, str] = field(default_factory=dict)

class TableCommands(LobbyPart):
    """The lobby's commands about tables: list, create, join, watch, cancel, rematch."""

    async def cmd_tables(self, conn: Conn, rest: str) -> None:
        store = self.store.store
        rows = await self.store.call(store.tables, (OPEN, PLAYING), 200)
        out = []
        for k, (header, listed, line, _) in enumerate(self._sections(conn, rows)):
            out.append(header)
            out += [line(r) for r in (listed if k == 0 else listed[:30])]  # all of yours
        conn.show("\n".join(out))

    def _sections(self, conn: Conn, rows: list[TableRow], coarse: bool = False) -> list[Section]:
        """What ``tables`` lists, and the lobby overview: the person's games (those
        waiting for their move first, the soonest deadline first), the open tables, the
        games to watch; each a header, its rows, how a row reads and its style.
        ``coarse``: the time left in whole minutes (the overview is drawn again once a
        minute, not every second)."""
        me = conn.account.id
        mine = [r for r in rows if any(s.account == me for s in r.seats)]
        left = {h.id: h.time_left() for h in self._my_turn_tables(conn)}
        mine.sort(key=lambda r: (r.id not in left, left.get(r.id, 0.0), r.id))  # soonest first
        open_rows = [r for r in rows if r.status == OPEN and r not in mine]
        live = [r for r in rows if r.status == PLAYING and r not in mine]

        def free(r: TableRow) -> int:
            return sum(1 for s in r.seats if s.player == "human" and s.account is None)

        return [
            (
                "Your games (your turn first):" if mine else "Your games: none",
                mine,
                lambda r: f"  {r.id:>4}  {self._state_of(r, me, coarse)}  {self._describe(r)}",
                lambda r: "class:yourmove" if r.id in left else "",
            ),
            (
                "Open tables (join N):" if open_rows else "Open tables: none ('create GAME')",
                open_rows,
                lambda r: f"  {r.id:>4}  {free(r)} seat(s) free  {self._describe(r)}",
                lambda r: "",
            ),
            (
                "Games to watch (watch N):" if live else "Games to watch: none",
                live,
                lambda r: f"  {r.id:>4}  move {r.moves + 1}  {self._describe(r)}",
                lambda r: "",
            ),
        ]

    def overview(self, conn: Conn, rows: int, width: int) -> list[tuple[str, str]]:
        """The lobby at a glance, for the top pane of a full screen: what ``tables``
        lists and who is online, in at most ``rows`` lines of ``width`` (a list too
        long for its share of them ends in a line saying how many more ``tables``
        shows). Read from memory (this process's tables, a fleet's as last read), as
        it is drawn again at every keystroke."""
        known = {r.id: r for r in self.elsewhere}
        known.update((h.id, h.row) for h in self.hosted.values())
        listed = sorted(
            (r for r in known.values() if r.status in (OPEN, PLAYING)), key=lambda r: r.id
        )
        sections = self._sections(conn, listed, coarse=True)
        title = rows >= len(sections) + 3
        room = max(0, rows - len(sections) - 1 - title)
        out: list[tuple[str, str]] = []
        if title:
            out.append(("bold", "The lobby  ('tables' lists every table, 'help' the commands)"))
        for (header, found, line, style), share in zip(sections, _shares(sections, room)):
            out.append(("bold", header))
            cut = share < len(found)
            for r in found[: share - 1 if cut else share]:
                out.append((style(r), line(r)))
            if cut and share:
                out.append(("class:rule", f"  ... {len(found) - share + 1} more: 'tables'"))
        out.append(("", self._online(width)))
        lines: list[tuple[str, str]] = []
        for look, text in out[:rows]:
            if lines:
                lines.append(("", "\n"))
            lines.append((look, text[:width]))
        return lines

    def _online(self, width: int) -> str:
        """Who is online, on one line of ``width`` (the rest counted: 'who' lists all)."""
        people = []
        for conns in sorted(self.online.values(), key=lambda cs: cs[0].account.name.lower()):
            at = next((c.hosted.id for c in conns if c.hosted is not None), None)
            people.append(conns[0].account.name + ("" if at is None else f" (at {at})"))
        line = f"Online ({len(people)}):"
        for k, person in enumerate(people):
            more = f" +{len(people) - k} more ('who')"
            if len(line) + len(person) + 2 + len(more) > width and k < len(people) - 1:
                return line + more
            line += (" " if k == 0 else ", ") + person
        return line

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

    def _state_of(self, row: TableRow, me: int, coarse: bool = False) -> str:
        hosted = self.hosted.get(row.id)
        if row.status == OPEN:
            return "waiting for people"
        if hosted is None:
            return "on another server"
        seat = hosted.waits_for()
        if seat is not None and hosted.row.seats[seat].account == me:
            left = hosted.time_left()
            if coarse and left >= 60:
                left -= left % 60
            return f"YOUR TURN ({duration(left)} left)"
        mover = hosted.to_move()
        return "thinking" if mover is None else f"{hosted.table.seat_name(mover)} to move"

    async def _open_table(self, conn: Conn, row: TableRow, refused: str) -> Hosted | None:
        """Store ``row`` as a new table of ``conn``'s and play it here; ``None`` (and
        the person told why, after ``refused``) when a limit stands in the way. Both
        limits are checked and spent in one step each: ``max_tables`` here before any
        await, the person's tables in the store's transaction that writes the row."""
        if not self.reserve_table():
            conn.show(f"{refused}: the server plays as many tables as it can now", "error")
            return None
        store = self.store.store
        try:
            try:
                row.id = await self.store.call(
                    store.create_table, row, self.limits.tables_per_person
                )
            except OverLimit as exc:
                conn.show(f"{refused}: {exc}", "error")
                return None
            now = time.time()
            await self.store.call(store.claim, row.id, self.host, now + self.lease, now)
            hosted = build(self.reg, row, [], [], self.store, self.pool, self.log)
            self._play(hosted)
        finally:
            self.creating -= 1
        return hosted

    async def cmd_create(self, conn: Conn, rest: str) -> None:
        words = rest.split()
        if not words:
            conn.show(
                "create GAME [people=N] [ai=SPEC ...] [level=L] [time=3d] [rated|casual]", "error"
            )
            return
        try:
            row = self._new_table(conn, words)
        except ValueError as exc:
            conn.show(f"not created: {exc}", "error")
            return
        hosted = await self._open_table(conn, row, "not created")
        if hosted is None:
            return
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
        asked = self._asked(words[1:])
        people, ai = asked.people, asked.ai
        if asked.level is not None:
            ai += self._level_seats(asked.level, game.default_players - people - len(ai))
        total = people + len(ai)
        if not game.min_players <= total <= game.max_players:
            raise ValueError(
                f"{game.title} takes {game.min_players}-{game.max_players} seats and you"
                f" asked for {people} people and {len(ai)} AI (you are one of the people;"
                " people=0: a table of AI players to watch)"
            )
        resolved = game.resolve_options(asked.options)
        kinds = ["human"] * people + [spec.split(":", 1)[0] for spec in ai]
        for kind in dict.fromkeys(kinds[people:]):  # a kind that cannot play this game
            refuses = self.reg.players[kind].refuses
            reason = refuses(game, total, resolved) if refuses is not None else None
            if reason is not None:
                raise ValueError(f"ai={kind}: {reason}")
        flags = [True] * people + [False] * len(ai)
        # The creator's seat is theirs in the transaction that stores the table: a
        # host killed the moment after "created" cannot give it to the next comer.
        given: list[str | None] = [None] * total
        if people:
            given[0] = conn.account.name
        names = seat_names(kinds, flags, given, conn.account.name)
        seats = [
            SeatRow(names[i], "human" if i < people else ai[i - people]) for i in range(total)
        ]
        seats[0].account = conn.account.id if people else None
        # The seed is 0 until the cards are dealt, from the secret deal and people's seeds.
        return new_row(
            name, resolved, 0, seats, conn.account.id, asked.rated, asked.deadline, Deal.new()
        )

    def _asked(self, words: list[str]) -> _Asked:
        """What the words after ``create GAME`` ask for, each setting given once."""
        asked = _Asked()
        given: set[str] = set()
        for word in words:
            key, eq, value = word.partition("=")
            # Each setting once (ai= is one seat each): of two, neither is the one meant.
            said = "rated|casual" if word in ("rated", "casual") else key
            if key != "ai" and (eq or said == "rated|casual"):
                if said in given:
                    shown = "rated or casual" if said == "rated|casual" else f"{key}="
                    raise ValueError(f"{printable(shown, 40)} is given twice; give it once")
                given.add(said)
            if word in ("rated", "casual"):
                asked.rated = word == "rated"
            elif key == "people":
                asked.people = whole_number(value, 0, 99, "people")  # the seats: checked later
            elif key == "ai" and value:
                asked.ai.append(self._ai_spec(value))
            elif key == "level" and value:
                asked.level = value
            elif key == "time" and value:
                asked.deadline = parse_duration(value)
            elif eq and key:
                asked.options[key] = value
            else:
                raise ValueError(f"{printable(word, 40)!r} is not people=N, ai=SPEC, level=L,"
                                 " time=T, rated, casual or OPTION=VALUE")  # fmt: skip
        return asked

    def _level_seats(self, level: str, count: int) -> list[str]:
        """``level=L``: the AI seats that fill the game's default table, at level L."""
        spec = level_spec(printable(level, 40), self.reg.players)  # ValueError: one line
        if count < 1:
            raise ValueError(
                f"level={printable(level, 40)} fills the table to its usual size with AI"
                " seats, and the people and ai= seats already fill it"
            )
        return [self._ai_spec(spec)] * count

    def _ai_spec(self, text: str) -> str:
        kind = text.partition(":")[0].partition("*")[2] or text.partition(":")[0]
        if kind not in self.ai_kinds:
            raise ValueError(f"ai={printable(kind, 30)}: AI seats are {', '.join(self.ai_kinds)}")
        # Refused before the spec is read: reading would open the path on the host and
        # tell anyone which files exist there. Only files the operator named are read.
        items = [item.partition("=") for item in text.partition(":")[2].split(",")]
        named = self.limits.ai_weights
        for path in (v.strip() for k, _, v in items if k.strip() == "weights"):
            if path and path not in named:
                offered = f"only {', '.join(named)}" if named else "no weights="
                raise ValueError(f"ai={kind}: {offered} at this server (a file of its machine)")
        try:
            spec = parse_spec(text, self.reg.players)
        except SpecError as exc:
            raise ValueError(str(exc)) from None
        if spec.kind not in self.ai_kinds:
            raise ValueError(f"ai={spec.kind}: AI seats are {', '.join(self.ai_kinds)}")
        seconds = spec.params.get("seconds")
        if isinstance(seconds, int | float) and seconds > self.limits.ai_seconds:
            raise ValueError(f"ai={text}: at most seconds={self.limits.ai_seconds:g} a move")
        # Searches counted in iterations (mcts) or simulations (openspiel): one bound.
        for count in ("iterations", "simulations"):
            value = spec.params.get(count)
            if isinstance(value, int) and value > self.limits.ai_iterations:
                raise ValueError(f"ai={text}: at most {count}={self.limits.ai_iterations}")
        chain = spec.params.get("chain")  # positions greedy looks through its own chain
        if isinstance(chain, int) and chain > self.limits.ai_positions:
            raise ValueError(f"ai={text}: at most chain={self.limits.ai_positions}")
        return str(spec)

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
        # The seat is bound (and so no longer free to anyone else) before the await;
        # the person is told they hold it only once the binding is committed, by this
        # join or by one of their other connections' a moment before.
        hosted.table.bind_seat(identity(conn.account.name, conn.account.id, conn.connection))
        try:
            await hosted.saver.flush()
        except OSError as exc:
            conn.show(f"not joined: {exc}", "error")
            return
        self.enter(conn, hosted, watch=False)

    async def cmd_watch(self, conn: Conn, rest: str) -> None:
        number = self._table_no(conn, rest, "watch")
        if number is None or (hosted := await self._hosted_or_say(conn, number)) is None:
            return
        self.enter(conn, hosted, watch=True)

    async def cmd_seed(self, conn: Conn, rest: str) -> None:
        """``seed TEXT``: the person's own seed for the deals of the tables they sit at
        next (kept while they are logged in); at a table, before its cards are dealt,
        ``seed TEXT`` sets that table's (:mod:`vikingcli.table.commands`)."""
        try:
            self.seeds[conn.account.id] = check_seed_text(rest)
        except ValueError as exc:
            conn.show(f"seed TEXT: {exc}", "error")
            return
        conn.show(
            f"your seed {self.seeds[conn.account.id]!r} goes into the deal of each table"
            " you sit at before its cards are dealt"
        )

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

    async def cmd_rematch(self, conn: Conn, rest: str) -> None:
        """A new table with finished table N's seats (its people bound to them again),
        options and time control, and a new deal: made once each of its people asks."""
        number = self._table_no(conn, rest, "rematch")
        if number is None:
            return
        store = self.store.store
        row = await self.store.call(store.table, number)
        if row is None or row.status != OVER:
            conn.show(f"rematch {number}: table {number} is not a finished game", "error")
            return
        people = {s.account for s in row.seats if s.account is not None}
        if conn.account.id not in people:
            conn.show(f"rematch {number}: you did not play at table {number}", "error")
            return
        asked = self.rematches.setdefault(number, set())
        asked.add(conn.account.id)
        waiting = [s.name for s in row.seats if s.account is not None and s.account not in asked]
        if waiting:
            names = ", ".join(waiting)
            self._tell(
                people,
                f"{conn.account.name} asks for a rematch of table {number}"
                f" ('rematch {number}'); waiting for {names}.",
            )
            return
        # Everyone asked: the request is spent before any await (one rematch only), and
        # the limits as at 'create', each checked and spent in one step.
        del self.rematches[number]
        seats = [SeatRow(s.name, s.player, s.account) for s in row.seats]
        # As at 'create': seed 0 until the cards are dealt from a new secret deal.
        new = new_row(row.game, dict(row.options), 0, seats, row.creator, row.rated,
                      row.deadline, Deal.new())  # fmt: skip
        hosted = await self._open_table(conn, new, "no rematch now")
        if hosted is None:
            return
        hosted.start()  # every person's seat is theirs already
        self.log(f"table {new.id}: the rematch of table {number}")
        begins = f"Table {new.id}: the rematch of table {number} begins ('join {new.id}')."
        self._tell(people, begins)
        for account in people:
            for other in self.online.get(account, []):
                if other.hosted is None:
                    self.enter(other, hosted, watch=False)

    def _tell(self, accounts: set[int], text: str) -> None:
        for account in accounts:
            for conn in self.online.get(account, []):
                conn.show(text)
