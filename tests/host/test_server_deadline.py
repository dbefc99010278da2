"""A move deadline, in the server's own process: the seat whose time ran out forfeits,
the game ends, the rated table's ratings move (the forfeiting person ranked last)."""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import vikingcli_toygame

from vikingcli.core.registry import load_registry
from vikingcli.server.accounts import Policy
from vikingcli.server.lobby import Lobby
from vikingcli.server.sqlstore import open_store
from vikingcli.server.store import OVER, Account, AsyncStore
from vikingcli.server.workers import Pool
from vikingcli.table.limits import Bucket, Notices


class Conn:
    """A connection as the lobby sees one, keeping what it is shown."""

    def __init__(self, account: Account, number: int) -> None:
        self.account, self.address, self.connection = account, "127.0.0.1", number
        self.hosted: Any = None
        self.place: Any = None
        self.talk = Bucket(1.0, 5)
        self.notices = Notices()
        self.overview = False
        self.lines: list[str] = []

    def show(self, text: Any, style: str = "") -> None:
        self.lines.append(text if isinstance(text, str) else str(text))

    def show_board(self, board: Any) -> None:
        self.show(board)

    def refresh(self) -> None:
        pass

    def hang_up(self) -> None:
        pass

    def saw(self, words: str) -> bool:
        return any(words in line for line in self.lines)


@contextlib.asynccontextmanager
async def _lobby(tmp_path: Path) -> AsyncIterator[tuple[Any, AsyncStore, Lobby]]:
    """A lobby on a fresh SQLite store, open: the store itself (whose writes a test may
    replace), the store as the lobby calls it, and the lobby."""
    kept = open_store(str(tmp_path / "db.sqlite"))
    store = AsyncStore(kept)
    pool = Pool(1)
    lobby = Lobby(load_registry([vikingcli_toygame]), store, pool, Policy(open=True),
                  log=lambda line: None)  # fmt: skip
    try:
        await lobby.open()
        yield kept, store, lobby
    finally:
        await lobby.stop("the test ends")
        pool.close()
        store.close()


def test_a_person_out_of_time_forfeits_and_the_ratings_move(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = AsyncStore(open_store(str(tmp_path / "db.sqlite")))
        pool = Pool(1)
        reg = load_registry([vikingcli_toygame])
        lobby = Lobby(reg, store, pool, Policy(open=True), log=lambda line: None)
        try:
            await lobby.open()
            people = [
                await store.call(store.store.create_account, name, f"SHA256:{name}", time.time())
                for name in ("alice", "bob")
            ]
            alice, bob = Conn(people[0], 1), Conn(people[1], 2)
            for conn in (alice, bob):
                lobby.arrive(conn)
            await lobby.handle(alice, "create toygame people=2 ai=random time=30s rated")
            assert alice.saw("Table 1 created"), alice.lines
            await lobby.handle(bob, "join 1")
            hosted = lobby.hosted[1]
            assert hosted.waits_for() == 0 and lobby.my_turns(people[0].id), bob.lines
            hosted.saver.turn_since -= 31  # alice has let her 30 seconds pass
            for _ in range(50):
                await asyncio.sleep(0.1)
                if bob.saw("rating toygame 3p bob"):
                    break
            assert bob.saw("alice did not move within 30s: the game ends."), bob.lines
            assert bob.saw("Game over (forfeit: seat 1 (alice) did not move within 30s)")
            row = await store.call(store.store.table, 1)
            assert row is not None and row.status == OVER and row.result is not None
            assert row.result["ranks"][0] == 3
            ratings = await store.call(store.store.ratings_of, people[1].id)
            mine = await store.call(store.store.ratings_of, people[0].id)
            assert ratings[0].mu > mine[0].mu
        finally:
            await lobby.stop("the test ends")
            pool.close()
            store.close()

    asyncio.run(asyncio.wait_for(scenario(), 120))


def test_the_creator_holds_their_seat_though_nothing_after_create_is_written(
    tmp_path: Path,
) -> None:
    """A host killed the moment after "Table 1 created" writes nothing more: the
    creator's seat must be bound in the transaction that stored the table, or the
    table comes back on another host with that seat free for the next comer."""

    async def scenario() -> None:
        async with _lobby(tmp_path) as (kept, store, lobby):
            alice = Conn(await store.call(kept.create_account, "alice", "SHA256:a", time.time()), 1)
            lobby.arrive(alice)
            kept.save_table = lambda change: None  # type: ignore[method-assign]
            await lobby.handle(alice, "create toygame people=2 ai=random time=1d casual")
            assert alice.saw("Table 1 created") and alice.saw("you hold seat 1"), alice.lines
            row = await store.call(kept.table, 1)
            assert row is not None
            assert [(s.name, s.account) for s in row.seats] == [
                ("alice", alice.account.id), ("player 2", None), ("random", None)
            ]  # fmt: skip

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_a_person_is_told_they_hold_a_seat_only_once_its_binding_is_committed(
    tmp_path: Path,
) -> None:
    """'join' binds a free seat; a host killed after "you hold seat 2" was shown but
    before the binding reached the database would bring the table back with that seat
    free for the next comer. So the message waits for the commit, and the seat is
    nobody else's from the moment it was bound."""

    async def scenario() -> None:
        gate = threading.Event()
        async with _lobby(tmp_path) as (kept, store, lobby):
            try:  # the held write let go before the lobby stops, whatever happened
                people = [
                    Conn(await store.call(kept.create_account, n, f"SHA256:{n}", time.time()), i)
                    for i, n in enumerate(("alice", "bob", "carol"))
                ]
                alice, bob, carol = people
                for conn in people:
                    lobby.arrive(conn)
                await lobby.handle(alice, "create toygame people=2 ai=random time=1d casual")
                assert alice.saw("you hold seat 1"), alice.lines
                await store.call(kept.table, 1)  # every write so far committed
                committed = kept.save_table

                def slow(change: Any) -> None:
                    gate.wait(30)
                    committed(change)

                kept.save_table = slow  # type: ignore[method-assign]
                joining = asyncio.create_task(lobby.handle(bob, "join 1"))
                await asyncio.sleep(0.5)
                assert not bob.saw("you hold seat"), "told before the binding was committed"
                await lobby.handle(carol, "join 1")
                assert carol.saw("table 1 has no free seat"), carol.lines
                again = Conn(bob.account, 4)  # bob's second connection, joining meanwhile
                lobby.arrive(again)
                joining_again = asyncio.create_task(lobby.handle(again, "join 1"))
                await asyncio.sleep(0.5)
                assert not again.saw("you hold seat"), "told before the binding was committed"
                gate.set()
                await asyncio.wait_for(asyncio.gather(joining, joining_again), 30)
                assert bob.saw("you hold seat 2"), bob.lines
                assert again.saw("You hold seat 2 on another connection"), again.lines
                kept.save_table = committed  # type: ignore[method-assign]
                row = await store.call(kept.table, 1)
                assert row is not None
                assert [s.account for s in row.seats] == [alice.account.id, bob.account.id, None]
            finally:
                gate.set()

    asyncio.run(asyncio.wait_for(scenario(), 90))
