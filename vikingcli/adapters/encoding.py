"""An observation as a fixed-length vector of numbers in [0, 1], read off the game's
observation schema (``Game.observation_schema``, vikingcli.engine.observe).

The schema is walked once, in its key order, into a tree of encoders; each writes its
part of the vector:

* a number from ``minimum`` to ``maximum``: one entry, ``(value - minimum) /
  (maximum - minimum)``, clipped to [0, 1];
* a boolean: one entry, 0 or 1; a ``const``, free text or ``"x-encode": "skip"``:
  nothing;
* a string of an ``enum``, or an integer marked ``"x-encode": "onehot"`` (a seat):
  one entry per value, the value's set to 1;
* ``anyOf`` (a value or null, ...): one entry per alternative saying which one it
  is, then each alternative's own entries (zeros for the others);
* an object: its keys in schema order; a key that may be missing gets an entry
  saying whether it is there first;
* an array of enum values, or one marked ``"x-encode": "ids"`` (cards): the count of
  each value (each card's ``id``) divided by ``maxItems``, the order dropped;
* any other array: ``maxItems`` places, each an entry saying whether the array
  reaches it and then the item's entries.

:meth:`Encoder.describe` lists every part with its place in the vector (the
documentation prints it).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

Schema = Mapping[str, Any]


class Part(ABC):
    """The encoder of one node of the schema."""

    width = 0

    @abstractmethod
    def write(self, value: Any, out: list[float], at: int) -> None:
        """Write ``value`` into ``out`` from offset ``at`` (:attr:`width` numbers)."""

    def parts(self, path: str, at: int) -> list[tuple[int, int, str, str]]:
        """(offset, width, path, how) for the documentation."""
        return [(at, self.width, path, self.how())] if self.width else []

    def how(self) -> str:
        return ""


@dataclass
class Nothing(Part):
    width: int = 0

    def write(self, value: Any, out: list[float], at: int) -> None:
        return


@dataclass
class Scalar(Part):
    lo: float
    hi: float
    width: int = 1

    def write(self, value: Any, out: list[float], at: int) -> None:
        span = self.hi - self.lo
        x = (float(value) - self.lo) / span if span else 0.0
        out[at] = 0.0 if x < 0 else 1.0 if x > 1 else x

    def how(self) -> str:
        return f"scaled from {self.lo:g}..{self.hi:g}"


@dataclass
class Flag(Part):
    width: int = 1

    def write(self, value: Any, out: list[float], at: int) -> None:
        out[at] = 1.0 if value else 0.0

    def how(self) -> str:
        return "0 or 1"


class OneHot(Part):
    def __init__(self, values: Sequence[Any]) -> None:
        self.index = {v: i for i, v in enumerate(values)}
        self.width = len(values)

    def write(self, value: Any, out: list[float], at: int) -> None:
        i = self.index.get(value)
        if i is not None:
            out[at + i] = 1.0

    def how(self) -> str:
        shown = ", ".join(str(v) for v in list(self.index)[:6])
        more = ", ..." if len(self.index) > 6 else ""
        return f"one-hot of {shown}{more}"


class Counts(Part):
    """The count of each value (of an item's ``key``, where items are objects)."""

    def __init__(self, values: Sequence[Any], most: int, key: str | None) -> None:
        self.index = {v: i for i, v in enumerate(values)}
        self.width = len(values)
        self.most = max(1, most)
        self.key = key

    def write(self, value: Any, out: list[float], at: int) -> None:
        step = 1.0 / self.most
        for item in value:
            i = self.index.get(item[self.key] if self.key else item)
            if i is not None:
                out[at + i] = min(1.0, out[at + i] + step)

    def how(self) -> str:
        return f"count of each of {self.width} values / {self.most}"


class Choice(Part):
    """``anyOf``: which alternative, then each alternative's entries."""

    def __init__(self, options: Sequence[tuple[str, Part]]) -> None:
        self.options = list(options)
        self.width = len(options) + sum(p.width for _, p in options)

    def write(self, value: Any, out: list[float], at: int) -> None:
        place = at + len(self.options)
        for i, (kind, part) in enumerate(self.options):
            if _is(kind, value):
                out[at + i] = 1.0
                part.write(value, out, place)
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


class Record(Part):
    def __init__(self, fields: Sequence[tuple[str, Part, bool]]) -> None:
        self.fields = list(fields)
        self.width = sum(p.width + (0 if required else 1) for _, p, required in fields)

    def write(self, value: Any, out: list[float], at: int) -> None:
        for key, part, required in self.fields:
            if not required:
                if key in value:
                    out[at] = 1.0
                at += 1
            if key in value:
                part.write(value[key], out, at)
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


class Padded(Part):
    def __init__(self, item: Part, most: int) -> None:
        self.item = item
        self.most = most
        self.width = most * (1 + item.width)

    def write(self, value: Any, out: list[float], at: int) -> None:
        step = 1 + self.item.width
        for i, item in enumerate(value[: self.most]):
            out[at + i * step] = 1.0
            self.item.write(item, out, at + i * step + 1)

    def parts(self, path: str, at: int) -> list[tuple[int, int, str, str]]:
        if not self.width:
            return []
        inner = self.item.parts(f"{path}[i]", 1)
        what = "; ".join(f"+{o} {p} ({h})" for o, _, p, h in inner[:3])
        more = "; ..." if len(inner) > 3 else ""
        return [
            (at, self.width, f"{path}[0..{self.most - 1}]",
             f"{self.most} places of {1 + self.item.width}: +0 present; {what}{more}")
        ]  # fmt: skip


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


def compile_schema(node: Schema) -> Part:
    """The encoder of one schema node (see the module's documentation)."""
    how = node.get("x-encode")
    if how == "skip" or "const" in node:
        return Nothing()
    if "anyOf" in node:
        return Choice([(_kind(o), compile_schema(o)) for o in node["anyOf"]])
    if "enum" in node:
        return OneHot(node["enum"])
    kind = node.get("type")
    if kind in ("integer", "number"):
        if how == "onehot":
            return OneHot(range(int(node["minimum"]), int(node["maximum"]) + 1))
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
        return Padded(compile_schema(items), most)
    if kind == "object" or "properties" in node:
        required = set(node.get("required", ()))
        return Record(
            [(k, compile_schema(v), k in required) for k, v in node.get("properties", {}).items()]
        )
    raise ValueError(f"cannot encode a schema node of type {kind!r}")


class Encoder:
    """A game's observations as vectors of :attr:`size` numbers in [0, 1]."""

    def __init__(self, schema: Schema) -> None:
        self.root = compile_schema(schema)
        self.size = self.root.width

    def encode(self, observation: Mapping[str, Any]) -> list[float]:
        out = [0.0] * self.size
        self.root.write(observation, out, 0)
        return out

    def encode_into(self, observation: Mapping[str, Any], out: Any) -> None:
        """Write into ``out`` (a NumPy array or list of :attr:`size`), zeroing it first."""
        values = self.encode(observation)
        out[:] = values

    def describe(self) -> list[tuple[int, int, str, str]]:
        """(offset, width, path, how) of every part, in vector order."""
        return self.root.parts("", 0)
