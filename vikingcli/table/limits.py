"""Bounds on what one connection may ask of a shared table, so that no client can
freeze the server, grow its memory or slow the other connections down.

Every number here is what the README's "Hosting a table" section promises; each
limit has a notice that tells the person what was refused, itself rate-limited so
that a flood of refused input does not become a flood of output.
"""

from __future__ import annotations

import asyncio
import gc
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from prompt_toolkit.application import Application

MAX_LINE = 1000
"""Longest line a person may send; longer ones are refused, not cut."""
INPUT_RATE = 4096
"""Bytes a second a connection may send, sustained (a person types a few)."""
INPUT_BURST = 16384
"""Bytes a connection may send at once (a pasted line or two)."""
LINE_RATE = 10.0
"""Lines a second a connection may enter, sustained (each one is a command)."""
LINE_BURST = 30
MAX_COLUMNS = 240
MAX_ROWS = 80
"""The largest terminal a table draws for: a client that reports more is drawn at
this size, in its top left corner. A redraw runs in one go on the server's event
loop (some 15 ms at this size), so this bounds how long one screen may keep every
other connection waiting; no board needs more."""
MIN_COLUMNS = 20
MIN_ROWS = 5
SAY_RATE = 1.0
"""Lines of table talk a second a connection may say, sustained."""
SAY_BURST = 5
WATCHERS_SAY_RATE = 2.0
"""Lines of table talk a second all watchers of a table may say together: every
line is shown to everyone there, so thirty watchers at one line a second each were
nine hundred lines a second to draw."""
LOBBY_SAY_RATE = 4.0
"""Lines of talk a second all the people in a server's lobby may say together: each
line goes to everyone there (and to the database), so thirty talkers at one line
a second each were nine hundred lines a second to show."""
NOTICE_EVERY = 1.0
"""Seconds between two notices of the same kind to one connection."""
WORK_RATE = 100.0
"""Work a second a connection may ask for, sustained, in units of about 0.2 ms of
the server: every key is work (KEY_COST: prompt-toolkit edits the line), every
piece of input (CHUNK_COST), every line a command (LINE_COST). It is this, not the
byte rate, that keeps one connection from slowing the others. A person typing ten
keys a second, each sent alone, asks for 40. Input beyond it waits (in order, at
most MAX_WAITING characters of it; beyond that it is dropped)."""
WORK_BURST = 400.0
"""Work a connection may ask for at once: a fast burst of keys, a pasted line."""
SHARED_WORK_RATE = 150.0
"""Work a second all connections of one account (one key or address at ``serve``)
may ask for together, sustained: eight sessions of one account ask no more than
two."""
SHARED_WORK_BURST = 1000.0
SERVER_WORK_RATE = 600.0
"""Work a second the connections that ask for more than a person does share
between them (see PERSON_WORK_RATE), so that many accounts typing at their bounds
together still leave the server to the others (a person's keys never wait for this
one)."""
SERVER_WORK_BURST = 600.0
PERSON_WORK_RATE = 60.0
"""Work a second a connection may ask for, sustained, and still be a person's: its
input never waits for the server's bucket, and its screen gets MIN_REDRAW_SHARE.
(The soak test's people, asking who sits where twice a second and moving, ask for
some 40, a fifth of it their terminals' answers to the server's cursor questions.)
Every piece of a connection's work counts against this rate, in debt down to
PERSON_DEBT, so one that asks for more stays heavy while it waits for the server's
bucket. Before, a connection was a person's again once its own bucket was
half full, which waiting refilled: thirty hostile connections in the soak test spent
99% of their work as people's, 2900 a second, and the server's bucket bounded
nothing."""
PERSON_WORK_BURST = 200.0
PERSON_DEBT = WORK_BURST
SESSION_START_RATE = 10.0
"""Sessions with a screen the server starts a second, sustained. Starting one (its
prompt-toolkit application and first drawing) takes the event loop some
milliseconds in one go: thirty connections opened at once, started at once, kept
every seated person's answer waiting up to half a second (the server soak test).
Beyond the rate they start in the order they came."""
SESSION_START_BURST = 3
MAX_PIECE_WORK = 100
"""The most the keys of one piece of input may cost (some 20 ms of the server, in
one go): more is dropped. A pasted line costs a key per hundred characters."""
MAX_WAITING = INPUT_BURST
"""Characters of input a connection may have waiting for its work budget."""
KEY_COST = 2
"""Work one key to prompt-toolkit counts for (about 0.4 ms of the server, measured
under the soak test's attack: it walks the screen's layout for the key's bindings)."""
CHUNK_COST = 2
"""Work one piece of input counts for beyond its keys: its packet, the guard and the
prompt's read of it (the redraw it brings is paced, see REDRAW_SHARE)."""
LINE_COST = 6
"""Work a line counts for when it is entered (it runs a command: the lobby's and a
table's answer from memory, a small part of the server's work in a profile of the
soak test; the redraw showing the answer is paced, see REDRAW_SHARE)."""
PASTE_KEYS = 100
"""Characters of a folded run that count as one key (``InputGuard.fold``)."""
REDRAW_INTERVAL = 0.04
"""Seconds between two redraws of a connection's screen at least: a burst of keys,
or of moves, is drawn once."""
REDRAW_SHARE = 0.15
"""The part of the server's CPU the redraws of all screens together may take,
sustained. While they take less, a screen is redrawn every REDRAW_INTERVAL at most;
beyond it, each no more often than its even share allows (:func:`pace_redraws`):
among thirty heavy screens (PERSON_WORK_RATE) redrawn all the time, an 80x24 one
(about 2 ms a redraw) every 400 ms and a 240x80 one (about 15 ms) every 2 s
(MAX_REDRAW_WAIT), however often its own keys, resizes, or other people's moves and
talk ask for one. The rest of the server's time is for input (WORK_RATE), the SSH
connections and the games. At 30% the server soak test's attack kept the server's
core 85-95% busy, and the people's answers queued behind it (p99 up to 370 ms)."""
REDRAW_BURST = 0.02
"""Seconds of CPU a screen's redraws may take at once beyond its share (a few
redraws of the largest screen, some fifteen of an 80x24 one)."""
REDRAW_SPARE = 0.1
"""Seconds of CPU the screens together may take at once beyond REDRAW_SHARE before
each is paced to its share."""
MIN_REDRAW_SHARE = 0.01
"""The least share of the CPU a person's screen's redraws get, however many screens
there are: an 80x24 screen redrawn three times a second (a hundred people watching
twenty tables, each typing now and then, are never paced), a 240x80 one every 1.5 s.
A screen whose connection asks for more work than a person (PERSON_WORK_RATE) gets
its even share of REDRAW_SHARE and no more: at this floor thirty hostile screens
took 30% of the server however small REDRAW_SHARE was."""
MAX_REDRAW_WAIT = 2.0
"""The longest a person's screen in debt waits for its next redraw."""
HEAVY_REDRAW_WAIT = 10.0
"""The longest the screen of a connection that asks for more than a person
(PERSON_WORK_RATE) waits for its next redraw: thirty of them at 240x80, each
redrawn every MAX_REDRAW_WAIT, took a fifth of the server's time in blocks of
15-40 ms, and a seated person's answer queued behind them (the server soak)."""
ACTIVE_WINDOW = 5.0
"""Seconds after its last redraw a screen still counts for the even share."""
COUNT_EVERY = 0.5
"""Seconds between two counts of the screens redrawn lately."""

