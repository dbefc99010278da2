"""Line mode without a terminal (``ssh -T HOST plain``): the prompt's text, then the
next line the client sends, and nothing else, so a script or a screen reader at the
other end gets not one escape code (what the table prints goes through prompt-toolkit's
plain-text output, :class:`vikingcli.table.ssh.Terminal`)."""

from __future__ import annotations

import asyncio
import codecs
import os
from typing import Protocol

from prompt_toolkit.output import Output

from vikingcli.table import commands
from vikingcli.table.limits import MAX_LINE, PASTE_END, PASTE_START
from vikingcli.table.places import Place
from vikingcli.table.session import interpret
from vikingcli.table.shared import Table


class Screen(Protocol):
    """Where the table's lines go (:class:`vikingcli.table.ssh.Terminal`)."""

    @property
    def output(self) -> Output:
        """Where the prompt goes (plain text)."""

    @property
    def done(self) -> bool:
        """Whether the table has hung up on this connection."""


async def bare_lines(fd: int, table: Table, place: Place, screen: Screen) -> None:
    """Until the person leaves, the table ends or the client hangs up: write the
    prompt's text, read the next line from ``fd`` (the connection's input pipe; a line
    longer than MAX_LINE is cut there) and handle it as the table's command."""
    loop = asyncio.get_running_loop()
    lines: asyncio.Queue[str | None] = asyncio.Queue()
    decoder = codecs.getincrementaldecoder("utf-8")("replace")
    pending = ""

    def readable() -> None:
        nonlocal pending
        try:
            data = os.read(fd, 65536)
        except BlockingIOError:
            return
        if not data:
            loop.remove_reader(fd)
            lines.put_nowait(None)
            return
        text = decoder.decode(data)
        # The input guard hands runs of typed text on as bracketed pastes (one cheap
        # event for prompt-toolkit); read raw here, the markers are no part of a line.
        text = text.replace(PASTE_START, "").replace(PASTE_END, "")
        pending += text.replace("\r\n", "\n").replace("\r", "\n")
        *whole, pending = pending.split("\n")
        while len(pending) > MAX_LINE:
            whole.append(pending[:MAX_LINE])
            pending = pending[MAX_LINE:]
        for line in whole:
            lines.put_nowait(line[:MAX_LINE])

    loop.add_reader(fd, readable)
    try:
        while not screen.done:
            screen.output.write(commands.prompt(table, place)[0])
            screen.output.flush()
            line = await lines.get()
            if line is None or screen.done or not interpret(table, place, line):
                return
    finally:
        loop.remove_reader(fd)
