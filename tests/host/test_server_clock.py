"""Issue 35: clocks at a timed server table. The status line at the table shows the
time the person to move has left, counting down (not only the lobby), and the
screens of everyone at that table are redrawn every tick so it does. A person away
from a table is told (a turn notice) when it begins to wait for their move.

Each seat's time left: on the full screen of everyone at the table (seated or
watching), in the rule under the board, the mover's counting down and the others'
whole; at the table on any front end, ``clock`` lists them. A real server and
asyncssh clients show it, and that a screen at another table is not redrawn by it."""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path
from typing import Any

import asyncssh
import vikingcli_toygame

from tests.host.serverclient import ServerProcess
from tests.host.sshclient import Person, run
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


def test_item35_a_clock_is_redrawn_when_what_it_shows_changed_and_only_then(
    tmp_path: Path,
) -> None:
    """The tick's redraw, at chosen moments of alice's turn at a 1-day table: once
    when the clock shown changed since the last tick (or since the turn began), at
    the tick after its minute changed (rounded as shown, not a half minute later),
    never at a tick where it shows the same; only the screens at that table."""

    async def check(lobby: Lobby, alice: CountingConn, bob: CountingConn) -> None:
        assert lobby._ticker is not None
        lobby._ticker.cancel()  # the ticks come at the moments below only
        store = lobby.store
        account = await store.call(store.store.create_account, "carol", "SHA256:c", time.time())
        carol = CountingConn(account, 3)
        lobby.arrive(carol)
        await lobby.handle(carol, "create toygame people=2 time=1m")  # begins with no clock
        await asyncio.sleep(0.3)  # the tables' own redraws as they begin
        hosted, other = lobby.hosted[1], lobby.hosted[2]
        start = hosted.saver.turn_since
        counts = (alice.redraws, bob.redraws, carol.redraws)
        seen = []
        for after in (30.0, 31.0, 60.3, 61.3, 62.3):
            hosted.redraw_clock(start + after)
            other.redraw_clock(start + after)
            seen.append((hosted.clock(start + after), bob.redraws - counts[1]))
        assert seen == [
            ("alice 23h 59m left", 1),  # "1d" as the turn began
            ("alice 23h 59m left", 1),
            ("alice 23h 59m left", 1),  # 86339.7 s left: shown rounded, still 23h 59m
            ("alice 23h 58m left", 2),
            ("alice 23h 58m left", 2),
        ], seen
        assert alice.redraws - counts[0] == 2 and carol.redraws == counts[2]

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


def _accounts(folder: Path, *names: str) -> dict[str, asyncssh.SSHKey]:
    """An account per name in the server's database, each with a key of its own."""
    made = {name: asyncssh.generate_private_key("ssh-ed25519") for name in names}
    store = open_store(str(folder / "db.sqlite"))
    for name, key in made.items():
        store.create_account(name, key.get_fingerprint("sha256"), time.time())
    store.close()
    return made


CLOCKS = r"^─{20,} Time left: alice (\d):(\d\d) to move · bob 5:00 ─$"
"""The rule under the board at alice and bob's table, alice to move."""


def _left(line: str) -> int:
    found = re.match(CLOCKS, line)
    assert found, line
    return int(found.group(1)) * 60 + int(found.group(2))


def _seconds(shown: str) -> int:
    minutes, seconds = shown.split(":")
    return int(minutes) * 60 + int(seconds)


