"""Plugin discovery: load the ``vikingcli`` entry-point group into a pluggy manager.

Built-in games and players are found exactly like third-party ones. A plugin that
fails to import, or whose hook returns something unusable, is reported by name and
skipped; every other plugin keeps working. The compiled build's plugins under an
interpreted host (a source tree ahead of the build on the module path) are named in one
warning and not imported at all: their import would crash the interpreter.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import os
import warnings
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any

import pluggy

from vikingcli.engine import Game, UnknownKnobWarning
from vikingcli.engine import flat as flat_host
from vikingcli.engine import hooks as hookspecs
from vikingcli.engine.players import Advisor, PlayerKind
from vikingcli.engine.text import did_you_mean

ENTRY_POINT_GROUP = "vikingcli"
DIST = "vikingcli"
"""The distribution whose plugins come compiled with its host in the compiled build."""


@dataclass
class Registry:
    """The installed games and player kinds, plus warnings about broken plugins."""

    games: dict[str, Game] = field(default_factory=dict)
    players: dict[str, PlayerKind] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)
    sources: dict[str, str] = field(default_factory=dict)

    def game(self, name: str) -> Game:
        """The game called ``name``, or ``KeyError`` with the accepted names."""
        try:
            return self.games[name]
        except KeyError:
            accepted = ", ".join(sorted(self.games)) or "none installed"
            hint = did_you_mean(name, self.games)
            raise KeyError(f"unknown game {name!r}{hint} (installed: {accepted})") from None


def _plugin_manager() -> pluggy.PluginManager:
    pm = pluggy.PluginManager(hookspecs.PROJECT)
    pm.add_hookspecs(hookspecs)
    return pm


def load_registry(
    modules: Iterable[ModuleType] = (),
    *,
    entry_points: bool = True,
) -> Registry:
    """Discover every plugin and collect its games and player kinds.

    ``modules`` registers extra plugin modules directly (tests, embedding).
    """
    # Only commands that load plugins pay for reading the installed metadata.
    from importlib.metadata import entry_points as installed

    # The host's own player kinds, registered like any plugin.
    from vikingcli.core import external, people

    reg = Registry()
    pm = _plugin_manager()
    pm.register(people, name="vikingcli.core.people")
    pm.register(external, name="vikingcli.core.external")
    for module in modules:
        pm.register(module, name=module.__name__)
    shadowed: list[tuple[str, str]] = []  # (plugin, where its compiled build is)
    if entry_points:
        for ep in sorted(installed(group=ENTRY_POINT_GROUP), key=lambda e: e.name):
            if pm.has_plugin(ep.name) or pm.is_blocked(ep.name):
                continue
            build = compiled_elsewhere(ep.module)  # files only: cheap, read first
            if build is not None and ep.dist is not None and ep.dist.name == DIST:
                shadowed.append((ep.name, build))
                continue
            try:
                with warnings.catch_warnings(record=True) as caught:
                    warnings.simplefilter("always")
                    plugin = ep.load()
                pm.register(plugin, name=ep.name)
            except Exception as exc:
                reg.warnings.append(
                    f"plugin {ep.name!r} ({ep.value}) failed to load: {type(exc).__name__}: {exc}"
                )
                continue
            _plugin_warnings(ep.name, caught, reg)
    if shadowed:
        names = ", ".join(name for name, _ in shadowed)
        build = os.path.dirname(shadowed[0][1])
        host = os.path.dirname(os.path.dirname(os.path.abspath(flat_host.__file__)))
        reg.warnings.append(
            f"plugins not loaded: {names}: they are the compiled build in {build}, and"
            f" this vikingcli is the interpreted one in {host}, ahead of it on the"
            " module path (a source tree in the current directory?); run from another"
            " directory"
        )
    _collect(pm, "vikingcli_games", Game, reg.games, reg)
    _collect(pm, "vikingcli_players", PlayerKind, reg.players, reg)
    return reg


def compiled_elsewhere(module: str) -> str | None:
    """The directory of ``module``'s package when it holds compiled extension modules
    while the host's ``vikingcli.engine.flat`` in use is interpreted, else None.

    The compiled build compiles a game's state class as a native class on the
    compiled ``FlatState`` (setup.py). Imported under an interpreted host (a
    repository's ``vikingcli/`` first on the module path, as with ``python -m
    vikingcli`` in the source tree after ``VIKINGCLI_MYPYC=1 pip install .``), creating
    that class crashes the interpreter (a segmentation fault): no exception to catch,
    so it is found before the import, from the files alone."""
    if not flat_host.__file__ or not flat_host.__file__.endswith(".py"):
        return None  # the compiled host: its own build's plugins fit it
    try:
        spec = importlib.util.find_spec(module.partition(".")[0])
    except (ImportError, ValueError):
        return None  # the import itself will say what is wrong
    if spec is None or not spec.submodule_search_locations:
        return None
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    for where in spec.submodule_search_locations:
        try:
            names = os.listdir(where)
        except OSError:
            continue
        if any(name.endswith(suffixes) for name in names):
            return where
    return None


def _plugin_warnings(name: str, caught: list[warnings.WarningMessage], reg: Registry) -> None:
    # Python hides a DeprecationWarning raised outside __main__: a plugin written
    # against the previous API would never hear of it. They become the registry's
    # warnings, which the CLI prints; any other warning goes on as it came.
    for w in caught:
        if issubclass(w.category, (DeprecationWarning, UnknownKnobWarning)):
            reg.warnings.append(f"plugin {name!r}: {w.message}")
        else:
            warnings.warn_explicit(w.message, w.category, w.filename, w.lineno)


def _collect(
    pm: pluggy.PluginManager,
    hook_name: str,
    expected: type,
    into: dict[str, Any],
    reg: Registry,
) -> None:
    # The hook is called through pluggy once per plugin (a subset hook caller
    # without the others), so a plugin that raises or answers wrongly is blamed by
    # name instead of failing the whole call, and pluggy's own machinery (its
    # argument handling, tracing and call monitors) sees every call.
    hook = getattr(pm.hook, hook_name)
    impls = hook.get_hookimpls()
    for impl in reversed(impls):
        plugin_name = impl.plugin_name
        others = [other.plugin for other in impls if other is not impl]
        call = pm.subset_hook_caller(hook_name, remove_plugins=others)
        try:
            answers: list[Any] = call()
        except Exception as exc:
            reg.warnings.append(
                f"plugin {plugin_name!r}: {hook_name}() raised {type(exc).__name__}: {exc}"
            )
            continue
        # pluggy leaves out an implementation's None: the answer is then no list.
        result = answers[0] if answers else None
        if not isinstance(result, (list, tuple)):
            reg.warnings.append(
                f"plugin {plugin_name!r}: {hook_name}() returned {type(result).__name__},"
                " expected a list"
            )
            continue
        for item in result:
            name = getattr(item, "name", None)
            if not isinstance(item, expected) or not isinstance(name, str) or not name:
                reg.warnings.append(
                    f"plugin {plugin_name!r}: {hook_name}() returned {item!r},"
                    f" expected a {expected.__name__}"
                )
                continue
            if name in into:
                reg.warnings.append(
                    f"plugin {plugin_name!r}: {name!r} is already provided by"
                    f" {reg.sources[hook_name + ':' + name]!r}; ignored"
                )
                continue
            into[name] = item
            reg.sources[hook_name + ":" + name] = plugin_name


def find_advisor(kinds: Mapping[str, PlayerKind]) -> Advisor | None:
    """The installed player kind that can judge positions (``mcts`` first)."""
    ordered = sorted(kinds.values(), key=lambda k: (k.name != "mcts", k.name))
    return next((k.advise for k in ordered if k.advise is not None), None)
