"""One table of the server: the shared :class:`~vikingcli.table.shared.Table` (seats,
moves, talk, spectators, exactly as ``vikingcli serve`` plays them), kept in the
store move by move instead of in a save file, with its AI seats searched in the
worker pool and a deadline for each person's move.

A table is rebuilt from the store the way a save is loaded: the moves are replayed
from the seed (the moves are the authority), so a server killed at any moment comes
back with every table where its last stored move left it. The seed is the table's
secret until the end: it comes from the committed deal the store keeps
(:mod:`vikingcli.core.fairdeal`), and AI seats are seeded from that secret too.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import time
from dataclasses import dataclass
from typing import Any

import msgspec

from vikingcli.core.fairdeal import Deal
from vikingcli.core.match import ForfeitRecord, Match, Seat, seat_seed
from vikingcli.core.numbers import whole_number
from vikingcli.core.registry import Registry
from vikingcli.core.specs import parse_spec
from vikingcli.engine import IllegalAction
from vikingcli.saves.schema import DealDoc, TalkDoc
from vikingcli.saves.table_record import Identity, Owner, TableRecord, deal_doc, deal_of
from vikingcli.server.clocks import SeatClock, clock_answer, duration, shown
from vikingcli.server.store import (
    OPEN,
    OVER,
    PLAYING,
    AsyncStore,
    ChatLine,
    SeatRow,
    StoreError,
    TableChange,
    TableRow,
)
from vikingcli.server.workers import Pool, PoolPlayer
from vikingcli.table.shared import Table

CANCELLED = "cancelled"
LIVE_LIMIT = 3600.0
"""A move deadline up to an hour is a live table; longer, a correspondence table."""
RESTART_GRACE = 3600.0
"""A person whose deadline ran out while the server was down gets this long (or
their whole deadline, if shorter) once it is back."""


def account_key(account: int) -> str:
    """What a seat of a server table is bound to: the account, not one of its keys."""
    return f"account:{account}"


def identity(name: str, account: int, connection: int) -> Identity:
    return Identity(name, account_key(account), connection)


def owner_account(owner: Owner) -> int | None:
    kind, _, number = (owner.key or "").partition(":")
    return int(number) if kind == "account" and number.isdigit() else None


def parse_duration(text: str) -> float:
    """``90s``, ``10m``, ``2h``, ``3d`` -> seconds; ``ValueError`` says what is accepted."""
    units = {"s": 1, "m": 60, "h": 3600, "d": 86400}
    number, unit = text[:-1], text[-1:].lower()
    try:
        seconds = whole_number(number, 1, 100000, "time") * units[unit]
    except (ValueError, KeyError):
        raise ValueError(f"time={text!r}: a number and s, m, h or d (time=10m, time=3d)") from None
    if not 30 <= seconds <= 30 * 86400:
        raise ValueError(f"time={text}: between 30s and 30d a move")
    return float(seconds)


def time_control(deadline: float) -> str:
    kind = "live" if deadline <= LIVE_LIMIT else "corr"
    return f"{kind} {duration(deadline)}"


class StoreSaver:
    """The table's :class:`~vikingcli.table.shared.Saver`: each call writes what
    changed since the last one (new moves with their time, new talk, the seats'
    owners and names, the status) as one transaction in the store's thread, in
    order with every other write; the event loop does not wait for it."""

    def __init__(self, store: AsyncStore, row: TableRow, talk: int) -> None:
        self.store = store
        self.row = row
        self.moves = row.moves
        self.talk = talk
        self.turn_since = row.turn_since
        self.status = row.status
        self.channel = f"table:{row.id}"
        self.last: concurrent.futures.Future[Any] | None = None
        self.deal = row.deal
        """The deal as last written (written again only when it changed)."""

    def __str__(self) -> str:
        return f"the server's database (table {self.row.id})"

    def write(self, match: Match, record: TableRecord) -> None:
        if self.store.failed is not None:
            raise OSError(self.store.failed)
        now = time.time()
        kept = len(match.actions) if len(match.actions) < self.moves else None  # an undo
        if kept is not None:
            self.moves = kept
        moves = [(i + 1, text, now) for i, text in enumerate(match.actions) if i >= self.moves]
        talk = [
            ChatLine(self.channel, now, t.who, t.text, t.move) for t in record.talk[self.talk :]
        ]
        if moves or kept is not None:
            self.turn_since = now
        self.moves, self.talk = len(match.actions), len(record.talk)
        if match.over and self.status != CANCELLED:
            self.status = OVER
        seats = []
        for i, seat in enumerate(match.seats):
            owner = record.owners.get(i)
            seats.append(
                SeatRow(seat.name, str(seat.spec), None if owner is None else owner_account(owner))
            )
        self.row.seats = seats
        self.row.moves = self.moves
        self.row.status = self.status
        self.row.turn_since = self.turn_since
        result = match.result_json() if match.over else None
        forfeit = None if match.forfeit is None else match.forfeit.to_json()
        self.row.result = result
        deal = None if record.deal is None else msgspec.to_builtins(deal_doc(record.deal))
        if deal == self.deal:
            deal = None
        else:
            self.deal = self.row.deal = deal
        self.row.seed = match.seed
        change = TableChange(
            self.row.id, seats, moves, talk, self.status, self.turn_since,
            list(match.seconds), result, forfeit, match.seed, deal, kept,
        )  # fmt: skip
        self.last = self.store.submit(self.store.store.save_table, change)

    async def flush(self) -> None:
        """Return once every change written so far is committed (``OSError`` if the
        last one failed: the table stops, as when a save file cannot be written)."""
        if self.last is not None:
            try:
                await asyncio.wrap_future(self.last)
            except Exception as exc:
                raise OSError(f"the database refused the table: {exc}") from None


@dataclass(eq=False)
class Hosted:
    """A table this server process plays."""

    row: TableRow
    table: Table
    saver: StoreSaver
    task: asyncio.Task[None] | None = None
    _clock_checked: float = 0.0
    """When :meth:`redraw_clock` last looked at the running clock."""

    def __post_init__(self) -> None:
        self.table.clocks = self.clock_text

    @property
    def id(self) -> int:
        return self.row.id

    @property
    def started(self) -> bool:
        return self.table.go.is_set()

    def free_seats(self) -> list[int]:
        record = self.table.record
        return [s for s in self.table.humans if s not in record.owners]

    def seat_of(self, account: int) -> int | None:
        return self.table.owner_of(Identity("", account_key(account)))

    def to_move(self) -> int | None:
        match = self.table.match
        return None if match.over else match.game.to_move(match.state)

    def waits_for(self) -> int | None:
        """The human seat whose move the table is waiting for, if any."""
        mover = self.to_move()
        if mover is None or mover not in self.table.humans or not self.started:
            return None
        return mover

    def time_left(self, now: float | None = None) -> float:
        now = time.time() if now is None else now
        return self.row.deadline - (now - self.saver.turn_since)

    def clock(self, now: float | None = None) -> str:
        """``alice 0:42 left``: the time the person to move has left (``m:ss`` under
        an hour), for the status line at the table; empty when no person's move is
        awaited."""
        seat = self.waits_for()
        if seat is None:
            return ""
        return f"{self.table.seat_name(seat)} {shown(self.time_left(now))} left"

    def seat_clocks(self, now: float | None = None) -> list[SeatClock]:
        """Each person's seat with its time left: the whole deadline, but the seat
        whose move the table waits for; none before the game begins or after it."""
        if not self.started or self.to_move() is None:
            return []
        mover = self.waits_for()
        return [
            SeatClock(seat, self.table.seat_name(seat), self.time_left(now), True)
            if seat == mover
            else SeatClock(seat, self.table.seat_name(seat), self.row.deadline, False)
            for seat in self.table.humans
        ]

    def clock_text(self) -> str:
        """What ``clock`` answers at this table (the table's ``clocks`` hook)."""
        return clock_answer(self.seat_clocks(), self.row.deadline, self.started)

    def redraw_clock(self, now: float | None = None) -> None:
        """Redraw the screens at this table when the running clock, as shown, changed
        since the last call (every second under an hour left, every minute above;
        never while no person's move is awaited). The table drew every screen as the
        turn began, so the first call of a turn compares with the turn's start."""
        now = time.time() if now is None else now
        since = max(self._clock_checked, self.saver.turn_since)
        self._clock_checked = now
        drawn = self.clock(now)
        if drawn and drawn != self.clock(since):
            self.table.refresh_all()

    def start(self) -> None:
        """Begin the game: every human seat has its person (connected or not)."""
        self.saver.status = PLAYING
        self.saver.turn_since = time.time()
        self.table.start("All seats are taken: the game begins. Type 'help' for commands.")
        self.table._save()

    def line(self) -> str:
        """One line about the table for the lobby's lists."""
        return describe(self.row)


def describe(row: TableRow) -> str:
    people = [s.name if s.account is not None else "-" for s in row.seats if s.player == "human"]
    ai = [s.player for s in row.seats if s.player != "human"]
    seats = ", ".join([*people, *ai])
    options = " ".join(f"{k}={v}" for k, v in sorted(row.options.items()))
    rated = "rated" if row.rated else "casual"
    return f"{row.game} {options} [{seats}] {time_control(row.deadline)} {rated}".replace(
        "  ", " "
    )


def build(
    reg: Registry,
    row: TableRow,
    actions: list[str],
    talk: list[ChatLine],
    store: AsyncStore,
    pool: Pool,
    log: Any,
) -> Hosted:
    """The table of ``row``, its moves replayed from the seed; ``StoreError`` when it
    cannot be rebuilt (a game no longer installed, a move that does not replay)."""
    where = f"table {row.id}"
    game = reg.games.get(row.game)
    if game is None:
        raise StoreError(f"{where}: game {row.game!r} is not installed")
    try:
        kept = None if row.deal is None else msgspec.convert(row.deal, DealDoc)
        deal = None if kept is None else deal_of(kept, len(row.seats))
        if deal is not None and deal.dealt and deal.seed() != row.seed:
            raise ValueError("its seed is not the one its deal gives")
        seats = [Seat(s.name, parse_spec(s.player, reg.players)) for s in row.seats]
        match = Match(game, game.resolve_options(row.options), row.seed, seats)
        for _i, text in enumerate(actions):
            match.apply_text(text)
    except (ValueError, IllegalAction, msgspec.ValidationError) as exc:
        raise StoreError(f"{where}: does not replay: {exc}") from None
    if row.forfeit is not None:
        match.forfeit = ForfeitRecord(int(row.forfeit["seat"]), str(row.forfeit["reason"]))
    if row.seconds and len(row.seconds) == len(seats):
        match.seconds = [float(s) for s in row.seconds]
    record = TableRecord(
        owners={
            i: Owner(s.name, account_key(s.account))
            for i, s in enumerate(row.seats)
            if s.account is not None
        },
        talk=[TalkDoc(t.move, t.who, t.text) for t in talk],
        deal=deal,
    )
    saver = StoreSaver(store, row, len(record.talk))
    if row.status == PLAYING:
        floor = time.time() - row.deadline + min(row.deadline, RESTART_GRACE)
        saver.turn_since = max(row.turn_since, floor)
    table = Table(match, reg.players, saver, record=record, spectators=True, log=log)
    table.reopen = "it reopens where it was when the server is back"
    table.farewell = "Back to the lobby; your seat stays yours."
    # A rated game is played as it was played: no move taken back.
    table.undo_allowed = not row.rated
    names = [s.name for s in seats]
    # From the secret, as the table's own players are: never from anything seatable.
    base = row.seed if deal is None else deal.ai_seed()
    for seat in list(table.players):
        table.players[seat] = PoolPlayer(
            pool, str(seats[seat].spec), seat, seat_seed(base, seat), match.options, names
        )
    if row.rated:
        table.hinter = lambda game, state, seat: ["no hints at a rated table"]
    else:
        table.hinter = pool.hint
    if row.status == PLAYING:
        table.go.set()  # nobody is here yet: the game goes on without a greeting
    return Hosted(row, table, saver)


def new_row(
    game: str,
    options: dict[str, str],
    seed: int,
    seats: list[SeatRow],
    creator: int,
    rated: bool,
    deadline: float,
    deal: Deal | None = None,
) -> TableRow:
    """A new table's row; ``deal``: its committed deal (``seed`` is then a placeholder
    until the cards are dealt)."""
    now = time.time()
    return TableRow(
        0, game, options, seed, seats, creator, rated, deadline, OPEN, now, now,
        seconds=[0.0] * len(seats),
        deal=None if deal is None else msgspec.to_builtins(deal_doc(deal)),
    )  # fmt: skip
