"""Who may register, the limits against abuse, the lobby's commands and bad input
to ``vikingcli server``: real server processes, OpenSSH's ``ssh`` one command at a
time (``ssh HOST COMMAND``) or in a terminal."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.host.serverclient import (
    OpenSSHPerson,
    ServerProcess,
    make_key,
    needs_openssh,
    ssh_run,
)
from tests.host.sshclient import run

pytestmark = needs_openssh


def test_nobody_registers_unless_the_host_says_so(plugin_dir: Path, tmp_path: Path) -> None:
    kim, lee, stranger = (make_key(tmp_path, n) for n in ("kim", "lee", "stranger"))
    (tmp_path / "friends.keys").write_text((tmp_path / "kim.pub").read_text())
    closed = ServerProcess(plugin_dir, tmp_path, db="closed.sqlite")
    try:
        refused = ssh_run(closed.port, kim, "kim", "register", "kim")
        assert refused.returncode == 255 and "Permission denied" in refused.stderr
    finally:
        closed.close()
    keyed = ServerProcess(plugin_dir, tmp_path, "--registration-keys", "friends.keys",
                          "--invite", "sesame-2026", db="keyed.sqlite")  # fmt: skip
    try:
        # kim's key is in the key file: kim registers with no code.
        assert "you are kim" in ssh_run(keyed.port, kim, "kim", "register", "kim").stdout
        # Anyone else needs the invite code.
        wrong = ssh_run(keyed.port, lee, "lee", "register", "lee", "open-sesame")
        assert "not an invite code" in wrong.stdout
        joined = ssh_run(keyed.port, lee, "x", "register", "lee", "sesame-2026")
        assert "you are lee" in joined.stdout
        # A known key is its person whatever user name it sends.
        assert "lee" in ssh_run(keyed.port, lee, "kim", "finger").stdout.split(":")[0]
        taken = ssh_run(keyed.port, stranger, "s", "register", "KIM", "sesame-2026")
        assert "the name 'KIM' is taken" in taken.stdout
        bad = ssh_run(keyed.port, stranger, "s", "register", "ki\x1b[2Jm", "sesame-2026")
        assert "is not a name" in bad.stdout and "\x1b" not in bad.stdout
        # Only one more account from this address this hour (three in all).
        ok = ssh_run(keyed.port, stranger, "s", "register", "stranger", "sesame-2026")
        assert "you are stranger" in ok.stdout
        fourth = make_key(tmp_path, "fourth")
        late = ssh_run(keyed.port, fourth, "f", "register", "fourth", "sesame-2026")
        assert "too many new accounts from your address" in late.stdout
    finally:
        keyed.close()


def test_a_key_added_from_a_session_logs_in_as_that_person(
    plugin_dir: Path, tmp_path: Path
) -> None:
    laptop, phone = make_key(tmp_path, "laptop"), make_key(tmp_path, "phone")
    server = ServerProcess(plugin_dir, tmp_path, "--open-registration")
    try:
        ssh_run(server.port, laptop, "ann", "register", "ann")
        given = ssh_run(server.port, laptop, "ann", "addkey").stdout
        code = re.search(r"Key code (\S+):", given)
        assert code, given

        async def scenario() -> None:
            # The new key on a terminal: its first question takes the code too.
            person = await OpenSSHPerson("ann", phone).connect(server.port)
            await person.until(r"Choose your name")
            await person.ask(f"addkey {code.group(1)}", r"This key is ann's now")
            await person.until(r"Welcome, ann\.")
            await person.hang_up()

        run(scenario())
        assert "ann:" in ssh_run(server.port, phone, "whoever", "finger").stdout
        keys = ssh_run(server.port, phone, "ann", "keys").stdout
        assert keys.count("SHA256:") == 2
    finally:
        server.close()


def test_limits_and_what_people_write(plugin_dir: Path, tmp_path: Path) -> None:
    keys = {n: make_key(tmp_path, n) for n in ("amy", "ben")}
    server = ServerProcess(plugin_dir, tmp_path, "--open-registration", "--per-address", "2",
                           "--tables-per-person", "1")  # fmt: skip
    try:
        for name, key in keys.items():
            ssh_run(server.port, key, name, "register", name)

        async def scenario() -> tuple[OpenSSHPerson, OpenSSHPerson]:
            amy = await OpenSSHPerson("amy", keys["amy"]).connect(server.port)
            await amy.until(r"Welcome, amy\.")
            ben = await OpenSSHPerson("ben", keys["ben"]).connect(server.port)
            await ben.until(r"Welcome, ben\.")
            # No control characters reach another screen; a long line is cut.
            amy.type("say \x1b[2J\x07red " + "x" * 400)
            said = await ben.until(r"amy says: (.*)")
            assert "\x07" not in said.group(0) and len(said.group(1)) <= 300
            await amy.ask("tell ben psst", r"\(told ben\)")
            await ben.until(r"amy tells you: psst")
            # Talk is rate-limited: five at once, then one a second.
            for i in range(8):
                amy.type(f"say burst {i}")
            await amy.until(r"not said: at most 5 lines at once")
            # A third connection from the address is over --per-address 2.
            refused = ssh_run(server.port, keys["amy"], "amy", "who")
            assert refused.returncode == 255, refused.stdout
            await amy.ask("create toygame ai=random time=1h", r"Table \d+ created")
            await amy.ask("leave", r"You are in the lobby")
            await amy.ask("create toygame ai=random", r"not created: you have 1 tables")
            await amy.ask("create toygame ai=exec:evil", r"not created: .*AI seats are greedy")
            await amy.ask("create toygame ai=greedy:chain=1000000",
                          r"not created: ai=greedy:chain=1000000: at most chain=20000")  # fmt: skip
            await amy.ask("create toygame people=9", r"not created: .*takes 2-4 seats")
            await amy.ask("create chess", r"not created: no game 'chess'")
            await amy.ask("create toygame ai=random time=1y", r"not created: time='1y'")
            await amy.ask("who", r"ben +lobby")
            await amy.ask("finger nobody1", r"nobody is called 'nobody1'")
            await amy.ask("frobnicate", r"unknown command 'frobnicate'")
            await amy.hang_up()
            await ben.hang_up()
            return amy, ben

        _amy, ben = run(scenario())  # type: ignore[misc]
        burst = re.findall(r"amy says: burst \d", ben.text)
        assert 3 <= len(burst) <= 4, burst  # 5 at once, two of them spent on say and tell
        assert "\x1b[2J" not in ben.text
        lobby = ssh_run(server.port, keys["ben"], "ben", "tables").stdout
        assert re.search(r"\d+\s+move 1\s+toygame, live 1h, rated: amy, random", lobby)
    finally:
        server.close()


def test_bad_server_arguments_get_one_line_and_exit_2(plugin_dir: Path, tmp_path: Path) -> None:
    def serve(*args: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "vikingcli", "server", "--port", "0", *args],
            capture_output=True, text=True, cwd=tmp_path, timeout=60,
        )  # fmt: skip

    (tmp_path / "junk.sqlite").write_text("not a database " * 100)
    for args, words in [
        (("--db", "junk.sqlite"), "not a usable SQLite database"),
        (("--invite", "short"), "at least 8 printable characters"),
        (("--registration-keys", "missing.keys"), "cannot read"),
        (("--db", "postgresql://nobody@127.0.0.1:1/none"), "cannot connect to PostgreSQL"),
        (("--workers", "0"), "--workers"),
    ]:
        done = serve(*args)
        assert done.returncode == 2, (args, done.stderr)
        assert done.stderr.count("\n") == 1 and words in done.stderr, done.stderr
        assert "Traceback" not in done.stderr


@pytest.mark.parametrize("terminal", [False, True], ids=["lines", "full-screen"])
def test_a_client_that_does_not_read_is_closed_and_slows_nobody(
    plugin_dir: Path, tmp_path: Path, terminal: bool
) -> None:
    """Without a terminal the answers are lines; with one (80x24) the full screen,
    whose every redraw is output too."""
    import asyncio
    import time

    import asyncssh

    from vikingcli.server.sqlstore import open_store

    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(2)]
    store = open_store(str(tmp_path / "db.sqlite"))
    for i, key in enumerate(keys):
        store.create_account(f"p{i}", key.get_fingerprint("sha256"), time.time())
    store.close()
    server = ServerProcess(plugin_dir, tmp_path)
    try:

        async def scenario() -> list[float]:
            def connect(key: asyncssh.SSHKey) -> object:
                # A small receive window: the server's output backs up on its side
                # soon after the client stops reading (not 2 MB later).
                return asyncssh.connect(
                    "127.0.0.1", server.port, known_hosts=None, username="x",
                    client_keys=[key], agent_path=None, window=1 << 15,
                )  # fmt: skip

            silent = await connect(keys[0])  # type: ignore[misc]
            # It asks for a lot and never reads a byte of the answers.
            pty = {"term_type": "xterm", "term_size": (80, 24)} if terminal else {}
            chan, _ = await silent.create_session(asyncssh.SSHClientSession, **pty)  # type: ignore[attr-defined]
            chan.pause_reading()
            talker = await connect(keys[1])  # type: ignore[misc]
            waits = []
            end = time.monotonic() + 60
            closed = "p0: closed, not reading its output"
            while time.monotonic() < end and closed not in server.stderr():
                for k in range(10):
                    # 10 lines a second: within the input rate; answers that differ,
                    # so that a full screen has something to redraw each time.
                    chan.write(("help", "games")[k % 2] + "\r")
                    await asyncio.sleep(0.1)
                begun = time.monotonic()
                done = await talker.run("who", check=True)  # type: ignore[attr-defined]
                waits.append(time.monotonic() - begun)
                assert "online" in done.stdout
            return waits

        waits = run(scenario())
        assert "p0: closed, not reading its output" in server.stderr()
        assert max(waits) < 5, waits  # type: ignore[type-var]
    finally:
        server.close()
