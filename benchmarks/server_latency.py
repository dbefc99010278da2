"""How fast the server answers people under load, beside its targets: the load scenarios
of ``tests/host`` (marker ``load``) run ``--repeats`` times each, and the times they keep
(``latency.json`` beside each run's server) printed as p50, p99 and max per run.

The tests check what must hold whatever the machine (no session dropped, every
keystroke echoed, every answer given, memory bounded, ``stop`` keeps every move); the
time those took is a figure of the clock, measured here, never asserted in a test.

======================  ==========================================================  ======
scenario                what                                                        target
======================  ==========================================================  ======
load-prompt             100 SSH sessions on the lobby's prompt over 20 tables of    p99 <
                        thinking AI seats, each typing now and then: its echo       100 ms
load-full-screen        the same on 80x24 full screens                              100 ms
soak-server             30 hostile connections while two people (OpenSSH) and an    150 ms
                        AI play at a server table: the people's answers
soak-serve              the same at ``vikingcli serve``'s one shared table          150 ms
======================  ==========================================================  ======

Usage (from the repository root, with the test extras installed; run nothing else
meanwhile, the scenarios take both cores)::

    python benchmarks/server_latency.py                     # each scenario 3 times
    python benchmarks/server_latency.py --only load-full-screen --repeats 5
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = {
    "load-prompt": ("tests/host/test_server_load.py::"
                    "test_100_sessions_over_20_thinking_tables_echo_fast[prompt]", 100),
    "load-full-screen": ("tests/host/test_server_load.py::"
                         "test_100_sessions_over_20_thinking_tables_echo_fast[full-screen]", 100),
    "soak-server": ("tests/host/test_server_soak.py", 150),
    "soak-serve": ("tests/host/test_table_under_attack.py::"
                   "test_soak_thirty_hostile_connections_and_the_people_still_play", 150),
}  # fmt: skip
"""Each scenario's test and its target p99 in ms."""


def run_once(scenario: str) -> dict[str, Any]:
    """Run ``scenario``'s test once; the figures it kept (p50_ms, p99_ms, max_ms, ...)."""
    test, _ = SCENARIOS[scenario]
    with tempfile.TemporaryDirectory(prefix="latency-") as base:
        out = subprocess.run(
            [sys.executable, "-m", "pytest", "-q", "-m", "load", "-p", "no:cacheprovider",
             "--basetemp", base, test],
            capture_output=True, text=True, cwd=ROOT, timeout=900,
        )  # fmt: skip
        kept = sorted(Path(base).rglob("latency.json"))
        if out.returncode != 0 or len(kept) != 1:
            tail = "\n".join(out.stdout.splitlines()[-15:])
            raise SystemExit(f"{scenario}: the test failed (exit {out.returncode}):\n{tail}")
        figures: dict[str, Any] = json.loads(kept[0].read_text())
        return figures


def p99s(scenario: str, repeats: int) -> list[float]:
    """The p99 in ms of ``repeats`` runs of ``scenario``."""
    return [run_once(scenario)["p99_ms"] for _ in range(repeats)]


def _memory(f: dict[str, Any]) -> str:
    """The server's resident memory as the scenario kept it: at the start and at the
    end, and its child processes' (load: the two workers and multiprocessing's resource
    tracker), or the peak (soak)."""
    if "rss_end_kib" in f:
        children = "/".join(str(round(w / 1024)) for w in f["workers_rss_kib"])
        return (f"{f['rss_start_kib'] / 1024:.0f} -> {f['rss_end_kib'] / 1024:.0f} MB, "
                f"children {children} MB")  # fmt: skip
    return f"peak {f['peak_rss_mb']} MB"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--only", action="append", choices=sorted(SCENARIOS), help="repeatable")
    ap.add_argument("--repeats", type=int, default=3)
    args = ap.parse_args(argv)
    if args.repeats < 1:
        ap.error("--repeats must be at least 1")
    print("| scenario | run | p50 ms | p99 ms | max ms | target p99 | server memory |")
    print("|---|---|---|---|---|---|---|")
    for scenario in args.only or list(SCENARIOS):
        target = SCENARIOS[scenario][1]
        runs = [run_once(scenario) for _ in range(args.repeats)]
        for k, f in enumerate(runs, 1):
            print(f"| {scenario} | {k} | {f['p50_ms']} | {f['p99_ms']} | {f['max_ms']} | "
                  f"< {target} | {_memory(f)} |")  # fmt: skip
        p99 = [f["p99_ms"] for f in runs]
        met = sum(x < target for x in p99)
        print(f"| {scenario} | median | | {statistics.median(p99)} | | met in {met} of "
              f"{len(p99)} | |", flush=True)  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main())
