"""Issue 26, item 11: nothing an exec bot started outlives its game or its host.

Real processes throughout: the host is ``python -m vikingcli`` in a session of its
own, the bots are small Python programs in the test's folder, and what is left
afterwards is looked for in /proc by the folder's path, which every process of a test
has on its command line (the host's workers inherit the host's, which names
``--out`` there). Every wait is bounded.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import orjson
import pytest

from tests.host.conftest import CLI

ROOT = Path(__file__).resolve().parents[2]
BOTS = ROOT / "tests" / "fixtures" / "bots"

pytestmark = pytest.mark.skipif(not Path("/proc/self/cmdline").exists(), reason="needs /proc")

# A bot that starts a child of its own (as a bot may, for a search worker) and then
# answers every move with the first legal action, or, given "hang", never answers.
PARENT_BOT = """\
import json, pathlib, subprocess, sys, time
marker, mode = sys.argv[1], sys.argv[2]
child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)", marker])
pathlib.Path(marker + ".pid").write_text(str(child.pid))
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "move":
        if mode == "hang":
            time.sleep(3600)
        if mode == "crash":
            sys.exit(3)
        print(json.dumps({"action": message["legal"][0]}), flush=True)
    elif message["type"] == "end":
        break
"""


def living(needle: str) -> list[tuple[int, str]]:
    """(pid, command line) of every live process whose command line holds ``needle``
    (a zombie has an empty command line: it is dead, only not yet reaped)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit() or int(entry.name) == os.getpid():
            continue
        try:
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        if needle in cmdline:
            found.append((int(entry.name), cmdline))
    return found


def children(marker: str) -> list[tuple[int, str]]:
    """The live children that :data:`PARENT_BOT` started with ``marker``."""
    return [(pid, cmd) for pid, cmd in living(marker) if "sleep(600)" in cmd]


def wait_for(condition: Callable[[], bool], seconds: float) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.05)
    return condition()


@pytest.fixture
def leftovers(tmp_path: Path) -> Iterator[Callable[[], list[tuple[int, str]]]]:
    """What is still running of this test's processes; whatever is left at the end is
    killed, so a failing test leaves nothing behind either."""

    def check() -> list[tuple[int, str]]:
        wait_for(lambda: not living(str(tmp_path)), 5)
        return living(str(tmp_path))

    yield check
    for pid, _ in living(str(tmp_path)):
        with contextlib.suppress(ProcessLookupError):
            os.kill(pid, signal.SIGKILL)


def host(plugin_dir: Path, cwd: Path, *args: str) -> subprocess.Popen[str]:
    """``vikingcli ARGS`` started in a session of its own, the fixture game installed."""
    env = dict(os.environ, PYTHONPATH=str(plugin_dir))
    return subprocess.Popen(
        [sys.executable, "-m", "vikingcli", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=cwd,
        start_new_session=True,
    )


def parent_bot(tmp_path: Path, mode: str, name: str = "parent_bot.py") -> tuple[str, str]:
    """The exec spec of :data:`PARENT_BOT` in ``mode``, and the marker its child has."""
    path = tmp_path / name
    path.write_text(PARENT_BOT)
    marker = str(tmp_path / f"child-of-{path.stem}")
    return f"exec:{shlex.join([sys.executable, str(path), marker, mode])}", marker


# -- a bot ends with everything it started ----------------------------------------------


@pytest.mark.parametrize("mode", ["play", "crash"])
def test_a_bots_own_children_end_with_its_game(
    cli: CLI, tmp_path: Path, leftovers: Callable[[], list[tuple[int, str]]], mode: str
) -> None:
    bot, marker = parent_bot(tmp_path, mode)
    proc = cli("run", "toygame", "-p", bot, "-p", "random", "--seed", "3", "--json")
    assert proc.returncode == 0, proc.stderr
    result = orjson.loads(proc.stdout)
    assert (result["forfeit"] is None) == (mode == "play"), result["forfeit"]
    assert Path(marker + ".pid").read_text().isdigit()  # the child was started
    assert leftovers() == []


def test_a_bot_dies_with_its_host_killed_by_sigkill(
    plugin_dir: Path, tmp_path: Path, leftovers: Callable[[], list[tuple[int, str]]]
) -> None:
    bot = tmp_path / "waiting_bot.py"
    bot.write_text(
        "import pathlib, sys, time\n"
        "for line in sys.stdin:\n"
        "    if '\"move\"' in line:\n"
        "        pathlib.Path(sys.argv[1]).touch()\n"
        "        time.sleep(3600)\n"
    )
    asked = tmp_path / "asked"
    spec = f"exec:{shlex.join([sys.executable, str(bot), str(asked)])}"
    proc = host(plugin_dir, tmp_path, "run", "toygame", "-p", spec, "-p", "random", "--seed", "1")
    try:
        assert wait_for(asked.exists, 30), proc.stderr  # the bot has its move and waits
        os.kill(proc.pid, signal.SIGKILL)  # the host only: no chance to clean up
        proc.communicate(timeout=10)
        assert leftovers() == []
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()


# -- a bot's stderr -------------------------------------------------------------------------

FLOOD_BOT = """\
import json, sys
chunk = b"x" * (1 << 20)
for _ in range(int(sys.argv[1])):
    sys.stderr.buffer.write(chunk)
sys.stderr.buffer.flush()
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "move":
        print(json.dumps({"action": message["legal"][0]}), flush=True)
    elif message["type"] == "end":
        break
"""


@pytest.mark.slow
def test_a_flood_of_stderr_without_a_newline_keeps_the_host_small(
    plugin_dir: Path, tmp_path: Path
) -> None:
    bot = tmp_path / "flood_bot.py"
    bot.write_text(FLOOD_BOT)
    megabytes = 300
    spec = "exec:log=/dev/null," + shlex.join([sys.executable, str(bot), str(megabytes)])
    # The largest resident size of the host (and of its bot, which stays small), as the
    # kernel counted it: measured by a parent of its own, so other tests do not count.
    measure = (
        "import resource, subprocess, sys;"
        "done = subprocess.run(sys.argv[1:], capture_output=True, timeout=240);"
        "print(done.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)"
    )
    out = subprocess.run(
        [sys.executable, "-c", measure, sys.executable, "-m", "vikingcli", "run", "toygame",
         "-p", spec, "-p", "random", "--seed", "2"],
        capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=str(plugin_dir)),
        cwd=tmp_path, timeout=300,
    )  # fmt: skip
    code, kilobytes = map(int, out.stdout.split())
    assert code == 0, out.stderr
    assert kilobytes < 150 * 1024, f"the host grew to {kilobytes // 1024} MB"


