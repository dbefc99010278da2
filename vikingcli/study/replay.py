"""Replaying a saved game for people: every move told as a seat learned it (or all of
it), and a stepper that walks back and forth through the positions."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from vikingcli.core.match import Match
from vikingcli.engine.text import move_lines, shown


@dataclass(frozen=True, slots=True)
class Position:
    """The game after ``number`` moves, and the log lines of the move that led there."""

    number: int
    lines: tuple[str, ...]
    state: Any


def positions(saved: Match, seat: int | None) -> list[Position]:
    """Every position of ``saved`` from the start, each move narrated for ``seat``
    (``None``: everything, the move as played then its consequences as its mover saw
    them)."""
    game = saved.game
    fresh = Match(game, saved.options, saved.seed, saved.seats, narrating=True)
    out = [Position(0, ("(the starting position)",), game.clone(fresh.state))]
    for number, text in enumerate(saved.actions, 1):
        mover = game.to_move(fresh.state)
        assert mover is not None  # the save replayed when it was loaded
        fresh.apply_text(text)
        told = fresh.narrate(seat) if seat is not None else [text, *fresh.narrate(mover)[1:]]
        lines = move_lines(number, saved.seats[mover].name, told)
        out.append(Position(number, tuple(lines), game.clone(fresh.state)))
    return out


def search_used(iterations: Sequence[int | None]) -> str:
    """What a seat's search used, for the replay's header: ``; search: 31 moves,
    120-480 iterations a move (mean 300)``; empty when the player said nothing."""
    known = [n for n in iterations if n is not None]
    if not known:
        return ""
    mean = sum(known) / len(known)
    return (
        f"; search: {len(iterations)} moves, {min(known)}-{max(known)} iterations a move"
        f" (mean {mean:.0f})"
    )


STEP_HELP = "Enter or n: next move, p: previous, a number: that move, 0: the start, q: quit"


def step_through(
    saved: Match,
    seat: int | None,
    ask: Callable[[str], str],
    show: Callable[[str], None],
) -> None:
    """Walk through the positions of ``saved`` as the person asks, from the start."""
    game, names = saved.game, saved.names
    steps = positions(saved, seat)
    last = len(steps) - 1
    k = 0
    show(STEP_HELP)
    redraw = True
    while True:
        here = steps[k]
        if redraw:
            for line in here.lines:
                show(line)
            show(shown(game.render(here.state, seat), names))
        redraw = True
        try:
            answer = ask(f"move {k} of {last} > ").strip().lower()
        except EOFError:
            return
        if answer == "q":
            return
        if answer in ("", "n"):
            if k == last:
                show("(that was the last move; p goes back, q quits)")
            k = min(k + 1, last)
        elif answer in ("p", "b"):
            k = max(k - 1, 0)
        elif answer.isdigit():
            k = min(int(answer), last)
        else:
            show(f"{answer[:20]!r} is not a key here. {STEP_HELP}")
            redraw = False  # the position is on the screen already
