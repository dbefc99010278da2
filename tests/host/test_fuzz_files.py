"""Fuzzing real saves and tournament files: loaded and verified, or one line and exit 2.

Hypothesis truncates files, flips bytes and swaps JSON values in saves of the
installed games and in a tournament file, then runs the command line in-process.
Whatever it makes, the CLI either accepts it (a save replays to its snapshot; a
tournament resumes to every planned game exactly once) or refuses it with exit
code 2 and one line naming the file, never changes the file it refused, and never
lets an exception out (a traceback).
"""

from __future__ import annotations

import io
import json
import shutil
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import orjson
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from vikingcli.batch.results_file import Settings, open_results
from vikingcli.batch.tournament import job_key, schedule
from vikingcli.cli.app import app
from vikingcli.cli.checks import run_app

SAVES = Path(__file__).parent.parent / "regression" / "saves"
FUZZ = settings(
    max_examples=40,
    deadline=None,
    derandomize=True,  # the same inputs on every run: CI failures reproduce
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


def invoke(*args: str) -> tuple[int, str, str]:
    """Run the CLI in this process; an exception escaping it fails the test."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = run_app(app, list(args))
    return code, out.getvalue(), err.getvalue()


# -- mutations ---------------------------------------------------------------------------

JSON_VALUES = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=4,
)


def _paths(doc: Any, prefix: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    found = [prefix]
    if isinstance(doc, dict):
        for key, value in doc.items():
            found += _paths(value, (*prefix, key))
    elif isinstance(doc, list):
        for index, value in enumerate(doc):
            found += _paths(value, (*prefix, index))
    return found


def _get(doc: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        doc = doc[step]
    return doc


def _put(doc: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    _get(doc, path[:-1])[path[-1]] = value
    return doc


def _dump(doc: Any) -> bytes:
    # The standard library writes integers of any size (orjson stops at 64 bits).
    return json.dumps(doc).encode()


@st.composite
def mutated_json(draw: st.DrawFn, data: bytes) -> bytes:
    """``data`` (one JSON document) with a value replaced or two values swapped."""
    doc = orjson.loads(data)
    paths = _paths(doc)
    target = draw(st.sampled_from(paths))
    if draw(st.booleans()):
        value = draw(JSON_VALUES)
    else:
        value = json.loads(json.dumps(_get(doc, draw(st.sampled_from(paths)))))
    return _dump(_put(doc, target, value))


def byte_mutations(data: bytes) -> st.SearchStrategy[bytes]:
    truncated = st.integers(0, len(data) - 1).map(lambda n: data[:n])

    def flip(changes: list[tuple[int, int]]) -> bytes:
        out = bytearray(data)
        for at, mask in changes:
            out[at] ^= mask
        return bytes(out)

    flipped = st.lists(
        st.tuples(st.integers(0, len(data) - 1), st.integers(1, 255)), min_size=1, max_size=4
    ).map(flip)
    return truncated | flipped


# -- saves -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "name", ["jorvik-2p-move37.json", "walhalla-3p-move37.json", "jorvik-2p-end.json"]
)
@FUZZ
@given(data=st.data())
def test_a_mutated_save_replays_or_is_refused_in_one_line(
    tmp_path: Path, name: str, data: st.DataObject
) -> None:
    original = (SAVES / name).read_bytes()
    mutated = data.draw(byte_mutations(original) | mutated_json(original), label="save")
    path = tmp_path / name
    path.write_bytes(mutated)
    code, out, err = invoke("replay", str(path))
    assert path.read_bytes() == mutated
    if code == 0:
        assert err == "" and "seat 1:" in out  # loaded, replayed to its snapshot, shown
    else:
        assert code == 2, err
        lines = err.splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"vikingcli: error: {path}"), err


# -- tournament files --------------------------------------------------------------------------

ENTRANTS = ["random", "random:seed=3"]
TOURNAMENT = ["tournament", "jorvik", "-p", ENTRANTS[0], "-p", ENTRANTS[1], "--games", "4"]


@pytest.fixture(scope="module")
def tournament_file(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    path = tmp_path_factory.mktemp("fuzz") / "base.jsonl"
    code, _, err = invoke(*TOURNAMENT, "--out", str(path))
    assert code == 0, err
    return path.read_bytes()


@st.composite
def mutated_lines(draw: st.DrawFn, data: bytes) -> bytes:
    """Lines deleted, repeated or swapped, or a JSON value changed in one line."""
    lines = data.splitlines()
    at = draw(st.integers(0, len(lines) - 1))
    action = draw(st.sampled_from(["delete", "repeat", "swap", "value"]))
    if action == "delete":
        del lines[at]
    elif action == "repeat":
        lines.insert(at, lines[at])
    elif action == "swap":
        other = draw(st.integers(0, len(lines) - 1))
        lines[at], lines[other] = lines[other], lines[at]
    else:
        lines[at] = draw(mutated_json(lines[at]))
    return b"".join(line + b"\n" for line in lines)


@FUZZ
@given(data=st.data())
def test_a_mutated_tournament_file_resumes_or_is_refused_in_one_line(
    tmp_path: Path, tournament_file: bytes, data: st.DataObject
) -> None:
    mutated = data.draw(
        byte_mutations(tournament_file) | mutated_lines(tournament_file), label="file"
    )
    path = tmp_path / "t.jsonl"
    path.write_bytes(mutated)
    code, out, err = invoke(*TOURNAMENT, "--json", "--out", str(path))
    after = path.read_bytes()
    if code != 0:
        assert code == 2, err
        lines = err.splitlines()
        assert len(lines) == 1 and lines[0].startswith(f"vikingcli: error: {path}"), err
        assert after == mutated
        return
    # Warnings, and in a pipe a status line per game played (issue 36).
    assert all(
        line.startswith(("vikingcli: warning: ", "game ")) for line in err.splitlines()
    ), err
    # Every complete line it had is still there; at most a torn tail was cut.
    assert after.startswith(mutated[: mutated.rfind(b"\n") + 1])
    book = open_results(
        path,
        Settings(
            game="jorvik",
            # The rules version the base file was written with (the installed game's).
            game_version=orjson.loads(tournament_file.splitlines()[0])["game_version"],
            options={"mode": "karl"},
            entrants=ENTRANTS,
            rotation="all",
            seed=1,
        ),
    )
    assert book.keep == book.size and not book.needs_newline
    planned = {
        (j["seed"], j["tag"]["deal"], tuple(j["tag"]["seating"]))
        for j in schedule("jorvik", {"mode": "karl"}, ENTRANTS, 4, 1)
    }
    assert planned <= {job_key(r) for r in book.records}
    assert orjson.loads(out)["games"] == len(book.records)


def test_the_fuzzed_files_are_real(tmp_path: Path, tournament_file: bytes) -> None:
    """Unchanged, both kinds of file are accepted (so refusals above mean something)."""
    path = tmp_path / "t.jsonl"
    path.write_bytes(tournament_file)
    code, out, err = invoke(*TOURNAMENT, "--json", "--out", str(path))
    assert (code, err) == (0, "") and orjson.loads(out)["games"] == 4
    assert path.read_bytes() == tournament_file
    for name in ("jorvik-2p-move37.json", "walhalla-3p-move37.json", "jorvik-2p-end.json"):
        shutil.copy(SAVES / name, tmp_path / name)
        code, out, err = invoke("replay", str(tmp_path / name))
        assert (code, err) == (0, ""), err
