"""What the lobby (:mod:`vikingcli.server.lobby`) and its command mixins
(:mod:`vikingcli.server.tablecommands`, :mod:`vikingcli.server.peoplecommands`) share:
a connection as the lobby sees one (:class:`Conn`), the server's :class:`Limits`, and
:class:`LobbyPart`, the base of each mixin, which names the lobby's state and the
lobby's own methods a mixin's commands use.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

from vikingcli.core.numbers import whole_number
from vikingcli.core.registry import Registry
from vikingcli.server.hosting import Hosted
from vikingcli.server.store import Account, AsyncStore, TableRow
from vikingcli.server.workers import Pool
from vikingcli.table.limits import Bucket, Notices
from vikingcli.table.shared import Place

LOBBY = "lobby"
"""The lobby's chat channel in the store."""
TABLE_NUMBER_MAX = 10**12 - 1
"""The largest table number a command reads (the store numbers tables from 1)."""


class Conn(Protocol):
    """One connection of a logged-in person, as the lobby uses it."""

    account: Account
    address: str
    connection: int
    hosted: Hosted | None
    place: Place | None
    talk: Bucket
    notices: Notices
    overview: bool
    """The connection's screen shows the lobby overview in a pane of its own (the
    full screen): its tables need not be listed in its log at login."""

    def show(self, text: Any, style: str = "") -> None: ...

    def show_board(self, board: Any) -> None:
        """The board of the table this connection is at changed: print it (line and
        prompt modes) or redraw the board pane (the full screen)."""

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
    ai_weights: tuple[str, ...] = ()
    """The weights files an AI seat may name (``weights=FILE``, as the operator wrote
    them: ``--ai-weights``); no other path of the host is read for a table."""
    replay_lines: int = 3000


class LobbyPart:
    """The base of the lobby's command mixins: the fields of the
    :class:`~vikingcli.server.lobby.Lobby` a mixin is part of, and the lobby's own
    methods its commands call (declared for the type checker only: ``Lobby`` defines
    them), plus what both mixins use."""

    reg: Registry
    store: AsyncStore
    pool: Pool
    limits: Limits
    log: Callable[[str], None]
    host: str
    hosted: dict[int, Hosted]
    elsewhere: list[TableRow]
    online: dict[int, list[Conn]]
    analysing: set[int]
    seeds: dict[int, str]
    lease: float
    creating: int

    if TYPE_CHECKING:

        @property
        def ai_kinds(self) -> list[str]: ...

        async def _fetch(self, number: int) -> Hosted | None: ...

        def _play(self, hosted: Hosted) -> None: ...

        def reserve_table(self) -> bool: ...

        def _my_turn_tables(self, conn: Conn) -> list[Hosted]: ...

        def where(self, conn: Conn) -> str: ...

        def enter(self, conn: Conn, hosted: Hosted, watch: bool) -> None: ...

    def _table_no(self, conn: Conn, rest: str, verb: str) -> int | None:
        """The table number ``rest`` begins with; ``None`` (and the person told) if none."""
        number = rest.split()[0] if rest.split() else ""
        try:
            return whole_number(number, 1, TABLE_NUMBER_MAX, "N")
        except ValueError as exc:
            conn.show(f"{verb} N: {exc} ('tables' lists them)", "error")
            return None
