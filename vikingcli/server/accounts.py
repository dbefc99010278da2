"""Accounts: the names people register, who may register, how often, and the codes
that add a key to an account.

An account is bound to SSH keys, never to the user name a client sends: the first
connection of a new key registers a name, later connections of that key are that
person. Another key joins an account only from a session of that very key, with a
one-time code from ``addkey`` in a session of the account (:func:`new_key_code`):
nobody can add a public key they merely know. Who may register is the host's choice
(:class:`Policy`); the safe default is nobody. Wrong codes (invite codes, key codes)
are counted per address (:class:`Guesses`); how many accounts an address and the
server may register is counted by the store, in the transaction that registers.
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import asyncssh

NAME = re.compile(r"[A-Za-z][A-Za-z0-9_-]{1,15}")
NAME_RULE = "2-16 letters, digits, '-' or '_', starting with a letter"
RESERVED = frozenset(
    {"admin", "ai", "all", "anyone", "everyone", "guest", "host", "lobby", "me", "nobody",
     "root", "server", "system", "vikingcli", "who"}
)  # fmt: skip
"""Names nobody may take: they would read as the server or a command in a message."""

_LOOK_ALIKE = str.maketrans(
    {
        "1": "l", "i": "l", "|": "l", "!": "l", "0": "o", "_": "-", "5": "s",
        # Cyrillic and Greek letters drawn as Latin ones (after casefold).
        "а": "a", "в": "b", "е": "e", "ё": "e", "һ": "h", "і": "l", "ї": "l", "ј": "j",
        "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t", "у": "y",
        "х": "x", "ѕ": "s", "ԁ": "d", "ԛ": "q", "ԝ": "w", "ɡ": "g",
        "α": "a", "β": "b", "ε": "e", "η": "n", "ι": "l", "κ": "k", "ν": "v", "ο": "o",
        "ρ": "p", "τ": "t", "υ": "u", "χ": "x", "ω": "w", "μ": "u",
    }
)  # fmt: skip


def skeleton(name: str) -> str:
    """What ``name`` looks like: two names with one skeleton are told apart by nobody
    reading them (``aIice``/``alice``, ``rn``/``m``, Cyrillic ``а``/Latin ``a``)."""
    look = unicodedata.normalize("NFKC", name).casefold().translate(_LOOK_ALIKE)
    for pair, single in (("rn", "m"), ("vv", "w"), ("cl", "d")):
        look = look.replace(pair, single)
    return look


_RESERVED_LOOKS = frozenset(skeleton(name) for name in RESERVED)


def check_name(name: str) -> str | None:
    """Why ``name`` cannot be an account name, or ``None`` when it can."""
    if not NAME.fullmatch(name):
        shown = "".join(ch if ch.isprintable() else "?" for ch in name)[:40]
        return f"{shown!r} is not a name: {NAME_RULE}"
    if name.casefold() in RESERVED or skeleton(name) in _RESERVED_LOOKS:
        return f"{name!r} is reserved; choose another"
    return None


@dataclass
class Policy:
    """Who may register a new account.

    ``open``: anyone who reaches the server (``--open-registration``);
    ``keys``: the fingerprints of a key file (``--registration-keys FILE``);
    ``invites``: anyone who gives one of these codes (``--invite CODE``).
    All empty: nobody (the default; existing accounts still log in)."""

    open: bool = False
    keys: dict[str, str | None] = field(default_factory=dict)
    """Fingerprint -> the name the key file binds to it (a ``NAME KEY`` line), or
    ``None`` (a plain key line: the key registers a free name of its choice)."""
    invites: tuple[str, ...] = ()

    @property
    def anyone(self) -> bool:
        """Whether a key the server has never seen may try to register."""
        return self.open or bool(self.invites)

    def admits(self, fingerprint: str) -> bool:
        """Whether this new key may start registering (invite codes are asked later)."""
        return self.anyone or fingerprint in self.keys

    def needs_code(self, fingerprint: str) -> bool:
        """Whether this new key must give an invite code before it registers."""
        return not self.open and fingerprint not in self.keys

    def name_problem(self, fingerprint: str, name: str) -> str | None:
        """Why this key may not take ``name`` by the key file, or ``None``: a key bound
        to a name takes that name only, and a bound name (or one that looks like it)
        is no other key's."""
        bound = self.keys.get(fingerprint)
        if bound is not None and bound.casefold() != name.casefold():
            return f"this key registers the name {bound!r} only (the server's key file)"
        look = skeleton(name)
        for other, kept in self.keys.items():
            if kept is not None and other != fingerprint and skeleton(kept) == look:
                return f"the name {name!r} is kept for another key; choose another"
        return None

    def code_ok(self, code: str) -> bool:
        """Whether ``code`` is one of the invite codes."""
        code = code.strip()
        # Compared in constant time: how long a refusal takes tells nothing.
        return any(hmac.compare_digest(code.encode(), c.encode()) for c in self.invites)

    def describe(self) -> str:
        """One line for a new key: who may register here."""
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




