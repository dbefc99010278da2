"""The save file format, once: a schema (msgspec) that saves are read through and
written from. Every field, its type and its range.

A hand-edited or damaged save must be refused with one line before any of it is
used, so the whole document is checked here at once instead of field by field
where it is read. What the schema cannot know (that a forfeit fits the replayed
game, that the result matches it) is checked by :func:`vikingcli.saves.match_file.load_match`.
Writing goes through the same classes (:func:`encode`), so what is written is what
is read; orjson does the encoding.
"""

from __future__ import annotations

import math
from typing import Annotated, Any, Final, Literal

import msgspec
import orjson

from vikingcli.core.fairdeal import MAX_SEED_TEXT
from vikingcli.core.match import MAX_REASON
from vikingcli.core.specs import MAX_SEATS
from vikingcli.engine.players import SEED_MAX

FORMAT: Final = "vikingcli-save"
VERSION: Final = 2
"""Version 2 added a shared table's committed deal (``table.deal``) and what each
seat's search used (``search``, a batch game's); a version 1 save holds neither and
is read as it always was."""


MAX_ACTION = 1000
"""The longest action text a save may hold (the games' longest are under 50)."""
MAX_NAME = 100
"""The longest seat name a save may hold (the command line and tables give 24)."""
MAX_SPEC = 2000
"""The longest player spec a save may hold (a bot's command line)."""
MAX_WORD = 100
"""The longest game name, rules version or option name a save may hold."""

# The largest seed, of a deal or of a player, is the engine's, since player kinds bound
# their seed parameter with it. Every seed fits a signed 64-bit integer, so JSON tools
# and orjson read it back exactly (random.Random takes any size, JSON readers do not).
Seed = Annotated[int, msgspec.Meta(ge=0, le=SEED_MAX)]
SeatIndex = Annotated[int, msgspec.Meta(ge=0)]
Seconds = Annotated[float, msgspec.Meta(ge=0)]
Word = Annotated[str, msgspec.Meta(max_length=MAX_WORD)]
ActionText = Annotated[str, msgspec.Meta(max_length=MAX_ACTION)]


class SeatDoc(msgspec.Struct, forbid_unknown_fields=True):
    """One seat: its display name (printable, checked by :func:`check_save`) and the
    player spec that drives it."""

    player: Annotated[str, msgspec.Meta(max_length=MAX_SPEC)]
    name: Annotated[str, msgspec.Meta(max_length=MAX_NAME)] = ""


class ForfeitDoc(msgspec.Struct, forbid_unknown_fields=True):
    """The seat that lost by failing or overrunning, and why (one printable line)."""

    seat: SeatIndex
    reason: Annotated[str, msgspec.Meta(max_length=MAX_REASON)]


class OwnerDoc(msgspec.Struct, forbid_unknown_fields=True):
    """The person a seat of a shared table is bound to: the user name and the SHA256
    fingerprint of their key (``None`` for a keyless login at an open table)."""

    user: str
    key: str | None


class TalkDoc(msgspec.Struct, forbid_unknown_fields=True):
    """One line of table talk: after how many moves, who said it, what."""

    move: Annotated[int, msgspec.Meta(ge=0)]
    who: str
    text: str


class ReservationDoc(msgspec.Struct, forbid_unknown_fields=True):
    """A seat kept for a person: their name and the SHA256 fingerprints of their keys."""

    user: str
    keys: list[str]


class PlayerSeedDoc(msgspec.Struct, forbid_unknown_fields=True):
    """A human seat's seed for the deal: the text, and whether the server drew it."""

    seat: SeatIndex
    seed: Annotated[str, msgspec.Meta(min_length=1, max_length=MAX_SEED_TEXT)]
    drawn: bool = False


