"""Player kinds and their declared parameters: what a plugin registers through
``vikingcli_players``.

A :class:`PlayerKind` makes :class:`Player` objects for one seat of one match. The
specs that name kinds on the command line are parsed by the host
(``vikingcli.core.specs``), against the parameters declared here.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from vikingcli.engine.game import Action, Game, State
from vikingcli.engine.text import quoted

SEED_MAX = 2**63 - 1
"""Largest seed (a player's ``seed`` parameter included): every seed fits a signed
64-bit integer, so JSON tools, orjson and bots in any language read it back exactly."""


class SpecError(ValueError):
    """A player spec that cannot be used; the message names the problem."""


class Forfeit(Exception):
    """Raised by a player that cannot go on (its process died, it answered nonsense).

    The match records the message as the forfeit reason, as is, so say what
    happened in words a bot author can act on."""


@dataclass(frozen=True, slots=True)
class Param:
    """A parameter a player kind accepts.

    ``type`` is ``int``, ``float``, ``str`` or ``bool``; ``choices`` restricts the
    value; ``minimum`` and ``maximum`` bound numbers from below and above. A number
    a player takes must be bounded both ways: a value from a save or a command line
    decides how many processes, iterations or seconds a move costs, so an unbounded
    one lets a file freeze the table.
    """

    name: str
    type: type
    default: Any
    help: str = ""
    choices: tuple[Any, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    check: Callable[[Any], None] | None = None
    """Further validation of the converted value; raises ``ValueError`` with the reason."""

    def convert(self, text: str) -> Any:
        """The typed value of ``text``, or :class:`SpecError`."""
        try:
            if self.type is bool:
                low = text.lower()
                if low in ("1", "true", "yes", "on"):
                    value: Any = True
                elif low in ("0", "false", "no", "off"):
                    value = False
                else:
                    raise ValueError
            else:
                # Python reads "３００" and "1_000" as numbers; a number typed anywhere
                # else in vikingcli is ASCII digits, so a spec's is too.
                if self.type in (int, float) and (not text.isascii() or "_" in text):
                    raise ValueError
                value = self.type(text)
        except ValueError:
            raise SpecError(
                f"parameter {self.name}: {quoted(text)} is not a valid {self.type.__name__}"
            ) from None
        if isinstance(value, float) and not math.isfinite(value):
            raise SpecError(f"parameter {self.name}: {quoted(text)} is not a finite number")
        if self.choices and value not in self.choices:
            accepted = ", ".join(str(c) for c in self.choices)
            raise SpecError(f"parameter {self.name}: {quoted(text)} not one of {accepted}")
        if self.minimum is not None and value < self.minimum:
            raise SpecError(
                f"parameter {self.name}: {quoted(text)} is below {_number(self.minimum)}"
            )
        if self.maximum is not None and value > self.maximum:
            raise SpecError(
                f"parameter {self.name}: {quoted(text)} is above {_number(self.maximum)}"
            )
        if self.check is not None:
            try:
                self.check(value)
            except ValueError as exc:
                raise SpecError(f"parameter {self.name}: {exc}") from None
        return value

    def to_json(self) -> dict[str, Any]:
        """JSON-ready description (``vikingcli players --json``)."""
        out: dict[str, Any] = {
            "name": self.name,
            "type": self.type.__name__,
            "default": self.default,
            "help": self.help,
        }
        if self.choices:
            out["choices"] = list(self.choices)
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        return out


SEED_PARAM = Param(
    "seed", int, 0, "RNG seed; the match mixes in its own seed and the seat",
    minimum=0, maximum=SEED_MAX,
)  # fmt: skip
"""The ``seed`` parameter of every seeded player kind (AI players, bots, adapters)."""


def _number(bound: float) -> str:
    """A bound as people write it: ``10000000``, ``0.5``, ``3600``."""
    return str(bound) if isinstance(bound, int) else f"{bound:g}"


@runtime_checkable
class Player(Protocol):
    """One seat's decision maker for one match."""

    def choose(self, game: Game, state: State, seat: int) -> Action:
        """Return a legal action for ``seat`` (the seat to move in ``state``).

        ``state`` is the true state: an honest AI looks only at
        ``game.observation`` or at ``game.determinize(state, seat, rng)``."""
        ...


@dataclass(frozen=True, slots=True)
class Advice:
    """One candidate move as a searching player judges it for the seat to move."""

    action: Action
    text: str
    """The action's canonical text."""
    share: float
    """Share of the search's visits at the root (0..1)."""
    margin: float
    """Expected final-score margin over the best other seat, in the game's points."""
    visits: int
    win: float | None = None
    """The estimated chance (0..1) that the seat wins after this move, where the
    search estimates it (games whose ``measure`` hint is ``"win"``)."""
    note: str = ""
    """For people, on a move the search could not tell from the best one: why
    (``"all 3 lead to positions worth the same ..."``); empty otherwise."""


Advisor = Callable[[Game, State, int, float, int, Sequence[Action]], list[Advice]]
"""``advise(game, state, seat, seconds, iterations, include)``: candidate moves for
``seat`` in ``state``, best first, judged from that seat's view only (what it
observes); ``include`` names actions that must be judged even if the search would
not look at them (a move to annotate). A budget of ``seconds`` > 0 wins over
``iterations``."""


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """What the match tells a :class:`HostedPlayer` about its table."""

    options: Mapping[str, str]
    players: int
    seat: int
    move_timeout: float | None
    """The hard limit per move in seconds (``None``: no limit)."""
    names: tuple[str, ...] = ()
    """Every seat's display name, in seat order (empty where the host has none)."""


@runtime_checkable
class Rewindable(Protocol):
    """A player whose choices depend on state it keeps (a random generator) and that
    can put that state back, so that ``undo`` and the same moves replay the same game.
    The host takes a checkpoint before every move of an interactive game."""

    def checkpoint(self) -> Any:
        """The player's state now (its random generator's), to :meth:`restore` later."""
        ...

    def restore(self, checkpoint: Any) -> None:
        """Put back a state from :meth:`checkpoint`."""
        ...


@runtime_checkable
class HostedPlayer(Player, Protocol):
    """A player with resources of its own (a process): told about its table
    before its first move and told when the game is over, so it can end cleanly."""

    def begin(self, game: Game, info: SeatInfo) -> None:
        """Called once before this seat's first move of the match."""
        ...

    def end(self, result: Mapping[str, Any] | None) -> None:
        """Called when the game is over (``result``: the match's result record) or
        abandoned by an error (``None``); must release everything."""
        ...


@runtime_checkable
class Witness(Protocol):
    """A player that is told every move of its game as its seat may know it (a bot
    process, which cannot see the table): the host calls :meth:`witness` after each
    move, whoever made it, before the next seat is asked.

    ``event`` is JSON-ready: ``number`` (the move's number in the game, from 1),
    ``seat`` and ``name`` (who moved), ``action`` (the move's canonical text, or
    ``None`` where this seat may not know it: a secret choice), ``tag`` (``forced``
    or ``settled`` where the host played it for a person without asking, else
    ``None``) and ``told`` (the game's narration for this seat, seat names filled
    in: the move, then every automatic consequence)."""

    def witness(self, event: Mapping[str, Any]) -> None:
        """Remember one move (called in move order, from the first move on)."""
        ...


@dataclass(frozen=True, slots=True)
class PlayerKind:
    """A kind of player that plugins register (``random``, ``greedy``, ``mcts``, ...).

    ``factory(game, seat, params)`` makes a :class:`Player`; ``params`` holds every
    declared parameter, defaults filled in. ``interactive`` marks kinds that need a
    person at a terminal (they cannot fill seats in headless runs).
    ``free_param`` names a ``str`` parameter that takes the rest of the spec
    verbatim, commas and all (a command line: ``exec:python3 bot.py``); the
    other parameters may come first as ``key=value,``.
    ``runs_program`` marks kinds whose players start a program named in their
    spec (``exec``): the host starts one from a save only when the person asks
    for it on the command line (``--trust-bots``), since a save is data that
    anyone may have written.
    """

    name: str
    description: str
    factory: Callable[[Game, int, Mapping[str, Any]], Player]
    params: tuple[Param, ...] = ()
    interactive: bool = False
    advise: Advisor | None = None
    """For searching kinds: judge the candidate moves of a position (``hint`` at
    the prompt, ``vikingcli analyze``)."""
    free_param: str | None = None
    runs_program: bool = False
    refuses: Callable[[Game, int, Mapping[str, str]], str | None] | None = None
    """Why this kind cannot play ``game`` at a table of that many seats with those
    (resolved) options, in one line, or ``None`` when it can; a kind that plays every
    game leaves it out. Asked before a table is made (the server's ``create``)."""

    def to_json(self) -> dict[str, Any]:
        """JSON-ready description."""
        return {
            "name": self.name,
            "description": self.description,
            "interactive": self.interactive,
            "runs_program": self.runs_program,
            "params": [p.to_json() for p in self.params],
        }
