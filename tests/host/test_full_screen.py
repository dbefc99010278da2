"""The full-screen table as people see it (issue 27): a real pseudo-terminal at 80x24,
read through the pyte terminal emulator, locally and through a real OpenSSH client.

At every prompt the board's first line is on the screen; the completion menu opens
on Tab; a resize to 100x30 and back lays the screen out again; scorings stay in the
log pane; undo after forced moves reaches the previous real decision."""

from __future__ import annotations

import random
import re
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.terminal import Terminal
from vikingcli.core.match import Match, Seat
from vikingcli.core.registry import load_registry
from vikingcli.core.specs import parse_spec
from vikingcli.saves.match_file import write_save

REG = load_registry()
STATUS_MOVE = re.compile(r"move \d+: your move")


def _move_number(lines: list[str]) -> int:
    """The move number the status line asks ann for (0 when it asks nothing)."""
    found = next((m for ln in lines if (m := re.search(r"move (\d+): your move", ln))), None)
    return int(found.group(1)) if found else 0


def _your_move(term: Terminal) -> list[str]:
    """The screen once it asks for a move: the status line says so, and the prompt."""
    return term.until(
        lambda lines: any(STATUS_MOVE.search(ln) for ln in lines[-2:])
        and "(your move) >" in lines[-1]
    )


def _status_row(lines: list[str]) -> int:
    return max(i for i, ln in enumerate(lines) if STATUS_MOVE.search(ln))


def test_jorvik_at_80x24_board_on_top_tab_menu_resize_and_undo_after_forced_moves(
    tmp_path: Path,
) -> None:
    """The issue's repro: `place 1`, `place 2`, `place 3`, `buy`, then `undo` twice:
    the first undo skips the forced 'end' played for ann and goes back to her buy,
    the second to her last placement."""
    term = Terminal(
        ["play", "jorvik", "-p", "ann=human", "-p", "greedy", "--seed", "4", "--pace", "0"],
        tmp_path,
    )
    try:
        lines = _your_move(term)
        assert lines[0].startswith("Jórvík Karl, round 1"), "\n".join(lines)
        assert lines[-1].startswith("ann (your move) >")
        # Tab: the legal moves in a menu, above the prompt on the bottom row.
        term.keys("pl\t")
        menu = term.until(lambda ls: sum("place " in ln for ln in ls[-10:-1]) >= 3)
        assert any(re.search(r"\bplace 1\b", ln) for ln in menu[-10:-1])
        term.keys("\x15")  # Ctrl-U: the typed text goes
        # A bigger window: the same screen, laid out again at its new bottom.
        term.resize(100, 30)
        term.until(
            lambda ls: len(ls) == 30
            and STATUS_MOVE.search(ls[28]) is not None
            and ls[0].startswith("Jórvík Karl, round 1")
        )
        term.resize(80, 24)
        term.until(
            lambda ls: len(ls) == 24
            and STATUS_MOVE.search(ls[22]) is not None
            and ls[0].startswith("Jórvík Karl, round 1")
        )

        for move in ("place 1", "place 2", "place 3", "buy"):
            asked = _move_number(term.lines())
            term.type(move)
            # The screen read right after typing may still be the one before the move:
            # wait for the move in the log, or (its narration may fill the two-line log
            # pane) for a later move asked of ann.
            term.until(
                lambda ls, m=move, n=asked: any(f". ann: {m}" in ln for ln in ls)
                or _move_number(ls) > n
            )
            lines = _your_move(term)
            assert lines[0].startswith("Jórvík Karl"), "\n".join(lines)
        log = "\n".join(lines)
        assert "ann: end (forced)" in log, log
        term.type("undo")
        first = term.until(lambda ls: any("Back to move 7" in ln for ln in ls))
        assert first[0].startswith("Jórvík Karl")
        term.type("undo")
        term.until(lambda ls: any("Back to move 6" in ln for ln in ls))
        term.type("quit")
        term.until(lambda ls: term.proc.poll() is not None)
    finally:
        term.close()
    assert term.proc.returncode == 0


def _save_before_a_scoring(
    tmp_path: Path, game_name: str, n: int, marker: Callable[[str], bool]
) -> tuple[Path, str]:
    """A save of a game (seat 1 a person, the others random) just before a move of
    the person's that ends in a scoring (``marker`` picks its log lines), and that move."""
    game = REG.games[game_name]
    kinds = REG.players
    for seed in range(1, 200):
        seats = [Seat("ann", parse_spec("human", kinds))] + [
            Seat(f"random {i + 1}", parse_spec("random", kinds)) for i in range(1, n)
        ]
        match = Match(game, game.resolve_options({}), seed, seats, narrating=True)
        rng = random.Random(seed)
        while not match.over:
            mover = game.to_move(match.state)
            before = list(match.actions)
            text = rng.choice(game.legal_action_texts(match.state))
            match.apply_text(text)
            if mover == 0 and any(marker(line) for line in match.narrate(0)):
                match.rewind(len(before))
                path = tmp_path / f"{game_name}.json"
                write_save(match, path)
                return path, text
    raise AssertionError(f"no {game_name} game with a scoring after the person's move")