def test_a_long_stderr_line_goes_to_the_log_in_pieces_and_the_tail_stays_short(
    cli: CLI, tmp_path: Path
) -> None:
    bot = tmp_path / "talk_bot.py"
    bot.write_text(
        "import sys\n"
        "sys.stderr.write('y' * 300000)\n"
        "sys.stderr.write('\\nlast words\\n')\n"
        "sys.stderr.flush()\n"
        "sys.stdin.readline()\n"
    )
    proc = cli("run", "toygame", "-p", f"exec:{sys.executable} {bot}", "-p", "random", "--json")
    assert proc.returncode == 0, proc.stderr
    reason = orjson.loads(proc.stdout)["forfeit"]["reason"]
    assert reason.startswith("bot crashed:") and reason.endswith("last words"), reason
    assert len(reason) < 1000
    lines = (tmp_path / "bots.log").read_text().splitlines()
    assert all(line.startswith("[toygame seat 0 pid ") for line in lines)
    text = [line.partition("] ")[2] for line in lines]
    assert "".join(text[:-1]) == "y" * 300000  # every byte of it, in lines of bounded length
    assert max(len(line) for line in lines) < 10000
    assert text[-1] == "last words"


def test_escape_sequences_on_a_bots_stderr_never_reach_the_terminal(
    cli: CLI, tmp_path: Path
) -> None:
    bot = tmp_path / "escape_bot.py"
    bot.write_text(
        "import sys\n"
        "sys.stdin.readline()\n"
        "sys.stderr.write('\\x1b]0;owned\\x07\\x1b[2Jgone\\x9b31m\\n')\n"
        "sys.exit(1)\n"
    )
    spec = f"exec:{sys.executable} {bot}"
    proc = cli("run", "toygame", "-p", spec, "-p", "random")
    assert proc.returncode == 0, proc.stderr
    assert "bot crashed" in proc.stdout and "gone" in proc.stdout
    for control in ("\x1b", "\x07", "\x9b"):
        assert control not in proc.stdout + proc.stderr
    as_json = cli("run", "toygame", "-p", spec, "-p", "random", "--json")
    reason = orjson.loads(as_json.stdout)["forfeit"]["reason"]
    assert reason.isprintable() and "gone" in reason, reason


# -- stopping a host that has bots -----------------------------------------------------------


