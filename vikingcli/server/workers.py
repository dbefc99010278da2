"""AI searches off the server's event loop: a bounded pool of worker processes.

The server is one event loop; a search in one of its threads would hold the
interpreter and slow every connection's keystrokes. So an AI seat's move, a ``hint``
and an ``analyze`` run in worker processes, at most ``workers`` at once for the
whole server (more wait their turn), at a lower scheduling priority than the server
itself, so that echoing a keystroke always comes before thinking.

A worker gets plain data (the game's name, the state as JSON, a player spec, a
seed), builds the player from the installed registry, and answers with text, so
nothing of the server's memory is shared or pickled beyond that.

The pool heals: a worker that dies (killed, out of memory, a crash in a library)
breaks the executor for every job in it, so the broken executor is replaced by a new
one and each job it lost is submitted again, a bounded number of times. A move that
still cannot be made is a :class:`~vikingcli.core.match.HostFault`, never a forfeit:
an AI seat at the server is the host's own player, and its failure is the host's.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import multiprocessing
import os
import signal
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from vikingcli.core.match import HostFault, Seat, make_player
from vikingcli.core.registry import Registry, find_advisor, load_registry
from vikingcli.core.specs import parse_spec
from vikingcli.engine import Action, Game, HostedPlayer, SeatInfo, State

T = TypeVar("T")

NICE = 10
"""How much less urgent a worker is than the server (os.nice)."""
ATTEMPTS = 3
"""How many times a job is submitted while worker processes keep dying under it."""

_REGISTRY: Registry | None = None


def _start_worker() -> None:
    global _REGISTRY
    # A server killed outright (kill -9) cannot stop its workers, and they would wait
    # for work for ever: each one ends itself once its parent is gone.
    parent = os.getppid()
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    # A ^C at the server's terminal reaches its whole process group: the server stops
    # its tables and then its workers; a worker dying of it first only printed a
    # traceback and broke the pool under the tables being stopped.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(OSError):
        os.nice(NICE)
    _REGISTRY = load_registry()


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(0)


def _registry() -> Registry:
    global _REGISTRY
    if _REGISTRY is None:
        _REGISTRY = load_registry()
    return _REGISTRY


def _choose(
    name: str,
    state_json: Any,
    spec_text: str,
    seat: int,
    seed: int,
    options: Mapping[str, str],
    names: tuple[str, ...],
) -> str:
    reg = _registry()
    game = reg.games[name]
    state = game.from_json(state_json)
    spec = parse_spec(spec_text, reg.players)
    player = make_player(game, reg.players, spec, seat, seed)
    if not isinstance(player, HostedPlayer):
        return game.format_action(state, player.choose(game, state, seat))
    # A player made for this one move (an OpenSpiel bot loads its game from the
    # table's options) is told its table first, as the move loop tells it at home.
    player.begin(game, SeatInfo(dict(options), len(names), seat, None, names))
    try:
        return game.format_action(state, player.choose(game, state, seat))
    finally:
        player.end(None)


def _hint(name: str, state_json: Any, seat: int) -> list[str]:
    from vikingcli.table.hints import NO_HINT, hinter

    reg = _registry()
    game = reg.games[name]
    hint = hinter(reg.players)
    if hint is None:
        return [NO_HINT]
    return hint(game, game.from_json(state_json), seat)


def _analyze(
    name: str,
    options: dict[str, str],
    seed: int,
    seats: Sequence[tuple[str, str]],
    actions: Sequence[str],
    mine: Sequence[int],
    iterations: int,
) -> list[str]:
    from vikingcli.core.match import Match
    from vikingcli.study.analysis import annotate, summary

    reg = _registry()
    game = reg.games[name]
    advise = find_advisor(reg.players)
    if advise is None:
        return ["no analysis here: no searching player kind (mcts) is installed"]
    match = Match(game, options, seed, [Seat(n, parse_spec(p, reg.players)) for n, p in seats])
    for text in actions:
        match.apply_text(text)
    notes = annotate(match, advise, list(mine), iterations=iterations)
    lines = [f"Analysis ({iterations} search iterations a decision):"]
    for a in notes:
        if a.verdict or a.loss > 0:
            lines.append(
                f"  move {a.move}: {a.played}; best {a.best} (-{a.loss:g} points"
                f"{', ' + a.verdict if a.verdict else ''})"
            )
    for row in summary(notes, list(mine)):
        share = "-" if row["best_share"] is None else f"{row['best_share']:.0%}"
        lines.append(
            f"  seat {row['seat'] + 1}: {row['decisions']} decisions, best move {share},"
            f" {row['total_loss']:g} points lost; {row['inaccuracies']} inaccuracies,"
            f" {row['mistakes']} mistakes, {row['blunders']} blunders"
        )
    return lines


class Pool:
    """The server's worker processes (``workers`` at most), replaced when they break."""

    def __init__(self, workers: int, log: Callable[[str], None] = print) -> None:
        self.workers = workers
        self.log = log
        self._lock = threading.Lock()
        self._closed = False
        self.executor = self._new_executor()

    def _new_executor(self) -> concurrent.futures.ProcessPoolExecutor:
        # A fresh interpreter per worker: the server has threads (the store's), and
        # forking a process with threads can copy a held lock.
        return concurrent.futures.ProcessPoolExecutor(
            self.workers, mp_context=multiprocessing.get_context("spawn"),
            initializer=_start_worker,
        )  # fmt: skip

    def _replace(self, broken: concurrent.futures.ProcessPoolExecutor) -> None:
        """A new executor for ``broken`` (once: every thread whose job it lost calls this)."""
        with self._lock:
            if self.executor is not broken or self._closed:
                return
            self.executor = self._new_executor()
        broken.shutdown(wait=False, cancel_futures=True)
        self.log("an AI worker process died: the workers were replaced, their moves resubmitted")

    def _submit(self, fn: Callable[..., T], *args: Any) -> concurrent.futures.Future[T]:
        executor = self.executor
        try:
            return executor.submit(fn, *args)
        except BrokenProcessPool:
            self._replace(executor)
            return self.executor.submit(fn, *args)

    def _run(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker, submitted again while workers die under it (at
        most :data:`ATTEMPTS` times); :class:`HostFault` when it still cannot run."""
        for _ in range(ATTEMPTS):
            executor = self.executor
            try:
                return executor.submit(fn, *args).result()
            except BrokenProcessPool:
                self._replace(executor)
            except RuntimeError:  # shut down: the server is stopping
                if self._closed:
                    raise HostFault("the server is stopping") from None
                raise
        raise HostFault(f"the AI worker processes died {ATTEMPTS} times in a row")

    def choose(
        self,
        game: Game,
        state: State,
        spec: str,
        seat: int,
        seed: int,
        options: Mapping[str, str] | None = None,
        names: Sequence[str] = (),
    ) -> str:
        """An AI seat's move, as text (blocks the calling thread, never the loop)."""
        table = dict(options or {})
        who = tuple(names)
        return self._run(_choose, game.name, game.to_json(state), spec, seat, seed, table, who)

    def hint(self, game: Game, state: State, seat: int) -> list[str]:
        """A hint for ``seat`` (blocks the calling thread); a line saying why not when
        the workers keep failing."""
        try:
            return self._run(_hint, game.name, game.to_json(state), seat)
        except HostFault as exc:
            return [f"no hint now: {exc}"]

    def analyze(self, *args: Any) -> concurrent.futures.Future[list[str]]:
        """An analysis of a finished game, as a future (``_analyze``'s arguments)."""
        return self._submit(_analyze, *args)

    def close(self) -> None:
        with self._lock:
            self._closed = True
        self.executor.shutdown(wait=False, cancel_futures=True)


class PoolPlayer:
    """An AI seat whose every move is searched in the pool: what the table's thread
    calls :meth:`choose` on. Each move gets its own seed from the table's seed, the
    seat and the move number, so a table replayed from its moves chooses alike.

    Any failure to answer is a :class:`HostFault` (the table pauses), never a
    forfeit: the seat is the host's own player."""

    def __init__(
        self,
        pool: Pool,
        spec: str,
        seat: int,
        seed: int,
        options: Mapping[str, str] | None = None,
        names: Sequence[str] = (),
    ) -> None:
        self.pool = pool
        self.spec = spec
        self.seat = seat
        self.seed = seed
        self.options = dict(options or {})
        self.names = tuple(names)
        self.moves = 0

    def choose(self, game: Game, state: State, seat: int) -> Action:
        # The move counts once it is made: a move searched again gets the same seed.
        seed = (self.seed * 1_000_003 + self.moves + 1) & 0x7FFFFFFFFFFF
        try:
            text = self.pool.choose(game, state, self.spec, seat, seed, self.options, self.names)
            action = game.parse_action(state, text)
        except HostFault:
            raise
        except Exception as exc:
            raise HostFault(f"the AI failed: {type(exc).__name__}: {exc}") from None
        self.moves += 1
        return action
