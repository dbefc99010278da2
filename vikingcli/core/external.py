"""The ``exec`` player kind: a bot in any language, a process that speaks JSON lines.

The protocol (docs/bot-protocol.md) is the engine interface seen from outside: the
bot gets the seat's ``observation`` and the legal action texts (``format_action``)
and answers one text, which the host reads back with ``parse_action``. The host
never trusts the process: a crash, a hang past the time limit, an unreadable or
illegal answer forfeits the game with the reason recorded, and the process (and
anything it started) is ended when the game is over, when the host is told to stop,
and (by the kernel) when the host dies (:mod:`vikingcli.core.processes`).
"""

from __future__ import annotations

import collections
import contextlib
import errno
import os
import select
import shlex
import shutil
import stat
import subprocess
import threading
import time
import weakref
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import orjson

from vikingcli.core import processes
from vikingcli.engine import Action, Game, State
from vikingcli.engine.hooks import hookimpl
from vikingcli.engine.players import SEED_MAX, Forfeit, Param, PlayerKind, SeatInfo
from vikingcli.engine.text import printable_line

PROTOCOL = 1
"""Version of the JSON-lines protocol, sent in the ``start`` message."""
MAX_LINE = 1 << 20
"""An answer longer than this (1 MiB) is garbage, not a move."""
DEFAULT_TIMEOUT = 10.0
"""Seconds a bot may take for a move unless its spec says otherwise (``timeout=S``;
``timeout=0`` lifts it, leaving only ``--move-timeout``): a bot that hangs must not
stall an unattended batch for ever."""
GRACE = 1.0
"""Seconds a bot may take to exit on its own after the ``end`` message."""
MAX_TIMEOUT = 86400.0
"""The longest time limit per move a bot may be given (a day), as ``--move-timeout``."""
STDERR_TAIL = 5
"""Lines of the bot's stderr quoted in a crash's forfeit reason."""
TAIL_LINE = 200
"""Characters kept of each of those lines."""
POLL = 0.25
"""Seconds between checks that the bot still runs while the host waits on its pipes:
a process the bot started may hold them open after the bot itself is gone."""
LOG_LINE = 4096
"""Bytes of stderr without a newline written to the log as one line: a bot that
never ends its line is logged in pieces, never held whole in memory."""
MAX_LOG_BYTES = 10 << 20
"""The size at which the bots' log (``bots.log``) is moved to ``bots.log.1`` (the one
older log kept) and begun again: a chatty bot in a long batch must not fill the disk."""


def command_argv(cmd: str) -> list[str]:
    """The argument vector of a bot command; ``ValueError`` names what is wrong.

    Checked when the spec is parsed, so a typo is one error line before any game
    starts rather than a forfeit in every game of a batch."""
    try:
        argv = shlex.split(cmd)
    except ValueError as exc:
        raise ValueError(f"cannot split {cmd!r} into words: {exc}") from None
    if not argv:
        raise ValueError("empty command")
    program = argv[0]
    if os.sep in program:
        if not Path(program).is_file():
            raise ValueError(f"{program}: no such file")
        if not os.access(program, os.X_OK):
            raise ValueError(
                f"{program} is not executable (chmod +x it, or name its interpreter:"
                f" exec:python3 {program})"
            )
    elif shutil.which(program) is None:
        raise ValueError(f"{program}: command not found")
    return argv


def _check_cmd(value: Any) -> None:
    command_argv(str(value))


def _open_log(path: Path) -> int:
    path.parent.mkdir(parents=True, exist_ok=True)
    return os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)


def _rotated(fd: int, path: Path, adding: int) -> int:
    """Where ``adding`` more bytes of the log go: ``fd`` while the log stays within
    :data:`MAX_LOG_BYTES` (or is no regular file: ``/dev/null``), else a new log at
    ``path``, the full one moved to ``path.1``.

    By hand, not ``logging.handlers.RotatingFileHandler``: that rotates the file its
    own stream wrote, while the bots of one batch (several threads, several worker
    processes) append to the same log. So the full log is moved only if ``path`` still
    is the file ``fd`` writes; when another writer has moved it already, ``fd`` is
    reopened on the new log."""
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode) or info.st_size + adding <= MAX_LOG_BYTES:
        return fd
    with contextlib.suppress(FileNotFoundError):
        now = os.stat(path)
        if (now.st_ino, now.st_dev) == (info.st_ino, info.st_dev):
            os.replace(path, path.with_name(path.name + ".1"))
    new = _open_log(path)  # before the old one is closed: a failure leaves fd open
    os.close(fd)
    return new


