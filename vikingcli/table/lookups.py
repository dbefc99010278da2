"""Look-ups a person types at any prompt (``help``, ``actions``, ``board``, ``board
N``/``board NAME`` (one seat's board), ``rules`` and the game's own views): the same
answers at the local prompt and at an SSH table."""

from __future__ import annotations

from collections.abc import Sequence

from vikingcli.engine import Game, IllegalAction, State
from vikingcli.engine.game import DIGITS_ONLY
from vikingcli.engine.text import columns, quoted, shown

LOOKUP = "lookup"
"""The style a look-up's answer is shown with: a full screen puts it in the log when
it fits the log pane, else in its pager; line mode prints it."""

HELP = (
    "Type an action (Tab completes). Commands: 'actions' lists the legal actions, "
    "'board' shows the table again, 'board NAME' one seat's board, 'log' the whole log "
    "(full screen), 'legend' explains "
    "its abbreviations, 'rules' prints the rules summary, the game's own views, 'hint' "
    "asks the AI for the best moves, 'undo' takes back your last decision, 'quit' saves "
    "and leaves."
)


def look_up(
    game: Game,
    state: State,
    seat: int | None,
    line: str,
    help_text: str = HELP,
    names: Sequence[str] = (),
) -> str | None:
    """The answer to a look-up typed at a prompt (``help``, ``actions``, ``board``,
    ``rules`` or one of the game's views), or ``None`` when ``line`` is not one.

    Shared by the local prompt and the SSH tables, so a person gets the same answers
    everywhere. ``seat`` is whose eyes look (``None``: a spectator); the legal actions
    are listed only to the seat to move, because they can name that seat's hand."""
    if line in ("help", "?"):
        return help_text
    if line == "actions":
        mover = game.to_move(state)
        if seat is None or mover != seat:
            return "no actions for you now: it is not your move"
        return columns(game.legal_action_texts(state))
    if line == "board":
        return shown(game.render(state, seat), names)
    if line.startswith("board "):
        who = line.removeprefix("board ").strip()
        if _seat_number(game, state, who, names) is None and _names_a_move(
            game, state, seat, line
        ):
            return None
        return seat_board(game, state, seat, who, names)
    if line == "rules":
        return game.rules_text()
    if not line.isascii() and any(ch.isnumeric() for ch in line if not ch.isascii()):
        return f"{quoted(line, 40)}: {DIGITS_ONLY}"  # a game's view would int() them
    answer = game.view(state, seat, line)
    if answer is None and line == "legend":
        return "this game has no abbreviations to explain"
    return None if answer is None else shown(answer, names)


def _seat_number(game: Game, state: State, who: str, names: Sequence[str]) -> int | None:
    """The seat (counted from 1) that ``who`` names by number or by name, if any."""
    n = game.num_players(state)
    if who.isascii() and who.isdigit() and 1 <= int(who) <= n:
        return int(who)
    for k, name in enumerate(names):
        if name.lower() == who.lower():
            return k + 1
    return None


def _names_a_move(game: Game, state: State, seat: int | None, line: str) -> bool:
    """Whether ``line`` is a move (Walhalla's ``board none``, ``board front``) rather
    than ``board NAME``: a legal one is played, and while ``seat`` is asked a decision
    whose moves begin with ``board``, one that is not allowed is refused with the
    game's reason (the middle seat is another colour's), never answered as a look-up
    of a seat that is not there."""
    try:
        game.parse_action(state, line)
    except IllegalAction:
        return (
            seat is not None
            and game.to_move(state) == seat
            and any(text.startswith("board ") for text in game.legal_action_texts(state))
        )
    return True


def seat_board(
    game: Game, state: State, seat: int | None, who: str, names: Sequence[str]
) -> str:
    """``board N`` or ``board NAME``: what the table shows of one seat's board (the
    game's own ``board N`` view, N counted from 1), as ``seat`` may see it."""
    n = game.num_players(state)
    number = _seat_number(game, state, who, names)
    if number is None:
        called = f" or a name: {', '.join(names)}" if names else ""
        return f"board: no seat {quoted(who, 40)}; give a seat number 1..{n}{called}"
    answer = game.view(state, seat, f"board {number}")
    if answer is None:
        return "this game shows no board per seat: 'board' shows the table"
    return shown(answer, names)
