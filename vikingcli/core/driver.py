"""The one move loop of vikingcli: every front end plays a match through it.

A :class:`MatchDriver` owns what is the same wherever a game is played (a headless
batch, a person at this terminal, several at one screen, an SSH table, a bot
process): whose turn it is; a person's only legal move, played for them where every
seat could know it was forced (one rule, one ``(forced)`` tag in the log); the time
each seat spends, the move time limit and forfeits; undo; and the event of every
move, which each front end tells each seat as that seat may know it. A front end
(:class:`FrontEnd`) only shows events and collects a person's decisions.

The loop is a coroutine. A front end with an event loop (the SSH table, the
full-screen table) awaits :meth:`MatchDriver.run`, and AI seats think in a worker
thread so that the loop keeps answering people. Where nothing has to wait (a batch,
the line-mode prompt, which reads its lines itself), :meth:`MatchDriver.run_sync`
steps the same coroutine without an event loop.
"""

from __future__ import annotations

import asyncio
import signal
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from typing import Any

from vikingcli.core.match import (
    RESIGNED,
    ForfeitRecord,
    HostFault,
    Match,
    MoveTimeout,
    QuitGame,
    UndoRequest,
)
from vikingcli.engine import (
    Action,
    Forfeit,
    Game,
    HostedPlayer,
    IllegalAction,
    Outcome,
    Player,
    SeatInfo,
    State,
    Witness,
    name_seats,
    normalize_action_text,
)
from vikingcli.engine.players import Rewindable

FORCED_TAG = " (forced)"
"""Added to the log line of a move the driver played for a person: their only one."""
SETTLED_TAG = " (decided already)"
"""Added to the log line of a choice the driver played for a person because it could
change nothing (a vote whose result is settled)."""
PAUSE_FIRST = 10.0
"""Seconds a table pauses after the first move the host could not make (see
:class:`~vikingcli.core.match.HostFault`); each further one in a row doubles it."""
PAUSE_MAX = 600.0


class Moves(tuple[Action, ...]):
    """Several moves a person named in one line (``Game.parse_moves``), what a front
    end's :meth:`FrontEnd.decide` returns for it: played in a row, one decision
    (``undo`` takes them all back)."""

    __slots__ = ()


@dataclass(frozen=True, slots=True)
class MoveEvent:
    """One move, as it happened: told to each seat by :meth:`told`.

    ``before`` is a copy of the position it was played in (``None`` when the match
    does not narrate); ``after`` is the match's live state, valid while the event is
    being shown (the next move changes it)."""

    number: int
    """The move's number in the game, from 1."""
    seat: int
    text: str
    """The move's canonical text (what the save stores)."""
    tag: str
    """How the driver played it for a person without asking (FORCED_TAG: their only
    legal move; SETTLED_TAG: a choice that could change nothing), else empty."""
    action: Action
    before: State | None
    after: State

    def told(self, game: Game, viewer: int | None, names: Sequence[str]) -> list[str]:
        """What ``viewer`` (``None``: a spectator) learns from the move: the game's
        narration with seat names filled in, the first line tagged when the driver
        played it for a person."""
        if self.before is None:
            lines = [self.text]
        else:
            lines = game.narrate(self.before, self.action, self.after, viewer)
        lines = [name_seats(line, names) for line in lines]
        if self.tag and lines:
            lines[0] += self.tag
        return lines

    def record(self, game: Game, viewer: int, names: Sequence[str]) -> dict[str, Any]:
        """The move as ``viewer`` may know it, JSON-ready (what a bot is sent; see
        :class:`vikingcli.engine.Witness`): the canonical text only where this seat
        may know it, i.e. its own move, or one whose narration begins with it (a
        secret choice is told as e.g. ``chose a hero move``)."""
        told = (
            game.narrate(self.before, self.action, self.after, viewer)
            if self.before is not None
            else [self.text]
        )
        told = [name_seats(line, names) for line in told]
        first, text = (
            normalize_action_text(told[0]) if told else "",
            normalize_action_text(self.text),
        )
        public = first == text or first.startswith(text + " ")
        return {
            "number": self.number,
            "seat": self.seat,
            "name": names[self.seat],
            "action": self.text if viewer == self.seat or public else None,
            "tag": _TAG_NAMES.get(self.tag),
            "told": told,
        }


