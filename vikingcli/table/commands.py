"""What a line typed at a shared table means: a person's look-ups, table talk and
moves, and the host's console commands; and the prompt, live status line, Tab
completions and board pane each connection shows.

A front end (:mod:`vikingcli.table.ssh`) calls these for each connection. They read
the :class:`~vikingcli.table.shared.Table`'s state and change it only through its
methods (``say``, ``take``, ``hint``, ``start``, ``release``, ``stop``) or by
answering the move it is waiting for, so the rules of seats and of the game stay in
:mod:`vikingcli.table.shared`.
"""

from __future__ import annotations

from typing import Any

from vikingcli.core.numbers import whole_number
from vikingcli.engine import IllegalAction
from vikingcli.engine.text import named_fragments
from vikingcli.table.limits import MAX_LINE
from vikingcli.table.lookups import LOOKUP, look_up
from vikingcli.table.places import Place
from vikingcli.table.shared import Table

HELP = (
    "Type an action (Tab completes) when it is your move. Look-ups answer at any time: "
    "'board', 'actions' (your legal actions), 'rules', the game's views, 'log' (the whole "
    "log, on a full screen), 'seats' (who sits "
    "where), 'say TEXT' (one line to everyone at the table), 'hint' (the AI's best moves for "
    "you), 'seed TEXT' (your own seed for the deal, before the cards are dealt), 'help'. "
    "'quit' leaves; your "
    "seat stays yours and the same key gets it back."
)
WATCH_HELP = (
    "You are watching: you see what every spectator sees and cannot play. Look-ups: "
    "'board', 'rules', the game's views, 'seats', 'say TEXT', 'help'; 'quit' leaves."
)
CONSOLE_HELP = (
    "console: 'seats' lists the seats, 'start' begins without the missing people, "
    "'release N' frees seat N for the next person, 'say TEXT' talks to the table, "
    "'stop' saves and closes the table."
)


def prompt(table: Table, place: Place) -> tuple[str, str]:
    """The prompt text and its style class for ``place``."""
    if place.seat is not None and table.pending.get(place.seat) is not None:
        return f"{place.name} (your move) > ", "class:yourmove"
    return f"{place.name} > ", "class:prompt"


def status(table: Table, place: Place) -> str:
    """The live line under the prompt."""
    if table.finished:
        return "game over"
    if not table.go.is_set():
        waiting = ", ".join(f"seat {s + 1} ({table.expected(s)})" for s in table.missing())
        return f"lobby: waiting for {waiting}"
    mover = table.match.game.to_move(table.match.state)
    role = "watching; " if place.seat is None else ""
    if mover is None:
        return role + "game over"
    if mover == place.seat:
        return f"move {len(table.match.actions) + 1}: your move"
    away = " (away)" if mover in table.humans and mover not in table.holders else ""
    return f"{role}move {len(table.match.actions) + 1}: {table.seat_name(mover)}{away} to move"


def board(table: Table, place: Place) -> Any:
    """The board as ``place`` sees it (its seat's view, or the public one), as formatted
    text with the seats' names: what a full screen's board pane draws."""
    match = table.match
    if _undealt(table):
        return NOT_DEALT
    return named_fragments(match.game.render(match.state, place.seat), match.names)


NOT_DEALT = "The cards are dealt when the game begins."
"""What the board is before the deal (the position then is a placeholder, no deal)."""


def _undealt(table: Table) -> bool:
    deal = table.record.deal
    return deal is not None and not deal.dealt


def completions(table: Table, place: Place) -> list[str]:
    words = ["board", "help", "rules", "say ", "seats", "quit"]
    if place.seat is None:
        return [*words, "take"] if table.owner_of(place.who) is not None else words
    if table.pending.get(place.seat) is not None:
        return [*table.match.game.legal_action_texts(table.match.state), "actions", *words]
    return ["actions", *words]


def handle(table: Table, place: Place, raw: str) -> bool:
    """Answer one line typed at ``place``; ``False`` when the person leaves."""
    show = place.screen.show
    line = raw.strip()
    if not line:
        return True
    if len(line) > MAX_LINE:
        show(f"line too long ({len(line)} characters, at most {MAX_LINE}); ignored", "error")
        return True
    if "\ufffd" in line:
        show("that line was not valid UTF-8; ignored", "error")
        return True
    word, _, rest = line.partition(" ")
    if line in ("quit", "exit"):
        if place.seat is not None:
            show("Bye. Your seat stays yours: connect again with the same key to go on.")
        return False
    if word == "say":
        table.say(place.name, rest, watching=place.seat is None, place=place)
        return True
    if line == "seats":
        show("\n".join(table.seat_lines()))
        return True
    if word == "seed":
        table.add_seed(place.seat, place.screen, rest)
        return True
    if line == "take":
        table.take(place)
        return True
    if line == "hint":
        table.hint(place)
        return True
    game, state = table.match.game, table.match.state
    helps = HELP if place.seat is not None else WATCH_HELP
    answer = look_up(game, state, place.seat, line, helps, table.match.names)
    if answer is not None:
        # Before the deal only what needs no position: the rules and the help.
        early = _undealt(table) and word not in ("rules", "help", "?")
        show(NOT_DEALT if early else answer, LOOKUP)
        return True
    if place.seat is None:
        show("you are watching and cannot play (type 'help' for what you can do)", "error")
        return True
    pending = table.pending.get(place.seat)
    if pending is None or pending.done():
        if not table.go.is_set():
            show("the game has not begun; nothing typed now is kept", "error")
        else:
            mover = game.to_move(state)
            whom = "nobody" if mover is None else table.seat_name(mover)
            show(f"not your move ({whom} is to move); nothing typed early is kept", "error")
        return True
    try:
        action = game.parse_action(state, line)
    except IllegalAction as exc:
        show(f"not legal: {exc}", "error")
        return True
    pending.set_result(action)
    return True


def console(table: Table, line: str) -> str:
    """A command typed at the server console; returns its answer."""
    word, _, rest = line.strip().partition(" ")
    if word == "seats":
        return "\n".join(table.seat_lines())
    if word == "start":
        if table.go.is_set():
            return "the game is already on"
        table.start("the host started the game")
        return "started"
    if word == "release":
        try:
            seat = whole_number(rest, 1, len(table.match.seats), "N")
        except ValueError as exc:
            return f"release N: {exc} (a seat number)"
        return table.release(seat - 1)  # people count seats from 1
    if word == "say":
        table.say("host", rest)
        return "said"
    if word == "stop":
        table.stop("the host stopped the table")
        return "stopping"
    if word in ("help", "?"):
        return CONSOLE_HELP
    return f"unknown command {word!r}; {CONSOLE_HELP}"
