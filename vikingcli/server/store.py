"""The server's storage, behind one interface: accounts and their keys, tables with
every move as it is made, chat, ratings.

:class:`Store` is synchronous and is only ever called from one thread at a time:
:class:`AsyncStore` runs it in a thread of its own, so the event loop never waits on
the database, and (for SQLite) there is exactly one writer. Two implementations live
in :mod:`vikingcli.server.sqlstore`: SQLite (a file, the default) and PostgreSQL
(several server processes on one database); its ``open_store`` picks one from a URL.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

T = TypeVar("T")

OPEN, PLAYING, OVER = "open", "playing", "over"
"""A table's status: waiting for people, being played, finished."""


class StoreError(Exception):
    """The database refused or failed (one line for the person or the log)."""


class NameTaken(StoreError):
    """An account name (compared without case, or one that looks the same) is
    someone's already."""


class OverLimit(StoreError):
    """A limit the store counts (registrations, tables per person) is spent; the
    message says which, for the person."""


@dataclass(frozen=True, slots=True)
class RegistrationLimit:
    """How many accounts may be registered in ``window`` seconds: from one address,
    and in all (counted and spent in the transaction that registers)."""

    address: str
    per_address: int
    in_all: int
    window: float


@dataclass(slots=True)
class Account:
    id: int
    name: str
    created: float


@dataclass(slots=True)
class SeatRow:
    """A seat of a table: its display name, player spec, and the account bound to it."""

    name: str
    player: str
    account: int | None = None


@dataclass(slots=True)
class TableRow:
    """A table as the store keeps it (the moves and talk are read separately)."""

    id: int
    game: str
    options: dict[str, str]
    seed: int
    seats: list[SeatRow]
    creator: int
    rated: bool
    deadline: float
    """Seconds a person has for each move before they forfeit."""
    status: str
    created: float
    turn_since: float
    """When the seat to move got its turn (the deadline counts from here)."""
    moves: int = 0
    result: dict[str, Any] | None = None
    forfeit: dict[str, Any] | None = None
    seconds: list[float] = field(default_factory=list)
    host: str = ""
    """The server process that plays the table now (PostgreSQL fleets)."""
    lease: float = 0.0
    """Until when ``host`` holds the table unless it renews."""
    deal: dict[str, Any] | None = None
    """The committed deal with its secret (a :class:`~vikingcli.saves.schema.DealDoc`
    as JSON; ``None`` for a table of an older server). ``seed`` is its deal seed once
    the cards are dealt (0 before)."""


@dataclass(slots=True)
class TableChange:
    """What changed at a table since it was last written."""

    table: int
    seats: list[SeatRow]
    moves: list[tuple[int, str, float]]
    """New moves: (number from 1, canonical text, time made)."""
    talk: list[ChatLine]
    status: str
    turn_since: float
    seconds: list[float]
    result: dict[str, Any] | None = None
    forfeit: dict[str, Any] | None = None
    seed: int | None = None
    """The deal seed (``None``: unchanged; it changes once, when the cards are dealt)."""
    deal: dict[str, Any] | None = None
    kept: int | None = None
    """After an undo: the moves stored beyond this many were taken back (deleted
    before the new ones are written)."""


@dataclass(slots=True)
class ChatLine:
    channel: str
    at: float
    who: str
    text: str
    move: int = 0


@dataclass(slots=True)
class Rating:
    game: str
    size: int
    player: str
    """``account:ID`` for a person, ``ai:SPEC`` for an AI seat."""
    mu: float
    sigma: float
    games: int = 0
    name: str = ""
    """The person's account name, or the AI spec (filled by reads)."""

    @property
    def shown(self) -> float:
        """The conservative rating people see: mu - 3 sigma."""
        return self.mu - 3 * self.sigma


