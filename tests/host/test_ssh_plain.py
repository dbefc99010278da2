"""Issue 37 item 7: ``ssh -T HOST plain`` (no terminal at the client) gets a table in
plain lines: not one escape code (no colour, no cursor-position request, no redrawn
prompt), read from the raw bytes a real client receives while it plays."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import asyncssh

from tests.host.serverclient import needs_openssh, served_with_key, ssh_run
from tests.host.sshclient import WAIT, Server, keys, run


async def received_until(
    proc: asyncssh.SSHClientProcess[bytes], got: bytearray, *ends: bytes
) -> None:
    """Read raw bytes into ``got`` until each of ``ends`` arrived (in order)."""
    deadline = time.monotonic() + WAIT
    for end in ends:
        while end not in got:
            left = deadline - time.monotonic()
            assert left > 0, f"no {end!r}; received: {bytes(got)[-2000:]!r}"
            data = await asyncio.wait_for(proc.stdout.read(65536), left)
            assert data, f"closed before {end!r}; received: {bytes(got)[-2000:]!r}"
            got += data


def test_item7_plain_over_ssh_without_a_terminal_sends_no_escape_code(
    plugin_dir: Path, tmp_path: Path
) -> None:
    key = keys(tmp_path, "alice")
    server = Server(
        plugin_dir, tmp_path, "toygame", "-p", "human", "-p", "random", "--seed", "3",
        "--authorized-keys", "authorized_keys",
    )  # fmt: skip

    async def scenario() -> bytes:
        async with asyncssh.connect(
            "127.0.0.1", server.port, known_hosts=None, username="alice",
            client_keys=[key["alice"]], agent_path=None,
        ) as conn:  # fmt: skip
            # no term_type: no pty is asked for, as with ssh -T
            proc = await conn.create_process("plain", encoding=None)
            got = bytearray()
            await received_until(proc, got, b"Welcome alice", b"Your move, alice.")
            proc.stdin.write(b"actions\n")
            await received_until(proc, got, b"play ")
            proc.stdin.write(b"help\n")
            await received_until(proc, got, b"'quit' leaves")
            proc.stdin.write(b"quit\n")
            await received_until(proc, got, b"Your seat stays yours")
            return bytes(got)

    try:
        seen = run(scenario(), 120)
    finally:
        server.close()
    assert isinstance(seen, bytes)
    assert b"\x1b" not in seen, seen[:2000]
    assert b"alice" in seen


@needs_openssh
def test_lines_piped_to_ssh_are_answered_in_plain_lines_and_their_end_ends_the_session(
    plugin_dir: Path, tmp_path: Path
) -> None:
    """``printf 'seats\\nboard\\n' | ssh HOST``: a client with no terminal (no ``plain``
    asked) gets the table's plain lines, every line it sent answered (those that came
    with the session too), and the end of its input ends the session with status 0;
    before, it got the full screen's escape codes, its first lines were dropped and
    the session never ended."""
    server, alice = served_with_key(plugin_dir, tmp_path, "--seed", "3")
    try:
        done = ssh_run(server.port, alice, "alice", input="seats\nrules\n")
    finally:
        server.close()
    assert done.returncode == 0, done
    assert "\x1b" not in done.stdout and "\r" not in done.stdout, done.stdout[:2000]
    assert "Welcome alice" in done.stdout
    assert done.stdout.count("seat 1: alice") >= 2, done.stdout  # the welcome, then 'seats'
    assert "Rune Duel" in done.stdout.split("seat 1: alice")[-1], done.stdout  # 'rules'


@needs_openssh
def test_a_command_to_the_served_table_is_one_line_and_exit_status_2(
    plugin_dir: Path, tmp_path: Path
) -> None:
    """``vikingcli serve`` runs no command: ``ssh HOST who`` gets one line saying so
    and how to join, and status 2 (before: OpenSSH's 'exec request failed', 255)."""
    server, alice = served_with_key(plugin_dir, tmp_path)
    try:
        done = ssh_run(server.port, alice, "alice", "who")
    finally:
        server.close()
    assert (done.returncode, done.stderr) == (2, ""), done
    assert done.stdout == (
        "this table runs no command ('who'): ssh -p PORT NAME@HOST joins it;"
        " 'plain' after it for its lines\n"
    )
