"""A new key's first session: it registers a name (with an invite code, where the host
asks one), or joins an account by the code ``addkey`` gave in a session of that
account. Asked on the terminal, in line mode, or as the one command of
``ssh HOST register NAME [CODE]`` / ``ssh HOST addkey CODE``.

Every guess of a code is counted against the address before it is checked (a wrong
one then waits a second), and names are counted per address and per server in the
store's transaction that writes the account.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any, Protocol

from vikingcli.server.accounts import (
    CODE_TRIES,
    KEY_CODE_SECONDS,
    REGISTER_PER_ADDRESS,
    REGISTER_PER_SERVER,
    REGISTER_WINDOW,
    check_name,
    key_code_hash,
)
from vikingcli.server.lobby import Lobby
from vikingcli.server.store import Account, NameTaken, OverLimit, RegistrationLimit, StoreError

NAME_TRIES = 5
"""Names a person may try in one session before it ends."""
ADDKEY_HINT = " A new key of your account? Answer 'addkey CODE' ('addkey' there gives it)."


class Asking(Protocol):
    """What registration needs of a session (the server's :class:`ServerSession`)."""

    lobby: Lobby
    address: str
    fingerprint: str
    user: str
    command: str | None
    """The one command of ``ssh HOST COMMAND``, or ``None`` in an interactive session."""

    def show(self, text: Any, style: str = "") -> None:
        """Print one line to the person."""

    async def ask(self, prompt: str, password: bool = False) -> str | None:
        """One answer; ``None`` when the person went."""


class Registration:
    """The questions one session asks of a key that has no account yet."""

    def __init__(self, session: Asking) -> None:
        self.session = session
        self.lobby = session.lobby
        self.policy = session.lobby.policy
        self.fingerprint = session.fingerprint
        self.given: list[str] = []
        """NAME and CODE of a ``register`` command, answered without asking."""
        self.locked = False
        """The address was locked out for guessing codes (asking again is no use)."""

    async def run(self) -> Account | None:
        """The account this key now logs in to; ``None`` if the session ends first."""
        may_register = self.policy.admits(self.fingerprint)
        command = self.session.command
        if command is not None:
            words = command.split()
            if words[:1] == ["addkey"]:
                return await self.add_this_key(" ".join(words[1:]))
            if not words or words[0] != "register" or not may_register:
                self.session.show(
                    "This key has no account here. Register with a terminal (ssh -t), or:"
                    " ssh ... register NAME [INVITE-CODE]; a key of your account: ssh ..."
                    " addkey CODE, with the code 'addkey' gives in a session of the account",
                    "error",
                )
                return None
            self.given = words[1:3]
        if not may_register:  # let in only because some account waits for a key
            return await self._only_a_key_code()
        self.session.show(
            f"This key is new here ({self.fingerprint}). {self.policy.describe()}.{ADDKEY_HINT}"
        )
        if self.policy.needs_code(self.fingerprint):
            answer = await self._invite_code()
            if isinstance(answer, Account) or answer is None:
                return answer
        return await self._choose_name()

    async def _only_a_key_code(self) -> Account | None:
        """A server that takes no new accounts lets a new key in only to join one."""
        self.session.show(
            f"This key is new here ({self.fingerprint}); this server takes no new accounts."
            + ADDKEY_HINT
        )
        for _ in range(CODE_TRIES):
            answer = await self.session.ask("addkey CODE: ")
            if answer is None or answer.strip() in ("quit", "exit"):
                return None
            added = await self.add_this_key(answer.strip().removeprefix("addkey"))
            if added is not None or self.locked:
                return added
        return None

    async def _invite_code(self) -> Account | bool | None:
        """``True`` once a right invite code is given; an account if the person
        answered with ``addkey CODE`` instead; ``None`` when they may not go on."""
        session, guesses = self.session, self.lobby.guesses
        for _ in range(CODE_TRIES):
            given = self.given
            code = given[1] if len(given) > 1 else await session.ask("Invite code: ", True)
            if code is None:
                return None
            if code.strip().startswith("addkey "):
                return await self.add_this_key(code.strip().removeprefix("addkey"))
            problem = guesses.attempt(session.address)
            if problem is not None:
                session.show(problem, "error")
                return None
            if self.policy.code_ok(code):
                guesses.right(session.address)
                return True
            self.lobby.log(f"{session.address}: a wrong invite code ({self.fingerprint})")
            session.show("that is not an invite code of this server", "error")
            await asyncio.sleep(1)  # a slow door: guessing codes takes long
            if given:
                return None
        return None

    async def _choose_name(self) -> Account | None:
        """Names asked (or the one given) until one is free and allowed."""
        session = self.session
        suggested = self.policy.keys.get(self.fingerprint) or (
            session.user if check_name(session.user) is None else None
        )
        for _ in range(NAME_TRIES):
            if self.given:
                name: str | None = self.given[0]
            else:
                hint = f" [{suggested}]" if suggested else ""
                name = await session.ask(f"Choose your name (2-16 letters){hint}: ")
            if name is None:
                return None
            name = name.strip() or (suggested or "")
            if name.startswith("addkey "):
                return await self.add_this_key(name.removeprefix("addkey"))
            problem = check_name(name) or self.policy.name_problem(self.fingerprint, name)
            if problem is None:
                account, problem = await self._create(name)
                if account is not None or problem is None:
                    return account
            session.show(problem, "error")
            if self.given:
                return None
        return None

    async def _create(self, name: str) -> tuple[Account | None, str | None]:
        """The account made for ``name``; or why not: a problem the person may answer
        with another name, or ``(None, None)`` after one that ends the session."""
        session, store = self.session, self.lobby.store
        limit = RegistrationLimit(
            session.address, REGISTER_PER_ADDRESS, REGISTER_PER_SERVER, REGISTER_WINDOW
        )
        try:
            # The limits are counted and spent in the transaction that writes.
            account = await store.call(
                store.store.create_account, name, self.fingerprint, time.time(), limit
            )
        except NameTaken as exc:
            return None, f"{exc}; choose another"
        except OverLimit as exc:
            session.show(str(exc), "error")
            return None, None
        except StoreError as exc:
            session.show(f"not registered: {exc}", "error")
            return None, None
        self.lobby.log(f"registered {name} ({self.fingerprint}) from {session.address}")
        session.show(f"Registered: you are {name}. This key logs you in from now on.")
        return account, None

    async def add_this_key(self, code: str) -> Account | None:
        """This session's key joins the account whose ``addkey`` gave ``code``."""
        session, lobby = self.session, self.lobby
        problem = lobby.guesses.attempt(session.address)
        if problem is not None:
            self.locked = True
            session.show(problem, "error")
            return None
        found = key_code_hash(code)
        account = None
        if found is not None:
            try:
                account = await lobby.store.call(
                    lobby.store.store.use_key_code, found, self.fingerprint, time.time()
                )
            except StoreError as exc:
                lobby.guesses.right(session.address)
                session.show(f"not added: {exc}", "error")
                return None
        if account is None:
            lobby.log(f"{session.address}: a wrong key code ({self.fingerprint})")
            session.show(
                "that is not a key code of this server (or it was used, or is older than"
                f" {KEY_CODE_SECONDS / 60:g} minutes): 'addkey' in a session of your account"
                " gives one",
                "error",
            )
            await asyncio.sleep(1)  # as for invite codes: guessing takes long
            return None
        lobby.guesses.right(session.address)
        lobby.log(
            f"{account.name} added key {self.fingerprint} (a key code) from {session.address}"
        )
        session.show(f"This key is {account.name}'s now: it logs you in from now on.")
        return account
