"""The code a flat state's field declaration makes (:class:`vikingcli.engine.FlatState`:
its kinds ``VALUES``, ``LISTS``, ``GRIDS``, ``CUBES``, ``CACHES`` and ``TUPLES``): the
``clone`` method as source text, and the JSON forms of fields that hold tuples.

Kept apart from ``flat`` (which the compiled build compiles) because none of it is on a
search's path: the clone text is generated once per class, the JSON forms are for saves
and observations. Classes are taken as ``Any`` here: this module imports nothing of
``flat``, which imports it.
"""

from __future__ import annotations

import textwrap
from typing import Any

import orjson


def check_kinds(cls: Any) -> None:
    """``TypeError`` unless every field of ``cls`` is in exactly one kind, every
    annotated field is declared, and ``TUPLES`` names fields."""
    kinds = (cls.VALUES, cls.LISTS, cls.GRIDS, cls.CUBES, cls.CACHES)
    declared = [name for kind in kinds for name in kind]
    fields = set(field_names(cls)) - {"legal_cache"}
    missing = sorted(fields - set(declared))
    unknown = sorted(set(declared) - fields)
    twice = sorted({n for n in declared if declared.count(n) > 1})
    if missing or unknown or twice:
        raise TypeError(
            f"{cls.__name__}: every slot needs exactly one kind"
            f" (no kind: {missing}, not a slot: {unknown}, two kinds: {twice})"
        )
    # The annotations give the fields' types: each must be a declared field (a
    # compiled class keeps none, and is checked in the pure build).
    typed = {
        name
        for name, kind in vars(cls).get("__annotations__", {}).items()
        if "ClassVar" not in str(kind)
    }
    stray = sorted(typed - set(declared) - {"legal_cache"})
    if stray:
        raise TypeError(f"{cls.__name__}: annotated but in no kind: {stray}")
    untupled = sorted(set(cls.TUPLES) - (set(declared) - set(cls.CACHES)))
    if untupled:
        raise TypeError(f"{cls.__name__}: TUPLES names no field: {untupled}")


def field_names(cls: type) -> list[str]:
    """The instance fields of ``cls`` and its bases: their ``__slots__``, or, for a
    class compiled by mypyc (which keeps no ``__slots__``), the attributes it lists
    in ``__mypyc_attrs__``."""
    names: list[str] = []
    for klass in cls.__mro__:
        own = vars(klass)
        names += own.get("__slots__", ()) or own.get("__mypyc_attrs__", ())
    return names


def listed(value: Any) -> Any:
    """``value`` with every tuple and list in it a new list, all the way down.

    By a round trip through orjson, which a save makes of it anyway: a log of 800
    tuples (Graenaland's offers, copied into every observation) took 1.2 ms walked in
    Python and takes a tenth of that."""
    return orjson.loads(orjson.dumps(value))


def tupled(value: Any, levels: int) -> Any:
    """A saved value back in its form: lists for its kind's ``levels``, below them
    every list a tuple (``None``, numbers and strings as they are)."""
    if not isinstance(value, (list, tuple)):
        return value
    if levels > 0:
        return [tupled(x, levels - 1) for x in value]
    return tuple(tupled(x, 0) for x in value)


def list_levels(cls: Any, name: str) -> int:
    """How many levels of lists the kind of field ``name`` copies."""
    for levels, kind in enumerate((cls.VALUES, cls.LISTS, cls.GRIDS, cls.CUBES)):
        if name in kind:
            return levels
    raise KeyError(name)


CLONE_DOC = (
    "An independent copy, each field as deep as its kind says: the text\n"
    "vikingcli.engine.fields.clone_source generates from the kinds. Written out, not made\n"
    "when the class is: a compiled (native) class takes no method assigned after its\n"
    "creation."
)
"""The docstring of a written-out generated ``clone``."""


def clone_source(cls: Any, indent: str = "    ") -> str:
    """The ``clone`` method of ``cls`` as source text: straight-line code copying each
    field as deep as its kind says (as fast as a copy written by hand). A compiled
    state class writes this text out (its tests compare the two); an interpreted one
    gets it made when the class is created."""
    body = [f"c = {cls.__name__}()", "c.legal_cache = self.legal_cache"]
    body += [f"c.{n} = self.{n}" for n in cls.VALUES]
    body += [f"c.{n} = self.{n}[:]" for n in cls.LISTS]
    body += [f"c.{n} = [x[:] for x in self.{n}]" for n in cls.GRIDS]
    body += [f"c.{n} = [[y[:] for y in x] for x in self.{n}]" for n in cls.CUBES]
    for n in cls.CACHES:  # a list cache is copied one level, anything else shared
        body += _cache_copy(n, _annotation(cls, n))
    body.append("return c")
    doc = CLONE_DOC.replace("\n", "\n" + indent * 2)
    lines = [f"def clone(self) -> {cls.__name__}:", f'{indent}"""{doc}"""']
    lines += [indent + line for line in body]
    return "".join(f"{indent}{line}\n" for line in lines)


def _annotation(cls: Any, name: str) -> str:
    """The annotation of field ``name`` as written (``""``: none found)."""
    for klass in cls.__mro__:
        kind = vars(klass).get("__annotations__", {}).get(name)
        if kind is not None:
            return str(kind)
    return ""


def _cache_copy(n: str, kind: str) -> list[str]:
    """The lines copying cache ``n`` of type ``kind``: in the form its type says when it
    is written (what mypyc type-checks), else by what it holds."""
    if kind.startswith("list[") and kind.endswith("| None"):
        return [f"{n} = self.{n}", f"c.{n} = None if {n} is None else {n}[:]"]
    if kind.startswith("list["):
        return [f"c.{n} = self.{n}[:]"]
    if kind:
        return [f"c.{n} = self.{n}"]
    return [f"{n} = self.{n}", f"c.{n} = {n}[:] if {n}.__class__ is list else {n}"]


def clone_function(cls: Any) -> Any:
    """The clone of :func:`clone_source`, compiled once (as dataclasses do)."""
    # cls.__new__, not cls(): a subclass may take arguments; the base may be compiled
    text = textwrap.dedent(clone_source(cls)).replace(f"c = {cls.__name__}()", "c = new(cls)")
    namespace: dict[str, Any] = {"new": cls.__new__, "cls": cls}
    exec(text.replace(f"-> {cls.__name__}:", ":"), namespace)
    fn = namespace["clone"]
    fn.__qualname__ = f"{cls.__qualname__}.clone"
    fn.__doc__ = CLONE_DOC
    return fn


def give_clone(cls: Any) -> None:
    """Give ``cls`` the :func:`clone_function` of its kinds unless it writes its own
    ``clone``: a compiled class must, as nothing can be assigned to it once it exists."""
    if "clone" in vars(cls):
        return
    try:
        cls.clone = clone_function(cls)
    except TypeError:
        raise TypeError(
            f"{cls.__name__} is a compiled class: it must define its own clone"
        ) from None
