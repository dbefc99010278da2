"""The tournament results file (``tournament --out``): what it was played with, and resuming.

The first line says what the tournament is (game and rules version, options,
entrants and their names, table size, format, rotation, first seed, and when it
was begun); every later line is one game's record. Files of version 1 (before
table sizes and formats) are read as the ``all`` format of unnamed entrants. A rerun
with the same file plays only what is missing, and only when it is the same
tournament: otherwise it is refused with one line saying what differs, because
merging games of other settings into one table gives wrong standings.

A run killed while writing can leave a torn last line: a strict prefix of a JSON
object, which is never valid JSON itself. It is cut off (and reported) before
anything is appended; any other bad line is refused and the file left as it is.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Annotated, Any, Final, Literal

import msgspec
import orjson

from vikingcli.batch.fingerprints import Fingerprint, changed
from vikingcli.batch.jobs import Job
from vikingcli.batch.tournament import Plan, PlanError, job_key
from vikingcli.core.errors import BadInput
from vikingcli.engine import Game
from vikingcli.saves.schema import Seed

FORMAT: Final = "vikingcli-tournament"
VERSION: Final = 3
READABLE: Final = (1, 2, 3)

Index = Annotated[int, msgspec.Meta(ge=0)]


class ResultsFileError(BadInput):
    """A results file that cannot be resumed or written; the message names it."""


class Settings(msgspec.Struct, forbid_unknown_fields=True, frozen=True, kw_only=True):
    """What a tournament is played with: its first line."""

    format: Literal["vikingcli-tournament"] = FORMAT
    version: Literal[1, 2, 3] = VERSION
    game: str
    game_version: str
    options: dict[str, str]
    entrants: list[str]
    names: list[str | None] | None = None
    """Each entrant's ``NAME=``, or null (version 1: none)."""
    table_size: Annotated[int, msgspec.Meta(ge=1)] | None = None
    """Seats at a table (version 1: every entrant)."""
    schedule: Literal["all", "round-robin", "gauntlet"] = "all"
    """The format: which tables a deal is played at."""
    rotation: str
    seed: Seed
    started: str | None = None
    """When the tournament was begun (UTC, ISO 8601); not compared on resume."""
    bots: list[Fingerprint | None] | None = None
    """Per entrant, the fingerprint of its program when it is an exec bot (version 3)."""

    def plan(self) -> Plan:
        """The tournament's tables and seatings (refused: :class:`PlanError`)."""
        return Plan(
            tuple(self.entrants),
            tuple(self.names or ()),
            self.table_size or len(self.entrants),
            self.schedule,
            self.rotation,
        )

    def compared(self) -> dict[str, Any]:
        """What must be the same for a run to resume this file."""
        return {
            "game": self.game,
            "game_version": self.game_version,
            "options": self.options,
            "entrants": self.entrants,
            "names": list(self.names or [None] * len(self.entrants)),
            "table_size": self.table_size or len(self.entrants),
            "format": self.schedule,
            "rotation": self.rotation,
            "seed": self.seed,
        }


class _Seat(msgspec.Struct):
    player: str


class _Forfeit(msgspec.Struct):
    seat: Index


class Record(msgspec.Struct):
    """The fields of a game record that resuming and the standings rely on."""

    game: str
    options: dict[str, str]
    seed: Seed
    deal: Index
    seating: list[Index]
    seats: list[_Seat]
    scores: list[float]
    ranks: list[Annotated[int, msgspec.Meta(ge=1)]]
    winners: list[Index]
    forfeit: _Forfeit | None


@dataclass
class ResultsFile:
    """An opened results file: its valid records, and where appending starts."""

    path: Path
    settings: Settings
    records: list[dict[str, Any]] = field(default_factory=list)
    has_header: bool = False
    keep: int = 0
    """Bytes of the file to keep: everything but a torn last line."""
    size: int = 0
    needs_newline: bool = False
    started: str | None = None
    """When the tournament in the file was begun (its first line), if it says."""
    notes: list[str] = field(default_factory=list)
    """Warnings found while reading it (a bot accepted although it changed)."""
    _sink: IO[bytes] | None = None

    def begin(self) -> list[str]:
        """Cut a torn last line, write the first line of a new file; return warnings."""
        notes = list(self.notes)
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            sink = self.path.open("r+b" if self.path.exists() else "wb")
            if self.keep < self.size:
                sink.truncate(self.keep)
                notes.append(
                    f"{self.path}: cut off an incomplete last line ({self.size - self.keep} bytes)"
                    " left by an interrupted run; that game is played again"
                )
            sink.seek(self.keep)
            if self.needs_newline:
                sink.write(b"\n")
            if not self.has_header and not self.records:
                sink.write(msgspec.json.encode(self.settings) + b"\n")
            sink.flush()
        except OSError as exc:
            raise ResultsFileError(f"{self.path}: cannot write: {exc.strerror or exc}") from None
        self._sink = sink
        return notes

    def append(self, record: dict[str, Any]) -> None:
        """Add one game's record (one write and flush, so a kill tears at most this line)."""
        assert self._sink is not None, "begin() first"
        self._sink.write(orjson.dumps(record) + b"\n")
        self._sink.flush()

    def close(self) -> None:
        if self._sink is not None:
            try:
                os.fsync(self._sink.fileno())
            finally:
                self._sink.close()
                self._sink = None


