"""Over ``vikingcli serve``, a connection learns only its own seat's secrets: the
Walhalla leaks issue 11 found (face-down end-of-raid cards, and who holds a Hunt card)
are gone, read from what a real ssh client received."""

from __future__ import annotations

import re
from pathlib import Path

import pyte
import pytest

from tests.host import sshclient
from tests.host.sshclient import Person, Server, keys, run
from tests.walhalla.test_narration import reveal_lines, simulate_raid_1
from vikingcli.core.fairdeal import Deal

pytestmark = pytest.mark.slow


def test_face_down_cards_and_the_hunt_question_tell_an_ssh_seat_nothing(tmp_path: Path) -> None:
    seed = 4  # a deal where a random seat lays a card face down and the Hunt is asked blind
    # ``serve --seed N`` makes N the server seed: the deal and the AI seats' seeds come
    # from it (and alice's drawn seed) as the table computes them.
    deal = Deal.new(seed)
    inputs, moves, blind_hunts, faced = simulate_raid_1(deal.finish([0]), deal.ai_seed())
    assert blind_hunts and any(seat and text.startswith("play ") for seat, text in moves)
    key = keys(tmp_path, "alice")
    server = Server(
        tmp_path, tmp_path, "walhalla", "-p", "human", "-p", "random", "-p", "random",
        "--seed", str(seed), "--authorized-keys", "authorized_keys",
    )  # fmt: skip
    alice = Person("alice", key["alice"])
    names = ["alice", "random 2", "random 3"]

    async def scenario() -> str:
        await alice.connect(server.port)
        for line in inputs:
            await alice.next_decision()
            alice.type(line)
            # Taken once the log shows it: only then is the next prompt a new question.
            found = await alice.until(r"^ *\d+\. alice: .*$", alice.turns)
            alice.turns = found.end()
        await alice.until(r"the face-down cards are revealed")
        for _ in names:
            await alice.until(r"reveals .*\n")
        await alice.ask("quit", r"Your seat stays yours")
        return alice.text

    try:
        seen = run(scenario())
    finally:
        server.close()
    assert isinstance(seen, str)
    reveal = seen.index("the face-down cards are revealed")
    before, after = seen[:reveal], seen[reveal:]
    assert not re.search(r"random \d: play ", before), before[-3000:]
    for i, (seat, text) in enumerate(moves):
        if seat and text.startswith("play "):
            assert f"{i + 1:>4}. random {seat + 1}: lays a card face down" in before
    for number in blind_hunts:  # asked of an occupier without a Hunt card, as of anyone
        assert f"{number:>4}. {names[moves[number - 1][0]]}: no hunt" in before
    for line in reveal_lines(faced, names):
        assert line in after


class _Recording(pyte.ByteStream):
    """A terminal's byte stream that also keeps every byte it was sent."""

    def __init__(self, screen: pyte.Screen) -> None:
        super().__init__(screen)
        self.raw = bytearray()

    def feed(self, data: bytes) -> None:
        self.raw += data
        super().feed(data)


def test_item35_a_full_screen_ssh_client_reads_the_rules_from_their_first_letter(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 80x24 over ``serve``, ``rules`` opened in the pager as 'ALHALLA (AMIGO...':
    asyncssh's line editor sat between prompt-toolkit and the client, made each line end
    with one more CR and, counting escape codes as columns, rubbed out a cell (' \\b')."""
    monkeypatch.setattr(sshclient, "COLS", 80)
    monkeypatch.setattr(sshclient, "ROWS", 24)
    key = keys(tmp_path, "alice")
    server = Server(
        tmp_path, tmp_path, "walhalla", "-p", "human", "-p", "random", "-p", "random",
        "--seed", "4", "--authorized-keys", "authorized_keys",
    )  # fmt: skip
    alice = Person("alice", key["alice"], plain=False)
    stream = alice.stream = _Recording(alice.screen)

    async def scenario() -> list[str]:
        await alice.connect(server.port)
        await alice.on_screen(r"^alice( \(your move\))? >")
        alice.type("rules")
        await alice.on_screen(r"lines 1-\d+ of \d+: PageUp")
        return alice.screen_lines()

    try:
        lines = run(scenario())
    finally:
        server.close()
    assert isinstance(lines, list)
    assert lines[0].startswith("WALHALLA (AMIGO 2006)"), "\n".join(lines)
    # prompt-toolkit's CR LF, whose LF its SSH output makes CR LF, and nothing more
    assert b"\r\r\r" not in stream.raw
