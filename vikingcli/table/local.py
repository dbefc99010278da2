"""A game at this terminal, in line mode: the front end of the match driver for one
person or several at one screen (hot-seat).

Each line about a move is the game's narration for whoever may read it. With one
person at the screen that is their seat's narration. With several the log shows the
spectators' narration, and whenever the screen passes from one person to another
(their turn, or a question put to them, such as agreeing to an undo) it is cleared
and the next person confirms that they alone are looking before anything of theirs
appears: first the moves since they last looked, as their seat saw them, then their
board and hand.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Mapping
from typing import Any, TextIO

from vikingcli.core.driver import FrontEnd, MatchDriver, MoveEvent
from vikingcli.core.match import Match, QuitGame, make_player
from vikingcli.core.people import Person
from vikingcli.engine import Action, Game, State
from vikingcli.engine.players import HostedPlayer, Player, PlayerKind, Rewindable
from vikingcli.engine.text import move_lines
from vikingcli.table.colour import enabled as colour_enabled
from vikingcli.table.colour import painted_names
from vikingcli.table.hints import hinter
from vikingcli.table.places import LineScreen, Place
from vikingcli.table.prompt import HumanPlayer
from vikingcli.table.session import Hint, Pending, interpret, local_place

CLEAR = "\x1b[H\x1b[2J\x1b[3J"  # home, clear the screen and the scroll-back


def _read_line(message: str) -> str:
    sys.stdout.write(message)
    sys.stdout.flush()
    line = sys.stdin.readline()
    if not line:
        raise QuitGame
    return line


RECALLED = 10
"""How many of a resumed game's earlier moves the line-mode table shows again."""
HANDOVER_NOTE = "(this screen only hands over: press Enter with nothing typed)"


