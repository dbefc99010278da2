"""AI searches off the server's event loop: a bounded pool of worker processes.

The server is one event loop; a search in one of its threads would hold the
interpreter and slow every connection's keystrokes. So an AI seat's move, a ``hint``
and an ``analyze`` run in worker processes, at most ``workers`` at once for the
whole server (more wait their turn), at a lower scheduling priority than the server
itself, so that echoing a keystroke always comes before thinking.

A worker gets plain data (the game's name, the state as JSON, a player spec, a
seed), builds the player from the installed registry, and answers with text, so
nothing of the server's memory is shared or pickled beyond that.
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import multiprocessing
import os
import threading
import time
from collections.abc import Sequence
from typing import Any

from vikingcli.core.match import Seat, make_player
from vikingcli.core.registry import Registry, find_advisor, load_registry
from vikingcli.core.specs import parse_spec
from vikingcli.engine import Action, Game, State

NICE = 10
"""How much less urgent a worker is than the server (os.nice)."""

_REGISTRY: Registry | None = None


def _start_worker() -> None:
    global _REGISTRY
    # A server killed outright (kill -9) cannot stop its workers, and they would wait
    # for work for ever: each one ends itself once its parent is gone.
    parent = os.getppid()
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
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


def _choose(name: str, state_json: Any, spec_text: str, seat: int, seed: int) -> str:
    reg = _registry()
    game = reg.games[name]
    state = game.from_json(state_json)
    spec = parse_spec(spec_text, reg.players)
    player = make_player(game, reg.players, spec, seat, seed)
    return game.format_action(state, player.choose(game, state, seat))


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
    """The server's worker processes (``workers`` at most)."""

    def __init__(self, workers: int) -> None:
        self.workers = workers
        # A fresh interpreter per worker: the server has threads (the store's), and
        # forking a process with threads can copy a held lock.
        self.executor = concurrent.futures.ProcessPoolExecutor(
            workers, mp_context=multiprocessing.get_context("spawn"), initializer=_start_worker
        )

    def choose(self, game: Game, state: State, spec: str, seat: int, seed: int) -> str:
        """An AI seat's move, as text (blocks the calling thread, never the loop)."""
        future = self.executor.submit(_choose, game.name, game.to_json(state), spec, seat, seed)
        return future.result()

    def hint(self, game: Game, state: State, seat: int) -> list[str]:
        return self.executor.submit(_hint, game.name, game.to_json(state), seat).result()

    def analyze(self, *args: Any) -> concurrent.futures.Future[list[str]]:
        return self.executor.submit(_analyze, *args)

    def close(self) -> None:
        self.executor.shutdown(wait=False, cancel_futures=True)


class PoolPlayer:
    """An AI seat whose every move is searched in the pool: what the table's thread
    calls :meth:`choose` on. Each move gets its own seed from the table's seed, the
    seat and the move number, so a table replayed from its moves chooses alike."""

    def __init__(self, pool: Pool, spec: str, seat: int, seed: int) -> None:
        self.pool = pool
        self.spec = spec
        self.seat = seat
        self.seed = seed
        self.moves = 0

    def choose(self, game: Game, state: State, seat: int) -> Action:
        self.moves += 1
        seed = (self.seed * 1_000_003 + self.moves) & 0x7FFFFFFFFFFF
        text = self.pool.choose(game, state, self.spec, seat, seed)
        return game.parse_action(state, text)
