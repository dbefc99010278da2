"""What an exec bot of a tournament is: its command, and a hash of its program file
and of every file its command line names, kept in the results file's first line so
that a resumed tournament does not merge two different programs under one entrant.

A bot's program is the first word of its command (looked up on PATH when it names
no folder: ``python3`` is the interpreter's file); the files named on its command
line are the later words that are files where the tournament runs (``bot.py``,
``weights.bin``). What those files read in turn is not followed.
"""

from __future__ import annotations

import hashlib
import os
import shlex
import shutil
from pathlib import Path

import msgspec

CHUNK = 1 << 20


class Fingerprint(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    """One exec entrant: its command, and ``sha256:HEX`` per file (by the word of the
    command that names it; the program's word maps to its resolved file's hash)."""

    command: str
    files: dict[str, str]


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        while block := f.read(CHUNK):
            digest.update(block)
    return f"sha256:{digest.hexdigest()}"


def fingerprint(command: str) -> Fingerprint:
    """The fingerprint of a bot command (files that cannot be read are left out)."""
    try:
        argv = shlex.split(command)
    except ValueError:
        return Fingerprint(command, {})
    files: dict[str, str] = {}
    for k, word in enumerate(argv):
        found = word if k or os.sep in word else shutil.which(word)
        if found is None:
            continue
        path = Path(found)
        try:
            if path.is_file():
                files[word] = _sha256(path)
        except OSError:
            continue
    return Fingerprint(command, files)


def changed(old: Fingerprint, new: Fingerprint) -> str | None:
    """What differs between the fingerprint a file was begun with and this run's,
    in a few words; ``None`` when it is the same program."""
    if old.command != new.command:
        return "its command differs"
    for word in sorted(set(old.files) | set(new.files)):
        if old.files.get(word) != new.files.get(word):
            return f"{word} is not the file it was"
    return None
