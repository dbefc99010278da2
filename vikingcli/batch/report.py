"""What a tournament shows people: a rich standings table in the terminal and one
self-contained HTML report (``tournament --report FILE.html``).

The report needs nothing at view time: styles are inline, the charts are SVG
written here, and every number the charts draw is also in a JSON block
(``<script type="application/json" id="report-data">``) so scripts and tests read
the same data people see. The same records give the same bytes (no timestamps).
"""

from __future__ import annotations

import html
import math
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import orjson
from rich import box
from rich.console import Console
from rich.table import Table

from vikingcli import __version__
from vikingcli.batch.sprt import SprtResult
from vikingcli.engine import Game
from vikingcli.saves.files import write_atomic

PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf")
"""Entrant colours (colour-blind-safe enough for up to eight lines)."""


def _colour(index: int) -> str:
    return PALETTE[index % len(PALETTE)]


# -- the terminal ---------------------------------------------------------------------------


def standings_table(rows: Sequence[Mapping[str, Any]], total: int, title: str = "") -> Table:
    """The standings as a rich table, best rating first; a forfeits column only
    when some game was forfeited."""
    forfeits = any(r["forfeits"] for r in rows)
    table = Table(
        title=f"{title}{': ' if title else ''}{total} games",
        title_justify="left",
        caption="win share: a shared first place counts as a fraction; 95% Wilson interval;"
        " rank, score: means; rating: openskill μ−3σ",
        caption_justify="left",
        box=box.SIMPLE_HEAD,
        pad_edge=False,
        collapse_padding=True,
    )
    table.add_column("entrant", overflow="fold", min_width=12)
    for name in ("games", "win share", "95% interval", "rank", "score"):
        table.add_column(name, justify="right", no_wrap=True)
    if forfeits:
        table.add_column("forfeits", justify="right", no_wrap=True)
    table.add_column("rating", justify="right", no_wrap=True, style="bold")
    for r in sorted(rows, key=lambda r: -r["rating"]):
        lo, hi = r["win_share_95"]
        cells = [
            r["entrant"],
            str(r["games"]),
            f"{r['win_share']:.3f}",
            f"[{lo:.3f}, {hi:.3f}]",
            f"{r['mean_rank']:.2f}",
            f"{r['mean_score']:.1f}",
        ]
        if forfeits:
            cells.append(str(r["forfeits"]))
        table.add_row(*cells, f"{r['rating']:.2f}")
    return table


def print_standings(
    rows: Sequence[Mapping[str, Any]], total: int, title: str, sprt: SprtResult | None
) -> None:
    """The tournament's closing words on stdout: the table, then the test's verdict."""
    console = Console(highlight=False)
    console.print(standings_table(rows, total, title))
    if sprt is not None:
        console.print(sprt.summary(), markup=False, soft_wrap=True)


# -- the data the charts draw ---------------------------------------------------------------


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


def histogram(values: Sequence[float], edges: Sequence[float]) -> list[int]:
    """Counts of ``values`` in ``[edges[k], edges[k+1])`` (the last bin closed)."""
    counts = [0] * (len(edges) - 1)
    for v in values:
        k = 0
        while k < len(counts) - 1 and v >= edges[k + 1]:
            k += 1
        counts[k] += 1
    return counts


def bin_edges(values: Sequence[float], bins: int = 12) -> list[float]:
    """Shared, whole-number-friendly bin edges for every entrant's scores."""
    if not values:
        return [0.0, 1.0]
    lo, hi = math.floor(min(values)), math.ceil(max(values))
    if hi <= lo:
        hi = lo + 1
    width = max(1, math.ceil((hi - lo) / bins))
    count = max(1, math.ceil((hi - lo + 1) / width))
    return [float(lo + k * width) for k in range(count + 1)]


