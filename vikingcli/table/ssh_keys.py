"""Keys at an SSH table: who may join (an authorized-keys file, each person's keys by
the name in their comment, or an open table) and the server's own host key.

``serve`` must refuse a file that is no private key (``--host-key /etc/passwd``)
with one line, before it writes anything; the server itself loads the key (or makes
a new one, written once it listens) when it starts.
"""

from __future__ import annotations

import ipaddress
import os
from pathlib import Path

import asyncssh

from vikingcli.core.errors import BadInput


class HostKeyError(BadInput):
    """The host key file cannot be read, written or used; the message says why."""


def check_host_key(path: Path) -> None:
    """Check the host key at ``path`` before anything is written: an existing file
    must be a usable private key, a missing one must be creatable (it is written
    when the table listens). Raises :class:`HostKeyError`."""
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


def read_host_key(path: Path) -> asyncssh.SSHKey:
    """The server's host key from ``path``; ``OSError`` or ``ValueError`` if unusable."""
    return asyncssh.read_private_key(str(path))


def write_host_key(key: asyncssh.SSHKey, path: Path) -> None:
    """Keep a new host key, readable by its owner only, so clients can trust it next
    time (written once the table listens: a start that fails writes nothing)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as fh:
        fh.write(key.export_private_key())


def default_authorized_keys() -> Path | None:
    """The user's own ``~/.ssh/authorized_keys``, when there is one."""
    path = Path.home() / ".ssh" / "authorized_keys"
    return path if path.is_file() else None


def read_keys(path: Path) -> asyncssh.SSHAuthorizedKeys:
    """The keys of an authorized_keys file; ``ValueError`` names what is wrong."""
    try:
        keys = asyncssh.read_authorized_keys(str(path))
    except OSError as exc:
        raise ValueError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except (ValueError, asyncssh.KeyImportError) as exc:
        raise ValueError(f"{path}: not an authorized_keys file: {exc}") from None
    if not keys._user_entries:
        raise ValueError(f"{path}: holds no public key")
    return keys


def keys_by_name(keys: asyncssh.SSHAuthorizedKeys) -> dict[str, list[str]]:
    """Each person's key fingerprints, by the name in the key's comment: a key is
    NAME's when its comment is ``NAME`` or ``NAME@HOST`` (what ssh-keygen writes)."""
    names: dict[str, list[str]] = {}
    for entry in keys._user_entries:
        key = entry.key
        if key is None:
            continue
        comment = (key.get_comment() or "").strip()
        name = comment.split("@", 1)[0].strip() if comment else ""
        if name:
            names.setdefault(name, []).append(key.get_fingerprint("sha256"))
    return names


def table_keys(
    path: Path | None, open_table: bool, host: str
) -> tuple[asyncssh.SSHAuthorizedKeys | None, str | None]:
    """Who may join (``None``: anyone) and the warning to print, from ``serve``'s
    options; ``ValueError`` when neither keys nor ``--open`` were given."""
    if open_table:
        if path is not None:
            raise ValueError("--open lets anyone in; it does not go with --authorized-keys")
        return None, open_table_warning(host)
    path = path or default_authorized_keys()
    if path is None:
        raise ValueError(
            "no authorized keys: give --authorized-keys FILE (the public keys of the people"
            " who may join), or --open for a table that anyone who reaches it can join"
        )
    return read_keys(path), None


def is_loopback(host: str) -> bool:
    """Whether ``host`` is reachable from this machine only."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def open_table_warning(host: str) -> str | None:
    """The loud line an ``--open`` table on a reachable address deserves."""
    if is_loopback(host):
        return None
    return (
        f"WARNING: an OPEN table on {host}: anyone who reaches this port can join, "
        "take a free seat and watch; use --authorized-keys to let only your friends in"
    )
