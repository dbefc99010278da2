"""A table that remote people share: seats bound to their owners, a lobby, spectators,
table talk, and a save that reopens the table with its seats.

Nothing here knows SSH. Each connection is a :class:`Screen` (show a line, redraw
the prompt, hang up) with an :class:`Identity` (the user name and the fingerprint of
the key that logged in); :mod:`vikingcli.table.ssh` provides both. Everything runs on one
asyncio event loop: the game state changes only there, so a look-up typed at any
moment reads a whole state, never one half-applied. AI players think in a worker
thread on a copy of the state. What a line typed at the table means (a look-up, a
move, undo, resign, a console command) is :mod:`vikingcli.table.session`; who gets
which seat, :mod:`vikingcli.table.seating`; a rematch, :mod:`vikingcli.table.rematch`.

Hooks for a host of many tables (:mod:`vikingcli.server`), each documented where it
is declared: ``save`` may be a :class:`Saver` (e.g. a database, move by move); ``join(...,
watch=True)`` seats nobody; :meth:`Table.forfeit` ends the game for a seat out of time;
``players`` and ``hinter`` may be replaced (searched in worker processes); ``reopen``,
``farewell``, ``undo_allowed``, ``rematch_offer`` and ``clocks`` are the host's to set.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from vikingcli.core.driver import FrontEnd, MatchDriver, MoveEvent
from vikingcli.core.fairdeal import Deal
from vikingcli.core.match import ForfeitRecord, Match, make_player
from vikingcli.core.people import Person
from vikingcli.engine import Action, Player, PlayerKind
from vikingcli.engine.text import move_lines, named_fragments
from vikingcli.saves.match_file import create_save
from vikingcli.saves.schema import TalkDoc
from vikingcli.saves.table_record import Identity, TableRecord, printable, write_table_save
from vikingcli.table.dealing import ai_base, deal_cards, deal_header, seed_answer
from vikingcli.table.hints import hinter
from vikingcli.table.limits import MAX_LINE, SAY_BURST, WATCHERS_SAY_RATE, Bucket
from vikingcli.table.places import MAX_MISSED, RECALLED_MOVES, Place, Saver, Screen, shown_user
from vikingcli.table.rematch import Rematch
from vikingcli.table.scoresheet import final_lines
from vikingcli.table.seating import bind, choose_seat, owner_of

CONSENT_SECONDS = 60.0
"""How long a person is asked to agree to another's undo before it is refused."""


