"""``benchmarks/behaviour.py``: the counts of issue 38's behaviours, here the demand
phases in which a Jórvík column grew to 7 vikings or more (the issue's "stacked 7
vikings on one column"), and the loading turns that threw away a good taken out of
storage (greedy did, one ply deep, until it looked through its own turn)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from types import ModuleType

import pytest

from tests.benchmark_scripts import ROOT, run_script
from vikingcli.core.registry import load_registry


@pytest.fixture(scope="module")
def behaviour() -> Iterator[ModuleType]:
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        import behaviour as module

        yield module
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))


def _first_row(stdout: str) -> dict[str, str]:
    """The cells of behaviour.py's first row, by the header's column names."""
    header, _, row = stdout.splitlines()[:3]
    return dict(zip(header.strip("|").split(" | "), row.strip("|").split(" | "), strict=True))


def test_a_phase_counts_as_tall_when_any_column_reached_seven(behaviour: ModuleType) -> None:
    tally, watch = behaviour.Tally(), behaviour.PhaseWatch()
    # the tallest column after each move. Phase 1: columns grow to 6 (and 2), then are
    # bought empty; phase 2: one grows to 7 and shrinks as its vikings leave; phase 3
    # still under way at the end
    for tallest in (1, 6, 3, 0, 5, 7, 4, 0, 8):
        watch.see(tallest, tally)
    assert (tally.tall_phases, tally.phases) == (1, 2)


def test_a_tall_phase_names_the_card_its_tallest_column_bid_for(behaviour: ModuleType) -> None:
    tally, watch = behaviour.Tally(), behaviour.PhaseWatch()
    # phase 1: a ship's column leads at 2, a warrior's passes it and reaches 8, the
    # ship's later equals it (the first to get there is named); phase 2: a trader's
    # column reaches 7; phase 3: a craftsman's only 6
    moves = [(2, "ship"), (3, "warrior"), (8, "warrior"), (8, "ship"), (0, ""),
             (7, "trader"), (0, ""), (6, "craftsman"), (0, "")]  # fmt: skip
    for tallest, kind in moves:
        watch.see(tallest, tally, kind)
    assert (tally.tall_phases, tally.phases) == (2, 3)
    assert tally.tall_kinds == {"warrior": 1, "trader": 1}
    assert tally.kinds() == "warrior 1, trader 1"
    assert behaviour.Tally().kinds() == "none"


def test_the_row_prints_the_tall_phases_of_all_played(behaviour: ModuleType) -> None:
    out = run_script("behaviour.py", "--game", "jorvik", "--players", "2", "--spec", "greedy",
                     "--other", "greedy", "--deals", "1", "--seed", "5")  # fmt: skip
    assert out.returncode == 0, out.stderr
    cells = _first_row(out.stdout)
    tall, phases = cells["demand phases with a column of 7+"].split(" of ")
    assert int(phases) >= 5 and 0 <= int(tall) <= int(phases)
    kinds = cells["cards bid for on the columns of 7+"]
    named = 0 if kinds == "none" else sum(int(k.split()[-1]) for k in kinds.split(", "))
    assert named == int(tall)


def test_a_round_falls_in_a_third_of_the_game(behaviour: ModuleType) -> None:
    assert [behaviour.third(r, 10) for r in range(1, 11)] == [0] * 4 + [1] * 3 + [2] * 3
    assert [behaviour.third(r, 16) for r in (1, 6, 7, 11, 12, 16)] == [0, 0, 1, 1, 2, 2]


def test_the_unfilled_craftsmen_are_counted_by_when_they_were_bought() -> None:
    """Random seats buy craftsmen and seldom fill them: every unfilled one is counted
    in one third of the game."""
    out = run_script("behaviour.py", "--game", "jorvik", "--players", "2", "--spec", "random",
                     "--other", "greedy", "--deals", "2", "--seed", "5")  # fmt: skip
    assert out.returncode == 0, out.stderr
    cells = _first_row(out.stdout)
    when = [int(x) for x in cells["unfilled, bought in the game's first / second / last third"]
            .split(" / ")]  # fmt: skip
    assert int(cells["unfilled at end"]) > 0
    assert sum(when) == int(cells["unfilled at end"])
    assert int(cells["seats 0 craftsman points after buying"]) > 0


def test_demand_rule_seats_a_rule_from_any_length_and_counts_the_tall_phases() -> None:
    """``demand_rule.py`` takes a column length as a variant (the rule from the Nth
    viking) and prints the tall phases of the games it played; a length it cannot
    take is refused before any game."""
    out = run_script("demand_rule.py", "--players", "2", "--spec", "greedy", "--hero", "5",
                     "--other", "none", "--deals", "1", "--seed", "5")  # fmt: skip
    assert out.returncode == 0, out.stderr
    header, _, row = (line.strip("|").split("|") for line in out.stdout.splitlines()[:3])
    cells = {k.strip(): v.strip() for k, v in zip(header, row, strict=True)}
    assert (cells["hero"], cells["others"], cells["games"]) == ("5", "none", "2")
    tall, phases = cells["demand phases with a column of 7+"].split(" of ")
    assert int(phases) >= 5 and 0 <= int(tall) <= int(phases)
    refused = run_script("demand_rule.py", "--hero", "9")
    assert refused.returncode == 2 and "length 2-8" in refused.stderr


@pytest.mark.parametrize("mode", ["karl", "jarl"])
def test_greedy_never_throws_away_a_good_it_took_out_of_storage(
    behaviour: ModuleType, mode: str
) -> None:
    """A good taken out of storage and left unused at the turn's end goes to the common
    goods: a good lost for nothing while the storage could have kept it. Greedy looking
    through its own loading turn never does it; the twin, greedy one ply deep (``chain=0``)
    on the same deals, does, so the count can fail."""
    reg = load_registry()
    counts = {}
    for spec in ("greedy", "greedy:chain=0"):
        tally = behaviour.run_row(reg, "jorvik", 4, spec, spec, 6, 38200, 1, {"mode": mode})
        counts[spec] = tally.thrown
        assert tally.turns > 150
    assert counts["greedy"] == 0
    assert counts["greedy:chain=0"] > 0
