"""Who is at a shared table and how the table reaches them: a connection's place
(its seat or none, its screen, how much more it may say), the screen a front end
gives the table, and where a table keeps itself when it has no save file of its own."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from vikingcli.core.match import Match
from vikingcli.engine.text import plain_text
from vikingcli.saves.table_record import Identity, TableRecord, printable
from vikingcli.table.limits import SAY_BURST, SAY_RATE, Bucket, Notices

MAX_NAME = 24
MAX_MISSED = 400
"""Lines of moves kept for a seat whose owner is away (shown when they return)."""
RECALLED_MOVES = 60
"""How many of a reopened game's last moves a shared table tells again: about as many
as MAX_MISSED holds, and no more, since narrating each takes the event loop's time."""


class Saver(Protocol):
    """Where a table keeps itself, when not in a save file of its own: called after
    every change (a seat bound, a move, a line of talk, the end) with the whole
    match and record, as a file save would be written. ``OSError`` when it cannot
    keep them (the table stops, as it does when a file save fails). ``str()`` of it
    names the place in messages."""

    def write(self, match: Match, record: TableRecord) -> None: ...

    # A saver that keeps what it is given in the background (a database written from
    # another thread) may also have ``async def flush(self) -> None``, which returns
    # once everything written so far is kept: the table waits for it after each move
    # before it asks for the next one.


class Screen(Protocol):
    """One connection's terminal as the table uses it."""

    def show(self, text: Any, style: str = "") -> None:
        """Print ``text`` (str or formatted text) above the prompt."""

    def show_board(self, board: Any) -> None:
        """The board changed (``board``: as this connection's seat sees it, as
        formatted text): print it (line mode) or redraw the board pane."""

    def refresh(self) -> None:
        """Redraw the prompt: whose move it is or what the lobby waits for changed."""

    def hang_up(self) -> None:
        """Close the connection once everything shown so far is out."""


@dataclass(eq=False)
class Place:
    """A connection at the table: a seat it plays, or ``None`` while it watches."""

    who: Identity
    screen: Screen
    seat: int | None
    name: str
    talk: Bucket = field(default_factory=lambda: Bucket(SAY_RATE, SAY_BURST))
    """How much more this connection may say now (table talk is rate-limited)."""
    notices: Notices = field(default_factory=Notices)


def shown_user(who: Identity) -> str:
    """A login name as others see it: printable, at most MAX_NAME characters."""
    return printable(who.user, MAX_NAME) or "someone"


class LineScreen:
    """A :class:`Screen` that prints lines (the local line mode): formatted text is
    printed as its plain text, a board as any other lines."""

    def __init__(self, print_line: Callable[[str], None]) -> None:
        self.print_line = print_line

    def show(self, text: Any, style: str = "") -> None:
        self.print_line(plain_text(text))

    def show_board(self, board: Any) -> None:
        self.show(board)

    def refresh(self) -> None:
        """A printed line stays as it is: nothing to redraw."""

    def hang_up(self) -> None:
        """The terminal stays: the game ends by itself."""
