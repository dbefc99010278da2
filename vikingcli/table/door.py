"""Who may open a connection to an SSH port of vikingcli (``serve``'s table, the
``server``): at most so many at once, and so many from one address, so that nobody
can keep the others out by opening connections and never logging in.

A connection over a limit holds no slot: it is kept a few seconds to be told why
when it logs in (``ssh`` shows the reason), then closed. Limits count an IPv4
address, or an IPv6 address's /64: one subscriber's block, any address of which a
client can take, so counting single IPv6 addresses would bound nothing.
"""

from __future__ import annotations

import asyncio
import ipaddress
from dataclasses import dataclass, field
from typing import Any

LOGIN_TIMEOUT = 30
"""Seconds a client has to log in; then it is dropped (its slot is free again)."""
TABLE_CONNECTIONS = 256
"""Connections at once to ``serve``'s table: its seats and its watchers."""
TABLE_PER_ADDRESS = 32
"""Connections at once to ``serve``'s table from one address (a household or a
classroom behind one router watches too)."""
REFUSED_GRACE = 5.0
"""Seconds a refused connection is kept to be told why at its login."""
MAX_REFUSING = 64
"""Refused connections kept at once to be told why; past this, one is closed at once."""


def address_group(host: str) -> str:
    """What the per-address limit counts ``host`` in: the IPv4 address (also of an
    IPv4-mapped IPv6 one), an IPv6 address's /64 network, else the text as given."""
    try:
        ip = ipaddress.ip_address(host.split("%", 1)[0])
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network((ip, 64), strict=False))
    return str(ip)


@dataclass
class Door:
    """The connections open now, in all and per address group, and the refused ones
    waiting to be told why (see the module's docstring)."""

    total: int
    per_address: int
    place: str = "server"
    """What is full: 'the server is full', 'the table is full'."""
    open: int = 0
    by_address: dict[str, int] = field(default_factory=dict)
    refusing: int = 0

    def enter(self, host: str) -> tuple[str, str | None]:
        """Count a new connection from ``host`` in, if the limits allow: its address
        group, and ``None``, or why it is refused (then it is not counted)."""
        group = address_group(host)
        if self.open >= self.total:
            return group, f"the {self.place} is full; try again later"
        if self.by_address.get(group, 0) >= self.per_address:
            return group, f"at most {self.per_address} connections from one address"
        self.open += 1
        self.by_address[group] = self.by_address.get(group, 0) + 1
        return group, None

    def leave(self, group: str) -> None:
        """A connection :meth:`enter` counted in is gone."""
        self.open -= 1
        left = self.by_address.get(group, 1) - 1
        if left > 0:
            self.by_address[group] = left
        else:
            self.by_address.pop(group, None)

    def turn_away(self, conn: Any) -> asyncio.TimerHandle | None:
        """Close a refused connection REFUSED_GRACE seconds from now (sooner if it
        logs in and is told why), or at once when MAX_REFUSING wait already; the
        timer, to cancel with :meth:`gone` when it closes first."""
        loop = asyncio.get_running_loop()
        if self.refusing >= MAX_REFUSING:
            loop.call_soon(conn.abort)
            return None
        self.refusing += 1
        return loop.call_later(REFUSED_GRACE, conn.abort)

    def gone(self, timer: asyncio.TimerHandle | None) -> None:
        """A connection :meth:`turn_away` kept is closed."""
        if timer is not None:
            timer.cancel()
            self.refusing -= 1
