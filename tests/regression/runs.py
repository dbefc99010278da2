"""The recorded batch runs: which commands, and how one is played and reduced to a record.

Recorded once before the plugins were restructured (issue 10) and replayed by
``test_recorded_runs.py``: same seed and players must give the same game, move for move.
Re-record only when a rules change is meant, and say why in the commit:
``python -m tests.regression.record``.
"""

from __future__ import annotations

import hashlib
import tempfile
from pathlib import Path
from typing import Any

import orjson
from typer.testing import CliRunner

from vikingcli.cli.app import app

RECORDED = Path(__file__).parent / "recorded"
GAMES = 30
SEED = 1

# Every option value away from its default, one at a time, at every table size
# (';' joins options that only make sense together).
_OPTIONS: dict[str, list[str]] = {
    "wikinger": ["", "mode=advanced", "mode=advanced;bidding=no", "start=0"],
    "walhalla": ["", "headlands=5,6,7", "headlands=8,5,5", "fixed_orientation=yes"],
    "graenaland": ["", "setup=advanced", "victory=cards", "permission=on", "rounds=20"],
    "jorvik": ["", "mode=jarl"],
}
_SIZES = {
    "wikinger": (2, 3, 4), "walhalla": (3, 4), "graenaland": (3, 4, 5), "jorvik": (2, 3, 4, 5),
}
_DEFAULT_TABLE = {"wikinger": 3, "walhalla": 4, "graenaland": 4, "jorvik": 3}


def commands() -> list[tuple[str, list[str]]]:
    """(record name, CLI arguments after ``run``) for every recorded batch."""
    out: list[tuple[str, list[str]]] = []
    for game, option_sets in _OPTIONS.items():
        for n in _SIZES[game]:
            for opts in option_sets:
                if opts == "permission=on" and n != 5:
                    continue  # the 5-player variant only
                for kind in ("random", "greedy"):
                    args = [game, "-p", f"{n}*{kind}"]
                    for kv in filter(None, opts.split(";")):
                        args += ["--option", kv]
                    name = f"{game}-{n}p-{kind}" + (f"-{opts.replace(';', '+')}" if opts else "")
                    out.append((name, args))
        n = _DEFAULT_TABLE[game]
        out.append((f"{game}-{n}p-mcts50", [game, "-p", f"{n}*mcts:iterations=50"]))
    return out


def play(args: list[str], games: int = GAMES) -> list[dict[str, Any]]:
    """Run one batch in-process; each game's JSON without timings, plus a digest of its moves."""
    with tempfile.TemporaryDirectory() as tmp:
        full = ["run", *args, "--games", str(games), "--seed", str(SEED), "--json",
                "--save-dir", tmp]
        result = CliRunner().invoke(app, full, catch_exceptions=False)
        assert result.exit_code == 0, result.output
        records = []
        for line in result.stdout.splitlines():
            rec = orjson.loads(line)
            rec.pop("seconds", None)
            rec.pop("version", None)  # the JSON's format version (issue 36), not the game
            for seat in rec["seats"]:
                # Display names changed on purpose (issue 12); JSON keeps seat indexes.
                seat.pop("name", None)
            # Where run put the save: a temporary folder, not part of the game.
            written = Path(rec.pop("save", None) or Path(tmp) / f"{rec['game']}-{rec['seed']}.json")
            save = orjson.loads(written.read_bytes())
            moves = "\n".join(save["actions"]).encode()
            rec["actions_sha256"] = hashlib.sha256(moves).hexdigest()
            records.append(rec)
    return records


def recorded(name: str) -> list[dict[str, Any]]:
    lines = (RECORDED / f"{name}.jsonl").read_bytes().splitlines()
    records = [orjson.loads(line) for line in lines]
    for rec in records:
        for seat in rec["seats"]:
            seat.pop("name", None)
    return records
