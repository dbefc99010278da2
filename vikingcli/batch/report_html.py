"""The tournament report as HTML: one self-contained page of tables and SVG charts
(:mod:`vikingcli.batch.charts`) drawn from the report's data (``report_data`` in
:mod:`vikingcli.batch.report`), that data itself in a JSON block, and nothing that
is fetched when the page is opened."""

from __future__ import annotations

import html
import math
from collections.abc import Mapping
from typing import Any

import orjson

from vikingcli.batch import stats
from vikingcli.batch.charts import colour, histogram_svgs, llr_svg, rating_svg
from vikingcli.batch.sprt import signed

_CSS = """
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;margin:2rem auto;
max-width:1100px;padding:0 1rem;color:#222;background:#fff}
h1{font-size:1.5rem;margin-bottom:.2rem}h2{font-size:1.15rem;margin-top:2rem;
border-bottom:1px solid #ddd;padding-bottom:.2rem}
.meta{color:#555;margin-top:0}
table{border-collapse:collapse;font-variant-numeric:tabular-nums}
th,td{padding:.3rem .45rem;border-bottom:1px solid #e4e4e4;text-align:right;white-space:nowrap}
th:first-child,td:first-child{text-align:left}
td.name,th.name,.matrix th{white-space:normal;overflow-wrap:anywhere;min-width:7rem;
max-width:16rem}
td small{color:#555;display:block}.wide{overflow-x:auto}
th{background:#f5f5f5;font-weight:600}
.swatch{display:inline-block;width:.8em;height:.8em;border-radius:2px;margin-right:.4em;
vertical-align:-.05em}
.matrix td{text-align:center;min-width:6.5rem}
.matrix td small{display:block;color:#444;font-size:.75rem}
.sprt{padding:.6rem .9rem;border-left:4px solid #888;background:#f7f7f7}
.sprt.better{border-color:#2ca02c}.sprt.notbetter{border-color:#d62728}
.hists{display:flex;flex-wrap:wrap;gap:1rem}
.hists figure{margin:0;width:260px}
.hists figcaption{font-size:.85rem;text-align:center;overflow-wrap:anywhere}
svg text{font:11px system-ui,sans-serif;fill:#333}
.note{color:#666;font-size:.85rem}
dl.settings{display:grid;grid-template-columns:max-content 1fr;gap:.2rem 1rem}
dl.settings dt{font-weight:600}dl.settings dd{margin:0;overflow-wrap:anywhere}
code{font:13px ui-monospace,SFMono-Regular,Menlo,monospace;background:#f5f5f5;padding:0 .2em}
td.params{white-space:normal;text-align:left;overflow-wrap:anywhere;min-width:10rem}
#entrants th,#forfeits th{text-align:left}
"""


