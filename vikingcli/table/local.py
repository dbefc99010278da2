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
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any, TextIO

from vikingcli.core.match import Match, QuitGame, UndoRequest, make_player
from vikingcli.core.people import Person
from vikingcli.engine import Action, Game, State
from vikingcli.engine.players import HostedPlayer, Player, PlayerKind
from vikingcli.engine.text import move_lines
from vikingcli.table.colour import enabled as colour_enabled
from vikingcli.table.colour import painted_names
from vikingcli.table.hints import hinter
from vikingcli.table.prompt import HumanPlayer

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
        self.colour = colour_enabled()
        # Per person: the moves since their last turn, as their seat saw them.
        self.recap: dict[int, list[str]] = {seat: [] for seat in humans}

    @property
    def shared(self) -> bool:
        """Several people take turns at this one screen."""
        return len(self.humans) > 1

    def on_move(self, match: Match, seat: int, text: str) -> None:
        """Log the move just made, as the people at the screen may read it."""
        viewer = None if self.shared else self.humans[0]
        names = painted_names(match.names, viewer, self.colour)
        public = match.narrate(viewer, names)
        for line in move_lines(len(match.actions), names[seat], public):
            self.show(line)
        number, name = len(match.actions), match.seats[seat].name
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


class Thinking:
    """Wraps an AI player at a person's screen: a live line while it searches."""

    def __init__(self, player: Player, label: str, out: TextIO = sys.stdout) -> None:
        self.player = player
        self.label = label
        self.out = out

    def choose(self, game: Game, state: State, seat: int) -> Action:
        if not self.out.isatty():
            return self.player.choose(game, state, seat)
        stop = threading.Event()
        start = time.monotonic()

        def tick() -> None:
            while not stop.wait(0.1):
                self.out.write(f"\r{self.label} thinking… {time.monotonic() - start:.1f} s")
                self.out.flush()

        ticker = threading.Thread(target=tick, daemon=True)
        ticker.start()
        try:
            return self.player.choose(game, state, seat)
        finally:
            stop.set()
            ticker.join()
            self.out.write("\r\x1b[K")
            self.out.flush()


def play_here(
    match: Match,
    kinds: Mapping[str, PlayerKind],
    autosave: Callable[[Match], None],
    *,
    move_timeout: float | None = None,
    pace: float | None = None,
    show: Callable[[str], None] = print,
    ask: Callable[[str], str] = _read_line,
    confirm: bool = False,
) -> None:
    """Play ``match`` to its end at this terminal: people at the human seats, AI
    players with a thinking line and their moves shown at a readable pace (``pace``
    seconds; by default 0.4 on a terminal and none in a pipe), ``undo`` on request,
    ``autosave`` after every move. A person's only legal move is played for them
    unless ``confirm``. ``QuitGame`` leaves the game (saved)."""
    humans = [i for i, s in enumerate(match.seats) if kinds[s.spec.kind].interactive]
    table = LocalTable(match, humans, show=show, ask=ask)
    match.narrating = True
    if pace is None:
        pace = 0.4 if sys.stdout.isatty() else 0.0

    def on_move(m: Match, seat: int, text: str) -> None:
        autosave(m)
        table.on_move(m, seat, text)
        if seat not in humans and pace:
            time.sleep(pace)

    while True:
        players = _seat_players(match, kinds, table, confirm)
        try:
            match.play(players, move_timeout=move_timeout, on_move=on_move)
            return
        except UndoRequest as request:
            for player in players:
                if isinstance(player, HostedPlayer):
                    player.end(None)  # a bot process of the abandoned line
            _undo(match, humans, request.seat, table)
            autosave(match)


def _seat_players(
    match: Match, kinds: Mapping[str, PlayerKind], table: LocalTable, confirm: bool
) -> list[Any]:
    """Fresh players for every seat (after an undo no search keeps a stale tree)."""
    players: list[Any] = []
    for i, seat in enumerate(match.seats):
        player = make_player(match.game, kinds, seat.spec, i, match.seed)
        if isinstance(player, Person):
            player = HumanPlayer()  # a person at this terminal
        if isinstance(player, HumanPlayer):
            player.name = seat.name
            player.names = match.names
            player.confirm = confirm
            player.colour = table.colour
            player.before_turn = table.before_turn
            player.hint = hinter(kinds)
        elif not isinstance(player, HostedPlayer):
            player = Thinking(player, f"{seat.name} (seat {i + 1})")
        players.append(player)
    return players


def _undo(match: Match, humans: list[int], seat: int, table: LocalTable) -> None:
    """Take ``seat`` back to its previous decision, if every other person agrees."""
    movers = match.movers()
    earlier = [k for k, mover in enumerate(movers) if mover == seat]
    name = match.seats[seat].name
    if not earlier:
        table.show(f"{name}: there is no earlier decision of yours to go back to.")
        return
    back_to = earlier[-1]
    for other in humans:
        if other == seat:
            continue
        who = match.seats[other].name
        question = f"{name} asks to undo back to move {back_to + 1}. {who}, agree? (y/n) > "
        answer = table.ask(question)
        if answer.strip().lower() not in ("y", "yes"):
            table.show(f"{who} does not agree: no undo.")
            return
    match.rewind(back_to)
    table.at_screen = seat
    for recap in table.recap.values():
        recap.clear()
    table.show(f"Back to move {back_to + 1}, {name}'s previous decision.")
