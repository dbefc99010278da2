"""Reading a file named by someone else (a save, a tournament file, a command line):
hostile until checked, so only a regular file, and never more than a bound of it.

A FIFO would block the reader for ever and ``/dev/zero`` would fill its memory; both
are refused before a byte is read, whatever the caller does with the bytes.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path


def read_bounded(path: str | Path, limit: int) -> bytes:
    """The bytes of the regular file at ``path``, at most ``limit`` of them.

    ``OSError`` when it cannot be opened; ``ValueError`` naming the path when it is
    not a regular file or is larger than ``limit`` bytes."""
    # O_NONBLOCK: opening a FIFO with no writer would otherwise wait for one.
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise ValueError(f"{path} is not a regular file")
        if info.st_size > limit:
            raise ValueError(f"{path} is larger than {limit} bytes")
        with os.fdopen(os.dup(fd), "rb") as f:
            data = f.read(limit + 1)
    finally:
        os.close(fd)
    if len(data) > limit:  # it grew while being read
        raise ValueError(f"{path} is larger than {limit} bytes")
    return data
