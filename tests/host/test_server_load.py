"""The server under load, bounded and on loopback only: 100 SSH sessions (asyncssh
clients with terminals) over 20 tables whose AI seats think all the time, every
session typing: every keystroke comes back (its echo) and no session is dropped.
Once with every session on the lobby's prompt (``ssh -t HOST plain``), once on the
full screen an 80x24 terminal gets. How long the echoes took is printed (``pytest
-s``) and kept in ``latency.json`` beside the test's server; it is judged against its
target (p99 under 100 ms) by ``benchmarks/server_latency.py``, not here: a figure of
the clock depends on what else the machine runs (CI once measured 106 ms where this
machine measures 30-72 ms). tox runs it alone, after the other tests (marker
``load``): a test worker beside it would take the cores it measures."""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import statistics
import time
from pathlib import Path

import asyncssh
import pytest

from tests.host.serverclient import ServerProcess, children
from vikingcli.server.sqlstore import open_store

SESSIONS = 100
TABLES = 20
KEYSTROKES = 8
"""Per session, measured after every session is at its table."""
MARK = "¤"
"""A character no game prints: its echo is the answer to the keystroke."""


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


class Client:
    """One session: an asyncssh client with an 80x24 terminal that answers the
    server's cursor-position questions and times the echo of each keystroke;
    ``plain``: on the lobby's prompt, else on the full screen."""

    def __init__(self, name: str, key: asyncssh.SSHKey, plain: bool) -> None:
        self.name, self.key, self.plain = name, key, plain
        self.text = ""
        self.sent_at: float | None = None
        self.echo = asyncio.Event()
        self.latencies: list[float] = []
        self.closed = False

    async def connect(self, port: int) -> Client:
        self.conn = await asyncssh.connect(
            "127.0.0.1", port, known_hosts=None, username=self.name, client_keys=[self.key],
            agent_path=None, preferred_auth="publickey",
        )  # fmt: skip
        self.proc = await self.conn.create_process(
            "plain" if self.plain else None, term_type="xterm", term_size=(80, 24)
        )
        self.reader = asyncio.ensure_future(self._read())
        return self

    async def _read(self) -> None:
        while True:
            data = await self.proc.stdout.read(65536)
            if not data:
                self.closed = True
                self.echo.set()
                return
            if "\x1b[6n" in data:
                self.proc.stdin.write("\x1b[1;1R")
            if self.sent_at is not None and MARK in data:
                self.latencies.append(time.perf_counter() - self.sent_at)
                self.sent_at = None
                self.echo.set()
            self.text = (self.text + data)[-20000:]

    async def until(self, words: str, timeout: float = 30) -> None:
        end = time.monotonic() + timeout
        while words not in self.text:
            assert not self.closed and time.monotonic() < end, f"{self.name}: no {words!r}"
            await asyncio.sleep(0.05)

    async def say(self, line: str, server: ServerProcess, answer: str) -> re.Match[str]:
        """Type ``line``; wait for the server's log to say it was done (a full screen
        is drawn by differences: its output need not hold the answer's words)."""
        self.proc.stdin.write(line + "\r")
        end = time.monotonic() + 30
        while not (found := re.search(answer, server.stderr())):
            assert not self.closed and time.monotonic() < end, f"{self.name}: no {answer!r}"
            await asyncio.sleep(0.1)
        return found

    async def type_marks(self, rng: random.Random) -> None:
        for i in range(KEYSTROKES):
            await asyncio.sleep(rng.uniform(1.0, 3.0))  # people type now and then
            self.echo.clear()
            self.sent_at = time.perf_counter()
            self.proc.stdin.write(MARK)
            await asyncio.wait_for(self.echo.wait(), 10)
            assert not self.closed, f"{self.name} was dropped"
            if i % 4 == 3:
                self.proc.stdin.write("\x15")  # Ctrl-U: the prompt is empty again


@pytest.mark.slow
@pytest.mark.load
@pytest.mark.parametrize("plain", [True, False], ids=["prompt", "full-screen"])
def test_100_sessions_over_20_thinking_tables_echo_fast(
    plugin_dir: Path, tmp_path: Path, plain: bool
) -> None:
    keys = [asyncssh.generate_private_key("ssh-ed25519") for _ in range(SESSIONS)]
    store = open_store(str(tmp_path / "db.sqlite"))
    for i, key in enumerate(keys):
        store.create_account(f"p{i:03d}", key.get_fingerprint("sha256"), time.time())
    store.close()
    server = ServerProcess(plugin_dir, tmp_path, "--workers", "2", "--per-address", "200",
                           "--max-connections", "300")  # fmt: skip
    try:
        time.sleep(2)  # the workers start
        rss_start = rss_kib(server.proc.pid)

        async def scenario() -> dict[str, object]:
            clients = [Client(f"p{i:03d}", k, plain) for i, k in enumerate(keys)]
            began = time.perf_counter()
            for batch in range(0, SESSIONS, 20):
                await asyncio.gather(*(c.connect(server.port) for c in clients[batch : batch + 20]))
            await asyncio.gather(*(c.until("Welcome,") for c in clients))
            connected = time.perf_counter() - began
            creators, watchers = clients[:TABLES], clients[TABLES:]
            made = await asyncio.gather(
                *(
                    c.say(
                        "create jorvik people=0 ai=mcts:seconds=1 ai=mcts:seconds=1 time=1d casual",
                        server,
                        rf"{c.name} created table (\d+)",
                    )
                    for c in creators
                )
            )
            numbers = [int(found.group(1)) for found in made]
            await asyncio.gather(
                *(
                    w.say(f"watch {numbers[i % TABLES]}", server, rf"{w.name} watches")
                    for i, w in enumerate(watchers)
                )
            )
            rss_seated = rss_kib(server.proc.pid)
            await asyncio.sleep(2)  # the AI seats are thinking everywhere
            rng = random.Random(7)
            started = time.perf_counter()
            await asyncio.gather(*(c.type_marks(random.Random(rng.random())) for c in clients))
            typing = time.perf_counter() - started
            dropped = [c.name for c in clients if c.closed]
            latencies = sorted(x for c in clients for x in c.latencies)
            moves = sum(c.text.count(": ") for c in clients)
            for c in clients:
                c.conn.close()
            return {
                "sessions": SESSIONS, "tables": TABLES, "keystrokes": len(latencies),
                "p50_ms": round(statistics.median(latencies) * 1000, 1),
                "p99_ms": round(latencies[int(len(latencies) * 0.99) - 1] * 1000, 1),
                "max_ms": round(latencies[-1] * 1000, 1),
                "dropped": dropped, "connect_s": round(connected, 1),
                "typing_s": round(typing, 1), "rss_seated_kib": rss_seated,
                "lines_seen": moves,
            }  # fmt: skip

        result = asyncio.run(asyncio.wait_for(scenario(), 120))
        result["rss_start_kib"] = rss_start
        result["rss_end_kib"] = rss_kib(server.proc.pid)
        result["workers_rss_kib"] = [rss_kib(p) for p in children(server.proc.pid)]
        result["cores"] = os.cpu_count()
        (tmp_path / "latency.json").write_text(json.dumps(result))
        print("\nload:", json.dumps(result))
        assert result["dropped"] == []
        assert result["keystrokes"] == SESSIONS * KEYSTROKES
        assert "Traceback" not in server.stderr()
    finally:
        server.close()
