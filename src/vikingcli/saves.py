"""Save files: the JSON format, atomic writes, and loading with replay verification.

The action list is the authority: loading replays it from the seed and checks the
result against the stored snapshot, so a save edited by hand or written by another
engine version is refused instead of silently diverging. Every refusal is a
:class:`SaveError` whose message names the file and the problem; the file is never
modified on a failed load.
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import tempfile
import time
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import orjson

from vikingcli.engine import IllegalAction
from vikingcli.match import Match, Seat
from vikingcli.players import PlayerKind, SpecError, parse_spec
from vikingcli.registry import Registry
from vikingcli.save_schema import FORMAT, VERSION, SaveDoc, SeatDoc, check_save

DEFAULT_DIR = Path("saves")


class SaveError(Exception):
    """A save that cannot be used; the message names the file and the problem."""


def save_path(name: str | os.PathLike[str], directory: Path = DEFAULT_DIR) -> Path:
    """Where a save called ``name`` lives: a bare name goes under ``saves/``.

    ``.json`` is added unless the name ends in it; a name's own dots stay
    (``game.v2`` is ``saves/game.v2.json``, not ``saves/game.json``)."""
    text = os.fspath(name)
    path = Path(text)
    if not text.strip() or text.endswith(("/", os.sep)) or path.name in ("", ".", ".."):
        raise SaveError(f"save name {text!r} is not a file name")
    if path.suffix != ".json":
        path = path.with_name(path.name + ".json")
    if path.parent == Path("."):
        path = directory / path
    return path


def match_to_json(match: Match) -> dict[str, Any]:
    """The save document of a match."""
    game = match.game
    result = match.result_json() if match.over else None
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game.name,
        "game_version": game.version,
        "options": dict(match.options),
        "seed": match.seed,
        "seats": [s.to_json() for s in match.seats],
        "actions": list(match.actions),
        "forfeit": match.forfeit,
        "seconds": list(match.seconds),
        "state": game.to_json(match.state),
        "result": result,
    }


def write_atomic(path: Path, data: bytes, *, replace: bool = True) -> None:
    """Write ``data`` so that ``path`` holds either its old or its new content.

    Temporary file in the same folder, fsync, then rename over the target: a
    crash or kill at any point never leaves a partial file at ``path``. With
    ``replace=False`` an existing ``path`` is never replaced (``FileExistsError``),
    decided atomically by the file system, so two writers cannot both win a name.
    Temporary files that interrupted writers left in the folder are removed first."""
    path.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_temporaries(path.parent)
    # The writer's pid in the name tells a live write from one killed mid-way.
    fd, tmp = tempfile.mkstemp(
        prefix=f".{path.name}.{os.getpid()}-", suffix=".tmp", dir=path.parent
    )
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        if replace:
            os.replace(tmp, path)
        else:
            _link_new(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    try:
        dir_fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def _link_new(tmp: str, path: Path) -> None:
    try:
        os.link(tmp, path)
    except OSError as exc:
        if exc.errno not in (errno.EPERM, errno.ENOTSUP, errno.EOPNOTSUPP, errno.EXDEV):
            raise
        # No hard links here (FAT, some network file systems): claim the name
        # exclusively, then fill it by rename.
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644))
        os.replace(tmp, path)
    else:
        os.unlink(tmp)


_TEMPORARY = re.compile(r"^\.(?P<name>.+)\.(?:(?P<pid>\d+)-)?[a-z0-9_]{8}\.tmp$")
STALE_AFTER = 600.0
"""Seconds after which a temporary file of unknown owner counts as abandoned
(a write lasts milliseconds)."""


def remove_stale_temporaries(folder: Path) -> list[Path]:
    """Remove the temporary files of interrupted writes in ``folder``; return them.

    A temporary file whose writer process is gone is stale at once; one without a
    pid in its name (written by vikingcli 0.1) only when it is old."""
    try:
        entries = list(os.scandir(folder))
    except OSError:
        return []
    now = time.time()
    removed = []
    for entry in entries:
        m = _TEMPORARY.match(entry.name)
        if m is None:
            continue
        try:
            if not entry.is_file(follow_symlinks=False):
                continue
            pid = m.group("pid")
            if pid is not None:
                stale = not _alive(int(pid))
            else:
                stale = m.group("name").endswith(".json") and (
                    now - entry.stat(follow_symlinks=False).st_mtime > STALE_AFTER
                )
            if stale:
                os.unlink(entry.path)
                removed.append(Path(entry.path))
        except OSError:
            continue
    return removed


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):
        return True
    return True


def _save_bytes(match: Match) -> bytes:
    return orjson.dumps(match_to_json(match), option=orjson.OPT_INDENT_2)


def write_save(match: Match, path: Path) -> None:
    """Save ``match`` to ``path`` atomically (the game's own file: replaces it)."""
    write_atomic(path, _save_bytes(match))


def create_save(match: Match, path: Path, *, force: bool = False, unique: bool = False) -> Path:
    """Write the first save of a new game and return where it went.

    An existing file is never replaced (a person's game may be in it): the name
    is refused, or with ``unique`` the next free ``NAME-2.json``, ``NAME-3.json``
    ... is taken; ``force`` replaces it on purpose."""
    data = _save_bytes(match)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SaveError(f"{path}: cannot write the save: {exc.strerror or exc}") from None
    candidates = [path]
    if unique:
        stem = path.name.removesuffix(".json")
        candidates += [path.with_name(f"{stem}-{k}.json") for k in range(2, 10_000)]
    for candidate in candidates:
        try:
            write_atomic(candidate, data, replace=force)
            return candidate
        except FileExistsError:
            if candidate.is_dir():
                raise SaveError(f"{candidate}: is a folder, not a save file") from None
            continue
        except OSError as exc:
            raise SaveError(f"{candidate}: cannot write the save: {exc.strerror or exc}") from None
    raise SaveError(
        f"{path} already exists; continue that game with 'vikingcli resume {path}',"
        " choose another --save name, or add --force to replace it"
    )


def prepare_save_dir(folder: Path) -> None:
    """Check that saves can be written into ``folder`` before any game is played.

    Nothing is created: a folder that does not exist yet must be creatable."""
    if folder.exists() and not folder.is_dir():
        raise SaveError(f"{folder}: is a file, not a folder")
    existing = folder
    while not existing.exists() and existing != existing.parent:
        existing = existing.parent
    if not existing.is_dir():
        raise SaveError(f"{folder}: cannot write there: {existing} is not a folder")
    try:
        fd, probe = tempfile.mkstemp(prefix=f".probe.{os.getpid()}-", suffix=".tmp", dir=existing)
        os.close(fd)
        os.unlink(probe)
    except OSError as exc:
        raise SaveError(f"{folder}: cannot write there: {exc.strerror or exc}") from None


def read_save_document(path: Path) -> SaveDoc:
    """Read a save and check it against the schema (without replaying it)."""
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save file") from None
    except OSError as exc:
        raise SaveError(f"{path}: cannot read: {exc.strerror or exc}") from None
    if not raw.strip():
        raise SaveError(f"{path}: empty file, not a vikingcli save")
    try:
        doc = orjson.loads(raw)
    except orjson.JSONDecodeError as exc:
        raise SaveError(f"{path}: not valid JSON (truncated or damaged): {exc}") from None
    try:
        return check_save(doc)
    except ValueError as exc:
        raise SaveError(f"{path}: {exc}") from None


def load_match(path: Path, registry: Registry) -> Match:
    """Load a save: replay its actions from the seed and check them against the snapshot."""
    doc = read_save_document(path)
    name = doc.game
    if name not in registry.games:
        installed = ", ".join(sorted(registry.games)) or "none"
        raise SaveError(f"{path}: game {name!r} is not installed (installed: {installed})")
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
            raise SaveError(f"{path}: action {i + 1} ({text!r}) comes after the end of the game")
        try:
            match.apply_text(text)
        except IllegalAction as exc:
            raise SaveError(f"{path}: action {i + 1} ({text!r}) does not replay: {exc}") from None
    # Compared as data, not as key order: a snapshot stays valid when a game
    # reorders its fields (the values are what the replay must reproduce).
    if _canonical(game.to_json(match.state)) != _canonical(doc.state):
        raise SaveError(
            f"{path}: the actions do not replay to the stored snapshot"
            f" (save made by {name} rules version {doc.game_version!r},"
            f" installed is {game.version!r})"
        )
    if doc.forfeit is not None:
        # A forfeit happens instead of a move: the seat that forfeited is the
        # one the replayed game waits for, and the game is over from then on.
        waiting = game.to_move(match.state)
        if waiting != doc.forfeit.seat:
            who = "nobody (the game is over)" if waiting is None else f"seat {waiting}"
            raise SaveError(
                f"{path}: forfeit by seat {doc.forfeit.seat},"
                f" but after the actions {who} is to move"
            )
        match.forfeit = {"seat": doc.forfeit.seat, "reason": doc.forfeit.reason}
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
