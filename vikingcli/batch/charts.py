"""The report's charts as inline SVG: the rating over the games played, the
log-likelihood ratio of ``--sprt`` against its bounds, and the score histograms.

Written here rather than drawn by a plotting library, so the report stays one file
that fetches nothing. Ticks are round numbers (1, 2 or 5 times a power of ten;
counts are whole), labels at a line's end are moved apart until none overlaps, and
a long name is wrapped onto more lines, never cut. Widths of text are estimated
from the character count at a generous width per character (the browser's font is
not known here), so the estimate errs on the side of room.
"""

from __future__ import annotations

import html
import math
from collections.abc import Mapping, Sequence
from typing import Any

PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#17becf")
"""Entrant colours (colour-blind-safe enough for up to eight lines)."""
CHAR_W = 7.0
"""Estimated width of one character of 11px chart text (wider than most fonts')."""
LINE_H = 13.0
"""Height of one line of chart text."""


def colour(index: int) -> str:
    return PALETTE[index % len(PALETTE)]


def _e(text: Any) -> str:
    return html.escape(str(text), quote=True)


def nice_step(raw: float, whole: bool = False) -> float:
    """The smallest of 1, 2, 5 times a power of ten at least ``raw`` (at least 1
    when ``whole``)."""
    if raw <= 0 or not math.isfinite(raw):
        return 1.0
    mag = 10 ** math.floor(math.log10(raw))
    step = next(m * mag for m in (1, 2, 5, 10) if m * mag >= raw * (1 - 1e-12))
    return max(1.0, step) if whole else step


def ticks(lo: float, hi: float, count: int = 5, whole: bool = False) -> list[float]:
    """Round tick values covering ``lo..hi``, about ``count`` of them."""
    if hi <= lo:
        return [lo]
    step = nice_step((hi - lo) / count, whole)
    first = math.ceil(lo / step - 1e-9) * step
    out = []
    k = 0
    while first + k * step <= hi + step * 1e-9:
        out.append(round(first + k * step, 10) + 0.0)
        k += 1
    return out


def tick_text(value: float) -> str:
    """A tick's label: ``12``, ``0.5``, ``-3`` (never ``-0``)."""
    value = round(value, 10) + 0.0
    return f"{value:g}"


def wrap(text: str, width: int) -> list[str]:
    """``text`` in lines of at most ``width`` characters, broken after spaces, ``:``,
    ``,``, ``=`` or ``/`` where it can be, anywhere where it cannot; nothing left out."""
    width = max(4, width)
    lines: list[str] = []
    rest = text
    while len(rest) > width:
        cut = max((rest.rfind(c, 0, width + 1) for c in " :,=/"), default=-1)
        if cut <= 0:
            cut = width
        else:
            cut += 1  # keep the separator at the end of the line
        lines.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    if rest or not lines:
        lines.append(rest)
    return lines


def spread(wanted: Sequence[float], heights: Sequence[float], lo: float, hi: float) -> list[float]:
    """Top edges for boxes of ``heights`` as near ``wanted`` as they can be with
    none overlapping (in the order of ``wanted``) and all inside ``lo..hi`` when
    they fit there."""
    order = sorted(range(len(wanted)), key=lambda i: wanted[i])
    tops = [0.0] * len(wanted)
    cursor = lo
    for i in order:
        tops[i] = max(wanted[i], cursor)
        cursor = tops[i] + heights[i]
    overflow = cursor - hi
    if overflow > 0:  # push the stack up from the bottom, no higher than lo
        cursor = hi
        for i in reversed(order):
            tops[i] = min(tops[i], cursor - heights[i])
            cursor = tops[i]
        if cursor < lo:  # taller than the room: start at lo, run past hi
            shift = lo - cursor
            for i in order:
                tops[i] += shift
    return tops


def _text_lines(
    x: float, top: float, lines: Sequence[str], fill: str, anchor: str = "start"
) -> str:
    """An SVG text of several lines whose first line's box starts at ``top``."""
    spans = "".join(
        f'<tspan x="{x:.1f}" dy="{0 if k == 0 else LINE_H:g}">{_e(line)}</tspan>'
        for k, line in enumerate(lines)
    )
    return (
        f'<text x="{x:.1f}" y="{top + LINE_H - 3:.1f}" fill="{fill}"'
        f' text-anchor="{anchor}">{spans}</text>'
    )