def read_registration_keys(path: Path) -> dict[str, str | None]:
    """``--registration-keys FILE``: fingerprint -> the name bound to the key. A line
    ``NAME KEY`` (``alice ssh-ed25519 AAAA... [comment]``) lets that key register
    NAME and nothing else, and keeps NAME from every other key; a plain public key
    line (an authorized_keys line) lets the key register a free name of its choice.
    ``ValueError`` names the file, the line and what is wrong."""
    try:
        with path.open("rb") as fh:
            data = fh.read(KEY_FILE_MAX + 1)
    except OSError as exc:
        raise ValueError(f"{path}: cannot read: {exc.strerror or exc}") from None
    if len(data) > KEY_FILE_MAX:
        raise ValueError(f"{path}: larger than {KEY_FILE_MAX // 1024} KiB")
    keys: dict[str, str | None] = {}
    names: dict[str, int] = {}
    for number, raw in enumerate(data.decode("utf-8", "replace").splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        name, key = _key_line(line)
        where = f"{path}: line {number}"
        if key is None:
            raise ValueError(f"{where}: not a public key line (NAME KEY, or KEY)")
        if name is not None:
            problem = check_name(name)
            if problem is not None:
                raise ValueError(f"{where}: {problem}")
            if skeleton(name) in names:
                raise ValueError(
                    f"{where}: {name!r} looks like the name of line {names[skeleton(name)]}"
                    " (one line, one key, per name)"
                )
            names[skeleton(name)] = number
        fingerprint = key.get_fingerprint("sha256")
        if fingerprint in keys:
            raise ValueError(f"{where}: this key is on an earlier line too")
        keys[fingerprint] = name
    if not keys:
        raise ValueError(f"{path}: holds no public key")
    return keys


def _key_line(line: str) -> tuple[str | None, asyncssh.SSHKey | None]:
    """A key file's line as (bound name or ``None``, the key or ``None``)."""
    words = line.split(None, 1)
    readings: list[tuple[str | None, str]] = [(None, line)]
    if len(words) == 2 and NAME.fullmatch(words[0]):
        readings.append((words[0], words[1]))
    for name, text in readings:
        try:
            return name, asyncssh.import_public_key(text)
        except (asyncssh.KeyImportError, ValueError):
            pass
    try:  # an authorized_keys line with options (from="...", no-pty ...)
        entries = asyncssh.import_authorized_keys(line)._user_entries
    except (asyncssh.KeyImportError, ValueError):
        return None, None
    return None, entries[0].key if entries else None


CODE_TRIES = 5
"""Wrong codes one connection may give before it is closed."""
REGISTER_PER_ADDRESS = 3
"""New accounts one address may register in REGISTER_WINDOW seconds."""
REGISTER_PER_SERVER = 30
"""New accounts the server (a fleet: all its processes) takes in REGISTER_WINDOW."""
REGISTER_WINDOW = 3600.0
KEY_FILE_MAX = 1 << 20
"""The largest registration key file read (a key line is some 100 bytes)."""
GUESSES = (5, 600.0)
"""Wrong codes (invite codes, key codes) one address may give in ten minutes; the
next one locks it out."""
LOCKOUT = 3600.0
"""Seconds an address that gave GUESSES wrong codes may give no code at all."""


class Guesses:
    """Codes given per address (invite codes, key codes): an address that gives
    GUESSES wrong ones within their window is locked out for LOCKOUT seconds, and the
    log says so. A code is counted before it is judged (:meth:`attempt`, nothing
    awaited between the check and the count) and forgiven when right
    (:meth:`right`): concurrent sessions of one address share one count. Per server
    process (a fleet of N processes gives an address N times as many)."""

    def __init__(self, log: Callable[[str], None], clock: Callable[[], float] = time.monotonic):
        self.log = log
        self.clock = clock
        self.given: dict[str, list[float]] = {}
        self.locked: dict[str, float] = {}

    def attempt(self, address: str) -> str | None:
        """Count a code from ``address`` about to be judged: why it is not judged at
        all (the address is locked out), or ``None``."""
        now = self.clock()
        until = self.locked.get(address, 0.0)
        if until > now:
            minutes = max(1, round((until - now) / 60))
            return f"too many wrong codes from your address; try again in {minutes} minutes"
        self.locked.pop(address, None)
        if len(self.given) + len(self.locked) > 10000:  # memory stays bounded
            self.given = {a: t for a, t in self.given.items() if t and t[-1] > now - GUESSES[1]}
            self.locked = {a: t for a, t in self.locked.items() if t > now}
        recent = [t for t in self.given.get(address, []) if t > now - GUESSES[1]]
        if len(recent) >= GUESSES[0]:
            self.given.pop(address, None)
            self.locked[address] = now + LOCKOUT
            self.log(f"{address}: locked out for {LOCKOUT / 60:g} minutes after"
                     f" {GUESSES[0]} wrong codes in {GUESSES[1] / 60:g} minutes")  # fmt: skip
            return f"too many wrong codes from your address; try again in {LOCKOUT / 60:g} minutes"
        self.given[address] = [*recent, now]
        return None

    def right(self, address: str) -> None:
        """The code just counted was right: it was no guess."""
        recent = self.given.get(address)
        if recent:
            recent.pop()


KEY_CODE_SECONDS = 600.0
"""How long a code from ``addkey`` lets a new key join the account."""
_CODE_ALPHABET = "23456789ABCDEFGHJKLMNPQRSTUVWXYZ"


def new_key_code() -> str:
    """A one-time code for ``addkey``: 60 random bits as 12 letters and digits in
    groups of four (no 0/O, 1/I to misread), starting with a digit so it is never
    taken for a name."""
    chars = [secrets.choice(_CODE_ALPHABET) for _ in range(12)]
    chars[0] = secrets.choice(_CODE_ALPHABET[:8])
    text = "".join(chars)
    return f"{text[:4]}-{text[4:8]}-{text[8:]}"


def key_code_hash(code: str) -> str | None:
    """What the store keeps of a key code (a hash: a copy of the database adds no
    key), or ``None`` when ``code`` cannot be one (what people type: any case, with
    or without the dashes and spaces)."""
    text = "".join(code.split()).replace("-", "").upper()
    if len(text) != 12 or any(ch not in _CODE_ALPHABET for ch in text):
        return None
    return hashlib.sha256(text.encode()).hexdigest()
