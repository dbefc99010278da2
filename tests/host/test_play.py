"""Interactive play as a person does it: prompts, help, bad moves, quit, resume."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import orjson

from tests.host.conftest import CLI


def test_a_person_plays_quits_and_resumes_where_they_left(cli: CLI, tmp_path: Path) -> None:
    first = cli(
        "play",
        "toygame",
        "-p",
        "human",
        "-p",
        "random",
        "--seed",
        "1",
        "--save",
        "g",
        input="help\nplay 99\nactions\nplay 6\nquit\n",
    )
    assert first.returncode == 0, first.stderr
    assert "Commands:" in first.stdout
    assert "not legal: rune 99 is not in your hand" in first.stdout
    listed = next(line for line in first.stdout.splitlines() if line.startswith("play "))
    assert listed.split() == ["play", "6", "play", "11", "play", "12"]  # in columns
    save = tmp_path / "saves" / "g.json"
    doc = orjson.loads(save.read_bytes())
    assert doc["actions"][0] == "play 6" and len(doc["actions"]) == 2  # the AI answered
    assert doc["result"] is None

    moves = "".join(f"play {v}\n" for _ in range(12) for v in range(1, 13))
    second = cli("resume", str(save), input=moves)
    assert second.returncode == 0, second.stderr
    done = orjson.loads(save.read_bytes())
    assert done["actions"][:2] == doc["actions"] and len(done["actions"]) == 24
    assert done["result"]["end_reason"] == "rules"


def test_end_of_input_saves_instead_of_crashing(cli: CLI, tmp_path: Path) -> None:
    proc = cli(
        "play", "toygame", "-p", "human", "-p", "random", "--seed", "2", "--save", "eof", input=""
    )
    assert proc.returncode == 0 and "Traceback" not in proc.stderr
    assert (tmp_path / "saves" / "eof.json").exists()


def test_progress_bar_is_drawn_only_when_stderr_is_a_terminal(
    plugin_dir: Path, tmp_path: Path
) -> None:
    master, slave = pty.openpty()
    env = dict(os.environ, PYTHONPATH=str(plugin_dir), TERM="xterm")
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "vikingcli",
            "run",
            "toygame",
            "-p",
            "2*random",
            "--games",
            "30",
            "--seed",
            "1",
            "--json",
        ],
        stdout=subprocess.PIPE,
        stderr=slave,
        env=env,
        cwd=tmp_path,
        timeout=120,
    )
    os.close(slave)
    drawn = b""
    try:
        while chunk := os.read(master, 65536):
            drawn += chunk
    except OSError:
        pass
    os.close(master)
    assert proc.returncode == 0
    assert len(proc.stdout.splitlines()) == 30  # stdout stays clean JSON
    assert b"30/30" in drawn or b"toygame" in drawn
