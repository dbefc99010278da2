"""Issue 39: the registry calls the plugin hooks as pluggy intends (through its hook
callers, one plugin at a time), and a broken plugin is still named in one warning
line while every other plugin loads (the CLI's side: test_cli.py's broken plugins)."""

from __future__ import annotations

import importlib.machinery
import importlib.metadata
import types
from pathlib import Path
from typing import Any

import pluggy
import pytest
import vikingcli_toygame

from vikingcli.core import registry
from vikingcli.engine.hooks import hookimpl


def _plugin(name: str, games: Any) -> types.ModuleType:
    """A plugin module whose ``vikingcli_games`` hook runs ``games()``."""
    module = types.ModuleType(name)

    @hookimpl
    def vikingcli_games() -> Any:
        return games()

    module.vikingcli_games = vikingcli_games  # type: ignore[attr-defined]
    return module


def _boom() -> Any:
    raise RuntimeError("no board today")


def test_item39_a_hook_that_raises_is_named_in_one_line_and_the_others_load() -> None:
    reg = registry.load_registry([_plugin("raiser", _boom), vikingcli_toygame], entry_points=False)
    assert "toygame" in reg.games
    assert reg.warnings == [
        "plugin 'raiser': vikingcli_games() raised RuntimeError: no board today"
    ]


def test_item39_a_hook_that_returns_nothing_is_named() -> None:
    reg = registry.load_registry([_plugin("empty", lambda: None)], entry_points=False)
    assert reg.warnings == [
        "plugin 'empty': vikingcli_games() returned NoneType, expected a list"
    ]


def test_item39_a_game_given_twice_is_kept_once_and_the_other_plugin_named() -> None:
    """pluggy calls the plugin registered last first: its game is the one kept."""
    again = _plugin("again", lambda: [vikingcli_toygame.RuneDuel()])
    reg = registry.load_registry([vikingcli_toygame, again], entry_points=False)
    assert "toygame" in reg.games
    assert reg.warnings == [
        "plugin 'vikingcli_toygame': 'toygame' is already provided by 'again'; ignored"
    ]


def test_item39_every_hook_call_goes_through_pluggys_call_machinery(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """pluggy's call monitors see a call only when it is made through a hook caller
    (calling an implementation's function directly goes around them)."""
    seen: list[tuple[str, list[str]]] = []
    make = registry._plugin_manager

    def monitored() -> pluggy.PluginManager:
        pm = make()

        def before(name: str, impls: Any, kwargs: Any) -> None:
            seen.append((name, [impl.plugin_name for impl in impls]))

        pm.add_hookcall_monitoring(before, lambda *args: None)
        return pm

    monkeypatch.setattr(registry, "_plugin_manager", monitored)
    reg = registry.load_registry([vikingcli_toygame], entry_points=False)
    assert "toygame" in reg.games
    assert ("vikingcli_games", ["vikingcli_toygame"]) in seen
    # One plugin at a time, so that a broken one is blamed by name.
    assert all(len(plugins) == 1 for _, plugins in seen), seen


def _package(root: Path, compiled: bool) -> str:
    """A plugin package in ``root`` whose ``state`` module is a compiled extension
    (a file with the interpreter's extension suffix, never imported) or not."""
    package = root / "shadowgame"
    package.mkdir()
    (package / "__init__.py").write_text("raise AssertionError('imported')\n")
    name = "state" + (importlib.machinery.EXTENSION_SUFFIXES[0] if compiled else ".py")
    (package / name).write_text("")
    return "shadowgame"


def test_a_compiled_plugin_under_the_interpreted_host_is_found_before_its_import(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(tmp_path))
    assert registry.compiled_elsewhere(_package(tmp_path, compiled=True)) == str(
        tmp_path / "shadowgame"
    )
    # the compiled host: its own build's plugins fit it
    monkeypatch.setattr(registry, "flat_host", types.SimpleNamespace(__file__="flat.so"))
    assert registry.compiled_elsewhere("shadowgame") is None


def test_twin_an_interpreted_plugin_is_not_taken_for_a_compiled_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.syspath_prepend(str(tmp_path))
    assert registry.compiled_elsewhere(_package(tmp_path, compiled=False)) is None


def test_the_compiled_builds_plugins_under_a_source_trees_host_are_named_not_imported(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``python -m vikingcli`` in the repository after ``VIKINGCLI_MYPYC=1 pip install .``:
    importing the compiled game under the interpreted host crashed the interpreter
    (a segmentation fault); now one warning names the plugins and the cause."""
    monkeypatch.syspath_prepend(str(tmp_path))
    module = _package(tmp_path, compiled=True)
    ours = types.SimpleNamespace(
        name="shadow",
        value=module,
        module=module,
        dist=types.SimpleNamespace(name=registry.DIST),
        load=lambda: pytest.fail("the compiled plugin was imported"),
    )
    monkeypatch.setattr(importlib.metadata, "entry_points", lambda group: [ours])
    reg = registry.load_registry()
    assert reg.games == {}
    [warning] = reg.warnings
    assert warning.startswith("plugins not loaded: shadow: they are the compiled build in ")
    assert "run from another directory" in warning
