"""The end screen's score sheet: every scoring item per seat, as a table; and the
end screen of a shared table around it."""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table

from vikingcli.core.fairdeal import Deal
from vikingcli.core.match import Match
from vikingcli.engine import Outcome
from vikingcli.engine.text import shown
from vikingcli.table.dealing import revealed


def _cell(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def score_sheet(outcome: Outcome, names: Sequence[str], width: int = 80) -> str:
    """The outcome's score sheet (or its scores, for a game that gives none) with a
    rank row, as plain text at most ``width`` columns wide."""
    rows = list(outcome.sheet) or [("score", tuple(outcome.scores))]
    table = Table(box=box.SIMPLE_HEAD, title=f"Final scores ({outcome.end_reason})")
    table.add_column("")
    for name in names:
        table.add_column(name, justify="right", overflow="fold")
    for label, values in rows:
        table.add_row(label, *(_cell(v) for v in values))
    table.add_section()
    table.add_row("rank", *(str(r) for r in outcome.ranks))
    out = io.StringIO()
    Console(file=out, width=width, color_system=None, legacy_windows=False).print(table)
    return out.getvalue().rstrip("\n")


def final_lines(match: Match, deal: Deal | None = None) -> list[str]:
    """The end screen: the open table, the score sheet, every seat's place, and the
    ``deal``'s server seed, revealed once the game is over."""
    result = match.result_json()
    lines = [shown(match.game.render(match.state, None), match.names)]
    if match.forfeit is None:
        lines.append(score_sheet(match.outcome(), match.names))
    lines.append(f"Game over ({result['end_reason']}).")
    for i, seat in enumerate(match.seats):
        score, rank = result["scores"][i], result["ranks"][i]
        lines.append(f"  seat {i + 1} {seat.name}: {score:g} points, rank {rank}")
    return lines + revealed(deal, match.over)
