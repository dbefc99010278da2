"""The command line as users and scripts see it: listings, runs, bad input."""

from __future__ import annotations

import orjson
import pytest

from tests.host.conftest import CLI


def _errors(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("vikingcli: error")]


def assert_usage_error(proc, *needles: str) -> None:
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr
    errors = _errors(proc.stderr)
    assert len(errors) == 1, proc.stderr
    for needle in needles:
        assert needle in errors[0], errors[0]


def test_games_json_lists_the_installed_fixture_game_with_players_and_options(cli: CLI) -> None:
    proc = cli("games", "--json")
    assert proc.returncode == 0, proc.stderr
    games = {g["name"]: g for g in orjson.loads(proc.stdout)}
    toy = games["toygame"]
    assert (toy["min_players"], toy["max_players"], toy["default_players"]) == (2, 4, 2)
    assert toy["options"] == [
        {
            "name": "hand",
            "default": "3",
            "choices": ["2", "3", "4"],
            "help": "cards in each starting hand",
        }
    ]


def test_players_json_lists_kinds_with_parameters(cli: CLI) -> None:
    proc = cli("players", "--json")
    assert proc.returncode == 0, proc.stderr
    kinds = {p["name"]: p for p in orjson.loads(proc.stdout)}
    assert kinds["random"]["params"][0]["name"] == "seed"
    assert kinds["human"]["interactive"] is True


def test_rules_prints_the_games_summary(cli: CLI) -> None:
    proc = cli("rules", "toygame")
    assert proc.returncode == 0
    assert "Rune Duel" in proc.stdout


def test_run_alone_plays_one_game_between_default_ai_players(cli: CLI) -> None:
    proc = cli("run", "toygame", "--seed", "4")
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("toygame seed 4: ")


