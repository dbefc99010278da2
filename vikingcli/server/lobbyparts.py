"""What the lobby (:mod:`vikingcli.server.lobby`) and its command mixins
(:mod:`vikingcli.server.tablecommands`, :mod:`vikingcli.server.peoplecommands`) share:
a connection as the lobby sees one (:class:`Conn`) and as a table's screen
(:class:`ConnScreen`), the help that names every command, the server's
:class:`Limits`, and :class:`LobbyPart`, the base of each mixin, which names the
lobby's state and the lobby's own methods a mixin's commands use.
"""

from __future__ import annotations

import asyncio
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


# Every line fits an 80-column terminal: a wrapped line breaks mid-word.
HELP = """\
Lobby commands (Tab completes):
  tables              open tables, your games (your turn first), games to watch
  create GAME [people=N] [ai=SPEC ...] [level=L] [time=3d] [rated|casual]
         [OPT=V]      a new table, you in its first seat (people: seats for
                      people, you too; ai: an AI seat each, e.g. ai=mcts;
                      level: easy|medium|hard|expert AI up to the usual size)
  join N              take a free seat at table N (or go back to your own seat)
  watch N             watch table N (the public view)
  cancel N            drop a table of yours that has not begun
  rematch N           finished table N again, same seats (once all of them ask)
  seed TEXT           your own seed for the deals of your next tables (each
                      shows 'deal: sha256:...'; 'vikingcli verify' checks it)
  who                 people online, and where
  finger NAME         a person: ratings and recent games
  history [NAME]      finished games
  top GAME [SIZE]     the leaderboard of a game (SIZE: players at the table)
  replay N [MOVE]     a finished game of yours, move by move (or at MOVE)
  analyze N           the AI's view of your decisions in a finished game
  record N            a finished game of yours as a save file (replay, analyze)
  say TEXT            one line to everyone in the lobby
  tell NAME TEXT      one line to one person
  addkey              a one-time code; log in with your new key and answer
                      'addkey CODE' there: that key is this account's too
  keys                the keys of your account
  delkey KEY          a key of yours no longer logs in (never the last one)
  games               the installed games
  help, quit"""

TABLE_WORDS = ("leave", "tell ", "who")
TABLE_HELP = "'leave': back to the lobby (your seat stays yours), 'tell NAME TEXT', 'who'."


class ConnScreen:
    """A lobby connection as the :class:`~vikingcli.table.places.Screen` of the table
    it sits at (or watches); when the table hangs up (the game is over, the server
    stops), the person is back in the lobby."""

    def __init__(self, conn: Conn, back: Callable[[Conn], None]) -> None:
        self.conn = conn
        self.back = back

    def show(self, text: Any, style: str = "") -> None:
        self.conn.show(text, style)

    def show_board(self, board: Any) -> None:
        self.conn.show_board(board)

    def refresh(self) -> None:
        self.conn.refresh()

    def hang_up(self) -> None:
        asyncio.get_running_loop().call_soon(self.back, self.conn)


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
    ai_positions: int = 20000
    """The most positions an AI seat may look through its own chain of moves
    (greedy:chain=...), a player's default."""
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
    rematches: dict[int, set[int]]
    seeds: dict[int, str]
    lease: float
    creating: int
    talk: Bucket

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
