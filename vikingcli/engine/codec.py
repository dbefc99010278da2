"""A game's actions as integers: the fixed action space of learning libraries.

``Game.action_codec(n_players, options)`` returns an :class:`ActionCodec`, a bijection
between every action the game can have at that table and the integers ``0 ..
size - 1``, the same in every state: PettingZoo's ``Discrete(size)`` action space
with its ``action_mask``, OpenSpiel's ``num_distinct_actions``.

A game describes its actions as :class:`Template` rows: the action tuples that begin
with ``head`` and go on with one value of each field. A game whose actions are plain
ints or strings, not tuples, writes rows with ``scalar=True``: one field and no head,
the action being that field's value itself. A field is a range of integers
(:class:`Ints`) or a list of values (:class:`Values`; :class:`Splice` for a last
field whose values are tuples laid into the action, for actions of varying length).
Row after row, each gets the next block of integers, in mixed radix (the last field
varies fastest), so the numbering is readable from the rows alone, which
:meth:`ActionCodec.describe` prints for the documentation.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from bisect import bisect_right
from collections.abc import Hashable, Iterable, Sequence
from dataclasses import dataclass, field
from itertools import combinations_with_replacement
from typing import Any


class Field(ABC):
    """The values one place of an action tuple takes."""

    size: int = 0

    @abstractmethod
    def encode(self, value: Any) -> int:
        """The index of ``value`` among this place's values."""

    @abstractmethod
    def decode(self, index: int) -> Any:
        """The value at ``index``: the inverse of :meth:`encode`."""

    @abstractmethod
    def describe(self) -> str:
        """The values, in words, for the documentation."""


@dataclass(frozen=True)
class Ints(Field):
    """The integers ``lo .. hi - 1``, named ``name`` in the documentation."""

    name: str
    lo: int
    hi: int

    @property
    def size(self) -> int:  # type: ignore[override]
        return self.hi - self.lo

    def encode(self, value: Any) -> int:
        if not isinstance(value, int) or not self.lo <= value < self.hi:
            raise ValueError(f"{self.name} {value!r} is not in {self.lo}..{self.hi - 1}")
        return value - self.lo

    def decode(self, index: int) -> Any:
        return self.lo + index

    def describe(self) -> str:
        return f"{self.name} {self.lo}..{self.hi - 1}"