def report_data(
    game: str,
    options: Mapping[str, str],
    labels: Sequence[str],
    records: Sequence[Mapping[str, Any]],
    rows: Sequence[Mapping[str, Any]],
    trace: Sequence[Sequence[tuple[int, float, float]]],
    sprt: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """Everything the report shows, JSON-ready."""
    n = len(labels)
    scores: list[list[float]] = [[] for _ in range(n)]
    for rec in records:
        for seat, entrant in enumerate(rec["seating"]):
            scores[entrant].append(float(rec["scores"][seat]))
    edges = bin_edges([s for per in scores for s in per])
    matrix = pairwise(n, records)
    return {
        "game": game,
        "options": dict(options),
        "games": len(records),
        "entrants": list(labels),
        "standings": [dict(r) for r in rows],
        "pairwise": [
            [
                None if i == j or g == 0 else {"score": s / g, "games": g}
                for j, (s, g) in enumerate(matrix[i])
            ]
            for i in range(n)
        ],
        "rating_history": [
            [{"game": k, "mu": mu, "sigma": sigma} for k, mu, sigma in trace[e]] for e in range(n)
        ],
        "score_bins": edges,
        "score_histograms": [histogram(scores[e], edges) for e in range(n)],
        "sprt": dict(sprt) if sprt else None,
        "generator": f"vikingcli {__version__}",
    }


# -- HTML -------------------------------------------------------------------------------------

_CSS = """
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:2rem auto;
max-width:1100px;padding:0 1rem;color:#222;background:#fff}
h1{font-size:1.5rem;margin-bottom:.2rem}h2{font-size:1.15rem;margin-top:2rem;
border-bottom:1px solid #ddd;padding-bottom:.2rem}
.meta{color:#555;margin-top:0}
table{border-collapse:collapse;font-variant-numeric:tabular-nums}
th,td{padding:.3rem .45rem;border-bottom:1px solid #e4e4e4;text-align:right;white-space:nowrap}
th:first-child,td:first-child{text-align:left}
#standings td:first-child,.matrix th{white-space:normal;overflow-wrap:anywhere;min-width:9rem;
max-width:18rem}
td small{color:#555;display:block}.wide{overflow-x:auto}
th{background:#f5f5f5;font-weight:600}
.swatch{display:inline-block;width:.8em;height:.8em;border-radius:2px;margin-right:.4em;
vertical-align:-.05em}
.matrix td{text-align:center;min-width:5.5rem}
.matrix td small{display:block;color:#444;font-size:.75rem}
.sprt{padding:.6rem .9rem;border-left:4px solid #888;background:#f7f7f7}
.sprt.better{border-color:#2ca02c}.sprt.notbetter{border-color:#d62728}
.hists{display:flex;flex-wrap:wrap;gap:1rem}
.hists figure{margin:0}.hists figcaption{font-size:.85rem;text-align:center}
svg text{font:11px system-ui,sans-serif;fill:#333}
.note{color:#666;font-size:.85rem}
"""


def _e(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _fmt(value: float, digits: int = 3) -> str:
    return f"{value:.{digits}f}" if math.isfinite(value) else "–"


def _interval_bar(lo: float, hi: float, mid: float) -> str:
    """A tiny inline SVG of a 0..1 interval with its point estimate."""
    w = 70
    return (
        f'<svg width="{w}" height="12" viewBox="0 0 {w} 12" role="img"'
        f' aria-label="{lo:.3f} to {hi:.3f}">'
        f'<line x1="0" y1="6" x2="{w}" y2="6" stroke="#ddd"/>'
        f'<rect x="{lo * w:.1f}" y="3" width="{max(1.0, (hi - lo) * w):.1f}" height="6"'
        f' fill="#9ecae1"/>'
        f'<line x1="{mid * w:.1f}" y1="1" x2="{mid * w:.1f}" y2="11" stroke="#08519c"'
        f' stroke-width="2"/></svg>'
    )


def _standings_html(data: Mapping[str, Any]) -> str:
    labels = data["entrants"]
    rows = sorted(data["standings"], key=lambda r: -r["rating"])
    out = [
        '<table id="standings"><thead><tr><th>entrant</th><th>games</th><th>win share</th>'
        "<th>95% interval</th><th></th><th>mean rank (95%)</th>"
        "<th>mean score</th><th>forfeits</th><th>rating μ−3σ (μ, σ)</th></tr></thead><tbody>"
    ]
    for r in rows:
        e = labels.index(r["entrant"])
        lo, hi = r["win_share_95"]
        rlo, rhi = r["mean_rank_95"]
        out.append(
            f'<tr data-entrant="{_e(r["entrant"])}">'
            f'<td><span class="swatch" style="background:{_colour(e)}"></span>'
            f"{_e(r['entrant'])}</td>"
            f"<td>{r['games']}</td><td>{_fmt(r['win_share'])}</td>"
            f"<td>[{_fmt(lo)}, {_fmt(hi)}]</td><td>{_interval_bar(lo, hi, r['win_share'])}</td>"
            f"<td>{_fmt(r['mean_rank'], 2)} <small>[{_fmt(rlo, 2)}, {_fmt(rhi, 2)}]</small></td>"
            f"<td>{_fmt(r['mean_score'], 1)}</td><td>{r['forfeits']}</td>"
            f"<td><strong>{_fmt(r['rating'], 2)}</strong> <small>({_fmt(r['rating_mu'], 2)},"
            f" {_fmt(r['rating_sigma'], 2)})</small></td></tr>"
        )
    out.append("</tbody></table>")
    return "".join(out)


def _cell_colour(share: float) -> str:
    """Red (0) through white (½) to green (1)."""
    t = max(0.0, min(1.0, share))
    if t >= 0.5:
        k = (t - 0.5) * 2
        r, g, b = (255 - k * (255 - 116), 255 - k * (255 - 196), 255 - k * (255 - 118))
    else:
        k = (0.5 - t) * 2
        r, g, b = (255 - k * (255 - 240), 255 - k * (255 - 128), 255 - k * (255 - 128))
    return f"rgb({r:.0f},{g:.0f},{b:.0f})"


def _matrix_html(data: Mapping[str, Any]) -> str:
    labels = data["entrants"]
    head = "".join(f"<th>{_e(lab)}</th>" for lab in labels)
    out = [f'<table id="pairwise" class="matrix"><thead><tr><th>row vs column</th>{head}</tr>']
    out.append("</thead><tbody>")
    for i, lab in enumerate(labels):
        cells = []
        for j, cell in enumerate(data["pairwise"][i]):
            if cell is None:
                cells.append('<td style="background:#f0f0f0">–</td>')
                continue
            cells.append(
                f'<td data-row="{_e(lab)}" data-col="{_e(labels[j])}"'
                f' data-score="{cell["score"]:.6f}"'
                f' style="background:{_cell_colour(cell["score"])}">'
                f"{cell['score']:.3f}<small>{cell['games']} games</small></td>"
            )
        out.append(f'<tr><th>{_e(lab)}</th>{"".join(cells)}</tr>')
    out.append("</tbody></table>")
    return "".join(out)


def _ticks(lo: float, hi: float, count: int = 5) -> list[float]:
    """Round tick values covering ``lo..hi``."""
    if hi <= lo:
        return [lo]
    raw = (hi - lo) / count
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw)
    first = math.ceil(lo / step) * step
    return [first + k * step for k in range(int((hi - first) / step + 1e-9) + 1)]


def _short(label: str, width: int = 18) -> str:
    """A label that fits beside the chart (the full one is its tooltip)."""
    return label if len(label) <= width else label[: width - 1] + "…"


def _rating_svg(data: Mapping[str, Any]) -> str:
    """μ of every entrant after each game, with a ±2σ band."""
    W, H, L, R, T, B = 900, 320, 50, 150, 15, 35
    history = data["rating_history"]
    points = [p for per in history for p in per]
    if not points:
        return '<p class="note">No games yet.</p>'
    x_max = max(1, max(p["game"] for p in points))
    y_lo = min(p["mu"] - 2 * p["sigma"] for p in points)
    y_hi = max(p["mu"] + 2 * p["sigma"] for p in points)

    def x(v: float) -> float:
        return L + (W - L - R) * v / x_max

    def y(v: float) -> float:
        return T + (H - T - B) * (1 - (v - y_lo) / (y_hi - y_lo or 1))

    parts = [
        f'<svg id="rating-chart" width="100%" viewBox="0 0 {W} {H}" role="img"'
        ' aria-label="rating of each entrant over the games played">'
    ]
    for t in _ticks(y_lo, y_hi):
        parts.append(
            f'<line x1="{L}" x2="{W - R}" y1="{y(t):.1f}" y2="{y(t):.1f}" stroke="#eee"/>'
            f'<text x="{L - 6}" y="{y(t) + 4:.1f}" text-anchor="end">{t:g}</text>'
        )
    for t in _ticks(0, x_max):
        if t == int(t):
            parts.append(
                f'<text x="{x(t):.1f}" y="{H - B + 16}" text-anchor="middle">{t:g}</text>'
            )
    parts.append(
        f'<line x1="{L}" x2="{W - R}" y1="{H - B}" y2="{H - B}" stroke="#999"/>'
        f'<text x="{(L + W - R) / 2}" y="{H - 4}" text-anchor="middle">games played</text>'
        f'<text x="12" y="{(T + H - B) / 2}" text-anchor="middle"'
        f' transform="rotate(-90 12 {(T + H - B) / 2})">openskill μ (band ±2σ)</text>'
    )
    for e, per in enumerate(history):
        if not per:
            continue
        colour = _colour(e)
        upper = " ".join(f"{x(p['game']):.1f},{y(p['mu'] + 2 * p['sigma']):.1f}" for p in per)
        lower = " ".join(
            f"{x(p['game']):.1f},{y(p['mu'] - 2 * p['sigma']):.1f}" for p in reversed(per)
        )
        line = " ".join(f"{x(p['game']):.1f},{y(p['mu']):.1f}" for p in per)
        last = per[-1]
        label = data["entrants"][e]
        parts.append(
            f'<g data-entrant="{_e(label)}">'
            f'<polygon points="{upper} {lower}" fill="{colour}" fill-opacity="0.15"/>'
            f'<polyline points="{line}" fill="none" stroke="{colour}" stroke-width="2"/>'
            f'<text x="{W - R + 6}" y="{y(last["mu"]) + 4:.1f}" fill="{colour}">'
            f"<title>{_e(label)}</title>{_e(_short(label))} {last['mu']:.1f}</text></g>"
        )
    parts.append("</svg>")
    return "".join(parts)


def _histogram_svgs(data: Mapping[str, Any]) -> str:
    """One small histogram of final scores per entrant, on shared axes."""
    edges = data["score_bins"]
    hists = data["score_histograms"]
    top = max([max(h) for h in hists if h] + [1])
    W, H, L, B, T = 260, 150, 30, 30, 10
    bw = (W - L - 10) / (len(edges) - 1)
    figures = []
    for e, counts in enumerate(hists):
        label = data["entrants"][e]
        parts = [
            f'<svg class="histogram" data-entrant="{_e(label)}" width="{W}" height="{H}"'
            f' viewBox="0 0 {W} {H}" role="img" aria-label="score distribution of {_e(label)}">'
        ]
        for t in _ticks(0, top, 3):
            ty = T + (H - T - B) * (1 - t / top)
            parts.append(
                f'<line x1="{L}" x2="{W - 10}" y1="{ty:.1f}" y2="{ty:.1f}" stroke="#eee"/>'
                f'<text x="{L - 4}" y="{ty + 4:.1f}" text-anchor="end">{t:g}</text>'
            )
        for k, c in enumerate(counts):
            h = (H - T - B) * c / top
            parts.append(
                f'<rect x="{L + k * bw + 1:.1f}" y="{H - B - h:.1f}" width="{bw - 2:.1f}"'
                f' height="{h:.1f}" fill="{_colour(e)}" data-bin="{edges[k]:g}" data-count="{c}">'
                f"<title>{edges[k]:g}–{edges[k + 1]:g}: {c} games</title></rect>"
            )
        step = max(1, (len(edges) - 1) // 4)
        for k in range(0, len(edges), step):
            parts.append(
                f'<text x="{L + k * bw:.1f}" y="{H - B + 14}" text-anchor="middle">'
                f"{edges[k]:g}</text>"
            )
        parts.append(f'<line x1="{L}" x2="{W - 10}" y1="{H - B}" y2="{H - B}" stroke="#999"/>')
        parts.append("</svg>")
        figures.append(
            f"<figure>{''.join(parts)}<figcaption>{_e(label)}: final score</figcaption></figure>"
        )
    return f'<div class="hists" id="score-distributions">{"".join(figures)}</div>'


def _sprt_html(sprt: Mapping[str, Any] | None) -> str:
    if not sprt:
        return ""
    decision = sprt["decision"]
    lo, hi = sprt["elo_95"]
    return (
        f'<h2>Sequential test</h2><p id="sprt" class="sprt {decision.replace(" ", "")}">'
        f"<strong>{_e(decision)}</strong> ({_e(sprt['test'])}) after {sprt['games']} games"
        f" ({sprt['deals']} deals in both seatings). Log-likelihood ratio"
        f" {sprt['llr']:.2f} within [{sprt['bounds'][0]:.2f}, {sprt['bounds'][1]:.2f}]."
        f" First entrant's score {sprt['score']:.3f}, Elo {sprt['elo']:+.1f}"
        f" (95%: {lo:+.1f} to {hi:+.1f}).</p>"
    )


def render_html(data: Mapping[str, Any], title: str) -> str:
    """The whole report page."""
    options = ", ".join(f"{k}={v}" for k, v in data["options"].items()) or "defaults"
    blob = orjson.dumps(data).decode().replace("</", "<\\/")
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="en"><head><meta charset="utf-8"><title>{_e(title)} tournament</title>'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        f"<style>{_CSS}</style></head><body>"
        f"<h1>{_e(title)} tournament</h1>"
        f'<p class="meta">{data["games"]} games · options {_e(options)} ·'
        f" {len(data['entrants'])} entrants · every deal played in every seating</p>"
        f"{_sprt_html(data['sprt'])}"
        "<h2>Standings</h2>"
        f'<div class="wide">{_standings_html(data)}</div>'
        '<p class="note">Win share counts a shared first place as a fraction; intervals are'
        " 95% (Wilson for win share). Rating is openskill (Plackett-Luce) μ−3σ.</p>"
        "<h2>Head to head</h2>"
        f'<div class="wide">{_matrix_html(data)}</div>'
        '<p class="note">Row entrant\'s score against the column entrant in the games both'
        " played: 1 for the better place, ½ for a tie.</p>"
        "<h2>Rating over the games played</h2>"
        f"{_rating_svg(data)}"
        "<h2>Final scores</h2>"
        f"{_histogram_svgs(data)}"
        f'<p class="note">Made by {_e(data["generator"])}.</p>'
        f'<script type="application/json" id="report-data">{blob}</script>'
        "</body></html>\n"
    )


def write_report(
    path: Path,
    game: Game,
    options: Mapping[str, str],
    specs: Sequence[str],
    records: Sequence[Mapping[str, Any]],
    sprt: SprtResult | None = None,
) -> None:
    """Write the HTML report of a tournament's records (atomically)."""
    from vikingcli.batch.tournament import summarize

    trace: list[list[tuple[int, float, float]]] = []
    rows = summarize(specs, [dict(r) for r in records], trace)
    labels = [r["entrant"] for r in rows]  # summarize keeps the entrants' order
    verdict = sprt.to_json() if sprt is not None else None
    data = report_data(game.name, options, labels, records, rows, trace, verdict)
    write_atomic(path, render_html(data, game.title).encode())
