"""A person at this terminal, asked for each move through prompt-toolkit: the line
mode's prompt for a ``human`` seat (``vikingcli.core.people``).

The prompt completes the legal action texts and the seat session's verbs; what a
line means is :mod:`vikingcli.table.session`.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from typing import Any

from vikingcli.core.match import QuitGame
from vikingcli.engine import Action, Forfeit, Game, State
from vikingcli.engine.text import shown
from vikingcli.table import session
from vikingcli.table.colour import mark_changes, painted, painted_names
from vikingcli.table.places import Place
from vikingcli.table.session import Pending, Room, interpret


class HumanPlayer:
    """Asks a person for each move; ``ask`` and ``show`` can be replaced (tests).

    The match driver decides when a person is asked at all (their only legal move,
    known to everyone, is played for them); the line-mode table
    (:class:`~vikingcli.table.local.LineModeTable`) asks through this: each line
    typed goes to the seat session (:func:`vikingcli.table.session.interpret`)
    until one is a legal move, an undo, a resignation or ``quit``."""

    def __init__(
        self,
        ask: Callable[[str, list[str]], str] | None = None,
        show: Callable[[str], None] | None = None,
        name: str = "",
    ) -> None:
        self.ask = ask or self._prompt
        self.show = show or print
        self.name = name
        self.names: Sequence[str] = ()
        """Every seat's name, for boards and views that name seats."""
        self.colour = False
        """Colour names and mark what changed since this person's last board."""
        self._last_board: str | None = None
        self._words: list[str] = []

    def choose(self, game: Game, state: State, seat: int) -> Action:
        raise Forfeit("a person at this terminal is asked by their table, not as a player")

    def show_board(self, game: Game, state: State, seat: int) -> None:
        """The board as ``seat`` sees it, what changed since they last looked marked."""
        rendered = painted(game.render(state, seat), self.colour)
        board = shown(rendered, painted_names(self.names, seat, self.colour))
        self.show(mark_changes(board, self._last_board, self.colour))
        self._last_board = board

    def answer(self, room: Room, place: Place, asked: Pending, prompt: str) -> Any:
        """Read lines into the seat session until ``asked`` is settled; its result."""
        while not asked.done():
            self._words = session.completions(room, place)
            match = room.match
            deciding = place.seat is not None and room.decision(place.seat) is asked
            legal = match.game.legal_action_texts(match.state) if deciding else []
            interpret(room, place, self.ask(prompt, legal))
        return asked.result()

    def _prompt(self, message: str, legal: list[str]) -> str:
        """A line from this terminal; Tab completes the legal actions (``legal``) and
        the seat session's words."""
        return _read(message, [*legal, *self._words])


def _read(message: str, completions: list[str]) -> str:
    if not sys.stdin.isatty():
        # Piped input (scripts, tests): plain lines, no terminal control codes.
        sys.stdout.write(message)
        sys.stdout.flush()
        line = sys.stdin.readline()
        if not line:
            raise QuitGame
        sys.stdout.write(line if line.endswith("\n") else line + "\n")
        return line
    from prompt_toolkit import prompt
    from prompt_toolkit.completion import WordCompleter

    words = list(dict.fromkeys(completions))
    try:
        # No rows kept free under the prompt for the completion menu: the board
        # above it gets the whole screen (the menu scrolls it up when it opens).
        return prompt(
            message, completer=WordCompleter(words, sentence=True), reserve_space_for_menu=0
        )
    except EOFError:
        raise QuitGame from None
