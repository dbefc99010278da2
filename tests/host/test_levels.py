"""Issue 38: levels people can choose. ``play GAME --level easy|medium|hard|expert``
seats the AI a person did not name at that level, ``create GAME level=L`` does the same
at the server, and ``vikingcli players`` shows what each level plays."""

from __future__ import annotations

import re
from pathlib import Path

import orjson
import pytest

from tests.host.conftest import CLI
from tests.host.serverclient import ServerProcess, make_key, needs_openssh, ssh_run
from vikingcli.cli.arguments import PLAY_DEFAULT_AI
from vikingcli.core.levels import DEFAULT_LEVEL, LEVELS, level_spec


def _seat_specs(save: Path) -> list[str]:
    return [seat["player"] for seat in orjson.loads(save.read_bytes())["seats"]]


@pytest.mark.parametrize("level", list(LEVELS))
def test_item38_play_level_seats_the_ai_at_that_level(
    cli: CLI, tmp_path: Path, level: str
) -> None:
    proc = cli("play", "toygame", "--level", level, "--seed", "3", "--save", "g", input="quit\n")
    assert proc.returncode == 0, proc.stderr
    assert _seat_specs(tmp_path / "saves" / "g.json") == ["human", LEVELS[level]]


def test_item38_level_fills_the_seats_that_p_does_not_name(cli: CLI, tmp_path: Path) -> None:
    proc = cli("play", "toygame", "-p", "ann=human", "--level", "EASY", "--save", "g",
               input="quit\n")  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert _seat_specs(tmp_path / "saves" / "g.json") == ["human", LEVELS["easy"]]


def test_item38_level_fills_the_seats_up_to_players(cli: CLI, tmp_path: Path) -> None:
    """``-p human --players 3 --level easy``: a person and two AI seats at that level
    (it once stopped at "--players 3 but 1 player specs given")."""
    proc = cli("play", "toygame", "-p", "human", "--players", "3", "--level", "easy",
               "--save", "g", input="quit\n")  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert _seat_specs(tmp_path / "saves" / "g.json") == ["human"] + [LEVELS["easy"]] * 2


@pytest.mark.parametrize(
    ("command", "args", "problem"),
    [
        # run names every seat: it fills none
        ("run", ["-p", "random", "--players", "3"], "--players 3 but 1 player specs given"),
        ("play", ["-p", "human", "-p", "random", "-p", "random", "--players", "2"],
         "--players 2 but 3 player specs given"),
        # a table size past the game's is refused before any seat is made (a list of
        # that many seats once took seconds and a gigabyte to build)
        ("play", ["-p", "human", "--players", "100000000"], "takes 2-4 players, got 100000000"),
        ("run", ["--players", "100000000"], "takes 2-4 players, got 100000000"),
    ],
)  # fmt: skip
def test_item38_players_and_p_that_disagree_are_one_line_and_exit_2(
    cli: CLI, command: str, args: list[str], problem: str
) -> None:
    proc = cli(command, "toygame", *args, input="quit\n")
    assert proc.returncode == 2, proc.stdout
    assert problem in proc.stderr and len(proc.stderr.strip().splitlines()) == 1


def test_item38_without_level_play_seats_the_default_level() -> None:
    assert PLAY_DEFAULT_AI[0] == LEVELS[DEFAULT_LEVEL] == "mcts:iterations=3000"


def test_item38_levels_are_budgets_in_iterations_weakest_first() -> None:
    """Reproducible play: no level thinks for a time (seconds=), and each searches
    at least as much as the one below it."""
    assert list(LEVELS) == ["easy", "medium", "hard", "expert"]
    assert not any("seconds" in spec for spec in LEVELS.values())
    budgets = [int(m.group(1)) if (m := re.search(r"iterations=(\d+)", s)) else 0
               for s in LEVELS.values()]  # fmt: skip
    assert budgets == sorted(budgets) and len(set(budgets)) == len(budgets)


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["--level", "grandmaster"], "'grandmaster' is not a level (easy, medium, hard, expert)"),
        (["--level", "easy", "-p", "human", "-p", "random"], "--level sets the AI seats no -p"),
    ],
)
def test_item38_a_bad_level_is_one_line_and_exit_2(
    cli: CLI, args: list[str], problem: str
) -> None:
    proc = cli("play", "toygame", *args, input="quit\n")
    assert proc.returncode == 2
    assert problem in proc.stderr and len(proc.stderr.strip().splitlines()) == 1
    assert "Traceback" not in proc.stderr


def test_item38_a_level_whose_kind_is_not_installed_is_named() -> None:
    with pytest.raises(ValueError, match=r"level hard plays 'mcts', which is not installed"):
        level_spec("hard", ["greedy", "random"])
    assert level_spec(" Medium ", ["mcts"]) == "mcts:iterations=300"


def test_item38_players_shows_the_levels(cli: CLI) -> None:
    text = cli("players").stdout
    for name, spec in LEVELS.items():
        assert re.search(rf"^    {name} +{re.escape(spec)}$", text, re.M), name
    kinds = {k["name"]: k["levels"] for k in orjson.loads(cli("players", "--json").stdout)}
    assert kinds["greedy"] == ["easy"] and kinds["mcts"] == ["medium", "hard", "expert"]


@needs_openssh
def test_item38_create_level_fills_the_table_with_ai_at_that_level(
    plugin_dir: Path, tmp_path: Path
) -> None:
    key = make_key(tmp_path, "amy")
    server = ServerProcess(plugin_dir, tmp_path, "--open-registration")
    try:
        ssh_run(server.port, key, "amy", "register", "amy")
        bad = ssh_run(server.port, key, "amy", "create", "toygame", "level=wizard").stdout
        assert "not created: no level 'wizard' (levels: easy, medium, hard, expert)" in bad
        full = ssh_run(server.port, key, "amy", "create", "toygame", "people=2", "level=easy")
        assert "not created: level=easy fills the table" in full.stdout
        made = ssh_run(server.port, key, "amy", "create", "toygame", "level=easy").stdout
        assert re.search(r"Table \d+ created", made), made
        tables = ssh_run(server.port, key, "amy", "tables").stdout
        assert re.search(r"toygame, .*: amy, greedy\b", tables), tables
    finally:
        server.close()
