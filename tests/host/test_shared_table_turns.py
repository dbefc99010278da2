"""Issue 35 at a shared table (``vikingcli serve``'s, and the server's): undo with
every other person's consent, resign at any moment, a rematch with the same seats;
and 'Your move' once a turn. In-process tables, people typing through the one seat
session."""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import vikingcli_toygame
from vikingcli_toygame import RuneDuel

from tests.host.test_server_deadline import Conn
from vikingcli.core.fairdeal import Deal
from vikingcli.core.match import Match, Seat
from vikingcli.core.registry import load_registry
from vikingcli.core.specs import parse_spec
from vikingcli.engine.text import plain_text
from vikingcli.saves.match_file import load_match
from vikingcli.saves.table_record import Identity
from vikingcli.server.accounts import Policy
from vikingcli.server.lobby import Lobby
from vikingcli.server.sqlstore import open_store
from vikingcli.server.store import AsyncStore
from vikingcli.server.workers import Pool
from vikingcli.table.places import Place
from vikingcli.table.rematch import Rematch
from vikingcli.table.session import interpret
from vikingcli.table.shared import Table

REG = load_registry([vikingcli_toygame])


class Screen:
    """A connection's screen that keeps what it is shown, as plain lines."""

    def __init__(self) -> None:
        self.lines: list[str] = []

    def show(self, text: Any, style: str = "") -> None:
        self.lines += plain_text(text).split("\n")

    def show_board(self, board: Any) -> None:
        self.show(board)

    def refresh(self) -> None:
        pass

    def hang_up(self) -> None:
        pass

    def saw(self, pattern: str) -> bool:
        return any(re.search(pattern, line) for line in self.lines)


async def until(check: Callable[[], bool], what: str = "", seconds: float = 30.0) -> None:
    end = time.monotonic() + seconds
    while not check():
        if time.monotonic() > end:
            raise AssertionError(f"never: {what}")
        await asyncio.sleep(0.01)


class Serve:
    """A ``serve`` table in this process: ``people`` seated in order, then AI."""

    def __init__(self, tmp_path: Path, people: list[str], ai: int = 0) -> None:
        kinds = REG.players
        specs = ["human"] * len(people) + ["random"] * ai
        seats = [Seat(f"seat {i + 1}", parse_spec(s, kinds)) for i, s in enumerate(specs)]
        self.match = Match(RuneDuel(), {"hand": "3"}, 11, seats)
        self.save = tmp_path / "t.json"
        self.table = Table(self.match, kinds, self.save, log=lambda line: None)
        self.screens: dict[str, Screen] = {}
        self.places: dict[str, Place] = {}
        for name in people:
            screen = self.screens[name] = Screen()
            place = self.table.join(Identity(name, f"SHA256:{name}"), screen)
            assert place is not None
            self.places[name] = place
        self.game: asyncio.Future[None] | None = None

    def begin(self) -> None:
        self.game = asyncio.ensure_future(self.table.run())

    def to_move(self, name: str) -> Callable[[], bool]:
        seat = self.places[name].seat
        return lambda: (
            self.table.pending.get(seat or 0) is not None
            and seat == (self.table.match.game.to_move(self.table.match.state))
        )

    def type(self, name: str, line: str) -> None:
        interpret(self.table, self.places[name], line)

    async def move(self, name: str) -> str:
        """``name``'s first legal action, once it is their move."""
        await until(self.to_move(name), f"{name} to move")
        match = self.table.match
        moves = len(match.actions)
        action = match.game.legal_action_texts(match.state)[0]
        self.type(name, action)
        await until(lambda: len(match.actions) > moves, f"{name}'s move played")
        return action


