"""Issue 34, item 1: secret, verifiable deals. A real ``vikingcli server`` and a real
``vikingcli serve`` on 127.0.0.1, real asyncssh clients: nobody at a table (seat or
spectator) is shown the deal's seed, or anything it can be computed from, before the
end; the table shows the commitment of its server seed from its start, people add
seeds of their own, the seed is revealed at the end, and ``vikingcli verify`` proves
the record's deal and refuses a forged one."""

from __future__ import annotations

import asyncio
import os
import re
import shlex
import stat
import subprocess
import sys
from pathlib import Path

import asyncssh
import orjson
import pytest

import vikingcli
from tests.host.conftest import CLI
from tests.host.protocol_docs import RECORDING_BOT
from tests.host.serverclient import ServerProcess
from tests.host.sshclient import WAIT, Person, Server, keys, run
from vikingcli.core.match import seat_seed

COMMITMENT = r"deal: (sha256:[0-9a-f]{64})"


@pytest.fixture
def tree(plugin_dir: Path, tmp_path: Path) -> Path:
    """The plugin folder with this test's own ``vikingcli`` beside the plugins: the
    server and ``verify`` processes run the tree under test, whatever is installed."""
    folder = tmp_path / "path"
    folder.mkdir()
    for entry in plugin_dir.iterdir():
        (folder / entry.name).symlink_to(entry)
    (folder / "vikingcli").symlink_to(Path(vikingcli.__file__).parent)
    return folder


async def lobby_command(port: int, user: str, key: asyncssh.SSHKey, *words: str) -> str:
    """One lobby command over ``ssh HOST COMMAND`` (asyncssh), its output."""
    async with asyncssh.connect(
        "127.0.0.1", port, known_hosts=None, username=user, client_keys=[key], agent_path=None
    ) as conn:
        done = await asyncio.wait_for(conn.run(" ".join(words)), WAIT)
        return str(done.stdout)


def verify(folder: Path, plugin_dir: Path, record: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(plugin_dir))
    return subprocess.run(
        [sys.executable, "-m", "vikingcli", "verify", str(record)],
        capture_output=True, text=True, env=env, cwd=folder, timeout=WAIT,
    )  # fmt: skip


def forgeries(doc: dict, folder: Path) -> dict[str, Path]:
    """The record changed as a cheat would: each a file of its own."""
    deal = doc["table"]["deal"]
    other = format(int(deal["server_seed"], 16) ^ 1, "064x")
    changes = {
        "server seed": lambda d: d["table"]["deal"].update(server_seed=other),
        "player seed": lambda d: d["table"]["deal"]["seeds"][0].update(seed="chosen later"),
        "commitment": lambda d: d["table"]["deal"].update(commitment="sha256:" + "0" * 64),
        "deal seed": lambda d: d.update(seed=(d["seed"] + 1) % 2**62),
        "not dealt": lambda d: d["table"]["deal"].update(dealt=False),
        "no deal": lambda d: (d["table"].pop("deal"), d.update(version=1)),
    }
    out = {}
    for name, change in changes.items():
        forged = orjson.loads(orjson.dumps(doc))
        change(forged)
        out[name] = folder / f"forged-{name.replace(' ', '-')}.json"
        out[name].write_bytes(orjson.dumps(forged))
    return out


def assert_verifies_and_forgeries_fail(doc: dict, folder: Path, plugin_dir: Path) -> None:
    record = folder / "record.json"
    record.write_bytes(orjson.dumps(doc))
    proven = verify(folder, plugin_dir, record)
    assert proven.returncode == 0, proven.stdout + proven.stderr
    assert proven.stdout.startswith("PROVEN: ") and proven.stdout.count("\n") == 1
    for name, path in forgeries(doc, folder).items():
        refused = verify(folder, plugin_dir, path)
        assert refused.returncode == 1, (name, refused.stdout, refused.stderr)
        assert refused.stdout.startswith("NOT PROVEN: "), (name, refused.stdout)
    bad = folder / "bad.json"
    bad.write_text('{"format": "vikingcli-save", "version": 2')
    for path in (bad, folder, folder / "missing.json"):
        answer = verify(folder, plugin_dir, path)
        assert answer.returncode == 2 and answer.stderr.count("\n") == 1, answer.stderr
        assert "Traceback" not in answer.stderr


