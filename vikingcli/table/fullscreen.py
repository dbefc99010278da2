"""A game at this terminal on the full screen: the match driver's front end for one
person, or several taking turns at one screen (hot-seat).

Each person has their own log: every move as their seat may know it. With several
people, whenever the screen passes to another one (their turn, or a question put to
them, such as agreeing to an undo) the board and the log are hidden until that
person presses Enter alone at the screen; then their log shows, the moves since they
last looked marked, above their board. Keys typed before that Enter are never taken
as a move.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from prompt_toolkit.formatted_text import StyleAndTextTuples

from vikingcli.core.driver import FrontEnd, MatchDriver, MoveEvent
from vikingcli.core.match import Match, QuitGame, make_player
from vikingcli.engine import Action, Player, PlayerKind
from vikingcli.engine.text import THREAT, fragments, move_lines, name_seats, plain_text
from vikingcli.table.hints import hinter
from vikingcli.table.lookups import LOOKUP
from vikingcli.table.places import Place
from vikingcli.table.scoresheet import score_sheet
from vikingcli.table.screen import TableScreen
from vikingcli.table.session import Hint, completions, interpret, local_place

HANDOVER_NOTE = "(this screen only hands over: press Enter with nothing typed)"
SINCE_LINE = [("class:rule", "── since you last looked ──")]


class FullScreenTable(FrontEnd):
    """The match driver's front end on the full screen of this terminal; each line
    typed is read by the seat session (:mod:`vikingcli.table.session`: this is its
    :class:`~vikingcli.table.session.Room`), the hand-over and the end screen's
    Enter excepted."""

    def __init__(
        self,
        match: Match,
        kinds: Mapping[str, PlayerKind],
        humans: Sequence[int],
        *,
        autosave: Callable[[Match], None],
        pace: float = 0.4,
        screen_args: Mapping[str, Any] | None = None,
    ) -> None:
        self.match = match
        self.humans = list(humans)
        self.autosave = autosave
        self.pace = pace
        self.hinter: Hint | None = hinter(kinds)
        self.hinting: set[int] = set()
        self.undo_allowed = True
        self.driver: MatchDriver | None = None
        self.places: dict[int | None, Place] = {
            seat: local_place(match.seats[seat].name, seat, _Log(self, seat))
            for seat in self.humans
        }
        self.places[None] = local_place("watching", None, _Log(self, None))
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        self.logs: dict[int | None, list[Any]] = {seat: [] for seat in self.humans}
        self.logs[None] = []
        self.seen: dict[int, set[str]] = {}
        """Per person, the board lines they saw when they last decided."""
        self.mode = "idle"
        self.waiting: asyncio.Future[Any] | None = None
        self.thinker: tuple[int, float] | None = None
        self._ticker: asyncio.Task[None] | None = None
        self.screen = TableScreen(
            board=self._board,
            prompt=self._prompt,
            status=self._status,
            completions=self._completions,
            on_line=self._line,
            on_interrupt=lambda: self.screen.show("^C: type 'quit' to leave (the game is saved)"),
            names=lambda: (self.match.names, self.viewer),
            **(screen_args or {}),
        )
        self.screen.log = self.logs[self.viewer]

    # -- running -----------------------------------------------------------------------

    async def run(self, driver: MatchDriver) -> None:
        """Play the match on the full screen until it is over (then the end screen
        waits for Enter) or a person quits (:class:`QuitGame` is raised)."""

        async def game() -> None:
            try:
                await driver.run()
                await self._end()
            finally:
                self.screen.exit()

        self.driver = driver
        task = asyncio.ensure_future(game())
        await self.screen.app.run_async()
        if not task.done():
            driver.stop()
            if self.waiting is not None and not self.waiting.done():
                self.waiting.set_exception(QuitGame())
        await task

    async def _end(self) -> None:
        match = self.match
        self._open(None)
        self.screen.hidden = False
        if match.forfeit is None:
            self.screen.show(score_sheet(match.outcome(), match.names), LOOKUP)
        self.screen.show(f"Game over ({match.result_json()['end_reason']}). Press Enter to leave.")
        self.mode = "over"
        self.waiting = asyncio.get_running_loop().create_future()
        await self.waiting

    # -- the driver's front end --------------------------------------------------------

    async def decide(self, seat: int) -> Action:
        await self._hand_over(seat)
        self.mode = "decide"
        self.waiting = asyncio.get_running_loop().create_future()
        self.screen.invalidate()
        try:
            action: Action = await self.waiting
            return action
        finally:
            self.seen[seat] = set(self._board_lines(seat))
            self.mode = "idle"
            self.waiting = None

    async def agree_to_undo(self, asker: int, other: int, back_to: int) -> bool:
        await self._hand_over(other)
        names = self.match.names
        self._to(other, f"{names[asker]} asks to undo back to move {back_to + 1}. Agree? (y/n)")
        self.mode = "question"
        self.waiting = asyncio.get_running_loop().create_future()
        try:
            return bool(await self.waiting)
        except asyncio.CancelledError:
            if self.match.over:  # the asker resigned meanwhile
                return False
            raise
        finally:
            self.mode = "idle"
            self.waiting = None

    async def tell(self, seat: int, text: str) -> None:
        self._to(seat, text, "error")

    async def undone(self, seat: int, back_to: int) -> None:
        self.autosave(self.match)  # the save goes back with the game
        name = self.match.seats[seat].name
        for person in [*self.humans, None]:
            self._to(person, f"Back to move {back_to + 1}, {name}'s previous decision.")

    async def thinking(self, seat: int) -> None:
        self.thinker = (seat, time.monotonic())
        if self._ticker is None or self._ticker.done():
            self._ticker = asyncio.ensure_future(self._tick())

    async def _tick(self) -> None:
        while self.thinker is not None:
            self.screen.invalidate()
            await asyncio.sleep(0.1)

    async def moved(self, event: MoveEvent) -> None:
        self.thinker = None
        self.autosave(self.match)
        await self.recall(event)
        if event.seat not in self.humans and self.pace:
            await asyncio.sleep(self.pace)

    async def recall(self, event: MoveEvent) -> None:
        """Log the move in each person's log and the spectators', as each may know it."""
        match = self.match
        for person in [*self.humans, None]:
            told = event.told(match.game, person, match.names)
            lines = move_lines(event.number, match.names[event.seat], told)
            self._to(person, "\n".join(lines))
        self.screen.invalidate()

    # -- the screen ---------------------------------------------------------------------

    def _to(self, viewer: int | None, text: str, style: str = "") -> None:
        """Add ``text`` to ``viewer``'s log (on screen if it is theirs)."""
        if self.logs[viewer] is self.screen.log:
            self.screen.show(text, style)
        else:
            log = self.logs[viewer]
            for line in text.split("\n"):
                log.append([(f"class:{style}" if style else "", line)])

    def _open(self, viewer: int | None) -> None:
        self.viewer = viewer
        self.screen.log = self.logs[viewer]
        self.screen.back = 0
        self.screen.invalidate()

    async def _hand_over(self, seat: int) -> None:
        """Give the screen to ``seat``'s person: with several people, hidden until
        they alone press Enter; then their log, what happened since they last looked
        marked, and their board."""
        if self.viewer == seat:
            return
        previous = self.viewer
        if previous is not None:
            self.logs[previous].append(list(SINCE_LINE))
        if len(self.humans) > 1:
            name = self.match.seats[seat].name
            self.screen.hidden = True
            self.screen.log = [
                [("class:handover", f"Pass the screen to {name} (seat {seat + 1}).")],
                [("", f"{name}, press Enter when only you can see the screen.")],
            ]
            self.mode = "handover"
            self.waiting = asyncio.get_running_loop().create_future()
            self.screen.invalidate()
            try:
                await self.waiting
            finally:
                self.mode = "idle"
                self.waiting = None
            self.screen.hidden = False
        log = self.logs[seat]
        marks = [k for k, line in enumerate(log) if line == SINCE_LINE]
        for k in reversed(marks[:-1]):
            del log[k]
        if log and log[-1] == SINCE_LINE:
            log.pop()  # nothing happened since
        self._open(seat)

    def _board(self) -> StyleAndTextTuples:
        if self.screen.hidden:
            return []
        seat = self.viewer
        match = self.match
        rendered = match.game.render(match.state, seat)
        seen = self.seen.get(seat) if seat is not None else None
        out: StyleAndTextTuples = []
        for style, text in fragments(rendered):
            text = name_seats(text, match.names)
            style = "class:threat" if style == THREAT and text.strip() else style
            if seen is None:
                out.append((style, text))
                continue
            # Lines not on the board the person last decided at are bold.
            for k, part in enumerate(text.split("\n")):
                if k:
                    out.append(("", "\n"))
                new = part.strip() and part not in seen
                out.append((f"{style} bold" if new else style, part))
        return out

    def _board_lines(self, seat: int) -> list[str]:
        match = self.match
        text = "".join(t for _, t in fragments(match.game.render(match.state, seat)))
        return name_seats(text, match.names).splitlines()

    def _prompt(self) -> tuple[str, str]:
        if self.mode == "handover":
            return "press Enter > ", "class:handover"
        seat = self.viewer
        name = "watching" if seat is None else self.match.seats[seat].name
        if self.mode == "decide":
            return f"{name} (your move) > ", "class:yourmove"
        if self.mode == "question":
            return f"{name}: y/n > ", "class:yourmove"
        return f"{name} > ", ""

    def _status(self) -> str:
        match = self.match
        if self.mode == "over":
            return "game over: press Enter to leave"
        if self.mode == "handover":
            return "hand-over: the board is hidden"
        if self.thinker is not None:
            seat, since = self.thinker
            return (
                f"{match.seats[seat].name} (seat {seat + 1}) thinking… "
                f"{time.monotonic() - since:.1f} s"
            )
        mover = match.game.to_move(match.state)
        if mover is None:
            return "game over"
        number = len(match.actions) + 1
        if self.mode == "decide":
            return f"move {number}: your move (Tab lists the legal moves; 'help' for commands)"
        if self.mode == "question":
            return "answer y or n"
        return f"move {number}: {match.seats[mover].name} to move"

    def _completions(self) -> list[str]:
        if self.mode in ("handover", "over"):
            return []
        return completions(self, self.places[self.viewer])

    # -- what the person types ------------------------------------------------------------

    def _line(self, raw: str) -> None:
        line = raw.strip()
        waiting = self.waiting
        if self.mode == "over":
            if waiting is not None and not waiting.done():
                waiting.set_result(None)
            return
        if self.mode == "handover":
            if line:
                self.screen.log.append([("", HANDOVER_NOTE)])
                self.screen.invalidate()
            elif waiting is not None and not waiting.done():
                waiting.set_result(None)
            return
        interpret(self, self.places[self.viewer], line)
        if self.waiting is not None and self.waiting.done():
            # Answered: the prompt and status line say so from the next redraw on (the
            # one Enter causes), not only once the game has taken the answer.
            self.mode = "idle"

    # -- what the seat session asks of the table ---------------------------------------

    def _asked(self, seat: int, mode: str) -> asyncio.Future[Any] | None:
        if self.mode == mode and self.viewer == seat and self.waiting is not None:
            return self.waiting
        return None

    def decision(self, seat: int) -> asyncio.Future[Any] | None:
        return self._asked(seat, "decide")

    def deciding(self) -> asyncio.Future[Any] | None:
        return None if self.viewer is None else self.decision(self.viewer)

    def question(self, seat: int) -> asyncio.Future[Any] | None:
        return self._asked(seat, "question")

    def resign(self, seat: int) -> bool:
        if self.driver is None or not self.driver.resign(seat):
            return False
        for person in [*self.humans, None]:
            self._to(person, f"{self.match.seats[seat].name} resigns: the game ends.", "error")
        if self.waiting is not None and not self.waiting.done():
            self.waiting.cancel()
        return True

    def quit(self, place: Place) -> bool:
        waiting = self.waiting
        if waiting is not None and not waiting.done():
            waiting.set_exception(QuitGame())
        else:
            self.screen.exit()
        return False