def _e(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _fmt(value: float | None, digits: int = 3) -> str:
    if value is None or not math.isfinite(value):
        return "–"
    return f"{value + 0.0:.{digits}f}".replace("-0." + "0" * digits, "0." + "0" * digits)


def _pct(value: float | None) -> str:
    return "–" if value is None or not math.isfinite(value) else f"{100 * value:.1f}%"


def _elo(value: float | None) -> str:
    """An Elo difference: ``+12.3``, ``+∞`` (every game won), ``–`` (not known)."""
    if value is None or math.isnan(value):
        return "–"
    return signed(value) if math.isfinite(value) else ("+∞" if value > 0 else "−∞")


def _ms(seconds: float | None) -> str:
    """Seconds as milliseconds to three significant digits."""
    if seconds is None or not math.isfinite(seconds):
        return "–"
    return f"{1000 * seconds:.3g}"


def _name(label: str, e: int) -> str:
    return (
        f'<td class="name"><span class="swatch" style="background:{colour(e)}"></span>'
        f"{_e(label)}</td>"
    )


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


def _rating_list_html(data: Mapping[str, Any]) -> str:
    """The headline: the joint maximum-likelihood rating of every entrant, best first."""
    labels = data["entrants"]
    fit = data.get("rating_fit") or {}
    rows = sorted(data["standings"], key=lambda r: -r["joint_elo"])
    out = [
        '<table id="rating-list"><thead><tr><th>#</th><th>entrant</th><th>rating (Elo)</th>'
        "<th>±</th><th>95% interval</th><th>games</th><th>openskill μ−3σ</th></tr></thead><tbody>"
    ]
    for place, r in enumerate(rows, 1):
        e = labels.index(r["entrant"])
        lo, hi = r["joint_elo_95"]
        out.append(
            f'<tr data-entrant="{_e(r["entrant"])}" data-joint-elo="{r["joint_elo"]}">'
            f"<td>{place}</td>{_name(r['entrant'], e)}"
            f"<td><strong>{_elo(r['joint_elo'])}</strong></td>"
            f"<td>{_fmt(r['joint_elo_error'], 1)}</td><td>[{_elo(lo)}, {_elo(hi)}]</td>"
            f"<td>{r['games']}</td><td>{_fmt(r['rating'], 2)}</td></tr>"
        )
    out.append("</tbody></table>")
    anchor = fit.get("anchor")
    against = f"{_e(anchor)} fixed at 0" if anchor else "the mean of all entrants (0)"
    deals = fit.get("deals", 0)
    warn = (
        f' <strong class="warn">Only {deals} deal{"s" if deals != 1 else ""}: the intervals'
        " are rough.</strong>"
        if fit.get("few_deals")
        else ""
    )
    out.append(
        f'<p class="note">One maximum-likelihood fit over all games'
        f" ({_e(fit.get('model', 'Plackett-Luce'))}), against {against}; it does not depend"
        " on the order the games were played in. ± is half the 95% interval: the larger of"
        f" Student's t over deals (cluster-robust) and the model's own error.{warn}</p>"
    )
    return "".join(out)


def _elo_html(data: Mapping[str, Any]) -> str:
    """cutechess's table: Elo against the field with its error, LOS, W/D/L."""
    labels = data["entrants"]
    rows = sorted(
        data["standings"],
        key=lambda r: -(r["elo"] if r["elo"] is not None and math.isfinite(r["elo"]) else -1e9),
    )
    out = [
        '<table id="elo"><thead><tr><th>entrant</th><th>Elo</th><th>±</th>'
        "<th>Elo 95%</th><th>LOS</th><th>games</th><th>W</th><th>D</th><th>L</th>"
        "<th>score</th><th>draw ratio</th></tr></thead><tbody>"
    ]
    for r in rows:
        e = labels.index(r["entrant"])
        lo, hi = r["elo_95"]
        known = all(v is not None and not math.isnan(v) for v in (lo, hi))
        interval = f"[{_elo(lo)}, {_elo(hi)}]" if known else "–"
        out.append(
            f'<tr data-entrant="{_e(r["entrant"])}" data-elo="{r["elo"]}"'
            f' data-los="{r["los"]}">{_name(r["entrant"], e)}'
            f"<td><strong>{_elo(r['elo'])}</strong></td><td>{_fmt(r['elo_error'], 1)}</td>"
            f"<td>{interval}</td><td>{_pct(r['los'])}</td>"
            f"<td>{r['games']}</td><td>{r['w']}</td><td>{r['d']}</td><td>{r['l']}</td>"
            f"<td>{_fmt(r['score'])}</td><td>{_pct(r['draw_ratio'])}</td></tr>"
        )
    out.append("</tbody></table>")
    return "".join(out)


def _standings_html(data: Mapping[str, Any]) -> str:
    labels = data["entrants"]
    rows = sorted(data["standings"], key=lambda r: -r["joint_elo"])
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
            f'<tr data-entrant="{_e(r["entrant"])}">{_name(r["entrant"], e)}'
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
                f' data-score="{cell["score"]:.6f}" data-elo="{cell["elo"]}"'
                f' data-los="{cell["los"]:.6f}"'
                f' style="background:{_cell_colour(cell["score"])}">'
                f"{cell['score']:.3f}<small>Elo {_elo(cell['elo'])}{_plus_minus(cell)}</small>"
                f"<small>LOS {_pct(cell['los'])}</small>"
                f"<small>{cell['w']}-{cell['d']}-{cell['l']} · {cell['games']} games</small></td>"
            )
        out.append(f'<tr><th class="name">{_e(lab)}</th>{"".join(cells)}</tr>')
    out.append("</tbody></table>")
    return "".join(out)