def settings_of(
    game: Game,
    options: dict[str, str],
    plan: Plan,
    seed: int,
    started: str | None = None,
    bots: list[Fingerprint | None] | None = None,
) -> Settings:
    """The first line of a tournament of ``plan`` (``bots``: each entrant's
    fingerprint, ``None`` for one that runs no program)."""
    return Settings(
        game=game.name,
        game_version=game.version,
        options=options,
        entrants=list(plan.specs),
        names=list(plan.names),
        table_size=plan.table_size,
        schedule=plan.fmt,  # type: ignore[arg-type]  # checked by Plan
        rotation=plan.rotation,
        seed=seed,
        started=started,
        bots=bots,
    )


def resume(
    path: Path | None,
    settings: Settings,
    planned: list[Job],
    accept_changed_bots: bool = False,
) -> tuple[ResultsFile | None, list[dict[str, Any]], list[Job]]:
    """The results file of a tournament (``None`` without ``--out``), a new list of
    its games so far, and the planned games still to play. A bot whose program
    changed since the file was begun is refused unless ``accept_changed_bots``
    (then it is a warning of :meth:`ResultsFile.begin`)."""
    book = open_results(path, settings, accept_changed_bots) if path is not None else None
    done = book.records if book is not None else []
    have = {job_key(r) for r in done}
    todo = [
        j for j in planned if (j["seed"], j["tag"]["deal"], tuple(j["tag"]["seating"])) not in have
    ]
    return book, list(done), todo


def open_results(
    path: Path, settings: Settings, accept_changed_bots: bool = False
) -> ResultsFile:
    """Read and check a results file for a run with ``settings``; nothing is written.

    Raises :class:`ResultsFileError` for a file of another tournament, a bad line
    or an unreadable file."""
    book = ResultsFile(path, settings)
    if path.is_dir():
        raise ResultsFileError(f"{path}: is a folder, not a results file")
    try:
        data = path.read_bytes()
    except FileNotFoundError:
        return book
    except OSError as exc:
        raise ResultsFileError(f"{path}: cannot read: {exc.strerror or exc}") from None
    book.size = book.keep = len(data)
    if not data.strip():
        book.keep = 0  # nothing but blank lines (`echo > FILE`): a new tournament's file
        return book
    lines = data.split(b"\n")
    tail = lines.pop()  # the bytes after the last newline: b"" in a complete file
    if tail.strip():
        try:
            orjson.loads(tail)
            lines.append(tail)
            book.needs_newline = True
        except orjson.JSONDecodeError:
            if not tail.lstrip().startswith(b"{"):
                raise ResultsFileError(
                    f"{path}: line {len(lines) + 1}: not valid JSON; not a results file"
                ) from None
            book.keep = len(data) - len(tail)
    seen: dict[tuple[int, int, tuple[int, ...]], int] = {}
    plan = settings.plan()
    allowed: dict[int, set[tuple[int, ...]]] = {}
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        where = f"{path}: line {number}"
        try:
            doc = orjson.loads(line)
        except orjson.JSONDecodeError as exc:
            raise ResultsFileError(f"{where}: not valid JSON ({exc})") from None
        if isinstance(doc, dict) and "format" in doc:
            if book.has_header or book.records:
                raise ResultsFileError(f"{where}: a header line amid the game records")
            book.started = _check_header(where, path, doc, settings)
            book.notes += _check_bots(path, doc, settings, accept_changed_bots)
            book.has_header = True
            continue
        _check_record(path, number, doc, settings, plan, allowed)
        key = job_key(doc)
        if key in seen:
            raise ResultsFileError(
                f"{where}: the game of seed {key[0]} in seating {list(key[2])}"
                f" is already on line {seen[key]}"
            )
        seen[key] = number
        book.records.append(doc)
    return book


