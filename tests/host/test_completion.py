"""Shell completion: commands, game names, player kinds and option values complete."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys


def _complete(words: str) -> list[str]:
    env = dict(os.environ, _VIKINGCLI_COMPLETE="complete_bash", COMP_WORDS=words)
    env["COMP_CWORD"] = str(len(words.split()) - (0 if words.endswith(" ") else 1))
    out = subprocess.run(
        [sys.executable, "-m", "vikingcli"], env=env, capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 0, out.stderr
    return out.stdout.split()


def test_show_completion_prints_a_script_for_the_shell() -> None:
    # Typer finds the shell among the parent processes (it takes no shell name), so
    # run it from bash (not exec-ed: bash stays its parent), as a person would; a
    # process whose ancestors hold no shell gets "Shell  not supported".
    command = f"{shlex.quote(sys.executable)} -m vikingcli --show-completion; exit $?"
    out = subprocess.run(
        ["bash", "-c", command], capture_output=True, text=True, timeout=60,
    )  # fmt: skip
    assert out.returncode == 0
    assert "_VIKINGCLI_COMPLETE=complete_bash" in out.stdout


def test_a_game_name_completes() -> None:
    assert _complete("vikingcli run wik") == ["wikinger"]
    assert _complete("vikingcli play j") == ["jorvik"]


def test_commands_player_kinds_and_option_values_complete() -> None:
    assert "tournament" in _complete("vikingcli tour")
    assert _complete("vikingcli run walhalla -p gr") == ["greedy"]
    assert _complete("vikingcli run jorvik -o mode=") == ["mode=karl", "mode=jarl"]