def test_item35_every_seat_and_spectator_sees_each_seats_time_left_counting_down(
    plugin_dir: Path, tmp_path: Path
) -> None:
    """alice and bob at a 5-minute table, alice to move, carol watching it, all on the
    full screen at 80x24: each sees both clocks in the rule under the board, alice's
    going down, bob's staying at 5:00. dave sits at a table of his own that has not
    begun: no tick redraws his screen."""
    keys = _accounts(tmp_path, "alice", "bob", "carol", "dave")
    server = ServerProcess(plugin_dir, tmp_path)

    async def scenario() -> None:
        def person(name: str) -> Person:
            return Person(name, keys[name], plain=False, cols=80, rows=24)

        alice, bob, carol, dave = [
            await person(n).connect(server.port) for n in ("alice", "bob", "carol", "dave")
        ]
        await alice.on_screen(r"^alice lobby>")
        alice.type("create toygame people=2 time=5m casual")
        await alice.on_screen(r"^\[1\] alice ")
        await dave.on_screen(r"^dave lobby>")
        dave.type("create toygame people=2 time=5m casual")
        await dave.on_screen(r"^ lobby: waiting for seat 2")
        await bob.on_screen(r"^bob lobby>")
        bob.type("join 1")
        await carol.on_screen(r"^carol lobby>")
        carol.type("watch 1")
        first = {p.user: _left(await p.on_screen(CLOCKS)) for p in (alice, bob, carol)}
        assert all(270 <= left <= 300 for left in first.values()), first
        # No clock runs at dave's table: his screen is as it was.
        await asyncio.sleep(0.5)
        quiet = dave.received
        await asyncio.sleep(3)
        later = {p.user: _left(await p.on_screen(CLOCKS)) for p in (alice, bob, carol)}
        for name, left in later.items():
            assert 2 <= first[name] - left <= 10, (first, later)  # alice's: bob's is 5:00
        assert dave.received == quiet
        # The clocks are in the rule under the board, above the log.
        lines = bob.screen_lines()
        row = next(k for k, line in enumerate(lines) if re.match(CLOCKS, line))
        assert lines[0].startswith("Rune Duel") and lines[row - 1].startswith("  seat 1:")
        assert lines[-2].startswith(" move 1: alice to move | alice ")
        for p in (alice, bob, carol, dave):
            await p.hang_up()

    try:
        run(scenario(), 120)
    finally:
        server.close()
    assert "Traceback" not in server.stderr()


def test_item35_clock_at_the_table_lists_each_seats_time_left_on_the_plain_front_end(
    plugin_dir: Path, tmp_path: Path
) -> None:
    """``clock`` at the table, on the plain prompt (``ssh HOST plain``) and without a
    terminal (``ssh -T``): every person's seat with its time left, the mover's
    running down; before the game begins, that no clock runs yet."""
    keys = _accounts(tmp_path, "alice", "bob", "carol")
    server = ServerProcess(plugin_dir, tmp_path)

    async def scenario() -> None:
        alice = await Person("alice", keys["alice"]).connect(server.port)
        await alice.until(r"Welcome, alice\.")
        await alice.ask("create toygame people=2 ai=random time=5m casual", r"Table 1 created")
        await alice.ask("clock", r"No clock runs yet: 5m for each move once the game begins\.")
        bob = await Person("bob", keys["bob"]).connect(server.port)
        await bob.until(r"Welcome, bob\.")
        await bob.ask("join 1", r"the game begins")
        await alice.until(r"Your move, alice\.")  # seat 1 moves first
        answer = await bob.ask(
            "clock",
            r"Time left \(5m for each move\):\n  seat 1 alice (\d:\d\d) to move\n"
            r"  seat 2 bob 5:00\n",
        )
        first = _seconds(answer.group(1))
        assert 240 <= first <= 300, answer.group(0)
        await asyncio.sleep(2.2)
        again = await bob.ask("clock", r"  seat 1 alice (\d:\d\d) to move\n  seat 2 bob 5:00\n")
        assert 2 <= first - _seconds(again.group(1)) <= 10, (answer.group(1), again.group(1))
        # Without a terminal: a spectator's lines, answered in order.
        conn = await asyncssh.connect(
            "127.0.0.1", server.port, known_hosts=None, username="carol",
            client_keys=[keys["carol"]], agent_path=None, preferred_auth="publickey",
        )  # fmt: skip
        async with conn:
            done = await conn.run(input="watch 1\nclock\n", timeout=60)
        out = str(done.stdout)
        assert re.search(
            r"^Time left \(5m for each move\):\n  seat 1 alice \d:\d\d to move\n"
            r"  seat 2 bob 5:00$", out, re.MULTILINE
        ), out  # fmt: skip
        assert not re.search(r"^  seat 3 ", out, re.MULTILINE)  # an AI seat has no clock
        for p in (alice, bob):
            await p.hang_up()

    try:
        run(scenario(), 120)
    finally:
        server.close()
    assert "Traceback" not in server.stderr()
