"""Issue 39: every public name of ``vikingcli.engine`` (what its ``__all__`` exports,
and the public methods and properties of its classes) has a docstring of its own:
the engine is the one package a game or an AI is written against.

A class or function has its ``__doc__``; a constant, alias or marker has the string
written under its assignment (what Sphinx and the editors show as its docstring)."""

from __future__ import annotations

import ast
import inspect
import itertools
from pathlib import Path
from typing import Any

import vikingcli.engine as engine

ENGINE = Path(engine.__file__).parent


def _documented_assignments() -> set[str]:
    """The module-level names of the engine's modules assigned with a string under them."""
    names: set[str] = set()
    for path in ENGINE.glob("*.py"):
        body = ast.parse(path.read_text(encoding="utf-8")).body
        for stmt, after in itertools.pairwise(body):
            documented = (
                isinstance(after, ast.Expr)
                and isinstance(after.value, ast.Constant)
                and isinstance(after.value.value, str)
            )
            if not documented:
                continue
            if isinstance(stmt, ast.Assign):
                names.update(t.id for t in stmt.targets if isinstance(t, ast.Name))
            elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name):
                names.add(stmt.target.id)
    return names


def _own_doc(obj: Any) -> str:
    doc = obj.__dict__.get("__doc__") if inspect.isclass(obj) else obj.__doc__
    return (doc or "").strip()


def _documented_above(cls: type, member: str) -> bool:
    """An override is documented by the engine class it overrides (as Sphinx and
    ``help()`` show it): the binding's classes answer members ``Game`` documents."""
    for base in cls.__mro__[1:]:
        found = vars(base).get(member)
        if found is not None:
            func = found.fget if isinstance(found, property) else found
            return bool((getattr(func, "__doc__", None) or "").strip())
    return False


def _public_members(cls: type) -> list[tuple[str, Any]]:
    """The public methods and properties a class defines itself, as functions."""
    members = []
    for name, value in vars(cls).items():
        if name.startswith("_"):
            continue
        if isinstance(value, property):
            members.append((name, value.fget))
        elif isinstance(value, classmethod | staticmethod):
            members.append((name, value.__func__))
        elif inspect.isfunction(value):
            members.append((name, value))
    return members


def engine_docstrings() -> tuple[list[str], list[str]]:
    """Every public name of the engine checked, and those without a docstring."""
    assigned = _documented_assignments()
    checked: list[str] = []
    missing: list[str] = []
    for name in engine.__all__:
        obj = getattr(engine, name)
        checked.append(name)
        defined_here = (inspect.isclass(obj) or inspect.isfunction(obj)) and (
            obj.__module__.startswith(engine.__name__)
        )
        if not defined_here:
            if name not in assigned:
                missing.append(name)
            continue
        if not _own_doc(obj):
            missing.append(name)
        if inspect.isclass(obj):
            for member, func in _public_members(obj):
                checked.append(f"{name}.{member}")
                if not (func.__doc__ or "").strip() and not _documented_above(obj, member):
                    missing.append(f"{name}.{member}")
    return checked, missing


def test_item39_every_public_name_of_the_engine_has_a_docstring() -> None:
    checked, missing = engine_docstrings()
    assert {"Game", "Game.new_state", "SEED_MAX", "hookimpl"} <= set(checked)
    assert missing == [], f"{len(missing)} of {len(checked)} public names lack a docstring"


def test_item39_the_count_finds_a_name_without_a_docstring(monkeypatch: Any) -> None:
    """The twin: a public method whose docstring is taken away is named."""
    monkeypatch.setattr(engine.Game.new_state, "__doc__", None)
    _, missing = engine_docstrings()
    assert "Game.new_state" in missing