@dataclass(frozen=True)
class Values(Field):
    """The values listed, in that order (any hashable values)."""

    name: str
    values: tuple[Hashable, ...]
    index: dict[Hashable, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", {v: i for i, v in enumerate(self.values)})
        if len(self.index) != len(self.values):
            raise ValueError(f"{self.name}: a value is listed twice")

    @property
    def size(self) -> int:  # type: ignore[override]
        return len(self.values)

    def encode(self, value: Any) -> int:
        try:
            return self.index[value]
        except (KeyError, TypeError):
            raise ValueError(f"{self.name} {value!r} is not one of its values") from None

    def decode(self, index: int) -> Any:
        return self.values[index]

    def describe(self) -> str:
        return f"{self.name} (one of {len(self.values)})"


class Splice(Values):
    """Tuples laid into the action in their place (the last field of a row): actions
    of varying length, such as 1 to 3 goods taken off craftsmen."""


@dataclass(frozen=True)
class Template:
    """The actions ``head + (v1, v2, ...)`` for every value of each field."""

    head: tuple[Hashable, ...]
    fields: tuple[Field, ...] = ()
    what: str = ""
    """What these actions are, for the documentation."""
    scalar: bool = False
    """The actions are the one field's values themselves (ints or strings), not tuples."""

    def __post_init__(self) -> None:
        if self.scalar and (self.head or len(self.fields) != 1):
            raise ValueError("a scalar row has no head and exactly one field")

    @property
    def size(self) -> int:
        out = 1
        for f in self.fields:
            out *= f.size
        return out

    def fits(self, action: tuple[Any, ...]) -> bool:
        if action[: len(self.head)] != self.head:
            return False
        rest = len(action) - len(self.head)
        if self.fields and isinstance(self.fields[-1], Splice):
            return rest >= len(self.fields) - 1
        return rest == len(self.fields)

    def encode(self, action: tuple[Any, ...]) -> int:
        values: list[Any] = list(action[len(self.head) :])
        if self.fields and isinstance(self.fields[-1], Splice):
            k = len(self.fields) - 1
            values = [*values[:k], tuple(values[k:])]
        out = 0
        for f, v in zip(self.fields, values, strict=True):
            out = out * f.size + f.encode(v)
        return out

    def decode(self, index: int) -> Any:
        if self.scalar:
            return self.fields[0].decode(index)
        values = []
        for f in reversed(self.fields):
            index, digit = divmod(index, f.size)
            values.append(f.decode(digit))
        values.reverse()
        if self.fields and isinstance(self.fields[-1], Splice):
            return (*self.head, *values[:-1], *values[-1])
        return (*self.head, *values)


class ActionCodec:
    """A bijection between a game's actions (tuples, or ints and strings through
    ``scalar`` rows) and ``0 .. size - 1``."""

    def __init__(self, templates: Iterable[Template]) -> None:
        self.templates = tuple(templates)
        self.offsets: list[int] = []
        total = 0
        for t in self.templates:
            self.offsets.append(total)
            total += t.size
        self.size = total
        self._by_head: dict[Hashable, list[int]] = {}
        self._scalar: list[int] = []
        for i, t in enumerate(self.templates):
            if t.scalar:
                self._scalar.append(i)
            else:
                self._by_head.setdefault(t.head[:1], []).append(i)

    def encode(self, action: Any) -> int:
        """The integer of ``action`` (a tuple, or an int or str of a scalar row);
        ``ValueError`` if the codec has none for it."""
        if not isinstance(action, tuple):
            # bool is an int to Python, never an action
            if isinstance(action, (int, str)) and not isinstance(action, bool):
                for i in self._scalar:
                    try:
                        return self.offsets[i] + self.templates[i].fields[0].encode(action)
                    except ValueError:
                        continue
            raise ValueError(f"not an action of this codec: {action!r}")
        if not action:
            raise ValueError(f"not an action of this codec: {action!r}")
        for i in self._by_head.get(action[:1], ()):
            t = self.templates[i]
            if t.fits(action):
                return self.offsets[i] + t.encode(action)
        raise ValueError(f"not an action of this codec: {action!r}")

    def row(self, index: int) -> int:
        """The position in :attr:`templates` of the row that numbers ``index`` (the
        action's form, for the documentation); ``ValueError`` outside ``0 .. size - 1``."""
        if not 0 <= index < self.size:
            raise ValueError(f"action number {index} is not in 0..{self.size - 1}")
        return bisect_right(self.offsets, index) - 1

    def decode(self, index: int) -> Any:
        """The action numbered ``index``; ``ValueError`` outside ``0 .. size - 1``."""
        row = self.row(index)
        return self.templates[row].decode(index - self.offsets[row])

    def describe(self) -> list[str]:
        """One line per row: its numbers, its head and fields, what it is."""
        out = []
        for offset, t in zip(self.offsets, self.templates):
            last = offset + t.size - 1
            span = f"{offset}" if last == offset else f"{offset}..{last}"
            parts = ", ".join([repr(h) for h in t.head] + [f.describe() for f in t.fields])
            shown = parts if t.scalar else f"({parts})"
            out.append(f"{span}: {shown}" + (f"  {t.what}" if t.what else ""))
        return out


def splice_values(items: Sequence[tuple[Any, ...]], most: int) -> tuple[tuple[Any, ...], ...]:
    """Every sorted choice of 1 to ``most`` of ``items`` (repeats allowed), each flattened:
    the values of a :class:`Splice` for "1 to 3 goods off craftsmen" and the like."""
    ordered = sorted(set(items))
    out: list[tuple[Any, ...]] = []
    for k in range(1, most + 1):
        for combo in combinations_with_replacement(ordered, k):
            out.append(tuple(x for item in combo for x in item))
    return tuple(out)
