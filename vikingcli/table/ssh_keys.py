"""The SSH table's host key, checked before a table is set up.

``serve`` must refuse a file that is no private key (``--host-key /etc/passwd``)
with one line, before it writes anything; the server itself loads the key (or makes
a new one, written once it listens) when it starts.
"""

from __future__ import annotations

import os
from pathlib import Path

from vikingcli.core.errors import BadInput


class HostKeyError(BadInput):
    """The host key file cannot be read, written or used; the message says why."""


def check_host_key(path: Path) -> None:
    """Check the host key at ``path`` before anything is written: an existing file
    must be a usable private key, a missing one must be creatable (it is written
    when the table listens). Raises :class:`HostKeyError`."""
    from vikingcli.table.ssh import read_host_key

    if path.is_dir():
        raise HostKeyError(f"--host-key {path}: is a folder, not a key file")
    if not path.exists():
        folder = path.parent
        while not folder.exists() and folder != folder.parent:
            folder = folder.parent
        if not folder.is_dir() or not os.access(folder, os.W_OK):
            raise HostKeyError(f"--host-key {path}: cannot create it in {folder}")
        return
    try:
        read_host_key(path)
    except OSError as exc:
        raise HostKeyError(f"--host-key {path}: {exc.strerror or exc}") from None
    except ValueError as exc:
        # asyncssh's KeyImportError and KeyEncryptionError are ValueErrors.
        raise HostKeyError(f"--host-key {path}: not a usable SSH private key ({exc})") from None
