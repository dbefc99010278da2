"""Hot-seat: two people share one terminal, and neither ever sees the other's hand.

The game runs in a real pseudo-terminal and its output goes through a terminal
emulator (pyte), so the test reads the screen exactly as a person would."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from tests.terminal import WAIT
from tests.terminal import Terminal as SharedTerminal

COLS, ROWS = 100, 150
PROMPT = re.compile(r"^(ann|bo) > *$")


class Terminal(SharedTerminal):
    """The shared test terminal, tall enough that nothing scrolls off unless cleared."""

    def __init__(self, args: list[str], cwd: Path) -> None:
        super().__init__(args, cwd, COLS, ROWS)

    def wait_for(self, pattern: re.Pattern[str], timeout: float = WAIT) -> str:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            self.pump(0.1)
            last = next((ln for ln in reversed(self.lines()) if ln.strip()), "")
            if pattern.search(last):
                return last
        raise AssertionError("timed out; the screen shows:\n" + "\n".join(self.lines()))

    def say(self, text: str) -> None:
        """Type a line and wait until the screen shows it was taken: the old prompt
        still matches until then, and a screen read too early is the last one."""
        before = self.lines()
        self.type(text)
        end = time.monotonic() + WAIT
        while self.lines() == before and time.monotonic() < end:
            self.pump(0.02)


@pytest.mark.slow
def test_one_persons_hand_is_never_on_screen_while_the_others_prompt_is(tmp_path: Path) -> None:
    term = Terminal(
        ["play", "walhalla", "--plain", "-p", "ann=human", "-p", "bo=human", "-p", "greedy",
         "--seed", "4"],
        tmp_path,
    )
    colour = {"ann": "RED", "bo": "BLACK"}
    turns = {"ann": 0, "bo": 0}
    try:
        for _ in range(40):
            last = term.wait_for(re.compile(r"press Enter|^(ann|bo) > *$"))
            if "press Enter" in last:
                # The hand-over screen shows no hand at all.
                assert not any("your hand" in line for line in term.lines())
                term.say("")
                continue
            person = PROMPT.match(last).group(1)  # type: ignore[union-attr]
            other = "bo" if person == "ann" else "ann"
            screen = "\n".join(term.lines())
            assert f"your hand ({colour[person]})" in screen
            assert f"your hand ({colour[other]})" not in screen, screen
            turns[person] += 1
            term.say("actions")
            term.wait_for(PROMPT)
            offered = term.lines()
            row = offered[max(i for i, ln in enumerate(offered) if ln.startswith(person)) - 1]
            term.say(row.split("  ")[0])
        assert min(turns.values()) >= 3, turns
    finally:
        term.close()


@pytest.mark.slow
def test_on_the_full_screen_no_hand_shows_to_the_wrong_person_across_undo_and_defences(
    tmp_path: Path,
) -> None:
    """The full-screen table (issue 27): at every screen, a hand-over shows no hand;
    a person's screen shows their hand and never the other's; bo's undo request is
    put to ann through a hand-over, on her own screen; keys typed at a hand-over are
    not moves."""
    term = SharedTerminal(
        ["play", "walhalla", "-p", "ann=human", "-p", "bo=human", "-p", "greedy", "--seed", "4",
         "--pace", "0"],
        tmp_path, 100, 40,
    )  # fmt: skip
    colour = {"ann": "RED", "bo": "BLACK"}
    turns = {"ann": 0, "bo": 0}
    asked_undo = consented = typed_at_handover = False

    def screen_state(lines: list[str]) -> str | None:
        last = lines[-1]
        if last.startswith("press Enter >"):
            return "handover"
        found = re.match(r"^(ann|bo)(?: \(your move\)|: y/n) >", last)
        return found.group(0) if found else None

    try:
        for _ in range(60):
            lines = term.until(lambda ls: screen_state(ls) is not None)
            state = screen_state(lines)
            screen = "\n".join(lines)
            if state == "handover":
                assert "your hand" not in screen, screen
                if not typed_at_handover:
                    term.type("lose")  # not a move: the hand-over says so
                    term.until(lambda ls: any("only hands over" in ln for ln in ls))
                    typed_at_handover = True
                term.type("")
                term.until(lambda ls: not ls[-1].startswith("press Enter >"))
                continue
            assert state is not None
            person = state.split()[0].rstrip(":")
            other = "bo" if person == "ann" else "ann"
            assert f"your hand ({colour[other]})" not in screen, screen
            if state.endswith("y/n >"):
                assert "asks to undo" in screen
                term.type("y")
                consented = True
                term.until(lambda ls: not ls[-1].endswith("y/n >"))
                continue
            assert f"your hand ({colour[person]})" in screen, screen
            turns[person] += 1
            if person == "bo" and turns["bo"] == 3 and not asked_undo:
                term.type("undo")
                asked_undo = True
                term.until(lambda ls: ls[-1].startswith("press Enter >"))  # to ann
                continue
            status = lines[-2]
            term.type(_first_legal(tmp_path / "saves" / "walhalla-4.json", status))
            # Read the next screen only once this move is made (the status line moves on).
            term.until(lambda ls, asked=status: ls[-2] != asked)
        assert min(turns.values()) >= 3 and asked_undo and consented and typed_at_handover
    finally:
        term.close()


def _first_legal(save: Path, status: str) -> str:
    """The first legal move of the position the status line asks about."""
    return _first_legal_of(save, status)[0]


def _first_legal_of(save: Path, status: str) -> list[str]:
    """The legal moves of the position the status line asks about, read from the
    game's autosave (written before the move is asked for)."""
    from vikingcli.core.registry import load_registry
    from vikingcli.saves.match_file import load_match

    number = int(re.search(r"move (\d+)", status).group(1))  # type: ignore[union-attr]
    end = time.monotonic() + WAIT
    while time.monotonic() < end:
        match = load_match(save, load_registry())
        if len(match.actions) == number - 1:
            return match.game.legal_action_texts(match.state)
        time.sleep(0.05)
    raise AssertionError(f"the save never reached move {number}")


