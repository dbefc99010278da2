"""A server that stops tells every session why and closes each connection only once
that was said: closing a connection drops what asyncssh has not yet sent."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest

from vikingcli.table import guarded
from vikingcli.table.guarded import close_when_said


class Client:
    """An ssh client's connection: it hangs up by itself once its session is over."""

    def __init__(self, conns: set[Any]) -> None:
        self.conns = conns
        self.closed_by_server: float | None = None
        self.gone = asyncio.Event()

    def hang_up(self) -> None:
        self.conns.discard(self)
        self.gone.set()

    def close(self) -> None:
        self.closed_by_server = time.monotonic()
        self.hang_up()

    async def wait_closed(self) -> None:
        await self.gone.wait()


def test_a_session_slower_than_three_seconds_to_say_goodbye_is_not_cut_off() -> None:
    """On a loaded CI machine a full screen's exit (its last screen, a wait for the
    terminal's cursor report, its last words) took longer than the fixed three
    seconds the servers gave it, and the person's terminal never said why it closed."""

    async def scenario() -> Client:
        session, conns = object(), set[Any]()
        live = {session}
        client = Client(conns)
        conns.add(client)
        loop = asyncio.get_running_loop()
        loop.call_later(3.5, live.discard, session)
        loop.call_later(3.6, client.hang_up)
        await close_when_said(live, conns)
        return client

    client = asyncio.run(scenario())
    assert client.closed_by_server is None


def test_a_session_that_never_ends_is_cut_off_after_the_grace(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(guarded, "HANG_UP_DELAY", 0.2)
    monkeypatch.setattr(guarded, "GOODBYE_GRACE", 0.3)

    async def scenario() -> tuple[Client, float]:
        conns = set[Any]()
        client = Client(conns)
        conns.add(client)
        start = time.monotonic()
        await close_when_said({object()}, conns)
        return client, start

    client, start = asyncio.run(scenario())
    assert client.closed_by_server is not None
    assert 0.5 <= client.closed_by_server - start < 2


class Stuck(Client):
    """A client that never finishes closing (its wait never ends)."""

    def close(self) -> None:
        self.closed_by_server = time.monotonic()

    async def wait_closed(self) -> None:
        await asyncio.Event().wait()


def test_stuck_clients_are_closed_at_once_not_one_after_another(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two seconds for each stuck connection, one after another, held a server's stop
    for minutes when many clients hung; all get the same two seconds."""
    monkeypatch.setattr(guarded, "HANG_UP_DELAY", 0.1)
    monkeypatch.setattr(guarded, "GOODBYE_GRACE", 0.1)

    async def scenario() -> tuple[list[Stuck], float]:
        conns = set[Any]()
        stuck = [Stuck(conns) for _ in range(5)]
        conns.update(stuck)
        start = time.monotonic()
        await close_when_said(set(), conns)
        return stuck, time.monotonic() - start

    stuck, took = asyncio.run(scenario())
    assert all(client.closed_by_server is not None for client in stuck)
    assert took < 5  # 1 s for them to hang up, then 2 s for all; one by one: 11 s
