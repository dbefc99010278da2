"""What a tournament shows people: a rich standings table in the terminal and one
self-contained HTML report (``tournament --report FILE.html``).

The report needs nothing at view time: styles are inline, the charts are SVG
(:mod:`vikingcli.batch.charts`), and every number it shows is also in a JSON block
(``<script type="application/json" id="report-data">``) so scripts and tests read
the same data people see. The statistics are those of :mod:`vikingcli.batch.stats`.
The file is readable by everyone (0644 under the usual umask), so a web server can
publish it.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table

from vikingcli import __version__
from vikingcli.batch import stats
from vikingcli.batch.charts import (
    bin_edges,
    histogram,
)
from vikingcli.batch.report_html import render_html
from vikingcli.batch.sprt import SprtResult, signed
from vikingcli.batch.tournament import Plan, plain
from vikingcli.engine import Game
from vikingcli.saves.files import write_atomic

__all__ = ["Provenance", "bin_edges", "histogram", "pairwise", "print_standings", "write_report"]

REPORT_MODE = 0o644


@dataclass(frozen=True)
class Provenance:
    """How a tournament was run, for the report's settings block."""

    command: str = ""
    seed: int | None = None
    started: str | None = None
    players: Sequence[tuple[str, Mapping[str, Any]]] = field(default_factory=list)
    """Per entrant: its kind and every parameter, defaults filled in."""


# -- the terminal ---------------------------------------------------------------------------


def _elo_text(row: Mapping[str, Any], key: str = "elo") -> str:
    elo, err = row.get(key, math.nan), row.get(f"{key}_error", math.nan)
    if not math.isfinite(elo):
        return signed(elo)
    return f"{signed(elo, 0)} ± {err:.0f}" if math.isfinite(err) else signed(elo, 0)


FOOTNOTE = (
    "rating: the joint maximum-likelihood Elo ({model}) over all games, against {anchor},"
    " with its 95% interval; win share: a shared first place counts as a fraction, 95%"
    " Wilson interval; rank, score: means; openskill: μ−3σ, updated game by game."
)


def standings_table(rows: Sequence[Mapping[str, Any]], total: int, title: str = "") -> Table:
    """The standings as a rich table, best joint rating first; a forfeits column
    only when some game was forfeited. Cells wrap rather than being cut, so the
    table fits any width."""
    forfeits = any(r["forfeits"] for r in rows)
    table = Table(
        title=f"{title}{': ' if title else ''}{total} games",
        title_justify="left",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        collapse_padding=True,
    )
    table.add_column("entrant", overflow="fold", min_width=8)
    table.add_column("rating (Elo ± 95%)", justify="right", overflow="fold", style="bold")
    for name in ("games", "win share (95%)", "rank", "score"):
        table.add_column(name, justify="right", overflow="fold")
    if forfeits:
        table.add_column("forfeits", justify="right", overflow="fold")
    table.add_column("openskill", justify="right", overflow="fold")
    for r in sorted(rows, key=lambda r: (-r["joint_elo"], -r["rating"])):
        lo, hi = r["win_share_95"]
        cells = [
            r["entrant"],
            _elo_text(r, "joint_elo"),
            str(r["games"]),
            f"{r['win_share']:.3f} [{lo:.2f}, {hi:.2f}]",
            f"{r['mean_rank']:.2f}",
            f"{r['mean_score']:.1f}",
        ]
        if forfeits:
            cells.append(str(r["forfeits"]))
        table.add_row(*cells, f"{r['rating']:.2f}")
    return table


def standings_notes(fit: Mapping[str, Any]) -> list[str]:
    """The lines under the table: what the columns mean, and a warning when the
    intervals rest on few deals."""
    anchor = fit.get("anchor")
    notes = [
        FOOTNOTE.format(
            model=fit.get("model", "Plackett-Luce"),
            anchor=f"{anchor} fixed at 0" if anchor else "the mean of all entrants (0)",
        )
    ]
    if fit.get("few_deals"):
        deals = fit.get("deals", 0)
        notes.append(
            f"warning: only {deals} deal{'s' if deals != 1 else ''}: the intervals are rough"
            " (more deals: --games)"
        )
    return notes


def print_standings(
    rows: Sequence[Mapping[str, Any]],
    total: int,
    title: str,
    sprt: SprtResult | None,
    fit: Mapping[str, Any] | None = None,
) -> None:
    """The tournament's closing words on stdout: the table, what it means, then the
    test's verdict. Not on a terminal, the table takes the width it needs (a pipe
    or a log has no width to fit), so nothing is cut."""
    import sys

    wide = None if sys.stdout.isatty() else 400
    console = Console(highlight=False, width=wide)
    console.print(standings_table(rows, total, title))
    for note in standings_notes(fit or {}):
        console.print(note, markup=False, soft_wrap=True)
    if sprt is not None:
        console.print(sprt.summary(), markup=False, soft_wrap=True)


