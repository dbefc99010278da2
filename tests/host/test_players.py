"""Player specs: kind[:key=value,...] and N*SPEC, validated against declared parameters."""

from __future__ import annotations

import pytest

from vikingcli.players import Param, PlayerKind, SpecError, expand_specs, parse_spec

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
