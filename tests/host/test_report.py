"""``tournament --report``: one self-contained HTML file people can open anywhere.

An HTML parser finds the standings, the head-to-head matrix and every chart's data
for every entrant; headless Chromium (when installed) renders it offline.
"""

from __future__ import annotations

import itertools
import os
import shutil
import subprocess
from collections import defaultdict
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import orjson
import pytest

from tests.host.conftest import CLI
from vikingcli.batch.charts import nice_step, spread, tick_text, ticks, wrap
from vikingcli.batch.report import bin_edges, histogram, pairwise
from vikingcli.batch.sprt import signed
from vikingcli.batch.tournament import plain

ENTRANTS = ["1:greedy", "2:random", "3:random:seed=3"]


class Page(HTMLParser):
    """The parts of the report the tests look at, by element and attribute."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, dict[str, str]]] = []
        self.ids: dict[str, str] = {}
        self.standings_rows: list[str] = []
        self.matrix_cells: dict[tuple[str, str], float] = {}
        self.rating_lines: dict[str, list[str]] = defaultdict(list)
        self.histograms: dict[str, list[int]] = defaultdict(list)
        self.data_text = ""
        self.external: list[str] = []

    def inside(self, tag: str, **attrs: str) -> dict[str, str] | None:
        for name, have in reversed(self.stack):
            if name == tag and all(have.get(k) == v for k, v in attrs.items()):
                return have
        return None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        for key in ("src", "href"):
            if key in a:
                self.external.append(a[key])
        if "id" in a:
            self.ids[a["id"]] = tag
        if tag == "tr" and self.inside("table", id="standings") and "data-entrant" in a:
            self.standings_rows.append(a["data-entrant"])
        if tag == "td" and "data-score" in a:
            self.matrix_cells[(a["data-row"], a["data-col"])] = float(a["data-score"])
        group = self.inside("g")
        if tag == "polyline" and self.inside("svg", id="rating-chart") and group:
            self.rating_lines[group["data-entrant"]].append(a["points"])
        hist = self.inside("svg")
        if tag == "rect" and hist and "data-count" in a and "data-entrant" in hist:
            self.histograms[hist["data-entrant"]].append(int(a["data-count"]))
        if tag not in ("meta", "line", "polyline", "polygon", "br"):
            self.stack.append((tag, a))

    def handle_endtag(self, tag: str) -> None:
        while self.stack:
            name, _ = self.stack.pop()
            if name == tag:
                break

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in ("meta", "line", "polyline", "polygon", "br"):
            self.handle_endtag(tag)

    def handle_data(self, data: str) -> None:
        if self.inside("script", id="report-data"):
            self.data_text += data


def read_page(path: Path) -> Page:
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    page.close()
    return page


@pytest.fixture
def report(cli: CLI, tmp_path: Path) -> tuple[Path, Path]:
    out, html = tmp_path / "t.jsonl", tmp_path / "report.html"
    proc = cli(
        "tournament",
        "toygame",
        "-p",
        "greedy",
        "-p",
        "random",
        "-p",
        "random:seed=3",
        "--games",
        "12",
        "--out",
        str(out),
        "--report",
        str(html),
    )
    assert proc.returncode == 0, proc.stderr
    return out, html


def test_the_report_holds_standings_and_every_chart_for_every_entrant(
    report: tuple[Path, Path],
) -> None:
    out, html = report
    records = [orjson.loads(line) for line in out.read_bytes().splitlines()[1:]]  # 0: settings
    page = read_page(html)
    assert sorted(page.standings_rows) == sorted(ENTRANTS)
    assert {"standings", "pairwise", "rating-chart", "score-distributions"} <= set(page.ids)
    assert set(page.rating_lines) == set(ENTRANTS)
    assert set(page.histograms) == set(ENTRANTS)
    data = orjson.loads(page.data_text)
    assert data["entrants"] == ENTRANTS and data["games"] == len(records) == 12
    for e, label in enumerate(ENTRANTS):
        # Every entrant sat at every game: one rating point per game plus the start.
        history = data["rating_history"][e]
        assert [p["game"] for p in history] == list(range(13))
        assert len(page.rating_lines[label][0].split()) == 13
        assert page.histograms[label] == data["score_histograms"][e]
        assert sum(page.histograms[label]) == 12
    for i, row in enumerate(ENTRANTS):
        for j, col in enumerate(ENTRANTS):
            if i != j:
                cell = data["pairwise"][i][j]
                assert page.matrix_cells[(row, col)] == pytest.approx(cell["score"], abs=1e-6)
                assert cell["score"] + data["pairwise"][j][i]["score"] == pytest.approx(1.0)


def test_the_report_needs_no_network(report: tuple[Path, Path]) -> None:
    _, html = report
    page = read_page(html)
    assert page.external == []
    text = html.read_text()
    assert "http://" not in text and "https://" not in text and "@import" not in text


def test_the_report_of_a_sequential_test_states_the_decision(cli: CLI, tmp_path: Path) -> None:
    html = tmp_path / "sprt.html"
    proc = cli(
        "tournament",
        "toygame",
        "-p",
        "greedy",
        "-p",
        "random",
        "--games",
        "200",
        "--sprt",
        "elo0=0,elo1=150",
        "--report",
        str(html),
    )
    assert proc.returncode == 0, proc.stderr
    page = read_page(html)
    data = orjson.loads(page.data_text)
    assert page.ids.get("sprt") == "p"
    assert data["sprt"]["decision"] in proc.stdout.splitlines()[-1]


def test_pairwise_scores_count_better_places_and_split_ties() -> None:
    records = [
        {"seating": [0, 1, 2], "ranks": [1, 2, 2]},
        {"seating": [2, 0, 1], "ranks": [1, 1, 3]},
    ]
    m = pairwise(3, records)
    assert m[0][1] == (2.0, 2)  # entrant 0 placed above entrant 1 twice
    assert m[1][2] == (0.5, 2)  # a tie, then a loss
    assert m[2][0] == (0.5, 2)


def test_score_bins_cover_every_score_once() -> None:
    scores = [-2.0, 0.0, 3.5, 17.0, 17.0, 40.0]
    edges = bin_edges(scores)
    assert edges[0] <= min(scores) and edges[-1] >= max(scores)
    assert sum(histogram(scores, edges)) == len(scores)


def _chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.mark.skipif(_chromium() is None, reason="Debian's chromium package is not installed")
def test_the_report_renders_in_headless_chromium_offline(
    report: tuple[Path, Path], tmp_path: Path
) -> None:
    _, html = report
    shot = tmp_path / "report.png"
    profile = tmp_path / "profile"
    args: list[Any] = [
        _chromium(),
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        f"--user-data-dir={profile}",
        # Any request leaving the page would fail: the report must not need one.
        "--host-resolver-rules=MAP * ~NOTFOUND",
        "--window-size=1100,1800",
    ]
    dom = subprocess.run(
        [*args, "--dump-dom", html.as_uri()], capture_output=True, text=True, timeout=120
    )
    assert dom.returncode == 0, dom.stderr[-2000:]
    assert 'id="rating-chart"' in dom.stdout and 'id="standings"' in dom.stdout
    subprocess.run(
        [*args, f"--screenshot={shot}", html.as_uri()], capture_output=True, timeout=120, check=True
    )
    png = shot.read_bytes()
    assert png.startswith(b"\x89PNG") and len(png) > 20_000


def test_the_report_is_readable_by_a_web_server(report: tuple[Path, Path]) -> None:
    _, html = report
    umask = os.umask(0o022)
    os.umask(umask)
    assert html.stat().st_mode & 0o777 == 0o644 & ~umask


def test_ticks_are_round_and_counts_whole() -> None:
    assert ticks(0, 24, 3, whole=True) == [0, 10, 20]
    assert ticks(0, 2, 3, whole=True) == [0, 1, 2]  # never 2.5 games
    assert ticks(-3.2, 41.7) == [0, 10, 20, 30, 40]
    assert bin_edges([2.0, 20.0, 38.0, 50.0]) == [float(v) for v in range(0, 55, 5)]
    for step in (0.7, 3, 13, 2400):
        assert str(nice_step(step)).rstrip("0").rstrip(".")[0] in "125"
    assert [tick_text(v) for v in (-0.0, 0.1 + 0.2, 40.0)] == ["0", "0.3", "40"]


def test_labels_are_moved_apart_and_names_wrapped_whole() -> None:
    tops = spread([100.0, 101.0, 102.0, 300.0], [13.0, 26.0, 13.0, 13.0], 0.0, 320.0)
    boxes = sorted(zip(tops, [13.0, 26.0, 13.0, 13.0]))
    assert all(a + h <= b + 1e-9 for (a, h), (b, _) in itertools.pairwise(boxes))
    # No room below: the stack is pushed up instead.
    assert max(t + 13 for t in spread([310.0, 311.0], [13.0, 13.0], 0.0, 320.0)) <= 320.0
    name = "5:exec:/usr/bin/python3 /home/someone/bots/very_long_bot_name_v2.py"
    lines = wrap(name, 25)
    assert all(len(line) <= 25 for line in lines) and len(lines) == 3
    assert "".join(lines).replace(" ", "") == name.replace(" ", "")  # nothing cut


def test_no_minus_zero_in_words_or_json() -> None:
    assert [signed(v) for v in (-0.0, -0.04, 0.04, 12.34, -5)] == [
        "0.0",
        "0.0",
        "0.0",
        "+12.3",
        "-5.0",
    ]
    assert plain({"a": [-0.0, 1.5], "b": -0.0}) == {"a": [0.0, 1.5], "b": 0.0}
    assert str(plain(-0.0)) == "0.0"