# -- the data ---------------------------------------------------------------------------------


def pairwise(n: int, records: Sequence[Mapping[str, Any]]) -> list[list[tuple[float, int]]]:
    """``[i][j]``: entrant i's score against entrant j over the games both played
    (1 for the better rank, ½ for a tie), and the number of those games."""
    score = [[0.0] * n for _ in range(n)]
    games = [[0] * n for _ in range(n)]
    for rec in records:
        order = rec["seating"]
        ranks = rec["ranks"]
        for si, i in enumerate(order):
            for sj, j in enumerate(order):
                if i == j:
                    continue
                games[i][j] += 1
                if ranks[si] < ranks[sj]:
                    score[i][j] += 1.0
                elif ranks[si] == ranks[sj]:
                    score[i][j] += 0.5
    return [[(score[i][j], games[i][j]) for j in range(n)] for i in range(n)]


def report_data(
    game: str,
    options: Mapping[str, str],
    labels: Sequence[str],
    records: Sequence[Mapping[str, Any]],
    rows: Sequence[Mapping[str, Any]],
    trace: Sequence[Sequence[tuple[int, float, float]]],
    sprt: Mapping[str, Any] | None = None,
    plan: Plan | None = None,
    settings: Mapping[str, Any] | None = None,
    fit: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Everything the report shows, JSON-ready."""
    n = len(labels)
    size = plan.table_size if plan is not None else (len(records[0]["seating"]) if records else n)
    scores: list[list[float]] = [[] for _ in range(n)]
    for rec in records:
        for seat, entrant in enumerate(rec["seating"]):
            scores[entrant].append(float(rec["scores"][seat]))
    edges = bin_edges([s for per in scores for s in per])
    matrix = pairwise(n, records)
    versus = stats.head_to_head(n, records)
    cells: list[list[dict[str, Any] | None]] = []
    for i in range(n):
        line: list[dict[str, Any] | None] = []
        for j, (_, g) in enumerate(matrix[i]):
            pair = versus["pairs"][i][j]
            line.append(None if i == j or g == 0 or pair is None else {"games": g, **pair})
        cells.append(line)
    return plain(
        {
            "game": game,
            "options": dict(options),
            "games": len(records),
            "format": plan.fmt if plan is not None else "all",
            "table_size": size,
            "rotation": plan.rotation if plan is not None else None,
            "entrants": list(labels),
            "standings": [dict(r) for r in rows],
            "rating_fit": dict(fit) if fit else None,
            "pairwise": cells,
            "pentanomial": stats.pentanomial(n, records) if size == 2 else None,
            "seats": stats.per_seat(n, size, records),
            "lengths": stats.lengths(n, records),
            "forfeits": stats.forfeits(labels, records),
            "rating_history": [
                [{"game": k, "mu": mu, "sigma": sigma} for k, mu, sigma in trace[e]]
                for e in range(n)
            ],
            "score_bins": edges,
            "score_histograms": [histogram(scores[e], edges) for e in range(n)],
            "sprt": dict(sprt) if sprt else None,
            "settings": dict(settings) if settings else None,
            "generator": f"vikingcli {__version__}",
        }
    )


# -- HTML -------------------------------------------------------------------------------------

def write_report(
    path: Path,
    game: Game,
    options: Mapping[str, str],
    plan: Plan | Sequence[str],
    records: Sequence[Mapping[str, Any]],
    sprt: SprtResult | None = None,
    made: Provenance | None = None,
    anchor: str | None = None,
) -> None:
    """Write the HTML report of a tournament's records (atomically, mode 0644)."""
    from vikingcli.batch.tournament import summarize

    if not isinstance(plan, Plan):
        plan = Plan(tuple(plan))
    made = made or Provenance()
    trace: list[list[tuple[int, float, float]]] = []
    fit: dict[str, Any] = {}
    rows = summarize(
        plan.specs, [dict(r) for r in records], trace, labels=plan.labels, anchor=anchor, fit=fit
    )
    labels = [r["entrant"] for r in rows]  # summarize keeps the entrants' order
    verdict = sprt.to_json() if sprt is not None else None
    settings = {
        "command": made.command,
        "seed": made.seed,
        "started": made.started,
        "written": datetime.now(UTC).isoformat(timespec="seconds"),
        "version": f"vikingcli {__version__}",
        "game_version": game.version,
        "entrants": [
            {
                "label": labels[e],
                "spec": plan.specs[e],
                "kind": made.players[e][0] if e < len(made.players) else plan.specs[e],
                "params": dict(made.players[e][1]) if e < len(made.players) else {},
            }
            for e in range(len(labels))
        ],
    }
    data = report_data(
        game.name, options, labels, records, rows, trace, verdict, plan, settings, fit
    )
    write_atomic(path, render_html(data, game.title).encode(), mode=REPORT_MODE)
