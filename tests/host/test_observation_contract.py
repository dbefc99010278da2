"""Every game's observation is what its schema says (issue 28): 20 random games per
table size and game, option values taken in turn, each observation of the seat to
move (and every seat's now and then) validated against ``Game.observation_schema``,
and the schema itself checked against the common contract."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import jsonschema_rs
import pytest

from vikingcli.core.registry import load_registry
from vikingcli.engine import Game

GAMES = load_registry().games
GAMES_PER_SIZE = 20
SAMPLES = 40
"""Observations validated per game: the mover's at evenly spaced moves, every seat's at
each fourth of those and at the end (making and validating one observation costs as much
as some twenty moves: a game of Graenaland has over a thousand); over 20 games every phase
is met."""
COMMON = ("game", "seat", "players", "round", "phase", "to_move", "seats")


def option_sets(game: Game) -> list[dict[str, str]]:
    """The option values to play, each value of each option in turn."""
    values = [(o.name, o.test_values()) for o in game.options]
    most = max((len(v) for _, v in values), default=1)
    return [{name: vals[i % len(vals)] for name, vals in values} for i in range(most)]


def validator(game: Game) -> Any:
    schema = game.observation_schema()
    assert schema is not None, f"{game.name} documents no observation"
    return jsonschema_rs.Draft202012Validator(schema)  # checks the schema itself too


def check(check_one: Any, observation: dict[str, Any], where: str) -> None:
    error = next(iter(check_one.iter_errors(observation)), None)
    assert error is None, f"{where}: {list(error.instance_path)}: {error.message}"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_schema_follows_the_common_contract(name: str) -> None:
    game = GAMES[name]
    validator(game)
    schema = game.observation_schema()
    assert schema is not None
    assert list(schema["properties"])[: len(COMMON)] == list(COMMON)
    assert schema["additionalProperties"] is False

    def bounded(node: Any, where: str) -> None:
        if isinstance(node, dict):
            if node.get("type") in ("integer", "number"):
                assert "minimum" in node and "maximum" in node, f"unbounded number at {where}"
            if node.get("type") == "array":
                assert "maxItems" in node, f"unbounded array at {where}"
            for key, value in node.items():
                bounded(value, f"{where}/{key}")
        elif isinstance(node, list):
            for i, value in enumerate(node):
                bounded(value, f"{where}/{i}")

    bounded(schema, name)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("name", "players"),
    [(g, n) for g in sorted(GAMES) for n in range(GAMES[g].min_players, GAMES[g].max_players + 1)],
)
def test_observations_of_random_games_validate(name: str, players: int) -> None:
    game = GAMES[name]
    check_one = validator(game)
    options = option_sets(game)
    for k in range(GAMES_PER_SIZE):
        opts = game.resolve_options(options[k % len(options)])
        seed = 1000 * players + k
        length = sum(1 for _ in positions(game, players, opts, seed))
        every = max(1, length // SAMPLES)
        for step, state in enumerate(positions(game, players, opts, seed)):
            seat = game.to_move(state)
            if seat is not None and step % every:
                continue
            final = seat is None or step % (4 * every) == 0
            for viewer in range(players) if final else [seat]:
                obs = game.observation(state, viewer)
                check(check_one, obs, f"{name} {players}p {opts} seed {seed} move {step}")
                assert obs["seat"] == viewer and obs["players"] == players
                assert obs["to_move"] == seat
                assert [s["seat"] for s in obs["seats"]] == list(range(players))


def positions(game: Game, players: int, opts: dict[str, str], seed: int) -> Iterator[Any]:
    """Every position of a seeded random game, the end included (one state, moved on)."""
    state = game.new_state(players, opts, seed)
    rng = random.Random(seed)
    while True:
        yield state
        if game.to_move(state) is None:
            return
        game.apply(state, rng.choice(list(game.legal_actions(state))))
