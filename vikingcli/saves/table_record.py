"""Who owns which seat of a shared table: the people (user name and key), the seats
bound to them, the reservations the host made, and the record a save keeps of it all
(with the table talk), so ``serve --resume`` reopens the table with its owners.

A seat is bound to a key, never to a user name: anyone can log in with any name.
A reservation (``--seat alice=0``) names the keys that ``alice`` has in the table's
authorized-keys file; a keyless login (an ``--open`` table lets one in) owns its seat
for as long as that one connection lasts, and nobody else can take it.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from vikingcli.core.fairdeal import Deal, PlayerSeed
from vikingcli.core.match import Match
from vikingcli.saves.files import read_save_document
from vikingcli.saves.match_file import write_save
from vikingcli.saves.schema import (
    DealDoc,
    OwnerDoc,
    PlayerSeedDoc,
    ReservationDoc,
    TableDoc,
    TalkDoc,
)


def printable(text: str, limit: int) -> str:
    """``text`` without control characters (a person's text must not drive the other
    terminals: no escape sequences, no bells), at most ``limit`` characters."""
    return "".join(ch for ch in text if ch.isprintable())[:limit]


_CONNECTIONS = itertools.count(1)


def new_connection() -> int:
    """A number no other connection of this process has had."""
    return next(_CONNECTIONS)


@dataclass(frozen=True, slots=True)
class Identity:
    """Who is connecting: the SSH user name, the key's SHA256 fingerprint (``None``
    for a client that logged in without a key at an open table) and the connection."""

    user: str
    key: str | None
    connection: int = 0


@dataclass(slots=True)
class Owner:
    """The person a seat is bound to: their key, or for a keyless login the one
    connection they took it with (``None`` once that is gone: after a restart
    nobody but the host, with ``release``, can free the seat)."""

    user: str
    key: str | None
    connection: int | None = None

    def is_(self, who: Identity) -> bool:
        if self.key is not None:
            return who.key == self.key
        return self.connection is not None and who.connection == self.connection


@dataclass(frozen=True, slots=True)
class Reservation:
    """A seat kept for a person: their name (as people see it) and their keys."""

    user: str
    keys: tuple[str, ...]

    def admits(self, who: Identity) -> bool:
        return who.key is not None and who.key in self.keys


@dataclass
class TableRecord:
    """What a save keeps of the table beyond the match: owners, reservations, talk,
    and the committed deal (``None`` at a table of an older vikingcli)."""

    owners: dict[int, Owner] = field(default_factory=dict)
    reserved: dict[int, Reservation] = field(default_factory=dict)
    talk: list[TalkDoc] = field(default_factory=list)
    deal: Deal | None = None

    def arrange(
        self,
        humans: Sequence[int],
        reserve: Sequence[str],
        release: Sequence[int],
        keys_of: Mapping[str, Sequence[str]] | None,
        log: Callable[[str], None],
    ) -> None:
        """Apply the host's ``--release`` and ``--seat`` choices for the human seats
        ``humans`` (``keys_of``: each name's keys in the key file, ``None`` at an
        open table); ``ValueError`` names a choice that cannot be made."""
        owners = self.owners
        for number in release:  # people count seats from 1
            seat = number - 1
            if seat not in humans:
                raise ValueError(f"--release {number}: not a human seat")
            if seat not in owners and seat not in self.reserved:
                raise ValueError(f"--release {number}: the seat is free already")
            owner = owners.pop(seat, None)
            self.reserved.pop(seat, None)
            log(f"seat {seat + 1} released from {owner.user if owner else 'its reservation'}")
        for seat, kept in parse_reservations(reserve, humans, keys_of).items():
            if seat in owners:
                raise ValueError(
                    f"--seat {kept.user}={seat + 1}: seat {seat + 1} belongs to"
                    f" {owners[seat].user} (--release {seat + 1} frees it)"
                )
            self.reserved[seat] = kept

    def to_doc(self) -> TableDoc:
        return TableDoc(
            owners={str(s): OwnerDoc(o.user, o.key) for s, o in sorted(self.owners.items())},
            reserved={
                str(s): ReservationDoc(r.user, list(r.keys))
                for s, r in sorted(self.reserved.items())
            },
            talk=list(self.talk),
            deal=None if self.deal is None else deal_doc(self.deal),
        )

    @classmethod
    def from_doc(
        cls,
        doc: TableDoc | None,
        seats: int,
        where: str,
        keys_of: Mapping[str, Sequence[str]] | None = None,
    ) -> TableRecord:
        """The record of a save; a reservation written by a vikingcli that kept only
        the name gets that name's keys from ``keys_of`` (the table's key file)."""
        if doc is None:
            return cls()
        try:
            owners = {_seat_no(k, seats): Owner(o.user, o.key) for k, o in doc.owners.items()}
            reserved = {}
            for k, r in doc.reserved.items():
                seat = _seat_no(k, seats)
                if isinstance(r, str):
                    reserved[seat] = reservation(r, seat, keys_of)
                else:
                    reserved[seat] = Reservation(r.user, tuple(r.keys))
            deal = None if doc.deal is None else deal_of(doc.deal, seats)
        except ValueError as exc:
            raise ValueError(f"{where}: the table record is malformed ({exc})") from None
        return cls(owners, reserved, list(doc.talk), deal)


def deal_doc(deal: Deal) -> DealDoc:
    """The deal as a save keeps it (the server seed in hex: saves are the operator's)."""
    return DealDoc(
        server_seed=deal.server_seed.hex(),
        commitment=deal.commitment,
        seeds=[PlayerSeedDoc(s, p.text, p.drawn) for s, p in sorted(deal.seeds.items())],
        dealt=deal.dealt,
        operator=deal.operator,
    )


def deal_of(doc: DealDoc, seats: int) -> Deal:
    """The deal a save keeps; ``ValueError`` when it is not this table's (a seed for a
    seat the table lacks, a commitment that is not its server seed's)."""
    deal = Deal(bytes.fromhex(doc.server_seed), dealt=doc.dealt, operator=doc.operator)
    for p in doc.seeds:
        if not 0 <= p.seat < seats or p.seat in deal.seeds:
            raise ValueError(f"the deal holds a seed for seat {p.seat}, which it cannot")
        deal.seeds[p.seat] = PlayerSeed(p.seed, p.drawn)
    if deal.commitment != doc.commitment:
        raise ValueError("the deal's commitment is not the SHA-256 of its server seed")
    return deal


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


def read_table_record(
    path: Path, seats: int, keys_of: Mapping[str, Sequence[str]] | None = None
) -> TableRecord:
    """The table record of a save (empty for a save made by ``play``)."""
    return TableRecord.from_doc(read_save_document(path).table, seats, str(path), keys_of)


def reservation(
    name: str, seat: int, keys_of: Mapping[str, Sequence[str]] | None
) -> Reservation:
    """Seat ``seat`` kept for the person called ``name`` in the key file; ``ValueError``
    when there is no key file (an open table) or no key of theirs in it."""
    if keys_of is None:
        raise ValueError(
            f"seat {seat + 1} is kept for {name}, but an --open table has no keys to tell"
            f" {name} from anyone who logs in with that name (use --authorized-keys)"
        )
    keys = tuple(keys_of.get(name, ()))
    if not keys:
        raise ValueError(
            f"seat {seat + 1} is kept for {name}, but no key in the authorized keys is"
            f" {name}'s (a key is NAME's when its comment is NAME or NAME@HOST)"
        )
    return Reservation(name, keys)


def parse_reservations(
    pairs: Sequence[str],
    humans: Sequence[int],
    keys_of: Mapping[str, Sequence[str]] | None,
) -> dict[int, Reservation]:
    """``--seat NAME=N`` values as seat -> reservation of NAME's keys; ``ValueError``
    names a bad one."""
    out: dict[int, Reservation] = {}
    for pair in pairs:
        name, eq, number = pair.rpartition("=")
        name = name.strip()
        if not eq or not name or not number.strip().isdigit():
            raise ValueError(f"--seat {pair!r} is not NAME=N (a user name and a seat number)")
        seat = int(number) - 1  # people count seats from 1
        if seat not in humans:
            raise ValueError(
                f"--seat {pair!r}: seat {seat + 1} is not a human seat"
                f" (human seats: {', '.join(str(h + 1) for h in humans) or 'none'})"
            )
        if seat in out:
            raise ValueError(f"--seat: seat {seat + 1} is reserved twice")
        if name in (r.user for r in out.values()):
            raise ValueError(f"--seat: {name} has two seats reserved")
        try:
            out[seat] = reservation(name, seat, keys_of)
        except ValueError as exc:
            raise ValueError(f"--seat {pair}: {exc}") from None
    return out