def _plus_minus(cell: Mapping[str, Any]) -> str:
    """`` ± 12`` where the error is known."""
    err = cell.get("elo_error")
    return f" ± {err:.0f}" if err is not None and math.isfinite(err) else ""


def _pentanomial_html(data: Mapping[str, Any]) -> str:
    rows = data["pentanomial"]
    if rows is None:
        return (
            f'<p class="note" id="pentanomial">Pentanomial counts are for two-player tables;'
            f" this tournament seats {data['table_size']}.</p>"
        )
    labels = data["entrants"]
    head = "".join(f"<th>{p}</th>" for p in stats.PENTANOMIAL)
    out = [
        f'<table id="pentanomial"><thead><tr><th>pair (points of the first)</th>{head}'
        "<th>pairs</th></tr></thead><tbody>"
    ]
    for row in rows:
        i, j = row["pair"]
        counts = row["counts"]
        out.append(
            f'<tr data-pair="{_e(labels[i])}|{_e(labels[j])}"><td class="name">'
            f"{_e(labels[i])} vs {_e(labels[j])}</td>"
            + "".join(f"<td>{c}</td>" for c in counts)
            + f"<td>{sum(counts)}</td></tr>"
        )
    if not rows:
        out.append('<tr><td colspan="7">no complete game pair yet</td></tr>')
    out.append("</tbody></table>")
    return "".join(out)


def _seats_html(data: Mapping[str, Any]) -> str:
    labels = data["entrants"]
    seats = data["seats"]
    size = len(seats["seats"])
    head = "".join(f"<th>seat {s + 1}</th>" for s in range(size))
    out = [f'<table id="seats"><thead><tr><th></th>{head}</tr></thead><tbody>']
    out.append(
        '<tr class="all"><td class="name"><strong>every entrant</strong>'
        "<small>score · win share · games</small></td>"
        + "".join(
            f"<td><strong>{_fmt(s['score'])}</strong> <small>{_fmt(s['win_share'])} ·"
            f" {s['games']}</small></td>"
            for s in seats["seats"]
        )
        + "</tr>"
    )
    for e, lab in enumerate(labels):
        out.append(
            f'<tr data-entrant="{_e(lab)}">{_name(lab, e)}'
            + "".join(
                f"<td>{_fmt(c['score'])} <small>{c['games']} games</small></td>"
                for c in seats["entrants"][e]
            )
            + "</tr>"
        )
    out.append("</tbody></table>")
    return "".join(out)


def _lengths_html(data: Mapping[str, Any]) -> str:
    labels = data["entrants"]
    lengths = data["lengths"]
    m, s = lengths["moves"], lengths["seconds"]
    out = [
        '<table id="lengths"><thead><tr><th></th><th>mean</th><th>median</th><th>min</th>'
        "<th>max</th></tr></thead><tbody>"
        f"<tr><td>moves per game</td><td>{_fmt(m['mean'], 1)}</td><td>{_fmt(m['median'], 1)}"
        f"</td><td>{_fmt(m['min'], 0)}</td><td>{_fmt(m['max'], 0)}</td></tr>"
        f"<tr><td>seconds per game (all seats)</td><td>{_fmt(s['mean'], 2)}</td>"
        f"<td>{_fmt(s['median'], 2)}</td><td>{_fmt(s['min'], 2)}</td>"
        f"<td>{_fmt(s['max'], 2)}</td></tr></tbody></table>",
        '<table id="time-per-move"><thead><tr><th>entrant</th><th>games</th><th>moves</th>'
        "<th>ms per move</th><th>seconds per game</th><th>longest game (s)</th>"
        "</tr></thead><tbody>",
    ]
    for e, lab in enumerate(labels):
        t = lengths["entrants"][e]
        moves = "–" if t["moves"] is None else str(t["moves"])
        out.append(
            f'<tr data-entrant="{_e(lab)}">{_name(lab, e)}<td>{t["games"]}</td><td>{moves}</td>'
            f"<td>{_ms(t['seconds_per_move'])}</td><td>{_fmt(t['seconds_per_game'], 3)}</td>"
            f"<td>{_fmt(t['longest_game_seconds'], 3)}</td></tr>"
        )
    out.append("</tbody></table>")
    return "".join(out)


