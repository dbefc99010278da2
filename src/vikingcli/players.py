"""Player kinds, their declared parameters, and player specs (``kind:key=value,...``).

A :class:`PlayerKind` is what a plugin registers through ``vikingcli_players``; it
makes :class:`Player` objects for one seat of one match. Specs given on the command
line are parsed and validated here, so every kind gets the same error messages.
"""

from __future__ import annotations

import getpass
import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from vikingcli.engine import Action, Game, State
from vikingcli.text import did_you_mean


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
    value; ``minimum`` bounds numbers from below.
    """

    name: str
    type: type
    default: Any
    help: str = ""
    choices: tuple[Any, ...] = ()
    minimum: float | None = None
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
                value = self.type(text)
        except ValueError:
            raise SpecError(
                f"parameter {self.name}: {text!r} is not a valid {self.type.__name__}"
            ) from None
        if isinstance(value, float) and not math.isfinite(value):
            raise SpecError(f"parameter {self.name}: {text!r} is not a finite number")
        if self.choices and value not in self.choices:
            accepted = ", ".join(str(c) for c in self.choices)
            raise SpecError(f"parameter {self.name}: {text!r} not one of {accepted}")
        if self.minimum is not None and value < self.minimum:
            raise SpecError(f"parameter {self.name}: {text!r} is below {self.minimum:g}")
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
        return out


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


@dataclass(frozen=True, slots=True)
class PlayerKind:
    """A kind of player that plugins register (``random``, ``greedy``, ``mcts``, ...).

    ``factory(game, seat, params)`` makes a :class:`Player`; ``params`` holds every
    declared parameter, defaults filled in. ``interactive`` marks kinds that need a
    person at a terminal (they cannot fill seats in headless runs).
    ``free_param`` names a ``str`` parameter that takes the rest of the spec
    verbatim, commas and all (a command line: ``exec:python3 bot.py``); the
    other parameters may come first as ``key=value,``.
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

    def to_json(self) -> dict[str, Any]:
        """JSON-ready description."""
        return {
            "name": self.name,
            "description": self.description,
            "interactive": self.interactive,
            "params": [p.to_json() for p in self.params],
        }


@dataclass(frozen=True, slots=True)
class PlayerSpec:
    """A parsed player spec: the kind and the parameters as typed values."""

    kind: str
    params: Mapping[str, Any] = field(default_factory=dict)
    text: str = ""

    def __str__(self) -> str:
        return self.text or self.kind


MAX_SEAT_NAME = 24


def split_name(text: str) -> tuple[str | None, str]:
    """``NAME=SPEC`` -> (NAME, SPEC); a bare spec -> (None, SPEC). An ``=`` after
    the kind's ``:`` belongs to a parameter (``mcts:iterations=300``)."""
    if "=" not in text.partition(":")[0]:
        return None, text
    name, _, spec = text.partition("=")
    name = " ".join(name.split())
    if re.match(r"\d+\*", name):
        raise SpecError(f"{text!r}: a name goes with one seat (NAME=KIND once per seat)")
    if not name or not name.isprintable() or len(name) > MAX_SEAT_NAME:
        raise SpecError(
            f"bad seat name {name!r} in {text!r} (1-{MAX_SEAT_NAME} printable characters)"
        )
    return name, spec.strip()


def login_name() -> str:
    """The person's own name for a seat at this terminal (their login), else ``you``."""
    try:
        name = " ".join(getpass.getuser().split())
    except (OSError, KeyError):  # no login name in this environment (some containers)
        return "you"
    return name[:MAX_SEAT_NAME] if name and name.isprintable() else "you"


def seat_names(
    kinds: Sequence[str], people: Sequence[bool], given: Sequence[str | None], person: str
) -> list[str]:
    """One name per seat, as the log, the board and the end screen show them.

    A name the user gave is kept. The one person at a table is ``person`` (their
    login); several people are ``player N``. An AI is called by its kind, with its
    1-based seat number when the kind sits more than once (``greedy 2``, ``greedy 3``).
    """
    defaults = [
        (person if people.count(True) == 1 else f"player {i + 1}") if human else kind
        for i, (kind, human) in enumerate(zip(kinds, people, strict=True))
    ]
    unnamed = [d for d, g in zip(defaults, given, strict=True) if g is None]
    names = []
    for i, name in enumerate(given):
        if name is None:
            name = defaults[i]
            clash = unnamed.count(name) > 1 or name in given
            name = f"{name} {i + 1}" if clash else name
        names.append(name)
    for name in names:
        if names.count(name) > 1:
            raise SpecError(f"seat name {name!r} is given to {names.count(name)} seats")
    return names


