"""One seat session: what a line typed at a table means, wherever the table is.

Every front end hands each line a person types to :func:`interpret`: the local line
mode and its hot-seat, the local full screen, ``vikingcli serve``'s connections and
the tables of ``vikingcli server``; the host's console of ``serve`` hands its lines
to :func:`console`. The words they understand are the one table :data:`VERBS`: each
verb says who may use it (a seated person, a spectator, the host's console), and
whether it needs a table that several screens share (talk, the seats, a rematch).
A line that is no verb is one of the game's views, else a move.

What differs between front ends is the table a line is interpreted at (a
:class:`Room`): a local table asks the person at this terminal, a shared table
(:class:`~vikingcli.table.shared.Table`) the people at their own connections; undo
(which asks every other person at the table), resign, hints and leaving are the
same verbs with the same answers at each. A front end itself only draws and reads
keys.

Undo is the driver's rule (back to the asker's previous decision, the AI seats'
random state with it), agreed by every other person: the driver asks each one in
turn (``yes`` or ``no``), and only people are asked: an AI seat always agrees (it
has no say in a person taking back a move). At a shared table a person who is not
connected cannot agree, and one who gives no answer in ``CONSENT_SECONDS`` has not
agreed; either way the undo does not happen and the game goes on. A rated table of
the server takes no undo. ``resign`` ends the game at once, the resigning seat
ranked last (as a forfeit is, told as a resignation).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol

from vikingcli.core.driver import Moves
from vikingcli.core.match import Match, UndoRequest
from vikingcli.core.numbers import whole_number
from vikingcli.engine import Game, IllegalAction, State, normalize_action_text
from vikingcli.saves.table_record import Identity
from vikingcli.table.commands import NOT_DEALT, undealt
from vikingcli.table.hints import NO_HINT
from vikingcli.table.limits import MAX_LINE, SAY_BURST, SAY_RATE, WATCHERS_SAY_RATE
from vikingcli.table.lookups import LOOKUP, look_up
from vikingcli.table.places import Place, Screen
from vikingcli.table.shared import Table

Hint = Callable[[Game, State, int], list[str]]
"""A search that names the best moves for a seat (see :mod:`vikingcli.table.hints`)."""

SEATED = "seated"
WATCHING = "watching"
CONSOLE = "console"
HOST_SEAT = -1
"""The console's place has this seat: neither a person's seat nor a spectator."""


class Awaited(Protocol):
    """What a table waits for from one person (their move, or a yes or no): an
    :class:`asyncio.Future`, or a :class:`Pending` where nothing awaits it."""

    def done(self) -> bool: ...

    def set_result(self, result: Any, /) -> None: ...

    def set_exception(self, exception: BaseException, /) -> None: ...

    def cancel(self) -> bool: ...


class Pending:
    """A decision asked of a person at a front end that reads its own lines (the
    line mode): the lines typed go to :func:`interpret` until one settles it."""

    def __init__(self) -> None:
        self._done = False
        self._cancelled = False
        self._result: Any = None
        self._exception: BaseException | None = None

    def done(self) -> bool:
        return self._done

    def set_result(self, result: Any, /) -> None:
        self._done, self._result = True, result

    def set_exception(self, exception: BaseException, /) -> None:
        self._done, self._exception = True, exception

    def cancel(self) -> bool:
        if self._done:
            return False
        self._done = self._cancelled = True
        return True

    def result(self) -> Any:
        """The answer; raises what settled it otherwise (``CancelledError`` when
        the decision was withdrawn: the game ended meanwhile)."""
        if self._cancelled:
            raise asyncio.CancelledError
        if self._exception is not None:
            raise self._exception
        return self._result


class Room(Protocol):
    """A table as the verbs use it: the local ones and the shared one."""

    match: Match
    undo_allowed: bool
    """A person may take back a decision here (every other person agreeing)."""
    hinting: set[int]
    """Seats whose hint is being searched (one at a time per seat)."""

    @property
    def hinter(self) -> Hint | None: ...

    def decision(self, seat: int) -> Awaited | None:
        """The move the table waits for from ``seat``, if it waits for one."""

    def deciding(self) -> Awaited | None:
        """Any person's move the table waits for (an undo or a resignation is told
        to the move loop through it)."""

    def question(self, seat: int) -> Awaited | None:
        """The yes or no the table waits for from ``seat`` (agreeing to an undo)."""

    def resign(self, seat: int) -> bool:
        """End the game: ``seat`` resigns. ``False`` when the game is not on."""

    def quit(self, place: Place) -> bool:
        """``place`` leaves the table; ``False`` when its front end should end."""


@dataclass(frozen=True)
class Verb:
    """One word a person (or the host) types at a table."""

    word: str
    usage: str
    """How it is typed, as help shows it (``say TEXT``)."""
    help: str
    who: frozenset[str]
    run: Callable[[Room, Place, str], bool]
    """Does it; ``False`` when the person leaves the table."""
    shared: bool = False
    """Only where several screens share the table (talk, seats, a rematch)."""
    argument: bool = False
    """Takes the rest of the line (``say TEXT``); otherwise the word is the line."""
    asked: bool = False
    """Only while the table asks this person a yes or no (else it may be a move)."""


def _show(place: Place, text: str, style: str = "") -> bool:
    place.screen.show(text, style)
    return True


def _help(room: Room, place: Place, rest: str) -> bool:
    return _show(place, help_text(room, _role(place)), LOOKUP)


def _look(room: Room, place: Place, rest: str, word: str) -> bool:
    match = room.match
    answer = look_up(match.game, match.state, place.seat, word, "", match.names)
    return _show(place, _dealt(room, word, answer or ""), LOOKUP)


def _dealt(room: Room, line: str, answer: str) -> str:
    """Before a shared table's deal only what needs no position: the rules."""
    early = isinstance(room, Table) and undealt(room) and line != "rules"
    return NOT_DEALT if early else answer


