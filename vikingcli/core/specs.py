"""Player specs (``[NAME=]kind:key=value,...``) and seat names.

Specs given on the command line, in saves and in tournament files are parsed and
validated here against the installed :class:`~vikingcli.engine.PlayerKind` objects,
so every kind gets the same error messages.
"""

from __future__ import annotations

import getpass
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from vikingcli.engine.players import Param, PlayerKind, SpecError
from vikingcli.engine.text import did_you_mean, quoted


@dataclass(frozen=True, slots=True)
class PlayerSpec:
    """A parsed player spec: the kind and the parameters as typed values."""

    kind: str
    params: Mapping[str, Any] = field(default_factory=dict)
    text: str = ""

    def __str__(self) -> str:
        return self.text or self.kind


MAX_SEAT_NAME = 24
MAX_SEATS = 64
"""The most seats any list of specs may expand to: no game seats more than a few
dozen, and ``N*SPEC`` is refused before N copies are made."""


def split_name(text: str) -> tuple[str | None, str]:
    """``NAME=SPEC`` -> (NAME, SPEC); a bare spec -> (None, SPEC). An ``=`` after
    the kind's ``:`` belongs to a parameter (``mcts:iterations=300``)."""
    if "=" not in text.partition(":")[0]:
        return None, text
    name, _, spec = text.partition("=")
    name = " ".join(name.split())
    if re.match(r"\d+\*", name):
        raise SpecError(f"{quoted(text)}: a name goes with one seat (NAME=KIND once per seat)")
    if not name or not name.isprintable() or len(name) > MAX_SEAT_NAME:
        raise SpecError(
            f"bad seat name {quoted(name, 40)} in {quoted(text)}"
            f" (1-{MAX_SEAT_NAME} printable characters)"
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
    """Expand ``N*SPEC`` repetitions, keeping order; at most :data:`MAX_SEATS` in all,
    checked before anything is expanded."""
    out: list[str] = []
    for text in texts:
        m = _SPEC.match(text.strip())
        if not m:
            raise SpecError(
                f"bad player spec {quoted(text)} (expected kind[:key=value,...] or N*kind)"
            )
        digits = m.group(1) or "1"
        count = int(digits) if len(digits) <= 6 else MAX_SEATS + 1
        if count < 1:
            raise SpecError(f"bad player spec {quoted(text)}: repetition must be at least 1")
        if len(out) + count > MAX_SEATS:
            raise SpecError(
                f"player spec {quoted(text)}: at most {MAX_SEATS} seats in all (no game seats more)"
            )
        body = m.group(2) + (f":{m.group(3)}" if m.group(3) is not None else "")
        out.extend([body] * count)
    return out


def parse_spec(text: str, kinds: Mapping[str, PlayerKind]) -> PlayerSpec:
    """Parse and validate one spec (no repetition) against the installed kinds."""
    m = _SPEC.match(text.strip())
    if not m or m.group(1):
        raise SpecError(f"bad player spec {quoted(text)} (expected kind[:key=value,...])")
    name, rest = m.group(2), m.group(3)
    kind = kinds.get(name)
    if kind is None:
        raise SpecError(
            f"unknown player kind {quoted(name, 40)}{did_you_mean(name, kinds)}"
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
                raise SpecError(f"player {name}: parameter {quoted(item)} is not key=value")
            if key not in declared:
                accepted = ", ".join(declared) or "none"
                raise SpecError(
                    f"player {name}: unknown parameter {quoted(key, 40)}"
                    f"{did_you_mean(key, declared)}"
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
