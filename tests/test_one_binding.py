"""Issue 39, "One binding per game": a game is one declarative binding of its modules'
functions, with no one-line delegation layer and no uncalled twin, and the search
calls the very functions the host does (so the conformance suite, which plays through
the host, tests what a search plays)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from vikingcli.core.registry import load_registry
from vikingcli.engine import BoundCalls, BoundGame, search_calls

REPO = Path(__file__).resolve().parents[1]
GAME_FILES = sorted(REPO.glob("plugins/vikingcli_*/game.py"))
BUILT_IN = sorted(p.parent.name.removeprefix("vikingcli_") for p in GAME_FILES)


def _parameters(fn: ast.FunctionDef) -> list[str]:
    return [a.arg for a in (*fn.args.posonlyargs, *fn.args.args)]


def _forwarded(arg: ast.expr) -> str | None:
    """The name an argument passes on unchanged: a parameter, or ``self.x``."""
    if isinstance(arg, ast.Name):
        return arg.id
    if isinstance(arg, ast.Attribute) and isinstance(arg.value, ast.Name):
        return f"{arg.value.id}.{arg.attr}"
    return None


def delegations(source: str) -> list[str]:
    """Every function of ``source`` whose body (after its docstring) is one call that
    hands on the function's own arguments, in the same order (``self`` and the
    object's attributes aside), to another object: a one-line delegation."""
    found = []
    for fn in ast.walk(ast.parse(source)):
        if not isinstance(fn, ast.FunctionDef):
            continue
        body = list(fn.body)
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
            body = body[1:]
        if len(body) != 1 or not isinstance(body[0], (ast.Expr, ast.Return)):
            continue
        call = body[0].value
        if not isinstance(call, ast.Call) or call.keywords:
            continue
        own = [p for p in _parameters(fn) if p not in ("self", "cls")]
        passed = [_forwarded(a) for a in call.args]
        if None in passed:
            continue  # it computes an argument: more than passing on
        if [p for p in passed if p in own] == own and all(
            p in own or str(p).startswith("self.") for p in passed
        ):
            found.append(f"{fn.name} (line {fn.lineno})")
    return found


def test_item39_delegation_finder_finds_a_delegation() -> None:
    """The finder below is no test that cannot fail: it flags the shapes the issue
    counted (105 of 107 methods) and passes logic and argument adapters."""
    flagged = delegations(
        "class G:\n"
        "    def play(self, state, action):\n        rules.play(state, action)\n"
        "    def evaluate(self, state, seat):\n"
        "        return evaluate(state, seat, self.weights)\n"
        "    def to_move(self, state):\n        return None if state.over else state.actor\n"
        "def tell(before, action, after, seat):\n    return narrate(before, action, after)\n"
    )
    assert [f.split()[0] for f in flagged] == ["play", "evaluate"]


@pytest.mark.parametrize("path", GAME_FILES, ids=BUILT_IN)
def test_item39_one_binding_per_game_has_no_one_line_delegation(path: Path) -> None:
    """No function or method of a game's binding file only passes its arguments on."""
    assert delegations(path.read_text(encoding="utf-8")) == []


@pytest.mark.parametrize("name", BUILT_IN)
def test_item39_one_binding_per_game_search_calls_what_the_host_calls(name: str) -> None:
    """No uncalled twin: the search's calls object is the game object's own (its
    ``legal_actions`` and ``apply`` go through it) and calls the functions the game's
    binding names, which are also what the game's members call."""
    game = load_registry().games[name]
    assert isinstance(game, BoundGame)
    calls = search_calls(game)
    assert isinstance(calls, BoundCalls) and calls is game.fast
    binding = type(game).binding
    assert calls.bound_to_move is binding.to_move
    assert calls.bound_legal_actions is binding.legal_actions
    assert calls.bound_apply_legal is binding.apply_legal
    assert calls.bound_determinize is binding.determinize
    assert calls.bound_evaluate_all is binding.evaluate_all
    state = game.new_state(game.default_players, {}, 3)
    assert list(game.legal_actions(state)) == list(binding.legal_actions(state))
    assert calls.weights is game.weights
    tuned = game.with_weights({next(iter(game.weights)): 0.5}) if game.weights else game
    assert search_calls(tuned).weights is tuned.weights  # a copy's search reads its weights