class _StderrLog:
    """Copies a bot's stderr to the log file, line by line, and keeps the last lines.

    Read in chunks, never more than :data:`LOG_LINE` bytes of an unfinished line
    held: a bot that writes without end (and without newlines) costs the host no
    memory. The file is opened only when the bot writes something, so quiet bots
    leave no file behind; each chunk's whole lines are one ``write`` on an
    append-mode file, so bots of parallel workers interleave whole lines. The lines
    kept for a forfeit reason are printable text only (no escape sequences from a bot
    reach the terminal that shows the reason)."""

    def __init__(self, stream: Any, path: Path, label: str) -> None:
        self.stream = stream
        self.path = path
        self.label = label
        self.tail: collections.deque[str] = collections.deque(maxlen=STDERR_TAIL)
        self.thread = threading.Thread(target=self._pump, name=f"bot-stderr {label}", daemon=True)
        self.thread.start()

    def _pump(self) -> None:
        fd: int | None = None
        source = self.stream.fileno()
        pending = b""
        try:
            while True:
                chunk = os.read(source, 65536)
                whole = (pending + chunk).split(b"\n")
                pending = whole.pop() if chunk else b""
                if not chunk and whole == [b""]:
                    whole = []
                if len(pending) > LOG_LINE:  # a line without end: logged in pieces
                    whole.append(pending)
                    pending = b""
                lines = [
                    line[i : i + LOG_LINE]
                    for line in whole
                    for i in range(0, max(len(line), 1), LOG_LINE)
                ]
                if lines:
                    data = self._record(lines)
                    fd = _rotated(_open_log(self.path) if fd is None else fd, self.path, len(data))
                    os.write(fd, data)
                if not chunk:
                    return
        except (OSError, ValueError):
            pass  # the log is best effort: a full disk must not stop the game
        finally:
            if fd is not None:
                os.close(fd)

    def _record(self, lines: list[bytes]) -> bytes:
        out = []
        for raw in lines:
            text = raw.decode("utf-8", "replace").rstrip("\r")
            self.tail.append(printable_line(text, TAIL_LINE))
            out.append(f"[{self.label}] {text}\n")
        return "".join(out).encode()

    def last_lines(self) -> str:
        self.thread.join(timeout=GRACE)
        return " | ".join(line for line in self.tail if line.strip())


