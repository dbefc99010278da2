"""Bounds on what one connection may ask of a shared table, so that no client can
freeze the server, grow its memory or slow the other connections down.

Every number here is what the README's "Hosting a table" section promises; each
limit has a notice that tells the person what was refused, itself rate-limited so
that a flood of refused input does not become a flood of output.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field

MAX_LINE = 1000
"""Longest line a person may send; longer ones are refused, not cut."""
INPUT_RATE = 4096
"""Bytes a second a connection may send, sustained (a person types a few)."""
INPUT_BURST = 16384
"""Bytes a connection may send at once (a pasted line or two)."""
LINE_RATE = 10.0
"""Lines a second a connection may enter, sustained (each one is a command)."""
LINE_BURST = 30
MAX_COLUMNS = 400
MAX_ROWS = 200
"""The largest terminal a table draws for: a client that reports more is drawn at
this size (the server keeps a screen buffer per connection)."""
MIN_COLUMNS = 20
MIN_ROWS = 5
SAY_RATE = 1.0
"""Lines of table talk a second a connection may say, sustained."""
SAY_BURST = 5
NOTICE_EVERY = 1.0
"""Seconds between two notices of the same kind to one connection."""


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
    reads from."""

    clock: Callable[[], float] = time.monotonic
    line: int = 0
    overflow: bool = False
    bucket: Bucket = field(init=False)
    lines: Bucket = field(init=False)
    notices: Notices = field(init=False)

    def __post_init__(self) -> None:
        self.bucket = Bucket(INPUT_RATE, INPUT_BURST, self.clock)
        self.lines = Bucket(LINE_RATE, LINE_BURST, self.clock)
        self.notices = Notices(self.clock)

    def admit(self, data: str) -> tuple[str, list[str]]:
        notes: list[str] = []
        size = len(data.encode("utf-8", "replace"))
        if not self.bucket.take(size):
            # Whole input chunks or nothing: half a paste is worse than none.
            if self.notices.due("rate"):
                notes.append(
                    f"input refused: more than {INPUT_RATE} bytes a second"
                    " (type, or paste less at a time)"
                )
            return "", notes
        kept = []
        for ch in data:
            if ch in "\r\n" and not self.overflow and not self.lines.take():
                # More lines than a person enters: this one and the rest are dropped.
                kept.append("\x15")
                self.line = 0
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
                if self.notices.due("line"):
                    notes.append(
                        f"line too long: at most {MAX_LINE} characters; the line is dropped"
                    )
            else:
                self.line += 1
                kept.append(ch)
        return "".join(kept), notes
