"""Accounts: the names people register, who may register, and how often.

An account is bound to SSH keys, never to the user name a client sends: the first
connection of a new key registers a name, later connections of that key are that
person, and a logged-in person can add another key. Who may register is the host's
choice (:class:`Policy`); the safe default is nobody.
"""

from __future__ import annotations

import hmac
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from vikingcli.table.limits import Bucket

NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]{1,15}")
NAME_RULE = "2-16 letters, digits, '-' or '_', starting with a letter"
RESERVED = frozenset(
    {"admin", "ai", "all", "anyone", "everyone", "guest", "host", "lobby", "me", "nobody",
     "root", "server", "system", "vikingcli", "who"}
)  # fmt: skip
"""Names nobody may take: they would read as the server or a command in a message."""


def check_name(name: str) -> str | None:
    """Why ``name`` cannot be an account name, or ``None`` when it can."""
    if not NAME.fullmatch(name):
        shown = "".join(ch if ch.isprintable() else "?" for ch in name)[:40]
        return f"{shown!r} is not a name: {NAME_RULE}"
    if name.casefold() in RESERVED:
        return f"{name!r} is reserved; choose another"
    return None


def keyfile_name(comment: str) -> str | None:
    """The name a key file suggests for a key (its comment ``NAME`` or ``NAME@HOST``)."""
    name = comment.strip().split("@", 1)[0].strip()
    return name if name and check_name(name) is None else None


@dataclass
class Policy:
    """Who may register a new account.

    ``open``: anyone who reaches the server (``--open-registration``);
    ``keys``: the fingerprints of a key file (``--registration-keys FILE``);
    ``invites``: anyone who gives one of these codes (``--invite CODE``).
    All empty: nobody (the default; existing accounts still log in)."""

    open: bool = False
    keys: dict[str, str | None] = field(default_factory=dict)
    """Fingerprint -> the name the key file suggests (from the key's comment)."""
    invites: tuple[str, ...] = ()

    @property
    def anyone(self) -> bool:
        """Whether a key the server has never seen may try to register."""
        return self.open or bool(self.invites)

    def admits(self, fingerprint: str) -> bool:
        """Whether this new key may start registering (invite codes are asked later)."""
        return self.anyone or fingerprint in self.keys

    def needs_code(self, fingerprint: str) -> bool:
        return not self.open and fingerprint not in self.keys

    def code_ok(self, code: str) -> bool:
        code = code.strip()
        # Compared in constant time: how long a refusal takes tells nothing.
        return any(hmac.compare_digest(code.encode(), c.encode()) for c in self.invites)

    def describe(self) -> str:
        if self.open:
            return "open registration: any new key may register a name"
        parts = []
        if self.keys:
            parts.append(f"{len(self.keys)} key(s) from the registration key file")
        if self.invites:
            parts.append(f"{len(self.invites)} invite code(s)")
        if not parts:
            return "registration closed: only existing accounts log in"
        return "registration by " + " and ".join(parts)


REGISTER_PER_ADDRESS = (3, 3600.0)
"""New accounts one address may register: 3, then one an hour."""
REGISTER_PER_SERVER = (30, 3600.0)
"""New accounts the server takes: 30 at once, then 30 an hour."""
CODE_TRIES = 5
"""Wrong invite codes one connection may give before it is closed."""


class Registrations:
    """The rate of new accounts, per address and for the whole server."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        burst, per = REGISTER_PER_SERVER
        self.server = Bucket(burst / per, burst, clock)
        self.by_address: dict[str, Bucket] = {}

    def _address(self, address: str) -> Bucket:
        if len(self.by_address) > 10000:  # forget full buckets: memory stays bounded
            self.by_address = {
                a: b for a, b in self.by_address.items() if b.tokens < b.burst - 1e-9
            }
        burst, per = REGISTER_PER_ADDRESS
        return self.by_address.setdefault(address, Bucket(burst / per, burst, self.clock))

    def check(self, address: str) -> str | None:
        """Why ``address`` may not register now, or ``None`` when it may."""
        mine = self._address(address)
        mine._refill()
        self.server._refill()
        if mine.tokens < 1:
            return "too many new accounts from your address; try again in an hour"
        if self.server.tokens < 1:
            return "the server takes no more new accounts this hour; try again later"
        return None

    def spend(self, address: str) -> None:
        """An account was registered from ``address``."""
        self._address(address).take()
        self.server.take()

    def allow(self, address: str) -> str | None:
        """:meth:`check`, and spend one registration when allowed."""
        problem = self.check(address)
        if problem is None:
            self.spend(address)
        return problem