def test_item35_undo_at_a_shared_table_needs_every_other_persons_yes(tmp_path: Path) -> None:
    async def scenario() -> None:
        t = Serve(tmp_path, ["alice", "bob"])
        t.begin()
        alice, bob = t.screens["alice"], t.screens["bob"]
        await t.move("alice")
        await until(t.to_move("bob"), "bob to move")
        # bob says no: the game goes on where it was.
        t.type("alice", "undo")
        await until(lambda: bob.saw(r"alice asks to undo back to move 1\. Agree\? Type yes or no"))
        t.type("alice", "yes")  # not alice's question: it is no answer
        t.type("bob", "no")
        await until(lambda: alice.saw(r"^bob does not agree: no undo\.$"), "refused")
        await until(t.to_move("bob"), "bob to move again")
        assert len(t.match.actions) == 1
        # bob says yes: back to alice's decision, saved so.
        t.type("alice", "undo")
        await until(lambda: t.table.questions.get(1) is not None, "bob asked again")
        t.type("bob", "yes")
        await until(lambda: alice.saw(r"^Back to move 1: alice decides again\.$"), "undone")
        await until(t.to_move("alice"), "alice to move again")
        assert t.match.actions == [] and load_match(t.save, REG).actions == []
        # No answer in time is a no; so is a person who is not here.
        t.table.consent_seconds = 0.2
        await t.move("alice")
        t.type("alice", "undo")
        await until(lambda: alice.saw(r"^bob gave no answer in 0\.2 s\.$"), "timed out")
        await until(t.to_move("bob"), "bob to move after the time-out")
        t.table.leave(t.places["bob"])
        t.type("alice", "undo")
        await until(lambda: alice.saw(r"bob is away and cannot agree"), "away")
        assert len(t.match.actions) == 1
        t.table.stop("the test ends")
        await t.game  # type: ignore[misc]

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_item35_an_ai_seat_never_stands_in_the_way_of_an_undo(tmp_path: Path) -> None:
    async def scenario() -> None:
        t = Serve(tmp_path, ["alice"], ai=1)
        t.begin()
        await t.move("alice")
        await until(lambda: len(t.match.actions) == 2, "the AI moved")
        await until(t.to_move("alice"), "alice to move")
        t.type("alice", "undo")
        await until(lambda: t.screens["alice"].saw(r"^Back to move 1: alice decides again\.$"))
        assert t.match.actions == []
        t.table.stop("the test ends")
        await t.game  # type: ignore[misc]

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_item35_a_person_resigns_at_any_moment_and_the_save_says_so(tmp_path: Path) -> None:
    async def scenario() -> None:
        t = Serve(tmp_path, ["alice", "bob"])
        t.begin()
        await t.move("alice")
        await until(t.to_move("bob"), "bob to move")
        await t.move("bob")
        await until(t.to_move("alice"), "alice to move")
        t.type("bob", "resign")  # not bob's move: he resigns all the same
        await t.game  # type: ignore[misc]
        for screen in t.screens.values():
            assert screen.saw(r"^bob resigns: the game ends\.$")
            assert screen.saw(r"^Game over \(seat 2 \(bob\) resigned\)\.$")
        result = load_match(t.save, REG).result_json()
        assert result["ranks"][1] == 2 and result["end_reason"] == "seat 2 (bob) resigned"
        assert "forfeit" not in result["end_reason"]

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_item35_a_rematch_deals_again_at_the_same_seats_once_everyone_asks(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        t = Serve(tmp_path, ["alice", "bob"])
        t.table.rematch_offer = Rematch(Deal.new, seconds=30)
        alice, bob = t.screens["alice"], t.screens["bob"]
        t.begin()
        t.type("alice", "rematch")
        assert alice.saw(r"^rematch: once the game is over$")
        await t.move("alice")
        t.type("alice", "resign")
        await until(lambda: bob.saw(r"^Type 'rematch' within 30 s"), "the offer")
        t.type("alice", "rematch")
        assert bob.saw(r"^alice asks for a rematch; waiting for bob\.$")
        first = t.table.match
        t.type("bob", "rematch")
        await until(lambda: t.table.match is not first, "the rematch")
        second = t.table.match
        deal = t.table.record.deal
        assert deal is not None and deal.dealt  # a new secret deal, dealt as it began
        assert second.seed != first.seed and second.actions == [] and not second.over
        assert second.names == first.names == ["alice", "bob"]
        assert first.result_json()["end_reason"] == "seat 1 (alice) resigned"
        # The new game is saved beside the old one, which keeps its result.
        assert t.table.save == tmp_path / "t-2.json"
        assert load_match(t.save, REG).forfeit is not None
        await t.move("alice")
        assert load_match(tmp_path / "t-2.json", REG).actions == second.actions
        # bob leaves after the next game: no rematch, the table closes.
        t.type("bob", "resign")
        await until(lambda: t.table.rematch_offer is not None and t.table.rematch_offer.open)
        t.table.leave(t.places["bob"])
        await t.game  # type: ignore[misc]
        assert t.table.match is second and alice.saw(r"^No rematch\.$")

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_item35_your_move_is_said_once_a_turn(tmp_path: Path) -> None:
    async def scenario() -> None:
        t = Serve(tmp_path, ["alice"], ai=1)
        alice = t.screens["alice"]
        t.table.go.set()
        # A turn of two decisions (the driver asks the same seat again): told once.
        for _ in range(2):
            asked = asyncio.ensure_future(t.table.decide(0))
            await until(lambda: t.table.pending.get(0) is not None)
            t.type("alice", t.match.game.legal_action_texts(t.match.state)[0])
            await asked
        assert sum(line == "Your move, alice." for line in alice.lines) == 1

    asyncio.run(asyncio.wait_for(scenario(), 60))


def test_item35_server_tables_undo_with_consent_resign_and_rematch(tmp_path: Path) -> None:
    async def scenario() -> None:
        store = AsyncStore(open_store(str(tmp_path / "db.sqlite")))
        pool = Pool(1)
        lobby = Lobby(REG, store, pool, Policy(open=True), log=lambda line: None)
        try:
            await lobby.open()
            alice, bob = [
                Conn(await store.call(store.store.create_account, n, f"SHA256:{n}", time.time()), k)
                for k, n in enumerate(("alice", "bob"))
            ]
            for conn in (alice, bob):
                lobby.arrive(conn)
            await lobby.handle(alice, "create toygame hand=3 people=2 casual")
            await lobby.handle(bob, "join 1")
            hosted = lobby.hosted[1]
            table = hosted.table
            await until(lambda: table.pending.get(0) is not None, "alice to move")
            await lobby.at_table(alice, table.match.game.legal_action_texts(table.match.state)[0])
            await until(lambda: table.pending.get(1) is not None, "bob to move")
            await hosted.saver.flush()
            assert (await store.call(store.store.actions, 1)) == table.match.actions
            await lobby.at_table(alice, "undo")
            await until(lambda: bob.saw("alice asks to undo back to move 1. Agree?"), "asked")
            await lobby.at_table(bob, "yes")
            await until(lambda: alice.saw("Back to move 1: alice decides again."), "undone")
            await hosted.saver.flush()
            row = await store.call(store.store.table, 1)
            assert row is not None and row.moves == 0
            assert await store.call(store.store.actions, 1) == []
            await lobby.at_table(bob, "resign")
            await until(lambda: table.finished, "resigned")
            await until(lambda: alice.saw("Table 1 (toygame) is over: seat 2 (bob) resigned."))
            # Both ask for a rematch: a new table, the same seats and people, a new deal.
            await until(lambda: alice.hosted is None and bob.hosted is None, "in the lobby")
            await lobby.handle(alice, "rematch 1")
            assert bob.saw("alice asks for a rematch of table 1 ('rematch 1'); waiting for bob.")
            assert 2 not in lobby.hosted
            await lobby.handle(bob, "rematch 1")
            again = lobby.hosted[2]
            assert again.table.match.names == table.match.names == ["alice", "bob"]
            assert again.row.rated is False and again.table.match.actions == []
            assert alice.hosted is again and bob.hosted is again
            await until(lambda: again.table.pending.get(0) is not None, "the rematch begins")
            # A rated table: the game is played as it was played.
            await lobby.handle(alice, "create toygame hand=3 people=2 rated")
            await lobby.handle(bob, "join 3")
            await until(lambda: lobby.hosted[3].table.pending.get(0) is not None)
            await lobby.at_table(bob, "undo")
            assert bob.lines[-1] == "no undo at this table"
        finally:
            await lobby.stop("the test ends")
            pool.close()
            store.close()

    asyncio.run(asyncio.wait_for(scenario(), 120))
