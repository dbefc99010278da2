"""Issue 38: every published figure is reproducible: ``benchmarks/reproduce.py`` lists a
row for each, names the section that states it, and measures one row end to end.

The script itself is run as the documents say (from the repository root); a quick row
plays two greedy-vs-random games, so this stays a matter of seconds."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator
from types import ModuleType

import pytest

from tests.benchmark_scripts import ROOT, run_script

SCRIPT = ROOT / "benchmarks" / "reproduce.py"


@pytest.fixture(scope="module")
def reproduce() -> Iterator[ModuleType]:
    sys.path.insert(0, str(SCRIPT.parent))
    try:
        import reproduce as module

        yield module
    finally:
        sys.path.remove(str(SCRIPT.parent))


@pytest.fixture(scope="module")
def claims(reproduce: ModuleType) -> ModuleType:
    """The rows' module (benchmarks/claims.py), which reproduce.py reads its rows from."""
    return sys.modules["claims"]


def _spellings(value: float) -> set[str]:
    """How a document may write ``value``: a share, a mean, an Elo gap, a rate."""
    return {f"{value:.1%}", f"{value:g}", f"{value:.1f}", f"{value:.2f}", f"{value:+.0f}",
            f"{round(value)}"}  # fmt: skip


def test_item38_list_names_every_row_with_its_claim() -> None:
    out = run_script("reproduce.py", "--list")
    assert out.returncode == 0, out.stderr
    lines = [line for line in out.stdout.splitlines() if line.startswith("| ")][1:]
    assert len(lines) >= 90
    assert any(line.startswith("| graenaland-3p-mcts-vs-greedy |") and "90.0%" in line
               for line in lines)  # fmt: skip


def test_item38_every_row_is_a_figure_its_document_states(claims: ModuleType) -> None:
    """Each row's section is a heading of its document and the stated figure is written
    there, so a figure changed in a README without its row (or the reverse) fails."""
    docs: dict[str, str] = {}
    ids = set()
    for claim in claims.CLAIMS:
        assert claim.id not in ids, claim.id
        ids.add(claim.id)
        text = docs.setdefault(claim.doc, (ROOT / claim.doc).read_text(encoding="utf-8"))
        heading = re.split(r" \(|;", claim.section)[0]
        assert re.search(rf"^#+ .*{re.escape(heading)}", text, re.M), (claim.id, heading)
        assert any(s in text for s in _spellings(claim.stated)), (claim.id, claim.stated)


def test_item38_a_quick_row_prints_claim_measure_interval_and_verdict() -> None:
    out = run_script("reproduce.py", "--quick", "--only", "wikinger-2p-greedy-vs-random")
    assert out.returncode == 0, out.stderr
    row = [line for line in out.stdout.splitlines() if "wikinger-2p-greedy-vs-random" in line]
    assert len(row) == 1
    cells = [c.strip() for c in row[0].strip("|").split("|")]
    assert cells[1] == "100.0%"  # the claim
    assert re.fullmatch(r"\d+\.\d%", cells[2])  # the measurement
    assert re.fullmatch(r"\[\d+\.\d%, \d+\.\d%\]", cells[3])  # its interval
    assert cells[4] == "2"  # one deal at each of the two seatings
    assert cells[5] in ("agree", "disagree")


def test_item38_an_unknown_row_is_one_line_and_exit_2() -> None:
    out = run_script("reproduce.py", "--only", "no-such-row")
    assert out.returncode == 2
    assert out.stderr.strip().splitlines() == [
        "reproduce.py: no row 'no-such-row' (--list shows them)"
    ]


def test_item38_speed_rows_are_read_from_the_readme_table(claims: ModuleType) -> None:
    """The speed claims are the benchmarks README's own table (no copy to drift): every
    game at every size it measures, each figure as written there."""
    table = claims.SPEED_TABLE
    assert {game for game, *_ in table} == {"graenaland", "jorvik", "walhalla", "wikinger"}
    assert len(table) == len({(game, n) for game, n, *_ in table}) >= 12
    text = (ROOT / "benchmarks" / "README.md").read_text(encoding="utf-8")
    for game, n, games_per_s, opening, midgame in table:
        assert f"| {game} | {n} | {games_per_s} |" in text
        assert f"| {opening:g} | {midgame:g} |" in text


def test_item38_decision_time_rows_are_read_from_the_readme_table(
    claims: ModuleType,
) -> None:
    """play's default AI's seconds a decision are the README's table too: twenty rows,
    four specs in each game, Wikinger's expert and Jórvík's three budgets of before its
    deepen hint, each mean as written there (and no row
    of the later tables of that section, whose columns differ)."""
    table = claims.DEFAULT_AI_TABLE
    assert len(table) == 20
    assert {game for game, *_ in table} == {"graenaland", "jorvik", "walhalla", "wikinger"}
    text = (ROOT / "benchmarks" / "README.md").read_text(encoding="utf-8")
    for game, spec, mean in table:
        assert f"| {game} | {spec} | {mean:.2f} |" in text


def test_item38_a_clock_figure_of_another_build_is_skipped_not_judged(
    reproduce: ModuleType,
    claims: ModuleType,
) -> None:
    """A figure of the clock is of one build (the compiled one runs several times the
    iterations in the same seconds): a run on the other build names the row skipped,
    instead of judging that build by it."""
    running = reproduce.running_build()
    assert running in ("pure", "compiled")
    for claim in claims.CLAIMS:
        clocked = "seconds=" in claim.what.command(claim.seed, claim.games)
        assert claim.build or not clocked, claim.id
    other = "compiled" if running == "pure" else "pure"
    row = next(c for c in claims.CLAIMS if c.build == other)
    out = run_script("reproduce.py", "--only", row.id)
    assert out.returncode == 0, out.stderr
    line = next(x for x in out.stdout.splitlines() if x.startswith(f"| {row.id} |"))
    assert f"skipped: a figure of the {other} build, this run is {running}" in line


def _seated_specs(what: object) -> list[str]:
    """The player specs a row seats (a pairing's two, a behaviour's spec and its other
    seats', a score's one, a level pair's pinned stronger seat; "" where a level pair
    plays the level's own)."""
    what = getattr(what, "pairing", what)  # Points: its pairing's seats
    specs = [getattr(what, a, None) for a in ("hero", "other", "spec")]
    return [v for v in specs if isinstance(v, str) and v]


def test_item38_every_row_seats_player_specs_that_parse(claims: ModuleType) -> None:
    """A row is run through the Python API, which reads specs, not level names: the
    Jórvík behaviour rows once said "medium", "hard", "expert" and stopped at their
    first game with "unknown player kind 'expert'"."""
    from vikingcli.core.registry import load_registry
    from vikingcli.core.specs import parse_spec
    from vikingcli.engine import SpecError

    reg = load_registry()
    seated = [(c.id, spec) for c in claims.CLAIMS for spec in _seated_specs(c.what)]
    assert len({cid for cid, _ in seated}) >= 80
    for cid, spec in seated:
        try:
            parse_spec(spec, reg.players)
        except SpecError as exc:  # a level name or a typo
            pytest.fail(f"{cid}: {exc}")
    twin = claims.Behaviour(2, "expert", "unfilled")
    with pytest.raises(SpecError, match="unknown player kind 'expert'"):
        for spec in _seated_specs(twin):
            parse_spec(spec, reg.players)