class ExternalPlayer:
    """One seat played by a bot process, started at the seat's first move and
    reused for every move of the game."""

    def __init__(self, cmd: str, log: str, seed: int, timeout: float, seat: int) -> None:
        self.argv = command_argv(cmd)
        self.log = Path(log)
        self.seed = seed
        self.own_timeout = timeout if timeout > 0 else None
        self.seat = seat
        self.limit: float | None = None
        self.proc: subprocess.Popen[bytes] | None = None
        self.stderr: _StderrLog | None = None
        self.buffer = b""
        self.failed = False
        self.names: tuple[str, ...] = ()
        self.events: list[Mapping[str, Any]] = []
        """The moves since the last message this bot was sent, as its seat knows them."""
        self._finalizer: weakref.finalize[Any, Any] | None = None

    # -- lifecycle (called by the match) ------------------------------------------------

    def begin(self, game: Game, info: SeatInfo) -> None:
        limits = [t for t in (info.move_timeout, self.own_timeout) if t]
        self.limit = min(limits) if limits else None
        self.names = tuple(info.names)
        processes.guard()
        try:
            # A session (and process group) of its own: ended with all it starts.
            self.proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=True,
                preexec_fn=processes.child_setup(),
            )
        except (OSError, subprocess.SubprocessError) as exc:
            raise Forfeit(f"bot could not start: {exc}") from None
        processes.track(self.proc)
        # A worker that dies without ending the game must not leave bots behind.
        self._finalizer = weakref.finalize(self, processes.end_group, self.proc)
        assert self.proc.stdin is not None and self.proc.stderr is not None
        os.set_blocking(self.proc.stdin.fileno(), False)
        label = f"{game.name} seat {info.seat} pid {self.proc.pid}"
        self.stderr = _StderrLog(self.proc.stderr, self.log, label)
        self._send(
            {
                "type": "start",
                "protocol": PROTOCOL,
                "game": game.name,
                "title": game.title,
                "options": dict(info.options),
                "players": info.players,
                "seat": info.seat,
                "seed": self.seed,
                "time_limit": self.limit,
                "names": list(info.names),
            },
            None if self.limit is None else time.monotonic() + self.limit,
        )

    def choose(self, game: Game, state: State, seat: int) -> Action:
        if self.proc is None:
            raise Forfeit("bot was not started (the match calls begin before the first move)")
        deadline = None if self.limit is None else time.monotonic() + self.limit
        try:
            self._no_extra_line()
            legal = game.legal_actions(state)
            events, self.events = self.events, []
            self._send(
                {
                    "type": "move",
                    "seat": seat,
                    "time_left": self.limit,
                    "events": events,
                    "observation": self._named(game.observation(state, seat)),
                    "legal": [game.format_action(state, a) for a in legal],
                },
                deadline,
            )
            text = self._answer(self._read_line(deadline))
            self._no_extra_line()
            return game.parse_action(state, text)
        except BaseException:
            # Whatever went wrong (also the match's own timer), this process is
            # not trusted with another move: end skips the grace period.
            self.failed = True
            raise

    def _named(self, observation: dict[str, Any]) -> dict[str, Any]:
        """The observation with each seat's display name beside its number (the
        contract's ``seats[].name``, which only the host knows)."""
        for entry in observation.get("seats", ()):
            if isinstance(entry, dict) and 0 <= entry.get("seat", -1) < len(self.names):
                entry["name"] = self.names[entry["seat"]]
        return observation

    def witness(self, event: Mapping[str, Any]) -> None:
        self.events.append(event)

    def end(self, result: Mapping[str, Any] | None) -> None:
        proc, self.proc = self.proc, None
        events, self.events = self.events, []
        if proc is None:
            return
        if not self.failed and proc.poll() is None:
            message = {"type": "end", "events": events, "result": result}
            with contextlib.suppress(Forfeit, OSError):
                self._send_to(proc, message, time.monotonic() + GRACE)
        with contextlib.suppress(OSError):
            assert proc.stdin is not None
            proc.stdin.close()
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=0 if self.failed else GRACE)
        # Whether it exited on its own or not: whatever it started ends with it.
        processes.end_group(proc)
        if self._finalizer is not None:
            self._finalizer.detach()
        if self.stderr is not None:
            self.stderr.thread.join(timeout=GRACE)
        assert proc.stdout is not None
        proc.stdout.close()

    # -- the pipes ---------------------------------------------------------------------

    def _send(self, message: Mapping[str, Any], deadline: float | None) -> None:
        assert self.proc is not None
        self._send_to(self.proc, message, deadline)

    def _send_to(
        self, proc: subprocess.Popen[bytes], message: Mapping[str, Any], deadline: float | None
    ) -> None:
        data = orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS) + b"\n"
        assert proc.stdin is not None
        fd = proc.stdin.fileno()
        view = memoryview(data)
        # Non-blocking writes: a bot that stops reading must not hang the host.
        reading = "before reading its input"
        while view:
            if not self._ready(proc, fd, True, deadline, "to read its input", reading):
                continue
            try:
                view = view[os.write(fd, view) :]
            except BlockingIOError:
                continue
            except BrokenPipeError:
                raise Forfeit(self._exit_reason(proc, reading)) from None

    def _ready(
        self,
        proc: subprocess.Popen[bytes],
        fd: int,
        writing: bool,
        deadline: float | None,
        late: str,
        gone: str,
    ) -> bool:
        """Whether ``fd`` is ready, after waiting at most :data:`POLL` seconds; a
        :class:`Forfeit` once the deadline has passed, or once the bot has exited
        with the pipe still open and idle (held by a process the bot started)."""
        wait = POLL if deadline is None else min(POLL, deadline - time.monotonic())
        if wait <= 0:
            raise Forfeit(self._timeout_reason(late))
        watched = ([], [fd]) if writing else ([fd], [])
        readable, writable, _ = select.select(*watched, [], wait)
        if readable or writable:
            return True
        if proc.poll() is not None:
            readable, writable, _ = select.select(*watched, [], 0)  # written before it exited
            if not (readable or writable):
                raise Forfeit(self._exit_reason(proc, gone))
            return True
        return False

    def _no_extra_line(self) -> None:
        """Forfeit if the bot wrote more than its one answer line: whatever it wrote
        since (read without waiting) would otherwise be taken as its next answer."""
        assert self.proc is not None and self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        while len(self.buffer) <= MAX_LINE and select.select([fd], [], [], 0)[0]:
            try:
                chunk = os.read(fd, 65536)
            except OSError:
                break
            if not chunk:
                break
            self.buffer += chunk
        extra = next((line for line in self.buffer.split(b"\n") if line.strip()), None)
        if extra is not None:
            shown = extra[:200].decode("utf-8", "replace")
            raise Forfeit(
                f"bot answered an extra line: {shown!r} (one line per move message,"
                " nothing else on stdout)"
            )

    def _read_line(self, deadline: float | None) -> bytes:
        assert self.proc is not None and self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        while True:
            line, sep, rest = self.buffer.partition(b"\n")
            if sep:
                self.buffer = rest
                if line.strip():
                    return line
                continue
            if len(self.buffer) > MAX_LINE:
                raise Forfeit(f"bot answered garbage: a line longer than {MAX_LINE} bytes")
            if not self._ready(self.proc, fd, False, deadline, "to answer", "without answering"):
                continue
            try:
                chunk = os.read(fd, 65536)
            except OSError as exc:
                if exc.errno == errno.EINTR:
                    continue
                raise
            if not chunk:
                raise Forfeit(self._exit_reason(self.proc, "without answering"))
            self.buffer += chunk

    @staticmethod
    def _answer(line: bytes) -> str:
        shown = line[:200].decode("utf-8", "replace")
        try:
            message = orjson.loads(line)
        except orjson.JSONDecodeError:
            message = None
        if not isinstance(message, dict) or not isinstance(message.get("action"), str):
            raise Forfeit(f'bot answered garbage: {shown!r} (expected {{"action": TEXT}})')
        text: str = message["action"]
        return text

    def _timeout_reason(self, doing: str) -> str:
        return (
            f"bot timeout: took longer than the move time limit of {self.limit:g} s {doing}"
            f" (exec:timeout=S,... sets the bot's own limit, {DEFAULT_TIMEOUT:g} s unless"
            " given; 0 lifts it)"
        )

    def _exit_reason(self, proc: subprocess.Popen[bytes], doing: str) -> str:
        try:
            code = proc.wait(timeout=GRACE)
        except subprocess.TimeoutExpired:
            code = None
        status = "closed its output" if code is None else f"exited with code {code}"
        tail = self.stderr.last_lines() if self.stderr is not None else ""
        return f"bot crashed: {status} {doing}" + (f"; stderr: {tail}" if tail else "")


