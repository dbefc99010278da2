"""benchmarks/instructions.py, the instructions ratio of two builds: what it runs under
valgrind is the search it names, and a bad build is one line and exit 2."""

from __future__ import annotations

from tests.benchmark_scripts import run_script


def test_the_counted_run_is_a_search_from_speeds_position() -> None:
    for where in ("opening", "mid-game"):
        out = run_script("instructions.py", "--child", "jorvik", "2", where, "5")
        assert out.returncode == 0, out.stderr
        assert out.stdout == ""


def test_an_unknown_build_is_one_line_and_exit_2() -> None:
    out = run_script("instructions.py", "--compare", "no-such-build", "pure", "--game", "jorvik")
    assert out.returncode == 2
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("instructions.py: "), out.stderr
    assert "no-such-build" in lines[0] or "valgrind is not installed" in lines[0]
