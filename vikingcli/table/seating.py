"""Who gets which seat of a shared table (:class:`~vikingcli.table.shared.Table`).

Seat rules, in the order :func:`choose_seat` applies them:

* the seat bound to this key (reconnect) is taken back; if its owner is still on
  it from another connection, this one watches instead (``take`` moves the seat);
* a seat reserved for this key (``--seat NAME=N``: the keys that are NAME's in the
  authorized-keys file) is bound to it; a user name alone never takes a seat;
* otherwise the first free human seat is bound to this key (a keyless login at an
  open table: to this connection, for as long as it lasts);
* otherwise the connection watches (with ``--spectators``) or is turned away.

A bound seat stays bound when its owner leaves; only the host frees it
(``release N`` at the server console, or ``serve --resume SAVE --release N``).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from vikingcli.core.match import Match, Seat
from vikingcli.saves.table_record import Identity, Owner, TableRecord, printable
from vikingcli.table.places import MAX_NAME, shown_user


@dataclass(frozen=True, slots=True)
class Choice:
    """Where a new connection goes: its seat (``None``: it watches), whether the
    seat must be bound to it first, and what it is told about it."""

    seat: int | None
    bind: bool = False
    note: str = ""


def owner_of(record: TableRecord, who: Identity) -> int | None:
    """The seat bound to ``who``'s key (or keyless connection)."""
    for seat, owner in record.owners.items():
        if owner.is_(who):
            return seat
    return None


def choose_seat(
    record: TableRecord,
    humans: Sequence[int],
    held: Collection[int],
    who: Identity,
    watch: bool,
) -> Choice:
    """The seat rules (see the module) for ``who`` at a table whose connected
    seats are ``held``; ``watch``: take no free or reserved seat."""
    seat = owner_of(record, who)
    if seat is not None and seat in held:
        return Choice(
            None,
            note=f"You hold seat {seat + 1} on another connection; this one watches."
            " Type 'take' to move your seat here.",
        )
    if seat is not None or watch:
        return Choice(seat)
    for kept, reservation in sorted(record.reserved.items()):
        if kept not in record.owners and reservation.admits(who):
            return Choice(kept, bind=True)
    free = [s for s in humans if s not in record.owners and s not in record.reserved]
    return Choice(free[0], bind=True) if free else Choice(None)


def bind(
    record: TableRecord, match: Match, seat: int, who: Identity, humans: Collection[int]
) -> str:
    """Bind ``seat`` to ``who`` (named as reserved, or by their login, never like
    another seat); the line for the log.

    A free person's seat that only carries the name from ``-p NAME=human`` gives it
    up to the person who logs in with that name and sits elsewhere (a name never
    chooses the seat): it is called by its number until its own person comes,
    instead of the person being called "bob 1" beside an empty "bob"."""
    kept = record.reserved.get(seat)
    name = shown_user(who) if kept is None else printable(kept.user, MAX_NAME)
    name = name or f"seat {seat + 1}"
    for i, other in enumerate(match.seats):
        free = i in humans and i not in record.owners and i not in record.reserved
        if i != seat and free and other.name == name:
            match.seats[i] = Seat(f"seat {i + 1}", other.spec)
    if name in (s.name for i, s in enumerate(match.seats) if i != seat):
        name = f"{name} {seat + 1}"
    match.seats[seat] = Seat(name, match.seats[seat].spec)
    keyless = None if who.key is not None else who.connection
    record.owners[seat] = Owner(printable(who.user, MAX_NAME), who.key, keyless)
    record.reserved.pop(seat, None)
    how = f"key {who.key}" if who.key else "no key: this connection only"
    return f"{name} took seat {seat + 1} ({how})"