class Table(FrontEnd):
    """One game whose human seats belong to remote people, and the match driver's
    front end for it: it asks people for moves and consent, and tells everyone."""

    def __init__(
        self,
        match: Match,
        kinds: Mapping[str, PlayerKind],
        save: Path | Saver,
        *,
        record: TableRecord | None = None,
        reserve: Sequence[str] = (),
        release: Sequence[int] = (),
        keys_of: Mapping[str, Sequence[str]] | None = None,
        spectators: bool = False,
        confirm: bool = False,
        move_timeout: float | None = None,
        log: Callable[[str], None] = print,
    ) -> None:
        self.match = match
        self.move_timeout = move_timeout
        """Hard limit in seconds on an AI seat's move (``None``: none); overrun forfeits."""
        self.confirm = confirm
        """Ask a person even for their only legal move (else it is played for them)."""
        self.save = save
        """The table's save file, or a :class:`Saver` that keeps it elsewhere."""
        self.reopen = f"it reopens with 'vikingcli serve --resume {save}'"
        """What people are told of coming back when the table stops."""
        self.farewell = "Bye. Your seat stays yours: connect again with the same key to go on."
        self.log = log
        self.spectators = spectators
        self.record = record or TableRecord()
        self.humans = [i for i, s in enumerate(match.seats) if kinds[s.spec.kind].interactive]
        self.hinter = hinter(kinds)
        self.hinting: set[int] = set()  # seats whose hint is searched: one at a time
        self.record.arrange(self.humans, reserve, release, keys_of, log)
        self.holders: dict[int, Place] = {}
        self.watchers: list[Place] = []
        self.watcher_talk = Bucket(WATCHERS_SAY_RATE, SAY_BURST)  # all watchers together
        self.missed: dict[int, list[str]] = {seat: [] for seat in self.humans}
        self.histories: dict[int | None, Any] = {}  # per seat, kept across reconnects
        self.kinds = kinds
        self.players = self._ai_players()
        self.go = asyncio.Event()
        self.finished = False
        self.stopped: str | None = None
        self.driver: MatchDriver | None = None
        self.save_failed: str | None = None  # why a save failed (the table stopped then)
        self.pending: dict[int, asyncio.Future[Action]] = {}  # the move asked of a seat
        self.questions: dict[int, asyncio.Future[bool]] = {}  # a yes or no asked of it
        self.undo_allowed = True  # each other person agreeing
        self.clocks: Callable[[], str] | None = None  # what 'clock' says (None: no clock)
        self.consent_seconds = CONSENT_SECONDS
        self.rematch_offer: Rematch | None = None  # None: no game follows this one
        # The seat told it is their move, until another moves (a turn of several
        # decisions, a refused undo: not told again).
        self._told: int | None = None
        self._fresh: set[Place] = set()  # places whose last board is the current one
        match.narrating = True

    def _ai_players(self) -> dict[int, Player]:
        match = self.match
        mixed = ai_base(match.seed, self.record.deal)  # never the deal's seed
        return {
            i: make_player(match.game, self.kinds, s.spec, i, mixed)
            for i, s in enumerate(match.seats)
            if i not in self.humans
        }

    # -- who sits where -----------------------------------------------------------------

    def seat_name(self, seat: int) -> str:
        return self.match.seats[seat].name

    def owner_of(self, who: Identity) -> int | None:
        return owner_of(self.record, who)

    def missing(self) -> list[int]:
        """Human seats nobody is connected to."""
        return [s for s in self.humans if s not in self.holders]

    def expected(self, seat: int) -> str:
        """Who a human seat waits for: its owner, the user it is reserved for, or anyone."""
        if seat in self.record.owners:
            return self.seat_name(seat)
        kept = self.record.reserved.get(seat)
        return "anyone" if kept is None else kept.user

    def seat_lines(self) -> list[str]:
        """The seats as the lobby and ``seats`` show them; the deal by its commitment."""
        lines = [f"{self.match.game.title}, {deal_header(self.record.deal)}:"]
        for i, seat in enumerate(self.match.seats):
            if i not in self.humans:
                state = f"AI ({seat.spec})"
            elif i in self.holders:
                state = f"{self.holders[i].name}, here"
            elif i in self.record.owners:
                state = f"{self.seat_name(i)}, away"
            elif i in self.record.reserved:
                state = f"free, reserved for {self.record.reserved[i].user}"
            else:
                state = "free"
            lines.append(f"  seat {i + 1}: {state}")
        if self.spectators:
            lines.append(f"  watching: {len(self.watchers)}")
        return lines

    def join(
        self, who: Identity, screen: Screen, *, watch: bool = False, seed: str | None = None
    ) -> Place | None:
        """Seat (or watch) a new connection; ``None`` when it is turned away (it has
        been told why). ``watch``: take no free or reserved seat (the person's own
        seat is still theirs). ``seed``: their own seed for the deal, if not dealt."""
        if self.finished or self.stopped:
            screen.show("This table is closed. Bye.")
            return None
        if not watch:
            self.bind_seat(who)
        choice = choose_seat(self.record, self.humans, self.holders, who, watch)
        seat, note = choice.seat, choice.note
        if seat is None and not note and not (self.spectators or watch):
            screen.show("This table is full, and it takes no spectators. Bye.")
            screen.show("\n".join(self.seat_lines()))
            self.log(f"{shown_user(who)} turned away (no seat for this key)")
            return None
        place = Place(who, screen, seat, shown_user(who) if seat is None else self.seat_name(seat))
        if seat is None:
            self.watchers.append(place)
            screen.show(f"Welcome {place.name}: you are watching {self.match.game.title}.")
            if note:
                screen.show(note)
            self.log(f"{place.name} watches")
        else:
            self._seat(place, seat)
            if seed is not None:
                self.add_seed(seat, screen, seed)
            if who.key is None:
                screen.show(
                    f"You logged in without a key: seat {seat + 1} is yours while this"
                    " connection"
                    " lasts (log in with a key to be able to come back to it)."
                )
        screen.show("\n".join(self.seat_lines()))
        if self.go.is_set():
            self._show_board(place)
            self._tell_turn(place)
        else:
            self._lobby_news()
        self.refresh_all()
        return place

    def bind_seat(self, who: Identity) -> None:
        """Bind to ``who`` (and save) the free or reserved seat :meth:`join` gives them.
        The server seats them once the save is committed: "you hold seat N" is never
        shown for a binding that a host killed the moment after would lose."""
        choice = choose_seat(self.record, self.humans, self.holders, who, watch=False)
        if choice.seat is not None and choice.bind and not (self.finished or self.stopped):
            self.log(bind(self.record, self.match, choice.seat, who, self.humans))
            self._save()

    def _seat(self, place: Place, seat: int) -> None:
        place.seat, place.name = seat, self.seat_name(seat)
        self.holders[seat] = place
        title = self.match.game.title
        place.screen.show(f"Welcome {place.name}: you hold seat {seat + 1} of {title}.")
        missed, self.missed[seat] = self.missed[seat], []
        if missed:
            place.screen.show("\n".join(["While you were away:", *missed]))
        self._others(place, f"{place.name} is at seat {seat + 1}")

    def leave(self, place: Place) -> None:
        """A connection ended (quit, hang-up, lost): its seat stays bound to its owner."""
        if place.seat is not None and self.holders.get(place.seat) is place:
            del self.holders[place.seat]
            offer = self.rematch_offer
            if offer is not None and offer.open:  # everyone seated must ask: no rematch
                offer.withdraw()
            if not (self.finished or self.stopped):
                self.log(f"{place.name} left seat {place.seat + 1}")
                self._others(
                    place,
                    f"{place.name} left seat {place.seat + 1}; the seat waits for them"
                    " (the same key gets it back)",
                )
        elif place in self.watchers:
            self.watchers.remove(place)
        self._fresh.discard(place)
        self.refresh_all()

    def release(self, seat: int) -> str:
        """The host frees a bound seat for the next person (never done silently)."""
        if seat not in self.humans:
            return f"seat {seat + 1} is not a human seat"
        if seat not in self.record.owners and seat not in self.record.reserved:
            return f"seat {seat + 1} is free already"
        owner = self.record.owners.pop(seat, None)
        self.record.reserved.pop(seat, None)
        holder = self.holders.pop(seat, None)
        if holder is not None:
            holder.screen.show("The host released your seat. Bye.")
            holder.screen.hang_up()
        who = owner.user if owner else "its reservation"
        self.broadcast(f"The host released seat {seat + 1} from {who}; the next person takes it.")
        self._save()
        return f"seat {seat + 1} released"

    # -- what people do at the table -----------------------------------------------------

    def add_seed(self, seat: int | None, screen: Screen, text: str) -> None:
        """``seed TEXT``: the person's own part of the deal (the last typed counts)."""
        answer, style = seed_answer(self.record.deal, seat, text)
        screen.show(answer, style)
        if not style:
            self._save()

    def take(self, place: Place) -> None:
        seat = self.owner_of(place.who)
        if place.seat is not None or seat is None:
            place.screen.show("'take' moves your own seat to this connection; you have none here")
            return
        old = self.holders.get(seat)
        if old is not None:
            old.screen.show("Your seat moved to another connection. Bye.")
            old.screen.hang_up()
            del self.holders[seat]
        self.watchers.remove(place)
        self._seat(place, seat)
        self._show_board(place)
        self._tell_turn(place)
        self.refresh_all()

    def say(self, name: str, text: str, watching: bool = False) -> None:
        """Table talk: one line to everyone, kept in the save (at once: a talk is not
        lost when the server is killed) and the server log (how often a person may
        talk is the seat session's to check)."""
        text = printable(text.strip(), MAX_LINE)
        if not text:
            return
        who = f"{name} (watching)" if watching else name
        self.record.talk.append(TalkDoc(len(self.match.actions), who, text))
        self.log(f"{who} says: {text}")
        self.broadcast(f"{who} says: {text}", "talk")
        self._save()

    # -- what a session asks of the table (vikingcli.table.session.Room) ---------------

    def decision(self, seat: int) -> asyncio.Future[Action] | None:
        return self.pending.get(seat)

    def deciding(self) -> asyncio.Future[Action] | None:
        return next((f for f in self.pending.values() if not f.done()), None)

    def question(self, seat: int) -> asyncio.Future[bool] | None:
        return self.questions.get(seat)

    def resign(self, seat: int) -> bool:
        """The person at ``seat`` gives up: the game ends, their seat ranked last."""
        if self.driver is None or self.finished or not self.driver.resign(seat):
            return False
        self.broadcast(f"{self.seat_name(seat)} resigns: the game ends.", "error")
        self.log(f"seat {seat + 1} resigned")
        asked: list[asyncio.Future[Any]] = [*self.pending.values(), *self.questions.values()]
        for waiting in asked:
            waiting.cancel()
        return True

    def quit(self, place: Place) -> bool:
        if place.seat is not None:
            place.screen.show(self.farewell)
        return False

    # -- telling people -----------------------------------------------------------------

    def places(self) -> list[Place]:
        return [*self.holders.values(), *self.watchers]

    def broadcast(self, text: str, style: str = "") -> None:
        for place in self.places():
            place.screen.show(text, style)

    def _others(self, me: Place, text: str) -> None:
        for place in self.places():
            if place is not me:
                place.screen.show(text)

    def refresh_all(self) -> None:
        for place in self.places():
            place.screen.refresh()

    def _lobby_news(self) -> None:
        missing = self.missing()
        if not missing:
            self.start("All seats are taken: the game begins. Type 'help' for commands.")
            return
        waiting = ", ".join(f"seat {s + 1} ({self.expected(s)})" for s in missing)
        self.broadcast(f"Waiting for {len(missing)} more: {waiting}.")

    def start(self, message: str) -> None:
        if self.go.is_set():
            return
        if dealt := deal_cards(self.match, self.record.deal, self.humans):
            self.broadcast("\n".join(dealt))
            self._save()  # a table stopped now comes back with this deal, not another
        self.broadcast(message)
        self.log(message)
        self.go.set()
        for place in self.places():
            self._show_board(place)
        self.refresh_all()

    def _show_board(self, place: Place) -> None:
        match = self.match
        # Fragments, not text: the front end styles what the game marked as a threat.
        board = match.game.render(match.state, place.seat)
        place.screen.show_board(named_fragments(board, match.names))
        self._fresh.add(place)

    def _tell_turn(self, place: Place) -> None:
        if place.seat is not None and self.pending.get(place.seat) is not None:
            place.screen.show(f"Your move, {place.name}.", "yourmove")

    # -- the game ----------------------------------------------------------------------

    def _save(self) -> bool:
        """Write the table's save; on failure (a full disk, a folder gone) tell
        everyone what failed and where, and stop the table: a game nobody can save
        is not played on. ``False`` when it failed."""
        if self.save_failed is not None:
            return False
        try:
            if isinstance(self.save, Path):
                write_table_save(self.match, self.record, self.save)
            else:
                self.save.write(self.match, self.record)
        except OSError as exc:
            self.save_failed = f"cannot save the table to {self.save}: {exc.strerror or exc}"
            self.broadcast(f"{self.save_failed}. The table stops.", "error")
            self.log(self.save_failed)
            self.stop(self.save_failed)
            return False
        return True

    async def run(self) -> None:
        """Wait for the table to fill (or the host), then play to the end or to a
        stop; after the end, again with the same seats while everyone seated asks
        for a rematch (where :attr:`rematch_offer` is)."""
        self._save()
        if not self.missing():
            self.start("All seats are taken: the game begins.")
        offered = False
        while await self._play():
            offer = self.rematch_offer
            offered = offer is not None and bool(self.holders)
            if not offered:
                break
            assert offer is not None
            self.broadcast("\n".join(final_lines(self.match, self.record.deal)))
            self.broadcast(
                f"Type 'rematch' within {offer.seconds:g} s for a new game with the same"
                " seats (everyone seated must)."
            )
            if not await offer.agreed() or self.stopped:
                self.broadcast("No rematch.")
                break
            self._new_deal(*offer.new_match(self.match))
        if self.finished:
            self._goodbye(shown=offered)

    async def _play(self) -> bool:
        """Play the match; ``True`` when it ended (not stopped)."""
        await self.go.wait()
        if self.stopped:
            return False
        match = self.match
        players = [self.players.get(i, Person()) for i in range(len(match.seats))]
        self.driver = MatchDriver(
            match, players, front=self, people=self.humans, confirm=self.confirm,
            move_timeout=self.move_timeout, threads=True, undo=self.undo_allowed,
        )  # fmt: skip
        await self.driver.run()
        if self.stopped:
            return False
        self.finished = True
        self._save()
        return True

    def _new_deal(self, match: Match, deal: Deal) -> None:
        """The rematch begins: ``match`` at the same seats, with the same people, dealt
        from ``deal`` as the game begins."""
        self.match, self.record.deal = match, deal
        self.players = self._ai_players()
        if isinstance(self.save, Path):  # beside the last game's save, not over it
            self.save = create_save(match, self.save, unique=True, table=self.record.to_doc())
            self.reopen = f"it reopens with 'vikingcli serve --resume {self.save}'"
        self.finished = False
        self._told = None
        self._fresh.clear()
        for lines in self.missed.values():
            lines.clear()
        self.go.clear()
        self.log(f"rematch; saving to {self.save}")
        self.start("Everyone asked for a rematch: a new deal, the same seats. The game begins.")
        self._save()

    async def kept(self) -> None:
        """Wait until the move just saved is kept, where the saver can tell (a save
        file is kept once written; see :class:`Saver`)."""
        flush = getattr(self.save, "flush", None)
        if flush is not None:
            await flush()

    # -- the match driver's front end --------------------------------------------------

    async def decide(self, seat: int) -> Action:
        """What the person at ``seat`` types (a legal action; :mod:`session` checks it)."""
        future: asyncio.Future[Action] = asyncio.get_running_loop().create_future()
        self.pending[seat] = future
        holder = self.holders.get(seat)
        if holder is not None:
            if holder not in self._fresh:
                self._show_board(holder)
            if self._told != seat:
                self._tell_turn(holder)
        self._told = seat
        self.refresh_all()
        try:
            return await future
        finally:
            self.pending.pop(seat, None)

    async def agree_to_undo(self, asker: int, other: int, back_to: int) -> bool:
        name, whom = self.seat_name(asker), self.seat_name(other)
        holder = self.holders.get(other)
        if holder is None:
            self.broadcast(f"{name} asks to undo; {whom} is away and cannot agree.")
            return False
        self.broadcast(f"{name} asks to undo back to move {back_to + 1}; {whom} is asked.")
        asked: asyncio.Future[bool] = asyncio.get_running_loop().create_future()
        self.questions[other] = asked
        holder.screen.show(
            f"{name} asks to undo back to move {back_to + 1}. Agree? Type yes or no"
            f" (no answer in {self.consent_seconds:g} s is a no).",
            "yourmove",
        )
        self.refresh_all()
        try:
            return await asyncio.wait_for(asked, self.consent_seconds)
        except TimeoutError:
            self.broadcast(f"{whom} gave no answer in {self.consent_seconds:g} s.")
            return False
        except asyncio.CancelledError:
            if self.stopped or self.match.over:  # stopped, or someone resigned
                return False
            raise
        finally:
            self.questions.pop(other, None)
            self.refresh_all()

    async def tell(self, seat: int, text: str) -> None:
        self.broadcast(text)  # why an undo did not happen: everyone waited for it

    async def paused(self, seat: int, reason: str, seconds: float) -> None:
        line = f"{self.seat_name(seat)} cannot move now ({reason})"
        self.broadcast(f"{line}. The table pauses and tries again in {seconds:g} s.", "error")
        self.log(f"{line}; paused {seconds:g} s")

    async def moved(self, event: MoveEvent) -> None:
        self._told = self._told if event.seat == self._told else None
        self._save()
        self._fresh.clear()
        await self.recall(event)
        await self.kept()

    async def recall(self, event: MoveEvent) -> None:
        """Show the move to each person as they may know it (kept for one who is
        away) and to the watchers; of a reopened game, the last RECALLED_MOVES."""
        match = self.match
        if event.number <= len(match.actions) - RECALLED_MOVES:
            return
        name = self.seat_name(event.seat)
        for person in self.humans:
            told = event.told(match.game, person, match.names)
            lines = move_lines(event.number, name, told)
            holder = self.holders.get(person)
            if holder is not None:
                holder.screen.show("\n".join(lines))
            else:
                self.missed[person] = (self.missed[person] + lines)[-MAX_MISSED:]
        public = event.told(match.game, None, match.names)
        for place in self.watchers:
            place.screen.show("\n".join(move_lines(event.number, name, public)))
        self.refresh_all()

    async def undone(self, seat: int, back_to: int) -> None:
        """The game went back (an undo every other person agreed to): saved so, and
        everyone sees the board as it is again."""
        self._save()
        self._fresh.clear()
        self._told = None
        for lines in self.missed.values():
            lines.clear()  # moves taken back are no news
        self.broadcast(f"Back to move {back_to + 1}: {self.seat_name(seat)} decides again.")
        for place in self.places():
            self._show_board(place)
        self.refresh_all()

    def _goodbye(self, shown: bool) -> None:
        if not shown:  # the rematch offer showed the end
            self.broadcast("\n".join(final_lines(self.match, self.record.deal)))
        self.log(f"game over; saved to {self.save}")
        for place in self.places():
            place.screen.hang_up()

    def forfeit(self, seat: int, reason: str) -> bool:
        """End the game: the person at ``seat``, whom the table waits for, loses by
        ``reason`` (a move deadline passed); ``False`` if it does not wait for them."""
        pending = self.pending.get(seat)
        if pending is None or pending.done() or self.match.forfeit is not None:
            return False
        self.match.forfeit = ForfeitRecord(seat, reason)
        self.broadcast(f"{self.seat_name(seat)} {reason}: the game ends.", "error")
        self.log(f"seat {seat + 1} forfeits: {reason}")
        pending.cancel()
        return True

    def stop(self, reason: str) -> None:
        """Save and close the table (SIGTERM, SIGINT, the console's ``stop``)."""
        if self.finished and not self.stopped and self.rematch_offer is not None:
            self.stopped = reason  # the game is over and saved: the offer ends
            self.rematch_offer.withdraw()
            self.broadcast(f"{reason}. The table is closed.", "error")
        if self.stopped or self.finished:
            return
        self.stopped = reason
        if self._save():
            self.broadcast(
                f"{reason}. The table is saved; {self.reopen}, and your seat stays yours.",
                "error",
            )
            self.log(f"{reason}; saved to {self.save}")
        for place in self.places():
            place.screen.hang_up()
        if self.driver is not None:
            self.driver.stop()
        for future in self.pending.values():
            future.cancel()
        self.go.set()