_SPEC = re.compile(r"^(?:(\d+)\*)?([A-Za-z_][\w-]*)(?::(.*))?$")


def expand_specs(texts: Sequence[str]) -> list[str]:
    """Expand ``N*SPEC`` repetitions, keeping order."""
    out: list[str] = []
    for text in texts:
        m = _SPEC.match(text.strip())
        if not m:
            raise SpecError(f"bad player spec {text!r} (expected kind[:key=value,...] or N*kind)")
        count = int(m.group(1) or 1)
        if count < 1:
            raise SpecError(f"bad player spec {text!r}: repetition must be at least 1")
        body = m.group(2) + (f":{m.group(3)}" if m.group(3) is not None else "")
        out.extend([body] * count)
    return out


def parse_spec(text: str, kinds: Mapping[str, PlayerKind]) -> PlayerSpec:
    """Parse and validate one spec (no repetition) against the installed kinds."""
    m = _SPEC.match(text.strip())
    if not m or m.group(1):
        raise SpecError(f"bad player spec {text!r} (expected kind[:key=value,...])")
    name, rest = m.group(2), m.group(3)
    kind = kinds.get(name)
    if kind is None:
        raise SpecError(
            f"unknown player kind {name!r}{did_you_mean(name, kinds)}"
            f" (installed: {', '.join(sorted(kinds)) or 'none'})"
        )
    declared = {p.name: p for p in kind.params}
    values: dict[str, Any] = {}
    if kind.free_param is not None:
        _take_free(name, kind.free_param, rest or "", declared, values)
        if not values.get(kind.free_param):
            raise SpecError(
                f"player {name}: no {kind.free_param} given"
                f" (expected {name}:{kind.free_param.upper()})"
            )
    elif rest:
        for item in rest.split(","):
            key, eq, raw = item.partition("=")
            key = key.strip()
            if not eq or not key:
                raise SpecError(f"player {name}: parameter {item!r} is not key=value")
            if key not in declared:
                accepted = ", ".join(declared) or "none"
                raise SpecError(
                    f"player {name}: unknown parameter {key!r}{did_you_mean(key, declared)}"
                    f" (accepted: {accepted})"
                )
            if key in values:
                raise SpecError(f"player {name}: parameter {key!r} given twice")
            values[key] = declared[key].convert(raw.strip())
    canonical = name + (":" + _canonical(kind, values) if values else "")
    return PlayerSpec(name, values, canonical)


def _take_free(
    name: str, free: str, rest: str, declared: Mapping[str, Param], values: dict[str, Any]
) -> None:
    """Fill ``values`` from ``key=value,`` items up to the free parameter, which
    takes the remaining text as is (with or without its ``free=`` prefix)."""
    while rest:
        key, eq, tail = rest.partition("=")
        key = key.strip()
        if not eq or key not in declared:
            values[free] = declared[free].convert(rest.strip())
            return
        if key == free:
            values[free] = declared[free].convert(tail.strip())
            return
        if key in values:
            raise SpecError(f"player {name}: parameter {key!r} given twice")
        raw, _, rest = tail.partition(",")
        values[key] = declared[key].convert(raw.strip())


def _canonical(kind: PlayerKind, values: Mapping[str, Any]) -> str:
    items = [f"{k}={_fmt(v)}" for k, v in values.items() if k != kind.free_param]
    if kind.free_param is not None and kind.free_param in values:
        text = str(values[kind.free_param])
        head = text.partition("=")[0].strip()
        # Written bare unless it would read back as another parameter.
        names = {p.name for p in kind.params}
        items.append(text if head not in names else f"{kind.free_param}={text}")
    return ",".join(items)


def _fmt(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def full_params(kind: PlayerKind, spec: PlayerSpec) -> dict[str, Any]:
    """The spec's parameters with the kind's defaults filled in."""
    return {p.name: spec.params.get(p.name, p.default) for p in kind.params}