def _seed(room: Room, place: Place, rest: str) -> bool:
    _shared(room).add_seed(place.seat, place.screen, rest)
    return True


def _on_full_screen(room: Room, place: Place, rest: str) -> bool:
    # A full screen answers these itself (they change what it draws); elsewhere:
    return _show(place, "that is for the full screen; here every line stays above", "error")


def _hint(room: Room, place: Place, rest: str) -> bool:
    seat, hint, match = place.seat, room.hinter, room.match
    if seat is None:
        return _show(place, "watchers get no hints", "error")
    if hint is None:
        return _show(place, NO_HINT, "error")
    if match.game.to_move(match.state) != seat or room.decision(seat) is None:
        return _show(place, "hints are for your own move", "error")
    if seat in room.hinting:
        return _show(place, "a hint for this move is on its way", "error")
    game, copy = match.game, match.game.clone(match.state)
    try:
        asyncio.get_running_loop()
    except RuntimeError:  # the line mode: nothing else to answer meanwhile
        return _show(place, "\n".join(hint(game, copy, seat)))
    # A table on an event loop keeps answering: the search runs in a thread.
    room.hinting.add(seat)
    _show(place, "searching for a hint…")

    async def search() -> None:
        try:
            place.screen.show("\n".join(await asyncio.to_thread(hint, game, copy, seat)))
        finally:
            room.hinting.discard(seat)

    task = asyncio.ensure_future(search())
    _SEARCHES.add(task)
    task.add_done_callback(_SEARCHES.discard)
    return True


_SEARCHES: set[asyncio.Future[None]] = set()
"""The hints being searched (a task nobody refers to may be collected mid-way)."""


def _undo(room: Room, place: Place, rest: str) -> bool:
    assert place.seat is not None
    if not room.undo_allowed:
        return _show(place, "no undo at this table", "error")
    deciding = room.deciding()
    if deciding is None or deciding.done():
        return _show(place, "undo: wait until a person is to move", "error")
    deciding.set_exception(UndoRequest(place.seat))
    return True


def _answer(room: Room, place: Place, rest: str, yes: bool) -> bool:
    assert place.seat is not None
    question = room.question(place.seat)
    if question is not None and not question.done():
        question.set_result(yes)
    return True