PASTE_START, PASTE_END = "\x1b[200~", "\x1b[201~"
MAX_SHARED = 4096
"""Shared buckets kept before the full ones are forgotten (a full bucket is the
same as a new one, so forgetting it changes nothing)."""


GC_THRESHOLDS = (700, 10, 100)
"""The cyclic garbage collector's thresholds in a server (Python's are (700, 10,
10)): a full collection stops the event loop for 20-80 ms in a server with thirty
busy screens, and with the default it came some thirty times in 25 s of the soak
test; a tenth as often keeps the heap under twice the size."""


def quiet_collections() -> None:
    """Set up the garbage collector for a long-running server: what is alive at the
    start (the modules, the games' static data) is set aside for good, and full
    collections come a tenth as often (GC_THRESHOLDS). Call it once, before the
    server's event loop starts."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def clamp_size(columns: int, rows: int) -> tuple[int, int]:
    """A client's terminal size as the table draws for it: a size of 0 (no terminal,
    ``ssh -T``) is 80x24, anything else is clamped to the bounds above."""
    columns = columns or 80
    rows = rows or 24
    return (
        min(max(columns, MIN_COLUMNS), MAX_COLUMNS),
        min(max(rows, MIN_ROWS), MAX_ROWS),
    )


@dataclass
class Bucket:
    """A token bucket: ``rate`` tokens a second, at most ``burst`` saved up."""

    rate: float
    burst: float
    clock: Callable[[], float] = time.monotonic
    tokens: float = field(init=False)
    last: float = field(init=False)

    def __post_init__(self) -> None:
        self.tokens = self.burst
        self.last = self.clock()

    def _refill(self) -> None:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now

    def take(self, amount: float = 1.0) -> bool:
        """Spend ``amount`` tokens if there are that many."""
        self._refill()
        if self.tokens >= amount:
            self.tokens -= amount
            return True
        return False


@dataclass
class SharedBudgets:
    """The work buckets several connections share: one per account (or key, or
    address), so that one account's many sessions together ask no more than
    SHARED_WORK_RATE; and the server's, for the connections that ask for more than
    a person does."""

    clock: Callable[[], float] = time.monotonic
    buckets: dict[str, Bucket] = field(default_factory=dict)
    server: Bucket = field(init=False)
    screens: dict[int, float] = field(default_factory=dict)
    """When each screen (by its application's id) was last redrawn, lately."""
    redraws: Bucket = field(init=False)
    """The CPU seconds all screens' redraws may still take before they are paced."""
    _share: float = REDRAW_SHARE
    _counted: float = float("-inf")
    starts: Bucket = field(init=False)
    """The sessions that may start now (SESSION_START_RATE)."""
    _starting: asyncio.Lock = field(default_factory=asyncio.Lock)

    def __post_init__(self) -> None:
        self.server = Bucket(SERVER_WORK_RATE, SERVER_WORK_BURST, self.clock)
        self.redraws = Bucket(REDRAW_SHARE, REDRAW_SPARE, self.clock)
        self.starts = Bucket(SESSION_START_RATE, SESSION_START_BURST, self.clock)

    async def start(self) -> None:
        """Wait for a new session's turn to start, in the order the sessions asked."""
        async with self._starting:
            while not self.starts.take():
                await asyncio.sleep(1 / SESSION_START_RATE)

    def redrawn(self, screen: int, spent: float, person: bool = True) -> tuple[float, bool]:
        """``screen`` was just redrawn, in ``spent`` seconds of CPU: its even share of
        REDRAW_SHARE (over the screens redrawn in the last ACTIVE_WINDOW seconds; at
        least MIN_REDRAW_SHARE for a ``person``'s), and whether the screens together
        ask more than REDRAW_SHARE now (then each is paced to its share)."""
        self.redraws._refill()
        self.redraws.tokens = max(self.redraws.tokens - spent, -self.redraws.burst)
        share = self.redraw_share(screen)
        return max(share, MIN_REDRAW_SHARE) if person else share, self.redraws.tokens < 0

    def redraw_share(self, screen: int) -> float:
        """The part of the server's CPU the redraws of ``screen`` may take when the
        screens together ask more than they may: REDRAW_SHARE over the screens
        redrawn in the last ACTIVE_WINDOW seconds. Counted again when a screen is
        new, else at most every COUNT_EVERY seconds, so that a redraw costs no walk
        over every connection."""
        now = self.clock()
        new = screen not in self.screens
        self.screens[screen] = now
        if new or now - self._counted >= COUNT_EVERY:
            self._counted = now
            for key, last in list(self.screens.items()):
                if now - last > ACTIVE_WINDOW:
                    del self.screens[key]
            self._share = REDRAW_SHARE / len(self.screens)
        return self._share

    def bucket(self, owner: str) -> Bucket:
        """The bucket of ``owner`` (made full the first time)."""
        found = self.buckets.get(owner)
        if found is None:
            if len(self.buckets) >= MAX_SHARED:
                for name, old in list(self.buckets.items()):
                    old._refill()
                    if old.tokens >= old.burst:
                        del self.buckets[name]
            found = self.buckets[owner] = Bucket(SHARED_WORK_RATE, SHARED_WORK_BURST, self.clock)
        return found


@dataclass
class Notices:
    """At most one notice of each kind per NOTICE_EVERY seconds."""

    clock: Callable[[], float] = time.monotonic
    last: dict[str, float] = field(default_factory=dict)

    def due(self, kind: str) -> bool:
        now = self.clock()
        if now - self.last.get(kind, -NOTICE_EVERY) < NOTICE_EVERY:
            return False
        self.last[kind] = now
        return True


class Admitted(NamedTuple):
    """What :meth:`InputGuard.admit` lets through."""

    text: str
    notes: list[str]
    work: float


LINE_SLACK = 64
"""Keystrokes a line may take beyond MAX_LINE characters (cursor keys, a terminal's
answers to position requests) before the guard drops it."""


@dataclass
class InputGuard:
    """What one connection's keystrokes may put into its prompt.

    :meth:`admit` takes what the client sent and returns the part the prompt gets,
    and the notices to show: bytes beyond the connection's rate are dropped, so are
    lines beyond its rate of lines (each is a command to run), and a line that grows
    past :data:`MAX_LINE` (and some slack for editing keys) is
    dropped whole: the rest of it never reaches the prompt, and its Enter becomes
    Ctrl-U, which empties the prompt, so no cut-short line is ever played. Neither a
    paste nor a flood can grow a prompt without bound or fill the pipe the prompt
    reads from.

    What is admitted is work (see WORK_RATE): the session spends it with :meth:`wait`
    from the connection's bucket, ``shared`` (its account's) and, for a connection
    asking more than a person, ``server``, and holds the input back until it can. A
    piece of input that costs more than MAX_PIECE_WORK is dropped with the rest of
    its line, as an overlong line is, and told; the connection stays. With ``fold``
    (the input goes to prompt-toolkit) runs of plain characters are handed on as one
    bracketed paste, one key to prompt-toolkit however long: a pasted line costs
    what a key does."""

    clock: Callable[[], float] = time.monotonic
    line: int = 0
    overflow: bool = False
    shared: Bucket | None = None
    server: Bucket | None = None
    budgets: SharedBudgets | None = None
    """What this connection shares with the others (set with ``shared`` and
    ``server``); redraws are paced by it (:func:`pace_redraws`)."""
    fold: bool = True
    bucket: Bucket = field(init=False)
    lines: Bucket = field(init=False)
    work: Bucket = field(init=False)
    person: Bucket = field(init=False)
    """All the work asked for, at PERSON_WORK_RATE: in debt, the connection is heavy."""
    notices: Notices = field(init=False)
    _escape: str = ""
    """An escape sequence begun and not yet ended (it may go on in the next input)."""
    _pasting: bool = False
    """Inside the client's own bracketed paste."""

    def __post_init__(self) -> None:
        self.bucket = Bucket(INPUT_RATE, INPUT_BURST, self.clock)
        self.lines = Bucket(LINE_RATE, LINE_BURST, self.clock)
        self.work = Bucket(WORK_RATE, WORK_BURST, self.clock)
        # A new connection has yet to show it asks no more than a person: its first
        # keys count against the server's bucket unless it waited a moment first, and
        # it has half a burst of its own, so thirty connections opened at once cannot
        # spend thirty bursts at once.
        self.work.tokens = WORK_BURST / 2
        self.person = Bucket(PERSON_WORK_RATE, PERSON_WORK_BURST, self.clock)
        self.person.tokens = 0.0
        self.notices = Notices(self.clock)

    def admit(self, data: str) -> Admitted:
        """What of ``data`` goes on, the notices, and the work it is (to be spent
        with :meth:`wait` before it goes on)."""
        notes: list[str] = []
        size = len(data.encode("utf-8", "replace"))
        if not self.bucket.take(size):
            # Whole input chunks or nothing: half a paste is worse than none.
            self._beyond_a_person()
            if self.notices.due("rate"):
                notes.append(
                    f"input refused: more than {INPUT_RATE} bytes a second"
                    " (type, or paste less at a time)"
                )
            return Admitted("", notes, 0)
        kept = self._edit(data, notes)
        text, keys = self._folded(kept) if self.fold else (kept, 0)
        lines = kept.count("\r") + kept.count("\n")
        work = KEY_COST * keys + CHUNK_COST + LINE_COST * lines
        # Its keys are handled in one go; its lines (bounded above) one by one.
        if KEY_COST * keys + CHUNK_COST > MAX_PIECE_WORK:
            self.drop(notes)
            # Ctrl-U empties the prompt now (not inside a sequence the prompt is reading).
            clear = kept and not (self._escape or self._pasting)
            return Admitted("\x15" if clear else "", notes, 1 if clear else 0)
        return Admitted(text, notes, work)

    def drop(self, notes: list[str]) -> None:
        """Input is dropped for its cost: the rest of its line goes too (its Enter
        will empty the prompt), and the person is told."""
        self.overflow = True
        self._beyond_a_person()
        if self.notices.due("work"):
            notes.append(
                "input dropped: more at once than the server takes from one connection;"
                " type the line again"
            )

    def _beyond_a_person(self) -> None:
        """Input was refused or dropped, which no person's typing meets: the
        connection is heavy until it has asked for no more than a person for
        PERSON_DEBT / PERSON_WORK_RATE seconds. Refused input is no work for the
        prompt, but the server read it and the screen is redrawn for its notice;
        without this, the soak test's hostile connections sending refused bytes
        looked like people, and their screens' redraw floors (MIN_REDRAW_SHARE)
        took 30% of the server."""
        self.person._refill()
        self.person.tokens = -PERSON_DEBT

    def asks_as_a_person(self) -> bool:
        """Whether this connection has asked for no more work than a person does
        (PERSON_WORK_RATE), lately."""
        self.person._refill()
        return self.person.tokens >= 0

    def wait(self, work: float) -> float:
        """Spend ``work`` from this connection's bucket, its account's and (unless
        this connection asks for no more than a person) the server's: 0 when spent,
        else the seconds until it could be (nothing spent)."""
        own, person = self.work, self.person
        person._refill()
        light = person.tokens >= min(work, person.burst)
        buckets = [b for b in (own, self.shared, None if light else self.server) if b]
        for bucket in buckets:
            bucket._refill()
        # A piece costing more than a bucket holds waits for a full bucket, no longer.
        short = [(min(work, b.burst) - b.tokens) / b.rate for b in buckets]
        if max(short) > 0:
            return max(short)
        for bucket in buckets:
            bucket.tokens -= work
        person.tokens = max(person.tokens - work, -PERSON_DEBT)
        if light and self.server is not None:
            # A person's keys count against the server's too, never below a burst's debt.
            self.server._refill()
            self.server.tokens = max(self.server.tokens - work, -self.server.burst)
        return 0.0

    def _edit(self, data: str, notes: list[str]) -> str:
        """What of ``data`` reaches the prompt, by the bounds on lines."""
        kept = []
        for ch in data:
            if ch in "\r\n" and not self.overflow and not self.lines.take():
                # More lines than a person enters: this one and the rest are dropped.
                kept.append("\x15")
                self.line = 0
                self._beyond_a_person()
                if self.notices.due("lines"):
                    notes.append(
                        f"input refused: more than {LINE_RATE:g} lines a second"
                        " (paste less at a time)"
                    )
                break
            if ch in "\r\n\x03\x15":  # Enter, Ctrl-C, Ctrl-U: the line ends
                kept.append("\x15" if self.overflow and ch in "\r\n" else ch)
                self.line = 0
                self.overflow = False
            elif self.overflow:
                continue
            elif ch in "\x7f\x08":  # a rubbed-out character
                self.line = max(0, self.line - 1)
                kept.append(ch)
            elif self.line >= MAX_LINE + LINE_SLACK:
                self.overflow = True
                self._beyond_a_person()
                if self.notices.due("line"):
                    notes.append(
                        f"line too long: at most {MAX_LINE} characters; the line is dropped"
                    )
            else:
                self.line += 1
                kept.append(ch)
        return "".join(kept)

    def _folded(self, text: str) -> tuple[str, int]:
        """``text`` with each run of plain characters made one bracketed paste (escape
        sequences, control keys and the client's own pastes pass as they are), and
        the keys prompt-toolkit will see in it."""
        out: list[str] = []
        keys = 0
        run: list[str] = []

        def flush() -> None:
            nonlocal keys
            if not run:
                return
            chunk = "".join(run)
            run.clear()
            if self._pasting or len(chunk) == 1:
                out.append(chunk)
                keys += len(chunk) // PASTE_KEYS if self._pasting else 1
            else:
                out.append(f"{PASTE_START}{chunk}{PASTE_END}")
                keys += 1 + len(chunk) // PASTE_KEYS

        for ch in text:
            if self._escape:
                self._escape += ch
                out.append(ch)
                esc = self._escape
                done = (
                    (len(esc) == 2 and ch not in "[O")
                    or (len(esc) == 3 and esc[1] == "O")
                    or (len(esc) >= 3 and esc[1] == "[" and "@" <= ch <= "~")
                    or len(esc) > 32  # no sequence is this long: never wait for its end
                )
                if done:
                    keys += 1
                    if esc == PASTE_START:
                        self._pasting = True
                    elif esc == PASTE_END:
                        self._pasting = False
                    self._escape = ""
            elif ch == "\x1b":
                flush()
                self._escape = ch
                out.append(ch)
            elif ch < " " or "\x7f" <= ch <= "\x9f":
                flush()
                out.append(ch)
                keys += 1
            else:
                run.append(ch)
        flush()
        return "".join(out), keys


def pace_redraws(app: Application[Any], guard: InputGuard) -> None:
    """Redraw ``app`` (a connection's screen) every REDRAW_INTERVAL at most while the
    server's screens together take less than REDRAW_SHARE of its CPU; beyond that, no
    more often than the screen's even share allows (:meth:`SharedBudgets.redrawn`):
    each redraw spends what it took from the screen's own bucket of CPU time, filled
    at that share and holding REDRAW_BURST, and in debt the next one waits until it
    is paid (MAX_REDRAW_WAIT at most). The screen of a connection asking for more
    than a person (:meth:`InputGuard.asks_as_a_person`) is held to its even share
    at all times and may wait HEAVY_REDRAW_WAIT. A screen redrawn less than its share allows (a
    person's: a few small redraws a second) never waits longer; nobody else is
    charged for it, so a screen redrawn because of other people's moves and talk
    costs its owner nothing. Call it once per application."""
    app.min_redraw_interval = REDRAW_INTERVAL
    began = 0.0
    # Empty at first: thirty screens opened at once do not each draw a burst at once.
    tokens, last = 0.0, time.monotonic()

    def before(_: object) -> None:
        nonlocal began
        began = time.thread_time()

    def after(_: object) -> None:
        nonlocal tokens, last
        person = True
        # CPU time, not wall time: a busy machine is not this screen's doing.
        spent = time.thread_time() - began
        budgets = guard.budgets
        if budgets is None:
            share, busy = REDRAW_SHARE, False
        else:
            person = guard.asks_as_a_person()
            share, busy = budgets.redrawn(id(app), spent, person)
        now = time.monotonic()
        # One costly redraw (the first, a collection of garbage) is owed a burst's worth.
        tokens = max(min(REDRAW_BURST, tokens + (now - last) * share) - spent, -REDRAW_BURST)
        last = now
        # A heavy connection's screen keeps to its even share even while the screens
        # together take less: else each pause in the crowd's redraws let every heavy
        # screen redraw at once (one of 240x80 keeps the loop 15-40 ms).
        if busy or not person:
            late = min(-tokens / share, MAX_REDRAW_WAIT if person else HEAVY_REDRAW_WAIT)
        else:
            late = 0.0
        app.min_redraw_interval = max(REDRAW_INTERVAL, late)

    app.before_render += before
    app.after_render += after
