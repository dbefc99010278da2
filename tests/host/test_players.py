"""Player specs: kind[:key=value,...] and N*SPEC, validated against declared parameters."""

from __future__ import annotations

import orjson
import pytest

from tests.host.conftest import CLI
from vikingcli.core.specs import expand_specs, parse_spec, seat_names, split_name
from vikingcli.engine.players import Param, PlayerKind, SpecError

KIND = PlayerKind(
    "mcts",
    "test kind",
    factory=lambda game, seat, params: None,  # type: ignore[arg-type,return-value]
    params=(
        Param("iterations", int, 100, minimum=1),
        Param("c", float, 0.7),
        Param("rollout", str, "random", choices=("random", "greedy-epsilon")),
        Param("fast", bool, False),
    ),
)
KINDS = {"mcts": KIND}


def test_repetition_expands_in_order() -> None:
    assert expand_specs(["2*random", "mcts:c=1", "1*greedy"]) == [
        "random",
        "random",
        "mcts:c=1",
        "greedy",
    ]


def test_parameters_are_typed_and_canonical() -> None:
    spec = parse_spec("mcts:iterations=300, c=1.5,rollout=greedy-epsilon,fast=yes", KINDS)
    assert dict(spec.params) == {
        "iterations": 300,
        "c": 1.5,
        "rollout": "greedy-epsilon",
        "fast": True,
    }
    assert str(spec) == "mcts:iterations=300,c=1.5,rollout=greedy-epsilon,fast=true"
    assert parse_spec(str(spec), KINDS) == spec


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("wizard", "unknown player kind 'wizard' (installed: mcts)"),
        ("mcts:depth=3", "unknown parameter 'depth' (accepted: iterations, c, rollout, fast)"),
        ("mcts:iterations=many", "'many' is not a valid int"),
        ("mcts:iterations=0", "below 1"),
        # int() reads these as 300 and 1000; vikingcli's numbers are ASCII digits
        ("mcts:iterations=\uff13\uff10\uff10", "is not a valid int"),
        ("mcts:iterations=1_000", "'1_000' is not a valid int"),
        ("mcts:c=\uff11.5", "is not a valid float"),
        ("mcts:rollout=smart", "not one of random, greedy-epsilon"),
        ("mcts:c=1,c=2", "given twice"),
        ("mcts:c", "not key=value"),
        ("mcts:fast=perhaps", "not a valid bool"),
        ("3*mcts", "bad player spec"),
    ],
)
def test_bad_specs_name_the_problem(text: str, message: str) -> None:
    with pytest.raises(SpecError, match=message.replace("(", r"\(").replace(")", r"\)")):
        parse_spec(text, KINDS)


def test_bad_repetition_is_refused() -> None:
    with pytest.raises(SpecError):
        expand_specs(["0*random"])
    with pytest.raises(SpecError):
        expand_specs(["*random"])


# -- seat names ------------------------------------------------------------------------


def test_a_name_before_the_kind_names_the_seat_and_parameters_keep_their_equals() -> None:
    assert split_name("alice=human") == ("alice", "human")
    assert split_name("deep thought = mcts:iterations=1000") == (
        "deep thought",
        "mcts:iterations=1000",
    )
    assert split_name("mcts:iterations=1000") == (None, "mcts:iterations=1000")
    for bad in ("=human", "2*bo=greedy", "x" * 30 + "=human", "a\x1b[31m=human"):
        with pytest.raises(SpecError):
            split_name(bad)


def test_default_names_are_the_person_and_the_kinds_numbered_when_they_repeat() -> None:
    kinds = ["human", "greedy", "greedy", "mcts"]
    people = [True, False, False, False]
    assert seat_names(kinds, people, [None] * 4, "alice") == [
        "alice",
        "greedy 2",
        "greedy 3",
        "mcts",
    ]
    two = seat_names(["human", "human", "random"], [True, True, False], [None] * 3, "alice")
    assert two == ["player 1", "player 2", "random"]
    # a given name is kept; a default that would repeat it takes its seat number
    named = seat_names(
        ["human", "greedy", "greedy"], [True, False, False], ["greedy", None, "bo"], "x"
    )
    assert named == ["greedy", "greedy 2", "bo"]
    with pytest.raises(SpecError, match="given to 2 seats"):
        seat_names(["human", "greedy"], [True, False], ["bo", "bo"], "x")


def test_the_names_reach_the_results(cli: CLI) -> None:
    proc = cli("run", "toygame", "-p", "ann=random", "-p", "random", "-p", "random", "--json")
    assert proc.returncode == 0, proc.stderr
    seats = orjson.loads(proc.stdout.splitlines()[0])["seats"]
    assert [s["name"] for s in seats] == ["ann", "random 2", "random 3"]