def _resign(room: Room, place: Place, rest: str) -> bool:
    assert place.seat is not None
    if not room.resign(place.seat):
        return _show(place, "resign: the game is not on", "error")
    return True


def _quit(room: Room, place: Place, rest: str) -> bool:
    return room.quit(place)


def _say(room: Room, place: Place, rest: str) -> bool:
    table = _shared(room)
    if place.seat == HOST_SEAT:
        table.say("host", rest)
        return _show(place, "said")
    # A person may say SAY_BURST lines at once and SAY_RATE a second after that; the
    # watchers of a table, WATCHERS_SAY_RATE a second together (each line goes to all).
    watching = place.seat is None
    if rest.strip() and not place.talk.take():
        limit = f"at most {SAY_BURST} lines at once, then {SAY_RATE:g} a second"
    elif rest.strip() and watching and not table.watcher_talk.take():
        limit = f"the watchers here say at most {WATCHERS_SAY_RATE:g} lines a second together"
    else:
        table.say(place.name, rest, watching=watching)
        return True
    if place.notices.due("talk"):
        _show(place, f"not said: {limit}", "error")
    return True


def _seats(room: Room, place: Place, rest: str) -> bool:
    return _show(place, "\n".join(_shared(room).seat_lines()))


def _clock(room: Room, place: Place, rest: str) -> bool:
    clocks = _shared(room).clocks
    if clocks is None:
        return _show(place, "this table has no clock (a server table's moves have deadlines)")
    return _show(place, clocks())


def _take(room: Room, place: Place, rest: str) -> bool:
    _shared(room).take(place)
    return True


def _rematch(room: Room, place: Place, rest: str) -> bool:
    assert place.seat is not None
    table = _shared(room)
    offer = table.rematch_offer
    if offer is None:
        return _show(place, "no rematch at this table", "error")
    if not offer.open:
        return _show(place, "rematch: once the game is over", "error")
    if waiting := offer.ask(place.seat, table.humans):
        names = ", ".join(table.seat_name(s) for s in waiting)
        table.broadcast(f"{place.name} asks for a rematch; waiting for {names}.")
    return True


def _start(room: Room, place: Place, rest: str) -> bool:
    table = _shared(room)
    if table.go.is_set():
        return _show(place, "the game is already on")
    table.start("the host started the game")
    return _show(place, "started")


def _release(room: Room, place: Place, rest: str) -> bool:
    table = _shared(room)
    try:
        seat = whole_number(rest, 1, len(table.match.seats), "N")
    except ValueError as exc:
        return _show(place, f"release N: {exc} (a seat number)")
    return _show(place, table.release(seat - 1))  # people count seats from 1


def _stop(room: Room, place: Place, rest: str) -> bool:
    _shared(room).stop("the host stopped the table")
    return _show(place, "stopping")


def _shared(room: Room) -> Table:
    assert isinstance(room, Table)  # interpret offers shared verbs at shared tables only
    return room


def _looking(word: str, text: str) -> Verb:
    return Verb(
        word, word, text, frozenset({SEATED, WATCHING}),
        lambda room, place, rest: _look(room, place, rest, word),
    )  # fmt: skip


_PEOPLE = frozenset({SEATED, WATCHING})
_ALL = frozenset({SEATED, WATCHING, CONSOLE})
_SEATED = frozenset({SEATED})
_HOST = frozenset({CONSOLE})


def _yes(room: Room, place: Place, rest: str) -> bool:
    return _answer(room, place, rest, True)


def _no(room: Room, place: Place, rest: str) -> bool:
    return _answer(room, place, rest, False)


