"""Bots in any language (the ``exec`` kind): the documented examples play every game
through ``run``, ``tournament`` and ``serve``; crashing, hanging, garbage and illegal
answers forfeit with their reason and the batch goes on."""

from __future__ import annotations

import re
import shlex
import shutil
import sys
import threading
from pathlib import Path

import orjson
import pytest

from tests.host.conftest import CLI
from tests.host.test_bot_processes import living
from tests.host.test_cli import assert_usage_error
from vikingcli.core.driver import play_match
from vikingcli.core.match import Match, Seat, make_player
from vikingcli.core.registry import load_registry
from vikingcli.core.specs import parse_spec
from vikingcli.engine.players import SpecError

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples" / "bots"
BOTS = ROOT / "tests" / "fixtures" / "bots"
DOC = ROOT / "docs" / "bot-protocol.md"
NODE = shutil.which("node")

# The smallest table of every game: short games keep these tests quick.
TABLES = {"wikinger": 2, "walhalla": 3, "graenaland": 3, "jorvik": 2}


def python_bot(path: Path, *params: str) -> str:
    return "exec:" + "".join(p + "," for p in params) + shlex.join([sys.executable, str(path)])


def node_bot(path: Path) -> str:
    if NODE is None:
        pytest.skip("node is not installed: the JavaScript example bot cannot run")
    return "exec:" + shlex.join([NODE, str(path)])


def example_seats(game: str) -> list[str]:
    """The Python and the JavaScript example bots, and a random player for a third seat."""
    seats = [
        python_bot(EXAMPLES / "random_bot.py"),
        node_bot(EXAMPLES / "random_bot.js"),
    ]
    return seats + ["random"] * (TABLES[game] - 2)


def player_args(specs: list[str]) -> list[str]:
    return [arg for spec in specs for arg in ("-p", spec)]


def log_lines(folder: Path) -> list[str]:
    log = folder / "bots.log"
    return log.read_text().splitlines() if log.exists() else []


def processes_running(needle: str) -> list[str]:
    """Command lines of live processes that mention ``needle``."""
    return [cmdline for _, cmdline in living(needle)]


# -- the spec -------------------------------------------------------------------------------


def test_the_command_is_the_rest_of_the_spec_commas_and_all() -> None:
    kinds = load_registry().players
    bot = EXAMPLES / "random_bot.py"
    plain = parse_spec(f"exec:{sys.executable} {bot}", kinds)
    assert plain.params == {"cmd": f"{sys.executable} {bot}"}
    assert str(plain) == f"exec:{sys.executable} {bot}"

    with_params = parse_spec(f"exec:timeout=2,log=my.log,{sys.executable} -c 'print(1,2)'", kinds)
    assert with_params.params == {
        "timeout": 2.0,
        "log": "my.log",
        "cmd": f"{sys.executable} -c 'print(1,2)'",
    }
    # The canonical text reads back as the same spec (tournament files rely on it).
    assert parse_spec(str(with_params), kinds) == with_params

    named = parse_spec(f"exec:cmd={sys.executable} {bot}", kinds)
    assert named.params == plain.params


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("exec", "no cmd given"),
        ("exec:timeout=2", "no cmd given"),
        ("exec:no-such-bot-program-here --fast", "no-such-bot-program-here: command not found"),
        ("exec:./missing/bot.py", "./missing/bot.py: no such file"),
        ("exec:python3 'unbalanced", "cannot split"),
        ("exec:timeout=-1,python3 bot.py", "below 0"),
    ],
)
def test_bad_bot_specs_name_the_problem(text: str, message: str) -> None:
    with pytest.raises(SpecError, match=re.escape(message)):
        parse_spec(text, load_registry().players)


def test_a_bot_file_that_is_not_executable_is_named_with_the_fix(tmp_path: Path) -> None:
    bot = tmp_path / "bot.py"
    bot.write_text("print()\n")
    bot.chmod(0o644)
    with pytest.raises(SpecError, match=r"not executable.*exec:python3"):
        parse_spec(f"exec:{bot}", load_registry().players)


