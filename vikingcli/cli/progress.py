"""How far a batch or tournament has got, on stderr: a rich progress bar on a
terminal; elsewhere (a pipe, a CI log), when asked, one status line per finished
game, so a job that runs for minutes is never silent until it ends."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager


@contextmanager
def progress(total: int, label: str, lines: bool = False) -> Iterator[Callable[..., None]]:
    """A progress bar on stderr when it is a terminal and there is more than one
    game; not on a terminal and ``lines``, ``label N/TOTAL: NOTE`` per game (the
    note given to the function yielded)."""
    if not sys.stderr.isatty():
        done = 0

        def line(note: str = "") -> None:
            nonlocal done
            done += 1
            if lines:
                print(f"{label} {done}/{total}: {note}".rstrip(": "), file=sys.stderr, flush=True)

        yield line
        return
    if total <= 1:
        yield lambda note="": None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeRemainingColumn

    with Progress(
        "[progress.description]{task.description}",
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
        redirect_stdout=False,
        redirect_stderr=False,
    ) as bar:
        task = bar.add_task(label, total=total)
        yield lambda note="": bar.advance(task)