def rating_svg(data: Mapping[str, Any]) -> str:
    """μ of every entrant after each game, with a ±2σ band; each line's label at
    its end, moved apart from the others where they would overlap."""
    W, L, R, T, B = 900, 50, 190, 15, 35
    history = data["rating_history"]
    points = [p for per in history for p in per]
    if not points:
        return '<p class="note">No games yet.</p>'
    label_chars = int((R - 12) // CHAR_W)
    labels = [
        wrap(f"{data['entrants'][e]} {per[-1]['mu']:.1f}", label_chars) if per else []
        for e, per in enumerate(history)
    ]
    heights = [len(lines) * LINE_H + 2 for lines in labels]
    H = max(320, int(T + B + sum(heights) + 10))
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
    for t in ticks(y_lo, y_hi):
        parts.append(
            f'<line x1="{L}" x2="{W - R}" y1="{y(t):.1f}" y2="{y(t):.1f}" stroke="#eee"/>'
            f'<text class="tick" x="{L - 6}" y="{y(t) + 4:.1f}" text-anchor="end">'
            f"{tick_text(t)}</text>"
        )
    for t in ticks(0, x_max, 6, whole=True):
        parts.append(
            f'<text class="tick" x="{x(t):.1f}" y="{H - B + 16}" text-anchor="middle">'
            f"{tick_text(t)}</text>"
        )
    parts.append(
        f'<line x1="{L}" x2="{W - R}" y1="{H - B}" y2="{H - B}" stroke="#999"/>'
        f'<text x="{(L + W - R) / 2}" y="{H - 4}" text-anchor="middle">games played</text>'
        f'<text x="12" y="{(T + H - B) / 2}" text-anchor="middle"'
        f' transform="rotate(-90 12 {(T + H - B) / 2})">openskill μ (band ±2σ)</text>'
    )
    wanted = [
        y(per[-1]["mu"]) - heights[e] / 2 if per else 0.0 for e, per in enumerate(history)
    ]
    tops = spread(wanted, heights, 0.0, H - B)
    for e, per in enumerate(history):
        if not per:
            continue
        c = colour(e)
        upper = " ".join(f"{x(p['game']):.1f},{y(p['mu'] + 2 * p['sigma']):.1f}" for p in per)
        lower = " ".join(
            f"{x(p['game']):.1f},{y(p['mu'] - 2 * p['sigma']):.1f}" for p in reversed(per)
        )
        line = " ".join(f"{x(p['game']):.1f},{y(p['mu']):.1f}" for p in per)
        end_x, end_y = x(per[-1]["game"]), y(per[-1]["mu"])
        mid = tops[e] + heights[e] / 2
        parts.append(
            f'<g data-entrant="{_e(data["entrants"][e])}">'
            f'<polygon points="{upper} {lower}" fill="{c}" fill-opacity="0.15"/>'
            f'<polyline points="{line}" fill="none" stroke="{c}" stroke-width="2"/>'
            f'<line x1="{end_x:.1f}" y1="{end_y:.1f}" x2="{W - R + 4}" y2="{mid:.1f}"'
            f' stroke="{c}" stroke-width="0.8"/>'
            f'<g class="end-label">{_text_lines(W - R + 6, tops[e], labels[e], c)}</g></g>'
        )
    parts.append("</svg>")
    return "".join(parts)


def llr_svg(sprt: Mapping[str, Any]) -> str:
    """The log-likelihood ratio after each deal, between the test's two bounds."""
    W, H, L, R, T, B = 900, 260, 50, 190, 15, 35
    history = sprt.get("llr_history") or []
    lower, upper = sprt["bounds"]
    values = [p["llr"] for p in history]
    y_lo = min([lower, *values]) - 0.3
    y_hi = max([upper, *values]) + 0.3
    x_max = max([1, *(p["games"] for p in history)])

    def x(v: float) -> float:
        return L + (W - L - R) * v / x_max

    def y(v: float) -> float:
        return T + (H - T - B) * (1 - (v - y_lo) / (y_hi - y_lo))

    parts = [
        f'<svg id="llr-chart" width="100%" viewBox="0 0 {W} {H}" role="img"'
        ' aria-label="log-likelihood ratio over the games played, with its bounds">'
    ]
    for t in ticks(y_lo, y_hi):
        parts.append(
            f'<line x1="{L}" x2="{W - R}" y1="{y(t):.1f}" y2="{y(t):.1f}" stroke="#eee"/>'
            f'<text class="tick" x="{L - 6}" y="{y(t) + 4:.1f}" text-anchor="end">'
            f"{tick_text(t)}</text>"
        )
    for t in ticks(0, x_max, 6, whole=True):
        parts.append(
            f'<text class="tick" x="{x(t):.1f}" y="{H - B + 16}" text-anchor="middle">'
            f"{tick_text(t)}</text>"
        )
    parts.append(
        f'<line x1="{L}" x2="{W - R}" y1="{H - B}" y2="{H - B}" stroke="#999"/>'
        f'<text x="{(L + W - R) / 2}" y="{H - 4}" text-anchor="middle">games played</text>'
        f'<text x="12" y="{(T + H - B) / 2}" text-anchor="middle"'
        f' transform="rotate(-90 12 {(T + H - B) / 2})">log-likelihood ratio</text>'
    )
    bound_labels = [
        (upper, "#2ca02c", f"accept H1 (better): {upper:.2f}"),
        (lower, "#d62728", f"accept H0 (not better): {lower:.2f}"),
    ]
    chars = int((R - 12) // CHAR_W)
    wrapped = [wrap(text, chars) for _, _, text in bound_labels]
    heights = [len(lines) * LINE_H + 2 for lines in wrapped]
    tops = spread(
        [y(v) - h / 2 for (v, _, _), h in zip(bound_labels, heights)], heights, 0.0, H - B
    )
    for (value, c, _), lines, top in zip(bound_labels, wrapped, tops):
        parts.append(
            f'<line class="bound" x1="{L}" x2="{W - R}" y1="{y(value):.1f}" y2="{y(value):.1f}"'
            f' stroke="{c}" stroke-dasharray="6 4" stroke-width="1.5"/>'
            f'<g class="end-label">{_text_lines(W - R + 6, top, lines, c)}</g>'
        )
    if history:
        line = f"{x(0):.1f},{y(0):.1f} " + " ".join(
            f"{x(p['games']):.1f},{y(p['llr']):.1f}" for p in history
        )
        parts.append(f'<polyline points="{line}" fill="none" stroke="#1f77b4" stroke-width="2"/>')
    parts.append("</svg>")
    return "".join(parts)


def bin_edges(values: Sequence[float], bins: int = 12) -> list[float]:
    """Shared bin edges for every entrant's scores: round widths (1, 2, 5, 10, ...;
    whole numbers when every score is), edges on multiples of the width."""
    if not values:
        return [0.0, 1.0]
    lo, hi = min(values), max(values)
    whole = all(float(v).is_integer() for v in values)
    width = nice_step((hi - lo) / bins if hi > lo else 1.0, whole)
    first = math.floor(lo / width + 1e-9) * width
    count = max(1, math.ceil((hi - first) / width - 1e-9))  # the last bin is closed
    return [round(first + k * width, 10) + 0.0 for k in range(count + 1)]


def histogram(values: Sequence[float], edges: Sequence[float]) -> list[int]:
    """Counts of ``values`` in ``[edges[k], edges[k+1])`` (the last bin closed)."""
    counts = [0] * (len(edges) - 1)
    for v in values:
        k = 0
        while k < len(counts) - 1 and v >= edges[k + 1]:
            k += 1
        counts[k] += 1
    return counts


def histogram_svgs(data: Mapping[str, Any]) -> str:
    """One small histogram of final scores per entrant, on shared axes."""
    edges = data["score_bins"]
    hists = data["score_histograms"]
    most = max([max(h) for h in hists if h] + [1])
    step = nice_step(most / 3, whole=True)
    top = math.ceil(most / step) * step  # the axis ends on a tick at or above the top bar
    y_ticks = ticks(0, top, 3, whole=True)
    W, H, L, B, T = 260, 154, 34, 30, 10
    nbins = len(edges) - 1
    bw = (W - L - 10) / nbins
    width = edges[1] - edges[0]
    # Label every k-th edge (k = 1, 2, 5, 10, ...), on round values, at most 5 labels.
    every = int(nice_step(nbins / 4, whole=True))
    step = width * every
    figures = []
    for e, counts in enumerate(hists):
        label = data["entrants"][e]
        parts = [
            f'<svg class="histogram" data-entrant="{_e(label)}" width="{W}" height="{H}"'
            f' viewBox="0 0 {W} {H}" role="img" aria-label="score distribution of {_e(label)}">'
        ]
        for t in y_ticks:
            ty = T + (H - T - B) * (1 - t / top)
            parts.append(
                f'<line x1="{L}" x2="{W - 10}" y1="{ty:.1f}" y2="{ty:.1f}" stroke="#eee"/>'
                f'<text class="tick" x="{L - 4}" y="{ty + 4:.1f}" text-anchor="end">'
                f"{tick_text(t)}</text>"
            )
        for k, c in enumerate(counts):
            h = (H - T - B) * c / top
            parts.append(
                f'<rect x="{L + k * bw + 1:.1f}" y="{H - B - h:.1f}" width="{max(0.5, bw - 2):.1f}"'
                f' height="{h:.1f}" fill="{colour(e)}" data-bin="{edges[k]:g}" data-count="{c}">'
                f"<title>{tick_text(edges[k])}–{tick_text(edges[k + 1])}: {c} games</title></rect>"
            )
        for k, edge in enumerate(edges):
            ratio = edge / step
            if abs(ratio - round(ratio)) > 1e-6:
                continue
            parts.append(
                f'<text class="tick" x="{L + k * bw:.1f}" y="{H - B + 20}" text-anchor="middle">'
                f"{tick_text(edge)}</text>"
            )
        parts.append(f'<line x1="{L}" x2="{W - 10}" y1="{H - B}" y2="{H - B}" stroke="#999"/>')
        parts.append("</svg>")
        figures.append(
            f"<figure>{''.join(parts)}<figcaption>{_e(label)}: final score</figcaption></figure>"
        )
    return f'<div class="hists" id="score-distributions">{"".join(figures)}</div>'