def test_item1_a_server_table_shows_only_the_commitment_and_its_record_verifies(
    tree: Path, tmp_path: Path
) -> None:
    plugin_dir = tree
    key = keys(tmp_path, "alice", "bob", "carol")
    server = ServerProcess(plugin_dir, tmp_path, "--open-registration")
    try:

        async def scenario() -> tuple[dict[str, str], str, str, str]:
            for name in key:
                said = await lobby_command(server.port, name, key[name], "register", name)
                assert f"Registered: you are {name}." in said, said
            alice = await Person("alice", key["alice"]).connect(server.port)
            await alice.until(r"Welcome, alice\.")
            await alice.ask("seed alice-own-luck", r"your seed 'alice-own-luck' goes into")
            found = await alice.ask(
                "create toygame people=2 ai=random time=1d casual", r"Table (\d+) created"
            )
            number = int(found.group(1))
            await alice.until(r"your seed for the deal is 'alice-own-luck'")
            shown = (await alice.until(COMMITMENT)).group(1)
            # No hand before the deal: the position until then is a placeholder.
            await alice.ask("board", r"The cards are dealt when the game begins\.")
            carol = await Person("carol", key["carol"]).connect(server.port)
            await carol.until(r"Welcome, carol\.")
            await carol.ask(f"watch {number}", rf"Rune Duel.*, deal: {shown}:")
            early = await lobby_command(server.port, "alice", key["alice"], "record", str(number))
            assert "is not over" in early and "server_seed" not in early
            bob = await Person("bob", key["bob"]).connect(server.port)
            await bob.until(r"Welcome, bob\.")
            await bob.ask(f"join {number}", rf"deal: {shown}")
            await bob.until(r"The cards are dealt: " + shown)
            await carol.until(r"seat 1 \(alice\): 'alice-own-luck' \(their own\)")
            await carol.until(r"seat 2 \(bob\): '[0-9a-f]{16}' \(drawn for them\)")
            await bob.until(r"the game begins")
            # Everything a person can ask for during the game: the commitment only.
            await carol.ask("seats", rf"Rune Duel.*, deal: {shown}:")
            await bob.ask("seed too late", r"no seed taken: the cards are dealt")
            during = [
                await lobby_command(server.port, "carol", key["carol"], *words)
                for words in (("tables",), ("finger", "alice"), ("history", "alice"))
            ]
            await asyncio.gather(alice.play_to_the_end(), bob.play_to_the_end())
            revealed = (await carol.until(r"The deal's server seed was ([0-9a-f]{64})")).group(1)
            before = {
                p.user: p.text[: p.text.index("The deal's server seed was")]
                for p in (alice, bob, carol)
            }
            before["lobby"] = "\n".join(during)
            record = await lobby_command(server.port, "bob", key["bob"], "record", str(number))
            return before, shown, revealed, record

        before, shown, revealed, record = run(scenario())  # type: ignore[misc]
    finally:
        server.close()
    doc = orjson.loads(record)
    deal = doc["table"]["deal"]
    assert deal["commitment"] == shown and deal["server_seed"] == revealed
    assert [(s["seat"], s["drawn"]) for s in deal["seeds"]] == [(0, False), (1, True)]
    for who, text in before.items():
        # Neither the deal's seed nor the secret it comes from, in any form shown.
        assert str(doc["seed"]) not in text, who
        assert revealed not in text and "seed " + str(doc["seed"]) not in text, who
        assert not re.search(r", seed \d+", text), who
    assert_verifies_and_forgeries_fail(doc, tmp_path, plugin_dir)


def test_item1_a_serve_table_deals_from_its_commitment_and_the_save_verifies(
    tree: Path, tmp_path: Path
) -> None:
    plugin_dir = tree
    key = keys(tmp_path, "alice", "bob")
    server = Server(
        plugin_dir, tmp_path, "toygame", "-p", "human", "-p", "random", "--save", "t",
        "--authorized-keys", "authorized_keys", "--seat", "alice=1", "--spectators",
    )  # fmt: skip

    async def scenario() -> tuple[str, str, str]:
        bob = await Person("bob", key["bob"]).connect(server.port)
        shown = (await bob.until(r"you are watching[\s\S]*" + COMMITMENT)).group(1)
        await bob.ask("seed mine", r"only a seated person adds a seed to the deal")
        alice = await Person("alice", key["alice"]).connect(server.port)
        await alice.until(r"The cards are dealt: " + shown)
        await alice.until(r"seat 1 \(alice\): '[0-9a-f]{16}' \(drawn for them\)")
        await alice.play_to_the_end()
        await bob.until(r"The deal's server seed was [0-9a-f]{64}")
        await bob.closed.wait()
        return bob.text, alice.text, shown

    try:
        bob_saw, alice_saw, shown = run(scenario())  # type: ignore[misc]
        assert server.finish()[0] == 0
    finally:
        server.close()
    save = tmp_path / "saves" / "t.json"
    assert stat.S_IMODE(save.stat().st_mode) == 0o600  # the secret is the operator's
    doc = orjson.loads(save.read_bytes())
    assert doc["version"] == 2 and doc["table"]["deal"]["commitment"] == shown
    for text in (bob_saw, alice_saw):
        head = text[: text.index("The deal's server seed was")]
        assert str(doc["seed"]) not in head and doc["table"]["deal"]["server_seed"] not in head
    assert_verifies_and_forgeries_fail(doc, tmp_path, plugin_dir)