def _make(game: Game, seat: int, params: Mapping[str, Any]) -> ExternalPlayer:
    return ExternalPlayer(params["cmd"], params["log"], params["seed"], params["timeout"], seat)


EXEC = PlayerKind(
    name="exec",
    description="a bot program in any language speaking JSON lines (docs/bot-protocol.md):"
    " exec:COMMAND",
    factory=_make,
    params=(
        Param(
            "seed",
            int,
            0,
            "seed sent to the bot; the match mixes in its own seed and the seat",
            minimum=0,
            maximum=SEED_MAX,
        ),
        Param("log", str, "bots.log", "file the bot's stderr is appended to, line by line"),
        Param(
            "timeout",
            float,
            DEFAULT_TIMEOUT,
            f"seconds per move for this bot ({DEFAULT_TIMEOUT:g} unless given; 0: no limit but"
            " --move-timeout); the smaller limit applies",
            minimum=0.0,
            maximum=MAX_TIMEOUT,
        ),
        Param(
            "cmd",
            str,
            "",
            "the command line (split like a shell, no shell features); the rest of the spec",
            check=_check_cmd,
        ),
    ),
    free_param="cmd",
    runs_program=True,
)


@hookimpl
def vikingcli_players() -> list[PlayerKind]:
    return [EXEC]