# Words with no usage are other spellings, left out of help and Tab.
VERB_LIST: list[Verb] = [
    _looking("board", "shows the table again"),
    _looking("actions", "lists your legal actions (on your move)"),
    _looking("rules", "prints the rules summary"),
    _looking("legend", "explains the board's abbreviations"),
    Verb("hint", "hint", "the AI's best moves for you (on your move)", _SEATED, _hint),
    Verb("undo", "undo", "takes back your last decision, if all others agree", _SEATED, _undo),
    Verb("yes", "yes", "agrees to what you are asked", _SEATED, _yes, asked=True),
    Verb("y", "", "", _SEATED, _yes, asked=True),
    Verb("no", "no", "refuses it", _SEATED, _no, asked=True),
    Verb("n", "", "", _SEATED, _no, asked=True),
    Verb("resign", "resign", "ends the game at once: you lose", _SEATED, _resign),
    Verb(
        "rematch",
        "rematch",
        "after the game: a new deal at the same seats, once every person seated asks",
        _SEATED,
        _rematch,
        shared=True,
    ),
    Verb(
        "say",
        "say TEXT",
        "one line to everyone at the table",
        _ALL,
        _say,
        shared=True,
        argument=True,
    ),
    Verb("seats", "seats", "who sits where", _ALL, _seats, shared=True),
    Verb("clock", "clock", "each seat's time left to move", _PEOPLE, _clock, shared=True),
    Verb(
        "seed",
        "seed TEXT",
        "your own seed for the deal, before the cards are dealt",
        _PEOPLE,
        _seed,
        shared=True,
        argument=True,
    ),
    Verb(
        "take",
        "take",
        "moves your own seat to this connection",
        frozenset({WATCHING}),
        _take,
        shared=True,
    ),
    Verb("start", "start", "begins without the missing people", _HOST, _start, shared=True),
    Verb(
        "release",
        "release N",
        "frees seat N for the next person",
        _HOST,
        _release,
        shared=True,
        argument=True,
    ),
    Verb("stop", "stop", "saves and closes the table", _HOST, _stop, shared=True),
    Verb("log", "log", "the whole log in the pager (full screen)", _PEOPLE, _on_full_screen),
    Verb(
        "notify",
        "notify on|off",
        "the turn's bell and desktop notice (full screen)",
        _PEOPLE,
        _on_full_screen,
        argument=True,
    ),
    Verb("help", "help", "this list", _ALL, _help),
    Verb("?", "", "", _ALL, _help),
    Verb("quit", "quit", "leaves the table (saved; your seat stays yours)", _PEOPLE, _quit),
    Verb("exit", "", "", _PEOPLE, _quit),
]
VERBS: dict[str, Verb] = {verb.word: verb for verb in VERB_LIST}
"""Every word typed at any table, and what it does."""


def _role(place: Place) -> str:
    if place.seat == HOST_SEAT:
        return CONSOLE
    return WATCHING if place.seat is None else SEATED


def _usable(verb: Verb, room: Room, role: str) -> bool:
    return role in verb.who and (isinstance(room, Table) or not verb.shared)


def _offered(verb: Verb, room: Room, role: str) -> bool:
    """In help and Tab (an undo where none is allowed is refused, not offered; a
    clock only where the table has one)."""
    return (
        _usable(verb, room, role)
        and (verb.word != "undo" or room.undo_allowed)
        and (verb.word != "clock" or _shared(room).clocks is not None)
    )


def help_text(room: Room, role: str) -> str:
    """What ``help`` says to ``role`` at ``room``: the verbs it may use."""
    verbs = "; ".join(
        f"'{v.usage}' {v.help}" for v in VERB_LIST if v.usage and _offered(v, room, role)
    )
    if role == CONSOLE:
        return f"console: {verbs}."
    if role == WATCHING:
        return f"You are watching: you see what every spectator sees and cannot play. {verbs}."
    return (
        "Type an action when it is your move (Tab completes). Commands: "
        f"{verbs}; and the game's own views."
    )


def completions(room: Room, place: Place) -> list[str]:
    """What Tab offers ``place``: the legal actions on its move, and its verbs."""
    role = _role(place)
    words = [
        v.usage.split(" ")[0] + (" " if v.argument else "")
        for v in VERB_LIST
        if v.usage and _offered(v, room, role) and not v.asked
    ]
    if place.seat is not None and room.decision(place.seat) is not None:
        match = room.match
        return [*match.game.legal_action_texts(match.state), *words]
    return words


