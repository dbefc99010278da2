"""SSH tables: a remote person plays a whole game; seats survive a dropped connection."""

from __future__ import annotations

import asyncio
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import asyncssh
import orjson
import pytest

PROMPT = "seat 0 > "


def _start_server(plugin_dir: Path, cwd: Path, *extra: str) -> tuple[subprocess.Popen[str], int]:
    """``vikingcli serve`` of the fixture game (seat 0 human, seat 1 random) on a free port."""
    env = dict(os.environ, PYTHONPATH=str(plugin_dir))
    args = [
        "serve",
        "toygame",
        "-p",
        "human",
        "-p",
        "random",
        "--port",
        "0",
        "--host-key",
        "hostkey",
    ]
    proc = subprocess.Popen(
        [sys.executable, "-m", "vikingcli", *args, *extra],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=cwd,
    )
    assert proc.stdout is not None
    first = proc.stdout.readline()
    match = re.search(r"127\.0\.0\.1:(\d+)", first)
    assert match, first + (proc.stderr.read() if proc.stderr else "")
    proc.stdout.readline()
    return proc, int(match.group(1))


@pytest.fixture
def table(plugin_dir: Path, tmp_path: Path) -> Iterator[tuple[int, Path, subprocess.Popen[str]]]:
    proc, port = _start_server(plugin_dir, tmp_path, "--seed", "3", "--save", "table")
    try:
        yield port, tmp_path, proc
    finally:
        proc.kill()
        proc.wait()


class Client:
    def __init__(self, process: asyncssh.SSHClientProcess[str]) -> None:
        self.process = process
        self.seen = ""

    async def until(self, *marks: str) -> str:
        while not any(m in self.seen for m in marks):
            chunk = await asyncio.wait_for(self.process.stdout.read(4096), 30)
            if not chunk:
                break
            self.seen += chunk
        return self.seen

    async def say(self, line: str) -> None:
        self.seen = ""
        self.process.stdin.write(line + "\r")

    async def play_one_move(self) -> bool:
        """Ask for the legal actions, play the first; False once the game is over."""
        await self.say("actions")
        text = await self.until(PROMPT + "", "Game over.")
        if "Game over." in text:
            return False
        found = re.search(r"(play \d+)", text.split("actions", 1)[-1])
        assert found, text
        await self.say(found.group(1))
        await self.until(PROMPT, "Game over.")
        return "Game over." not in self.seen


async def _connect(
    port: int, user: str, **kwargs: object
) -> tuple[asyncssh.SSHClientConnection, Client]:
    conn = await asyncssh.connect("127.0.0.1", port, known_hosts=None, username=user, **kwargs)
    process = await conn.create_process(term_type="xterm")
    return conn, Client(process)


def test_a_remote_person_plays_a_whole_game_and_it_is_saved(table) -> None:
    port, folder, server = table

    async def scenario() -> str:
        conn, client = await _connect(port, "alice")
        async with conn:
            text = await client.until(PROMPT)
            assert "Welcome alice: you hold seat 0" in text
            assert "All seats are taken" in text
            moves = 0
            while await client.play_one_move():
                moves += 1
            return client.seen

    final = asyncio.run(scenario())
    assert "Game over." in final and "seat 0 alice:" in final
    assert server.wait(timeout=30) == 0
    doc = orjson.loads((folder / "saves" / "table.json").read_bytes())
    assert len(doc["actions"]) == 24 and doc["result"]["end_reason"] == "rules"


def test_a_dropped_seat_is_taken_over_by_the_next_connection(table) -> None:
    port, _, server = table

    async def scenario() -> tuple[str, str]:
        conn, alice = await _connect(port, "alice")
        async with conn:
            await alice.until(PROMPT)
            assert await alice.play_one_move()
        for _ in range(40):  # the server frees the seat once it sees the hang-up
            conn2, bob = await _connect(port, "bob")
            text = await bob.until(PROMPT, "table is full")
            if "table is full" not in text:
                break
            conn2.close()
            await asyncio.sleep(0.25)
        async with conn2:
            while await bob.play_one_move():
                pass
            return text, bob.seen

    rejoined, final = asyncio.run(scenario())
    assert "Welcome bob: you hold seat 0" in rejoined and "took over seat 0" in rejoined
    assert "seat 0 bob:" in final
    assert server.wait(timeout=30) == 0


def test_with_authorized_keys_only_those_keys_get_in(plugin_dir: Path, tmp_path: Path) -> None:
    good = asyncssh.generate_private_key("ssh-ed25519")
    bad = asyncssh.generate_private_key("ssh-ed25519")
    (tmp_path / "keys").write_bytes(good.export_public_key())
    proc, port = _start_server(plugin_dir, tmp_path, "--authorized-keys", "keys")
    try:

        async def attempt(key: asyncssh.SSHKey) -> bool:
            try:
                conn = await asyncssh.connect(
                    "127.0.0.1", port, known_hosts=None, username="carol", client_keys=[key]
                )
            except asyncssh.PermissionDenied:
                return False
            conn.close()
            return True

        assert asyncio.run(attempt(bad)) is False
        assert asyncio.run(attempt(good)) is True
    finally:
        proc.kill()
        proc.wait()
