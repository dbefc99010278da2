"""A match in a save file and back: the document of a match (written through the
schema), and loading, which replays the action list from the seed.

The action list is the authority: loading replays it and checks the result against
the stored snapshot, so a save edited by hand or written by another engine version
is refused instead of silently diverging. A save keeps what it holds beside the
match (a shared table's record) when it is written again: :class:`Saved` carries it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import orjson

from vikingcli.core.match import RESIGNED, ForfeitRecord, Match, Seat
from vikingcli.core.registry import Registry
from vikingcli.core.specs import parse_spec
from vikingcli.engine import IllegalAction, PlayerKind, SpecError
from vikingcli.engine.text import printable_line, quoted
from vikingcli.saves.files import SaveError, create_file, read_save_document, write_atomic
from vikingcli.saves.schema import (
    FORMAT,
    VERSION,
    ForfeitDoc,
    SaveDoc,
    SearchDoc,
    SeatDoc,
    TableDoc,
    encode,
)


@dataclass
class Saved:
    """A loaded save: the match, and the table record it keeps (``None``: none)."""

    match: Match
    table: TableDoc | None = None
    search: list[SearchDoc] | None = None
    """Per seat, what its search used (a batch game's record), if the save says."""


def save_document(
    match: Match, table: TableDoc | None = None, search: list[SearchDoc] | None = None
) -> SaveDoc:
    """The save document of a match (and of its table, if it has one; and what each
    seat's search used, if known)."""
    game = match.game
    forfeit = match.forfeit
    return SaveDoc(
        format=FORMAT,
        # The oldest version that holds it: a save with no committed deal (and no
        # search record) stays readable by a vikingcli of before deals.
        version=VERSION if (table is not None and table.deal is not None) or search else 1,
        game=game.name,
        game_version=game.version,
        options=dict(match.options),
        seed=match.seed,
        seats=[SeatDoc(player=str(s.spec), name=s.name) for s in match.seats],
        actions=list(match.actions),
        seconds=list(match.seconds),
        state=game.to_json(match.state),
        forfeit=None if forfeit is None else ForfeitDoc(forfeit.seat, forfeit.reason),
        result=match.result_json() if match.over else None,
        table=table,
        search=search,
    )


def write_save(match: Match, path: Path, table: TableDoc | None = None) -> None:
    """Save ``match`` to ``path`` atomically (the game's own file: replaces it),
    keeping ``table``, the record of the table it is played at, if any."""
    write_atomic(path, encode(save_document(match, table)))


def create_save(
    match: Match,
    path: Path,
    *,
    force: bool = False,
    unique: bool = False,
    table: TableDoc | None = None,
    search: list[SearchDoc] | None = None,
) -> Path:
    """Write the first save of a new game (``table``: the record of its shared table,
    with the secret of its deal; ``search``: what each seat's search used) and
    return where it went.

    An existing file is never replaced (a person's game may be in it): the name
    is refused, or with ``unique`` the next free ``NAME-2.json``, ``NAME-3.json``
    ... is taken; ``force`` replaces it on purpose."""
    try:
        data = encode(save_document(match, table, search))
        return create_file(path, data, force=force, unique=unique)
    except FileExistsError:
        raise SaveError(
            f"{path} already exists; continue that game with 'vikingcli resume {path}',"
            " choose another --save name, or add --force to replace it"
        ) from None


def load_match(path: Path, registry: Registry) -> Match:
    """Load a save: replay its actions from the seed and check them against the snapshot."""
    return load_save(path, registry).match


def load_save(path: Path, registry: Registry) -> Saved:
    """Load a save with everything it keeps beside the match (a table's record)."""
    doc = read_save_document(path)
    search = doc.search if doc.search is not None and len(doc.search) == len(doc.seats) else None
    return Saved(replay_document(path, doc, registry), doc.table, search)


def replay_document(path: Path, doc: SaveDoc, registry: Registry) -> Match:
    """The match of a checked save document (``path`` names it in errors): its actions
    replayed from its seed and checked against its snapshot, forfeit and result;
    ``SaveError`` says where they part."""
    name = doc.game
    if name not in registry.games:
        installed = ", ".join(sorted(registry.games)) or "none"
        raise SaveError(
            f"{path}: game {quoted(name, 40)} is not installed (installed: {installed})"
        )
    game = registry.games[name]
    try:
        options = game.resolve_options(doc.options)
    except ValueError as exc:
        raise SaveError(f"{path}: {exc}") from None
    seats = _seats(path, doc.seats, registry.players)
    if not game.min_players <= len(seats) <= game.max_players:
        raise SaveError(
            f"{path}: {len(seats)} seats, but {name} takes {game.min_players}-{game.max_players}"
        )
    try:
        match = Match(game, options, doc.seed, seats)
    except ValueError as exc:
        raise SaveError(f"{path}: {name} cannot set up this game: {exc}") from None
    for i, text in enumerate(doc.actions):
        if match.over:
            raise SaveError(
                f"{path}: action {i + 1} ({quoted(text)}) comes after the end of the game"
            )
        try:
            match.apply_text(text)
        except IllegalAction as exc:
            # The game's reason may quote the text in full: it is cut short too.
            raise SaveError(
                f"{path}: action {i + 1} ({quoted(text)}) does not replay:"
                f" {printable_line(str(exc), 300)}"
            ) from None
    # Compared as data, not as key order: a snapshot stays valid when a game
    # reorders its fields (the values are what the replay must reproduce); and in
    # today's keys: a snapshot of older rules is upgraded by the game that wrote it.
    stored = game.upgrade_snapshot(doc.state, doc.game_version)
    if _canonical(game.to_json(match.state)) != _canonical(stored):
        raise SaveError(
            f"{path}: the actions do not replay to the stored snapshot"
            f" (save made by {name} rules version {quoted(doc.game_version, 40)},"
            f" installed is {game.version!r})"
        )
    if doc.forfeit is not None:
        # A forfeit happens instead of a move: the seat that forfeited is the
        # one the replayed game waits for (a person may resign at any moment),
        # and the game is over from then on.
        waiting = game.to_move(match.state)
        if waiting != doc.forfeit.seat and doc.forfeit.reason != RESIGNED:
            who = "nobody (the game is over)" if waiting is None else f"seat {waiting}"
            raise SaveError(
                f"{path}: forfeit by seat {doc.forfeit.seat},"
                f" but after the actions {who} is to move"
            )
        match.forfeit = ForfeitRecord(doc.forfeit.seat, doc.forfeit.reason)
    match.seconds = list(doc.seconds)
    _check_result(path, match, doc.result)
    return match


_RESULT_KEYS = ("scores", "ranks", "winners", "end_reason", "forfeit")
"""What a stored result must agree on with the replay (the rest is display)."""


def _check_result(path: Path, match: Match, stored: dict[str, Any] | None) -> None:
    if not match.over:
        if stored is not None:
            raise SaveError(f"{path}: the save holds a result, but the game is not over")
        return
    if stored is None:
        raise SaveError(f"{path}: the game is over, but the save holds no result")
    replayed = match.result_json()
    for key in _RESULT_KEYS:
        if _canonical(stored.get(key)) != _canonical(replayed[key]):
            raise SaveError(f"{path}: the stored result ({key}) differs from the replayed game")


def _canonical(snapshot: Any) -> bytes:
    return orjson.dumps(snapshot, option=orjson.OPT_SORT_KEYS)


def _seats(path: Path, raw: list[SeatDoc], kinds: Mapping[str, PlayerKind]) -> list[Seat]:
    seats = []
    for i, item in enumerate(raw):
        try:
            spec = parse_spec(item.player, kinds)
        except SpecError as exc:
            raise SaveError(f"{path}: seat {i}: {exc}") from None
        seats.append(Seat(item.name or f"seat {i}", spec))
    return seats
