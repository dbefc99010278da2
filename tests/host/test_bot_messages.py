"""What an exec bot is sent and what it may answer (issue 28): the events since its
last message next to the observation, the seat names, one answer line per move,
and the default move limit that keeps an unattended batch from hanging."""

from __future__ import annotations

import itertools
import shutil
import time
from pathlib import Path
from typing import Any

import orjson
import pytest

from tests.host.conftest import CLI
from tests.host.protocol_docs import RECORDING_BOT
from tests.host.test_external import BOTS, processes_running, python_bot
from vikingcli.core import external
from vikingcli.core.match import make_player
from vikingcli.core.registry import load_registry
from vikingcli.core.specs import parse_spec

TWO_LINES_BOT = """\
import json, sys
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "move":
        # One write: both lines are in the pipe before the host reads the answer (two
        # prints let the host send the next move in between, and the second line is
        # then read as that move's answer: answers carry no move number).
        first = json.dumps({"action": message["legal"][0]})
        second = json.dumps({"action": message["legal"][-1]})
        sys.stdout.write(first + "\\n" + second + "\\n")
        sys.stdout.flush()
"""


def recorded(cli: CLI, tmp_path: Path, game: str, *others: str) -> list[Any]:
    bot = tmp_path / "recording_bot.py"
    bot.write_text(RECORDING_BOT)
    log = tmp_path / "messages.jsonl"
    spec = "rec=" + python_bot(bot).replace(str(bot), f"{bot} {log}")
    args = [arg for p in (spec, *others) for arg in ("-p", p)]
    proc = cli("run", game, *args, "--seed", "3", "--json")
    assert proc.returncode == 0, proc.stderr
    assert orjson.loads(proc.stdout)["forfeit"] is None
    return [orjson.loads(line) for line in log.read_bytes().splitlines()]


@pytest.mark.parametrize("game", ["jorvik", "graenaland"])
def test_every_move_reaches_the_bot_once_in_order_as_its_seat_knows_it(
    cli: CLI, tmp_path: Path, game: str
) -> None:
    messages = recorded(cli, tmp_path, game, "random", "random")
    start, *moves, end = messages
    assert start["type"] == "start" and end["type"] == "end"
    assert start["names"] == ["rec", "random 2", "random 3"]
    # The document's examples have the keys, in order, that the program sends.
    doc = (Path(__file__).resolve().parents[2] / "docs" / "bot-protocol.md").read_text()
    for message in (start, moves[0], end):
        shown = doc[doc.index(f'{{"type": "{message["type"]}"') :]
        shown = shown[: shown.index("\n```")]
        example = orjson.loads(shown)
        assert list(example) == list(message), message["type"]
        if message["type"] == "start" and game == "jorvik":
            assert example["options"] == message["options"]
    numbers = [e["number"] for m in [*moves, end] for e in m["events"]]
    # Every move of the game, each once, in order: nothing to diff from observations.
    assert numbers == list(range(1, len(numbers) + 1))
    assert len(numbers) == end["result"]["moves"]
    for message in [*moves, end]:
        for event in message["events"]:
            assert event["name"] == start["names"][event["seat"]]
            assert event["told"] and all(isinstance(t, str) for t in event["told"])
            if event["seat"] == 0:  # the bot's own moves are told in full
                assert event["action"] is not None
    # The bot's own previous answer comes back as the first event of the next message.
    for message, following in itertools.pairwise(moves):
        answer = message["legal"][0]
        mine = [e for e in following["events"] if e["seat"] == 0]
        assert mine and mine[0]["action"].lower() == answer.lower()
    if game == "graenaland":  # secret hero moves are not told to the others
        secret = [e for m in moves for e in m["events"] if e["seat"] != 0 and e["action"] is None]
        assert secret and all(e["told"][0] == "chose a hero move" for e in secret[:2])


def test_a_second_answer_line_forfeits_saying_so(cli: CLI, tmp_path: Path) -> None:
    bot = tmp_path / "two_lines_bot.py"
    bot.write_text(TWO_LINES_BOT)
    proc = cli("run", "jorvik", "-p", python_bot(bot), "-p", "random", "--json")
    assert proc.returncode == 0, proc.stderr
    forfeit = orjson.loads(proc.stdout)["forfeit"]
    assert forfeit["seat"] == 0
    assert forfeit["reason"].startswith('bot answered an extra line: \'{"action": ')
    assert processes_running(str(bot)) == []


def test_the_default_move_limit_and_the_line_limit_are_documented(tmp_path: Path) -> None:
    doc = (Path(__file__).resolve().parents[2] / "docs" / "bot-protocol.md").read_text()
    assert f"| `timeout=S` | `{external.DEFAULT_TIMEOUT:g}` |" in doc
    assert "1 MiB" in doc and external.MAX_LINE == 1 << 20
    kinds = load_registry().players
    bot = python_bot(BOTS / "hang_bot.py", f"log={tmp_path / 'b.log'}")
    assert "timeout" not in parse_spec(bot, kinds).params  # the default applies
    game = load_registry().games["jorvik"]
    limited = make_player(game, kinds, parse_spec(bot, kinds), 0, 1)
    lifted = make_player(
        game, kinds, parse_spec(bot.replace("exec:", "exec:timeout=0,"), kinds), 0, 1
    )
    assert isinstance(limited, external.ExternalPlayer)
    assert isinstance(lifted, external.ExternalPlayer)
    assert limited.own_timeout == external.DEFAULT_TIMEOUT and lifted.own_timeout is None


@pytest.mark.slow
def test_a_hanging_bot_forfeits_under_the_default_limit(cli: CLI, tmp_path: Path) -> None:
    path = tmp_path / "hang_bot.py"
    shutil.copy(BOTS / "hang_bot.py", path)
    begun = time.monotonic()
    proc = cli("run", "jorvik", "-p", python_bot(path), "-p", "random", "--json")
    took = time.monotonic() - begun
    assert proc.returncode == 0, proc.stderr
    forfeit = orjson.loads(proc.stdout)["forfeit"]
    assert forfeit["reason"].startswith(
        f"bot timeout: took longer than the move time limit of {external.DEFAULT_TIMEOUT:g} s"
    ), forfeit
    assert external.DEFAULT_TIMEOUT <= took < external.DEFAULT_TIMEOUT + 30
    assert processes_running(str(path)) == []


@pytest.mark.slow
def test_a_bot_reading_only_the_documented_fields_beats_random_at_jorvik(
    cli: CLI, tmp_path: Path
) -> None:
    """examples/bots/jorvik_bot.py reads the observation's documented keys and the
    events, nothing else; the document states its result, which this replays."""
    bot = Path(__file__).resolve().parents[2] / "examples" / "bots" / "jorvik_bot.py"
    out = tmp_path / "t.jsonl"
    args = ("-p", f"mine={python_bot(bot)}", "-p", "random", "--games", "200", "--seed", "900")
    proc = cli("tournament", "jorvik", *args, "--out", str(out), "--json")
    assert proc.returncode == 0, proc.stderr
    mine = orjson.loads(proc.stdout)["entrants"][0]
    assert mine["entrant"] == "mine" and mine["games"] == 200 and mine["forfeits"] == 0
    low, high = mine["win_share_95"]
    assert low > 0.55, mine
    doc = (Path(__file__).resolve().parents[2] / "docs" / "bot-protocol.md").read_text()
    stated = f"win share {mine['win_share']:.2f}, 95% interval {low:.2f} to {high:.2f}"
    assert stated in doc.replace("\n", " "), stated
