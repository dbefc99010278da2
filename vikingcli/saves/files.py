"""Files that hold what people made (saves, reports): where a name goes, atomic
writes that never leave half a file and never replace another person's file by
accident, and reading a save document through the schema.

Every refusal is a :class:`SaveError` whose message names the file and the problem;
a file is never modified by a failed read.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import os
import re
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import orjson

from vikingcli.saves.schema import SaveDoc, check_save

DEFAULT_DIR = Path("saves")
MAX_SAVE_BYTES = 64 << 20
"""The largest file read as a save (64 MiB; a whole game of the largest built-in game is
well under 1 MiB): a bigger one is refused before it is read into memory."""


class SaveError(Exception):
    """A save that cannot be used; the message names the file and the problem."""


class FileInUse(SaveError):
    """Another process holds the file's lock (:func:`file_lock`)."""


def lock_path(path: Path) -> Path:
    """The lock file of ``path``: ``.NAME.lock`` beside the file it stands for (a
    symbolic link's target: every name of one file shares its lock)."""
    real = Path(os.path.realpath(path))
    return real.with_name(f".{real.name}.lock")


_held: set[int] = set()
"""Descriptors of the locks this process holds."""


def _drop_inherited() -> None:
    # A forked child (a worker) must not keep its parent's lock alive: a flock
    # belongs to the open file, which the child shares until it closes its copy.
    for fd in _held:
        with contextlib.suppress(OSError):
            os.close(fd)
    _held.clear()


os.register_at_fork(after_in_child=_drop_inherited)


@contextlib.contextmanager
def file_lock(path: Path) -> Iterator[None]:
    """Hold the one lock of ``path`` while the block runs: a second process (or a
    second holder in this one) is refused with :class:`FileInUse`, naming the
    holder's pid, instead of waiting.

    The lock is an advisory ``flock`` on a small file beside ``path`` (:func:`lock_path`;
    the file itself is replaced by a rename at every write, so it cannot carry a
    lock). The kernel releases it when the holder dies, even by ``kill -9``, and a
    forked child does not keep it. The lock file holds the holder's pid and is
    removed when the lock is released."""
    lock = lock_path(path)
    while True:
        try:
            fd = os.open(lock, os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o644)
        except OSError as exc:
            raise SaveError(f"{path}: cannot lock it: {exc.strerror or exc}") from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = _holder(fd)
            os.close(fd)
            raise FileInUse(
                f"{path} is in use by another vikingcli ({holder}); wait until it is done"
                " or stop it"
            ) from None
        except OSError as exc:
            os.close(fd)
            raise SaveError(f"{path}: cannot lock it: {exc.strerror or exc}") from None
        # A holder that let go between our open and our lock removed that file (and
        # someone may have made a new one): the lock counts only on the file there now.
        try:
            mine, there = os.fstat(fd), os.stat(lock)
            current = (mine.st_dev, mine.st_ino) == (there.st_dev, there.st_ino)
        except FileNotFoundError:
            current = False
        if current:
            break
        os.close(fd)
    _held.add(fd)
    owner = os.getpid()
    try:
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{owner}\n".encode(), 0)
        yield
    finally:
        if os.getpid() == owner:  # not in a forked child leaving the block: not its lock
            _held.discard(fd)
            with contextlib.suppress(OSError):
                os.unlink(lock)
            os.close(fd)


def _holder(fd: int) -> str:
    """Who holds a lock, as the lock file says: ``pid N``."""
    try:
        text = os.pread(fd, 32, 0).decode("ascii", "replace").strip()
    except OSError:
        text = ""
    return f"pid {text}" if text.isdigit() else "its pid not written yet"


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


def write_atomic(
    path: Path, data: bytes, *, replace: bool = True, mode: int | None = None
) -> None:
    """Write ``data`` so that ``path`` holds either its old or its new content.

    Temporary file in the same folder, fsync, then rename over the target: a
    crash or kill at any point never leaves a partial file at ``path``. With
    ``replace=False`` an existing ``path`` is never replaced (``FileExistsError``),
    decided atomically by the file system, so two writers cannot both win a name.
    Temporary files that interrupted writers left in the folder are removed first.
    The file is private (0600, as the temporary file is made) unless ``mode`` is
    given: then it gets ``mode`` less the process's umask, as ``open`` would give.

    A ``path`` that is a symbolic link is written through: its target gets the new
    content (in the target's folder, renamed there) and the link stays a link; with
    ``replace=False`` a link, even a dangling one, is a name that is taken."""
    if replace:
        path = Path(os.path.realpath(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    remove_stale_temporaries(path.parent)
    # The writer's pid in the name tells a live write from one killed mid-way.
    fd, tmp = tempfile.mkstemp(
        prefix=f".{path.name}.{os.getpid()}-", suffix=".tmp", dir=path.parent
    )
    try:
        with os.fdopen(fd, "wb") as fh:
            if mode is not None:
                os.fchmod(fh.fileno(), mode & ~_umask())
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


def _umask() -> int:
    """The process's umask (read by setting it and setting it back)."""
    current = os.umask(0o022)
    os.umask(current)
    return current


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


def free_path(path: Path) -> Path:
    """``path``, or the first of ``NAME-2.json``, ``NAME-3.json`` ... that is free."""
    stem = path.name.removesuffix(".json")
    for candidate in [path, *(path.with_name(f"{stem}-{k}.json") for k in range(2, 10_000))]:
        if not candidate.exists():
            return candidate
    raise SaveError(f"{path}: no free name for a new save beside it")


def create_file(path: Path, data: bytes, *, force: bool = False, unique: bool = False) -> Path:
    """Write a new file and return where it went.

    An existing file is never replaced (a person's game may be in it): the name
    is refused with ``FileExistsError``, or with ``unique`` the next free
    ``NAME-2.json``, ``NAME-3.json`` ... is taken; ``force`` replaces it on purpose."""
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
    raise FileExistsError(path)


def read_save_document(path: Path) -> SaveDoc:
    """Read a save and check it against the schema (without replaying it)."""
    try:
        size = path.stat().st_size
        if size > MAX_SAVE_BYTES:
            raise SaveError(
                f"{path}: {size} bytes, too large to be a save (at most {MAX_SAVE_BYTES})"
            )
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