def interpret(room: Room, place: Place, raw: str) -> bool:
    """Answer one line typed at ``place``; ``False`` when the person leaves."""
    line = raw.strip()
    if not line:
        return True
    if len(line) > MAX_LINE:
        return _show(
            place, f"line too long ({len(line)} characters, at most {MAX_LINE}); ignored", "error"
        )
    if "\ufffd" in line:
        return _show(place, "that line was not valid UTF-8; ignored", "error")
    ran = _command(room, place, line)
    if ran is not None:
        return ran
    if _typed_moves(room, place, line):
        return True
    match = room.match
    answer = look_up(match.game, match.state, place.seat, line, "", match.names)
    if answer is not None:
        return _show(place, _dealt(room, line, answer), LOOKUP)
    return _move(room, place, line)


def _command(room: Room, place: Place, line: str) -> bool | None:
    """Run ``line`` as a table command (``VERBS``) if it is one this place may give now."""
    word, _, rest = line.partition(" ")
    verb = VERBS.get(word)
    if verb is None or not (verb.argument or not rest) or _role(place) not in verb.who:
        return None
    if verb.shared and not isinstance(room, Table):
        return _show(place, f"'{word}' is for a table people share (serve, server)", "error")
    asked = place.seat is not None and room.question(place.seat) is not None
    if asked or not verb.asked:
        return verb.run(room, place, rest)
    return None


def _typed_moves(room: Room, place: Place, line: str) -> bool:
    """Play ``line`` if it is the seat's decision typed out: several moves in one line
    (a whole payment) or one legal move typed whole, even where a look-up shares its
    first word (Walhalla's 'board none' is no 'board NAME'). Whether it was taken (a
    move played, or why not told)."""
    seat = place.seat
    decision = None if seat is None else room.decision(seat)
    if decision is None or decision.done():
        return False
    game, state = room.match.game, room.match.state
    try:
        moves = game.parse_moves(state, normalize_action_text(line))
    except IllegalAction as exc:
        return _show(place, f"not legal: {exc}", "error")
    if moves:
        decision.set_result(Moves(moves))
        return True
    if _is_legal_text(game, state, line):
        decision.set_result(game.parse_action(state, line))
        return True
    return False


def _move(room: Room, place: Place, line: str) -> bool:
    """``line`` as the seat's move, or why it cannot be one now."""
    seat = place.seat
    if seat is None:
        return _show(
            place, "you are watching and cannot play (type 'help' for what you can do)", "error"
        )
    if room.question(seat) is not None:
        return _show(place, "answer yes or no", "error")
    match = room.match
    decision = room.decision(seat)
    if decision is None or decision.done():
        if isinstance(room, Table) and not room.go.is_set():
            return _show(place, "the game has not begun; nothing typed now is kept", "error")
        mover = None if match.over else match.game.to_move(match.state)
        whom = "nobody" if mover is None else match.names[mover]
        return _show(
            place, f"not your move ({whom} is to move); nothing typed early is kept", "error"
        )
    try:
        action = match.game.parse_action(match.state, line)
    except IllegalAction as exc:
        return _show(place, f"not legal: {exc}", "error")
    decision.set_result(action)
    return True


def _is_legal_text(game: Game, state: State, line: str) -> bool:
    wanted = normalize_action_text(line)
    return any(normalize_action_text(t) == wanted for t in game.legal_action_texts(state))


class _Collect:
    """The host's console as a screen: what a command answers, kept to be returned."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def show(self, text: Any, style: str = "") -> None:
        self.lines.append(str(text))

    def show_board(self, board: Any) -> None:
        """The console shows no board."""

    def refresh(self) -> None:
        """The console has no prompt to redraw."""

    def hang_up(self) -> None:
        """The console stays."""


def console(table: Table, line: str) -> str:
    """A command typed at ``serve``'s console; returns its answer."""
    screen = _Collect()
    host = Place(Identity("host", None), screen, HOST_SEAT, "host")
    word, _, rest = line.strip().partition(" ")
    verb = VERBS.get(word)
    if verb is None or CONSOLE not in verb.who:
        return f"unknown command {word!r}; {help_text(table, CONSOLE)}"
    verb.run(table, host, rest)
    return "\n".join(screen.lines)


def local_place(name: str, seat: int | None, screen: Screen) -> Place:
    """A person at this terminal, as the verbs see them."""
    return Place(Identity(name, None), screen, seat, name)
