"""The processes a host starts, and how they end with it.

A bot (``exec``) runs in a process group of its own, so that it can be ended with
everything it started. This module keeps the groups this process has started and not
yet ended (:func:`track`), ends a group (:func:`end_group`: SIGTERM, a grace period,
SIGKILL), and ends them all when the host is told to stop (:func:`stop_on_signals`):
SIGTERM or SIGINT to the command ends its bots, asks its worker processes (which
inherit the same handler) to do the same, and then stops the command.

What no handler can run for (``kill -9`` of the host) is covered by the bot itself:
:func:`child_setup` makes the kernel kill a bot when its host dies (Linux's
``PR_SET_PDEATHSIG``). A process a bot starts in a session of its own, or one it
leaves behind when the host is killed with SIGKILL, is beyond the host's reach.
"""

from __future__ import annotations

import contextlib
import functools
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterable
from types import FrameType

GRACE = 1.0
"""Seconds a group gets between SIGTERM and SIGKILL."""

_tracked: dict[int, subprocess.Popen[bytes]] = {}
"""The groups this process started and has not ended, by group id (the leader's pid).
A dict, not guarded by a lock: a signal handler reads it in the main thread, while
that thread may be anywhere (even in :func:`track`)."""

_raise_in: int | None = None
"""The process in which a stop signal raises :class:`Stopped` (the command's own);
every other process that inherited the handler (a forked worker) ends its groups
and dies of the signal."""

_PR_SET_PDEATHSIG = 1


@functools.cache
def _load_prctl() -> Callable[..., int] | None:
    """libc's ``prctl``, looked up once in the host (the child only calls it), when
    the first bot starts: ctypes and the library search cost every command ~25 ms."""
    if not sys.platform.startswith("linux"):
        return None
    import ctypes
    import ctypes.util

    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or None, use_errno=True)
        prctl: Callable[..., int] = libc.prctl
    except (OSError, AttributeError):
        return None
    return prctl


def child_setup() -> Callable[[], None] | None:
    """What a bot runs between fork and exec (``Popen(preexec_fn=...)``): the kernel
    sends it SIGKILL when the host thread that started it ends, so a host killed with
    SIGKILL leaves no bot behind. ``None`` where the system has no such call."""
    prctl, host = _load_prctl(), os.getpid()
    if prctl is None:
        return None

    def setup() -> None:
        prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        if os.getppid() != host:  # the host died before the call took effect
            os._exit(1)

    return setup


def die_with_parent(parent: int) -> None:
    """In a worker process (a pool's initializer): end it when ``parent`` dies, even
    by SIGKILL — the kernel's ``PR_SET_PDEATHSIG`` where there is one, else a daemon
    thread that polls the parent's pid twice a second."""
    prctl = _load_prctl()
    if prctl is not None:
        prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    else:
        import threading

        def watch() -> None:
            while os.getppid() == parent:
                time.sleep(0.5)
            os.kill(os.getpid(), signal.SIGKILL)

        threading.Thread(target=watch, name="parent-watch", daemon=True).start()
    if os.getppid() != parent:  # the parent died before the call took effect
        os._exit(1)


def stopping() -> bool:
    """Whether this process has been told to stop by SIGTERM or SIGINT."""
    return _stopping


def track(proc: subprocess.Popen[bytes]) -> None:
    """Remember a process group this process started (``start_new_session=True``)."""
    _tracked[proc.pid] = proc


def _signal_group(pgid: int, sig: int) -> bool:
    """Send ``sig`` to a group; ``False`` when no process of it is left."""
    try:
        os.killpg(pgid, sig)
    except ProcessLookupError:
        return False
    except PermissionError:  # a pid reused by another user's process: not ours
        return False
    return True


def _gone(proc: subprocess.Popen[bytes]) -> bool:
    """The leader has exited (and is reaped) and no other member of its group runs."""
    if proc.poll() is None:
        return False
    return not _signal_group(proc.pid, 0)


def end_groups(procs: Iterable[subprocess.Popen[bytes]], grace: float = GRACE) -> None:
    """End each process group with everything in it: SIGTERM, up to ``grace`` seconds
    to exit, then SIGKILL for what is left; the leaders are reaped.

    A leader that exited on its own is reaped first: its group id cannot be taken by
    a new process while a member of the group lives, so the signal reaches only what
    the bot left behind (a background child), or nobody."""
    procs = list(procs)
    live = []
    for proc in procs:
        proc.poll()  # reaps a leader that exited on its own
        if _signal_group(proc.pid, signal.SIGTERM):
            live.append(proc)
    deadline = time.monotonic() + grace
    while live and time.monotonic() < deadline:
        time.sleep(0.02)
        live = [p for p in live if not _gone(p)]
    for proc in live:
        _signal_group(proc.pid, signal.SIGKILL)
    for proc in procs:
        with contextlib.suppress(subprocess.TimeoutExpired):
            proc.wait(timeout=grace)
        _tracked.pop(proc.pid, None)


def end_group(proc: subprocess.Popen[bytes], grace: float = GRACE) -> None:
    """End one process group (see :func:`end_groups`)."""
    end_groups([proc], grace)


def end_all(grace: float = GRACE) -> None:
    """End every group this process started and has not ended yet."""
    end_groups(list(_tracked.values()), grace)


class Stopped(KeyboardInterrupt):
    """The command was told to stop by a signal (SIGTERM, SIGINT). A
    :class:`KeyboardInterrupt`, so everything that ends a game on Ctrl-C (bots,
    saves) does so on SIGTERM too, and nothing that catches ``Exception`` (a
    forfeit) swallows it."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


_stopping = False


def _on_signal(signum: int, frame: FrameType | None) -> None:
    global _stopping
    _stopping = True
    end_all()
    import multiprocessing  # the workers of a pool (batch games, parallel search)

    for child in multiprocessing.active_children():
        if child.pid is not None:
            with contextlib.suppress(ProcessLookupError):
                os.kill(child.pid, signal.SIGTERM)
    if os.getpid() == _raise_in:
        raise Stopped(signum)
    # A forked worker: its groups are ended; it dies of the signal, as it would have.
    signal.signal(signum, signal.SIG_DFL)
    os.kill(os.getpid(), signum)


def _forget() -> None:
    """In a forked child: the parent's groups are the parent's to end."""
    _tracked.clear()


os.register_at_fork(after_in_child=_forget)


def stop_on_signals() -> None:
    """Make SIGTERM and SIGINT end this command's bots and workers (and theirs) and
    then raise :class:`Stopped` here; called once by the command line's main."""
    global _raise_in
    _raise_in = os.getpid()
    for sig in (signal.SIGTERM, signal.SIGINT):
        signal.signal(sig, _on_signal)


def guard() -> None:
    """Before a bot starts: a process that has no SIGTERM handler (a worker that
    did not inherit the command's, a program embedding vikingcli) gets one that
    ends its bots' groups before it dies of the signal. Only the main thread can
    set a handler; elsewhere nothing changes."""
    import threading

    if threading.current_thread() is not threading.main_thread():
        return
    if signal.getsignal(signal.SIGTERM) is signal.SIG_DFL:
        signal.signal(signal.SIGTERM, _on_signal)
