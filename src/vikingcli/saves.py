"""Save files: the JSON format, atomic writes, and loading with replay verification.

The action list is the authority: loading replays it from the seed and checks the
result against the stored snapshot, so a save edited by hand or written by another
engine version is refused instead of silently diverging. Every refusal is a
:class:`SaveError` whose message names the file and the problem; the file is never
modified on a failed load.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import orjson

from vikingcli.engine import IllegalAction
from vikingcli.match import Match, Seat
from vikingcli.players import PlayerKind, SpecError, parse_spec
from vikingcli.registry import Registry

FORMAT = "vikingcli-save"
VERSION = 1
DEFAULT_DIR = Path("saves")


class SaveError(Exception):
    """A save that cannot be used; the message names the file and the problem."""


def save_path(name: str | os.PathLike[str], directory: Path = DEFAULT_DIR) -> Path:
    """Where a save called ``name`` lives: a bare name goes under ``saves/``."""
    path = Path(name)
    if path.suffix != ".json":
        path = path.with_suffix(".json")
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


def write_atomic(path: Path, data: bytes) -> None:
    """Write ``data`` so that ``path`` holds either its old or its new content.

    Temporary file in the same folder, fsync, then rename over the target: a
    crash or kill at any point never leaves a partial file at ``path``."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
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


def write_save(match: Match, path: Path) -> None:
    """Save ``match`` to ``path`` atomically."""
    write_atomic(path, orjson.dumps(match_to_json(match), option=orjson.OPT_INDENT_2))


def read_save_document(path: Path) -> dict[str, Any]:
    """Read and check the envelope of a save (format, version) without replaying."""
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
    if not isinstance(doc, dict) or doc.get("format") != FORMAT:
        raise SaveError(f"{path}: not a vikingcli save (format is not {FORMAT!r})")
    version = doc.get("version")
    if not isinstance(version, int):
        raise SaveError(f"{path}: save has no version number")
    if version > VERSION:
        raise SaveError(
            f"{path}: save format version {version} is newer than this vikingcli reads ({VERSION});"
            " upgrade vikingcli"
        )
    for key, kind in (("game", str), ("seed", int), ("actions", list), ("seats", list)):
        if not isinstance(doc.get(key), kind):
            raise SaveError(f"{path}: field {key!r} is missing or not a {kind.__name__}")
    if not isinstance(doc.get("options", {}), dict) or not isinstance(doc.get("state"), dict):
        raise SaveError(f"{path}: field 'options' or 'state' is missing or malformed")
    return doc


def load_match(path: Path, registry: Registry) -> Match:
    """Load a save: replay its actions from the seed and check them against the snapshot."""
    doc = read_save_document(path)
    name = doc["game"]
    if name not in registry.games:
        installed = ", ".join(sorted(registry.games)) or "none"
        raise SaveError(f"{path}: game {name!r} is not installed (installed: {installed})")
    game = registry.games[name]
    try:
        options = game.resolve_options({str(k): str(v) for k, v in doc["options"].items()})
    except ValueError as exc:
        raise SaveError(f"{path}: {exc}") from None
    seats = _seats(path, doc["seats"], registry.players)
    if not game.min_players <= len(seats) <= game.max_players:
        raise SaveError(
            f"{path}: {len(seats)} seats, but {name} takes {game.min_players}-{game.max_players}"
        )
    match = Match(game, options, doc["seed"], seats)
    for i, text in enumerate(doc["actions"]):
        if match.over:
            raise SaveError(f"{path}: action {i + 1} ({text!r}) comes after the end of the game")
        try:
            match.apply_text(str(text))
        except IllegalAction as exc:
            raise SaveError(f"{path}: action {i + 1} ({text!r}) does not replay: {exc}") from None
    # Compared as data, not as key order: a snapshot stays valid when a game
    # reorders its fields (the values are what the replay must reproduce).
    if _canonical(game.to_json(match.state)) != _canonical(doc["state"]):
        raise SaveError(
            f"{path}: the actions do not replay to the stored snapshot"
            f" (save made by {name} rules version {doc.get('game_version')!r},"
            f" installed is {game.version!r})"
        )
    forfeit = doc.get("forfeit")
    if isinstance(forfeit, dict):
        match.forfeit = forfeit
    seconds = doc.get("seconds")
    if isinstance(seconds, list) and len(seconds) == len(seats):
        match.seconds = [float(s) for s in seconds]
    return match


def _canonical(snapshot: Any) -> bytes:
    return orjson.dumps(snapshot, option=orjson.OPT_SORT_KEYS)


def _seats(path: Path, raw: list[Any], kinds: Mapping[str, PlayerKind]) -> list[Seat]:
    seats = []
    for i, item in enumerate(raw):
        if not isinstance(item, dict) or not isinstance(item.get("player"), str):
            raise SaveError(f"{path}: seat {i} is malformed")
        try:
            spec = parse_spec(item["player"], kinds)
        except SpecError as exc:
            raise SaveError(f"{path}: seat {i}: {exc}") from None
        seats.append(Seat(str(item.get("name") or f"seat {i}"), spec))
    return seats
