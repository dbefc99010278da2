"""The plugin API's version, and the previous API's spellings kept for one release.

:data:`API_VERSION` is the version of the plugin API (:mod:`vikingcli.engine`). A
spelling of the previous version still works for one release, with a
``DeprecationWarning`` that names the new one (CHANGELOG.md lists them):

* the modules ``vikingcli.hookspecs`` and ``vikingcli.testing`` (now
  ``vikingcli.engine`` and ``vikingcli.engine.testing``);
* the search knobs a :class:`~vikingcli.engine.Game` subclass set as loose class
  attributes (``eval_scale``, ``ai_depth``, ``ai_deepen``, ``ai_tiebreak``,
  ``ai_search``): each is *used*, moved into the class's ``search_hints``;
* the hooks of :class:`~vikingcli.engine.FlatGame` and
  :class:`~vikingcli.engine.FlatCalls` named ``compute_legal`` and ``play`` (now
  ``rules_legal_actions`` and ``rules_apply_legal``): a subclass that defines them is
  adopted (:func:`adopt_old_hooks`), and calling them on a ``FlatGame`` still works.

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

OLD_HOOKS = {"compute_legal": "rules_legal_actions", "play": "rules_apply_legal"}
"""API 1's names of the ``FlatGame`` / ``FlatCalls`` hooks and the names they have now."""


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


def adopt_old_hooks(cls: type, stacklevel: int = 3) -> None:
    """Let a ``FlatGame`` or ``FlatCalls`` subclass written against API 1 work: a hook it
    defines under its old name (:data:`OLD_HOOKS`) and not under the new one becomes
    the new one, with a warning; one it defines under both names warns that the old
    one is no longer called. A class without the new names (a plain ``Game``, whose
    ``play`` may be anything) and the engine's own classes are left alone.
    ``stacklevel``: the class statement's frame, counted from this function's (1)."""
    if cls.__module__ == "vikingcli.engine.flat":
        return  # the engine's classes keep the old names as deprecated shims
    own = vars(cls)
    for old, new in OLD_HOOKS.items():
        if old not in own or not hasattr(cls, new):
            continue
        where = f"{cls.__qualname__}.{old}"
        if new in own:
            where += f" (never called: {cls.__qualname__} defines {new} too)"
        else:
            setattr(cls, new, own[old])
        deprecated(where, new, stacklevel=stacklevel + 1)