@pytest.mark.slow
def test_graenaland_votes_at_one_screen_show_each_person_only_their_own_hand(
    tmp_path: Path,
) -> None:
    """Votes and secret hero moves at one screen (full-screen): every question to a
    person comes through a hand-over, and a screen shows only its person's hand (the
    seat row marked 'you' is theirs; the others read 'N cards')."""
    term = SharedTerminal(
        ["play", "graenaland", "-p", "ann=human", "-p", "bo=human", "-p", "greedy",
         "--seed", "3", "--pace", "0"],
        tmp_path, 100, 40,
    )  # fmt: skip
    voted = {"ann": 0, "bo": 0}
    screens = 0
    try:
        while screens < 60 and min(voted.values()) < 1:
            lines = term.until(
                lambda ls: ls[-1].startswith("press Enter >") or "(your move) >" in ls[-1]
            )
            screen = "\n".join(lines)
            if lines[-1].startswith("press Enter >"):
                assert "(you" not in screen, screen  # no seat is anyone's at a hand-over
                term.type("")
                term.until(lambda ls: not ls[-1].startswith("press Enter >"))
                continue
            screens += 1
            person = lines[-1].split()[0]
            other = "bo" if person == "ann" else "ann"
            mine = [ln for ln in lines if "(you" in ln]
            assert mine and all(person in ln and other not in ln for ln in mine), screen
            status = lines[-2]
            legal = _first_legal_of(tmp_path / "saves" / "graenaland-3.json", status)
            if set(legal) == {"yes", "no"}:
                voted[person] += 1
            term.type(legal[0])
            term.until(lambda ls, asked=status: ls[-2] != asked)
        assert min(voted.values()) >= 1, voted
    finally:
        term.close()
