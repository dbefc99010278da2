"""An observation as a fixed-length vector of numbers, read off the game's observation
schema (``Game.observation_schema``, vikingcli.engine.observe), as the observing seat
sees the table (egocentric).

The schema is walked once, in its key order, into a tree of encoders for a table of
``players`` seats; each writes its part of the vector:

* **egocentric seats**: a seat (an integer marked ``"x-encode": "onehot"``) is one-hot
  of the seats *relative to the observer*: 0 the observer, 1 the next seat in seat
  order, ...; ``players`` entries, not the game's maximum; the envelope's ``seats``
  array is read in that order too (place 0 the observer's own tracks), its redundant
  ``seat`` keys and the observation's own ``seat`` (always 0 relative) are left out;
* **counts as counts**: an integer from ``minimum`` to ``maximum`` is one entry,
  ``value - minimum`` (a hand of one card reads 1; :attr:`Encoder.high` has
  ``maximum - minimum``, so a learner may scale by it); an array of enum values, or
  one marked ``"x-encode": "ids"`` (cards), is the count of each value (each card's
  ``id``), the order dropped, bounded by ``maxItems``;
* a (non-integer) number: one entry ``(value - minimum) / (maximum - minimum)`` in
  [0, 1] (``describe`` says from what range);
* a boolean: one entry, 0 or 1; a ``const``, free text or ``"x-encode": "skip"``:
  nothing;
* a string of an ``enum``: one entry per value, the value's set to 1; an enum that may
  be ``null`` is the same entries, all 0 for ``null``;
* any other value that may be ``null``: a 0/1 entry saying it is there, then its own;
  other ``anyOf``: one entry per alternative saying which it is, then each
  alternative's own entries (zeros for the others);
* an object: its keys in schema order; a key that may be missing gets an entry
  saying whether it is there first (unless the key itself encodes nothing, as a
  seat's display ``name``);
* any other array: ``maxItems`` places of the item's entries, each place after a 0/1
  entry saying whether the array reaches it, unless the array always has
  ``maxItems`` items (``minItems`` equal to it).

:meth:`Encoder.describe` lists every part with its place in the vector (the
documentation prints it).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

Schema = Mapping[str, Any]


@dataclass(frozen=True)
class Viewer:
    """Who observes (``seat``) at a table of ``players``: what seats are relative to."""

    seat: int
    players: int

    def relative(self, seat: int) -> int:
        return (seat - self.seat) % self.players


class Part(ABC):
    """The encoder of one node of the schema."""

    width = 0

    @abstractmethod
    def write(self, value: Any, out: list[float], at: int, viewer: Viewer) -> None:
        """Write ``value`` into ``out`` from offset ``at`` (:attr:`width` numbers)."""

    def parts(self, path: str, at: int) -> list[tuple[int, int, str, str]]:
        """(offset, width, path, how) for the documentation."""
        return [(at, self.width, path, self.how())] if self.width else []

    def how(self) -> str:
        return ""

    def highs(self) -> list[float]:
        """The largest value of each entry (1 but for counts)."""
        return [1.0] * self.width


@dataclass
class Nothing(Part):
    width: int = 0

    def write(self, value: Any, out: list[float], at: int, viewer: Viewer) -> None:
        return


@dataclass
class Scalar(Part):
    lo: float
    hi: float
    width: int = 1

    def write(self, value: Any, out: list[float], at: int, viewer: Viewer) -> None:
        span = self.hi - self.lo
        x = (float(value) - self.lo) / span if span else 0.0
        out[at] = 0.0 if x < 0 else 1.0 if x > 1 else x

    def how(self) -> str:
        return f"(value - {self.lo:g}) / {self.hi - self.lo:g}"


@dataclass
class Count(Part):
    """An integer as itself, less its minimum: 0 .. ``hi - lo``."""

    lo: int
    hi: int
    width: int = 1

    def write(self, value: Any, out: list[float], at: int, viewer: Viewer) -> None:
        out[at] = float(min(max(int(value), self.lo), self.hi) - self.lo)

    def how(self) -> str:
        return f"count 0..{self.hi - self.lo}" + (f" (value - {self.lo})" if self.lo else "")

    def highs(self) -> list[float]:
        return [float(self.hi - self.lo)]


@dataclass
class Flag(Part):
    width: int = 1

    def write(self, value: Any, out: list[float], at: int, viewer: Viewer) -> None:
        out[at] = 1.0 if value else 0.0

    def how(self) -> str:
        return "0 or 1"


class OneHot(Part):
    """One entry per value; none set for a value not listed (``null``)."""

    def __init__(self, values: Sequence[Any]) -> None:
        self.index = {v: i for i, v in enumerate(values)}
        self.width = len(values)

    def write(self, value: Any, out: list[float], at: int, viewer: Viewer) -> None:
        i = self.index.get(value)
        if i is not None:
            out[at + i] = 1.0

    def how(self) -> str:
        shown = ", ".join(str(v) for v in list(self.index)[:6])
        more = ", ..." if len(self.index) > 6 else ""
        return f"one-hot of {shown}{more} (none: null)"


class Seat(Part):
    """A seat one-hot relative to the observer (0 the observer itself)."""

    def __init__(self, players: int) -> None:
        self.width = players

    def write(self, value: Any, out: list[float], at: int, viewer: Viewer) -> None:
        if isinstance(value, int) and 0 <= value < self.width:
            out[at + viewer.relative(value)] = 1.0

    def how(self) -> str:
        return f"one-hot of the seat relative to the observer, 0..{self.width - 1} (none: null)"


class Counts(Part):
    """The count of each value (of an item's ``key``, where items are objects)."""

    def __init__(self, values: Sequence[Any], most: int, key: str | None) -> None:
        self.index = {v: i for i, v in enumerate(values)}
        self.width = len(values)
        self.most = max(1, most)
        self.key = key

    def write(self, value: Any, out: list[float], at: int, viewer: Viewer) -> None:
        for item in value:
            i = self.index.get(item[self.key] if self.key else item)
            if i is not None and out[at + i] < self.most:
                out[at + i] += 1.0

    def how(self) -> str:
        return f"count of each of {self.width} values (0..{self.most})"

    def highs(self) -> list[float]:
        return [float(self.most)] * self.width


class Optional(Part):
    """A value or ``null``: whether it is there, then its entries."""

    def __init__(self, part: Part) -> None:
        self.part = part
        self.width = 1 + part.width

    def write(self, value: Any, out: list[float], at: int, viewer: Viewer) -> None:
        if value is not None:
            out[at] = 1.0
            self.part.write(value, out, at + 1, viewer)

    def parts(self, path: str, at: int) -> list[tuple[int, int, str, str]]:
        return [(at, 1, f"{path}?", "not null"), *self.part.parts(path, at + 1)]

    def highs(self) -> list[float]:
        return [1.0, *self.part.highs()]


class Choice(Part):
    """``anyOf``: which alternative, then each alternative's entries."""

    def __init__(self, options: Sequence[tuple[str, Part]]) -> None:
        self.options = list(options)
        self.width = len(options) + sum(p.width for _, p in options)

    def write(self, value: Any, out: list[float], at: int, viewer: Viewer) -> None:
        place = at + len(self.options)
        for i, (kind, part) in enumerate(self.options):
            if _is(kind, value):
                out[at + i] = 1.0
                part.write(value, out, place, viewer)
                return
            place += part.width

    def parts(self, path: str, at: int) -> list[tuple[int, int, str, str]]:
        kinds = ", ".join(k for k, _ in self.options)
        out = [(at, len(self.options), path, f"which of: {kinds}")]
        place = at + len(self.options)
        for kind, part in self.options:
            out += part.parts(f"{path}<{kind}>", place)
            place += part.width
        return out

    def highs(self) -> list[float]:
        return [1.0] * len(self.options) + [h for _, p in self.options for h in p.highs()]


class Record(Part):
    def __init__(self, fields: Sequence[tuple[str, Part, bool]]) -> None:
        # whether a key that encodes nothing is there says nothing either
        self.fields = [(k, p, required or not p.width) for k, p, required in fields]
        self.width = sum(p.width + (0 if required else 1) for _, p, required in self.fields)

    def write(self, value: Any, out: list[float], at: int, viewer: Viewer) -> None:
        for key, part, required in self.fields:
            if not required:
                if key in value:
                    out[at] = 1.0
                at += 1
            if key in value:
                part.write(value[key], out, at, viewer)
            at += part.width

    def parts(self, path: str, at: int) -> list[tuple[int, int, str, str]]:
        out: list[tuple[int, int, str, str]] = []
        for key, part, required in self.fields:
            if not required:
                out.append((at, 1, f"{path}.{key}?", "present"))
                at += 1
            out += part.parts(f"{path}.{key}", at)
            at += part.width
        return out

    def highs(self) -> list[float]:
        out: list[float] = []
        for _, part, required in self.fields:
            out += ([] if required else [1.0]) + part.highs()
        return out


class Padded(Part):
    """``most`` places, each (unless ``fixed``) a 0/1 entry saying whether the array
    reaches it, then the item's entries."""

    def __init__(self, item: Part, most: int, fixed: bool) -> None:
        self.item = item
        self.most = most
        self.flag = 0 if fixed else 1
        self.width = most * (self.flag + item.width) if item.width else 0

    def write(self, value: Any, out: list[float], at: int, viewer: Viewer) -> None:
        step = self.flag + self.item.width
        for i, item in enumerate(value[: self.most]):
            place = at + i * step
            if self.flag:
                out[place] = 1.0
            self.item.write(item, out, place + self.flag, viewer)

    def parts(self, path: str, at: int) -> list[tuple[int, int, str, str]]:
        if not self.width:
            return []
        inner = self.item.parts(f"{path}[i]", self.flag)
        what = "; ".join(f"+{o} {p} ({h})" for o, _, p, h in inner[:3])
        more = "; ..." if len(inner) > 3 else ""
        present = "+0 present; " if self.flag else ""
        return [
            (at, self.width, f"{path}[0..{self.most - 1}]",
             f"{self.most} places of {self.flag + self.item.width}: {present}{what}{more}")
        ]  # fmt: skip

    def highs(self) -> list[float]:
        return ([1.0] * self.flag + self.item.highs()) * (self.most if self.item.width else 0)


class BySeat(Padded):
    """The envelope's ``seats``: one place per seat of the table, the observer's first
    and then the others in seat order after it."""

    def __init__(self, item: Part, players: int) -> None:
        super().__init__(item, players, fixed=True)

    def write(self, value: Any, out: list[float], at: int, viewer: Viewer) -> None:
        for item in value[: self.most]:
            seat = item.get("seat") if isinstance(item, Mapping) else None
            if isinstance(seat, int) and 0 <= seat < self.most:
                self.item.write(item, out, at + viewer.relative(seat) * self.item.width, viewer)

    def parts(self, path: str, at: int) -> list[tuple[int, int, str, str]]:
        ((offset, width, where, how),) = super().parts(path, at)
        return [(offset, width, where, f"{how} (relative: 0 the observer)")]


def _is(kind: str, value: Any) -> bool:
    if kind == "null":
        return value is None
    if kind == "boolean":
        return isinstance(value, bool)
    if kind in ("integer", "number"):
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if kind == "string":
        return isinstance(value, str)
    if kind == "object":
        return isinstance(value, Mapping)
    if kind == "array":
        return isinstance(value, list)
    return False


def _kind(node: Schema) -> str:
    if "enum" in node:
        return "string"
    kind = node.get("type", "object")
    return str(kind)


def compile_schema(node: Schema, players: int) -> Part:
    """The encoder of one schema node at a table of ``players`` (see the module)."""
    how = node.get("x-encode")
    if how == "skip" or "const" in node:
        return Nothing()
    if "anyOf" in node:
        options = node["anyOf"]
        values = [o for o in options if _kind(o) != "null"]
        if len(values) == 1 and len(options) == 2:
            part = compile_schema(values[0], players)
            # a one-hot already reads all 0 for a value it does not list
            return part if isinstance(part, (OneHot, Seat)) else Optional(part)
        return Choice([(_kind(o), compile_schema(o, players)) for o in options])
    if "enum" in node:
        return OneHot(node["enum"])
    kind = node.get("type")
    if kind in ("integer", "number"):
        if how == "onehot":
            return Seat(players)
        if kind == "integer":
            return Count(int(node["minimum"]), int(node["maximum"]))
        return Scalar(node["minimum"], node["maximum"])
    if kind == "boolean":
        return Flag()
    if kind in ("string", "null"):
        return Nothing()
    if kind == "array":
        items = node["items"]
        most = int(node["maxItems"])
        if how == "ids":
            ids = items["properties"]["id"]["enum"] if "properties" in items else items["enum"]
            return Counts(ids, most, "id" if "properties" in items else None)
        if "enum" in items:
            return Counts(items["enum"], most, None)
        fixed = int(node.get("minItems", 0)) >= most
        return Padded(compile_schema(items, players), most, fixed)
    if kind == "object" or "properties" in node:
        required = set(node.get("required", ()))
        return Record(
            [
                (k, compile_schema(v, players), k in required)
                for k, v in node.get("properties", {}).items()
            ]
        )
    raise ValueError(f"cannot encode a schema node of type {kind!r}")


def _envelope(schema: Schema, players: int) -> Part:
    """The whole observation: the envelope's ``seat`` left out (the observer is
    always seat 0 to itself) and its ``seats`` in egocentric order, each without its
    own ``seat`` (its place says it)."""
    properties = dict(schema.get("properties", {}))
    seats = properties.get("seats")
    if "seat" not in properties or seats is None:
        return compile_schema(schema, players)
    item = dict(seats["items"])
    item["properties"] = {k: v for k, v in item["properties"].items() if k != "seat"}
    required = set(schema.get("required", ()))
    fields: list[tuple[str, Part, bool]] = []
    for key, node in properties.items():
        if key == "seat":
            continue
        part = BySeat(compile_schema(item, players), players) if key == "seats" else None
        fields.append((key, part or compile_schema(node, players), key in required))
    return Record(fields)


class Encoder:
    """A game's observations at a table of ``players`` as vectors of :attr:`size`
    numbers, each from 0 to its :attr:`high`, as the observing seat sees them."""

    def __init__(self, schema: Schema, players: int) -> None:
        self.players = players
        self.root = _envelope(schema, players)
        self.size = self.root.width
        self.high = self.root.highs()

    def encode(self, observation: Mapping[str, Any]) -> list[float]:
        out = [0.0] * self.size
        viewer = Viewer(int(observation.get("seat", 0)) % self.players, self.players)
        self.root.write(observation, out, 0, viewer)
        return out

    def encode_into(self, observation: Mapping[str, Any], out: Any) -> None:
        """Write into ``out`` (a NumPy array or list of :attr:`size`)."""
        out[:] = self.encode(observation)

    def describe(self) -> list[tuple[int, int, str, str]]:
        """(offset, width, path, how) of every part, in vector order."""
        return self.root.parts("", 0)
