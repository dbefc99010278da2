"""Issue 35: clocks at a timed server table. The status line at the table shows the
time the person to move has left, counting down (not only the lobby), and the
screens of everyone at that table are redrawn every tick so it does. A person away
from a table is told (a turn notice) when it begins to wait for their move."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path
from typing import Any

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
        self.styled: list[tuple[Any, str]] = []

    def show(self, text: Any, style: str = "") -> None:
        super().show(text, style)
        self.styled.append((text, style))

    def refresh(self) -> None:
        self.redraws += 1


async def _table(tmp_path: Path, deadline: str, check: Any) -> None:
    """alice and bob at a new toygame table with this move deadline; then ``check``."""
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
        await lobby.handle(alice, f"create toygame people=2 ai=random time={deadline}")
        await lobby.handle(bob, "join 1")
        hosted = lobby.hosted[1]
        assert hosted.waits_for() == 0
        hosted.saver.turn_since -= 18  # alice has thought for 18 seconds
        await check(lobby, alice, bob)
    finally:
        await lobby.stop("test over")
        pool.close()
        store.close()


async def _redraws_in(conn: CountingConn, seconds: float, enough: int) -> int:
    before = conn.redraws
    for _ in range(int(seconds * 10)):
        await asyncio.sleep(0.1)
        if conn.redraws >= before + enough:
            break
    return conn.redraws - before


def test_item35_the_table_status_line_counts_down_the_movers_time(tmp_path: Path) -> None:
    async def check(lobby: Lobby, alice: CountingConn, bob: CountingConn) -> None:
        for line in (lobby.status(alice), lobby.status(bob)):
            assert "| alice 0:42 left |" in line or "| alice 0:41 left |" in line, line
        # every tick redraws the screens at the table, so the clock counts down
        assert await _redraws_in(bob, 4, 2) >= 2
        assert "alice 0:4" in lobby.status(bob) or "alice 0:39" in lobby.status(bob)

    asyncio.run(asyncio.wait_for(_table(tmp_path, "1m", check), 120))


def test_item35_a_correspondence_clock_shows_hours_and_is_not_redrawn_each_second(
    tmp_path: Path,
) -> None:
    async def check(lobby: Lobby, alice: CountingConn, bob: CountingConn) -> None:
        assert "| alice 23h 59m left |" in lobby.status(bob), lobby.status(bob)
        # The table's own redraw as it asks alice ("1d" left then), and the next
        # tick's: the 18 s taken off her turn made it "23h 59m".
        await _redraws_in(bob, 1.5, 2)
        # the next minute is 42 s away: no tick has a reason to redraw
        assert await _redraws_in(bob, 2.5, 1) == 0

    asyncio.run(asyncio.wait_for(_table(tmp_path, "1d", check), 120))


def test_item35_a_person_away_from_the_table_is_told_when_it_waits_for_them(
    tmp_path: Path,
) -> None:
    """bob goes back to the lobby; alice moves, the AI moves, and the table waits for
    bob: his screen gets "Your move at table 1" as a turn notice (it rings)."""

    async def check(lobby: Lobby, alice: CountingConn, bob: CountingConn) -> None:
        await lobby.at_table(bob, "leave")
        assert bob.hosted is None
        hosted = lobby.hosted[1]
        match = hosted.table.match
        await _redraws_in(alice, 1.5, 1)  # a tick sees the table wait for alice
        await lobby.at_table(alice, match.game.legal_action_texts(match.state)[0])
        for _ in range(50):
            await asyncio.sleep(0.1)
            if bob.saw("Your move at table 1"):
                break
        assert ("Your move at table 1 (toygame): 'join 1'.", "yourmove") in bob.styled
        assert not alice.saw("Your move at table")  # at the table, the table tells her

    asyncio.run(asyncio.wait_for(_table(tmp_path, "1m", check), 120))
