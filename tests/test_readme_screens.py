"""The README's "What a game looks like" screens are what `vikingcli play` shows
today: each block is the first prompt of its command, regenerated and compared."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
TABLES = {
    "Wikinger (2 players, basic):": ("wikinger", 2),
    "Walhalla (3 players):": ("walhalla", 3),
    "Jórvík (2 players, Karl):": ("jorvik", 2),
    "Graenaland (3 players):": ("graenaland", 3),
}


def screen_in_readme(title: str) -> list[str]:
    text = README.read_text(encoding="utf-8")
    found = re.search(re.escape(title) + r"\n\n```\n(.*?)\n```", text, re.DOTALL)
    assert found, f"no screen under {title!r} in the README"
    return found.group(1).splitlines()


@pytest.mark.parametrize("title", TABLES)
def test_the_readme_screen_is_the_first_prompt_of_its_command(title: str, tmp_path: Path) -> None:
    game, n = TABLES[title]
    seats = ["-p", "alice=human"] + ["-p", "random"] * (n - 1)
    proc = subprocess.run(
        [sys.executable, "-m", "vikingcli", "play", game, *seats, "--seed", "7", "--pace", "0"],
        input="quit\n", capture_output=True, text=True, cwd=tmp_path, timeout=120,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    lines = proc.stdout.splitlines()
    end = max(i for i, line in enumerate(lines) if line.startswith("alice > "))
    expected = screen_in_readme(title)
    assert lines[end + 1 - len(expected) : end + 1] == expected
    assert len(expected) <= 23 and all(len(line) <= 80 for line in expected)  # 80x24
