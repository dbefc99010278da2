"""The reports of a round robin and of a gauntlet with ``--sprt``, opened in headless
Chromium (Debian's package, driven by Playwright): every section is there and shown,
no two labels of a chart overlap, no name is cut, and the page asks the network for
nothing.

Skipped, with the reason, where Chromium or Playwright is missing (``.ci/run``
installs Chromium, the test extra Playwright). Set ``VIKINGCLI_REPORT_SHOTS=DIR``
to keep the screenshots.
"""

from __future__ import annotations

import os
import shutil
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.host.conftest import CLI

ROOT = Path(__file__).resolve().parents[2]
BOTS = ROOT / "examples" / "bots"
CRASH = ROOT / "tests" / "fixtures" / "bots" / "crash_bot.py"
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")

try:
    from playwright.sync_api import sync_playwright
except ImportError:  # pragma: no cover - the test extra installs it
    sync_playwright = None  # type: ignore[assignment]

pytestmark = [
    pytest.mark.skipif(
        CHROMIUM is None, reason="Chromium is not installed (apt-get install chromium)"
    ),
    pytest.mark.skipif(
        sync_playwright is None, reason="Playwright is not installed (the test extra)"
    ),
    pytest.mark.slow,
]

SECTIONS = [
    "elo",
    "standings",
    "pairwise",
    "pentanomial",
    "seats",
    "lengths",
    "time-per-move",
    "forfeits",
    "rating-chart",
    "score-distributions",
    "settings",
    "entrants",
]

# In the page: every SVG's text boxes, the pairs of them that overlap, text that sticks
# out of its SVG, and every entrant's label as the rating chart writes it.
PROBE = """() => {
  const out = {overlaps: [], outside: [], labels: {}, sections: {}, texts: 0};
  for (const svg of document.querySelectorAll('svg')) {
    const frame = svg.getBoundingClientRect();
    const boxes = [...svg.querySelectorAll('text')].map(t => [t, t.getBoundingClientRect()]);
    out.texts += boxes.length;
    for (const [t, b] of boxes) {
      if (b.left < frame.left - 1 || b.right > frame.right + 1 ||
          b.top < frame.top - 1 || b.bottom > frame.bottom + 1)
        out.outside.push([svg.id || svg.getAttribute('class'), t.textContent]);
    }
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, p] = boxes[i], [b, q] = boxes[j];
        const w = Math.min(p.right, q.right) - Math.max(p.left, q.left);
        const h = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
        if (w > 0.5 && h > 0.5)
          out.overlaps.push([svg.id || svg.getAttribute('class'), a.textContent, b.textContent]);
      }
  }
  for (const g of document.querySelectorAll('#rating-chart g[data-entrant]')) {
    const spans = [...g.querySelectorAll('.end-label tspan')].map(s => s.textContent);
    out.labels[g.dataset.entrant] = spans.join(' ');
  }
  for (const id of %s) {
    const el = document.getElementById(id);
    const r = el ? el.getBoundingClientRect() : null;
    out.sections[id] = r ? [r.width, r.height] : null;
  }
  return out;
}"""


def _shots(tmp_path: Path) -> Path:
    where = os.environ.get("VIKINGCLI_REPORT_SHOTS")
    folder = Path(where) if where else tmp_path / "shots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def _open(html: Path, shots: Path, name: str, sections: list[str]) -> dict[str, Any]:
    assert sync_playwright is not None and CHROMIUM is not None
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        try:
            page = browser.new_page(viewport={"width": 1200, "height": 900})
            requests: list[str] = []
            page.on("request", lambda r: requests.append(r.url))
            page.goto(html.as_uri(), wait_until="load")
            found = page.evaluate(PROBE % (sections,))
            page.screenshot(path=str(shots / f"{name}.png"), full_page=True)
            for chart in ("rating-chart", "llr-chart", "score-distributions"):
                if page.locator(f"#{chart}").count():
                    page.locator(f"#{chart}").screenshot(path=str(shots / f"{name}-{chart}.png"))
            found["requests"] = requests
            found["text"] = page.inner_text("body")
            return found
        finally:
            browser.close()


def _check(found: dict[str, Any], html: Path, labels: list[str], sections: list[str]) -> None:
    assert found["requests"] == [html.as_uri()], "the report asked the network for something"
    for section in sections:
        size = found["sections"][section]
        assert size is not None, f"no #{section}"
        assert size[0] > 0 and size[1] > 0, f"#{section} is not shown"
    assert found["texts"] > 20
    assert found["overlaps"] == []
    assert found["outside"] == []
    # Every name in full at its line's end (wrapped, perhaps, never cut).
    for label in labels:
        shown = found["labels"][label]
        assert shown.replace(" ", "").startswith(label.replace(" ", "")), (label, shown)
    assert "…" not in found["text"]


def test_the_report_of_a_round_robin_in_chromium(cli: CLI, tmp_path: Path) -> None:
    html = tmp_path / "round-robin.html"
    python = sys.executable
    proc = cli(
        "tournament", "wikinger", "-p", "mcts:iterations=5", "-p", "greedy",
        "-p", f"a=exec:{python} {BOTS / 'random_bot.py'}",
        "-p", f"b=exec:{python} {CRASH}",
        "-p", f"exec:{python} {BOTS / 'random_bot.py'}",
        "--table-size", "3", "--format", "round-robin", "--games", "60", "--jobs", "2",
        "--report", str(html),
    )
    assert proc.returncode == 0, proc.stderr
    found = _open(html, _shots(tmp_path), "round-robin", SECTIONS)
    long_name = f"5:exec:{python} {BOTS / 'random_bot.py'}"
    _check(found, html, ["1:mcts:iterations=5", "2:greedy", "a", "b", long_name], SECTIONS)
    text = found["text"]
    assert "crash_bot: giving up on purpose" in text  # b's forfeits, with the reason
    assert "Pentanomial counts are for two-player tables" in text
    for words in ("command line", "first seed", "begun", "report written", "vikingcli 0."):
        assert words in text
    assert "--format round-robin" in text and "iterations=5" in text


def test_the_report_of_a_gauntlet_sprt_in_chromium(cli: CLI, tmp_path: Path) -> None:
    html = tmp_path / "gauntlet.html"
    proc = cli(
        "tournament", "jorvik", "-p", "greedy", "-p", "3*random", "--format", "gauntlet",
        "--table-size", "3", "--sprt", "elo0=0,elo1=100", "--games", "900", "--jobs", "2",
        "--report", str(html),
    )
    assert proc.returncode == 0, proc.stderr
    sections = [*SECTIONS, "sprt", "llr-chart"]
    found = _open(html, _shots(tmp_path), "gauntlet", sections)
    _check(found, html, ["1:greedy", "2:random", "3:random", "4:random"], sections)
    assert "better (elo0=0,elo1=100,alpha=0.05,beta=0.05)" in found["text"]
    assert "Exit code 0." in found["text"]
