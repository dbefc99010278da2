"""Issue 35: a turn notification at a shared table. When the table tells a person
"Your move" the full screen rings the terminal bell and sends a desktop notice (OSC 9
and OSC 777); on by default, ``notify off`` silences it and ``notify on`` brings it
back; other lines never ring."""

from __future__ import annotations

from tests.screens import screens
from vikingcli.table.screen import TableScreen

BOARD = "THE BOARD"
NAMES = ["alice", "bob"]
BELL = "\a"
OSC9 = "\x1b]9;Your move, alice.\x07"
OSC777 = "\x1b]777;notify;vikingcli;Your move, alice.\x07"


def _turn(table: TableScreen) -> None:
    table.show("Your move, alice.", "yourmove")


def _move(table: TableScreen) -> None:
    table.show("   3. bob: take 4")


def test_item35_your_move_rings_and_sends_a_desktop_notice() -> None:
    raw: list[str] = []
    screens(BOARD, NAMES, [_move], raw=raw)
    assert BELL not in "".join(raw)  # a move by another is no notice
    raw.clear()
    shots = screens(BOARD, NAMES, [_turn], raw=raw)
    written = "".join(raw)
    assert BELL in written and OSC9 in written and OSC777 in written
    assert "Your move, alice." in shots[-1]  # the line shows as before


def test_item35_notify_off_silences_it_and_notify_on_brings_it_back() -> None:
    raw: list[str] = []
    shots = screens(BOARD, NAMES, ["notify off\r", _turn], raw=raw)
    assert "turn notification off ('notify off'/'notify on')" in shots[1]
    assert BELL not in "".join(raw) and "]9;" not in "".join(raw)
    raw.clear()
    shots = screens(BOARD, NAMES, ["notify off\r", "notify on\r", _turn], raw=raw)
    assert any("turn notification on" in line for line in shots[2])
    assert OSC9 in "".join(raw)


def test_item35_notify_with_a_wrong_word_says_what_it_takes() -> None:
    typed: list[str] = []
    shots = screens(BOARD, NAMES, ["notify loud\r"], typed=typed)
    assert "notify: say 'notify on' or 'notify off'" in shots[1]
    assert typed == []
