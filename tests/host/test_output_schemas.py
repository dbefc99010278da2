"""Issue 36, item 5: the JSON Schemas in docs/schemas/ hold for real output: ``run
--json`` records (a forfeit included), ``tournament --json`` standings (an infinite
Elo included, written as null) and every line of a results file (an exec bot's
fingerprint included)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema_rs
import orjson
import pytest

SCHEMAS = Path(__file__).resolve().parents[2] / "docs" / "schemas"
BOT = Path(__file__).resolve().parents[2] / "examples" / "bots" / "jorvik_bot.py"


def schema(name: str) -> dict[str, Any]:
    doc: dict[str, Any] = orjson.loads((SCHEMAS / f"{name}.schema.json").read_bytes())
    return doc


def valid(doc: Any, name: str) -> None:
    # the validator checks the schema against Draft 2020-12's meta-schema first
    jsonschema_rs.Draft202012Validator(schema(name)).validate(doc)


def vikingcli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "vikingcli", *args],
        capture_output=True, text=True, cwd=cwd, timeout=120,
    )


def test_item5_run_json_records_follow_their_schema(tmp_path: Path) -> None:
    proc = vikingcli("run", "jorvik", "-p", "random", "-p", "crash=exec:false", "--games", "2",
                     "--json", "--save-dir", "s", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    records = [orjson.loads(x) for x in proc.stdout.splitlines()]
    assert len(records) == 2
    for rec in records:
        assert rec["version"] == 1 and rec["forfeit"]["seat"] == 1
        valid(rec, "run-record")
    bad = dict(records[0], ranks=[0, 1])  # the schema is not a blank cheque
    with pytest.raises(jsonschema_rs.ValidationError):
        valid(bad, "run-record")


def test_item5_tournament_standings_and_results_file_follow_their_schemas(
    tmp_path: Path,
) -> None:
    proc = vikingcli(
        "tournament", "jorvik", "-p", f"b=exec:{sys.executable} {BOT}", "-p", "random",
        "-p", "greedy", "--table-size", "2", "--games", "6", "--json", "--out", "t.jsonl",
        "--sprt", "elo0=0,elo1=50", "--format", "gauntlet", cwd=tmp_path,
    )
    assert proc.returncode in (0, 1, 3), proc.stderr
    standings = orjson.loads(proc.stdout)
    valid(standings, "tournament-standings")
    assert standings["version"] == 1 and standings["sprt"]["exit_code"] == proc.returncode
    lines = [orjson.loads(x) for x in (tmp_path / "t.jsonl").read_bytes().splitlines()]
    assert lines[0]["version"] == 3 and lines[0]["bots"][0]["files"]
    for line in lines:
        valid(line, "results-file")
    with pytest.raises(jsonschema_rs.ValidationError):
        valid(dict(lines[0], bots=[{"command": "x", "files": {"x": "md5:1"}}]), "results-file")


def test_item5_an_infinite_elo_is_null_as_documented(tmp_path: Path) -> None:
    """A 2-0 score has Elo +inf against the field: JSON has no infinity, so it is
    null, and the schema says so."""
    proc = vikingcli("tournament", "jorvik", "-p", "greedy", "-p", "crash=exec:false",
                     "--games", "2", "--json", cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    standings = orjson.loads(proc.stdout)
    valid(standings, "tournament-standings")
    first = standings["entrants"][0]
    assert first["score"] == 1.0 and first["elo"] is None
    described = schema("tournament-standings")["properties"]["entrants"]["items"]
    assert "infinite" in described["properties"]["elo"]["description"]
    assert first["joint_elo"] > 0  # the rating list stays finite
