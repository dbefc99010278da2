"""Issue 26, the saves' part: a save is data, not a program; what it holds is checked
like the command line; nothing a person made is replaced; one save, one player.

Each test reproduces one report of the issue (items 6, 9 and 12) through the command
line where it can: the exit code, one stderr line naming the problem, and the files
and processes that must (not) exist afterwards.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import orjson
import pytest
from vikingcli_toygame import RuneDuel

from tests.host.conftest import CLI
from tests.host.test_bad_input import one_line
from vikingcli.core.match import Match, Seat
from vikingcli.core.specs import PlayerSpec
from vikingcli.saves.match_file import write_save

TOUCH = shutil.which("touch")


def toy_save(path: Path, players: list[str], moves: int | None = 0, seed: int = 3) -> Path:
    """A save of the fixture game with these player specs (not checked: a save on
    disk is whatever someone wrote), ``moves`` actions in (``None``: to the end)."""
    game = RuneDuel()
    seats = [Seat(f"s{i}", PlayerSpec("random", {}, "random")) for i in range(len(players))]
    match = Match(game, game.resolve_options({}), seed, seats)
    while not match.over and (moves is None or len(match.actions) < moves):
        match.apply_text(game.format_action(match.state, game.legal_actions(match.state)[0]))
    write_save(match, path)
    doc = orjson.loads(path.read_bytes())
    for seat, player in zip(doc["seats"], players, strict=True):
        seat["player"] = player
    path.write_bytes(orjson.dumps(doc))
    return path


# -- A. (item 6) a save never starts a program unless the person says so --------------


def _pwned_save(tmp_path: Path) -> tuple[Path, Path]:
    if TOUCH is None:
        pytest.skip("no touch command")
    marker = tmp_path / "PWNED"
    save = toy_save(tmp_path / "evil.json", [f"exec:{TOUCH} {marker}", "random"], moves=0)
    return save, marker


def test_resume_refuses_a_save_that_would_run_a_program(cli: CLI, tmp_path: Path) -> None:
    save, marker = _pwned_save(tmp_path)
    before = save.read_bytes()
    line = one_line(cli("resume", str(save)), 2, str(save), "seat 0 (s0)", f"{TOUCH} {marker}")
    assert "--trust-bots" in line
    assert not marker.exists()
    assert save.read_bytes() == before


def test_resume_with_trust_bots_runs_the_program_the_person_agreed_to(
    cli: CLI, tmp_path: Path
) -> None:
    save, marker = _pwned_save(tmp_path)
    proc = cli("resume", str(save), "--trust-bots", "--json")
    assert proc.returncode == 0, proc.stderr
    assert marker.exists()  # touch ran, then forfeited: it is no bot
    assert orjson.loads(proc.stdout)["forfeit"]["seat"] == 0


def test_serve_resume_refuses_a_save_that_would_run_a_program(cli: CLI, tmp_path: Path) -> None:
    save, marker = _pwned_save(tmp_path)
    args = ("serve", "--resume", str(save), "--port", "0", "--host-key", "hk", "--open")
    one_line(cli(*args), 2, "seat 0 (s0)", f"{TOUCH} {marker}", "--trust-bots")
    assert not marker.exists()
    trusted = cli(*args, "--trust-bots")
    assert trusted.returncode == 0, trusted.stderr
    assert marker.exists()


def test_trust_bots_goes_with_serve_resume_only(cli: CLI) -> None:
    proc = cli("serve", "toygame", "-p", "human", "-p", "random", "--trust-bots")
    one_line(proc, 2, "--trust-bots goes with --resume")


def test_replay_and_analyze_never_start_a_seats_program(cli: CLI, tmp_path: Path) -> None:
    if TOUCH is None:
        pytest.skip("no touch command")
    marker = tmp_path / "PWNED"
    # A whole game on record, so that replay and analyze walk every move of the seat.
    save = toy_save(tmp_path / "done.json", [f"exec:{TOUCH} {marker}", "random"], moves=None)
    replayed = cli("replay", str(save))
    assert replayed.returncode == 0, replayed.stderr
    analyzed = cli("analyze", str(save), "--iterations", "5", "--json")
    assert analyzed.returncode == 0, analyzed.stderr
    assert len(orjson.loads(analyzed.stdout)["annotations"]) > 0
    assert not marker.exists()
