"""Who owns which seat of a shared table: the people (user name and key), the seats
bound to them, the reservations the host made, and the record a save keeps of it all
(with the table talk), so ``serve --resume`` reopens the table with its owners."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from vikingcli.core.match import Match
from vikingcli.saves.files import read_save_document
from vikingcli.saves.match_file import write_save
from vikingcli.saves.schema import OwnerDoc, TableDoc, TalkDoc


def printable(text: str, limit: int) -> str:
    """``text`` without control characters (a person's text must not drive the other
    terminals: no escape sequences, no bells), at most ``limit`` characters."""
    return "".join(ch for ch in text if ch.isprintable())[:limit]


@dataclass(frozen=True, slots=True)
class Identity:
    """Who is connecting: the SSH user name and the key's SHA256 fingerprint (``None``
    for a client that logged in without a key at an open table)."""

    user: str
    key: str | None


@dataclass(slots=True)
class Owner:
    """The person a seat is bound to."""

    user: str
    key: str | None

    def is_(self, who: Identity) -> bool:
        if self.key is not None:
            return who.key == self.key
        # A keyless owner (open table): the name is all there is to go by.
        return who.key is None and who.user == self.user


@dataclass
class TableRecord:
    """What a save keeps of the table beyond the match: owners, reservations, talk."""

    owners: dict[int, Owner] = field(default_factory=dict)
    reserved: dict[int, str] = field(default_factory=dict)
    talk: list[TalkDoc] = field(default_factory=list)

    def to_doc(self) -> TableDoc:
        return TableDoc(
            owners={str(s): OwnerDoc(o.user, o.key) for s, o in sorted(self.owners.items())},
            reserved={str(s): u for s, u in sorted(self.reserved.items())},
            talk=list(self.talk),
        )

    @classmethod
    def from_doc(cls, doc: TableDoc | None, seats: int, where: str) -> TableRecord:
        if doc is None:
            return cls()
        try:
            owners = {_seat_no(k, seats): Owner(o.user, o.key) for k, o in doc.owners.items()}
            reserved = {_seat_no(k, seats): u for k, u in doc.reserved.items()}
        except ValueError as exc:
            raise ValueError(f"{where}: the table record is malformed ({exc})") from None
        return cls(owners, reserved, list(doc.talk))


def _seat_no(text: str, seats: int) -> int:
    if not text.isdigit():
        raise ValueError(f"{text!r} is not a seat number")
    seat = int(text)
    if not 0 <= seat < seats:
        raise ValueError(f"seat {seat} does not exist")
    return seat


def write_table_save(match: Match, record: TableRecord, path: Path) -> None:
    """The match's save with the table record beside it: ``resume`` reads it as any
    save (and keeps the record), ``serve --resume`` reopens the table from it."""
    write_save(match, path, record.to_doc())


def read_table_record(path: Path, seats: int) -> TableRecord:
    """The table record of a save (empty for a save made by ``play``)."""
    return TableRecord.from_doc(read_save_document(path).table, seats, str(path))


def parse_reservations(pairs: Sequence[str], humans: Sequence[int]) -> dict[int, str]:
    """``--seat NAME=N`` values as seat -> user name; ``ValueError`` names a bad one."""
    out: dict[int, str] = {}
    for pair in pairs:
        name, eq, number = pair.rpartition("=")
        name = name.strip()
        if not eq or not name or not number.strip().isdigit():
            raise ValueError(f"--seat {pair!r} is not NAME=N (a user name and a seat number)")
        seat = int(number)
        if seat not in humans:
            raise ValueError(
                f"--seat {pair!r}: seat {seat} is not a human seat"
                f" (human seats: {', '.join(map(str, humans)) or 'none'})"
            )
        if seat in out:
            raise ValueError(f"--seat: seat {seat} is reserved twice")
        if name in out.values():
            raise ValueError(f"--seat: {name} has two seats reserved")
        out[seat] = name
    return out
