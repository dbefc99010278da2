"""Issue 36, item 4: entrants are what they say they are. The results file records
each exec bot's command and a hash of its program and of the files its command line
names; resuming with a different program is refused with one line naming the
entrant, unless --accept-changed-bots says it is meant."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import orjson

BOT = Path(__file__).resolve().parents[2] / "examples" / "bots" / "jorvik_bot.py"


def vikingcli(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "vikingcli", *args],
        capture_output=True, text=True, cwd=cwd, timeout=120,
    )


def test_item4_a_swapped_bot_program_is_refused_on_resume(tmp_path: Path) -> None:
    shutil.copy(BOT, tmp_path / "bot.py")
    args = ["tournament", "jorvik", "-p", f"b=exec:{sys.executable} bot.py", "-p", "random",
            "--out", "t.jsonl"]
    first = vikingcli(*args, "--games", "2", cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    header = orjson.loads((tmp_path / "t.jsonl").read_bytes().splitlines()[0])
    bot, other = header["bots"]
    assert other is None
    assert bot["command"] == f"{sys.executable} bot.py"
    assert set(bot["files"]) == {sys.executable, "bot.py"}
    assert all(h.startswith("sha256:") for h in bot["files"].values())

    same = vikingcli(*args, "--games", "4", cwd=tmp_path)  # the same program resumes
    assert same.returncode == 0, same.stderr
    with (tmp_path / "bot.py").open("a") as f:
        f.write("# another version\n")
    before = (tmp_path / "t.jsonl").read_bytes()
    swapped = vikingcli(*args, "--games", "6", cwd=tmp_path)
    assert swapped.returncode == 2
    assert swapped.stderr.splitlines() == [
        "vikingcli: error: t.jsonl: entrant b: its program changed since the file was begun"
        " (bot.py is not the file it was); use another --out file, or --accept-changed-bots"
        " to play on with it"
    ]
    assert (tmp_path / "t.jsonl").read_bytes() == before
    meant = vikingcli(*args, "--games", "6", "--accept-changed-bots", cwd=tmp_path)
    assert meant.returncode == 0, meant.stderr
    assert "played on with it (--accept-changed-bots)" in meant.stderr
    assert len((tmp_path / "t.jsonl").read_bytes().splitlines()) == 1 + 6