_TAG_NAMES = {FORCED_TAG: "forced", SETTLED_TAG: "settled"}


class FrontEnd:
    """What a front end does for the driver: show what happens, ask people.

    Every method has a default for headless play (nobody to tell, nobody to ask)."""

    async def decide(self, seat: int) -> Action:
        """The decision of the person at ``seat`` (a legal action of the position);
        may raise :class:`UndoRequest` or :class:`QuitGame`."""
        raise Forfeit("nobody at this front end plays a person's seat")

    async def agree_to_undo(self, asker: int, other: int, back_to: int) -> bool:
        """Does the person at ``other`` agree that ``asker`` goes back to move
        ``back_to`` (0-based: that many moves stay)?"""
        return False

    async def tell(self, seat: int, text: str) -> None:
        """A line for the person at ``seat`` only (why an undo did not happen...)."""

    async def undone(self, seat: int, back_to: int) -> None:
        """The game went back: ``back_to`` moves stay, ``seat`` decides again."""

    async def thinking(self, seat: int) -> None:
        """An AI seat begins to think."""

    async def paused(self, seat: int, reason: str, seconds: float) -> None:
        """The host could not make ``seat``'s move (``reason``): the game waits
        ``seconds`` and asks again, and no seat loses for it. A front end with nobody
        to tell cannot wait for the host to heal: by default the fault goes on up."""
        raise HostFault(reason)

    async def moved(self, event: MoveEvent) -> None:
        """A move was made (the match and its save are up to date)."""

    async def recall(self, event: MoveEvent) -> None:
        """A move made before this driver began (a resumed game), told in move order
        before the first new one so the logs read as if everyone had watched: show
        it; no save, no pause. Only where the match narrates."""


