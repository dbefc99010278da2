"""The server's SSH endpoint: who gets in, how many connections, start and stop.

A key gets in when it belongs to an account, when it may register one (the
registration policy), or while some account waits for a new key (``addkey``: then it
may only give that account's one-time code); a client without a key never does.
Connections are counted per address and in all (:mod:`vikingcli.table.door`); a client
that does not finish logging in within LOGIN_TIMEOUT seconds, or stops answering
keepalives, is dropped.
"""

from __future__ import annotations

import asyncio
import signal
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import asyncssh

from vikingcli.server.lobby import Lobby
from vikingcli.server.screen import ServerSession
from vikingcli.table.door import LOGIN_TIMEOUT, Door
from vikingcli.table.guarded import close_when_said
from vikingcli.table.limits import SharedBudgets
from vikingcli.table.ssh import read_host_key, write_host_key

KEEPALIVE = 30
MAX_KEY_CHECKS = 12
"""Key checks one connection may ask for (each key offered is checked, the one that
logs in twice), as OpenSSH's MaxAuthTries bounds them: each costs a look-up in the
database, and asyncssh bounds them by nothing else."""


class _Endpoint:
    """What every connection shares: the lobby and the counts."""

    def __init__(self, lobby: Lobby) -> None:
        self.lobby = lobby
        self.door = Door(lobby.limits.max_connections, lobby.limits.per_address)
        self.conns: set[asyncssh.SSHServerConnection] = set()
        self.sessions: set[Any] = set()
        self.budget = SharedBudgets()


class _Connection(asyncssh.SSHServer):
    def __init__(self, endpoint: _Endpoint) -> None:
        self.endpoint = endpoint
        self.address = ""
        """The address group the limits count (an IPv6 client's /64)."""
        self.fingerprint: str | None = None
        self.refused: str | None = None
        self._turned_away: asyncio.TimerHandle | None = None
        self.key_checks = 0

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        ep = self.endpoint
        peer = conn.get_extra_info("peername")
        self.address, self.refused = ep.door.enter(str(peer[0]) if peer else "")
        if self.refused is None:
            ep.conns.add(conn)
        else:
            self._turned_away = ep.door.turn_away(conn)

    def connection_lost(self, exc: Exception | None) -> None:
        ep = self.endpoint
        if self.refused is None:
            ep.conns.discard(self.conn)
            ep.door.leave(self.address)
        else:
            ep.door.gone(self._turned_away)

    def begin_auth(self, username: str) -> bool:
        if self.refused is not None:
            raise asyncssh.DisconnectError(asyncssh.DISC_TOO_MANY_CONNECTIONS, self.refused)
        return True

    def public_key_auth_supported(self) -> bool:
        return True

    async def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        # Spent before the look-up, so checks asked for at once count at once.
        self.key_checks += 1
        if self.key_checks > MAX_KEY_CHECKS:
            raise asyncssh.DisconnectError(
                asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE,
                "too many keys offered: log in with your account's"
                " (ssh -i KEY -o IdentitiesOnly=yes)",
            )
        lobby = self.endpoint.lobby
        fingerprint = key.get_fingerprint("sha256")
        store = lobby.store.store
        known = await lobby.store.call(store.account_by_key, fingerprint)
        # A key nobody may register with gets in only while some account waits for a
        # new key: then it may give that account's code ('addkey'), nothing else.
        if (
            known is None
            and not lobby.policy.admits(fingerprint)
            and not await lobby.store.call(store.key_codes_pending, time.time())
        ):
            return False
        # The last key accepted is the one that signs (each attempt is checked again).
        self.fingerprint = fingerprint
        return True

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def session_requested(self) -> ServerSession:
        assert self.fingerprint is not None
        user = self.conn.get_extra_info("username") or ""
        ep = self.endpoint
        return ServerSession(
            ep.lobby, self.address, self.fingerprint, user, ep.sessions, ep.budget
        )


async def run_server(
    lobby: Lobby,
    host: str,
    port: int,
    host_key: Path,
    on_listen: Callable[[str, int, int], None],
    stop: asyncio.Event | None = None,
) -> str:
    """Listen until SIGTERM, SIGINT or ``stop``; every table is kept as it stands.
    ``on_listen(host, port, tables)`` runs once the port is open and the tables are
    back. Returns why the server stopped."""
    new_key = not host_key.exists()
    key = asyncssh.generate_private_key("ssh-ed25519") if new_key else read_host_key(host_key)
    endpoint = _Endpoint(lobby)
    server = await asyncssh.create_server(
        lambda: _Connection(endpoint),
        host,
        port,
        server_host_keys=[key],
        encoding="utf-8",
        errors="replace",
        # prompt-toolkit edits the line; asyncssh's own line editor would only sit in
        # the way of every byte sent (measuring each character's column).
        line_editor=False,
        login_timeout=LOGIN_TIMEOUT,
        keepalive_interval=KEEPALIVE,
        keepalive_count_max=4,
    )
    loop = asyncio.get_running_loop()
    loop.set_exception_handler(
        lambda _, context: lobby.log(f"server error: {context.get('message', context)}")
    )
    stop = stop or asyncio.Event()
    reason = "the server stopped"

    def stopping(why: str) -> None:
        nonlocal reason
        reason = why
        stop.set()

    try:
        if new_key:
            write_host_key(key, host_key)
        tables = await lobby.open()
        on_listen(host, server.sockets[0].getsockname()[1], tables)
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(sig, stopping, f"the server stopped ({sig.name})")
        await stop.wait()
    finally:
        for sig in (signal.SIGTERM, signal.SIGINT):
            loop.remove_signal_handler(sig)
        server.close()
        await lobby.stop(reason)  # every session was told goodbye
        await close_when_said(endpoint.sessions, endpoint.conns)
        await server.wait_closed()
    return reason