def test_an_unknown_bot_command_is_one_error_line_before_any_game(cli: CLI) -> None:
    proc = cli("run", "jorvik", "-p", "exec:no-such-bot-program-here", "-p", "random")
    assert_usage_error(proc, "no-such-bot-program-here: command not found")
    assert proc.stdout == ""


# -- the documented examples ----------------------------------------------------------------


def _doc_block(heading: str, language: str) -> str:
    text = DOC.read_text()
    section = text[text.index(heading) :]
    match = re.search(rf"```{language}\n(.*?)```", section, re.S)
    assert match, f"no {language} block after {heading!r} in {DOC}"
    return match.group(1)


def test_the_document_shows_exactly_the_example_bots_the_tests_run() -> None:
    assert _doc_block("## A complete bot in Python", "python") == (
        EXAMPLES / "random_bot.py"
    ).read_text()
    assert _doc_block("## The same bot in JavaScript", "javascript") == (
        EXAMPLES / "random_bot.js"
    ).read_text()
    assert len((EXAMPLES / "random_bot.py").read_text().splitlines()) <= 35


@pytest.mark.parametrize("game", sorted(TABLES))
def test_example_bots_play_a_whole_game_through_run(cli: CLI, tmp_path: Path, game: str) -> None:
    seats = example_seats(game)
    proc = cli("run", game, *player_args(seats), "--seed", "11", "--json")
    assert proc.returncode == 0, proc.stderr
    result = orjson.loads(proc.stdout)
    assert result["forfeit"] is None and result["end_reason"] == "rules", result["end_reason"]
    assert [s["player"] for s in result["seats"]] == seats
    lines = log_lines(tmp_path)
    for seat in (0, 1):
        mine = [line for line in lines if f"seat {seat} pid" in line]
        # One process for the whole game: it started once and was told the result.
        assert sum("start:" in line for line in mine) == 1, lines
        assert sum("end:" in line for line in mine) == 1, lines


@pytest.mark.parametrize("game", sorted(TABLES))
def test_example_bots_play_a_tournament(cli: CLI, tmp_path: Path, game: str) -> None:
    out = tmp_path / "bots.jsonl"
    seats = example_seats(game)
    proc = cli(
        "tournament",
        game,
        *player_args(seats),
        "--games",
        "2",
        "--rotation",
        "cyclic",
        "--out",
        str(out),
        "--json",
    )
    assert proc.returncode == 0, proc.stderr
    records = [orjson.loads(line) for line in out.read_bytes().splitlines()[1:]]  # 0: settings
    assert len(records) == TABLES[game]  # one whole rotation
    assert all(r["forfeit"] is None and r["end_reason"] == "rules" for r in records)
    standings = orjson.loads(proc.stdout)
    assert [e["games"] for e in standings["entrants"]] == [len(records)] * len(seats)


def test_a_seeded_bot_replays_the_same_game(cli: CLI) -> None:
    args = ("run", "jorvik", *player_args(example_seats("jorvik")), "--seed", "5", "--json")
    first, second = cli(*args), cli(*args)
    assert first.returncode == 0 and second.returncode == 0, first.stderr + second.stderr

    def without_times(out: str) -> dict[str, object]:
        result = orjson.loads(out)
        result.pop("seconds")
        return result

    assert without_times(first.stdout) == without_times(second.stdout)


def test_serve_seats_example_bots_and_plays_to_the_end(cli: CLI, tmp_path: Path) -> None:
    seats = example_seats("jorvik")
    proc = cli(
        "serve",
        "jorvik",
        *player_args(seats),
        "--port",
        "0",
        "--host-key",
        "hostkey",
        "--seed",
        "4",
        "--save",
        "bots",
        "--open",
    )
    assert proc.returncode == 0, proc.stderr
    save = orjson.loads((tmp_path / "saves" / "bots.json").read_bytes())
    assert save["result"]["end_reason"] == "rules"
    assert sum("end:" in line for line in log_lines(tmp_path)) == 2