@pytest.mark.parametrize(
    ("game", "n", "marker", "first"),
    [
        ("wikinger", 2, lambda line: "scoring after round" in line, "WIKINGER"),
        ("walhalla", 3, lambda line: line.startswith("end of raid"), "WALHALLA"),
    ],
    ids=["wikinger-round-scoring", "walhalla-end-of-raid"],
)
def test_a_scoring_stays_in_the_log_pane(
    tmp_path: Path, game: str, n: int, marker: Callable[[str], bool], first: str
) -> None:
    save, move = _save_before_a_scoring(tmp_path, game, n, marker)
    term = Terminal(["resume", str(save), "--pace", "0"], tmp_path)
    try:
        lines = _your_move(term)
        assert lines[0].startswith(first), "\n".join(lines)
        if game == "walhalla":  # a board that fits is shown whole, above the log
            rule = next(i for i, ln in enumerate(lines) if ln.startswith("──"))
            assert any(ln.startswith("your hand (RED)") for ln in lines[:rule])
        term.type(move)
        # The scoring's lines are in the log pane: on screen, or a PageUp away.
        seen: list[str] = []
        for _ in range(6):
            lines = term.until(lambda ls: any(f". ann: {move}" in ln for ln in ls) or True)
            seen += lines
            if any("scor" in ln or "end of raid" in ln for ln in lines):
                break
            term.keys("\x1b[5~")
        assert any("scor" in ln or "end of raid" in ln for ln in seen), "\n".join(lines)
        term.type("quit")
    finally:
        term.close()


def _openssh() -> str:
    ssh = shutil.which("ssh")
    if ssh is None:
        pytest.skip("no OpenSSH client (ssh) on this machine")
    return ssh


def _served_toygame(plugin_dir: Path, tmp_path: Path) -> tuple[Any, Terminal]:
    """``vikingcli serve`` of a toygame table, and a real OpenSSH client of it at 80x24."""
    ssh = _openssh()
    from tests.host.sshclient import Server

    server = Server(
        plugin_dir, tmp_path, "toygame", "-p", "human", "-p", "random", "--seed", "6",
        "--save", "t", "--open",
    )  # fmt: skip
    client = Terminal(
        [], tmp_path, 80, 24,
        command=[ssh, "-tt", "-p", str(server.port), "-o", "StrictHostKeyChecking=no",
                 "-o", "UserKnownHostsFile=/dev/null", "-o", "LogLevel=ERROR",
                 "-o", "PreferredAuthentications=keyboard-interactive",
                 "-F", "/dev/null", "ann@127.0.0.1"],
    )  # fmt: skip
    return server, client


def test_a_real_openssh_client_gets_the_full_screen_table(
    plugin_dir: Path, tmp_path: Path
) -> None:
    server, client = _served_toygame(plugin_dir, tmp_path)
    try:
        lines = _your_move(client)
        assert lines[0].startswith("Rune Duel"), "\n".join(lines)
        assert lines[-1].startswith("ann (your move) >")
        client.keys("pl\t")
        client.until(lambda ls: sum("play " in ln for ln in ls[-10:-1]) >= 2)
        client.keys("\x15")
        client.resize(100, 30)
        client.until(
            lambda ls: len(ls) == 30
            and STATUS_MOVE.search(ls[28]) is not None
            and ls[0].startswith("Rune Duel")
        )
        client.resize(80, 24)
        client.until(
            lambda ls: len(ls) == 24
            and STATUS_MOVE.search(ls[22]) is not None
            and ls[0].startswith("Rune Duel")
        )
        client.type("quit")
        client.until(lambda ls: client.proc.poll() is not None)
    finally:
        client.close()
        server.close()


def test_sigint_stops_serve_while_a_full_screen_client_is_at_its_prompt(
    plugin_dir: Path, tmp_path: Path
) -> None:
    """The client's screen took the host's SIGINT: the operator's ^C went to the person
    as a key ('^C: type quit to leave') and the table went on."""
    server, client = _served_toygame(plugin_dir, tmp_path)
    try:
        _your_move(client)
        code, out = server.stop(signal.SIGINT)
        assert code == 0 and "reopen with: vikingcli serve --resume" in out, out
        client.until(lambda ls: any("the host stopped the table (SIGINT)" in ln for ln in ls))
    finally:
        client.close()
        server.close()


def test_play_with_one_named_person_fills_the_table_with_the_default_ai(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "vikingcli", "play", "walhalla", "-p", "ann=human", "--seed", "2",
         "--save", "w"],
        input="quit\n", capture_output=True, text=True, cwd=tmp_path, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "ann (RED, you)" in done.stdout


def _log_pane(lines: list[str]) -> list[str]:
    rule = next(i for i, ln in enumerate(lines) if ln.startswith("──"))
    return lines[rule + 1 : -2]


def test_page_up_and_page_down_move_the_log_a_whole_page(tmp_path: Path) -> None:
    """One PageUp shows the page above, keeping its top line at the bottom; PageDown
    comes back the same way (before, the first PageUp moved the log by one line)."""
    term = Terminal(
        ["play", "jorvik", "-p", "ann=human", "-p", "greedy", "--seed", "4", "--pace", "0"],
        tmp_path,
    )
    try:
        _your_move(term)
        for i in range(30):
            term.type(f"zz{i}")
        newest = _log_pane(term.until(lambda ls: any("'zz29'" in ln for ln in ls)))
        rows = len(newest)
        assert rows >= 5 and "'zz29'" in newest[-1], "\n".join(newest)
        term.keys("\x1b[5~")
        page = _log_pane(term.until(lambda ls: "'zz29'" not in "\n".join(_log_pane(ls))))
        assert page[-1] == newest[0], "\n".join(page)
        assert f"'zz{29 - 2 * (rows - 1)}'" in page[0], "\n".join(page)
        term.keys("\x1b[6~")
        back = _log_pane(term.until(lambda ls: "'zz29'" in "\n".join(_log_pane(ls))))
        assert back == newest, "\n".join(back)
        term.type("quit")
    finally:
        term.close()