class Store(ABC):
    """Synchronous storage; every method is one transaction."""

    dialect: str

    @abstractmethod
    def migrate(self) -> int:
        """Bring the schema to the newest version; return the version."""

    @abstractmethod
    def close(self) -> None: ...

    # accounts and keys
    @abstractmethod
    def account_by_key(self, fingerprint: str) -> Account | None: ...

    @abstractmethod
    def account_by_name(self, name: str) -> Account | None: ...

    @abstractmethod
    def account(self, account_id: int) -> Account | None: ...

    @abstractmethod
    def create_account(
        self, name: str, fingerprint: str, now: float, limit: RegistrationLimit | None = None
    ) -> Account:
        """``NameTaken`` when the name (or a name that looks the same) is someone's;
        ``StoreError`` when the key is; ``OverLimit`` when ``limit`` is spent (checked
        and spent in this one transaction, whatever other processes do meanwhile)."""

    @abstractmethod
    def add_key(self, account_id: int, fingerprint: str, now: float) -> bool:
        """``False`` when the key belongs to an account already."""

    @abstractmethod
    def remove_key(self, account_id: int, fingerprint: str) -> str | None:
        """Take a key off the account; why not (not its key, its last key), or ``None``."""

    @abstractmethod
    def keys(self, account_id: int) -> list[str]: ...

    @abstractmethod
    def new_key_code(self, account_id: int, code_hash: str, expires: float, now: float) -> None:
        """Keep a one-time code that adds a key to the account until ``expires`` (the
        account's earlier code, and every expired one, are dropped)."""

    @abstractmethod
    def key_codes_pending(self, now: float) -> bool:
        """Whether some account waits for a new key with a code."""

    @abstractmethod
    def use_key_code(self, code_hash: str, fingerprint: str, now: float) -> Account | None:
        """Add the key to the account of an unexpired code, spending the code: the
        account, or ``None`` when there is no such code; ``StoreError`` when the key
        is an account's already."""

    # tables
    @abstractmethod
    def create_table(self, row: TableRow, most: int | None = None) -> int:
        """A new table's number; ``OverLimit`` when its creator has ``most`` tables
        open or being played already (counted in this one transaction)."""

    @abstractmethod
    def table(self, table_id: int) -> TableRow | None: ...

    @abstractmethod
    def tables(self, statuses: tuple[str, ...], limit: int = 200) -> list[TableRow]: ...

    @abstractmethod
    def tables_of(
        self, account_id: int, statuses: tuple[str, ...], limit: int = 50
    ) -> list[TableRow]:
        """Tables where the account holds a seat, newest first."""

    @abstractmethod
    def count_tables_by(self, account_id: int, statuses: tuple[str, ...]) -> int: ...

    @abstractmethod
    def actions(self, table_id: int) -> list[str]: ...

    @abstractmethod
    def save_table(self, change: TableChange) -> None:
        """One change of a table in one transaction: its seats, the moves made since
        the last change, talk, status. A move number stored already is refused
        (``StoreError``): no move is written twice."""

    @abstractmethod
    def claim(self, table_id: int, host: str, until: float, now: float) -> bool:
        """Take or renew the lease on a table for ``host``; ``False`` when another
        host holds a lease that has not run out."""

    @abstractmethod
    def want(self, table_id: int, host: str) -> None:
        """``host`` asks for a table another host plays (a person there wants it)."""

    @abstractmethod
    def wanted(self, host: str) -> dict[int, str]:
        """The tables ``host`` plays that another host asks for: table -> that host."""

    @abstractmethod
    def hand_over(self, table_id: int, host: str, to: str, until: float) -> bool:
        """Give a table ``host`` plays to ``to`` (its lease until ``until``)."""

    # chat
    @abstractmethod
    def add_chat(self, line: ChatLine) -> None: ...

    @abstractmethod
    def chat(self, channel: str, limit: int) -> list[ChatLine]:
        """The last ``limit`` lines of a channel, oldest first."""

    # ratings
    @abstractmethod
    def ratings(self, game: str, size: int, players: list[str]) -> dict[str, Rating]: ...

    @abstractmethod
    def put_ratings(self, ratings: list[Rating]) -> None: ...

    @abstractmethod
    def ratings_of(self, account_id: int) -> list[Rating]: ...

    @abstractmethod
    def leaderboard(self, game: str, size: int | None, limit: int) -> list[Rating]: ...


class AsyncStore:
    """A :class:`Store` run in one thread of its own: ``await call(...)`` for an
    answer, ``submit(...)`` for a write the caller does not wait for (kept in order
    with every other call). Failures of submitted writes go to ``on_error``."""

    def __init__(self, store: Store, on_error: Callable[[str], None] = print) -> None:
        self.store = store
        self.on_error = on_error
        self.failed: str | None = None
        """The last write that failed (the tables that wrote it stop)."""
        self._thread = concurrent.futures.ThreadPoolExecutor(1, thread_name_prefix="store")

    async def call(self, method: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._thread, method, *args)

    def submit(self, method: Callable[..., Any], *args: Any) -> concurrent.futures.Future[Any]:
        future = self._thread.submit(method, *args)
        future.add_done_callback(self._check)
        return future

    def _check(self, future: concurrent.futures.Future[Any]) -> None:
        exc = future.exception()
        if exc is not None:
            self.failed = f"{type(exc).__name__}: {exc}"
            self.on_error(f"database write failed: {self.failed}")

    def flush(self) -> None:
        """Wait (in this thread) until every write submitted so far is done."""
        self._thread.submit(lambda: None).result()

    def close(self) -> None:
        self._thread.submit(self.store.close).result()
        self._thread.shutdown(wait=True)
