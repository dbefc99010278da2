"""Issue 35: ``play --seed N`` with the same moves replays the same game, on any
machine under any load: the AI that ``play`` seats by default counts its budget in
search iterations, not seconds (docs/architecture.md, "Players")."""

from __future__ import annotations

import itertools
import random
import time
from pathlib import Path

import pytest
import vikingcli_toygame

from vikingcli.cli.arguments import make_seats
from vikingcli.core.match import Match, make_player
from vikingcli.core.registry import Registry, load_registry
from vikingcli.core.specs import full_params
from vikingcli.saves.match_file import load_match, write_save


@pytest.fixture(scope="module")
def reg() -> Registry:
    return load_registry([vikingcli_toygame])


def test_item35_plays_default_ai_spends_iterations_not_seconds(reg: Registry) -> None:
    for name, game in reg.games.items():
        seats = make_seats(reg, game, ["human"], None, interactive=True)
        ai = [s.spec for s in seats if not reg.players[s.spec.kind].interactive]
        assert ai, name
        for spec in ai:
            params = full_params(reg.players[spec.kind], spec)
            assert not params.get("seconds"), f"{name}: {spec} thinks for a time, not a count"


def _play(reg: Registry, seed: int, moves: int, tick: float) -> Match:
    """The first ``moves`` moves of ``play toygame -p human --seed SEED``, the person's
    moves drawn from one fixed stream (the same keys typed both times), on a machine
    whose clock advances ``tick`` seconds at every reading (a faster or a loaded one)."""
    game = reg.game("toygame")
    seats = make_seats(reg, game, ["human"], None, interactive=True)
    match = Match(game, game.resolve_options({}), seed, seats)
    players = {
        i: make_player(game, reg.players, s.spec, i, seed)
        for i, s in enumerate(seats)
        if not reg.players[s.spec.kind].interactive
    }
    person = random.Random(99)
    clock = itertools.count()
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(time, "perf_counter", lambda: next(clock) * tick)
        while len(match.actions) < moves and not match.over:
            seat = game.to_move(match.state)
            assert seat is not None
            if seat in players:
                action = players[seat].choose(game, game.clone(match.state), seat)
            else:
                action = person.choice(list(game.legal_actions(match.state)))
            match.apply_text(game.format_action(match.state, action))
    return match


def test_item35_same_seed_and_moves_replay_the_same_game_however_fast_the_machine(
    reg: Registry, tmp_path: Path
) -> None:
    fast = _play(reg, 7, 16, tick=0.0005)
    loaded = _play(reg, 7, 16, tick=0.02)
    assert len(fast.actions) == 16
    assert loaded.actions == fast.actions

    # The save of that game replays it exactly: the same moves, the same state.
    path = tmp_path / "g.json"
    write_save(fast, path)
    again = load_match(path, reg)
    assert again.actions == fast.actions
    assert reg.game("toygame").to_json(again.state) == reg.game("toygame").to_json(fast.state)
