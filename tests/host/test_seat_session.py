"""Issue 35, one seat session: what a person types is read by one interpreter
(:mod:`vikingcli.table.session`) at every table: the local line mode, its hot-seat,
the local full screen, ``vikingcli serve``'s shared table and a ``vikingcli server``
table; the same script gets the same answers at each."""

from __future__ import annotations

import asyncio
import re
import shutil
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import pytest
import vikingcli_toygame
from vikingcli_toygame import RuneDuel

from tests.host.sshclient import Person, Server, run
from tests.host.test_server_deadline import Conn
from tests.terminal import Terminal
from vikingcli.core.driver import MatchDriver
from vikingcli.core.match import Match, QuitGame, Seat, make_player
from vikingcli.core.registry import load_registry
from vikingcli.core.specs import parse_spec
from vikingcli.engine import Game
from vikingcli.engine.players import PlayerKind
from vikingcli.engine.text import plain_text
from vikingcli.saves.match_file import load_match
from vikingcli.saves.table_record import Identity
from vikingcli.server.accounts import Policy
from vikingcli.server.lobby import Lobby
from vikingcli.server.sqlstore import open_store
from vikingcli.server.store import AsyncStore
from vikingcli.server.workers import Pool
from vikingcli.table.fullscreen import FullScreenTable
from vikingcli.table.local import play_here
from vikingcli.table.prompt import HumanPlayer
from vikingcli.table.session import interpret
from vikingcli.table.shared import Table

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ["rules", "legend", "frobnicate the runes", "undo", "yes", "resign"]
"""Lines whose answers do not depend on the deal (each table deals its own)."""
Answers = dict[str, str]


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


def _first(lines: list[str]) -> str:
    return next((line for line in lines if line.strip()), "")


def _kinds(ask: Callable[[str, list[str]], str], show: Callable[[str], None]) -> dict[str, Any]:
    def make(game: Game, seat: int, params: Mapping[str, Any]) -> HumanPlayer:
        return HumanPlayer(ask=ask, show=show)

    kinds = dict(load_registry([vikingcli_toygame]).players)
    kinds["human"] = PlayerKind("human", "scripted person", make, interactive=True)
    return kinds


def _line_mode(people: int) -> Answers:
    """The line mode (``people`` 2: the hot-seat): alice types the script."""
    shown: list[str] = []
    answers: Answers = {}
    script = iter(SCRIPT)
    typed: list[str] = []

    def note() -> None:
        if typed:
            answers[typed[-1]] = _first(shown)

    def ask(prompt: str, legal: list[str]) -> str:
        note()
        shown.clear()
        line = next(script, None)
        if line is None:
            raise QuitGame
        typed.append(line)
        return line

    def show(text: str) -> None:
        shown.extend(text.split("\n"))

    kinds = _kinds(ask, show)
    specs = ["human"] * people + ["random"] * (2 - people)
    seats = [Seat(name, parse_spec(s, kinds)) for name, s in zip(("alice", "bob"), specs)]
    match = Match(RuneDuel(), {"hand": "3"}, 11, seats)
    play_here(match, kinds, lambda m: None, pace=0, show=show, ask=lambda q: "")
    note()
    assert match.result_json()["end_reason"] == "seat 1 (alice) resigned"
    return answers


async def _settle(until: Callable[[], bool]) -> None:
    for _ in range(400):
        if until():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the table never got there")