class _Log:
    """A person's log on the full screen, as the seat session's screen."""

    def __init__(self, table: FullScreenTable, seat: int | None) -> None:
        self.table = table
        self.seat = seat

    def show(self, text: Any, style: str = "") -> None:
        self.table._to(self.seat, plain_text(text), style)

    def show_board(self, board: Any) -> None:
        self.table.screen.invalidate()

    def refresh(self) -> None:
        self.table.screen.invalidate()

    def hang_up(self) -> None:
        """The screen ends with the game (:meth:`FullScreenTable.run`)."""


async def play_full_screen(
    match: Match,
    kinds: Mapping[str, PlayerKind],
    autosave: Callable[[Match], None],
    *,
    move_timeout: float | None = None,
    pace: float = 0.4,
    confirm: bool = False,
) -> None:
    """Play ``match`` at this terminal on the full screen (see the module); raises
    :class:`QuitGame` when a person leaves."""
    humans = [i for i, s in enumerate(match.seats) if kinds[s.spec.kind].interactive]
    match.narrating = True
    front = FullScreenTable(match, kinds, humans, autosave=autosave, pace=pace)
    # People's seats get the core's Person marker: the driver asks this screen instead.
    players: list[Player] = [
        make_player(match.game, kinds, seat.spec, i, match.seed)
        for i, seat in enumerate(match.seats)
    ]
    driver = MatchDriver(
        match, players, front=front, people=humans, confirm=confirm,
        move_timeout=move_timeout, threads=True, undo=True,
    )  # fmt: skip
    await front.run(driver)