def _check_header(
    where: str, path: Path, doc: dict[str, Any], settings: Settings
) -> str | None:
    if doc.get("format") != FORMAT:
        raise ResultsFileError(f"{where}: not a vikingcli tournament file")
    if doc.get("version") not in READABLE:
        raise ResultsFileError(
            f"{where}: tournament file version {doc.get('version')!r} is not one this"
            f" vikingcli reads ({', '.join(map(str, READABLE))})"
        )
    try:
        header = msgspec.convert(doc, Settings, strict=True)
        header.plan()
    except (msgspec.ValidationError, PlanError) as exc:
        raise ResultsFileError(f"{where}: invalid header: {exc}") from None
    mine, theirs = header.compared(), settings.compared()
    differences = [
        f"{name} {_show(mine[name])} (this run: {_show(theirs[name])})"
        for name in mine
        if mine[name] != theirs[name]
    ]
    if differences:
        raise ResultsFileError(
            f"{path}: holds another tournament, played with "
            + "; ".join(differences)
            + "; use another --out file or the same settings"
        )
    return header.started


def _check_bots(
    path: Path, doc: dict[str, Any], settings: Settings, accept: bool
) -> list[str]:
    """A bot whose program is not the one the file was begun with: refused (one
    line naming the entrant), or with ``accept`` a warning."""
    try:
        header = msgspec.convert(doc, Settings, strict=True)
    except msgspec.ValidationError:
        return []  # reported by _check_header
    labels = settings.plan().labels
    notes = []
    for e, (old, new) in enumerate(zip(header.bots or [], settings.bots or [], strict=False)):
        if old is None or new is None:
            continue
        what = changed(old, new)
        if what is None:
            continue
        text = f"{path}: entrant {labels[e]}: its program changed since the file was begun ({what})"
        if not accept:
            raise ResultsFileError(
                f"{text}; use another --out file, or --accept-changed-bots to play on with it"
            )
        notes.append(f"{text}; played on with it (--accept-changed-bots)")
    return notes


def _check_record(
    path: Path,
    number: int,
    doc: Any,
    settings: Settings,
    plan: Plan,
    allowed: dict[int, set[tuple[int, ...]]],
) -> None:
    where = f"{path}: line {number}"
    try:
        rec = msgspec.convert(doc, Record, strict=True)
    except msgspec.ValidationError as exc:
        raise ResultsFileError(f"{where}: not a game record: {exc}") from None
    n, k = len(settings.entrants), plan.table_size
    sizes = {len(rec.seating), len(rec.seats), len(rec.scores), len(rec.ranks)}
    if sizes != {k}:
        raise ResultsFileError(f"{where}: not a game record of a table of {k}")
    if len(set(rec.seating)) != k or any(e >= n for e in rec.seating):
        raise ResultsFileError(f"{where}: seating {rec.seating} is not one of the entrants")
    n = k  # seats from here on
    if any(w >= n for w in rec.winners) or (rec.forfeit is not None and rec.forfeit.seat >= n):
        raise ResultsFileError(f"{where}: winner or forfeit names a seat the game does not have")
    if not all(math.isfinite(s) for s in rec.scores) or any(r > n for r in rec.ranks):
        raise ResultsFileError(f"{where}: scores or ranks out of range")
    # Each record carries what it was played with, so files written before the
    # header line existed are checked too.
    played = {
        "game": rec.game,
        "options": rec.options,
        "entrants": [s.player for s in rec.seats],
        "seed": rec.seed - rec.deal,
    }
    wanted = {
        "game": settings.game,
        "options": settings.options,
        "entrants": [settings.entrants[e] for e in rec.seating],
        "seed": settings.seed,
    }
    differences = [
        f"{name} {_show(played[name])} (this run: {_show(wanted[name])})"
        for name in played
        if played[name] != wanted[name]
    ]
    if differences:
        raise ResultsFileError(
            f"{path}: holds another tournament (line {number} played with "
            + "; ".join(differences)
            + "); use another --out file or the same settings"
        )
    if rec.deal not in allowed:
        allowed[rec.deal] = set(plan.seatings(rec.deal))
    if tuple(rec.seating) not in allowed[rec.deal]:
        raise ResultsFileError(
            f"{path}: holds another tournament (line {number} has seating"
            f" {rec.seating}, not one of deal {rec.deal} in format {plan.fmt!r},"
            f" rotation {plan.rotation!r})"
        )


def _show(value: Any) -> str:
    if isinstance(value, dict):
        return ",".join(f"{k}={v}" for k, v in value.items()) or "none"
    if isinstance(value, list):
        return ", ".join("-" if v is None else str(v) for v in value)
    return str(value)
