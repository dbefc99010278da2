"""A server that heals (issue 34, items 4 and 5): AI worker processes killed under a
table are replaced and the move searched again, nobody forfeits for the host's
fault, and only AI kinds that work at the server are offered there. Real server
processes on 127.0.0.1 and real OpenSSH clients, as people use them."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import time
from pathlib import Path

from tests.host.serverclient import (
    OpenSSHPerson,
    ServerProcess,
    alive,
    children,
    make_key,
    needs_openssh,
    ssh_run,
)
from tests.host.sshclient import WAIT, run

pytestmark = needs_openssh


def workers(server: ServerProcess) -> list[int]:
    """The server's AI worker processes (multiprocessing's spawned interpreters)."""
    found = []
    for pid in children(server.proc.pid):
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes()
        except OSError:
            continue
        if b"spawn_main" in command and alive(pid):
            found.append(pid)
    return found


async def kill_workers(server: ServerProcess, done: set[int]) -> int:
    """SIGKILL every worker not killed before (waiting up to WAIT for one to exist)."""
    end = time.monotonic() + WAIT
    while time.monotonic() < end:
        fresh = [pid for pid in workers(server) if pid not in done]
        if fresh:
            for pid in fresh:
                os.kill(pid, signal.SIGKILL)
            done.update(fresh)
            return len(fresh)
        await asyncio.sleep(0.05)
    raise AssertionError("no AI worker process to kill")


def record_of(server: ServerProcess, key: Path, name: str, number: int) -> str:
    return ssh_run(server.port, key, name, "record", str(number)).stdout


def test_item4_a_worker_killed_while_the_ai_thinks_is_replaced_and_the_move_searched_again(
    plugin_dir: Path, tmp_path: Path
) -> None:
    key = make_key(tmp_path, "alice")
    server = ServerProcess(plugin_dir, tmp_path, "--open-registration", "--workers", "1")
    try:
        ssh_run(server.port, key, "alice", "register", "alice")

        async def scenario() -> tuple[OpenSSHPerson, int]:
            alice = await OpenSSHPerson("alice", key).connect(server.port)
            await alice.until(r"Welcome, alice\.")
            found = await alice.ask(
                "create toygame people=1 ai=mcts:seconds=2 hand=2 time=1d rated",
                r"Table (\d+) created",
            )
            await alice.play_turn()
            # Alice's second turn: the AI has moved once, so its worker runs. Her move
            # sets the AI thinking (2 s); its worker is killed under it.
            await alice.until(r"Your move, alice\.", alice.turns)
            await alice.play_turn()
            await asyncio.sleep(0.5)
            assert await kill_workers(server, set()) >= 1
            await alice.play_to_the_end()
            await alice.until(r"rating toygame 2p alice: new -> ")
            return alice, int(found.group(1))

        alice, number = run(scenario())  # type: ignore[misc]
        assert "forfeit" not in alice.text, alice.text[-2000:]
        record = record_of(server, key, "alice", number)
        assert '"end_reason": "rules"' in record and '"forfeit": null' in record, record[-800:]
        assert "the workers were replaced" in server.stderr()
        assert server.stop()[0] == 0
    finally:
        server.close()


def test_item4_workers_that_keep_dying_pause_the_table_and_nobody_forfeits(
    plugin_dir: Path, tmp_path: Path
) -> None:
    key = make_key(tmp_path, "alice")
    server = ServerProcess(plugin_dir, tmp_path, "--open-registration", "--workers", "1")
    try:
        ssh_run(server.port, key, "alice", "register", "alice")

        async def scenario() -> tuple[OpenSSHPerson, int]:
            alice = await OpenSSHPerson("alice", key).connect(server.port)
            await alice.until(r"Welcome, alice\.")
            found = await alice.ask(
                "create toygame people=1 ai=mcts:seconds=3 hand=2 time=1d rated",
                r"Table (\d+) created",
            )
            await alice.play_turn()
            await alice.until(r"Your move, alice\.", alice.turns)
            await alice.play_turn()
            # Every worker that takes up the AI's move dies, three times in a row: the
            # move cannot be made now, and the table says so instead of ending.
            killed: set[int] = set()
            for _ in range(3):
                await kill_workers(server, killed)
            await alice.until(r"cannot move now \(.*\)\. The table pauses and tries again in")
            # After the pause the move is searched again, and the game goes on.
            await alice.play_to_the_end()
            return alice, int(found.group(1))

        alice, number = run(scenario())  # type: ignore[misc]
        assert "forfeit" not in alice.text, alice.text[-2000:]
        record = record_of(server, key, "alice", number)
        assert '"end_reason": "rules"' in record and '"forfeit": null' in record, record[-800:]
        assert server.stop()[0] == 0
    finally:
        server.close()


CHEAP = {"mcts": "mcts:iterations=20", "openspiel": "openspiel:simulations=2"}
"""A quick spec of the searching kinds, so each table ends in seconds."""


def test_item5_every_ai_kind_offered_at_the_server_plays_there(
    oldapi_plugin_dir: Path, tmp_path: Path
) -> None:
    # The fixture game Rune Tricks (the old-API plugin) has no observation schema or
    # action codec, so OpenSpiel cannot load it (the toy game Rune Duel now has both).
    key = make_key(tmp_path, "alice")
    server = ServerProcess(oldapi_plugin_dir, tmp_path, "--open-registration")
    try:
        ssh_run(server.port, key, "alice", "register", "alice")
        games = ssh_run(server.port, key, "alice", "games").stdout
        offered = re.search(r"AI seats: (.*)", games)
        assert offered, games
        kinds = [k.strip() for k in offered.group(1).split(",")]
        assert "openspiel" in kinds, kinds
        # A game OpenSpiel cannot load is refused when the table is made, in one line,
        # not made into a table whose AI seat can never move.
        refused = ssh_run(server.port, key, "alice", "create", "runetricks", "ai=openspiel").stdout
        assert re.fullmatch(r"not created: ai=openspiel: runetricks has no OpenSpiel form .*\n",
                            refused), refused  # fmt: skip
        # Its search is bounded like mcts's (simulations as iterations).
        greedy = ssh_run(
            server.port, key, "alice", "create", "jorvik", "ai=openspiel:simulations=20001"
        ).stdout
        assert greedy == "not created: ai=openspiel:simulations=20001: at most simulations=20000\n"

        async def watch(kind: str) -> str:
            """A table of the kind against a random player, watched to its end."""
            alice = await OpenSSHPerson("alice", key).connect(server.port)
            await alice.until(r"Welcome, alice\.")
            spec = CHEAP.get(kind, kind)
            await alice.ask(f"create jorvik people=0 ai={spec} ai=random casual", r"created")
            return (await alice.until(r"Game over \((.*)\)\.")).group(1)

        async def scenario() -> list[str]:
            return list(await asyncio.gather(*(watch(kind) for kind in kinds)))

        ends = run(scenario())
        assert ends == ["rules"] * len(kinds), dict(zip(kinds, ends))  # type: ignore[arg-type]
        assert server.stop()[0] == 0
    finally:
        server.close()


def test_item10_weights_paths_at_the_server_are_refused_and_tell_nothing_of_its_files(
    plugin_dir: Path, tmp_path: Path
) -> None:
    key = make_key(tmp_path, "alice")
    named = tmp_path / "named.json"
    named.write_text('{"game": "jorvik", "weights": {}}')
    there = tmp_path / "weights.json"
    there.write_text('{"game": "jorvik", "weights": {}}')
    bare = ServerProcess(plugin_dir, tmp_path, "--open-registration")
    chosen = ServerProcess(
        plugin_dir, tmp_path, "--open-registration", "--ai-weights", str(named), db="b.sqlite"
    )
    try:
        for server, refusal in (
            (bare, "no weights="),
            (chosen, f"only {named}"),
        ):
            ssh_run(server.port, key, "alice", "register", "alice")
            # A file that exists, one that does not, a device: one answer, nothing read.
            for path in (there, "/etc/passwd", tmp_path / "absent.json", "/dev/zero"):
                answer = ssh_run(
                    server.port, key, "alice", "create", "jorvik", f"ai=greedy:weights={path}"
                ).stdout
                assert answer == f"not created: ai=greedy: {refusal} at this server (a file of" \
                                 " its machine)\n", (path, answer)  # fmt: skip
            assert "jorvik" not in ssh_run(server.port, key, "alice", "tables").stdout
        # The operator's own file is taken, as the operator wrote it.
        made = ssh_run(
            chosen.port, key, "alice", "create", "jorvik", f"ai=greedy:weights={named}", "casual"
        ).stdout
        assert re.search(r"Table \d+ created", made), made
        assert bare.stop()[0] == 0 and chosen.stop()[0] == 0
    finally:
        bare.close()
        chosen.close()
