"""Issue 37 item 1: a versioned plugin API. A plugin written against the previous API
(tests/fixtures/oldapi) loads with deprecation warnings naming the new spellings and
plays; its old ``eval_scale`` is used; the default rules text is dedented."""

from __future__ import annotations

import importlib
import random
import sys
import warnings
from pathlib import Path

import pytest
from vikingcli_toygame import RuneDuel

import vikingcli.engine
from vikingcli.core.registry import load_registry
from vikingcli.engine import SearchHints, UnknownKnobWarning
from vikingcli.engine.testing import conformance_suite, play_random
from vikingcli_ai.mcts import Search, SearchConfig

OLDAPI = Path(__file__).parent.parent / "fixtures" / "oldapi"


def _import_fresh(name: str) -> object:
    for module in (name, "vikingcli.hookspecs", "vikingcli.testing"):
        sys.modules.pop(module, None)
    return importlib.import_module(name)


@pytest.fixture
def oldapi(monkeypatch: pytest.MonkeyPatch) -> list[warnings.WarningMessage]:
    monkeypatch.syspath_prepend(str(OLDAPI))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        _import_fresh("vikingcli_oldapi")
    yield caught
    sys.modules.pop("vikingcli_oldapi", None)


def test_item1_the_api_has_a_version() -> None:
    assert vikingcli.engine.API_VERSION == 2


def test_item1_an_api1_plugin_warns_naming_each_new_spelling(
    oldapi: list[warnings.WarningMessage],
) -> None:
    told = [str(w.message) for w in oldapi if w.category is DeprecationWarning]
    assert any("vikingcli.hookspecs" in t and "use vikingcli.engine" in t for t in told), told
    assert any("eval_scale" in t and "SearchHints(eval_scale=3.0)" in t for t in told), told
    assert any("ai_depth" in t and "SearchHints(depth=6)" in t for t in told), told


def test_item1_an_api1_plugins_old_eval_scale_is_used_by_the_search(
    oldapi: list[warnings.WarningMessage],
) -> None:
    module = sys.modules["vikingcli_oldapi"]
    reg = load_registry([module], entry_points=False)  # type: ignore[list-item]
    game = reg.game("runetricks")
    assert game.search_hints.eval_scale == 3.0 and game.search_hints.depth == 6
    state = game.new_state(2, game.resolve_options({}), 1)
    search = Search(game, state, 0, SearchConfig(iterations=10), random.Random(1))
    assert search.eval_scale == 3.0
    play_random(game, 2, game.resolve_options({}), 1)


def test_item1_an_api1_plugin_loads_with_warnings_and_plays_from_the_cli(oldapi_cli) -> None:  # type: ignore[no-untyped-def]
    proc = oldapi_cli(
        "run", "runetricks", "-p", "mcts:iterations=30", "-p", "random", "--seed", "2"
    )
    assert proc.returncode == 0, proc.stderr
    assert "plugin 'runetricks'" in proc.stderr and "use vikingcli.engine" in proc.stderr
    assert "SearchHints(eval_scale=3.0)" in proc.stderr
    assert "Traceback" not in proc.stderr
    assert "runetricks" in proc.stdout.lower() or proc.stdout.strip(), proc.stdout
    rules = oldapi_cli("rules", "runetricks")
    assert rules.returncode == 0, rules.stderr
    assert max(len(line) for line in rules.stdout.splitlines()) <= 80


def test_item1_the_old_testing_module_is_the_suite_with_a_warning() -> None:
    with pytest.warns(
        DeprecationWarning, match=r"vikingcli\.testing .*use vikingcli\.engine\.testing"
    ):
        old = _import_fresh("vikingcli.testing")
    assert old.conformance_suite is conformance_suite  # type: ignore[attr-defined]


def test_item1_default_rules_text_is_dedented_to_80_columns() -> None:
    class Indented(RuneDuel):
        """Indented (fixture)

        A line that is exactly eighty columns wide once this docstring is dedented: see.
        """

    text = Indented().rules_text()
    assert text.splitlines()[2].startswith("A line")
    assert max(map(len, text.splitlines())) == 80
    conformance_suite(Indented())().test_identity()


def test_item1_an_unknown_knob_on_a_game_class_warns() -> None:
    with pytest.warns(UnknownKnobWarning, match=r"searchhints|search_hints"):

        class Misspelt(RuneDuel):
            serch_hints = SearchHints(eval_scale=2.0)

    with pytest.warns(UnknownKnobWarning, match="looks like a setting"):

        class Loose(RuneDuel):
            rollout_budget = 40

    with pytest.warns(UnknownKnobWarning, match="SearchHints field"):

        class Field(RuneDuel):
            depth = 4

    with warnings.catch_warnings():
        warnings.simplefilter("error")

        class Constants(RuneDuel):
            HAND_LIMIT = 7
            weights = {"score": 2.0}  # noqa: RUF012 (a game sets its weights so)


def test_item4_openspiel_is_refused_up_front_at_a_game_without_schema_or_codec(
    oldapi_cli,  # type: ignore[no-untyped-def]
) -> None:
    proc = oldapi_cli("run", "runetricks", "-p", "openspiel", "-p", "random", "--seed", "2")
    assert proc.returncode == 2, proc.stderr
    errors = [line for line in proc.stderr.splitlines() if "error" in line]
    assert len(errors) == 1 and "runetricks has no OpenSpiel form" in errors[0], proc.stderr
    assert "Traceback" not in proc.stderr and "forfeit" not in proc.stdout.lower()
