"""The ``exec`` player kind: a bot in any language, a process that speaks JSON lines.

The protocol (docs/bot-protocol.md) is the engine interface seen from outside: the
bot gets the seat's ``observation`` and the legal action texts (``format_action``)
and answers one text, which the host reads back with ``parse_action``. The host
never trusts the process: a crash, a hang past the time limit, an unreadable or
illegal answer forfeits the game with the reason recorded, and the process (and
anything it started) is ended when the game is over.
"""

from __future__ import annotations

import collections
import contextlib
import errno
import os
import select
import shlex
import shutil
import signal
import subprocess
import threading
import time
import weakref
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import orjson

from vikingcli.engine import Action, Game, State
from vikingcli.engine.hooks import hookimpl
from vikingcli.engine.players import SEED_MAX, Forfeit, Param, PlayerKind, SeatInfo

PROTOCOL = 1
"""Version of the JSON-lines protocol, sent in the ``start`` message."""
MAX_LINE = 1 << 20
"""An answer longer than this is garbage, not a move."""
GRACE = 1.0
"""Seconds a bot may take to exit on its own after the ``end`` message."""
MAX_TIMEOUT = 86400.0
"""The longest time limit per move a bot may be given (a day), as ``--move-timeout``."""
STDERR_TAIL = 5
"""Lines of the bot's stderr quoted in a crash's forfeit reason."""


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


class _StderrLog:
    """Copies a bot's stderr to the log file, line by line, and keeps the last lines.

    The file is opened only when the bot writes something, so quiet bots leave no
    file behind; every line is one ``write`` on an append-mode file, so bots of
    parallel workers interleave whole lines."""

    def __init__(self, stream: Any, path: Path, label: str) -> None:
        self.stream = stream
        self.path = path
        self.label = label
        self.tail: collections.deque[str] = collections.deque(maxlen=STDERR_TAIL)
        self.thread = threading.Thread(target=self._pump, name=f"bot-stderr {label}", daemon=True)
        self.thread.start()

    def _pump(self) -> None:
        fd: int | None = None
        try:
            for raw in iter(self.stream.readline, b""):
                text = raw.decode("utf-8", "replace").rstrip("\r\n")
                self.tail.append(text)
                if fd is None:
                    self.path.parent.mkdir(parents=True, exist_ok=True)
                    fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
                os.write(fd, f"[{self.label}] {text}\n".encode())
        except (OSError, ValueError):
            pass  # the log is best effort: a full disk must not stop the game
        finally:
            if fd is not None:
                os.close(fd)

    def last_lines(self) -> str:
        self.thread.join(timeout=GRACE)
        return " | ".join(self.tail)


def _kill_group(proc: subprocess.Popen[bytes]) -> None:
    """End a bot and whatever it started (it runs in a session of its own)."""
    if proc.poll() is not None:
        return
    for sig, wait in ((signal.SIGTERM, GRACE), (signal.SIGKILL, None)):
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(proc.pid, sig)
        try:
            proc.wait(timeout=wait)
            return
        except subprocess.TimeoutExpired:
            continue


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
        self._finalizer: weakref.finalize[Any, Any] | None = None

    # -- lifecycle (called by the match) ------------------------------------------------

    def begin(self, game: Game, info: SeatInfo) -> None:
        limits = [t for t in (info.move_timeout, self.own_timeout) if t]
        self.limit = min(limits) if limits else None
        try:
            self.proc = subprocess.Popen(
                self.argv,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                start_new_session=True,
            )
        except OSError as exc:
            raise Forfeit(f"bot could not start: {exc}") from None
        # A worker that dies without ending the game must not leave bots behind.
        self._finalizer = weakref.finalize(self, _kill_group, self.proc)
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
            },
            None if self.limit is None else time.monotonic() + self.limit,
        )

    def choose(self, game: Game, state: State, seat: int) -> Action:
        if self.proc is None:
            raise Forfeit("bot was not started (the match calls begin before the first move)")
        deadline = None if self.limit is None else time.monotonic() + self.limit
        try:
            legal = game.legal_actions(state)
            self._send(
                {
                    "type": "move",
                    "seat": seat,
                    "time_left": self.limit,
                    "observation": game.observation(state, seat),
                    "legal": [game.format_action(state, a) for a in legal],
                },
                deadline,
            )
            text = self._answer(self._read_line(deadline))
            return game.parse_action(state, text)
        except BaseException:
            # Whatever went wrong (also the match's own timer), this process is
            # not trusted with another move: end skips the grace period.
            self.failed = True
            raise

    def end(self, result: Mapping[str, Any] | None) -> None:
        proc, self.proc = self.proc, None
        if proc is None:
            return
        if not self.failed and proc.poll() is None:
            with contextlib.suppress(Forfeit, OSError):
                self._send_to(proc, {"type": "end", "result": result}, time.monotonic() + GRACE)
        with contextlib.suppress(OSError):
            assert proc.stdin is not None
            proc.stdin.close()
        try:
            proc.wait(timeout=0 if self.failed else GRACE)
        except subprocess.TimeoutExpired:
            _kill_group(proc)
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
        while view:
            wait = None if deadline is None else deadline - time.monotonic()
            if wait is not None and wait <= 0:
                raise Forfeit(self._timeout_reason("to read its input"))
            _, ready, _ = select.select([], [fd], [], wait)
            if not ready:
                continue
            try:
                view = view[os.write(fd, view) :]
            except BlockingIOError:
                continue
            except BrokenPipeError:
                raise Forfeit(self._exit_reason("before reading its input")) from None

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
            wait = None if deadline is None else deadline - time.monotonic()
            if wait is not None and wait <= 0:
                raise Forfeit(self._timeout_reason("to answer"))
            ready, _, _ = select.select([fd], [], [], wait)
            if not ready:
                continue
            try:
                chunk = os.read(fd, 65536)
            except OSError as exc:
                if exc.errno == errno.EINTR:
                    continue
                raise
            if not chunk:
                raise Forfeit(self._exit_reason("without answering"))
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
        return f"bot timeout: took longer than the move time limit of {self.limit:g} s {doing}"

    def _exit_reason(self, doing: str) -> str:
        assert self.proc is not None
        try:
            code = self.proc.wait(timeout=GRACE)
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
            0.0,
            "seconds per move for this bot (0: only --move-timeout); the smaller limit applies",
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
