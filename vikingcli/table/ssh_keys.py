"""The SSH table's host key, checked before a table is set up.

``serve`` must refuse a file that is no private key (``--host-key /etc/passwd``)
with one line, before it writes the table's save; the server itself loads the key
again when it starts listening.
"""

from __future__ import annotations

from pathlib import Path

from vikingcli.core.errors import BadInput


class HostKeyError(BadInput):
    """The host key file cannot be read, written or used; the message says why."""


def check_host_key(path: Path) -> None:
    """Load the host key at ``path``, creating it when missing, or raise :class:`HostKeyError`."""
    from vikingcli.table.ssh import load_or_create_host_key

    if path.is_dir():
        raise HostKeyError(f"--host-key {path}: is a folder, not a key file")
    try:
        load_or_create_host_key(path)
    except OSError as exc:
        raise HostKeyError(f"--host-key {path}: {exc.strerror or exc}") from None
    except ValueError as exc:
        # asyncssh's KeyImportError and KeyEncryptionError are ValueErrors.
        raise HostKeyError(f"--host-key {path}: not a usable SSH private key ({exc})") from None