def _full_screen(people: int) -> Answers:
    """The local full screen (``people`` 2: the hot-seat): alice types the script."""

    async def scenario() -> Answers:
        kinds = load_registry([vikingcli_toygame]).players
        specs = ["human"] * people + ["random"] * (2 - people)
        seats = [Seat(n, parse_spec(s, kinds)) for n, s in zip(("alice", "bob"), specs)]
        match = Match(RuneDuel(), {"hand": "3"}, 11, seats)
        match.narrating = True
        humans = list(range(people))
        front = FullScreenTable(match, kinds, humans, autosave=lambda m: None, pace=0)
        players = [make_player(match.game, kinds, s.spec, i, 11) for i, s in enumerate(seats)]
        driver = MatchDriver(match, players, front=front, people=humans, threads=True, undo=True)
        front.driver = driver
        game = asyncio.ensure_future(driver.run())
        answers: Answers = {}
        for line in SCRIPT:
            await _settle(lambda: front.mode in ("decide", "handover") or match.over)
            if front.mode == "handover":  # alice alone at the screen presses Enter
                front._line("")
                await _settle(lambda: front.mode == "decide")
            log = front.logs[0]
            mark = len(log)
            front._line(line)  # what the screen hands on when Enter is pressed
            await asyncio.sleep(0.1)
            answers[line] = _first(["".join(t for _, t in entry) for entry in log[mark:]])
        await asyncio.wait_for(game, 10)
        assert match.result_json()["end_reason"] == "seat 1 (alice) resigned"
        return answers

    return asyncio.run(scenario())


def _serve(tmp_path: Path) -> Answers:
    async def scenario() -> Answers:
        kinds = load_registry([vikingcli_toygame]).players
        seats = [Seat(n, parse_spec(s, kinds)) for n, s in (("seat 1", "human"), ("bob", "random"))]
        match = Match(RuneDuel(), {"hand": "3"}, 11, seats)
        table = Table(match, kinds, tmp_path / "t.json", log=lambda line: None)
        screen = Screen()
        place = table.join(Identity("alice", "SHA256:alice"), screen)
        assert place is not None
        game = asyncio.ensure_future(table.run())
        answers: Answers = {}
        for line in SCRIPT:
            await _settle(lambda: table.pending.get(0) is not None or match.over)
            mark = len(screen.lines)
            interpret(table, place, line)
            await asyncio.sleep(0.1)
            answers[line] = _first(screen.lines[mark:])
        await asyncio.wait_for(game, 10)
        assert match.result_json()["end_reason"] == "seat 1 (alice) resigned"
        return answers

    return asyncio.run(scenario())


def _server(tmp_path: Path) -> Answers:
    async def scenario() -> Answers:
        store = AsyncStore(open_store(str(tmp_path / "db.sqlite")))
        pool = Pool(1)
        lobby = Lobby(load_registry([vikingcli_toygame]), store, pool, Policy(open=True),
                      log=lambda line: None)  # fmt: skip
        try:
            await lobby.open()
            account = await store.call(
                store.store.create_account, "alice", "SHA256:alice", time.time()
            )
            alice = Conn(account, 1)
            lobby.arrive(alice)
            await lobby.handle(alice, "create toygame hand=3 people=1 ai=random casual")
            table = lobby.hosted[1].table
            answers: Answers = {}
            for line in SCRIPT:
                await _settle(lambda: table.pending.get(0) is not None or table.match.over)
                mark = len(alice.lines)
                await lobby.at_table(alice, line)
                await asyncio.sleep(0.1)
                answers[line] = _first("\n".join(alice.lines[mark:]).split("\n"))
            await _settle(lambda: table.finished)
            assert table.match.result_json()["end_reason"] == "seat 1 (alice) resigned"
            return answers
        finally:
            await lobby.stop("the test ends")
            pool.close()
            store.close()

    return asyncio.run(asyncio.wait_for(scenario(), 120))


def test_item35_every_typed_line_is_read_by_the_one_seat_session() -> None:
    # What a typed line means is decided in one module: no other module parses a
    # typed line as a move, answers a look-up, refuses a hint or asks for an undo.
    sources = {p: p.read_text() for p in (ROOT / "vikingcli").rglob("*.py")}
    session, hints = "vikingcli/table/session.py", "vikingcli/table/hints.py"
    lookups = "vikingcli/table/lookups.py"  # which asks whether 'board X' is a move
    for needle, only in [
        ("= look_up(", {session}),
        ("parse_action(state, line)", {session, lookups}),
        ("UndoRequest(place", {session}),
        ("no hint here", {hints}),
    ]:
        where = {str(p.relative_to(ROOT)) for p, text in sources.items() if needle in text}
        assert where == only, (needle, where)


