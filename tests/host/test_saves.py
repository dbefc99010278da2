"""Saves: replay verification, clear refusals that leave the file alone, atomic writes."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import orjson
import pytest
from vikingcli_toygame import RuneDuel

from tests.host.conftest import CLI
from vikingcli.core.match import Match, Seat
from vikingcli.core.registry import Registry
from vikingcli.core.specs import PlayerSpec
from vikingcli.saves.files import SaveError, write_atomic
from vikingcli.saves.match_file import load_match, write_save
from vikingcli_ai.random_player import RANDOM


def _registry() -> Registry:
    reg = Registry()
    reg.games["toygame"] = RuneDuel()
    reg.players["random"] = RANDOM
    return reg


def _match(moves: int, seed: int = 3) -> Match:
    game = RuneDuel()
    seats = [Seat(f"s{i}", PlayerSpec("random", {}, "random")) for i in range(2)]
    match = Match(game, game.resolve_options({}), seed, seats)
    for _ in range(moves):
        match.apply_text(game.format_action(match.state, game.legal_actions(match.state)[0]))
    return match


def test_replaying_a_saves_actions_reproduces_its_snapshot(tmp_path: Path) -> None:
    match = _match(9)
    path = tmp_path / "g.json"
    write_save(match, path)
    loaded = load_match(path, _registry())
    assert loaded.actions == match.actions
    assert RuneDuel().to_json(loaded.state) == RuneDuel().to_json(match.state)


def _doc(tmp_path: Path) -> tuple[Path, dict]:
    path = tmp_path / "g.json"
    write_save(_match(5), path)
    return path, orjson.loads(path.read_bytes())


def _refused(path: Path, *needles: str) -> None:
    before = path.read_bytes()
    with pytest.raises(SaveError) as err:
        load_match(path, _registry())
    message = str(err.value)
    assert message.startswith(str(path)) and "\n" not in message
    for needle in needles:
        assert needle in message, message
    assert path.read_bytes() == before


def test_truncated_save_is_refused(tmp_path: Path) -> None:
    path, _ = _doc(tmp_path)
    path.write_bytes(path.read_bytes()[:200])
    _refused(path, "not valid JSON")


def test_non_json_save_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    path.write_text("hello, I am not a save\n")
    _refused(path, "not valid JSON")


def test_save_of_another_format_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    path.write_bytes(orjson.dumps({"format": "chess-pgn", "version": 1}))
    _refused(path, "not a vikingcli save")


def test_save_of_a_newer_version_is_refused(tmp_path: Path) -> None:
    path, doc = _doc(tmp_path)
    doc["version"] = 99
    path.write_bytes(orjson.dumps(doc))
    _refused(path, "version 99 is newer")


def test_save_of_a_game_that_is_not_installed_is_refused(tmp_path: Path) -> None:
    path, doc = _doc(tmp_path)
    doc["game"] = "monopoly"
    path.write_bytes(orjson.dumps(doc))
    _refused(path, "game 'monopoly' is not installed")


def test_save_whose_actions_do_not_replay_to_the_snapshot_is_refused(tmp_path: Path) -> None:
    path, doc = _doc(tmp_path)
    doc["state"]["scores"] = [999, 0]
    path.write_bytes(orjson.dumps(doc))
    _refused(path, "do not replay to the stored snapshot")


def test_save_with_an_illegal_action_is_refused(tmp_path: Path) -> None:
    path, doc = _doc(tmp_path)
    doc["actions"][2] = "play 99"
    path.write_bytes(orjson.dumps(doc))
    _refused(path, "action 3 ('play 99') does not replay")


@pytest.mark.parametrize(
    ("content", "needle"),
    [
        (b"{trunc", "not valid JSON"),
        (b'{"format": "other"}', "not a vikingcli save"),
    ],
)
def test_cli_resume_refuses_bad_saves_with_exit_2(
    cli: CLI, tmp_path: Path, content: bytes, needle: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_bytes(content)
    proc = cli("resume", str(path))
    assert proc.returncode == 2
    errors = [line for line in proc.stderr.splitlines() if line.startswith("vikingcli: error")]
    assert len(errors) == 1 and str(path) in errors[0] and needle in errors[0], proc.stderr
    assert "Traceback" not in proc.stderr
    assert path.read_bytes() == content


def test_resume_finishes_a_saved_game_with_its_recorded_players(cli: CLI, tmp_path: Path) -> None:
    path = tmp_path / "partial.json"
    write_save(_match(6, seed=11), path)
    proc = cli("resume", str(path), "--json")
    assert proc.returncode == 0, proc.stderr
    result = orjson.loads(proc.stdout)
    assert result["moves"] == 24 and result["seed"] == 11
    doc = orjson.loads(path.read_bytes())
    assert doc["result"]["scores"] == result["scores"]
    assert doc["actions"][:6] == _match(6, seed=11).actions


def test_replay_prints_the_game_move_by_move(cli: CLI, tmp_path: Path) -> None:
    proc = cli("run", "toygame", "-p", "2*random", "--seed", "2", "--save-dir", "out")
    assert proc.returncode == 0, proc.stderr
    doc = orjson.loads((tmp_path / "out" / "toygame-2.json").read_bytes())
    shown = cli("replay", str(tmp_path / "out" / "toygame-2.json"))
    assert shown.returncode == 0, shown.stderr
    lines = [line for line in shown.stdout.splitlines() if line[:5].strip().rstrip(".").isdigit()]
    assert [line.split(": ", 1)[1] for line in lines] == doc["actions"]


def test_replay_step_walks_back_and_forth_from_the_start(cli: CLI, tmp_path: Path) -> None:
    proc = cli("run", "toygame", "-p", "2*random", "--seed", "2", "--save-dir", "out")
    assert proc.returncode == 0, proc.stderr
    path = str(tmp_path / "out" / "toygame-2.json")
    walk = cli("replay", path, "--step", "--seat", "1", input="\n\n5\np\n0\nq\n")
    assert walk.returncode == 0, walk.stderr
    visited = [int(m) for m in re.findall(r"move (\d+) of \d+ >", walk.stdout)]
    assert visited == [0, 1, 2, 5, 4, 0]
    assert "(the starting position)" in walk.stdout
    assert "{'" not in walk.stdout  # options read hand=3, not a Python dict
    assert "options hand=3" in walk.stdout


def test_a_failed_write_leaves_the_old_save_and_no_temporary_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "g.json"
    write_atomic(path, b"old")

    def boom(*args: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", boom)
    with pytest.raises(OSError):
        write_atomic(path, b"new")
    assert path.read_bytes() == b"old"
    assert [p.name for p in tmp_path.iterdir()] == ["g.json"]


WRITER = """
import sys
from pathlib import Path
from vikingcli.saves.files import write_atomic
path = Path(sys.argv[1])
i = 0
print("ready", flush=True)
while True:
    i += 1
    write_atomic(path, (b'{"n": %d, "pad": "' % i) + b"x" * 3_000_000 + b'"}')
"""


def test_killing_the_process_mid_write_never_leaves_a_partial_save(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    write_atomic(path, b'{"n": 0, "pad": ""}')
    for delay in (0.05, 0.11, 0.17, 0.23, 0.31):
        proc = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path)], stdout=subprocess.PIPE, text=True
        )
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
        doc = orjson.loads(path.read_bytes())  # always complete JSON, old or new
        assert isinstance(doc["n"], int)