# -- bots that misbehave ---------------------------------------------------------------------

ILLEGAL_BOT = """\
import json, sys
for line in sys.stdin:
    if json.loads(line)["type"] == "move":
        print(json.dumps({"action": "sail to the moon"}), flush=True)
"""


@pytest.mark.parametrize(
    ("bot", "reason"),
    [
        ("crash_bot.py", "bot crashed: exited with code 3 without answering; stderr: crash_bot:"),
        ("hang_bot.py", "exceeded the move time limit of 1 s"),
        ("garbage_bot.py", "bot answered garbage: 'e2e4 please'"),
        ("illegal_bot.py", "illegal action: 'sail to the moon' is not a legal action now"),
    ],
)
def test_a_misbehaving_bot_forfeits_with_its_reason_and_the_batch_completes(
    cli: CLI, tmp_path: Path, bot: str, reason: str
) -> None:
    path = tmp_path / bot  # a private copy, so leftover processes can be looked for
    if bot == "illegal_bot.py":
        path.write_text(ILLEGAL_BOT)
    else:
        shutil.copy(BOTS / bot, path)
    out = tmp_path / "t.jsonl"
    proc = cli(
        "tournament",
        "jorvik",
        "-p",
        python_bot(path),
        "-p",
        "random",
        "--games",
        "2",
        "--move-timeout",
        "1",
        "--out",
        str(out),
    )
    assert proc.returncode == 0, proc.stderr
    records = [orjson.loads(line) for line in out.read_bytes().splitlines()[1:]]  # 0: settings
    assert len(records) == 2  # both games, in both seatings, played to their end
    for rec in records:
        bot_seat = rec["seating"].index(0)
        assert rec["forfeit"]["seat"] == bot_seat
        assert rec["forfeit"]["reason"].startswith(reason), rec["forfeit"]["reason"]
        assert rec["ranks"][bot_seat] == 2
    assert processes_running(str(path)) == []


def test_a_bot_timeout_of_its_own_holds_off_the_main_thread(tmp_path: Path) -> None:
    """``serve`` plays in a worker thread, where no alarm signal can interrupt a
    move: the bot's own limit must still end the game."""
    path = tmp_path / "hang_bot.py"
    shutil.copy(BOTS / "hang_bot.py", path)
    reg = load_registry()
    game = reg.games["jorvik"]
    spec = parse_spec(python_bot(path, "timeout=0.5", f"log={tmp_path / 'b.log'}"), reg.players)
    seats = [Seat("a", spec), Seat("b", spec)]
    match = Match(game, game.resolve_options({}), 3, seats)
    players = [make_player(game, reg.players, spec, i, match.seed) for i in range(2)]
    worker = threading.Thread(target=play_match, args=(match, players))
    worker.start()
    worker.join(timeout=30)
    assert not worker.is_alive()
    assert match.forfeit is not None
    assert match.forfeit.reason.startswith("bot timeout: took longer than the move time")
    assert processes_running(str(path)) == []


def test_a_bot_that_cannot_run_forfeits_instead_of_stopping_the_batch(
    cli: CLI, tmp_path: Path
) -> None:
    bot = tmp_path / "bot.sh"
    bot.write_text("#!/no/such/interpreter\n")
    bot.chmod(0o755)
    proc = cli("run", "jorvik", "-p", f"exec:{bot}", "-p", "random", "-n", "2", "--json")
    assert proc.returncode == 0, proc.stderr
    results = [orjson.loads(line) for line in proc.stdout.splitlines()]
    assert len(results) == 2
    assert all(r["forfeit"]["reason"].startswith("bot could not start:") for r in results)
    assert "2 games ended by forfeit" in proc.stderr