def test_item35_the_same_script_gets_the_same_answers_at_every_front_end(
    tmp_path: Path,
) -> None:
    seen = {
        "line mode": _line_mode(people=1),
        "hot-seat": _line_mode(people=2),
        "full screen": _full_screen(people=1),
        "full-screen hot-seat": _full_screen(people=2),
        "serve": _serve(tmp_path),
        "server": _server(tmp_path),
    }
    reference = seen["line mode"]
    assert reference["rules"] and reference["legend"]
    assert reference["frobnicate the runes"].startswith("not legal")
    assert reference["undo"] == "alice: there is no earlier decision of yours to go back to."
    assert reference["resign"] == "alice resigns: the game ends."
    for front, answers in seen.items():
        assert answers == reference, front


@pytest.mark.parametrize("people", [1, 2])
def test_item35_resign_at_the_local_table_ends_the_game(people: int) -> None:
    assert _line_mode(people)["resign"] == "alice resigns: the game ends."


def test_item35_stop_tells_a_full_screen_client_why_the_table_closed(
    plugin_dir: Path, tmp_path: Path
) -> None:
    ssh = shutil.which("ssh")
    if ssh is None:
        pytest.skip("no OpenSSH client (ssh) on this machine")
    server = Server(plugin_dir, tmp_path, "toygame", "-p", "human", "-p", "random", "--open")
    client = Terminal(
        [], tmp_path, 80, 24,
        command=[ssh, "-tt", "-p", str(server.port), "-o", "StrictHostKeyChecking=no",
                 "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
                 "-o", "PreferredAuthentications=keyboard-interactive",
                 "-F", "/dev/null", "ann@127.0.0.1"],
    )  # fmt: skip
    try:
        client.until(lambda lines: "(your move) >" in lines[-1])
        server.console("stop")
        client.until(lambda lines: client.proc.poll() is not None)
        client.pump(0.5)
        # The full screen (the alternate screen) is gone with its log; what the
        # terminal is left with says why.
        assert b"\x1b[?1049l" in client.raw
        after = client.raw.rpartition(b"\x1b[?1049l")[2]
        assert b"the host stopped the table" in after, after
        code, out = server.finish()
        assert code == 0 and "the host stopped the table" in out
    finally:
        client.close()
        server.close()


def test_item35_serve_offers_a_rematch_with_the_same_seats(
    plugin_dir: Path, tmp_path: Path
) -> None:
    server = Server(
        plugin_dir, tmp_path, "toygame", "-p", "human", "-p", "random", "--seed", "3",
        "--save", "t", "--open", "--rematch", "30",
    )  # fmt: skip

    async def scenario() -> None:
        alice = await Person("alice", None).connect(server.port)
        await alice.until(r"Your move, alice\.")
        await alice.ask("resign", r"alice resigns: the game ends\.")
        await alice.until(r"Type 'rematch' within 30 s for a new game with the same seats")
        await alice.ask("rematch", r"Everyone asked for a rematch: a new deal, the same seats")
        await alice.until(r"Your move, alice\.")
        await alice.ask("resign", r"Type 'rematch' within 30 s")
        alice.type("quit")  # a seated person who leaves ends the offer
        await alice.closed.wait()

    try:
        run(scenario(), 120)
        code, out = server.finish()
    finally:
        server.close()
    assert code == 0, server.stderr()
    assert "game over (seat 1 (alice) resigned): saved to saves/t-2.json" in out
    first = load_match(tmp_path / "saves" / "t.json", load_registry([vikingcli_toygame]))
    second = load_match(tmp_path / "saves" / "t-2.json", load_registry([vikingcli_toygame]))
    assert second.seed != first.seed and second.names == first.names  # a new deal
