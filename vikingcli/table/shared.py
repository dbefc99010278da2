"""A table that remote people share: seats bound to their owners, a lobby, spectators,
table talk, and a save that reopens the table with its seats.

Nothing here knows SSH. Each connection is a :class:`Screen` (show a line, redraw
the prompt, hang up) with an :class:`Identity` (the user name and the fingerprint of
the key that logged in); :mod:`vikingcli.table.ssh` provides both. Everything runs on one
asyncio event loop: the game state changes only there, so a look-up typed at any
moment reads a whole state, never one half-applied. AI players think in a worker
thread on a copy of the state. What a line typed at the table means (a look-up, a
move, a console command) is :mod:`vikingcli.table.commands`.

Seat rules, in the order :meth:`Table.join` applies them:

* the seat bound to this key (reconnect) is taken back; if its owner is still on
  it from another connection, this one watches instead (``take`` moves the seat);
* a seat reserved for this key (``--seat NAME=N``: the keys that are NAME's in the
  authorized-keys file) is bound to it; a user name alone never takes a seat;
* otherwise the first free human seat is bound to this key (a keyless login at an
  open table: to this connection, for as long as it lasts);
* otherwise the connection watches (with ``--spectators``) or is turned away.

A bound seat stays bound when its owner leaves; only the host frees it
(``release N`` at the server console, or ``serve --resume SAVE --release N``).

Hooks for a host of many tables (:mod:`vikingcli.server`), each small and documented
where it is declared: ``save`` may be a :class:`Saver` instead of a file (the table is
then kept where the saver keeps it, e.g. a database, move by move); ``join(...,
watch=True)`` seats nobody; :meth:`Table.forfeit` ends the game for a seat that ran
out of time while the table waits for it; ``players`` and ``hinter`` may be replaced
after construction (AI moves and hints searched elsewhere, e.g. in worker processes);
``reopen`` is what a stopped table tells people about coming back.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from vikingcli.core.driver import FrontEnd, MatchDriver, MoveEvent
from vikingcli.core.match import ForfeitRecord, Match, Seat, make_player
from vikingcli.engine import Action, Forfeit, Game, Player, PlayerKind, State
from vikingcli.engine.text import move_lines, named_fragments, shown
from vikingcli.saves.schema import TalkDoc
from vikingcli.saves.table_record import (
    Identity,
    Owner,
    TableRecord,
    parse_reservations,
    printable,
    write_table_save,
)
from vikingcli.table.dealing import ai_base, deal_cards, deal_header, revealed, seed_answer
from vikingcli.table.hints import hinter
from vikingcli.table.limits import MAX_LINE, SAY_BURST, SAY_RATE, WATCHERS_SAY_RATE, Bucket
from vikingcli.table.places import MAX_MISSED, MAX_NAME, Place, Saver, Screen, shown_user
from vikingcli.table.scoresheet import score_sheet


class _Front(FrontEnd):
    """The table as the match driver's front end."""

    def __init__(self, table: Table) -> None:
        self.table = table

    async def decide(self, seat: int) -> Action:
        return await self.table._human_move(seat)

    async def moved(self, event: MoveEvent) -> None:
        self.table._after_move(event)
        await self.table._kept()

    async def paused(self, seat: int, reason: str, seconds: float) -> None:
        table = self.table
        line = f"{table.seat_name(seat)} cannot move now ({reason})"
        table.broadcast(f"{line}. The table pauses and tries again in {seconds:g} s.", "error")
        table.log(f"{line}; paused {seconds:g} s")


class _Nobody:
    """Stands in the driver's player list for a person's seat (never asked)."""

    def choose(self, game: Game, state: State, seat: int) -> Action:
        raise Forfeit("a person's seat has no player")


_NOBODY = _Nobody()


