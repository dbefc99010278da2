"""The ``human`` player kind: a seat that a person plays.

Registered by the host itself through the same ``vikingcli_players`` hook as every
other player kind, so specs, saves and seat names treat people like any kind. The
core knows no terminal: the player it makes is a :class:`Person`, a marker that the
front end seating this match (the local prompt, the SSH table) replaces with its own
way of asking the person for each move.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from vikingcli.engine import Action, Forfeit, Game, PlayerKind, State, hookimpl


class Person:
    """A person's seat before a front end takes it: it cannot choose by itself."""

    def choose(self, game: Game, state: State, seat: int) -> Action:
        raise Forfeit("this seat is a person's, and nothing here asks them for a move")


def _make(game: Game, seat: int, params: Mapping[str, Any]) -> Person:
    return Person()


HUMAN = PlayerKind(
    name="human",
    description="a person at this terminal (prompt with completion of legal actions)",
    factory=_make,
    interactive=True,
)


@hookimpl
def vikingcli_players() -> list[PlayerKind]:
    return [HUMAN]