@pytest.mark.parametrize(("sig", "code"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_stopping_run_ends_its_hanging_bot_and_the_bots_children(
    plugin_dir: Path,
    tmp_path: Path,
    leftovers: Callable[[], list[tuple[int, str]]],
    sig: signal.Signals,
    code: int,
) -> None:
    bot, marker = parent_bot(tmp_path, "hang")
    proc = host(plugin_dir, tmp_path, "run", "toygame", "-p", bot, "-p", "random", "--seed", "1")
    try:
        # The bot has started its child and hangs on its first move.
        assert wait_for(lambda: bool(children(marker)), 30), proc.stderr
        time.sleep(0.3)
        os.kill(proc.pid, sig)
        _, err = proc.communicate(timeout=15)  # a hanging bot must not hold the host
        assert proc.returncode == code, err
        assert err.splitlines()[-1].startswith("vikingcli: error: "), err
        assert leftovers() == []
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()


@pytest.mark.slow
@pytest.mark.parametrize(("sig", "code"), [(signal.SIGTERM, 143), (signal.SIGINT, 130)])
def test_stopping_a_tournament_ends_its_workers_their_bots_and_the_bots_children(
    plugin_dir: Path,
    tmp_path: Path,
    leftovers: Callable[[], list[tuple[int, str]]],
    sig: signal.Signals,
    code: int,
) -> None:
    first, marker_a = parent_bot(tmp_path, "hang", "bot_a.py")
    second, marker_b = parent_bot(tmp_path, "hang", "bot_b.py")
    out = tmp_path / "t.jsonl"
    args = ("tournament", "toygame", "-p", first, "-p", second, "--games", "4", "--jobs", "2")
    proc = host(plugin_dir, tmp_path, *args, "--out", str(out))
    try:
        # Both workers play a game whose first seat hangs with its child started.
        def both_playing() -> bool:
            return len(children(marker_a) + children(marker_b)) >= 2

        assert wait_for(both_playing, 60), proc.stderr
        workers = [p for p, cmd in living(str(out)) if p != proc.pid]
        assert len(workers) >= 2, workers
        time.sleep(0.3)
        os.kill(proc.pid, sig)  # the host only, as `kill PID` or a service manager does
        _, err = proc.communicate(timeout=20)
        assert proc.returncode == code, err
        assert leftovers() == []
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.communicate()


def test_the_parent_bot_really_starts_a_child(tmp_path: Path) -> None:
    """The fixture the tests above rely on: its child runs, with the marker."""
    bot, marker = parent_bot(tmp_path, "play")
    argv = shlex.split(bot.removeprefix("exec:"))
    proc = subprocess.Popen(argv, stdin=subprocess.PIPE, text=True, start_new_session=True)
    try:
        assert wait_for(lambda: bool(children(marker)), 10)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()


# A bot that writes MEGABYTES of numbered stderr lines before it plays.
CHATTY_BOT = """\
import json, sys
total = int(sys.argv[1]) << 20
line, written = 0, 0
while written < total:
    text = f"line {line} " + "z" * 1000 + "\\n"
    sys.stderr.write(text)
    written += len(text)
    line += 1
sys.stderr.write(f"last line {line}\\n")
sys.stderr.flush()
for raw in sys.stdin:
    message = json.loads(raw)
    if message["type"] == "move":
        print(json.dumps({"action": message["legal"][0]}), flush=True)
    elif message["type"] == "end":
        break
"""


def test_item10_the_bots_log_is_capped_by_rotation(cli: CLI, tmp_path: Path) -> None:
    from vikingcli.core.external import MAX_LOG_BYTES

    bot = tmp_path / "chatty_bot.py"
    bot.write_text(CHATTY_BOT)
    megabytes = 3 * MAX_LOG_BYTES >> 20
    spec = "exec:" + shlex.join([sys.executable, str(bot), str(megabytes)])
    proc = cli("run", "toygame", "-p", spec, "-p", "random", "--json")
    assert proc.returncode == 0, proc.stderr
    assert orjson.loads(proc.stdout)["forfeit"] is None
    log, older = tmp_path / "bots.log", tmp_path / "bots.log.1"
    # The newest lines are kept, in the log and the one older log; no more than that.
    assert log.stat().st_size <= MAX_LOG_BYTES and older.stat().st_size <= MAX_LOG_BYTES
    assert sorted(p.name for p in tmp_path.glob("bots.log*")) == ["bots.log", "bots.log.1"]
    first = older.read_text().splitlines()[0].partition("] ")[2]
    last = log.read_text().splitlines()[-1].partition("] ")[2]
    assert first.startswith("line ") and last.startswith("last line "), (first, last)
    kept = int(last.split()[2]) - int(first.split()[1])  # lines of about 1000 bytes
    assert 0 < kept <= 2 * MAX_LOG_BYTES // 1000


def test_item10_a_child_in_a_session_of_its_own_escapes_as_the_docs_say(
    cli: CLI, tmp_path: Path, leftovers: Callable[[], list[tuple[int, str]]]
) -> None:
    path = tmp_path / "setsid_bot.py"
    setsid = "subprocess.Popen(start_new_session=True, args=["
    path.write_text(PARENT_BOT.replace("subprocess.Popen([", setsid))
    marker = str(tmp_path / "child-of-setsid_bot")
    bot = f"exec:{shlex.join([sys.executable, str(path), marker, 'play'])}"
    proc = cli("run", "toygame", "-p", bot, "-p", "random", "--seed", "3", "--json")
    assert proc.returncode == 0, proc.stderr
    # The host ends the bot's process group; a child that left it lives on...
    assert [pid for pid, _ in children(marker)] == [int(Path(marker + ".pid").read_text())]
    # ...and both documents say so instead of promising that nothing outlives a game.
    readme = " ".join((ROOT / "README.md").read_text().split())
    doc = " ".join((ROOT / "docs" / "bot-protocol.md").read_text().split())
    assert "Nothing a bot starts outlives its game" not in readme
    assert "a process that leaves that group (`setsid`, `setpgid`, a daemon) is not contained" \
           " and outlives the game and the host" in readme  # fmt: skip
    assert "a process that leaves it (`setsid`, `setsid()`, `setpgid` to a group of its own, a" \
           " daemon that forks into a session of its own) is not contained" in doc  # fmt: skip
    for pid, _ in children(marker):
        os.kill(pid, signal.SIGKILL)
    assert leftovers() == []
