"""Who may open a connection (vikingcli.table.door), at a real ``vikingcli server``
and ``vikingcli serve`` with OpenSSH clients: connections that never log in, from one
address, fill no slot of anyone else's; an IPv6 client counts by its /64."""

from __future__ import annotations

import socket
import subprocess
import time
from pathlib import Path

from tests.host.serverclient import (
    ServerProcess,
    make_key,
    needs_openssh,
    served_with_key,
    ssh_args,
)
from tests.host.sshclient import WAIT
from vikingcli.table.door import MAX_REFUSING, REFUSED_GRACE, Door, address_group


def test_an_ipv6_client_counts_by_its_64_and_a_mapped_ipv4_by_its_ipv4() -> None:
    assert address_group("2001:db8:1:2:aaaa::1") == "2001:db8:1:2::/64"
    assert address_group("2001:db8:1:2:ffff:1:2:3") == "2001:db8:1:2::/64"
    assert address_group("2001:db8:1:3::1") == "2001:db8:1:3::/64"
    assert address_group("fe80::1%eth0") == "fe80::/64"
    assert address_group("::ffff:192.0.2.7") == "192.0.2.7"
    assert address_group("192.0.2.7") == "192.0.2.7"
    assert address_group("") == ""


def test_a_refused_connection_holds_no_slot() -> None:
    door = Door(total=3, per_address=2)
    assert door.enter("2001:db8::1") == ("2001:db8::/64", None)
    assert door.enter("2001:db8::2") == ("2001:db8::/64", None)
    # any other address of the same /64 is the same client
    assert door.enter("2001:db8::ffff") == (
        "2001:db8::/64",
        "at most 2 connections from one address",
    )
    for _ in range(50):  # however many it opens, they count nowhere
        assert door.enter("2001:db8::3")[1] is not None
    assert door.enter("192.0.2.1") == ("192.0.2.1", None)
    assert door.enter("192.0.2.2")[1] == "the server is full; try again later"
    door.leave("192.0.2.1")
    assert door.enter("192.0.2.2") == ("192.0.2.2", None)
    assert (door.open, door.by_address) == (3, {"2001:db8::/64": 2, "192.0.2.2": 1})


def idle_connections(port: int, count: int) -> list[socket.socket]:
    """``count`` TCP connections from 127.0.0.1 that never say a word."""
    return [socket.create_connection(("127.0.0.1", port), timeout=WAIT) for _ in range(count)]


def closed(sock: socket.socket) -> bool:
    sock.setblocking(False)
    try:
        while sock.recv(4096):
            pass
    except BlockingIOError:
        return False
    except OSError:
        pass
    return True


def who_from(port: int, key: Path, user: str, source: str) -> subprocess.CompletedProcess[str]:
    """``ssh -b SOURCE ... who``: OpenSSH from another loopback address."""
    args = ssh_args(port, key, user, tty=False)
    return subprocess.run(
        [*args[:-1], "-b", source, args[-1], "who"], capture_output=True, text=True, timeout=WAIT
    )


@needs_openssh
def test_connections_that_never_log_in_from_one_address_keep_nobody_else_out(
    plugin_dir: Path, tmp_path: Path
) -> None:
    """Before: every connection counted toward the server's total, refused or not,
    until it logged in or LOGIN_TIMEOUT passed, so one address opening idle
    connections turned everyone away ('the server is full')."""
    key = make_key(tmp_path, "amy")
    server = ServerProcess(
        plugin_dir, tmp_path, "--open-registration", "--per-address", "2",
        "--max-connections", "4",
    )  # fmt: skip
    try:
        assert who_from(server.port, key, "amy", "127.0.0.2").returncode == 2  # no account
        flood = idle_connections(server.port, 10)
        try:
            done = who_from(server.port, key, "amy", "127.0.0.2")
            assert "This key has no account here" in done.stdout, done
            over = who_from(server.port, key, "amy", "127.0.0.1")  # told why
            assert "at most 2 connections from one address" in over.stderr, over
            flood += idle_connections(server.port, 2 * MAX_REFUSING)
            done = who_from(server.port, key, "amy", "127.0.0.2")
            assert "This key has no account here" in done.stdout, done
            # the refused ones are closed: at once past MAX_REFUSING, the rest soon
            time.sleep(0.5)
            assert sum(closed(s) for s in flood) >= len(flood) - 2 - MAX_REFUSING
            time.sleep(REFUSED_GRACE + 1)
            assert sum(closed(s) for s in flood) == len(flood) - 2
        finally:
            for sock in flood:
                sock.close()
    finally:
        server.close()


@needs_openssh
def test_a_served_table_turns_away_one_address_s_idle_connections(
    plugin_dir: Path, tmp_path: Path
) -> None:
    """``vikingcli serve`` had no bound on connections at all."""
    server, key = served_with_key(plugin_dir, tmp_path)
    try:
        flood = idle_connections(server.port, 40)
        try:
            over = who_from(server.port, key, "alice", "127.0.0.1")
            assert "at most 32 connections from one address" in over.stderr, over
            done = who_from(server.port, key, "alice", "127.0.0.2")
            assert done.returncode == 2 and "this table runs no command" in done.stdout, done
        finally:
            for sock in flood:
                sock.close()
    finally:
        server.close()
