"""Over ``vikingcli serve``, a connection learns only its own seat's secrets: the
Graenaland leaks issue 11 found (other seats' hero moves before the person commits,
other seats' kept victory cards) are gone, read from what a real ssh client received."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import pytest

from tests.host.sshclient import Person, Server, keys, run

pytestmark = pytest.mark.slow


def _serve(folder: Path, *args: str) -> tuple[Server, Person]:
    key = keys(folder, "alice")
    server = Server(folder, folder, "graenaland", *args, "--authorized-keys", "authorized_keys")
    return server, Person("alice", key["alice"])


def test_other_seats_hero_moves_stay_secret_until_the_reveal(tmp_path: Path) -> None:
    # The table of the `play` test: alice (p1) is the lead in round 1 and builds
    # nothing; in round 2 two greedy seats commit hero moves before she does.
    server, alice = _serve(
        tmp_path, "-p", "human", "-p", "greedy", "-p", "greedy", "-p", "greedy", "--seed", "5"
    )

    async def scenario() -> tuple[str, str]:
        await alice.connect(server.port)
        # Whatever the deal asks of her first (votes, builds), she answers as simply as
        # she can, until her first hero move: then the others' may be committed. The
        # board drawn before each of her decisions names it; reading that (not the
        # scrolling text around a prompt, which redraws) keeps her answers in step.
        answers = {"a vote": "no", "build": "end"}
        asked = r"^Graenaland round \d+/\d+, (.+?): alice to act"
        for _ in range(40):
            decision = await alice.until(asked, alice.turns)
            alice.turns = decision.end()
            await alice.until(r"^alice \(your move\) > *$", alice.turns)
            if decision.group(1) == "hero moves":
                break
            assert decision.group(1) in answers, decision.group(0)
            alice.type(answers[decision.group(1)])
        before = alice.text
        alice.type("stay")
        await alice.until(r"hero moves revealed: ")
        await alice.until(r"\n")
        after = alice.text[len(before) :]
        await alice.ask("quit", r"Your seat stays yours")
        return before, after

    try:
        before, after = run(scenario())  # type: ignore[misc]
    finally:
        server.close()
    revealed = re.search(r"hero moves revealed: (.*)", after)
    assert revealed, after
    others = re.findall(r"(greedy \d) (?:stay|wl |pr |sk )", revealed.group(1))
    assert len(others) == 2, revealed.group(0)  # the two seats that committed first
    for name in others:
        assert re.search(rf"\d+\. {name}: chose a hero move", before), before[-2000:]
    assert not re.search(r"greedy \d: (stay|wl |pr |sk )", before), before[-2000:]


def test_other_seats_kept_victory_cards_are_never_named(tmp_path: Path) -> None:
    # Seed 6 with victory cards: each seat keeps one of its cards before round 1.
    server, alice = _serve(
        tmp_path, "-p", "human", "-p", "greedy", "-p", "greedy",
        "--seed", "6", "--option", "victory=cards",
    )  # fmt: skip

    async def scenario() -> str:
        await alice.connect(server.port)
        await alice.until(r"Your move, alice\.")
        listed = await alice.ask("actions", r"^(keep VC\d+)")
        alice.type(listed.group(1))
        await alice.until(r"3\. greedy 3: ")
        await asyncio.sleep(0.5)  # anything else sent about the keeps arrives too
        await alice.ask("quit", r"Your seat stays yours")
        return alice.text

    try:
        seen = run(scenario())
    finally:
        server.close()
    assert isinstance(seen, str)
    assert re.search(r"1\. alice: keep VC\d+", seen)
    for seat in (2, 3):
        assert f"{seat}. greedy {seat}: kept a victory card" in seen
        assert not re.search(rf"greedy {seat}: keep VC", seen)
    # alice's own cards show; the others' never do
    shown = set(re.findall(r"VC\d+", seen))
    assert shown <= set(re.findall(r"VC\d+", seen[: seen.index("2. greedy 2")])), shown
