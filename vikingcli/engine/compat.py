"""The plugin API's version, and the previous API's spellings kept for one release.

:data:`API_VERSION` is the version of the plugin API (:mod:`vikingcli.engine`). A
spelling of the previous version still works for one release, with a
``DeprecationWarning`` that names the new one (CHANGELOG.md lists them):

* the modules ``vikingcli.hookspecs`` and ``vikingcli.testing`` (now
  ``vikingcli.engine`` and ``vikingcli.engine.testing``);
* the search knobs a :class:`~vikingcli.engine.Game` subclass set as loose class
  attributes (``eval_scale``, ``ai_depth``, ``ai_deepen``, ``ai_tiebreak``,
  ``ai_search``): each is *used*, moved into the class's ``search_hints``.

A class attribute the engine does not know that looks like a knob (a number or a
flag, or a name close to a known member) is never silently ignored: it warns with
:class:`UnknownKnobWarning`.
"""

from __future__ import annotations

import dataclasses
import difflib
import warnings
from typing import Any

from vikingcli.engine.search import SearchHints

API_VERSION = 2
"""The plugin API's version: 1 was ``vikingcli.hookspecs`` with loose search knobs;
2 is ``vikingcli.engine`` with :class:`SearchHints`."""

OLD_KNOBS = {
    "eval_scale": "eval_scale",
    "ai_depth": "depth",
    "ai_deepen": "deepen",
    "ai_tiebreak": "tiebreak",
    "ai_search": "method",
}
"""API 1's class attributes and the :class:`SearchHints` field each became."""


class UnknownKnobWarning(UserWarning):
    """A game class sets an attribute the engine never reads, though it looks like a
    setting (a misspelt or retired knob would otherwise be silently ignored)."""


def deprecated(old: str, new: str, stacklevel: int = 3) -> None:
    """Warn that ``old`` is deprecated in favour of ``new``."""
    warnings.warn(
        f"{old} is deprecated since plugin API {API_VERSION} and goes in the next release:"
        f" use {new}",
        DeprecationWarning,
        stacklevel=stacklevel,
    )


def adopt_old_knobs(cls: type) -> None:
    """Move API 1's search knobs set on ``cls`` into its ``search_hints`` (with a
    warning each), and warn about attributes ``cls`` adds that its bases do not
    know and that look like knobs (methods and CAPITALISED constants are its own)."""
    own = vars(cls)
    known = {name for base in cls.__mro__[1:] for name in dir(base)}
    changes: dict[str, Any] = {}
    for old, new in OLD_KNOBS.items():
        if old in own:
            value = own[old]
            changes[new] = float(value) if new == "eval_scale" else value
            deprecated(
                f"the Game class attribute {old} (on {cls.__qualname__})",
                f"search_hints = SearchHints({new}={value!r})",
                stacklevel=4,
            )
    if changes:
        hints: SearchHints = own.get("search_hints", getattr(cls, "search_hints", SearchHints()))
        cls.search_hints = dataclasses.replace(hints, **changes)  # type: ignore[attr-defined]
    hint_fields = {f.name for f in dataclasses.fields(SearchHints)}
    for name, value in own.items():
        if name.startswith("_") or name in known or name in OLD_KNOBS or name.isupper():
            continue
        if callable(value) or isinstance(value, (property, classmethod, staticmethod)):
            continue
        close = difflib.get_close_matches(name, [*known, *hint_fields], n=1, cutoff=0.8)
        if name in hint_fields:
            why = f"it is a SearchHints field: set search_hints = SearchHints({name}=...)"
        elif close:
            why = f"did you mean {close[0]}?"
        elif isinstance(value, (bool, int, float)):
            why = "it looks like a setting; constants are named in CAPITALS"
        else:
            continue
        warnings.warn(
            f"{cls.__qualname__}.{name} is not read by the engine: {why}",
            UnknownKnobWarning,
            stacklevel=4,
        )
