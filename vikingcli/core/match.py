"""A match: seats, seeds, the action log, the seconds each seat spent, a forfeit.

One :class:`Match` is one game between seated players. It keeps the canonical
action texts (the authority a save replays), the seconds each seat spent, and,
when a player failed or overran the move time limit, a forfeit with its reason so
batches and tournaments carry on. The moves are played by the one move loop,
:class:`vikingcli.core.driver.MatchDriver`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from vikingcli.core.specs import PlayerSpec, full_params
from vikingcli.engine import Game, Outcome, name_seats, ranks_from_keys
from vikingcli.engine.players import Player, PlayerKind
from vikingcli.engine.text import printable_line

MAX_REASON = 2000
"""The longest forfeit reason kept (in characters): it quotes a bot's answer or its
stderr, and must stay a line that results and saves can carry."""


class MoveTimeout(Exception):
    """A player overran the hard per-move time limit."""


class HostFault(Exception):
    """A seat's move could not be made for a fault of the host, not of the seat (the
    server's AI worker processes keep failing): the move loop waits and asks again
    instead of forfeiting the seat."""


class QuitGame(Exception):
    """A person asked to leave the game (interactive play)."""


RESIGNED = "resigned"
"""The reason a :class:`ForfeitRecord` gives for a person who resigned: the game
ends, that seat ranked last, as for any forfeit, but it is told as a resignation."""


class UndoRequest(Exception):
    """A person asked to take back their last decision (interactive play)."""

    def __init__(self, seat: int) -> None:
        super().__init__(f"seat {seat} asks to undo")
        self.seat = seat


def seat_seed(match_seed: int, seat: int) -> int:
    """The seed a seat's player gets when its spec names none.

    Mixed so that seats and consecutive match seeds get unrelated streams."""
    x = (match_seed * 0x9E3779B1 + (seat + 1) * 0x85EBCA77) & 0xFFFFFFFF
    x ^= x >> 16
    return (x * 0x45D9F3B) & 0x7FFFFFFF


@dataclass(frozen=True, slots=True)
class ForfeitRecord:
    """A seat that lost by failing or overrunning (a crashed bot, an illegal answer,
    the move time limit), and why, in words a bot author can act on.

    The reason quotes what a program said, so it is kept as one line of printable
    characters (at most :data:`MAX_REASON`): shown in a summary line it cannot
    drive the terminal."""

    seat: int
    reason: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "reason", printable_line(self.reason, MAX_REASON))

    def to_json(self) -> dict[str, Any]:
        return {"seat": self.seat, "reason": self.reason}


@dataclass(frozen=True, slots=True)
class Seat:
    """Who sits at a seat: a display name and the player spec that drives it."""

    name: str
    spec: PlayerSpec

    def to_json(self) -> dict[str, str]:
        return {"name": self.name, "player": str(self.spec)}


def make_player(
    game: Game, kinds: Mapping[str, PlayerKind], spec: PlayerSpec, seat: int, match_seed: int
) -> Player:
    """Build the player for ``seat``, filling a seed the spec left open."""
    kind = kinds[spec.kind]
    params = full_params(kind, spec)
    if "seed" in params and "seed" not in spec.params:
        params["seed"] = seat_seed(match_seed, seat)
    return kind.factory(game, seat, params)


@dataclass
class Match:
    """A game in progress between seated players."""

    game: Game
    options: dict[str, str]
    seed: int
    seats: list[Seat]
    state: Any = None
    actions: list[str] = field(default_factory=list)
    seconds: list[float] = field(default_factory=list)
    forfeit: ForfeitRecord | None = None
    narrating: bool = False
    """Keep what the last move needs to be narrated (people are watching); batches
    leave it off and pay nothing for it."""
    _last: tuple[int, Any, Any] | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        if self.state is None:
            self.state = self.game.new_state(len(self.seats), self.options, self.seed)
        if not self.seconds:
            self.seconds = [0.0] * len(self.seats)

    @property
    def over(self) -> bool:
        return self.forfeit is not None or self.game.to_move(self.state) is None

    def apply_text(self, text: str) -> str:
        """Apply the action named by ``text``; return its canonical text."""
        action = self.game.parse_action(self.state, text)
        canonical = self.game.format_action(self.state, action)
        seat = self.game.to_move(self.state)
        before = self.game.clone(self.state) if self.narrating else None
        self.game.apply(self.state, action)
        self.actions.append(canonical)
        if before is not None and seat is not None:
            self._last = (seat, action, before)
        return canonical

    def movers(self) -> list[int]:
        """The seat that made each move of the action list (replayed from the seed)."""
        state = self.game.new_state(len(self.seats), self.options, self.seed)
        seats = []
        for text in self.actions:
            seat = self.game.to_move(state)
            assert seat is not None
            seats.append(seat)
            self.game.apply(state, self.game.parse_action(state, text))
        return seats

    def rewind(self, moves: int) -> None:
        """Go back to the position after the first ``moves`` actions, replayed from
        the seed (the action list is the authority, as in a save)."""
        actions = self.actions[:moves]
        self.state = self.game.new_state(len(self.seats), self.options, self.seed)
        self.actions = []
        self.forfeit = None
        self._last = None
        for text in actions:
            self.apply_text(text)
        self._last = None

    @property
    def names(self) -> list[str]:
        """The seats' display names, in seat order."""
        return [s.name for s in self.seats]

    def narrate(self, viewer: int | None, names: Sequence[str] | None = None) -> list[str]:
        """What ``viewer`` (``None``: a spectator) learns from the last move, with
        seat names filled in (``names``, e.g. coloured ones, or the seats' own);
        empty when nothing is kept (``narrating`` off)."""
        if self._last is None:
            return []
        _, action, before = self._last
        lines = self.game.narrate(before, action, self.state, viewer)
        return [name_seats(line, names or self.names) for line in lines]

    def remember(self, seat: int, action: Any, before: Any) -> None:
        """Keep what the move just made needs to be narrated: who made it, the action
        and a copy of the position before it."""
        self._last = (seat, action, before)

    def outcome(self) -> Outcome:
        """The final outcome; a forfeiting seat is ranked last."""
        if self.forfeit is None:
            return self.game.outcome(self.state)
        loser = self.forfeit.seat
        scores = self.game.current_scores(self.state)
        keys = [(i != loser, scores[i]) for i in range(len(scores))]
        # People count seats from 1; the JSON's "forfeit" keeps the 0-based index.
        who = f"seat {loser + 1} ({self.seats[loser].name})"
        if self.forfeit.reason == RESIGNED:
            reason = f"{who} resigned"
        else:
            reason = f"forfeit: {who} {self.forfeit.reason}"
        return Outcome(
            scores=tuple(scores),
            ranks=ranks_from_keys(keys),
            end_reason=reason,
            breakdown={"forfeit": self.forfeit.to_json()},
        )

    def result_json(self) -> dict[str, Any]:
        """One JSON-ready record of a finished match (``run --json``)."""
        out = self.outcome()
        return {
            "game": self.game.name,
            "options": dict(self.options),
            "seed": self.seed,
            "seats": [s.to_json() for s in self.seats],
            "scores": list(out.scores),
            "ranks": list(out.ranks),
            "winners": list(out.winners()),
            "end_reason": out.end_reason,
            "moves": len(self.actions),
            "seconds": [round(s, 6) for s in self.seconds],
            "forfeit": None if self.forfeit is None else self.forfeit.to_json(),
            "breakdown": dict(out.breakdown),
        }
