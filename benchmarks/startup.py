"""Start-up time of the CLI against a bare two-command Typer app, paired in one run.

Each round runs, in a fresh interpreter each and in turn: ``python -c "import
typer"``, the bare app's ``--help``, ``vikingcli --help`` and ``vikingcli games``;
the order rotates every round so load that drifts during the run hits every command
alike. Prints each command's wall time (median over the rounds) and its ratio to the
bare app's ``--help`` within each round (min / median / max); ``--cpu`` takes CPU
time (user + system) instead, which a machine busy with other work disturbs far less
than wall time::

    nice .venv/bin/python benchmarks/startup.py --rounds 15
    nice .venv/bin/python benchmarks/startup.py --rounds 15 --cpu

What a command spends its start-up on: ``python -X importtime -m vikingcli --help``.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BARE_APP = '''
import typer

app = typer.Typer()


@app.command()
def hello(name: str) -> None:
    """Say hello."""
    print(f"hello {name}")


@app.command()
def bye() -> None:
    """Say bye."""
    print("bye")


app()
'''


BASE = "bare app --help"
"""The command every ratio is taken against."""


def _wall(cmd: list[str], env: dict[str, str], cpu: bool = False) -> float:
    start = time.perf_counter()
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True, env=env)
    if cpu:
        now = resource.getrusage(resource.RUSAGE_CHILDREN)
        return now.ru_utime + now.ru_stime - used.ru_utime - used.ru_stime
    return time.perf_counter() - start


def round_times(rounds: int, cpu: bool = False) -> dict[str, list[float]]:
    """Each command's wall time (``cpu``: CPU time, user and system) in every round
    (the commands of a round run in turn, the order rotating), every command warmed
    once first."""
    py = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        # An installed program runs from bytecode (pip compiles it at install time).
        # Where the environment forbids writing it (PYTHONDONTWRITEBYTECODE, set on
        # this project's machines), every run would compile the project's ~150
        # modules from source, which is most of what it then measures; so every
        # command here reads and writes its bytecode in a cache of its own, warmed
        # below, the bare app's and typer's alike.
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = str(Path(tmp) / "pycache")
        bare = Path(tmp) / "bare.py"
        bare.write_text(BARE_APP)
        commands = {
            "import typer": [py, "-c", "import typer"],
            BASE: [py, str(bare), "--help"],
            "vikingcli --help": [py, "-m", "vikingcli", "--help"],
            "vikingcli games": [py, "-m", "vikingcli", "games"],
        }
        names = list(commands)
        for name in names:  # warm the file cache and the .pyc files first
            _wall(commands[name], env)
        times: dict[str, list[float]] = {name: [] for name in names}
        for r in range(rounds):
            for name in names[r % len(names):] + names[: r % len(names)]:
                times[name].append(_wall(commands[name], env, cpu))
    return times


def ratios(times: dict[str, list[float]], name: str) -> list[float]:
    """``name``'s time over the bare app's ``--help`` in each round, sorted."""
    return sorted(t / b for t, b in zip(times[name], times[BASE]))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rounds", type=int, default=15, help="rounds (default 15)")
    ap.add_argument("--cpu", action="store_true",
                    help="CPU seconds (user + system) instead of wall time: on a machine"
                    " busy with other work, wall time mostly measures the wait")  # fmt: skip
    args = ap.parse_args(argv)
    if args.rounds < 1:
        print("startup.py: --rounds must be at least 1", file=sys.stderr)
        return 2
    times = round_times(args.rounds, args.cpu)
    what = "CPU time" if args.cpu else "time"
    print(f"{args.rounds} rounds; ratio = {what} / bare app --help's of the same round")
    print("| command | median s | ratio min | ratio median | ratio max |")
    print("|---|---|---|---|---|")
    for name, walls in times.items():
        r = ratios(times, name)
        print(f"| {name} | {statistics.median(walls):.3f} | {r[0]:.2f} |"
              f" {statistics.median(r):.2f} | {r[-1]:.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
