"""A person at this terminal, asked for each move through prompt-toolkit: the local
front end's player for a ``human`` seat (``vikingcli.core.people``).

The prompt completes the legal action texts; ``help``, ``board``, ``actions`` and
``quit`` are commands, not moves.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence

from vikingcli.core.match import QuitGame, UndoRequest
from vikingcli.engine import Action, Game, IllegalAction, State
from vikingcli.engine.text import shown
from vikingcli.table.colour import mark_changes, painted, painted_names
from vikingcli.table.lookups import look_up


class HumanPlayer:
    """Asks a person for each move; ``ask`` and ``show`` can be replaced (SSH, tests).

    The match driver decides when a person is asked at all (their only legal move,
    known to everyone, is played for them); this is how they are asked."""

    def __init__(
        self,
        ask: Callable[[str, list[str]], str] | None = None,
        show: Callable[[str], None] | None = None,
        name: str = "",
    ) -> None:
        self.ask = ask or _prompt
        self.show = show or print
        self.name = name
        self.hint: Callable[[Game, State, int], list[str]] | None = None
        self.names: Sequence[str] = ()
        """Every seat's name, for boards and views that name seats."""
        self.colour = False
        """Colour names and mark what changed since this person's last board."""
        self._last_board: str | None = None

    def choose(self, game: Game, state: State, seat: int) -> Action:
        return self.decide(game, state, seat)

    def decide(
        self, game: Game, state: State, seat: int, news: Sequence[str] = ()
    ) -> Action:
        """The person's move: the moves since they last looked (``news``), their
        board, then the prompt until they type a legal action."""
        for line in news:
            self.show(line)
        rendered = painted(game.render(state, seat), self.colour)
        board = shown(rendered, painted_names(self.names, seat, self.colour))
        self.show(mark_changes(board, self._last_board, self.colour))
        self._last_board = board
        prompt = f"{self.name or f'seat {seat + 1}'} > "
        while True:
            texts = game.legal_action_texts(state)
            line = self.ask(prompt, texts).strip()
            if not line:
                continue
            if line in ("quit", "exit"):
                raise QuitGame
            if line == "undo":
                raise UndoRequest(seat)
            if line == "hint":
                if self.hint is None:
                    self.show("no hint here: no searching player kind (mcts) is installed")
                else:
                    for text in self.hint(game, state, seat):
                        self.show(text)
                continue
            answer = look_up(game, state, seat, line, names=self.names)
            if answer is not None:
                self.show(answer)
                continue
            try:
                return game.parse_action(state, line)
            except IllegalAction as exc:
                self.show(f"not legal: {exc}")


def _prompt(message: str, completions: list[str]) -> str:
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

    words = [*completions, "actions", "board", "help", "legend", "rules", "hint", "undo", "quit"]
    try:
        # No rows kept free under the prompt for the completion menu: the board
        # above it gets the whole screen (the menu scrolls it up when it opens).
        return prompt(
            message, completer=WordCompleter(words, sentence=True), reserve_space_for_menu=0
        )
    except EOFError:
        raise QuitGame from None
