"""The full-screen table drawn in this process, read through the pyte terminal
emulator: what a person sees of a given state of a game, without playing to it.

``drawn`` builds the real :class:`~vikingcli.table.screen.TableScreen` on a pipe input
and a VT100 output of a given size, lets it draw once, and returns pyte's rows."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import pyte
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output

from vikingcli.core.registry import load_registry
from vikingcli.engine import Game, State
from vikingcli.engine.text import DETAIL, fragments, name_seats, named_fragments
from vikingcli.table.screen import TableScreen

REG = load_registry()


class _Pyte:
    """A text stream that feeds what prompt-toolkit writes to a pyte screen."""

    encoding = "utf-8"

    def __init__(self, screen: pyte.Screen) -> None:
        self.stream = pyte.Stream(screen)
        self.raw: list[str] = []
        """Everything written, for what pyte does not show (a bell, a notice)."""

    def write(self, data: str) -> int:
        self.raw.append(data)
        self.stream.feed(data)
        return len(data)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return True


Step = Callable[[TableScreen], None] | str
"""What happens next at a screen: keys typed (a str) or a call on the screen."""


def screens(
    board: Any,
    names: Sequence[str],
    steps: Sequence[Step] = (),
    *,
    status: str = "move 1: your move (Tab lists the legal moves; 'help' for commands)",
    prompt: str = "you (your move) > ",
    log: Sequence[str] = (),
    cols: int = 80,
    rows: int = 24,
    typed: list[str] | None = None,
    raw: list[str] | None = None,
    rule: Any = None,
) -> list[list[str]]:
    """The rows of a ``cols`` x ``rows`` terminal showing a table screen with this
    board (a render result): first as drawn, then after each step. Lines the person
    sends go to ``typed``, everything written to ``raw``; ``rule``: the line drawn in
    the rule under the board (formatted text)."""
    screen = pyte.Screen(cols, rows)
    written = _Pyte(screen)
    output = Vt100_Output(written, lambda: Size(rows=rows, columns=cols), term="xterm")  # type: ignore[arg-type]
    shots: list[list[str]] = []

    async def redrawn(table: TableScreen, since: int) -> None:
        # the screen redraws after each key it handles; a key that changes nothing
        # may not redraw, so the wait is bounded
        for _ in range(300):
            if table.app.render_counter > since:
                await asyncio.sleep(0.02)  # the rest of a burst of keys
                return
            await asyncio.sleep(0.01)

    async def play() -> None:
        with create_pipe_input() as pipe:
            table = TableScreen(
                board=lambda: board,
                prompt=lambda: (prompt, ""),
                status=lambda: status,
                completions=lambda: [],
                on_line=(typed if typed is not None else []).append,
                input=pipe,
                output=output,
                names=lambda: (names, 0),
                rule=None if rule is None else lambda: rule,
            )
            for line in log:
                table.show(line)
            running = asyncio.ensure_future(table.app.run_async())
            await redrawn(table, 0)
            shots.append([line.rstrip() for line in screen.display])
            for step in steps:
                since = table.app.render_counter
                if isinstance(step, str):
                    pipe.send_text(step)
                else:
                    step(table)
                    table.invalidate()
                await redrawn(table, since)
                shots.append([line.rstrip() for line in screen.display])
            table.exit()
            await asyncio.wait_for(running, 30)

    asyncio.run(play())
    if raw is not None:
        raw.extend(written.raw)
    return shots


def drawn(board: Any, names: Sequence[str], **screen: Any) -> list[str]:
    """The rows of the terminal showing a table screen with this board, as first drawn."""
    return screens(board, names, **screen)[0]


def board_of(game: Game, state: State, seat: int | None, names: Sequence[str]) -> Any:
    """The board a seat's screen draws (as an SSH table does: the names put in)."""
    return named_fragments(game.render(state, seat), names)


def must_show(game: Game, state: State, seat: int | None, names: Sequence[str]) -> list[str]:
    """The board's lines a screen may never fold away: every line the game did not
    mark as detail, with the seats' names put in."""
    out: list[str] = []
    line: list[tuple[str, str]] = []
    lines: list[list[tuple[str, str]]] = [line]
    for style, text in fragments(game.render(state, seat)):
        for k, part in enumerate(text.split("\n")):
            if k:
                line = []
                lines.append(line)
            line.append((style, part))
    for ln in lines:
        styled = [s for s, t in ln if t.strip()]
        if styled and all(DETAIL in s for s in styled):
            continue
        text = name_seats("".join(t for _, t in ln), names).rstrip()
        if text:
            out.append(text)
    return out


def tallest_states(
    game: Game, n: int, options: dict[str, str], seeds: range, keep: int = 6
) -> Iterator[tuple[State, int]]:
    """States of random games at ``n`` seats whose board is tallest for the seat to
    move (the hardest to fit), with that seat: ``keep`` per seed, the tallest first."""
    resolved = game.resolve_options(options)
    for seed in seeds:
        rng = random.Random(seed)
        state = game.new_state(n, resolved, seed)
        found: list[tuple[int, int, State, int]] = []
        step = 0
        while (seat := game.to_move(state)) is not None and step < 4000:
            text = "".join(t for _, t in fragments(game.render(state, seat)))
            found.append((text.count("\n"), step, game.clone(state), seat))
            found = sorted(found, key=lambda f: (-f[0], f[1]))[:keep]
            game.apply(state, rng.choice(list(game.legal_actions(state))))
            step += 1
        for _, _, kept, seat in found:
            yield kept, seat
