"""Issue 39 item 1: one name per concept (docs/architecture.md, "Glossary"). The old
spellings of a glossary concept are not back anywhere in the code: read token by token
(identifiers, attributes, a state's field lists, snapshot keys), not in prose, where a
rulebook's own words ("lead", "Jarl", "score") stay. An old spelling that must stay has
its reason in ``ALLOWED``."""

from __future__ import annotations

import io
import re
import tokenize
from collections.abc import Iterator
from pathlib import Path

import pytest

TREE = Path(__file__).resolve().parents[1]
CODE = ("vikingcli", "ai", "plugins", "tests", "benchmarks", "examples")
GAMES = ("graenaland", "jorvik", "walhalla", "wikinger")

NAMES = {
    "adv": "advanced",
    "jarl": "advanced",
    "round_no": "round",
    "_over": "_legal_over",
    "_no_play": "_apply_over",
    "_over_legal": "_legal_over",
    "_over_play": "_apply_over",
    "_play_over": "_apply_over",
    "_no_moves": "_legal_over",
    "_not_a_decision": "_apply_over",
    "SAVED_AS": "RENAMED (old snapshot key -> field)",
    "rules_legal": "rules_legal_actions",
    "rules_play": "rules_apply_legal",
    "compute_legal": "rules_legal_actions",
}
"""Identifiers that are gone, anywhere in the code."""
GAME_ATTRIBUTES = {
    "lead": "start",
    "score": "vp",
    "active": "in_auction (Wikinger) or turn_player (Walhalla)",
    "round_no": "round",
    "cur": "actor",
}
"""A state's old field names, as attributes (``s.lead``) in the games and their tests."""
SNAPSHOT_KEYS = {"cur": "actor", "lead": "start"}
"""Snapshot keys read by subscript (``o["cur"]``) in the games."""
RULES_MODULES = {"rules", "R"} | {
    p.stem for g in GAMES for p in (TREE / "plugins" / f"vikingcli_{g}" / "rules").glob("*.py")
}
HOOKS = {"compute_legal": "rules_legal_actions", "play": "rules_apply_legal"}
"""The FlatGame / FlatCalls hooks' old names: defined in, or called on, a game or its calls."""
HOOK_OWNERS = {"game", "fast", "calls"}
"""Names that hold a game or its search calls, whose ``.play`` is the old hook."""
ALLOWED = {
    ("vikingcli/engine/flat.py", "SearchCalls.legal"): (
        "the deprecated alias of SearchCalls.legal_actions, kept one release (plugin API 2)"
    ),
    ("vikingcli/engine/flat.py", "FlatGame.compute_legal"): (
        "the deprecated alias of FlatGame.rules_legal_actions, kept one release (plugin API 2)"
    ),
    ("vikingcli/engine/flat.py", "FlatGame.play"): (
        "the deprecated alias of FlatGame.rules_apply_legal, kept one release (plugin API 2)"
    ),
    ("tests/host/test_flat.py", "compute_legal"): "the test that API 1's hook names still work",
    ("tests/host/test_flat.py", "play"): "the test that API 1's hook names still work",
    ("tests/vulture_whitelist.py", "compute_legal"): (
        "vulture's whitelist of the deprecated alias (no caller in the tree: plugins call it)"
    ),
}
"""(file, spelling) -> why it stays."""


def python_files() -> Iterator[Path]:
    for top in CODE:
        for path in sorted((TREE / top).rglob("*.py")):
            if "build" not in path.parts:
                yield path


def old_spellings(rel: str, text: str) -> Iterator[str]:
    """``FILE:LINE: spelling -> the glossary's name`` for each old spelling in ``text``,
    the code of the file at ``rel`` (relative to the tree)."""
    in_game = rel.startswith("plugins/") or rel.split("/")[1:2] in ([g] for g in GAMES)
    toks = [
        t
        for t in tokenize.generate_tokens(io.StringIO(text).readline)
        if t.type in (tokenize.NAME, tokenize.OP, tokenize.STRING)
    ]
    for i, t in enumerate(toks):
        prev = toks[i - 1].string if i else ""
        owner = toks[i - 2].string if i > 1 else ""
        nxt = toks[i + 1].string if i + 1 < len(toks) else ""
        where = f"{rel}:{t.start[0]}"
        if t.type == tokenize.NAME:
            if t.string in HOOKS and _is_hook(toks, i) and not _allowed(rel, toks, i):
                yield f"{where}: {t.string} -> {HOOKS[t.string]} (the FlatGame hook)"
                continue
            if t.string in NAMES and prev != "." and t.string not in HOOKS:
                yield f"{where}: {t.string} -> {NAMES[t.string]}"
            if in_game and prev == "." and t.string in GAME_ATTRIBUTES:
                yield f"{where}: .{t.string} -> .{GAME_ATTRIBUTES[t.string]}"
            if prev == "." and t.string in ("legal", "play") and owner in RULES_MODULES:
                yield f"{where}: {owner}.{t.string} -> legal_actions / apply_legal"
            if prev == "." and t.string == "legal" and owner == "calls":
                yield f"{where}: calls.legal -> calls.legal_actions"
            in_calls = prev == "def" and t.string == "legal" and "SearchCalls" in _class_of(toks, i)
            if in_calls and (rel, "SearchCalls.legal") not in ALLOWED:
                yield f"{where}: SearchCalls.legal -> legal_actions"
            if prev == "def" and re.fullmatch(r"_?play_\w+", t.string) and "/rules/" in rel:
                yield f"{where}: {t.string} -> {t.string.replace('play_', 'apply_', 1)}"
            top_def = prev == "def" and t.start[1] == 4  # a module-level function
            if top_def and t.string in ("legal", "play") and "/rules/" in rel:
                yield f"{where}: def {t.string} -> legal_actions / apply_legal"
            keyword = nxt == "=" and prev in ("(", ",") and rel.endswith("game.py")
            if keyword and t.string in ("legal", "play"):
                yield f"{where}: Binding({t.string}=...) -> legal_actions / apply_legal"
        elif t.type == tokenize.STRING and in_game and rel.startswith("plugins/"):
            word = t.string.strip("\"'")
            if prev == "[" and nxt == "]" and word in SNAPSHOT_KEYS:
                yield f"{where}: [{t.string}] -> [{SNAPSHOT_KEYS[word]!r}]"
            if t.string[:1] in "fF":  # f"{o['cur']}": a key read in an f-string
                for key in re.findall(r"\[[\"'](\w+)[\"']\]", t.string):
                    if key in SNAPSHOT_KEYS:
                        yield f"{where}: [{key!r}] -> [{SNAPSHOT_KEYS[key]!r}]"


