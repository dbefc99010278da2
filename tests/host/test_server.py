"""``vikingcli server`` as people use it: real server processes on 127.0.0.1 and real
OpenSSH clients (``ssh``) in pseudo-terminals, each person with their own key."""

from __future__ import annotations

import asyncio
import re
import sqlite3
from pathlib import Path

from tests.host.serverclient import (
    OpenSSHPerson,
    ServerProcess,
    make_key,
    needs_openssh,
    ssh_run,
)
from tests.host.sshclient import run

pytestmark = needs_openssh


def register(server: ServerProcess, key: Path, name: str, *code: str) -> str:
    done = ssh_run(server.port, key, name, "register", name, *code)
    assert done.returncode == 0, done.stdout + done.stderr
    return done.stdout


def moves_in(db: Path, table: int) -> list[str]:
    with sqlite3.connect(db) as conn:
        rows = conn.execute("SELECT action FROM moves WHERE tbl = ? ORDER BY number", (table,))
        return [r[0] for r in rows]


def test_two_people_and_an_ai_play_a_rated_table_to_the_end(
    plugin_dir: Path, tmp_path: Path
) -> None:
    keys = {name: make_key(tmp_path, name) for name in ("alice", "bob", "carol")}
    server = ServerProcess(plugin_dir, tmp_path, "--open-registration")
    try:
        for name, key in keys.items():
            assert f"Registered: you are {name}." in register(server, key, name)

        async def scenario() -> tuple[OpenSSHPerson, OpenSSHPerson, OpenSSHPerson, int]:
            alice = await OpenSSHPerson("alice", keys["alice"]).connect(server.port)
            await alice.until(r"Welcome, alice\.")
            found = await alice.ask(
                "create toygame people=2 ai=random time=1d rated", r"Table (\d+) created"
            )
            number = int(found.group(1))
            await alice.until(r"Welcome alice: you hold seat 1")
            bob = await OpenSSHPerson("bob", keys["bob"]).connect(server.port)
            await bob.until(r"Welcome, bob\.")
            await bob.ask("tables", rf"{number}\s+1 seat\(s\) free\s+toygame")
            await bob.ask(f"join {number}", r"the game begins")
            # carol: her own key, whatever name she logs in with; no seat is hers.
            carol = await OpenSSHPerson("alice", keys["carol"]).connect(server.port)
            await carol.until(r"Welcome, carol\.")
            await carol.ask(f"join {number}", rf"table {number} has no free seat")
            await carol.ask(f"watch {number}", r"Welcome carol: you are watching")
            await carol.ask("play 1", r"you are watching and cannot play")
            await carol.ask("board", r"seat 1: +\d+ points +hand: \d+ cards")
            await asyncio.gather(alice.play_to_the_end(), bob.play_to_the_end())
            await carol.until(r"Game over \(")
            await alice.until(r"rating toygame 3p alice: new -> ")
            return alice, bob, carol, number

        _alice, _bob, carol, number = run(scenario())  # type: ignore[misc]
        # The spectator never saw a hand: only counts of cards.
        assert not re.search(r"seat \d: .*hand: \d+ \d+", carol.text)
        assert "Your move, carol" not in carol.text
        finger = ssh_run(server.port, keys["carol"], "carol", "finger", "alice").stdout
        assert re.search(r"toygame\s+3p\s+-?\d+\.\d", finger), finger
        assert f"{number:>4} toygame" in finger
        top = ssh_run(server.port, keys["bob"], "bob", "top", "toygame").stdout
        assert "alice" in top and "bob" in top and "AI random" in top, top
        # Its players can read the record back, as a save file; others cannot.
        record = ssh_run(server.port, keys["alice"], "alice", "record", str(number)).stdout
        assert '"format": "vikingcli-save"' in record
        refused = ssh_run(server.port, keys["carol"], "carol", "record", str(number)).stdout
        assert "record is for its players" in refused
        played = moves_in(tmp_path / "db.sqlite", number)
        assert played and all(f'"{m}"' in record for m in played)
        replay = ssh_run(server.port, keys["bob"], "bob", "replay", str(number)).stdout
        assert "Game over (" in replay
        analysis = ssh_run(server.port, keys["bob"], "bob", "analyze", str(number)).stdout
        assert re.search(r"seat 2: \d+ decisions, best move \d+%", analysis), analysis  # bob
        assert server.stop()[0] == 0
    finally:
        server.close()


def test_a_refused_one_command_call_is_one_line_and_exit_status_2(
    plugin_dir: Path, tmp_path: Path
) -> None:
    """``ssh HOST COMMAND`` is for scripts: bad input of any kind (a command, a
    number, a table, a name, a key with no account) gets one line and exit status
    2, as every ``vikingcli`` command gives; an answered command ends with 0."""
    keys = {name: make_key(tmp_path, name) for name in ("alice", "mallory")}
    server = ServerProcess(plugin_dir, tmp_path, "--open-registration")
    try:
        register(server, keys["alice"], "alice")
        refused = {
            ("alice", "frobnicate"): "unknown command 'frobnicate'",
            ("alice", "join \u0661"): "join N: N is a whole number",
            ("alice", "create toygame people=9"): "not created: ",
            ("mallory", "tables"): "This key has no account here",
            ("mallory", "register alice"): "the name 'alice' is taken",
        }
        for (who, line), said in refused.items():
            done = ssh_run(server.port, keys[who], who, line)
            assert (done.returncode, done.stderr) == (2, ""), (line, done)
            assert said in done.stdout.splitlines()[-1], (line, done.stdout)
        for line in ("tables", "who", "create toygame people=2 ai=random"):
            done = ssh_run(server.port, keys["alice"], "alice", line)
            assert done.returncode == 0, (line, done)
    finally:
        server.close()


