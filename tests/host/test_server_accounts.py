"""Issue 34's account items against a real ``vikingcli server`` on 127.0.0.1: keys
that prove themselves (OpenSSH's ``ssh`` with two real key files), limits that hold
when many sessions ask at once (asyncssh), numbers typed in other scripts' digits,
invite codes guessed, names that look alike, names bound in the registration key
file, and ``create`` with an option given twice."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
import time
from pathlib import Path

import asyncssh
import pytest

from tests.host.pgcluster import Cluster
from tests.host.serverclient import (
    OpenSSHPerson,
    ServerProcess,
    make_key,
    needs_openssh,
    ssh_args,
    ssh_run,
)
from tests.host.sshclient import Person, run
from vikingcli.server.listen import MAX_KEY_CHECKS
from vikingcli.server.sqlstore import open_store

pytestmark = needs_openssh


def accounts(db: Path, **keys: asyncssh.SSHKey) -> None:
    """Accounts made before the server starts: name -> its key."""
    store = open_store(str(db))
    try:
        for name, key in keys.items():
            store.create_account(name, key.get_fingerprint("sha256"), time.time())
    finally:
        store.close()


def fingerprint(pub: Path) -> str:
    return str(asyncssh.read_public_key(str(pub)).get_fingerprint("sha256"))


async def connect(port: int, key: asyncssh.SSHKey) -> asyncssh.SSHClientConnection:
    return await asyncssh.connect(
        "127.0.0.1", port, known_hosts=None, username="x", client_keys=[key], agent_path=None
    )


async def command(conn: asyncssh.SSHClientConnection, line: str) -> str:
    """One lobby command on a session of its own (a connection holds several)."""
    done = await asyncio.wait_for(conn.run(line), 60)
    return str(done.stdout)


def test_item2_a_key_joins_an_account_only_from_a_session_of_that_key(
    plugin_dir: Path, tmp_path: Path
) -> None:
    laptop, phone, bob = (make_key(tmp_path, n) for n in ("laptop", "phone", "bob"))
    accounts(tmp_path / "db.sqlite", ann=asyncssh.read_private_key(str(laptop)))
    server = ServerProcess(plugin_dir, tmp_path)  # registration closed
    try:
        # The old way: ann pastes bob's public key. It is refused, and bob's key is
        # still nobody's (a closed server does not even let it in).
        pasted = ssh_run(server.port, laptop, "ann", "addkey", bob.with_suffix(".pub").read_text())
        assert "addkey takes nothing" in pasted.stdout, pasted.stdout
        refused = ssh_run(server.port, bob, "bob", "finger")
        assert refused.returncode == 255 and "ann" not in refused.stdout
        # The new way: a code from ann's session, entered in a session of the new key.
        given = ssh_run(server.port, laptop, "ann", "addkey").stdout
        code = re.search(r"Key code (\S+):", given)
        assert code, given
        wrong = ssh_run(server.port, phone, "ann", "addkey", "2AAA-BBBB-CCCC")
        assert "not a key code of this server" in wrong.stdout
        added = ssh_run(server.port, phone, "anyone", "addkey", code.group(1))
        assert "This key is ann's now" in added.stdout, added.stdout + added.stderr
        # The command was the key's registration: it is not run again as a lobby command.
        assert added.stdout.strip().splitlines()[-1].startswith("This key is ann's now"), (
            added.stdout
        )
        assert ssh_run(server.port, phone, "x", "finger").stdout.startswith("ann:")
        assert f"ann added key {fingerprint(phone.with_suffix('.pub'))}" in server.stderr()
        # The code worked once: no account waits for a key now, so bob's key is out.
        again = ssh_run(server.port, bob, "bob", "addkey", code.group(1))
        assert again.returncode == 255, again.stdout
        keys = ssh_run(server.port, phone, "ann", "keys").stdout
        assert keys.count("SHA256:") == 2
        # A key comes off, but never the last one.
        gone = ssh_run(server.port, phone, "ann", "delkey", fingerprint(laptop.with_suffix(".pub")))
        assert "removed" in gone.stdout, gone.stdout
        assert ssh_run(server.port, laptop, "ann", "finger").returncode == 255
        last = ssh_run(server.port, phone, "ann", "delkey", fingerprint(phone.with_suffix(".pub")))
        assert "your only key" in last.stdout, last.stdout
        assert ssh_run(server.port, phone, "x", "finger").stdout.startswith("ann:")
        # On a terminal, the new key of a closed server is asked for the code only.
        tablet = make_key(tmp_path, "tablet")
        code = re.search(r"Key code (\S+):", ssh_run(server.port, phone, "ann", "addkey").stdout)
        assert code

        async def on_a_terminal() -> None:
            person = await OpenSSHPerson("ann", tablet).connect(server.port)
            await person.until(r"this server takes no new accounts")
            await person.ask("addkey 2AAA-BBBB-CCCC", r"not a key code of this server")
            await person.ask(f"addkey {code.group(1)}", r"This key is ann's now")
            await person.until(r"Welcome, ann\.")
            await person.hang_up()

        run(on_a_terminal())
        assert ssh_run(server.port, phone, "ann", "keys").stdout.count("SHA256:") == 2
    finally:
        server.close()


def test_a_connection_offering_key_after_key_is_cut_off_and_a_person_s_agent_is_not(
    plugin_dir: Path, tmp_path: Path
) -> None:
    """Each key offered costs a database look-up, and asyncssh bounds them by
    nothing: a client offering 300 keys got 300 look-ups. Now MAX_KEY_CHECKS a
    connection, as OpenSSH's MaxAuthTries; a person with a few keys tried before the
    right one still logs in."""
    own = make_key(tmp_path, "ann")
    others = [make_key(tmp_path, f"other{i}") for i in range(5)]
    accounts(tmp_path / "db.sqlite", ann=asyncssh.read_private_key(str(own)))
    server = ServerProcess(plugin_dir, tmp_path)  # registration closed
    try:
        # OpenSSH offers its -i keys in order: five of nobody's, then ann's.
        tried = [arg for k in [*others[1:], own] for arg in ("-i", str(k))]
        done = subprocess.run(
            [*ssh_args(server.port, others[0], "ann", tty=False)[:-1], *tried, "ann@127.0.0.1",
             "finger"],
            capture_output=True, text=True, timeout=60,
        )  # fmt: skip
        assert done.stdout.startswith("ann:"), done

        async def offering(count: int) -> str:
            many = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(count)]
            with pytest.raises(asyncssh.PermissionDenied) as refused:
                await asyncssh.connect(
                    "127.0.0.1", server.port, known_hosts=None, username="x",
                    client_keys=many, agent_path=None,
                )  # fmt: skip
            return str(refused.value)

        assert "too many keys offered" in str(run(offering(300)))
        assert "too many keys offered" not in str(run(offering(MAX_KEY_CHECKS)))
    finally:
        server.close()


def test_item3_concurrent_registrations_from_one_address_stay_within_the_limit(
    plugin_dir: Path, tmp_path: Path
) -> None:
    server = ServerProcess(plugin_dir, tmp_path, "--open-registration", "--per-address", "20")
    try:

        async def scenario() -> list[str]:
            keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(8)]
            conns = await asyncio.gather(*(connect(server.port, k) for k in keys))
            try:
                return await asyncio.gather(
                    *(command(c, f"register person{i}") for i, c in enumerate(conns))
                )
            finally:
                for c in conns:
                    c.close()

        answers = run(scenario(), 120)
        made = [a for a in answers if "Registered: you are" in a]  # type: ignore[attr-defined]
        assert len(made) == 3, answers
        refused = [a for a in answers if "too many new accounts from your address" in a]  # type: ignore[attr-defined]
        assert len(refused) == 5, answers
    finally:
        server.close()


def test_item3_a_fleet_on_postgresql_registers_within_the_limit_together(
    plugin_dir: Path, tmp_path: Path, pg_cluster: Cluster
) -> None:
    """Two server processes on one database: the database's transaction counts, not
    each process for itself."""
    url = pg_cluster.database()
    args = ("--open-registration", "--per-address", "20")
    one = ServerProcess(plugin_dir, tmp_path, *args, db=url)
    two = ServerProcess(plugin_dir, tmp_path, *args, db=url)
    try:

        async def scenario() -> list[str]:
            keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(8)]
            ports = [one.port, two.port] * 4
            conns = await asyncio.gather(*(connect(p, k) for p, k in zip(ports, keys)))
            try:
                return await asyncio.gather(
                    *(command(c, f"register person{i}") for i, c in enumerate(conns))
                )
            finally:
                for c in conns:
                    c.close()

        answers = run(scenario(), 120)
        made = [a for a in answers if "Registered: you are" in a]  # type: ignore[attr-defined]
        assert len(made) == 3, answers
    finally:
        one.close()
        two.close()


def test_item3_concurrent_sessions_never_exceed_the_table_limits(
    plugin_dir: Path, tmp_path: Path
) -> None:
    alice, bob = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    accounts(tmp_path / "db.sqlite", alice=alice, bob=bob)
    server = ServerProcess(plugin_dir, tmp_path, "--per-address", "20",
                           "--tables-per-person", "8", "--max-tables", "10")  # fmt: skip
    create = "create toygame people=2 ai=random time=1d casual"
    try:

        async def many(key: asyncssh.SSHKey) -> list[str]:
            # Six connections of one account, three sessions each, all at once.
            conns = await asyncio.gather(*(connect(server.port, key) for _ in range(6)))
            try:
                return await asyncio.gather(*(command(c, create) for c in conns for _ in range(3)))
            finally:
                for c in conns:
                    c.close()

        def created(answers: object) -> int:
            return sum(bool(re.match(r"Table \d+ created", a)) for a in answers)  # type: ignore[attr-defined]

        first = run(many(alice), 120)
        assert created(first) == 8, first
        # A refusal names either limit (the server's counts the creations under way).
        refusals = ("not created: you have 8 tables", "as many tables as it can")
        assert sum(any(r in a for r in refusals) for a in first) == 10, first  # type: ignore[attr-defined]
        second = run(many(bob), 120)
        assert created(second) == 2, second  # the server plays 10 at most
        assert sum("as many tables as it can" in a for a in second) == 16, second  # type: ignore[attr-defined]
    finally:
        server.close()


def test_item9_numbers_in_other_digits_get_one_line_and_the_connection_stays(
    plugin_dir: Path, tmp_path: Path
) -> None:
    ann = asyncssh.generate_private_key("ssh-ed25519")
    accounts(tmp_path / "db.sqlite", ann=ann)
    server = ServerProcess(plugin_dir, tmp_path)
    lines = ["join ²", "top toygame ²", "cancel ①", "watch ١٢", "record ３", "join 99999999999999",
             "create toygame people=²", "create toygame time=²h", "who"]  # fmt: skip
    try:

        async def scenario() -> str:
            conn = await connect(server.port, ann)
            try:
                # No terminal: every line a command, every answer plain text.
                done = await asyncio.wait_for(conn.run(input="\n".join(lines) + "\n"), 60)
                return str(done.stdout)
            finally:
                conn.close()

        out = run(scenario(), 120)
        answers = [a for a in str(out).splitlines() if a.strip()]
        assert "1 online:" in answers, out  # the last line was answered: still connected
        for word in ("join", "cancel", "watch", "record"):
            assert any(
                re.match(rf"{word} N: N is a whole number from 1 to \d+ \(digits 0-9\)", a)
                for a in answers
            ), (word, out)
        assert any(a.startswith("top GAME [SIZE]: SIZE is a whole number") for a in answers), out
        assert any("people is a whole number from 0 to 99" in a for a in answers), out
        assert any(a.startswith("not created: time='²h'") for a in answers), out
        assert "Traceback" not in server.stderr() and "failed" not in server.stderr()
    finally:
        server.close()


def test_item9_other_digits_at_a_table_get_one_line_and_the_connection_stays(
    plugin_dir: Path, tmp_path: Path
) -> None:
    """At a table the line goes to the game: Wikinger's 'take N' once int()'d a '²'."""
    ann = asyncssh.generate_private_key("ssh-ed25519")
    accounts(tmp_path / "db.sqlite", ann=ann)
    server = ServerProcess(plugin_dir, tmp_path)
    try:

        async def scenario() -> None:
            person = await Person("ann", ann).connect(server.port)
            await person.until(r"Welcome, ann\.")
            await person.ask("create wikinger ai=random time=1h casual", r"Table \d+ created")
            await person.until(r"Your move, ann\.")
            await person.ask("take ²", r"'take ²': numbers are written with the digits 0-9")
            await person.ask("take ①", r"'take ①': numbers are written with the digits 0-9")
            await person.ask("who", r"1 online:")  # still connected, still at the table
            await person.hang_up()

        run(scenario(), 120)
        assert "failed" not in server.stderr(), server.stderr()
    finally:
        server.close()


def test_item10_create_with_an_option_given_twice_is_refused(
    plugin_dir: Path, tmp_path: Path
) -> None:
    ann = asyncssh.generate_private_key("ssh-ed25519")
    accounts(tmp_path / "db.sqlite", ann=ann)
    server = ServerProcess(plugin_dir, tmp_path)
    try:

        async def scenario() -> list[str]:
            conn = await connect(server.port, ann)
            try:
                return [
                    await command(conn, f"create toygame ai=random {extra}")
                    for extra in ("hand=2 hand=4", "time=1h time=2h", "rated casual",
                                  "people=1 people=2", "hand=2 ai=greedy")
                ]  # fmt: skip
            finally:
                conn.close()

        answers = run(scenario(), 120)
        assert answers[0].startswith("not created: hand= is given twice"), answers  # type: ignore[index]
        assert answers[1].startswith("not created: time= is given twice"), answers  # type: ignore[index]
        assert "rated or casual is given twice" in answers[2], answers  # type: ignore[index]
        assert "people= is given twice" in answers[3], answers  # type: ignore[index]
        assert re.match(r"Table \d+ created: toygame hand=2", answers[4]), answers  # type: ignore[index]
    finally:
        server.close()


def test_item10_invite_codes_guessed_lock_the_address_out_with_a_log_line(
    plugin_dir: Path, tmp_path: Path
) -> None:
    server = ServerProcess(plugin_dir, tmp_path, "--invite", "sesame-2026", "--per-address", "20")
    try:

        async def scenario() -> tuple[list[str], str]:
            keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(9)]
            conns = await asyncio.gather(*(connect(server.port, k) for k in keys))
            try:
                # Eight guesses at once from one address (five are judged), then the
                # right code: the address is locked out by then.
                guesses = await asyncio.gather(
                    *(command(c, f"register guess{i} wrong-{i:04}") for i, c in
                      enumerate(conns[:8]))
                )  # fmt: skip
                right = await command(conns[8], "register late sesame-2026")
                return guesses, right
            finally:
                for c in conns:
                    c.close()

        guesses, right = run(scenario(), 120)  # type: ignore[misc]
        assert sum("not an invite code" in g for g in guesses) == 5, guesses
        assert sum("too many wrong codes from your address" in g for g in guesses) == 3, guesses
        assert "too many wrong codes from your address" in right, right
        assert "127.0.0.1: locked out for 60 minutes after 5 wrong codes" in server.stderr()
    finally:
        server.close()


def test_item10_names_that_look_like_an_account_s_are_refused(
    plugin_dir: Path, tmp_path: Path
) -> None:
    keys = {n: make_key(tmp_path, n) for n in ("alice", "mallory", "morten")}
    server = ServerProcess(plugin_dir, tmp_path, "--open-registration")
    try:
        first = ssh_run(server.port, keys["alice"], "a", "register", "alice")
        assert "you are alice" in first.stdout
        for name in ("aIice", "ALlCE", "a1ice"):
            taken = ssh_run(server.port, keys["mallory"], "m", "register", name)
            assert f"the name {name!r} looks like 'alice'" in taken.stdout, taken.stdout
        assert "you are rnorten" in ssh_run(
            server.port, keys["morten"], "m", "register", "rnorten"
        ).stdout
        taken = ssh_run(server.port, keys["mallory"], "m", "register", "morten")
        assert "looks like 'rnorten'" in taken.stdout, taken.stdout
    finally:
        server.close()


def test_item10_a_name_bound_in_the_registration_key_file_is_its_key_s_only(
    plugin_dir: Path, tmp_path: Path
) -> None:
    keys = {n: make_key(tmp_path, n) for n in ("alice", "other")}
    (tmp_path / "people.keys").write_text(
        "# NAME KEY binds the name; a plain key line registers a name of its choice\n"
        f"alice {(tmp_path / 'alice.pub').read_text()}"
        f"{(tmp_path / 'other.pub').read_text()}"
    )
    server = ServerProcess(plugin_dir, tmp_path, "--registration-keys", "people.keys")
    try:
        for name in ("alice", "Alice", "aIice"):
            kept = ssh_run(server.port, keys["other"], "o", "register", name)
            assert "is kept for another key" in kept.stdout, kept.stdout
        bound = ssh_run(server.port, keys["alice"], "a", "register", "queen")
        assert "this key registers the name 'alice' only" in bound.stdout, bound.stdout
        for key, name in (("alice", "alice"), ("other", "oscar")):
            made = ssh_run(server.port, keys[key], "x", "register", name)
            assert f"you are {name}" in made.stdout, made.stdout
    finally:
        server.close()
    bad = tmp_path / "bad.keys"
    bad.write_text(f"root {(tmp_path / 'alice.pub').read_text()}")
    # A bad line: the server refuses the file before it listens, in one line.
    refused = subprocess.run(
        [sys.executable, "-m", "vikingcli", "server", "--port", "0", "--registration-keys",
         str(bad)], capture_output=True, text=True, timeout=60, cwd=tmp_path,
    )  # fmt: skip
    assert refused.returncode == 2, refused.stderr
    assert refused.stderr.count("\n") == 1 and "line 1: 'root' is reserved" in refused.stderr


def test_a_line_the_lobby_fails_on_costs_its_answer_not_the_connection(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The net under every command: a failure nobody foresaw is one line for the
    person and one for the log; the session goes on."""
    import vikingcli_toygame

    from vikingcli.core.registry import load_registry
    from vikingcli.server.lobby import Lobby
    from vikingcli.server.store import Account, AsyncStore
    from vikingcli.server.workers import Pool

    async def broken(self: Lobby, conn: object, rest: str) -> None:
        raise ValueError("invalid literal for int() with base 10: '²'")

    monkeypatch.setattr(Lobby, "cmd_who", broken)
    said: list[str] = []
    logged: list[str] = []

    class Conn:
        account = Account(1, "ann", 0.0)

        def show(self, text: str, style: str = "") -> None:
            said.append(text)

    async def scenario() -> bool:
        store = AsyncStore(open_store(str(tmp_path / "db.sqlite")))
        pool = Pool(1)
        try:
            lobby = Lobby(load_registry([vikingcli_toygame]), store, pool, log=logged.append)
            return await lobby.handle(Conn(), "who ²")  # type: ignore[arg-type]
        finally:
            pool.close()
            store.close()

    assert run(scenario(), 60) is True
    assert said == ["that failed on the server (ValueError); the log has it"]
    assert logged == [
        "ann: 'who ²' failed: ValueError: invalid literal for int() with base 10: '²'"
    ]