class MatchDriver:
    """Plays one :class:`Match` to its end, a forfeit, a stop or a person leaving.

    ``players`` has one player per seat; the seats in ``people`` are decided by the
    front end instead (their player is not asked). ``confirm``: ask a person even
    for their only legal move. ``move_timeout``: the hard limit in seconds on an AI
    or bot seat's move. ``threads``: AI seats think in a worker thread (a front end
    with an event loop must keep answering). ``undo``: keep what going back needs
    (each rewindable player's random state before every move)."""

    def __init__(
        self,
        match: Match,
        players: Sequence[Player],
        *,
        front: FrontEnd | None = None,
        people: Sequence[int] = (),
        confirm: bool = False,
        move_timeout: float | None = None,
        threads: bool = False,
        undo: bool = False,
    ) -> None:
        self.match = match
        self.players = list(players)
        self.front = front or FrontEnd()
        self.people = frozenset(people)
        self.confirm = confirm
        self.move_timeout = move_timeout
        self.threads = threads
        self.stopped = False
        self._stopping: asyncio.Event | None = None
        self._begun: set[int] = set()
        self._faults = 0
        """Moves in a row the host could not make (each pause is longer)."""
        # Per move of the game: who made it, and whether a person decided it.
        self.movers: list[int] = []
        self.decided: list[bool] = []
        self._checkpoints: dict[int, list[Any]] | None = {} if undo else None
        # The seats whose players are told every move (bot processes).
        self.witnesses = [
            (seat, p) for seat, p in enumerate(self.players) if isinstance(p, Witness)
        ]
        self._replay_history()
        self._unrecalled = len(match.actions)

    # -- the loop -------------------------------------------------------------------

    async def run(self) -> None:
        """Play on until the game is over, a seat forfeits or :meth:`stop`. Hosted
        players (bot processes) are ended then; a person leaving (:class:`QuitGame`)
        keeps them, since the same table may play on."""
        match = self.match
        try:
            await self._recall()
            while not match.over and not self.stopped:
                seat = match.game.to_move(match.state)
                assert seat is not None
                if seat in self.people:
                    await self._person(seat)
                else:
                    await self._ai(seat)
        except QuitGame:
            raise
        except BaseException:
            self._end_hosted(None)
            raise
        self._end_hosted(None if self.stopped else match.result_json())

    def run_sync(self) -> None:
        """:meth:`run` without an event loop, for front ends that never wait on one
        (a batch, the line-mode prompt): each step runs to its end at once."""
        steps = self.run()
        try:
            steps.send(None)
        except StopIteration:
            return
        steps.close()
        raise RuntimeError("this match waits on an event loop: await MatchDriver.run()")

    def stop(self) -> None:
        """End the loop after the current step; an AI still thinking is left to its
        thread (its move is not played)."""
        self.stopped = True
        if self._stopping is not None:
            self._stopping.set()

    def resign(self, seat: int) -> bool:
        """The person at ``seat`` resigns: the game ends at once, that seat ranked
        last (a forfeit told as a resignation); an AI still thinking is left to its
        thread and its move is not played. The front end ends the decision it waits
        for, if any (cancelled: the loop then sees the game over). ``False`` when
        the game is over already."""
        if self.match.over:
            return False
        self.match.forfeit = ForfeitRecord(seat, RESIGNED)
        if self._stopping is not None:
            self._stopping.set()
        return True

    # -- a person's move ---------------------------------------------------------------

    def unasked(self, seat: int, state: State | None = None) -> tuple[Action, str] | None:
        """The move to play for the person at ``seat`` without asking, and its tag:
        their only legal one, where every other seat could know it is forced, or a
        choice that can change nothing (``Game.settled_choice``); none with ``confirm``.
        ``state``: a position of this match's past (by default, the present one)."""
        if self.confirm:
            return None
        game = self.match.game
        state = self.match.state if state is None else state
        legal = game.legal_actions(state)
        if len(legal) == 1 and game.only_move_is_public(state):
            return legal[0], FORCED_TAG
        settled = game.settled_choice(state)
        if settled is not None and settled in legal:
            return settled, SETTLED_TAG
        return None

    async def _person(self, seat: int) -> None:
        unasked = self.unasked(seat)
        if unasked is not None:
            await self._play(seat, unasked[0], tag=unasked[1])
            return
        start = time.perf_counter()
        try:
            action = await self.front.decide(seat)
        except UndoRequest as request:
            await self._undo(request.seat)
            return
        except asyncio.CancelledError:
            if self.stopped or self.match.forfeit is not None:
                # The front end stopped the game, or ended it with a forfeit (a
                # correspondence deadline), while the person thought.
                return
            raise
        finally:
            self.match.seconds[seat] += time.perf_counter() - start
        if not isinstance(action, Moves):
            await self._play(seat, action, decided=True)
            return
        game, state = self.match.game, self.match.state
        for k, move in enumerate(action):
            # checked again each time: each was legal after the one before when parsed
            if game.to_move(state) != seat or move not in game.legal_actions(state):
                return
            await self._play(seat, move, decided=k == 0)

    # -- an AI or bot move --------------------------------------------------------------

    async def _ai(self, seat: int) -> None:
        match, game = self.match, self.match.game
        player = self.players[seat]
        start = time.perf_counter()
        fault: str | None = None
        try:
            if seat not in self._begun:
                self._begun.add(seat)
                if isinstance(player, HostedPlayer):  # a bot process: tell it its table
                    names = tuple(s.name for s in match.seats)
                    info = SeatInfo(
                        dict(match.options), len(match.seats), seat, self.move_timeout, names
                    )
                    if self.threads:
                        await asyncio.to_thread(player.begin, game, info)
                    else:
                        player.begin(game, info)
            await self.front.thinking(seat)
            if self.threads:
                action = await self._think_in_thread(player, seat)
                if action is None:
                    return  # stopped meanwhile (the move is chosen again on resume)
            else:
                with _deadline(self.move_timeout):
                    action = player.choose(game, match.state, seat)
        except (QuitGame, UndoRequest, KeyboardInterrupt):
            raise
        except MoveTimeout:
            self._forfeit(seat, f"exceeded the move time limit of {self.move_timeout:g} s")
            return
        except HostFault as exc:
            fault = str(exc)  # the pause below is not the seat's thinking time
        except Forfeit as exc:
            self._forfeit(seat, str(exc))
            return
        except IllegalAction as exc:
            self._forfeit(seat, f"illegal action: {exc}")
            return
        except Exception as exc:
            self._forfeit(seat, f"player error: {type(exc).__name__}: {exc}")
            return
        finally:
            match.seconds[seat] += time.perf_counter() - start
        if fault is not None:
            await self._pause(seat, fault)
            return
        try:
            await self._play(seat, action)
        except IllegalAction as exc:
            self._forfeit(seat, f"illegal action: {exc}")

    async def _think_in_thread(self, player: Player, seat: int) -> Action | None:
        """The player's move, chosen in a worker thread on a copy of the state (the
        loop keeps reading the real one); ``None`` when the driver stopped first.
        Overrunning the move time limit raises :class:`MoveTimeout`."""
        game = self.match.game
        copy = game.clone(self.match.state)
        if self._stopping is None:
            self._stopping = asyncio.Event()
            if self.stopped or self.match.over:
                self._stopping.set()
        choosing = asyncio.ensure_future(asyncio.to_thread(player.choose, game, copy, seat))
        stopping = asyncio.ensure_future(self._stopping.wait())
        done, _ = await asyncio.wait(
            {choosing, stopping}, timeout=self.move_timeout, return_when=asyncio.FIRST_COMPLETED
        )
        stopping.cancel()
        if choosing not in done:
            choosing.add_done_callback(_retrieve)
            if self.stopped or self.match.over:  # stopped, or a person resigned
                return None
            raise MoveTimeout
        return choosing.result()

    def _forfeit(self, seat: int, reason: str) -> None:
        self.match.forfeit = ForfeitRecord(seat, reason)

    async def _pause(self, seat: int, reason: str) -> None:
        """The host failed ``seat``'s move: say so, wait (or until :meth:`stop`), and
        let the loop ask the same seat again; nobody forfeits for the host's fault."""
        seconds = min(PAUSE_MAX, PAUSE_FIRST * 2**self._faults)
        self._faults += 1
        await self.front.paused(seat, reason, seconds)
        if self._stopping is None:
            self._stopping = asyncio.Event()
            if self.stopped:
                self._stopping.set()
        with suppress(TimeoutError):
            await asyncio.wait_for(self._stopping.wait(), seconds)

    # -- every move ---------------------------------------------------------------------

    async def _play(
        self, seat: int, action: Action, *, tag: str = "", decided: bool = False
    ) -> None:
        match, game = self.match, self.match.game
        self._faults = 0
        number = len(match.actions)
        if self._checkpoints is not None and number not in self._checkpoints:
            self._checkpoints[number] = [_checkpoint(p) for p in self.players]
        text = game.format_action(match.state, action)
        keep = match.narrating or bool(self.witnesses)
        before = game.clone(match.state) if keep else None
        game.apply(match.state, action)
        match.actions.append(text)
        if before is not None and match.narrating:
            match.remember(seat, action, before)
        self.movers.append(seat)
        self.decided.append(decided)
        event = MoveEvent(number + 1, seat, text, tag, action, before, match.state)
        if self.witnesses:
            names = [s.name for s in match.seats]
            for viewer, player in self.witnesses:
                player.witness(event.record(game, viewer, names))
        await self.front.moved(event)

    # -- undo ---------------------------------------------------------------------------

    def previous_decision(self, seat: int) -> int | None:
        """The move number (0-based) of the last move the person at ``seat`` decided
        themselves (their forced moves do not count), or ``None``."""
        for k in range(len(self.decided) - 1, -1, -1):
            if self.decided[k] and self.movers[k] == seat:
                return k
        return None

    async def _undo(self, seat: int) -> None:
        """Back to ``seat``'s previous real decision, if every other person agrees;
        the forced and AI moves after it go with it, and every player that can is
        put back to its state at that moment, so the same moves replay the same game."""
        back_to = self.previous_decision(seat)
        name = self.match.seats[seat].name
        if back_to is None:
            await self.front.tell(
                seat, f"{name}: there is no earlier decision of yours to go back to."
            )
            return
        for other in sorted(self.people - {seat}):
            if not await self.front.agree_to_undo(seat, other, back_to):
                who = self.match.seats[other].name
                await self.front.tell(seat, f"{who} does not agree: no undo.")
                return
        self.rewind(back_to)
        await self.front.undone(seat, back_to)

    def rewind(self, moves: int) -> None:
        """Go back to the position after the first ``moves`` moves, the players with it."""
        self.match.rewind(moves)
        del self.movers[moves:]
        del self.decided[moves:]
        for player in self.players:
            if isinstance(player, HostedPlayer):
                player.end(None)  # a bot cannot go back: it starts again, told its table
        self._begun.clear()
        if self._checkpoints is None:
            return
        kept = [k for k in self._checkpoints if k <= moves]
        if kept:
            for player, state in zip(self.players, self._checkpoints[max(kept)], strict=True):
                _restore(player, state)
        for k in [k for k in self._checkpoints if k > moves]:
            del self._checkpoints[k]

    # -- helpers ------------------------------------------------------------------------

    def _replay_history(self) -> None:
        """Who made each move already in the match (a resumed game), and which of
        them a person decided (what ``only_move`` would not have played for them)."""
        match = self.match
        if not match.actions:
            return
        game = match.game
        state = game.new_state(len(match.seats), match.options, match.seed)
        for text in match.actions:
            seat = game.to_move(state)
            assert seat is not None
            self.movers.append(seat)
            self.decided.append(seat in self.people and self.unasked(seat, state) is None)
            game.apply(state, game.parse_action(state, text))

    async def _recall(self) -> None:
        """Tell the front end the moves made before this driver began, once (see
        :meth:`FrontEnd.recall`), each with the tag it had when it was played."""
        match, game = self.match, self.match.game
        count, self._unrecalled = self._unrecalled, 0
        if not match.narrating or not count:
            return
        state = game.new_state(len(match.seats), match.options, match.seed)
        for number, text in enumerate(match.actions[:count], 1):
            seat = self.movers[number - 1]
            unasked = None if self.decided[number - 1] else self.unasked(seat, state)
            action = game.parse_action(state, text)
            before = game.clone(state)
            game.apply(state, action)
            tag = unasked[1] if seat in self.people and unasked is not None else ""
            await self.front.recall(MoveEvent(number, seat, text, tag, action, before, state))

    def _end_hosted(self, result: dict[str, Any] | None) -> None:
        for player in self.players:
            if isinstance(player, HostedPlayer):
                player.end(result)