def test_ctrl_c_at_the_servers_terminal_stops_it_with_full_screen_clients_on(
    plugin_dir: Path, tmp_path: Path
) -> None:
    """A full-screen client's screen took the server's SIGINT handler: ^C went to that
    person as a key, and once any such client had left, SIGINT did nothing at all
    (seen with real ssh clients in tmux); its AI workers died of the ^C with a
    traceback."""
    keys = {name: make_key(tmp_path, name) for name in ("alice", "bob")}
    server = ServerProcess(plugin_dir, tmp_path, "--open-registration")
    try:
        for name, key in keys.items():
            register(server, key, name)

        async def scenario() -> tuple[tuple[int, str], OpenSSHPerson]:
            bob = await OpenSSHPerson("bob", keys["bob"], plain=False).connect(server.port)
            await bob.until(r"Welcome, bob\.")
            await bob.hang_up()
            alice = await OpenSSHPerson("alice", keys["alice"], plain=False).connect(server.port)
            await alice.until(r"Welcome, alice\.")
            await alice.ask("create toygame people=1 ai=random casual", r"Table \d+ created")
            await alice.until(r"Your move, alice\.")
            ended = await asyncio.to_thread(server.interrupt)
            await alice.until(r"the server stopped \(SIGINT\)")
            await asyncio.wait_for(alice.closed.wait(), 30)  # every byte read
            return ended, alice

        (code, out), alice = run(scenario())  # type: ignore[misc]
        assert code == 0 and "the server stopped (SIGINT)" in out
        assert "Traceback" not in server.stderr()
        # Once the full screen is gone, the terminal still says why.
        after = alice.raw.rsplit(b"\x1b[?1049l", 1)[-1].decode("utf-8", "replace")
        assert "the server stopped (SIGINT)" in after, after
    finally:
        server.close()


def test_a_correspondence_table_survives_kill_9_with_every_move(
    plugin_dir: Path, tmp_path: Path
) -> None:
    keys = {name: make_key(tmp_path, name) for name in ("alice", "bob")}
    server = ServerProcess(plugin_dir, tmp_path, "--open-registration")
    try:
        for name, key in keys.items():
            register(server, key, name)

        async def before() -> tuple[int, list[str]]:
            alice = await OpenSSHPerson("alice", keys["alice"]).connect(server.port)
            await alice.until(r"Welcome, alice\.")
            found = await alice.ask(
                "create toygame people=2 ai=random time=3d casual", r"Table (\d+) created"
            )
            bob = await OpenSSHPerson("bob", keys["bob"]).connect(server.port)
            await bob.until(r"Welcome, bob\.")
            await bob.ask(f"join {found.group(1)}", r"the game begins")
            played = []
            for _ in range(2):
                played.append(await alice.play_turn())
                played.append(await bob.play_turn())
            # alice's next turn: the table asked for it, so every move before is kept.
            await alice.until(r"Your move, alice\.", alice.turns)
            await bob.hang_up()
            return int(found.group(1)), [p for p in played if p]

        number, played = run(before())  # type: ignore[misc]
        server.kill9()
        kept = moves_in(tmp_path / "db.sqlite", number)
        assert kept[0::3][:2] == played[0::2] and kept[1::3][:2] == played[1::2]
        server.start()
        assert "1 table(s) reopened" in server.first
        listing = ssh_run(server.port, keys["bob"], "bob", "tables").stdout
        assert re.search(rf"{number}\s+alice to move", listing), listing

        async def after() -> tuple[OpenSSHPerson, OpenSSHPerson]:
            alice = await OpenSSHPerson("alice", keys["alice"]).connect(server.port)
            await alice.until(rf"Your turn at:\s+table {number}: toygame, move {len(kept) + 1}")
            await alice.ask(f"join {number}", r"Welcome alice: you hold seat 1")
            bob = await OpenSSHPerson("bob", keys["bob"]).connect(server.port)
            await bob.until(r"Welcome, bob\.")
            await bob.ask(f"join {number}", r"Welcome bob: you hold seat 2")
            await asyncio.gather(alice.play_to_the_end(), bob.play_to_the_end())
            return alice, bob

        run(after())
        final = moves_in(tmp_path / "db.sqlite", number)
        assert final[: len(kept)] == kept and len(final) > len(kept)
        record = ssh_run(server.port, keys["alice"], "alice", "record", str(number)).stdout
        assert '"end_reason": "rules"' in record
    finally:
        server.close()
