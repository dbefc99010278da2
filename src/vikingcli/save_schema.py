"""The save file format as a schema (msgspec): every field, its type and its range.

A hand-edited or damaged save must be refused with one line before any of it is
used, so the whole document is checked here at once instead of field by field
where it is read. What the schema cannot know (that a forfeit fits the replayed
game, that the result matches it) is checked by :func:`vikingcli.saves.load_match`.
"""

from __future__ import annotations

import math
from typing import Annotated, Any, Literal

import msgspec

from vikingcli.checks import SEED_MAX

FORMAT = "vikingcli-save"
VERSION = 1


Seed = Annotated[int, msgspec.Meta(ge=0, le=SEED_MAX)]
SeatIndex = Annotated[int, msgspec.Meta(ge=0)]
Seconds = Annotated[float, msgspec.Meta(ge=0)]


class SeatDoc(msgspec.Struct, forbid_unknown_fields=True):
    """One seat: its display name and the player spec that drives it."""

    player: str
    name: str = ""


class ForfeitDoc(msgspec.Struct, forbid_unknown_fields=True):
    """The seat that lost by failing or overrunning, and why."""

    seat: SeatIndex
    reason: str


class SaveDoc(msgspec.Struct, forbid_unknown_fields=True):
    """A complete save document (format version 1)."""

    format: Literal["vikingcli-save"]
    version: Literal[1]
    game: str
    game_version: str
    options: dict[str, str]
    seed: Seed
    seats: Annotated[list[SeatDoc], msgspec.Meta(min_length=1)]
    actions: list[str]
    seconds: list[Seconds]
    state: dict[str, Any]
    forfeit: ForfeitDoc | None = None
    result: dict[str, Any] | None = None
    table: dict[str, Any] | None = None
    """An SSH table's record (owners, reservations, talk), checked by vikingcli.seating."""


def check_save(doc: Any) -> SaveDoc:
    """The typed save of a parsed JSON document, or ``ValueError`` saying what is wrong.

    Format and version are looked at first, so that a file of another program or of
    a newer vikingcli gets that message rather than a list of unexpected fields."""
    if not isinstance(doc, dict):
        raise ValueError(f"not a vikingcli save (format is not {FORMAT!r})")
    if doc.get("format") != FORMAT:
        raise ValueError(f"not a vikingcli save (format is not {FORMAT!r})")
    version = doc.get("version")
    if type(version) is not int or version < 1:
        raise ValueError(f"save format version {version!r} is not a version number (1-{VERSION})")
    if version > VERSION:
        raise ValueError(
            f"save format version {version} is newer than this vikingcli reads ({VERSION});"
            " upgrade vikingcli"
        )
    try:
        save = msgspec.convert(doc, SaveDoc, strict=True)
    except msgspec.ValidationError as exc:
        raise ValueError(f"invalid save: {exc}") from None
    if not all(math.isfinite(s) for s in save.seconds):
        raise ValueError("invalid save: seconds must be finite numbers")
    if len(save.seconds) != len(save.seats):
        raise ValueError(
            f"invalid save: {len(save.seconds)} entries in 'seconds' for {len(save.seats)} seats"
        )
    if save.forfeit is not None and save.forfeit.seat >= len(save.seats):
        raise ValueError(
            f"invalid save: forfeit by seat {save.forfeit.seat}, but the game has seats"
            f" 0-{len(save.seats) - 1}"
        )
    return save
