"""SSH tables people can trust: real ``vikingcli serve`` processes on 127.0.0.1, real
asyncssh clients, each person with their own generated key."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
from pathlib import Path

import asyncssh
import orjson
import pytest
from vikingcli_toygame import RuneDuel

from tests.host.sshclient import Person, Server, keys, run
from vikingcli.core.match import Match, Seat
from vikingcli.core.specs import PlayerSpec
from vikingcli.table.ssh_keys import open_table_warning


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    return tmp_path


def _save(folder: Path, name: str = "t") -> dict:
    return orjson.loads((folder / "saves" / f"{name}.json").read_bytes())


def test_a_freed_seat_is_not_taken_over_and_its_owners_key_gets_it_back(
    plugin_dir: Path, folder: Path
) -> None:
    key = keys(folder, "alice", "bob", "carol")
    server = Server(
        plugin_dir, folder, "toygame", "-p", "human", "-p", "human", "-p", "random",
        "--seed", "5", "--save", "t", "--authorized-keys", "authorized_keys", "--confirm",
    )  # fmt: skip

    async def scenario() -> tuple[list[str], list[str], Person, Person]:
        alice = await Person("alice", key["alice"]).connect(server.port)
        await alice.until(r"Welcome alice: you hold seat 1")
        await alice.until(r"Waiting for 1 more: seat 2 \(anyone\)")
        bob = await Person("bob", key["bob"]).connect(server.port)
        await bob.until(r"Welcome bob: you hold seat 2")
        await bob.until(r"the game begins")
        # Typed while alice is to move: refused on the spot, never played later.
        await bob.ask("play 1", r"not your move \(alice is to move\); nothing typed early is kept")
        await bob.ask("quit", r"Your seat stays yours")
        await bob.closed.wait()
        await alice.until(r"bob left seat 2; the seat waits for them")

        # alice's second connection with her own key: the watch view, not bob's seat.
        again = await Person("alice", key["alice"]).connect(server.port)
        await again.until(r"You hold seat 1 on another connection; this one watches")
        await again.ask("play 3", r"you are watching and cannot play")
        await again.ask("board", r"seat 1: +\d+ points +hand: \d+ cards")
        # bob's name with another key: refused, the seat is bound to bob's key.
        impostor = await Person("bob", key["carol"]).connect(server.port)
        await impostor.until(r"This table is full")
        await impostor.closed.wait()
        for person in (again, impostor):
            assert "you hold seat 2" not in person.text
            assert not re.search(r"seat 1: .*hand: \d+ \d+", person.text)
        await again.hang_up()

        back = await Person("bob", key["bob"]).connect(server.port)
        await back.until(r"Welcome bob: you hold seat 2")
        return *await asyncio.gather(alice.play_to_the_end(), back.play_to_the_end()), alice, back

    try:
        alice_moves, bob_moves, alice, bob = run(scenario())  # type: ignore[misc]
        assert server.finish()[0] == 0
    finally:
        server.close()
    doc = _save(folder)
    assert [s["name"] for s in doc["seats"]] == ["alice", "bob", "random"]
    assert doc["actions"][0::3] == alice_moves and doc["actions"][1::3] == bob_moves
    assert doc["result"]["end_reason"] == "rules"
    assert doc["table"]["owners"]["0"]["key"] == key["alice"].get_fingerprint("sha256")
    assert doc["table"]["owners"]["1"]["key"] == key["bob"].get_fingerprint("sha256")
    for person in (alice, bob):
        assert "Game over (rules)." in person.text


def test_only_authorized_keys_get_in_and_no_table_is_open_by_default(
    plugin_dir: Path, folder: Path
) -> None:
    key = keys(folder, "alice")
    stranger = asyncssh.generate_private_key("ssh-ed25519")
    server = Server(plugin_dir, folder, "toygame", "-p", "human", "-p", "random",
                    "--authorized-keys", "authorized_keys")  # fmt: skip

    async def attempt(person: Person) -> bool:
        try:
            await person.connect(server.port)
        except asyncssh.PermissionDenied:
            return False
        await person.hang_up()
        return True

    try:
        assert run(attempt(Person("mallory", stranger))) is False
        assert run(attempt(Person("mallory", None))) is False  # no key, no way in
        assert run(attempt(Person("alice", key["alice"]))) is True
    finally:
        server.close()

    # No --authorized-keys, no ~/.ssh/authorized_keys and no --open: refused, one line.
    env = dict(os.environ, PYTHONPATH=str(plugin_dir), HOME=str(folder))
    refused = subprocess.run(
        [sys.executable, "-m", "vikingcli", "serve", "toygame", "-p", "human", "-p", "random"],
        capture_output=True, text=True, env=env, cwd=folder, timeout=60,
    )  # fmt: skip
    assert refused.returncode == 2, refused.stderr
    assert refused.stderr.count("\n") == 1 and "--open" in refused.stderr


def test_a_spectator_sees_only_public_things_and_cannot_act(plugin_dir: Path, folder: Path) -> None:
    key = keys(folder, "alice", "carol")
    server = Server(
        plugin_dir, folder, "toygame", "-p", "human", "-p", "random", "--seed", "7",
        "--save", "t", "--authorized-keys", "authorized_keys", "--seat", "alice=1",
        "--spectators",
    )  # fmt: skip

    async def scenario() -> str:
        carol = await Person("carol", key["carol"]).connect(server.port)
        await carol.until(r"you are watching Rune Duel")
        await carol.until(r"seat 1: free, reserved for alice")
        alice = await Person("alice", key["alice"]).connect(server.port)
        await carol.until(r"the game begins")
        await carol.ask("play 3", r"you are watching and cannot play")
        await carol.ask("actions", r"no actions for you now")
        await carol.ask("say good luck", r"carol \(watching\) says: good luck")
        await alice.until(r"carol \(watching\) says: good luck")
        await alice.play_to_the_end()
        await carol.until(r"^Game over")
        await carol.closed.wait()
        return carol.text

    try:
        seen = run(scenario())
        assert server.finish()[0] == 0
    finally:
        server.close()
    assert isinstance(seen, str)
    doc = _save(folder)
    game = RuneDuel()
    seats = [Seat(s["name"], PlayerSpec(s["player"])) for s in doc["seats"]]
    fresh = Match(game, doc["options"], doc["seed"], seats, narrating=True)
    secrets: set[str] = set()
    public_moves = 0
    for text in doc["actions"]:
        fresh.apply_text(text)
        public = set(fresh.narrate(None))
        for seat in range(len(seats)):
            # What a seat's own narration and screen show that the public ones do not.
            secrets |= set(fresh.narrate(seat)) - public
            open_lines = set(game.render(fresh.state, None).splitlines())
            secrets |= {ln for ln in game.render(fresh.state, seat).splitlines()} - open_lines
        public_moves += all(line in seen for line in fresh.narrate(None))
    assert "hand:" in seen and "drew" in seen  # the public board and narration did arrive
    assert secrets and any("drew rune" in s for s in secrets)  # the check has teeth
    seen_lines = {line.strip() for line in seen.splitlines()}
    leaked = sorted(s for s in secrets if s.strip() in seen_lines)
    assert leaked == []
    assert public_moves == len(doc["actions"])  # ... and carol saw every move, live


def test_hint_bad_bytes_long_lines_and_ctrl_c_keep_the_seat_and_tab_completes(
    plugin_dir: Path, folder: Path
) -> None:
    key = keys(folder, "alice")
    server = Server(
        plugin_dir, folder, "toygame", "-p", "human", "-p", "random", "--seed", "3",
        "--save", "t", "--authorized-keys", "authorized_keys",
    )  # fmt: skip

    async def scenario() -> list[str]:
        alice = await Person("alice", key["alice"]).connect(server.port)
        await alice.until(r"Your move, alice\.")
        await alice.ask("hint", r"  1\. play \d+ +\d+% of the search, expected margin")
        await alice.ask(b"abc\xc3\x28def", r"that line was not valid UTF-8; ignored")  # type: ignore[arg-type]
        await alice.ask("x" * 3000, r"line too long: at most 1000 characters; the line is dropped")
        await alice.ask("x" * 1001, r"line too long \(1001 characters, at most 1000\); ignored")
        start = len(alice.text)
        alice.type(b"\x03", enter=False)
        await alice.until(r"\^C: type 'quit' to leave", start)
        listed = await alice.ask("actions", r"^(play \d+)(?: +play \d+)*\s*$")
        # Tab: "pl" pops up the legal actions, Tab picks the first, Enter plays it.
        alice.type("pl", enter=False)
        for _ in range(200):
            if any(line.strip() == listed.group(1) for line in alice.screen_lines()):
                break
            await asyncio.sleep(0.02)
        else:
            raise AssertionError("no completion menu:\n" + "\n".join(alice.screen_lines()))
        alice.type("\t", enter=False)
        await asyncio.sleep(0.2)
        alice.type("")
        await alice.until(rf"   1\. alice: {listed.group(1)}$")
        # SIGINT while a prompt runs stops the table (prompt-toolkit must not take it).
        code, out = await asyncio.to_thread(server.stop, signal.SIGINT)
        await alice.until(r"the host stopped the table \(SIGINT\)")
        return [listed.group(1), code, out]

    try:
        first, code, out = run(scenario())  # type: ignore[misc]
    finally:
        server.close()
    assert code == 0 and "reopen with: vikingcli serve --resume saves/t.json" in out
    assert _save(folder)["actions"][0] == first


def test_a_table_stopped_by_sigterm_reopens_with_its_seats_and_finishes(
    plugin_dir: Path, folder: Path
) -> None:
    key = keys(folder, "alice", "bob")
    args = ["--authorized-keys", "authorized_keys"]
    first = Server(plugin_dir, folder, "toygame", "-p", "human", "-p", "random",
                   "--seed", "11", "--save", "t", *args)  # fmt: skip

    async def before() -> str:
        alice = await Person("alice", key["alice"]).connect(first.port)
        for _ in range(3):
            assert await alice.play_turn()
        await alice.until(r"   6\. random: ")
        await alice.ask("say back soon", r"alice says: back soon")
        code, out = await asyncio.to_thread(first.stop)
        await alice.until(r"the host stopped the table \(SIGTERM\)\. The table is saved")
        await alice.closed.wait()
        assert code == 0, first.stderr()
        return out

    try:
        out = run(before())
    finally:
        first.close()
    assert "reopen with: vikingcli serve --resume saves/t.json" in str(out)
    stopped = _save(folder)
    assert len(stopped["actions"]) == 6 and stopped["result"] is None

    second = Server(plugin_dir, folder, "--resume", "saves/t.json", *args)

    async def after() -> str:
        bob = await Person("bob", key["bob"]).connect(second.port)
        await bob.until(r"This table is full")  # seat 1 is still alice's
        alice = await Person("alice", key["alice"]).connect(second.port)
        await alice.until(r"Welcome alice: you hold seat 1")
        await alice.play_to_the_end()
        await alice.closed.wait()
        return alice.text

    try:
        shown = run(after())
        code, _ = second.finish()
    finally:
        second.close()
    assert code == 0
    done = _save(folder)
    assert done["actions"][:6] == stopped["actions"] and done["result"]["end_reason"] == "rules"
    assert done["table"]["talk"] == [{"move": 6, "who": "alice", "text": "back soon"}]
    for seat, name in enumerate(["alice", "random"]):
        score, rank = done["result"]["scores"][seat], done["result"]["ranks"][seat]
        assert f"seat {seat + 1} {name}: {score:g} points, rank {rank}" in str(shown)


def test_the_lobby_shows_the_seats_and_the_host_releases_a_seat_left_for_good(
    plugin_dir: Path, folder: Path
) -> None:
    key = keys(folder, "alice", "bob", "dave")
    server = Server(
        plugin_dir, folder, "toygame", "-p", "human", "-p", "human", "-p", "random",
        "--authorized-keys", "authorized_keys", "--seat", "bob=2",
    )  # fmt: skip

    async def scenario() -> None:
        alice = await Person("alice", key["alice"]).connect(server.port)
        await alice.until(r"seat 2: free, reserved for bob\n  seat 3: AI \(random\)")
        await alice.on_screen(r"^lobby: waiting for seat 2 \(bob\)$")  # the live line
        await alice.ask("say where is bob?", r"alice says: where is bob\?")
        await alice.ask("quit", r"Your seat stays yours")
        dave = await Person("dave", key["dave"]).connect(server.port)
        await dave.until(r"This table is full")
        server.console("release 1")
        await asyncio.sleep(0.3)
        dave = await Person("dave", key["dave"]).connect(server.port)
        await dave.until(r"Welcome dave: you hold seat 1")
        bob = await Person("bob", key["bob"]).connect(server.port)
        await bob.until(r"Welcome bob: you hold seat 2")
        await dave.until(r"the game begins")
        server.console("stop")
        await dave.until(r"the host stopped the table\.")

    try:
        run(scenario())
        code, _ = server.finish()
        log = server.stderr()
    finally:
        server.close()
    assert code == 0
    assert "seat 1 released" in log and "alice says: where is bob?" in log


def test_an_open_table_lets_any_key_in_and_still_binds_the_seat_to_it(
    plugin_dir: Path, folder: Path
) -> None:
    anyone, other = (asyncssh.generate_private_key("ssh-ed25519") for _ in range(2))
    server = Server(plugin_dir, folder, "toygame", "-p", "human", "-p", "random", "--open")

    async def scenario() -> None:
        first = await Person("zoe", anyone).connect(server.port)
        await first.until(r"Welcome zoe: you hold seat 1")
        await first.ask("quit", r"Your seat stays yours")
        second = await Person("zoe", other).connect(server.port)  # same name, other key
        await second.until(r"This table is full")

    try:
        run(scenario())
    finally:
        server.close()
    assert "WARNING" not in server.stderr()  # loopback: nobody else can reach it


def test_a_persons_only_legal_move_is_played_for_them_and_told(
    plugin_dir: Path, folder: Path
) -> None:
    key = keys(folder, "alice")
    server = Server(
        plugin_dir, folder, "toygame", "-p", "human", "-p", "random",
        "--seed", "5", "--save", "t", "--authorized-keys", "authorized_keys",
    )  # fmt: skip

    async def scenario() -> tuple[list[str], str]:
        alice = await Person("alice", key["alice"]).connect(server.port)
        return await alice.play_to_the_end(), alice.text

    try:
        typed, seen = run(scenario())  # type: ignore[misc]
        assert server.finish()[0] == 0
    finally:
        server.close()
    mine = _save(folder)["actions"][0::2]
    # The last card of the hand is the only move: never asked, still in the log.
    assert mine[: len(typed)] == typed and len(mine) > len(typed)
    assert seen.count("Your move, alice.") == len(typed)
    for number, action in enumerate(mine[len(typed) :], start=2 * len(typed) + 1):
        assert f"{number}. alice: {action}" in seen


@pytest.mark.parametrize(
    ("args", "problem"),
    [
        (["toygame", "-p", "human", "-p", "random", "--seat", "bob=2"], "not a human seat"),
        (["toygame", "-p", "human", "-p", "human", "--seat", "bob"], "is not NAME=N"),
        (["toygame", "-p", "human", "-p", "random", "--release", "1"], "goes with --resume"),
        (["toygame", "--resume", "saves/x.json"], "drop GAME"),
        (["toygame", "-p", "human", "-p", "random", "--authorized-keys", "k"], "k: cannot read"),
        (["toygame", "-p", "human", "-p", "random", "--authorized-keys", "k", "--open"], "--open"),
    ],
)
def test_bad_serve_choices_are_one_line_and_exit_2(
    plugin_dir: Path, folder: Path, args: list[str], problem: str
) -> None:
    env = dict(os.environ, PYTHONPATH=str(plugin_dir), HOME=str(folder))
    if "--seat" in args or "--release" in args:
        args = [*args, "--open"]
    done = subprocess.run(
        [sys.executable, "-m", "vikingcli", "serve", *args, "--port", "0"],
        capture_output=True, text=True, env=env, cwd=folder, timeout=60,
    )  # fmt: skip
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and problem in done.stderr, done.stderr


def test_only_an_open_table_on_a_reachable_address_gets_the_warning() -> None:
    assert open_table_warning("127.0.0.1") is None and open_table_warning("::1") is None
    assert open_table_warning("localhost") is None
    warning = open_table_warning("0.0.0.0")
    assert warning is not None and "anyone who reaches this port" in warning
