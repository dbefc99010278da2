"""Issue 14, item by item: nothing a person made is lost, and every bad input is one line.

Each test reproduces one report of the issue through the command line and checks
the exit code, that stderr is a single line naming the file or option, and that
files which must not change keep their exact bytes.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import time
from pathlib import Path

import orjson
import pytest
from vikingcli_toygame import RuneDuel

from tests.host.conftest import CLI
from vikingcli.core.driver import play_match
from vikingcli.core.match import ForfeitRecord, Match, Seat
from vikingcli.core.specs import PlayerSpec
from vikingcli.saves.files import write_atomic
from vikingcli.saves.match_file import write_save


def _digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def one_line(proc: subprocess.CompletedProcess[str], code: int, *needles: str) -> str:
    """The run failed with ``code`` and exactly one stderr line holding every needle."""
    assert proc.returncode == code, (proc.returncode, proc.stderr)
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("vikingcli: error: "), lines[0]
    for needle in needles:
        assert needle in lines[0], lines[0]
    return lines[0]


def _play(cli: CLI, *args: str) -> subprocess.CompletedProcess[str]:
    return cli("play", "toygame", "-p", "ann=human", "-p", "random", *args, input="quit\n")


# -- 1. saves are never replaced by another game -------------------------------------


def test_a_new_game_refuses_the_name_of_an_existing_save(cli: CLI, tmp_path: Path) -> None:
    assert _play(cli, "--seed", "5", "--save", "mygame").returncode == 0
    save = tmp_path / "saves" / "mygame.json"
    before = _digest(save)
    proc = _play(cli, "--seed", "9", "--save", "mygame")
    one_line(proc, 2, "saves/mygame.json already exists", "vikingcli resume", "--force")
    assert _digest(save) == before
    assert orjson.loads(save.read_bytes())["seed"] == 5


def test_force_replaces_an_existing_save_on_purpose(cli: CLI, tmp_path: Path) -> None:
    assert _play(cli, "--seed", "5", "--save", "mygame").returncode == 0
    assert _play(cli, "--seed", "9", "--save", "mygame", "--force").returncode == 0
    assert orjson.loads((tmp_path / "saves" / "mygame.json").read_bytes())["seed"] == 9


def test_default_save_names_are_unique(cli: CLI, tmp_path: Path) -> None:
    first = _play(cli, "--seed", "5")
    assert first.returncode == 0, first.stderr
    before = _digest(tmp_path / "saves" / "toygame-5.json")
    second = _play(cli, "--seed", "5")
    assert second.returncode == 0, second.stderr
    assert "saving to saves/toygame-5-2.json" in second.stdout
    assert _digest(tmp_path / "saves" / "toygame-5.json") == before
    assert sorted(p.name for p in (tmp_path / "saves").iterdir()) == [
        "toygame-5-2.json",
        "toygame-5.json",
    ]


def test_run_save_dir_never_overwrites_an_unfinished_game(cli: CLI, tmp_path: Path) -> None:
    assert _play(cli, "--seed", "5").returncode == 0  # a person's unfinished game
    human = tmp_path / "saves" / "toygame-5.json"
    before = _digest(human)
    proc = cli("run", "toygame", "-p", "2*random", "--seed", "5", "--save-dir", "saves", "--json")
    assert proc.returncode == 0, proc.stderr
    assert orjson.loads(proc.stdout)["save"] == "saves/toygame-5-2.json"
    assert _digest(human) == before
    assert orjson.loads((tmp_path / "saves" / "toygame-5-2.json").read_bytes())["result"]


def test_save_names_keep_their_suffixes(cli: CLI, tmp_path: Path) -> None:
    proc = _play(cli, "--seed", "5", "--save", "game.v2")
    assert proc.returncode == 0, proc.stderr
    assert (tmp_path / "saves" / "game.v2.json").exists()
    assert not (tmp_path / "saves" / "game.json").exists()


def test_resuming_keeps_writing_the_games_own_file(cli: CLI, tmp_path: Path) -> None:
    assert _play(cli, "--seed", "5", "--save", "mine").returncode == 0
    moves = "".join(f"play {v}\n" for _ in range(12) for v in range(1, 13))
    proc = cli("resume", "saves/mine.json", input=moves)
    assert proc.returncode == 0, proc.stderr
    assert [p.name for p in (tmp_path / "saves").iterdir()] == ["mine.json"]
    assert orjson.loads((tmp_path / "saves" / "mine.json").read_bytes())["result"]


# -- 2. and 3. tournament files ---------------------------------------------------------

TOURNAMENT = ("tournament", "toygame", "-p", "random", "-p", "random:seed=3", "--games", "4")


def _records(path: Path) -> list[dict]:
    return [orjson.loads(line) for line in path.read_bytes().splitlines()[1:]]


@pytest.mark.parametrize(
    ("change", "needle"),
    [
        (("--option", "hand=4"), "options hand=3 (this run: hand=4)"),
        (("--seed", "7"), "seed 1 (this run: 7)"),
        (("--rotation", "cyclic"), "rotation all (this run: cyclic)"),
    ],
)
def test_a_tournament_rerun_with_other_settings_is_refused(
    cli: CLI, tmp_path: Path, change: tuple[str, str], needle: str
) -> None:
    out = tmp_path / "t.jsonl"
    assert cli(*TOURNAMENT, "--out", str(out)).returncode == 0
    before = _digest(out)
    proc = cli(*TOURNAMENT, *change, "--out", str(out))
    one_line(proc, 2, str(out), "another tournament", needle)
    assert _digest(out) == before and proc.stdout == ""


def test_a_file_written_before_the_header_is_checked_record_by_record(
    cli: CLI, tmp_path: Path
) -> None:
    out = tmp_path / "t.jsonl"
    assert cli(*TOURNAMENT, "--out", str(out)).returncode == 0
    old_style = tmp_path / "old.jsonl"
    old_style.write_bytes(b"".join(line + b"\n" for line in out.read_bytes().splitlines()[1:]))
    before = _digest(old_style)
    proc = cli(*TOURNAMENT, "--option", "hand=4", "--out", str(old_style))
    one_line(proc, 2, "another tournament", "line 1 played with options hand=3")
    assert _digest(old_style) == before
    same = cli(*TOURNAMENT, "--games", "6", "--out", str(old_style), "--json")
    assert same.returncode == 0, same.stderr
    assert orjson.loads(same.stdout)["games"] == 6


def test_a_torn_last_line_is_cut_off_and_its_game_played_again(cli: CLI, tmp_path: Path) -> None:
    whole = tmp_path / "whole.jsonl"
    reference = cli(*TOURNAMENT, "--out", str(whole), "--json")
    torn = tmp_path / "torn.jsonl"
    data = whole.read_bytes()
    last = data.rstrip(b"\n").rfind(b"\n") + 1
    torn.write_bytes(data[: last + (len(data) - last) // 2])  # half of the last record
    proc = cli(*TOURNAMENT, "--out", str(torn), "--json")
    assert proc.returncode == 0, proc.stderr
    # Not on a terminal, a tournament also says a line per game it plays ("game 1/1: …").
    warning = [ln for ln in proc.stderr.splitlines() if not ln.startswith("game ")]
    assert len(warning) == 1 and "cut off an incomplete last line" in warning[0]
    assert sum(ln.startswith("game ") for ln in proc.stderr.splitlines()) == 1
    records = _records(torn)
    keys = sorted((r["seed"], tuple(r["seating"])) for r in records)
    assert keys == [(1, (0, 1)), (1, (1, 0)), (2, (0, 1)), (2, (1, 0))]
    assert orjson.loads(proc.stdout) == orjson.loads(reference.stdout)


# -- 4. and 5. saves validated completely ------------------------------------------------


def _partial_save(tmp_path: Path, moves: int = 4) -> tuple[Path, dict]:
    game = RuneDuel()
    seats = [Seat(f"s{i}", PlayerSpec("random", {}, "random")) for i in range(2)]
    match = Match(game, game.resolve_options({}), 3, seats)
    for _ in range(moves):
        match.apply_text(game.format_action(match.state, game.legal_actions(match.state)[0]))
    path = tmp_path / "g.json"
    write_save(match, path)
    return path, orjson.loads(path.read_bytes())


@pytest.mark.parametrize(
    ("field", "value", "needle"),
    [
        ("forfeit", {"seat": 0, "reason": "x"}, "the game is over, but the save holds no result"),
        ("forfeit", {"seat": 1, "reason": "x"}, "after the actions seat 0 is to move"),
        ("forfeit", {"seat": 99, "reason": "x"}, "forfeit by seat 99"),
        ("forfeit", {}, "forfeit"),
        ("version", 0, "version 0 is not a version number"),
        ("version", -1, "version -1 is not a version number"),
        ("version", True, "version True is not a version number"),
        ("seconds", ["abc", 0.0], "seconds[0]"),
        ("seconds", [None, 0.0], "seconds[0]"),
        ("seconds", [1.0], "1 entries in 'seconds' for 2 seats"),
        ("seats", [], "seats"),
        ("seed", 2**63, "seed"),
        ("result", {"scores": [1, 2]}, "holds a result, but the game is not over"),
    ],
)
def test_a_tampered_save_is_refused_and_left_alone(
    cli: CLI, tmp_path: Path, field: str, value: object, needle: str
) -> None:
    path, doc = _partial_save(tmp_path)
    doc[field] = value
    path.write_bytes(orjson.dumps(doc))
    before = _digest(path)
    one_line(cli("resume", str(path)), 2, str(path), needle)
    assert _digest(path) == before


def test_a_real_forfeit_still_loads(cli: CLI, tmp_path: Path) -> None:
    class Crasher:
        def choose(self, game: object, state: object, seat: int) -> object:
            raise RuntimeError("boom")

    game = RuneDuel()
    seats = [Seat(f"s{i}", PlayerSpec("random", {}, "random")) for i in range(2)]
    match = Match(game, game.resolve_options({}), 3, seats)
    play_match(match, [Crasher(), Crasher()])
    assert match.forfeit == ForfeitRecord(0, "player error: RuntimeError: boom")
    path = tmp_path / "f.json"
    write_save(match, path)
    proc = cli("replay", str(path))
    assert proc.returncode == 0, proc.stderr
    assert "forfeit: seat 1 (s0)" in proc.stdout


@pytest.mark.parametrize("line", [b"123", b"[]", b"null", b'{"game": "toygame"}'])
def test_a_tournament_file_with_a_line_that_is_no_record_is_refused(
    cli: CLI, tmp_path: Path, line: bytes
) -> None:
    out = tmp_path / "t.jsonl"
    assert cli(*TOURNAMENT, "--out", str(out)).returncode == 0
    out.write_bytes(out.read_bytes() + line + b"\n")
    before = _digest(out)
    one_line(cli(*TOURNAMENT, "--out", str(out)), 2, f"{out}: line 6: not a game record")
    assert _digest(out) == before


def test_a_record_without_a_seed_is_refused(cli: CLI, tmp_path: Path) -> None:
    out = tmp_path / "t.jsonl"
    assert cli(*TOURNAMENT, "--out", str(out)).returncode == 0
    lines = out.read_bytes().splitlines()
    record = orjson.loads(lines[2])
    del record["seed"]
    lines[2] = orjson.dumps(record)
    out.write_bytes(b"\n".join(lines) + b"\n")
    before = _digest(out)
    one_line(cli(*TOURNAMENT, "--out", str(out)), 2, "line 3", "`seed`")
    assert _digest(out) == before


@pytest.mark.parametrize("seed", [str(2**64), str(2**63), "-1"])
def test_a_seed_the_engine_cannot_take_is_one_line(cli: CLI, seed: str) -> None:
    one_line(cli("run", "toygame", "--seed", seed), 2, "--seed", "is not a seed")


def test_seeds_that_run_past_the_largest_are_refused(cli: CLI) -> None:
    proc = cli("run", "toygame", "--seed", str(2**63 - 1), "--games", "2")
    one_line(proc, 2, "--seed", "past the largest seed")


@pytest.mark.parametrize("name", ["/", "sub/"])
def test_a_save_name_that_is_no_file_name_is_one_line(cli: CLI, tmp_path: Path, name: str) -> None:
    one_line(_play(cli, "--save", name), 2, f"save name {name!r} is not a file name")
    assert not (tmp_path / "saves").exists()


def test_a_host_key_that_is_no_key_is_one_line_and_nothing_is_written(
    cli: CLI, tmp_path: Path
) -> None:
    key = tmp_path / "passwd"
    key.write_text("root:x:0:0:root:/root:/bin/bash\n")
    proc = cli("serve", "toygame", "-p", "human", "-p", "random", "--host-key", str(key))
    one_line(proc, 2, f"--host-key {key}", "not a usable SSH private key")
    assert not (tmp_path / "saves").exists()


# -- 6. and 7. option values -------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("run", "toygame", "--games", "0"), "--games"),
        (("run", "toygame", "--jobs", "0"), "--jobs"),
        (("run", "toygame", "--seed", "abc"), "--seed"),
        (("run", "toygame", "--move-timeout", "abc"), "--move-timeout"),
        (("serve", "toygame", "--port", "70000"), "--port"),
        (("tournament", "toygame", "--bogus"), "--bogus"),
        (("nosuch",), "No such command"),
    ],
)
def test_usage_errors_are_one_line(cli: CLI, args: tuple[str, ...], needle: str) -> None:
    one_line(cli(*args), 2, needle)


@pytest.mark.parametrize("value", ["nan", "inf", "-1", "0"])
def test_a_move_timeout_must_be_a_positive_finite_number(cli: CLI, value: str) -> None:
    proc = cli("run", "toygame", "-p", "2*random", "--move-timeout", value)
    one_line(proc, 2, "--move-timeout", "not a positive number of seconds")
    assert proc.stdout == ""


@pytest.mark.parametrize("value", ["nan", "inf", "-inf"])
def test_a_float_player_parameter_must_be_finite(cli: CLI, value: str) -> None:
    proc = cli("run", "toygame", "-p", f"mcts:c={value}", "-p", "random")
    one_line(proc, 2, f"parameter c: '{value}' is not a finite number")


# -- 8. save folders that cannot be written -------------------------------------------------


def test_a_save_dir_that_is_a_file_is_refused_before_any_game(cli: CLI, tmp_path: Path) -> None:
    (tmp_path / "afile").write_text("mine\n")
    proc = cli("run", "toygame", "-p", "2*random", "--save-dir", "afile")
    one_line(proc, 2, "--save-dir", "afile: is a file, not a folder")
    assert proc.stdout == "" and (tmp_path / "afile").read_text() == "mine\n"


def test_an_unwritable_save_dir_is_refused_before_any_game(cli: CLI, tmp_path: Path) -> None:
    (tmp_path / "afile").write_text("mine\n")
    proc = cli("run", "toygame", "-p", "2*random", "--games", "3", "--save-dir", "afile/sub")
    one_line(proc, 2, "--save-dir", "afile/sub: cannot write there: afile is not a folder")
    assert proc.stdout == "" and not (tmp_path / "afile" / "sub").exists()


def test_an_unwritable_save_path_is_bad_input(cli: CLI, tmp_path: Path) -> None:
    (tmp_path / "afile").write_text("mine\n")
    one_line(_play(cli, "--save", "afile/g"), 2, "afile/g.json: cannot write the save")


# -- 9. resume --json prints only JSON on stdout ---------------------------------------------


def test_resume_json_with_people_prints_only_the_result_on_stdout(cli: CLI, tmp_path: Path) -> None:
    assert _play(cli, "--seed", "5", "--save", "mine").returncode == 0
    moves = "".join(f"play {v}\n" for _ in range(12) for v in range(1, 13))
    proc = cli("resume", "saves/mine.json", "--json", input=moves)
    assert proc.returncode == 0, proc.stderr
    result = orjson.loads(proc.stdout)  # the whole of stdout is one JSON object
    assert result["game"] == "toygame" and result["seed"] == 5
    assert "ann >" in proc.stderr  # the game itself was shown, on stderr


# -- 10. temporary files of interrupted writes ---------------------------------------------------


def _dead_pid() -> int:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


def test_stale_temporary_files_are_removed_at_the_next_write(tmp_path: Path) -> None:
    legacy = tmp_path / ".g.json.k3x9q2ab.tmp"  # vikingcli 0.1 named them without a pid
    legacy.write_bytes(b"{")
    an_hour_ago = time.time() - 3600
    os.utime(legacy, (an_hour_ago, an_hour_ago))
    recent_legacy = tmp_path / ".h.json.z8y7x6wv.tmp"
    recent_legacy.write_bytes(b"{")
    dead = tmp_path / f".g.json.{_dead_pid()}-abcd1234.tmp"
    dead.write_bytes(b"{")
    live = tmp_path / f".g.json.{os.getpid()}-efgh5678.tmp"  # a write still going on
    live.write_bytes(b"{")
    other = tmp_path / ".notes.txt.tmp"
    other.write_bytes(b"keep me")
    _partial_save(tmp_path)
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        ["g.json", recent_legacy.name, live.name, other.name]
    )


WRITER = """
import sys
from pathlib import Path
from vikingcli.saves.files import write_atomic
path = Path(sys.argv[1])
print("ready", flush=True)
while True:
    write_atomic(path, b'{"pad": "' + b"x" * 3_000_000 + b'"}')
"""


def test_a_write_killed_mid_way_leaves_nothing_after_the_next_write(tmp_path: Path) -> None:
    path = tmp_path / "g.json"
    leftovers = kills = 0
    # Kill as soon as a temporary file shows (the writer is inside a write), so the
    # kill lands mid-write however loaded the machine is; a few rounds, at least one
    # of them with a leftover to clean up.
    while kills < 3 or (leftovers == 0 and kills < 20):
        proc = subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path)], stdout=subprocess.PIPE, text=True
        )
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
        deadline = time.monotonic() + 10
        while not any(tmp_path.glob(".g.json.*.tmp")) and time.monotonic() < deadline:
            time.sleep(0.0005)
        proc.kill()
        proc.wait()
        proc.stdout.close()
        kills += 1
        leftovers += len(list(tmp_path.glob(".g.json.*.tmp")))
        write_atomic(path, b"{}")
        assert [p.name for p in tmp_path.iterdir()] == ["g.json"]
    assert leftovers > 0, "no kill landed mid-write; the test proved nothing"
