"""Two ``vikingcli server`` processes on one real PostgreSQL database (a fleet): the
accounts and tables of one are the other's, a table comes over to the process of the
person who joins it, and when one process is killed the other takes its tables over
once their leases run out. Skipped, saying why, where PostgreSQL's
binaries or psycopg are missing (CI installs them)."""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path

from tests.host.pgcluster import Cluster
from tests.host.serverclient import (
    OpenSSHPerson,
    ServerProcess,
    make_key,
    needs_openssh,
    ssh_run,
)
from tests.host.sshclient import run

pytestmark = needs_openssh


def test_a_fleet_on_one_database_shares_people_and_takes_over_tables(
    plugin_dir: Path, tmp_path: Path, pg_cluster: Cluster
) -> None:
    url = pg_cluster.database()
    keys = {n: make_key(tmp_path, n) for n in ("alice", "bob")}
    args = ("--open-registration", "--lease", "2")
    one = ServerProcess(plugin_dir, tmp_path, *args, db=url)
    two = ServerProcess(plugin_dir, tmp_path, *args, db=url)
    try:
        assert "PostgreSQL" in one.first
        assert "you are alice" in ssh_run(one.port, keys["alice"], "a", "register", "alice").stdout
        assert "you are bob" in ssh_run(two.port, keys["bob"], "b", "register", "bob").stdout
        # An account made on one process logs in on the other.
        assert ssh_run(two.port, keys["alice"], "a", "finger").stdout.startswith("alice:")

        async def create(rated: str) -> int:
            alice = await OpenSSHPerson("alice", keys["alice"]).connect(one.port)
            await alice.until(r"Welcome, alice\.")
            found = await alice.ask(
                f"create toygame people=2 ai=random time=1d {rated}", r"Table (\d+) created"
            )
            await alice.hang_up()
            return int(found.group(1))

        first = run(create("rated"))
        listing = ssh_run(two.port, keys["bob"], "bob", "tables").stdout
        assert re.search(rf"{first}\s+1 seat\(s\) free\s+toygame", listing), listing

        async def fetch() -> None:
            # Nobody is at the table on its process: it comes over to bob's.
            bob = await OpenSSHPerson("bob", keys["bob"]).connect(two.port)
            await bob.until(r"Welcome, bob\.")
            await bob.ask(f"join {first}", r"Welcome bob: you hold seat 2")
            await bob.until(r"the game begins")
            await bob.hang_up()

        run(fetch())
        assert f"table {first} handed over" in one.stderr()
        # A second table stays on the first process, which is then killed: the second
        # process takes it over once its lease has run out.
        second = run(create("casual"))
        one.kill9()
        end = time.monotonic() + 30
        while "1 table(s) reopened" not in two.stderr() and time.monotonic() < end:
            time.sleep(0.2)
        assert "1 table(s) reopened" in two.stderr(), two.stderr()
        listing = ssh_run(two.port, keys["bob"], "bob", "tables").stdout
        assert re.search(rf"{second}\s+1 seat\(s\) free\s+toygame", listing), listing

        async def play() -> None:
            bob = await OpenSSHPerson("bob", keys["bob"]).connect(two.port)
            await bob.until(r"Welcome, bob\.")
            await bob.ask(f"join {first}", r"Welcome bob: you hold seat 2")
            alice = await OpenSSHPerson("alice", keys["alice"]).connect(two.port)
            await alice.until(rf"Your turn at:\s+table {first}")
            await alice.ask(f"join {first}", r"Welcome alice: you hold seat 1")
            await asyncio.gather(alice.play_to_the_end(), bob.play_to_the_end())
            await alice.until(r"rating toygame 3p alice: new -> ")

        run(play())
        top = ssh_run(two.port, keys["bob"], "bob", "top", "toygame").stdout
        assert "alice" in top and "bob" in top, top
        assert two.stop()[0] == 0
    finally:
        one.close()
        two.close()