def _forfeits_html(data: Mapping[str, Any]) -> str:
    rows = data["forfeits"]
    if not rows:
        return '<p id="forfeits">No game was forfeited.</p>'
    out = [
        '<table id="forfeits"><thead><tr><th>entrant</th><th>forfeits</th><th>reason</th>'
        "<th>first games (seed: the seating, the seat that forfeited)</th></tr></thead><tbody>"
    ]
    for row in rows:
        e = data["entrants"].index(row["entrant"])
        where = "; ".join(
            f"{g['seed']}: {' v '.join(g.get('seating', []))}, seat {g['seat']}"
            + (f" ({g['save']})" if g.get("save") else "")
            for g in row["games"]
        )
        out.append(
            f'<tr data-entrant="{_e(row["entrant"])}">{_name(row["entrant"], e)}'
            f'<td>{row["count"]}</td><td class="params">{_e(row["reason"])}</td>'
            f"<td>{_e(where)}</td></tr>"
        )
    out.append("</tbody></table>")
    return "".join(out)


def _settings_html(data: Mapping[str, Any]) -> str:
    s = data["settings"] or {}
    options = ", ".join(f"{k}={v}" for k, v in data["options"].items()) or "defaults"
    items = [
        ("command line", f"<code>{_e(s.get('command') or '–')}</code>"),
        ("first seed", _e(s.get("seed", "–"))),
        ("begun", _e(s.get("started") or "–")),
        ("report written", _e(s.get("written") or "–")),
        ("vikingcli", _e(s.get("version") or data["generator"])),
        ("game", f"{_e(data['game'])} (rules version {_e(s.get('game_version', '–'))})"),
        ("options", _e(options)),
        (
            "format",
            f"{_e(data['format'])}, tables of {data['table_size']},"
            f" rotation {_e(data['rotation'])}",
        ),
    ]
    dl = "".join(f"<dt>{k}</dt><dd>{v}</dd>" for k, v in items)
    rows = []
    for e, entrant in enumerate(s.get("entrants") or []):
        params = ", ".join(f"{k}={v}" for k, v in entrant["params"].items()) or "none"
        rows.append(
            f'<tr data-entrant="{_e(entrant["label"])}">{_name(entrant["label"], e)}'
            f'<td class="params"><code>{_e(entrant["spec"])}</code></td>'
            f'<td class="params">{_e(params)}</td></tr>'
        )
    table = (
        '<table id="entrants"><thead><tr><th>entrant</th><th>spec</th>'
        "<th>every parameter</th></tr></thead><tbody>" + "".join(rows) + "</tbody></table>"
    )
    return f'<div id="settings"><dl class="settings">{dl}</dl><div class="wide">{table}</div></div>'