def _is_hook(toks: list[tokenize.TokenInfo], i: int) -> bool:
    """Whether the name at token ``i`` (``compute_legal`` or ``play``) is the FlatGame /
    FlatCalls hook: defined in a class of games or calls (a base or name ending in ``Game``
    or ``Calls``), or read as an attribute of a game or calls object (``game.play``,
    ``self.play`` in such a class); ``compute_legal`` anywhere."""
    prev = toks[i - 1].string if i else ""
    if toks[i].string == "compute_legal":
        return True
    if prev == "def":
        return _in_game_class(toks, i)
    owner = toks[i - 2].string if i > 1 else ""
    in_class = owner in ("self", ")") and _in_game_class(toks, i)  # self.play, super().play
    return prev == "." and (owner in HOOK_OWNERS or in_class)


def _in_game_class(toks: list[tokenize.TokenInfo], i: int) -> bool:
    """Whether token ``i`` is in a class whose name or a base ends in Game or Calls."""
    header = _class_header(toks, i)
    return any(name.endswith(("Game", "Calls")) for name in header)


def _class_header(toks: list[tokenize.TokenInfo], i: int) -> list[str]:
    """The names in the header of the class token ``i`` is in (by indentation): its
    name and its bases."""
    line = toks[i].start[0]
    indent = min(t.start[1] for t in toks if t.start[0] == line)
    for k in range(i - 1, -1, -1):
        if toks[k].string == "class" and toks[k].start[1] < indent:
            end = next(j for j in range(k, len(toks)) if toks[j].string == ":")
            return [t.string for t in toks[k + 1 : end] if t.type == tokenize.NAME]
    return []


def _allowed(rel: str, toks: list[tokenize.TokenInfo], i: int) -> bool:
    """Whether the old hook name at token ``i`` is one ``ALLOWED`` keeps: the engine's
    deprecated alias (``FlatGame.play``) or a file's test of it."""
    header = _class_header(toks, i)
    spelled = f"{header[0]}.{toks[i].string}" if header and toks[i - 1].string == "def" else ""
    return (rel, toks[i].string) in ALLOWED or (rel, spelled) in ALLOWED


def _class_of(toks: list[tokenize.TokenInfo], i: int) -> str:
    """The name of the class a ``def`` at token ``i`` is in (by indentation)."""
    col = toks[i - 1].start[1]
    for t in reversed(toks[: i - 1]):
        if t.string == "class" and t.start[1] < col:
            return str(toks[toks.index(t) + 1].string)
    return ""


def test_item39_no_old_spelling_of_a_glossary_concept_is_back() -> None:
    found = [
        line
        for path in python_files()
        for line in old_spellings(path.relative_to(TREE).as_posix(), path.read_text())
    ]
    assert not found, "old spellings (docs/architecture.md, Glossary):\n" + "\n".join(found)


@pytest.mark.parametrize(
    "source",
    [
        "s.lead = 1\n",
        "x = o['cur']\n",
        "print(f\"{seat_ref(oa['lead'])} builds\")\n",
        "def _no_moves(s):\n    return []\n",
        "jarl = True\n",
        "actions = calls.legal(d)\n",
        "binding = Binding(legal=rules.legal)\n",
        "class OldGame(FlatGame):\n    def compute_legal(self, state):\n        return ()\n",
        "class OldCount(CountGame):\n    def play(self, state, action):\n        pass\n",
        "moves = game.compute_legal(s)\n",
        "game.play(s, action)\n",
        "class G(BoundGame):\n    def f(self, s, a):\n        super().play(s, a)\n",
    ],
)
def test_item39_the_check_finds_each_kind_of_old_spelling(source: str) -> None:
    """The check above is no test that cannot fail: each old form, planted in a game's
    file, is found."""
    assert list(old_spellings("plugins/vikingcli_wikinger/game.py", source)), source


@pytest.mark.parametrize(
    "source",
    [
        "def play(args):\n    return args\n",
        "class Match:\n    def play(self):\n        self.play()\n",
        "example.play(e, 11)\n",
    ],
)
def test_item39_the_check_leaves_other_things_named_play_alone(source: str) -> None:
    """``play`` is a common word: only the FlatGame / FlatCalls hook is an old spelling."""
    assert not list(old_spellings("tests/host/test_cli.py", source)), source
