"""Issue 35: clocks at a timed server table. The status line at the table shows the
time the person to move has left, counting down (not only the lobby), and the
screens of everyone at that table are redrawn every tick so it does."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import vikingcli_toygame

from tests.host.test_server_deadline import Conn
from vikingcli.core.registry import load_registry
from vikingcli.server.accounts import Policy
from vikingcli.server.lobby import Lobby
from vikingcli.server.sqlstore import open_store
from vikingcli.server.store import AsyncStore
from vikingcli.server.workers import Pool


class CountingConn(Conn):
    """A connection that counts its redraws."""

    def __init__(self, *args: object) -> None:
        super().__init__(*args)  # type: ignore[arg-type]
        self.redraws = 0

    def refresh(self) -> None:
        self.redraws += 1


def test_item35_the_table_status_line_counts_down_the_movers_time(tmp_path: Path) -> None:
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
            alice, bob = CountingConn(people[0], 1), CountingConn(people[1], 2)
            for conn in (alice, bob):
                lobby.arrive(conn)
            await lobby.handle(alice, "create toygame people=2 ai=random time=1m")
            await lobby.handle(bob, "join 1")
            hosted = lobby.hosted[1]
            assert hosted.waits_for() == 0
            hosted.saver.turn_since -= 18  # alice has thought for 18 seconds
            for line in (lobby.status(alice), lobby.status(bob)):
                assert "| alice 0:42 left |" in line or "| alice 0:41 left |" in line, line
            # every tick redraws the screens at the table, so the clock counts down
            before = bob.redraws
            for _ in range(40):
                await asyncio.sleep(0.1)
                if bob.redraws >= before + 2:
                    break
            assert bob.redraws >= before + 2
            assert "alice 0:4" in lobby.status(bob) or "alice 0:39" in lobby.status(bob)
        finally:
            await lobby.stop("test over")
            pool.close()
            store.close()

    asyncio.run(asyncio.wait_for(scenario(), 120))
