"""What each connection to a shared table shows around its prompt: the prompt, the
live status line and the board pane, read from the
:class:`~vikingcli.table.shared.Table`'s state. What a line typed there means is
:mod:`vikingcli.table.session`.
"""

from __future__ import annotations

from typing import Any

from vikingcli.engine.text import named_fragments
from vikingcli.table.places import Place
from vikingcli.table.shared import Table


def prompt(table: Table, place: Place) -> tuple[str, str]:
    """The prompt text and its style class for ``place``."""
    if place.seat is not None and table.questions.get(place.seat) is not None:
        return f"{place.name}: yes/no > ", "class:yourmove"
    if place.seat is not None and table.pending.get(place.seat) is not None:
        return f"{place.name} (your move) > ", "class:yourmove"
    return f"{place.name} > ", "class:prompt"


def status(table: Table, place: Place) -> str:
    """The live line under the prompt."""
    if table.finished or table.match.over:
        return "game over"
    if place.seat is not None and table.questions.get(place.seat) is not None:
        return "answer yes or no"
    if not table.go.is_set():
        waiting = ", ".join(f"seat {s + 1} ({table.expected(s)})" for s in table.missing())
        return f"lobby: waiting for {waiting}"
    mover = table.match.game.to_move(table.match.state)
    role = "watching; " if place.seat is None else ""
    if mover is None:
        return role + "game over"
    if mover == place.seat:
        return f"move {len(table.match.actions) + 1}: your move"
    away = " (away)" if mover in table.humans and mover not in table.holders else ""
    return f"{role}move {len(table.match.actions) + 1}: {table.seat_name(mover)}{away} to move"


def board(table: Table, place: Place) -> Any:
    """The board as ``place`` sees it (its seat's view, or the public one), as formatted
    text with the seats' names: what a full screen's board pane draws."""
    match = table.match
    if undealt(table):
        return NOT_DEALT
    return named_fragments(match.game.render(match.state, place.seat), match.names)


NOT_DEALT = "The cards are dealt when the game begins."
"""What the board is before the deal (the position then is a placeholder, no deal)."""


def undealt(table: Table) -> bool:
    """The table's cards are still to be dealt (from its committed deal)."""
    deal = table.record.deal
    return deal is not None and not deal.dealt
