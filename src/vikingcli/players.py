"""Player kinds, their declared parameters, and player specs (``kind:key=value,...``).

A :class:`PlayerKind` is what a plugin registers through ``vikingcli_players``; it
makes :class:`Player` objects for one seat of one match. Specs given on the command
line are parsed and validated here, so every kind gets the same error messages.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from vikingcli.engine import Action, Game, State


class SpecError(ValueError):
    """A player spec that cannot be used; the message names the problem."""


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
class PlayerKind:
    """A kind of player that plugins register (``random``, ``greedy``, ``mcts``, ...).

    ``factory(game, seat, params)`` makes a :class:`Player`; ``params`` holds every
    declared parameter, defaults filled in. ``interactive`` marks kinds that need a
    person at a terminal (they cannot fill seats in headless runs).
    """

    name: str
    description: str
    factory: Callable[[Game, int, Mapping[str, Any]], Player]
    params: tuple[Param, ...] = ()
    interactive: bool = False

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
            f"unknown player kind {name!r} (installed: {', '.join(sorted(kinds)) or 'none'})"
        )
    declared = {p.name: p for p in kind.params}
    values: dict[str, Any] = {}
    if rest:
        for item in rest.split(","):
            key, eq, raw = item.partition("=")
            key = key.strip()
            if not eq or not key:
                raise SpecError(f"player {name}: parameter {item!r} is not key=value")
            if key not in declared:
                accepted = ", ".join(declared) or "none"
                raise SpecError(f"player {name}: unknown parameter {key!r} (accepted: {accepted})")
            if key in values:
                raise SpecError(f"player {name}: parameter {key!r} given twice")
            values[key] = declared[key].convert(raw.strip())
    canonical = name + (
        ":" + ",".join(f"{k}={_fmt(v)}" for k, v in values.items()) if values else ""
    )
    return PlayerSpec(name, values, canonical)


def _fmt(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def full_params(kind: PlayerKind, spec: PlayerSpec) -> dict[str, Any]:
    """The spec's parameters with the kind's defaults filled in."""
    return {p.name: spec.params.get(p.name, p.default) for p in kind.params}
