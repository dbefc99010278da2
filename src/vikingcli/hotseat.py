"""One screen shared by the people of a local game: the move log, hand-overs, recaps.

Each line about a move is the game's narration for whoever may read it. With one
person at the screen that is their seat's narration. With several (hot-seat) the
log shows the spectators' narration, and when the turn passes from one person to
another the screen is cleared and the next person confirms that they alone are
looking before their board, hand and the moves since their last turn (as their
seat saw them) appear.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from vikingcli.match import Match, QuitGame
from vikingcli.text import move_lines

CLEAR = "\x1b[H\x1b[2J\x1b[3J"  # home, clear the screen and the scroll-back


def _read_line(message: str) -> str:
    sys.stdout.write(message)
    sys.stdout.flush()
    line = sys.stdin.readline()
    if not line:
        raise QuitGame
    return line


class LocalTable:
    """The log and hand-overs of a game played at this terminal by ``humans``."""

    def __init__(
        self,
        match: Match,
        humans: list[int],
        show: Callable[[str], None] = print,
        ask: Callable[[str], str] = _read_line,
        clear: Callable[[], None] | None = None,
    ) -> None:
        self.match = match
        self.humans = humans
        self.show = show
        self.ask = ask
        self.clear = clear or self._clear
        self.at_screen: int | None = humans[0] if len(humans) == 1 else None
        # Per person: the moves since their last turn, as their seat saw them.
        self.recap: dict[int, list[str]] = {seat: [] for seat in humans}

    @property
    def shared(self) -> bool:
        """Several people take turns at this one screen."""
        return len(self.humans) > 1

    def on_move(self, match: Match, seat: int, text: str) -> None:
        """Log the move just made, as the people at the screen may read it."""
        number, name = len(match.actions), match.seats[seat].name
        viewer = None if self.shared else self.humans[0]
        public = match.narrate(viewer)
        for line in move_lines(number, name, public):
            self.show(line)
        if self.shared:
            for person in self.humans:
                if person != seat:
                    self.recap[person] += move_lines(number, name, match.narrate(person))

    def before_turn(self, seat: int) -> list[str]:
        """Hand the screen over when another person is to move; return the moves since
        their last turn as their seat saw them (shown beneath their board)."""
        if not self.shared or self.at_screen == seat:
            return []
        name = self.match.seats[seat].name
        self.clear()
        self.show(f"Pass the screen to {name} (seat {seat + 1}).")
        self.ask(f"{name}, press Enter when only you can see the screen > ")
        self.clear()
        self.at_screen = seat
        news, self.recap[seat] = self.recap[seat], []
        return [f"Since your last turn, as {name} saw it:", *news] if news else []

    def _clear(self) -> None:
        if sys.stdout.isatty():
            sys.stdout.write(CLEAR)
            sys.stdout.flush()
        else:
            # In a pipe there is no screen to clear; a rule marks the hand-over.
            self.show("-" * 78)