class DealDoc(msgspec.Struct, forbid_unknown_fields=True):
    """A shared table's deal (:mod:`vikingcli.core.fairdeal`): the server seed (hex;
    a save is the operator's, and a record is handed out only after the end), its
    commitment as the table showed it, the seats' seeds, whether the cards are dealt,
    and whether the operator chose the server seed (``serve --seed``)."""

    server_seed: Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{64}$")]
    commitment: Annotated[str, msgspec.Meta(max_length=MAX_WORD)]
    seeds: Annotated[list[PlayerSeedDoc], msgspec.Meta(max_length=MAX_SEATS)] = []
    dealt: bool = False
    operator: bool = False


class TableDoc(msgspec.Struct, forbid_unknown_fields=True):
    """What a shared (SSH) table keeps beyond the match: seat owners and
    reservations by seat number, and the table talk. A reservation that is a bare
    name was written before reservations named keys; it is read with that name's
    keys from the table's key file."""

    owners: dict[str, OwnerDoc] = {}
    reserved: dict[str, ReservationDoc | str] = {}
    talk: list[TalkDoc] = []
    deal: DealDoc | None = None
    """The committed deal (version 2 on); absent at a table of an older vikingcli."""


class SearchDoc(msgspec.Struct, forbid_unknown_fields=True):
    """What one seat's search used, move by move: its iterations (simulations,
    playouts) per move, ``None`` for a move of a player that does not say. A
    record of a batch game has it; the moves themselves are the replay's authority."""

    iterations: list[Annotated[int, msgspec.Meta(ge=0)] | None]


class SaveDoc(msgspec.Struct, forbid_unknown_fields=True):
    """A complete save document (format version 1 or 2)."""

    format: Literal["vikingcli-save"]
    version: Literal[1, 2]
    game: Word
    game_version: Word
    options: dict[Word, Annotated[str, msgspec.Meta(max_length=MAX_SPEC)]]
    seed: Seed
    seats: Annotated[list[SeatDoc], msgspec.Meta(min_length=1, max_length=MAX_SEATS)]
    actions: list[ActionText]
    seconds: list[Seconds]
    state: dict[str, Any]
    forfeit: ForfeitDoc | None = None
    result: dict[str, Any] | None = None
    table: TableDoc | None = None
    """A shared table's record; absent in a save made by ``play`` or ``run``."""
    search: list[SearchDoc] | None = None
    """Per seat, what its search used (a game of ``run`` or ``tournament``; version 2 on)."""


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
    if save.version < 2 and save.table is not None and save.table.deal is not None:
        raise ValueError("invalid save: a version 1 save holds no deal (table.deal)")
    if not all(math.isfinite(s) for s in save.seconds):
        raise ValueError("invalid save: seconds must be finite numbers")
    if len(save.seconds) != len(save.seats):
        raise ValueError(
            f"invalid save: {len(save.seconds)} entries in 'seconds' for {len(save.seats)} seats"
        )
    # Names and reasons are printed to terminals: no escape sequences, no bells.
    for i, seat in enumerate(save.seats):
        if not seat.name.isprintable():
            raise ValueError(
                f"invalid save: seats[{i}].name holds control characters"
                " (a seat name is printable text)"
            )
    deal = None if save.table is None else save.table.deal
    if deal is not None and not all(p.seed.isprintable() for p in deal.seeds):
        raise ValueError("invalid save: table.deal.seeds holds control characters")
    if save.forfeit is not None and not save.forfeit.reason.isprintable():
        raise ValueError("invalid save: forfeit.reason holds control characters")
    if save.forfeit is not None and save.forfeit.seat >= len(save.seats):
        raise ValueError(
            f"invalid save: forfeit by seat {save.forfeit.seat}, but the game has seats"
            f" 0-{len(save.seats) - 1}"
        )
    return save


def encode(doc: SaveDoc) -> bytes:
    """The bytes of a save file: the document as indented JSON. A save without a
    table record has no ``table`` key (as saves made before there were tables), a
    table without a committed deal no ``deal`` key (as version 1 saves)."""
    data = msgspec.to_builtins(doc)
    if doc.table is None:
        del data["table"]
    elif doc.table.deal is None:
        del data["table"]["deal"]  # as a version 1 save has it
    return orjson.dumps(data, option=orjson.OPT_INDENT_2)