class Table:
    """One game whose human seats belong to remote people."""

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
        self.log = log
        self.spectators = spectators
        self.record = record or TableRecord()
        self.humans = [i for i, s in enumerate(match.seats) if kinds[s.spec.kind].interactive]
        self.hinter = hinter(kinds)
        self._tasks: set[asyncio.Task[None]] = set()
        self._hinting: set[int] = set()
        """Seats whose hint is being searched: one at a time per seat."""
        self._arrange(reserve, release, keys_of)
        self.holders: dict[int, Place] = {}
        self.watchers: list[Place] = []
        self.watcher_talk = Bucket(WATCHERS_SAY_RATE, SAY_BURST)
        """What all watchers together may say: each line goes to everyone here."""
        self.missed: dict[int, list[str]] = {seat: [] for seat in self.humans}
        self.histories: dict[int | None, Any] = {}
        """Per seat, the prompt history object of the front end (kept across reconnects)."""
        mixed = ai_base(match.seed, self.record.deal)  # never the deal's seed
        self.players: dict[int, Player] = {
            i: make_player(match.game, kinds, s.spec, i, mixed)
            for i, s in enumerate(match.seats)
            if i not in self.humans
        }
        self.go = asyncio.Event()
        self.finished = False
        self.stopped: str | None = None
        self.driver: MatchDriver | None = None
        self.save_failed: str | None = None
        """Why the last save could not be written (the table stopped then)."""
        self.pending: dict[int, asyncio.Future[Action]] = {}
        """Per human seat, the move the table waits for (set by the line its person types)."""
        self._fresh: set[Place] = set()
        """Places whose last sight of the board is the current state."""
        match.narrating = True

    def _arrange(
        self,
        reserve: Sequence[str],
        release: Sequence[int],
        keys_of: Mapping[str, Sequence[str]] | None,
    ) -> None:
        """Apply the host's ``--release`` and ``--seat`` choices (``keys_of``: each
        name's keys in the key file, ``None`` at an open table); ``ValueError`` names a
        choice that cannot be made."""
        owners = self.record.owners
        for number in release:  # people count seats from 1
            seat = number - 1
            if seat not in self.humans:
                raise ValueError(f"--release {number}: not a human seat")
            if seat not in owners and seat not in self.record.reserved:
                raise ValueError(f"--release {number}: the seat is free already")
            owner = owners.pop(seat, None)
            self.record.reserved.pop(seat, None)
            self.log(f"seat {seat + 1} released from {owner.user if owner else 'its reservation'}")
        for seat, kept in parse_reservations(reserve, self.humans, keys_of).items():
            if seat in owners:
                raise ValueError(
                    f"--seat {kept.user}={seat + 1}: seat {seat + 1} belongs to"
                    f" {owners[seat].user} (--release {seat + 1} frees it)"
                )
            self.record.reserved[seat] = kept

    # -- who sits where -----------------------------------------------------------------

    def seat_name(self, seat: int) -> str:
        return self.match.seats[seat].name

    def owner_of(self, who: Identity) -> int | None:
        for seat, owner in self.record.owners.items():
            if owner.is_(who):
                return seat
        return None

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
        seat = self.owner_of(who)
        note = ""
        if watch and seat is None:
            pass
        elif seat is not None and seat in self.holders:
            note = (
                f"You hold seat {seat + 1} on another connection; this one watches."
                " Type 'take' to move your seat here."
            )
            seat = None
        elif seat is None and (kept := self._reserved_for(who)) is not None:
            seat = self._bind(kept, who)
        elif seat is None:
            free = [
                s
                for s in self.humans
                if s not in self.record.owners and s not in self.record.reserved
            ]
            if free:
                seat = self._bind(free[0], who)
        if seat is None and not note.startswith("You hold") and not (self.spectators or watch):
            screen.show(note or "This table is full, and it takes no spectators. Bye.")
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
        self._refresh_all()
        return place

    def _reserved_for(self, who: Identity) -> int | None:
        """The free seat the host kept for this key."""
        for seat, kept in sorted(self.record.reserved.items()):
            if seat not in self.record.owners and kept.admits(who):
                return seat
        return None

    def _bind(self, seat: int, who: Identity) -> int:
        kept = self.record.reserved.get(seat)
        name = shown_user(who) if kept is None else printable(kept.user, MAX_NAME)
        name = name or f"seat {seat + 1}"
        if name in (s.name for i, s in enumerate(self.match.seats) if i != seat):
            name = f"{name} {seat + 1}"
        self.match.seats[seat] = Seat(name, self.match.seats[seat].spec)
        keyless = None if who.key is not None else who.connection
        self.record.owners[seat] = Owner(printable(who.user, MAX_NAME), who.key, keyless)
        self.record.reserved.pop(seat, None)
        how = f"key {who.key}" if who.key else "no key: this connection only"
        self.log(f"{name} took seat {seat + 1} ({how})")
        self._save()
        return seat

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
        self._refresh_all()

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
        self.broadcast(
            f"The host released seat {seat + 1} from {who}; the next person takes it."
        )
        self._save()
        return f"seat {seat + 1} released"

    # -- what people do at the table -----------------------------------------------------

    def hint(self, place: Place) -> None:
        """The best moves for the seat to move, searched in a thread from its own view."""
        show = place.screen.show
        if place.seat is None:
            show("watchers get no hints", "error")
            return
        if self.hinter is None:
            show("no hint here: no searching player kind (mcts) is installed", "error")
            return
        game, seat, hint = self.match.game, place.seat, self.hinter
        if game.to_move(self.match.state) != seat:
            show("hints are for your own move", "error")
            return
        if seat in self._hinting:
            show("a hint for this move is on its way", "error")
            return
        copy = game.clone(self.match.state)
        self._hinting.add(seat)

        async def search() -> None:
            try:
                show("\n".join(await asyncio.to_thread(hint, game, copy, seat)))
            finally:
                self._hinting.discard(seat)

        self._tasks.add(task := asyncio.get_running_loop().create_task(search()))
        task.add_done_callback(self._tasks.discard)

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
        self._refresh_all()

    def say(self, name: str, text: str, watching: bool = False, place: Place | None = None) -> None:
        """Table talk: one line to everyone, kept in the save (at once: a talk is not
        lost when the server is killed) and the server log. ``place`` (a person, not
        the host) may say SAY_BURST lines at once and SAY_RATE a second after that."""
        text = printable(text.strip(), MAX_LINE)
        if not text:
            return
        if place is not None and not place.talk.take():
            if place.notices.due("talk"):
                place.screen.show(
                    f"not said: at most {SAY_BURST} lines at once, then {SAY_RATE:g} a second",
                    "error",
                )
            return
        if place is not None and watching and not self.watcher_talk.take():
            if place.notices.due("talk"):
                place.screen.show(
                    f"not said: the watchers here say at most {WATCHERS_SAY_RATE:g} lines"
                    " a second together",
                    "error",
                )
            return
        who = f"{name} (watching)" if watching else name
        self.record.talk.append(TalkDoc(len(self.match.actions), who, text))
        self.log(f"{who} says: {text}")
        self.broadcast(f"{who} says: {text}", "talk")
        self._save()

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

    def _refresh_all(self) -> None:
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
        self._refresh_all()

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
        """Wait for the table to fill (or the host), then play to the end or to a stop."""
        self._save()
        if not self.missing():
            self.start("All seats are taken: the game begins.")
        await self.go.wait()
        if self.stopped:
            return
        match = self.match
        players = [self.players.get(i, _NOBODY) for i in range(len(match.seats))]
        self.driver = MatchDriver(
            match, players, front=_Front(self), people=self.humans, confirm=self.confirm,
            move_timeout=self.move_timeout, threads=True,
        )  # fmt: skip
        await self.driver.run()
        if self.stopped:
            return
        self.finished = True
        self._save()
        self._goodbye()

    async def _kept(self) -> None:
        """Wait until the move just saved is kept, where the saver can tell (a save
        file is kept once written; see :class:`Saver`)."""
        flush = getattr(self.save, "flush", None)
        if flush is not None:
            await flush()

    async def _human_move(self, seat: int) -> Action:
        """What the person at ``seat`` types (a legal action; :mod:`commands` checks it)."""
        future: asyncio.Future[Action] = asyncio.get_running_loop().create_future()
        self.pending[seat] = future
        holder = self.holders.get(seat)
        if holder is not None:
            if holder not in self._fresh:
                self._show_board(holder)
            self._tell_turn(holder)
        self._refresh_all()
        try:
            return await future
        finally:
            self.pending.pop(seat, None)

    def _after_move(self, event: MoveEvent) -> None:
        self._save()
        self._fresh.clear()
        match = self.match
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
        self._refresh_all()

    def final_lines(self) -> list[str]:
        """The end screen: the open table, the score sheet, every seat's place."""
        match = self.match
        result = match.result_json()
        lines = [shown(match.game.render(match.state, None), match.names)]
        if match.forfeit is None:
            lines.append(score_sheet(match.outcome(), match.names))
        lines.append(f"Game over ({result['end_reason']}).")
        for i in range(len(match.seats)):
            score, rank = result["scores"][i], result["ranks"][i]
            lines.append(f"  seat {i + 1} {self.seat_name(i)}: {score:g} points, rank {rank}")
        lines += revealed(self.record.deal, match.over)
        return lines

    def _goodbye(self) -> None:
        self.broadcast("\n".join(self.final_lines()))
        self.log(f"game over; saved to {self.save}")
        for place in self.places():
            place.screen.hang_up()

    def forfeit(self, seat: int, reason: str) -> bool:
        """End the game: the person at ``seat``, whom the table waits for, loses by
        ``reason`` (a move deadline passed). ``False`` when the table is not waiting
        for that seat."""
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