def _sprt_html(sprt: Mapping[str, Any] | None) -> str:
    if not sprt:
        return ""
    decision = sprt["decision"]
    lo, hi = sprt["elo_95"]
    penta = sprt.get("pentanomial")
    pairs = (
        " Deal pairs by the first entrant's points (0, ½, 1, 1½, 2): "
        + ", ".join(str(c) for c in penta)
        + "."
        if penta
        else ""
    )
    return (
        f'<h2>Sequential test</h2><p id="sprt" class="sprt {decision.replace(" ", "")}">'
        f"<strong>{_e(decision)}</strong> ({_e(sprt['test'])}) after {sprt['games']} games"
        f" ({sprt['deals']} deals, every seating). Log-likelihood ratio"
        f" {sprt['llr']:.2f} within [{sprt['bounds'][0]:.2f}, {sprt['bounds'][1]:.2f}]."
        f" First entrant's score {sprt['score']:.3f}, Elo {_elo(sprt['elo'])}"
        f" (95%: {_elo(lo)} to {_elo(hi)}).{pairs} Exit code {sprt.get('exit_code', '–')}.</p>"
        f"{llr_svg(sprt)}"
    )


def render_html(data: Mapping[str, Any], title: str) -> str:
    """The whole report page."""
    options = ", ".join(f"{k}={v}" for k, v in data["options"].items()) or "defaults"
    blob = orjson.dumps(data).decode().replace("</", "<\\/")
    fmt = {
        "all": "every entrant at one table",
        "round-robin": f"round robin at tables of {data['table_size']}",
        "gauntlet": f"gauntlet of the first entrant at tables of {data['table_size']}",
    }.get(data["format"], data["format"])
    return (
        "<!DOCTYPE html>\n"
        f'<html lang="en"><head><meta charset="utf-8"><title>{_e(title)} tournament</title>'
        '<meta name="viewport" content="width=device-width,initial-scale=1">'
        f"<style>{_CSS}</style></head><body>"
        f"<h1>{_e(title)} tournament</h1>"
        f'<p class="meta">{data["games"]} games · options {_e(options)} ·'
        f" {len(data['entrants'])} entrants · {_e(fmt)} · every deal in every seating</p>"
        f"{_sprt_html(data['sprt'])}"
        "<h2>Rating list</h2>"
        f'<div class="wide">{_rating_list_html(data)}</div>'
        "<h2>Elo against the field met</h2>"
        f'<div class="wide">{_elo_html(data)}</div>'
        '<p class="note">Head to head against the others at the table: a win for each one'
        " placed below, a draw for each one level, a loss for each one above. Elo is the"
        " logistic difference of that score against the field met; ± is half its 95% interval,"
        " whose error is taken over deals (a deal's games are not independent). LOS:"
        " likelihood of superiority, Φ((W−L)/√(W+L)).</p>"
        "<h2>Standings</h2>"
        f'<div class="wide">{_standings_html(data)}</div>'
        '<p class="note">Win share counts a shared first place as a fraction; intervals are'
        " 95% (Wilson for win share). Rating is openskill (Plackett-Luce) μ−3σ.</p>"
        "<h2>Head to head</h2>"
        f'<div class="wide">{_matrix_html(data)}</div>'
        '<p class="note">Row entrant\'s score against the column entrant in the games both'
        " played (1 for the better place, ½ for a tie), its Elo with ± 95%, LOS and"
        " W-D-L.</p>"
        "<h2>Pentanomial counts</h2>"
        f'<div class="wide">{_pentanomial_html(data)}</div>'
        "<h2>Seats</h2>"
        f'<div class="wide">{_seats_html(data)}</div>'
        '<p class="note">Mean head-to-head score by seat (seat 1 moves first): above 0.5 the'
        " seat is an advantage.</p>"
        "<h2>Game length and time per move</h2>"
        f'<div class="wide">{_lengths_html(data)}</div>'
        "<h2>Forfeits</h2>"
        f'<div class="wide">{_forfeits_html(data)}</div>'
        "<h2>Rating over the games played</h2>"
        f"{rating_svg(data)}"
        "<h2>Final scores</h2>"
        f"{histogram_svgs(data)}"
        "<h2>Settings</h2>"
        f"{_settings_html(data)}"
        f'<p class="note">Made by {_e(data["generator"])}.</p>'
        f'<script type="application/json" id="report-data">{blob}</script>'
        "</body></html>\n"
    )
