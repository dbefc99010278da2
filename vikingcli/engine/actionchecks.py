"""Conformance checks of a game's actions in one state: every legal action's text is
canonical, one line, and parses back to the action; nonsense text and values no game
may accept are refused, and a refused action changes nothing.

Part of the conformance suite (:mod:`vikingcli.engine.testing`, whose ``check_state``
runs these on every checked state); each check raises ``AssertionError`` naming what
broke.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from vikingcli.engine.game import Game, IllegalAction
from vikingcli.engine.hidden import snapshot

JUNK_ACTIONS: tuple[Any, ...] = (("__not_an_action__",), None, -987654321, "__junk__")
"""Values no game may accept as an action."""


def check_texts(game: Game, state: Any, actions: Sequence[Any]) -> None:
    """Each of ``actions`` (legal in ``state``) is hashable and has a text of its own, one
    line, that ``parse_action`` reads back as the same action; nonsense text is refused."""
    texts = set()
    for action in actions:
        hash(action)
        text = game.format_action(state, action)
        assert isinstance(text, str) and text and "\n" not in text, f"bad text {text!r}"
        assert text not in texts, f"two actions share the text {text!r}"
        texts.add(text)
        parsed = game.parse_action(state, text)
        assert parsed == action, f"parse(format({action!r})) gave {parsed!r}"
    try:
        game.parse_action(state, "zzz this is not a move 12345")
    except IllegalAction:
        pass
    else:
        raise AssertionError("parse_action accepted nonsense text")


def check_refusals(game: Game, state: Any, actions: Sequence[Any], before: bytes) -> None:
    """``apply`` refuses each of :data:`JUNK_ACTIONS` not among ``actions`` with
    ``IllegalAction`` and leaves the state as ``before`` (its :func:`snapshot`)."""
    for junk in JUNK_ACTIONS:
        if junk in actions:
            continue
        try:
            game.apply(state, junk)
        except IllegalAction:
            pass
        else:
            raise AssertionError(f"apply accepted the illegal action {junk!r}")
        assert snapshot(game, state) == before, f"a rejected action {junk!r} changed the state"