class LineModeTable(FrontEnd):
    """The front end of a game played at this terminal by the people at ``humans``:
    the log, hand-overs and recaps; each person's decisions through their prompt,
    each line they type read by the seat session (:mod:`vikingcli.table.session`:
    this is its :class:`~vikingcli.table.session.Room`)."""

    def __init__(
        self,
        match: Match,
        humans: list[int],
        show: Callable[[str], None] = print,
        ask: Callable[[str], str] = _read_line,
        clear: Callable[[], None] | None = None,
        pace: float = 0.0,
        autosave: Callable[[Match], None] = lambda match: None,
    ) -> None:
        self.match = match
        self.humans = humans
        self.show = show
        self.ask = ask
        self.clear = clear or self._clear
        self.pace = pace
        self.autosave = autosave
        self.at_screen: int | None = humans[0] if len(humans) == 1 else None
        self.colour = colour_enabled()
        # Per person: the moves since they last looked, as their seat saw them.
        self.recap: dict[int, list[str]] = {seat: [] for seat in humans}
        self.prompts: dict[int, HumanPlayer] = {}
        self.places: dict[int, Place] = {}
        """Each person's place: what the seat session shows them goes to their prompt."""
        self.pending: dict[int, Pending] = {}
        self.questions: dict[int, Pending] = {}
        self.undo_allowed = True
        self.hinting: set[int] = set()
        self.hinter: Hint | None = None
        self.driver: MatchDriver | None = None

    def seat(self, seat: int, prompt: HumanPlayer) -> None:
        """``prompt`` asks the person at ``seat``."""
        self.prompts[seat] = prompt
        name = self.match.seats[seat].name
        self.places[seat] = local_place(name, seat, LineScreen(lambda text: prompt.show(text)))

    # -- what the seat session asks of the table ---------------------------------------

    def decision(self, seat: int) -> Pending | None:
        return self.pending.get(seat)

    def deciding(self) -> Pending | None:
        return next((p for p in self.pending.values() if not p.done()), None)

    def question(self, seat: int) -> Pending | None:
        return self.questions.get(seat)

    def resign(self, seat: int) -> bool:
        if self.driver is None or not self.driver.resign(seat):
            return False
        self.show(f"{self.match.seats[seat].name} resigns: the game ends.")
        for asked in [*self.pending.values(), *self.questions.values()]:
            asked.cancel()
        return True

    def quit(self, place: Place) -> bool:
        assert place.seat is not None
        for asked in (self.pending.get(place.seat), self.questions.get(place.seat)):
            if asked is not None and not asked.done():
                asked.set_exception(QuitGame())
        return False

    @property
    def shared(self) -> bool:
        """Several people take turns at this one screen."""
        return len(self.humans) > 1

    # -- the driver's front end ----------------------------------------------------------

    async def decide(self, seat: int) -> Action:
        prompt, match = self.prompts[seat], self.match
        for line in self.hand_over(seat):
            prompt.show(line)
        prompt.show_board(match.game, match.state, seat)
        self.pending[seat] = asked = Pending()
        try:
            action: Action = prompt.answer(self, self.places[seat], asked, f"{prompt.name} > ")
            return action
        finally:
            self.pending.pop(seat, None)

    async def agree_to_undo(self, asker: int, other: int, back_to: int) -> bool:
        self.hand_over(other)
        name, who = self.match.seats[asker].name, self.match.seats[other].name
        question = f"{name} asks to undo back to move {back_to + 1}. {who}, agree? (y/n) > "
        self.questions[other] = asked = Pending()
        place = local_place(who, other, LineScreen(self.show))
        try:
            while not asked.done():
                interpret(self, place, self.ask(question))
            return bool(asked.result())
        finally:
            self.questions.pop(other, None)

    async def tell(self, seat: int, text: str) -> None:
        self.show(text)

    async def undone(self, seat: int, back_to: int) -> None:
        self.autosave(self.match)  # the save goes back with the game
        for recap in self.recap.values():
            recap.clear()
        name = self.match.seats[seat].name
        self.show(f"Back to move {back_to + 1}, {name}'s previous decision.")

    async def moved(self, event: MoveEvent) -> None:
        """Save, then log the move as the people at the screen may read it."""
        self.autosave(self.match)
        await self.recall(event)
        if event.seat not in self.humans and self.pace:
            time.sleep(self.pace)

    async def recall(self, event: MoveEvent) -> None:
        """Log the move as the people at the screen may read it, and keep it for each
        one away from it; of a resumed game's earlier moves, the last RECALLED only
        (a line-mode screen keeps no log to page through)."""
        match = self.match
        if event.number <= len(match.actions) - RECALLED:
            return
        viewer = None if self.shared else self.humans[0]
        names = painted_names(match.names, viewer, self.colour)
        mover = names[event.seat]
        for line in move_lines(event.number, mover, event.told(match.game, viewer, names)):
            self.show(line)
        if self.shared:
            plain = match.seats[event.seat].name
            for person in self.humans:
                if person != self.at_screen:
                    told = event.told(match.game, person, match.names)
                    self.recap[person] += move_lines(event.number, plain, told)

    # -- the screen -------------------------------------------------------------------

    def hand_over(self, seat: int) -> list[str]:
        """Hand the screen to ``seat``'s person when another one has it; return the
        moves since they last looked, as their seat saw them."""
        if not self.shared or self.at_screen == seat:
            return []
        name = self.match.seats[seat].name
        self.clear()
        self.show(f"Pass the screen to {name} (seat {seat + 1}).")
        while self.ask(f"{name}, press Enter when only you can see the screen > ").strip():
            self.show(HANDOVER_NOTE)
        self.clear()
        self.at_screen = seat
        news, self.recap[seat] = self.recap[seat], []
        return [f"Since you last looked, as {name} saw it:", *news] if news else []

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

    def checkpoint(self) -> Any:
        return self.player.checkpoint() if isinstance(self.player, Rewindable) else None

    def restore(self, checkpoint: Any) -> None:
        if checkpoint is not None and isinstance(self.player, Rewindable):
            self.player.restore(checkpoint)

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
    where everyone knows it is forced, unless ``confirm``. ``QuitGame`` leaves the
    game (saved)."""
    humans = [i for i, s in enumerate(match.seats) if kinds[s.spec.kind].interactive]
    if pace is None:
        pace = 0.4 if sys.stdout.isatty() else 0.0
    table = LineModeTable(match, humans, show=show, ask=ask, pace=pace, autosave=autosave)
    table.hinter = hinter(kinds)
    match.narrating = True
    players = _seat_players(match, kinds, table)
    table.driver = MatchDriver(
        match, players, front=table, people=humans, confirm=confirm,
        move_timeout=move_timeout, undo=True,
    )  # fmt: skip
    table.driver.run_sync()


def _seat_players(
    match: Match, kinds: Mapping[str, PlayerKind], table: LineModeTable
) -> list[Any]:
    """A player for every seat: the people's prompts are kept by the table."""
    players: list[Any] = []
    for i, seat in enumerate(match.seats):
        player = make_player(match.game, kinds, seat.spec, i, match.seed)
        if isinstance(player, Person):
            player = HumanPlayer()  # a person at this terminal
        if isinstance(player, HumanPlayer):
            player.name = seat.name
            player.names = match.names
            player.colour = table.colour
            table.seat(i, player)
        elif not isinstance(player, HostedPlayer):
            player = Thinking(player, f"{seat.name} (seat {i + 1})")
        players.append(player)
    return players
