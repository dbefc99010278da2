"""Shell completion: commands, game names, player kinds and option values complete."""

from __future__ import annotations

import os
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
    out = subprocess.run(
        [sys.executable, "-m", "vikingcli", "--show-completion", "bash"],
        capture_output=True, text=True, timeout=60,
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
