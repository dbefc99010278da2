"""Headless games as jobs: one job plays one seeded match; executors run many.

``run`` and ``tournament`` share this path; the local executor is a process pool,
the Ray executor is Ray's drop-in ``multiprocessing.Pool`` — the same code with a
different executor, so a result never depends on where it was computed.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any, Final, NotRequired, TypedDict

from vikingcli.core.driver import MatchDriver
from vikingcli.core.errors import BadInput
from vikingcli.core.match import Match, Seat, make_player
from vikingcli.core.processes import die_with_parent, stopping
from vikingcli.core.registry import load_registry
from vikingcli.core.specs import parse_spec
from vikingcli.engine import HostedPlayer
from vikingcli.saves.match_file import create_save
from vikingcli.saves.schema import SearchDoc


class Job(TypedDict):
    """Everything a worker needs to play one game (plain data, picklable)."""

    game: str
    options: dict[str, str]
    seed: int
    seats: list[tuple[str, str]]
    move_timeout: float | None
    save_dir: str | None
    tag: dict[str, Any]
    seat_moves: NotRequired[bool]
    """Add ``seat_moves`` to the result: the moves each seat made (the time each
    seat took per move, in a tournament's report)."""
    save_name: NotRequired[str]
    """The save's file name in ``save_dir`` (default ``GAME-SEED.json``)."""


def _count_search(player: object) -> list[int | None]:
    """Record, move by move, the iterations a player's search says it used (its
    ``last_iterations`` after each choice; ``None`` when it says nothing). The
    player keeps its class (the driver tells bots and witnesses by it): only its
    ``choose`` is wrapped."""
    used: list[int | None] = []
    choose = getattr(player, "choose", None)
    if choose is None:
        return used

    def counted(*args: Any, **kwargs: Any) -> Any:
        action = choose(*args, **kwargs)
        n = getattr(player, "last_iterations", None)
        used.append(n if isinstance(n, int) and not isinstance(n, bool) and n >= 0 else None)
        return action

    # slots or frozen: it goes unrecorded
    with contextlib.suppress(AttributeError, TypeError):
        player.choose = counted  # type: ignore[attr-defined]
    return used


class BackendUnavailable(BadInput):
    """The requested executor cannot be used here; the message says why."""


def play_job(job: Job) -> dict[str, Any]:
    """Play one game to its end and return its result record (plus the job's tag)."""
    reg = load_registry()
    game = reg.games[job["game"]]
    seats = [Seat(name, parse_spec(spec, reg.players)) for name, spec in job["seats"]]
    match = Match(game, dict(job["options"]), job["seed"], seats)
    players = [make_player(game, reg.players, s.spec, i, match.seed) for i, s in enumerate(seats)]
    counts = [
        _count_search(p) if not isinstance(p, HostedPlayer) else [] for p in players
    ]
    driver = MatchDriver(match, players, move_timeout=job["move_timeout"])
    driver.run_sync()
    moves = [driver.movers.count(seat) for seat in range(len(seats))]
    saved = None
    if job["save_dir"]:
        # Never over another save (a person's unfinished game may have this name).
        name = job.get("save_name") or f"{game.name}-{match.seed}.json"
        search = [
            SearchDoc(c if len(c) == moves[i] else [None] * moves[i])
            for i, c in enumerate(counts)
        ]
        saved = create_save(match, Path(job["save_dir"]) / name, unique=True, search=search)
    result = match.result_json()
    if saved is not None:
        result["save"] = str(saved)
    if job.get("seat_moves"):
        result["seat_moves"] = moves
    result.update(job["tag"])
    return result


WORKER_DEATHS: Final = 3
"""How many times in a row the worker pool may break (a worker killed, out of memory)
with no game finished in between before a run gives up."""


class WorkersDied(OSError):
    """The worker processes kept dying: a fault of the machine, not of the input (an
    ``OSError``, so the command line reports it in one line with exit code 1)."""


def run_jobs(
    jobs: Iterable[Job],
    workers: int = 1,
    backend: str = "local",
    ordered: bool = True,
    on_warning: Callable[[str], None] | None = None,
) -> Iterator[dict[str, Any]]:
    """Play ``jobs`` and yield their results (in job order when ``ordered``).
    ``on_warning`` hears, in one line, that a worker died and its games are played
    again (the run goes on: a fault of the host, said, not hidden)."""
    todo = list(jobs)
    if backend == "ray":
        yield from _ray(todo, workers, ordered)
        return
    if backend != "local":
        raise BackendUnavailable(f"unknown backend {backend!r} (accepted: local, ray)")
    if workers <= 1 or len(todo) <= 1:
        for job in todo:
            yield play_job(job)
        return
    yield from _pooled(todo, workers, ordered, on_warning)


def _pooled(
    todo: list[Job], workers: int, ordered: bool, on_warning: Callable[[str], None] | None
) -> Iterator[dict[str, Any]]:
    """``run_jobs`` on a local process pool. A worker that dies (kill -9, the kernel's
    out-of-memory killer) breaks the pool: a new pool plays again every game not yet
    finished (a game is a function of its job, so it comes out the same), so a fault
    of the host costs no game and prints no traceback."""
    left = dict(enumerate(todo))  # not yet finished
    early: dict[int, dict[str, Any]] = {}  # ordered: finished before their turn
    turn = 0  # ordered: the next job to yield
    deaths = 0
    while left:
        pool = ProcessPoolExecutor(
            max_workers=workers, initializer=die_with_parent, initargs=(os.getpid(),)
        )
        futures = {pool.submit(play_job, job): i for i, job in left.items()}
        broken = False
        try:
            for future in as_completed(futures):
                if future.exception() is not None:
                    if stopping() or not isinstance(future.exception(), BrokenProcessPool):
                        future.result()  # raises it
                    # The pool broke: the games it finished are kept (their saves are
                    # written), the others are played again by a new pool.
                    broken = True
                    continue
                deaths = 0
                i = futures[future]
                del left[i]
                if not ordered:
                    yield future.result()
                    continue
                early[i] = future.result()
                while turn in early:
                    yield early.pop(turn)
                    turn += 1
            if not broken:
                continue
            deaths += 1
            if deaths >= WORKER_DEATHS:
                raise WorkersDied(
                    f"the worker processes died {deaths} times in a row; {len(left)} of"
                    f" {len(todo)} games not played"
                )
            if on_warning is not None:
                games = "1 game" if len(left) == 1 else f"{len(left)} games"
                on_warning(f"a worker process died; new workers play the {games} not finished")
        finally:
            if stopping():
                # SIGTERM/SIGINT: the workers are being ended, the pool breaks, and its
                # manager thread fails every queued game; a game cancelled here as well
                # made it raise InvalidStateError (a traceback before the error line).
                # It is waited for, so that it has closed its pipes before the
                # interpreter's exit hook writes to them (Python 3.11 races there).
                pool.shutdown(wait=True)
            else:
                # A reader that stops early (a decided --sprt) must not wait for every
                # queued game: only the running ones are finished.
                pool.shutdown(wait=True, cancel_futures=True)


def _ray(todo: list[Job], workers: int, ordered: bool) -> Iterator[dict[str, Any]]:
    try:
        import ray
        from ray.util.multiprocessing import Pool
    except ImportError:
        raise BackendUnavailable(
            "the ray backend needs Ray: pip install 'vikingcli[ray]'"
        ) from None
    if not ray.is_initialized():
        # Joins a running cluster when RAY_ADDRESS is set, else starts a local one.
        ray.init(ignore_reinit_error=True, log_to_driver=False)
    pool = Pool(processes=workers if workers > 1 else None)
    try:
        results = pool.imap(play_job, todo) if ordered else pool.imap_unordered(play_job, todo)
        yield from results
    finally:
        pool.terminate()
