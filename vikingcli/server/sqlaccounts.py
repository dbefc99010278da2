"""The accounts part of :class:`~vikingcli.server.sqlstore.SQLStore`: accounts, their
keys, the one-time codes that add a key, and the registrations counted per address,
in the SQL both SQLite and PostgreSQL read. :class:`AccountRows` is a mixin of the
store; every method is one transaction, and each limit is counted and spent in it.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING, Any

from vikingcli.server.accounts import skeleton
from vikingcli.server.store import Account, NameTaken, OverLimit, RegistrationLimit, StoreError


class AccountRows:
    """Accounts, keys, key codes and registrations (a mixin of the SQL store, which
    provides the transactions and queries declared here for the type checker)."""

    dialect: str

    if TYPE_CHECKING:
        import contextlib

        @contextlib.contextmanager
        def _tx(self) -> Iterator[Any]: ...

        def _run(self, query: str, args: Sequence[Any] = ()) -> Any: ...

        def _all(self, query: str, args: Sequence[Any] = ()) -> list[tuple[Any, ...]]: ...

        def _one(self, query: str, args: Sequence[Any] = ()) -> tuple[Any, ...] | None: ...

    def _lock_account(self, account_id: int) -> None:
        """Hold the account's row to the end of the transaction: what is counted of
        it now stays so until the write (SQLite: BEGIN IMMEDIATE holds the file)."""
        if self.dialect == "postgres":
            self._run("SELECT id FROM accounts WHERE id = ? FOR UPDATE", (account_id,))

    @staticmethod
    def _account(row: tuple[Any, ...] | None) -> Account | None:
        return None if row is None else Account(int(row[0]), str(row[1]), float(row[2]))

    def account_by_key(self, fingerprint: str) -> Account | None:
        return self._account(
            self._one(
                "SELECT a.id, a.name, a.created FROM accounts a JOIN keys k ON k.account = a.id"
                " WHERE k.fingerprint = ?",
                (fingerprint,),
            )
        )

    def account_by_name(self, name: str) -> Account | None:
        return self._account(
            self._one(
                "SELECT id, name, created FROM accounts WHERE folded = ?", (name.casefold(),)
            )
        )

    def account(self, account_id: int) -> Account | None:
        return self._account(
            self._one("SELECT id, name, created FROM accounts WHERE id = ?", (account_id,))
        )

    def create_account(
        self, name: str, fingerprint: str, now: float, limit: RegistrationLimit | None = None
    ) -> Account:
        look = skeleton(name)
        with self._tx():
            if limit is not None:
                self._spend_registration(limit, now)
            if self._run(
                "SELECT 1 FROM accounts WHERE folded = ?", (name.casefold(),)
            ).fetchone():
                raise NameTaken(f"the name {name!r} is taken")
            alike = self._run("SELECT name FROM accounts WHERE skeleton = ?", (look,)).fetchone()
            if alike:
                raise NameTaken(f"the name {name!r} looks like {alike[0]!r}, someone's already")
            if self._run("SELECT 1 FROM keys WHERE fingerprint = ?", (fingerprint,)).fetchone():
                raise StoreError("this key belongs to an account already")
            row = self._run(
                "INSERT INTO accounts (name, folded, created, skeleton) VALUES (?, ?, ?, ?)"
                " RETURNING id",
                (name, name.casefold(), now, look),
            ).fetchone()
            account = Account(int(row[0]), name, now)
            self._run(
                "INSERT INTO keys (fingerprint, account, added) VALUES (?, ?, ?)",
                (fingerprint, account.id, now),
            )
            return account

    def add_key(self, account_id: int, fingerprint: str, now: float) -> bool:
        with self._tx():
            if self._run("SELECT 1 FROM keys WHERE fingerprint = ?", (fingerprint,)).fetchone():
                return False
            self._run(
                "INSERT INTO keys (fingerprint, account, added) VALUES (?, ?, ?)",
                (fingerprint, account_id, now),
            )
            return True

    def _spend_registration(self, limit: RegistrationLimit, now: float) -> None:
        if self.dialect == "postgres":
            # Self-exclusive: two processes registering at once count one after the
            # other (reads of the table go on).
            self._run("LOCK TABLE registrations IN SHARE ROW EXCLUSIVE MODE")
        since = now - limit.window
        self._run("DELETE FROM registrations WHERE at < ?", (since,))
        mine = self._run(
            "SELECT COUNT(*) FROM registrations WHERE address = ?", (limit.address,)
        ).fetchone()
        if int(mine[0]) >= limit.per_address:
            raise OverLimit(
                f"too many new accounts from your address (at most {limit.per_address}"
                f" in {limit.window / 3600:g} hour(s)); try again later"
            )
        everyone = self._run("SELECT COUNT(*) FROM registrations").fetchone()
        if int(everyone[0]) >= limit.in_all:
            raise OverLimit("the server takes no more new accounts this hour; try again later")
        self._run("INSERT INTO registrations (at, address) VALUES (?, ?)", (now, limit.address))

    def remove_key(self, account_id: int, fingerprint: str) -> str | None:
        with self._tx():
            self._lock_account(account_id)
            keys = [
                str(r[0])
                for r in self._run(
                    "SELECT fingerprint FROM keys WHERE account = ?", (account_id,)
                ).fetchall()
            ]
            if fingerprint not in keys:
                return f"{fingerprint} is not a key of yours ('keys' lists them)"
            if len(keys) == 1:
                return "that is your only key: add another first ('addkey'), or you are locked out"
            self._run("DELETE FROM keys WHERE fingerprint = ?", (fingerprint,))
            return None

    def new_key_code(self, account_id: int, code_hash: str, expires: float, now: float) -> None:
        with self._tx():
            self._run("DELETE FROM key_codes WHERE account = ? OR expires <= ?", (account_id, now))
            self._run("INSERT INTO key_codes (hash, account, expires) VALUES (?, ?, ?)",
                      (code_hash, account_id, expires))  # fmt: skip

    def key_codes_pending(self, now: float) -> bool:
        return self._one("SELECT 1 FROM key_codes WHERE expires > ? LIMIT 1", (now,)) is not None

    def use_key_code(self, code_hash: str, fingerprint: str, now: float) -> Account | None:
        with self._tx():
            # One statement finds and spends the code: two sessions with one code (or
            # two processes of a fleet) add one key.
            got = self._run(
                "DELETE FROM key_codes WHERE hash = ? AND expires > ? RETURNING account",
                (code_hash, now),
            ).fetchone()
            if got is None:
                return None
            if not self.add_key(int(got[0]), fingerprint, now):
                raise StoreError("this key belongs to an account already")
            return self.account(int(got[0]))

    def keys(self, account_id: int) -> list[str]:
        rows = self._all(
            "SELECT fingerprint FROM keys WHERE account = ? ORDER BY added", (account_id,)
        )
        return [str(r[0]) for r in rows]