def test_run_json_prints_one_object_per_game_with_consecutive_seeds(cli: CLI) -> None:
    proc = cli(
        "run",
        "toygame",
        "-p",
        "3*random",
        "--games",
        "3",
        "--seed",
        "10",
        "--json",
        "--option",
        "hand=4",
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""  # no progress bar when stderr is not a terminal
    rows = [orjson.loads(line) for line in proc.stdout.splitlines()]
    assert [r["seed"] for r in rows] == [10, 11, 12]
    for r in rows:
        assert r["game"] == "toygame" and r["options"] == {"hand": "4"}
        assert [s["player"] for s in r["seats"]] == ["random"] * 3
        assert len(r["scores"]) == len(r["ranks"]) == len(r["seconds"]) == 3
        assert r["moves"] == 24 and r["end_reason"] == "rules"
        assert sorted(r["ranks"])[0] == 1


def test_two_runs_with_the_same_seed_produce_identical_games(cli: CLI, tmp_path) -> None:
    for name in ("a", "b"):
        proc = cli(
            "run",
            "toygame",
            "-p",
            "random",
            "-p",
            "random:seed=5",
            "--games",
            "2",
            "--seed",
            "7",
            "--save-dir",
            name,
        )
        assert proc.returncode == 0, proc.stderr
    for seed in (7, 8):
        a = orjson.loads((tmp_path / "a" / f"toygame-{seed}.json").read_bytes())
        b = orjson.loads((tmp_path / "b" / f"toygame-{seed}.json").read_bytes())
        assert a["actions"] == b["actions"] and a["state"] == b["state"]
        assert a["result"]["scores"] == b["result"]["scores"]


def test_parallel_jobs_give_the_same_results_as_one_process(cli: CLI) -> None:
    one = cli("run", "toygame", "-p", "2*random", "--games", "4", "--seed", "3", "--json")
    two = cli(
        "run", "toygame", "-p", "2*random", "--games", "4", "--seed", "3", "--json", "--jobs", "2"
    )
    strip = lambda out: [  # noqa: E731
        {k: v for k, v in orjson.loads(line).items() if k != "seconds"} for line in out.splitlines()
    ]
    assert strip(one.stdout) == strip(two.stdout)


@pytest.mark.parametrize(
    ("args", "needles"),
    [
        (["run", "chess"], ["unknown game 'chess'", "toygame"]),
        (["run", "toygame", "-p", "wizard"], ["unknown player kind 'wizard'", "random"]),
        (
            ["run", "toygame", "-p", "random:depth=3", "-p", "random"],
            ["unknown parameter 'depth'", "seed"],
        ),
        (["run", "toygame", "-p", "random:seed=x", "-p", "random"], ["seed", "not a valid int"]),
        (["run", "toygame", "-p", "random:seed", "-p", "random"], ["not key=value"]),
        (["run", "toygame", "--option", "colour=red"], ["unknown option 'colour'", "hand"]),
        (["run", "toygame", "--option", "hand=9"], ["unknown value '9'", "2, 3, 4"]),
        (["run", "toygame", "--option", "hand"], ["not KEY=VALUE"]),
        (["run", "toygame", "-p", "5*random"], ["takes 2-4 players, got 5"]),
        (["run", "toygame", "-p", "random"], ["takes 2-4 players, got 1"]),
        (["run", "toygame", "-p", "human", "-p", "random"], ["needs a person"]),
        (["rules", "nope"], ["unknown game 'nope'"]),
        (["play", "nope"], ["unknown game 'nope'"]),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(
    cli: CLI, args: list[str], needles: list[str]
) -> None:
    assert_usage_error(cli(*args), *needles)


def test_a_broken_plugin_is_named_and_the_other_games_still_work(broken_cli: CLI) -> None:
    proc = broken_cli("games", "--json")
    assert proc.returncode == 0, proc.stderr
    assert "toygame" in {g["name"] for g in orjson.loads(proc.stdout)}
    warnings = [line for line in proc.stderr.splitlines() if "warning" in line]
    assert any("'broken_import'" in w and "failed to load" in w for w in warnings), warnings
    assert any("'bad_result'" in w and "vikingcli_games" in w for w in warnings), warnings
    assert any("'bad_result'" in w and "vikingcli_players" in w for w in warnings), warnings
    assert "Traceback" not in proc.stderr
    played = broken_cli("run", "toygame", "--seed", "1")
    assert played.returncode == 0, played.stderr


def test_an_ai_over_the_move_timeout_forfeits_and_the_batch_goes_on(cli: CLI) -> None:
    proc = cli(
        "run",
        "toygame",
        "-p",
        "mcts:iterations=10000000",
        "-p",
        "random",
        "--move-timeout",
        "0.2",
        "--games",
        "2",
        "--seed",
        "1",
        "--json",
    )
    assert proc.returncode == 0, proc.stderr
    rows = [orjson.loads(line) for line in proc.stdout.splitlines()]
    assert [r["seed"] for r in rows] == [1, 2]
    for r in rows:
        assert r["forfeit"] == {"seat": 0, "reason": "exceeded the move time limit of 0.2 s"}
        assert r["ranks"] == [2, 1] and r["end_reason"].startswith("forfeit: seat 1 (")
    assert "2 games ended by forfeit" in proc.stderr


def _short_lines(paragraphs: list[list[str]]) -> list[str]:
    """Lines that end well short of their column although their paragraph goes on:
    a line break of the source, not of the terminal."""
    return [line for lines in paragraphs for line in lines[:-1] if len(line) < 40]


def _paragraphs(text: str) -> list[list[str]]:
    out: list[list[str]] = [[]]
    for line in text.splitlines():
        if line.strip():
            out[-1].append(line.strip())
        elif out[-1]:
            out.append([])
    return [lines for lines in out if lines]


def test_every_command_describes_itself_in_paragraphs_the_terminal_wraps(cli: CLI) -> None:
    listing = cli("--help")
    assert listing.returncode == 0, listing.stderr
    panel = listing.stdout.partition("─ Commands ─")[2].partition("╰")[0]
    entries: list[list[str]] = []
    for line in panel.splitlines()[1:]:
        name, text = line[2:14].strip(), line[14:].rstrip(" │")
        if name:
            entries.append([name + " " + text])
        elif entries:
            entries[-1].append(text.strip())
    names = [entry[0].split()[0] for entry in entries]
    assert "serve" in names and "verify" in names, names
    assert not _short_lines(entries)
    for name in names:
        proc = cli(name, "--help")
        assert proc.returncode == 0, proc.stderr
        description = proc.stdout.partition("Usage:")[2].partition("╭")[0].partition("\n")[2]
        assert not _short_lines(_paragraphs(description)), (name, description)
