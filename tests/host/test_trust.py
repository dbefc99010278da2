"""Issue 26, the saves' part: a save is data, not a program; what it holds is checked
like the command line; nothing a person made is replaced; one save, one player.

Each test reproduces one report of the issue (items 6, 9 and 12) through the command
line where it can: the exit code, one stderr line naming the problem, and the files
and processes that must (not) exist afterwards.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import orjson
import pytest
from vikingcli_toygame import RuneDuel

from tests.host.conftest import CLI
from tests.host.test_bad_input import one_line
from vikingcli.core.match import Match, Seat
from vikingcli.core.registry import load_registry
from vikingcli.core.specs import PlayerSpec, expand_specs
from vikingcli.engine.players import SpecError
from vikingcli.saves.files import MAX_SAVE_BYTES, FileInUse, file_lock
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


# -- B. (items 6 and 12) a player's numbers are bounded, on the command line and in a save


def test_every_number_a_player_kind_takes_is_bounded_both_ways() -> None:
    kinds = load_registry().players
    unbounded = [
        f"{kind.name}:{p.name}"
        for kind in kinds.values()
        for p in kind.params
        if p.type in (int, float) and (p.minimum is None or p.maximum is None)
    ]
    assert unbounded == []
    assert kinds["mcts"].params and all(
        p.maximum is not None for p in kinds["mcts"].params if p.type in (int, float)
    )


@pytest.mark.parametrize(
    ("spec", "needle"),
    [
        ("mcts:workers=100000", "parameter workers: '100000' is above"),
        ("mcts:iterations=12345678901234567890123", "parameter iterations:"),
        ("mcts:seconds=1e9", "parameter seconds: '1e9' is above 3600"),
        ("mcts:depth=99999999", "parameter depth:"),
        ("mcts:redeal=99999999", "parameter redeal:"),
        ("mcts:reach=99999999", "parameter reach:"),
        ("random:seed=99999999999999999999", "parameter seed:"),
        ("exec:timeout=1e12,python3 bot.py", "parameter timeout:"),
    ],
)
def test_a_player_parameter_out_of_bounds_is_one_line_on_the_command_line_and_in_a_save(
    cli: CLI, tmp_path: Path, spec: str, needle: str
) -> None:
    one_line(cli("run", "toygame", "-p", spec, "-p", "random"), 2, needle)
    save = toy_save(tmp_path / "s.json", [spec, "random"])
    before = save.read_bytes()
    one_line(cli("resume", str(save)), 2, str(save), "seat 0", needle)
    assert save.read_bytes() == before


def test_the_bounds_are_listed_with_the_kinds(cli: CLI) -> None:
    proc = cli("players", "--json")
    assert proc.returncode == 0, proc.stderr
    mcts = {
        p["name"]: p
        for p in next(k for k in orjson.loads(proc.stdout) if k["name"] == "mcts")["params"]
    }
    assert mcts["iterations"]["maximum"] == 10_000_000
    assert mcts["workers"]["maximum"] >= 1
    listing = cli("players").stdout
    assert "iterations=int (default 300, 1 to 10000000)" in listing
    assert "seconds=float (default 0.0, 0 to 3600)" in listing


@pytest.mark.parametrize("count", ["99999999999", "30000000", "65"])
def test_a_repetition_count_is_bounded_before_it_is_expanded(cli: CLI, count: str) -> None:
    one_line(cli("run", "toygame", "-p", f"{count}*random"), 2, f"{count}*random", "at most 64")


def test_a_repetition_is_refused_without_building_the_seats() -> None:
    with pytest.raises(SpecError, match="at most 64"):
        expand_specs(["1000000*random"])
    with pytest.raises(SpecError, match="at most 64"):
        expand_specs(["40*random", "40*greedy"])
    assert expand_specs(["64*random"]) == ["random"] * 64


def test_an_option_given_twice_is_refused(cli: CLI) -> None:
    proc = cli("run", "toygame", "-p", "2*random", "--option", "hand=2", "-o", "hand=4")
    one_line(proc, 2, "option 'hand' is given twice")


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("--iterations", "12345678901234567890123"), "--iterations"),
        (("--seconds", "inf"), "--seconds"),
        (("--seconds", "nan"), "--seconds"),
        (("--seconds", "1e9"), "--seconds"),
    ],
)
def test_analyze_bounds_its_search_budget(
    cli: CLI, tmp_path: Path, args: tuple[str, ...], needle: str
) -> None:
    save = toy_save(tmp_path / "s.json", ["random", "random"], moves=None)
    one_line(cli("analyze", str(save), *args), 2, needle)


@pytest.mark.parametrize("value", ["1e10", "1e300"])
def test_a_move_timeout_too_large_for_the_clock_is_one_line(cli: CLI, value: str) -> None:
    proc = cli("run", "toygame", "-p", "2*random", "--move-timeout", value)
    one_line(proc, 2, "--move-timeout", "at most 86400")


# -- B. (item 12) a save's text is checked before it reaches a terminal or an error line


def test_a_seat_name_with_control_characters_in_a_save_is_refused(cli: CLI, tmp_path: Path) -> None:
    save = toy_save(tmp_path / "s.json", ["random", "random"], moves=None)
    doc = orjson.loads(save.read_bytes())
    doc["seats"][0]["name"] = "\x1b]0;owned\x07\x1b[2Jeve"
    save.write_bytes(orjson.dumps(doc))
    for command in ("replay", "resume"):
        proc = cli(command, str(save))
        one_line(proc, 2, str(save), "seats[0].name", "control characters")
        assert "\x1b" not in proc.stdout + proc.stderr and "\x07" not in proc.stderr


def test_a_forfeit_reason_with_control_characters_in_a_save_is_refused(
    cli: CLI, tmp_path: Path
) -> None:
    save = toy_save(tmp_path / "s.json", ["random", "random"], moves=1)
    doc = orjson.loads(save.read_bytes())
    doc["forfeit"] = {"seat": 1, "reason": "bot crashed\x1b]0;owned\x07"}
    save.write_bytes(orjson.dumps(doc))
    proc = cli("replay", str(save))
    one_line(proc, 2, str(save), "forfeit.reason holds control characters")
    assert "\x1b" not in proc.stdout + proc.stderr


def test_a_huge_forged_action_gives_a_short_error_line(cli: CLI, tmp_path: Path) -> None:
    save = toy_save(tmp_path / "s.json", ["random", "random"], moves=2)
    doc = orjson.loads(save.read_bytes())
    doc["actions"][1] = "play " + "9" * 10_000_000
    save.write_bytes(orjson.dumps(doc))
    proc = cli("replay", str(save))
    line = one_line(proc, 2, str(save), "actions[1]")
    assert len(line) < 300, len(line)


def test_an_action_text_that_does_not_replay_is_quoted_short(cli: CLI, tmp_path: Path) -> None:
    save = toy_save(tmp_path / "s.json", ["random", "random"], moves=2)
    doc = orjson.loads(save.read_bytes())
    doc["actions"][1] = "play " + "9" * 990
    save.write_bytes(orjson.dumps(doc))
    line = one_line(cli("replay", str(save)), 2, "action 2 ('play 999", "(995 characters)")
    assert len(line) < 600, len(line)


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("-p", "x" * 100_000), "unknown player kind"),
        (("-p", "2*random", "--option", "hand=" + "9" * 100_000), "option hand: unknown value"),
    ],
)
def test_any_error_line_stays_short(cli: CLI, args: tuple[str, ...], needle: str) -> None:
    line = one_line(cli("run", "toygame", *args), 2, needle, "(100000 characters)")
    assert len(line) < 600, len(line)


def test_a_file_too_large_to_be_a_save_is_refused_before_it_is_read(
    cli: CLI, tmp_path: Path
) -> None:
    save = tmp_path / "huge.json"
    with save.open("wb") as fh:
        fh.truncate(MAX_SAVE_BYTES + 1)  # sparse: nothing is written
    one_line(cli("replay", str(save)), 2, str(save), "too large to be a save")


# -- D. (item 12) nothing a person made is replaced ----------------------------------


def test_resume_through_a_symlink_writes_through_to_its_target(cli: CLI, tmp_path: Path) -> None:
    games = tmp_path / "games"
    games.mkdir()
    target = toy_save(games / "real.json", ["random", "random"], moves=2)
    link = tmp_path / "link.json"
    link.symlink_to(target)
    proc = cli("resume", str(link), "--json")
    assert proc.returncode == 0, proc.stderr
    assert link.is_symlink() and link.resolve() == target.resolve()
    done = orjson.loads(target.read_bytes())
    assert done["result"] is not None and len(done["actions"]) == 24
    assert sorted(p.name for p in games.iterdir()) == ["real.json"]  # no temporary left


def test_resume_keeps_a_table_saves_record(cli: CLI, tmp_path: Path) -> None:
    save = toy_save(tmp_path / "table.json", ["random", "random"], moves=3)
    doc = orjson.loads(save.read_bytes())
    table = {
        "owners": {"0": {"user": "alice", "key": "SHA256:abc"}},
        "reserved": {"1": "bob"},
        "talk": [{"move": 2, "who": "alice", "text": "good luck"}],
    }
    doc["table"] = table
    save.write_bytes(orjson.dumps(doc))
    proc = cli("resume", str(save))
    assert proc.returncode == 0, proc.stderr
    done = orjson.loads(save.read_bytes())
    assert done["result"] is not None  # played to the end and written again
    assert done["table"] == table


# -- E. (item 9) one save, one process -----------------------------------------------


def test_a_save_being_played_is_refused_to_a_second_process_until_the_first_dies(
    plugin_dir: Path, cli: CLI, tmp_path: Path
) -> None:
    env = dict(os.environ, PYTHONPATH=str(plugin_dir))
    args = ("play", "toygame", "-p", "ann=human", "-p", "random", "--seed", "4", "--save", "g")
    first = subprocess.Popen(
        [sys.executable, "-m", "vikingcli", *args],
        stdin=subprocess.PIPE,  # kept open and silent: the game waits for ann's move
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        cwd=tmp_path,
        env=env,
    )
    save = tmp_path / "saves" / "g.json"
    try:
        deadline = time.monotonic() + 60
        while not save.exists() and time.monotonic() < deadline:
            time.sleep(0.05)
        assert save.exists()
        time.sleep(0.5)  # the first process holds the save and waits at the prompt
        before = save.read_bytes()
        holder = f"pid {first.pid}"
        one_line(cli("resume", str(save)), 2, str(save), "in use", holder)
        one_line(cli("resume", "g"), 2, "in use", holder)
        serve = ("serve", "--resume", str(save), "--port", "0", "--host-key", "hk", "--open")
        one_line(cli(*serve), 2, "in use", holder)
        one_line(cli(*args, "--force", input="quit\n"), 2, "in use", holder)
        assert save.read_bytes() == before
        first.kill()  # SIGKILL: the lock goes with the process
        first.wait(timeout=10)
        again = cli("resume", str(save), input="quit\n")
        assert again.returncode == 0, again.stderr
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()
        assert first.stdin is not None
        first.stdin.close()


def test_the_save_lock_is_one_holder_at_a_time_and_goes_away_when_released(
    tmp_path: Path,
) -> None:
    save = tmp_path / "x.json"
    with file_lock(save):
        with (
            pytest.raises(
                FileInUse, match=rf"x\.json is in use by another vikingcli \(pid {os.getpid()}\)"
            ),
            file_lock(save),
        ):
            pass
        # Through a link it is the same file, and the same lock.
        link = tmp_path / "link.json"
        link.symlink_to(save)
        save.write_text("{}")
        with pytest.raises(FileInUse), file_lock(link):
            pass
    assert sorted(p.name for p in tmp_path.iterdir()) == ["link.json", "x.json"]
    with file_lock(save):
        pass


HOLDER = """\
import os, sys, time
from pathlib import Path
from vikingcli.saves.files import file_lock
with file_lock(Path(sys.argv[1])):
    started, running = os.pipe()
    if os.fork() == 0:  # a worker, forked while the lock is held; it outlives its parent
        os.write(running, b"x")
        time.sleep(60)
        os._exit(0)
    os.read(started, 1)  # the worker runs (a child not yet scheduled still holds the fd)
    print("held", flush=True)
    time.sleep(60)
"""


def test_a_lock_is_released_when_its_holder_is_killed_though_its_fork_lives_on(
    tmp_path: Path,
) -> None:
    save = tmp_path / "x.json"
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(save)],
        stdout=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "held\n"
        with pytest.raises(FileInUse, match=f"pid {holder.pid}"), file_lock(save):
            pass
        holder.kill()  # SIGKILL: no clean-up; the forked child still runs
        holder.wait(timeout=10)
        with file_lock(save):
            pass
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(holder.pid, signal.SIGKILL)  # the forked child too
        holder.wait()