def test_item1_a_bot_at_a_serve_table_gets_a_seed_from_the_secret_not_from_the_deal(
    tree: Path, tmp_path: Path
) -> None:
    """A bot is a seat: the seed in its ``start`` message used to be mixed from the
    deal's seed, from which it could work out every other seat's cards."""
    key = keys(tmp_path, "alice")
    bot = tmp_path / "recording_bot.py"
    bot.write_text(RECORDING_BOT)
    log = tmp_path / "messages.jsonl"
    spec = "exec:" + shlex.join([sys.executable, str(bot), str(log)])
    server = Server(
        tree, tmp_path, "toygame", "-p", "human", "-p", spec, "--save", "t",
        "--authorized-keys", "authorized_keys",
    )  # fmt: skip

    async def scenario() -> None:
        alice = await Person("alice", key["alice"]).connect(server.port)
        await alice.play_to_the_end()

    try:
        run(scenario())
        assert server.finish()[0] == 0
    finally:
        server.close()
    doc = orjson.loads((tmp_path / "saves" / "t.json").read_bytes())
    start = orjson.loads(log.read_bytes().splitlines()[0])
    assert start["type"] == "start" and start["seat"] == 1
    assert start["seed"] != seat_seed(doc["seed"], 1)
    from vikingcli.core.fairdeal import Deal

    secret = Deal(bytes.fromhex(doc["table"]["deal"]["server_seed"]))
    assert start["seed"] == seat_seed(secret.ai_seed(), 1)


def test_item1_the_commitment_and_a_typed_seed_survive_a_server_killed_before_the_deal(
    tree: Path, tmp_path: Path
) -> None:
    key = keys(tmp_path, "alice", "bob")
    server = ServerProcess(tree, tmp_path, "--open-registration")
    try:

        async def before() -> tuple[str, int]:
            for name in key:
                await lobby_command(server.port, name, key[name], "register", name)
            alice = await Person("alice", key["alice"]).connect(server.port)
            await alice.until(r"Welcome, alice\.")
            found = await alice.ask("create toygame people=2 casual", r"Table (\d+) created")
            shown = (await alice.until(COMMITMENT)).group(1)
            await alice.ask("seed typed-at-the-table", r"your seed for the deal is")
            await alice.hang_up()
            return shown, int(found.group(1))

        shown, number = run(before())  # type: ignore[misc]
        server.kill9()
        server.start()

        async def after() -> str:
            bob = await Person("bob", key["bob"]).connect(server.port)
            await bob.until(r"Welcome, bob\.")
            # alice's seat is hers: bob's arrival deals the cards, with her seed.
            await bob.ask(f"join {number}", r"The cards are dealt: " + shown)
            await bob.until(r"seat 1 \(alice\): 'typed-at-the-table' \(their own\)")
            alice = await Person("alice", key["alice"]).connect(server.port)
            await alice.until(r"Welcome, alice\.")
            await alice.ask(f"join {number}", rf"deal: {shown}")
            await asyncio.gather(alice.play_to_the_end(), bob.play_to_the_end())
            await bob.until(r"The deal's server seed was")
            return await lobby_command(server.port, "bob", key["bob"], "record", str(number))

        record = run(after())
    finally:
        server.close()
    doc = orjson.loads(str(record))
    assert doc["table"]["deal"]["commitment"] == shown
    assert doc["table"]["deal"]["seeds"][0] == {
        "seat": 0,
        "seed": "typed-at-the-table",
        "drawn": False,
    }
    assert_verifies_and_forgeries_fail(doc, tmp_path, tree)


def test_play_with_a_drawn_seed_shows_it_nowhere_before_the_end(cli: CLI, tmp_path: Path) -> None:
    # The seed decides every hidden card: a person at a local table (or one of several
    # at a hot seat) who read it could replay the deal. A seed the person chose is
    # theirs already, and still names the save and the first line.
    drawn = cli("play", "toygame", "-p", "ann=human", "-p", "random", input="quit\n")
    assert drawn.returncode == 0, drawn.stderr
    [save] = (tmp_path / "saves").iterdir()
    seed = orjson.loads(save.read_bytes())["seed"]
    assert str(seed) not in drawn.stdout + drawn.stderr + save.name
    assert not re.search(r"seed \d", drawn.stdout)
    chosen = cli("play", "toygame", "-p", "ann=human", "-p", "random", "--seed", "5",
                 input="quit\n")  # fmt: skip
    assert chosen.returncode == 0, chosen.stderr
    assert ", seed 5; saving to saves/toygame-5.json" in chosen.stdout.splitlines()[0]