def _checkpoint(player: Player) -> Any:
    return player.checkpoint() if isinstance(player, Rewindable) else None


def _restore(player: Player, state: Any) -> None:
    if state is not None and isinstance(player, Rewindable):
        player.restore(state)


def _retrieve(task: asyncio.Future[Any]) -> None:
    """Take the outcome of a move that came too late, so nothing logs it as lost."""
    if not task.cancelled():
        task.exception()


@contextmanager
def _deadline(seconds: float | None) -> Iterator[None]:
    """Raise :class:`MoveTimeout` in the main thread when ``seconds`` pass.

    A real interrupt (SIGALRM) rather than a check afterwards, so a player stuck
    in a loop is stopped. Off the main thread the overrun is detected after the
    move returns instead."""
    if not seconds or seconds <= 0:
        yield
        return
    if threading.current_thread() is not threading.main_thread() or not hasattr(
        signal, "setitimer"
    ):
        start = time.perf_counter()
        yield
        if time.perf_counter() - start > seconds:
            raise MoveTimeout
        return

    def on_alarm(signum: int, frame: Any) -> None:
        raise MoveTimeout

    previous = signal.signal(signal.SIGALRM, on_alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def play_match(
    match: Match,
    players: Sequence[Player],
    *,
    move_timeout: float | None = None,
    front: FrontEnd | None = None,
) -> Outcome:
    """Play ``match`` to its end with ``players`` (no person at it: a batch, a
    tournament game, a resumed game of AI seats) and return the outcome."""
    MatchDriver(match, players, front=front, move_timeout=move_timeout).run_sync()
    return match.outcome()
