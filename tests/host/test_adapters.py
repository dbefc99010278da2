"""The games for game-AI research libraries (issue 28): each game's action numbering
is a bijection on its actions; PettingZoo's own API and seed tests and OpenSpiel's
random simulation test pass for every game; OpenSpiel's IS-MCTS plays from states it
resamples, and the ``openspiel`` player kind seats it at a vikingcli table.

The library tests need the rl extra (``pip install 'vikingcli[rl]'``; tox installs
it) and are skipped, saying so, without it."""

from __future__ import annotations

import importlib.util
import os
import random
import subprocess
import sys
from pathlib import Path

import orjson
import pytest

from tests.host.conftest import CLI
from vikingcli.adapters.table import AdapterError, table
from vikingcli.core.registry import load_registry

GAMES = load_registry().games
ROOT = Path(__file__).resolve().parents[2]
RL = importlib.util.find_spec("pettingzoo") is not None and (
    importlib.util.find_spec("pyspiel") is not None
)
needs_rl = pytest.mark.skipif(not RL, reason="the rl extra is not installed")


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_legal_action_has_its_own_number_and_back(name: str) -> None:
    game = GAMES[name]
    for players in range(game.min_players, game.max_players + 1):
        t = table(name, players)
        for seed in range(2):
            state = t.new_state(seed)
            rng = random.Random(seed)
            while game.to_move(state) is not None:
                legal = list(game.legal_actions(state))
                numbers = [t.codec.encode(a) for a in legal]
                assert len(set(numbers)) == len(legal)
                assert all(0 <= k < t.codec.size for k in numbers)
                assert [t.codec.decode(k) for k in numbers] == legal
                game.apply(state, rng.choice(legal))


def test_a_table_the_game_does_not_seat_is_refused() -> None:
    with pytest.raises(AdapterError, match="seats 2 to 5 players, not 9"):
        table("jorvik", 9)
    with pytest.raises(AdapterError, match="unknown game 'chess'"):
        table("chess")
    with pytest.raises(AdapterError, match="unknown value"):
        table("jorvik", 3, mode="berserk")


def test_the_readme_shows_the_entry_points_as_a_researcher_types_them() -> None:
    readme = (ROOT / "README.md").read_text()
    assert 'vikingcli.adapters.pettingzoo.env("jorvik", players=3' in readme
    assert 'vikingcli.adapters.openspiel.load("jorvik", players=3' in readme


@needs_rl
@pytest.mark.parametrize("name", sorted(GAMES))
def test_pettingzoo_api_and_seed_tests_pass(name: str) -> None:
    from pettingzoo.test import api_test, seed_test

    from vikingcli.adapters.pettingzoo import env

    api_test(env(name), num_cycles=1000)
    seed_test(lambda: env(name), num_cycles=100)
    e = env(name, render_mode="ansi")
    e.reset(seed=3)
    assert GAMES[name].title.split()[0].lower()[:4] in e.render().lower()


@needs_rl
@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(GAMES))
def test_openspiel_random_sim_test_passes(name: str) -> None:
    import pyspiel

    from vikingcli.adapters.openspiel import load

    game = load(name)
    assert game.get_type().information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    # A random game of Graenaland is over a thousand moves, each checked: one is enough.
    sims = 1 if name == "graenaland" else 2
    pyspiel.random_sim_test(game, num_sims=sims, serialize=True, verbose=False)


@needs_rl
def test_openspiel_ismcts_searches_states_resampled_from_its_information_state() -> None:
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    from vikingcli.adapters.openspiel import load

    game = load("jorvik", players=2, mode="jarl")
    state = game.new_initial_state()
    state.apply_action(17)  # the deal
    rng = random.Random(2)
    for _ in range(40):
        state.apply_action(rng.choice(state.legal_actions()))
    player = state.current_player()
    seen = state.information_state_string(player)
    sampler = np.random.RandomState(1)
    resampled = [state.resample_from_infostate(player, sampler.uniform) for _ in range(5)]
    assert all(s.information_state_string(player) == seen for s in resampled)
    assert all(s.legal_actions() == state.legal_actions() for s in resampled)
    # the hidden deck order is re-dealt
    assert len({str(s._inner.state.deck) for s in resampled}) > 1
    random_state = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=random_state)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 20, random_state=random_state)
    assert bot.step(state) in state.legal_actions()


@needs_rl
@pytest.mark.slow
def test_the_openspiel_player_plays_a_vikingcli_game(cli: CLI) -> None:
    proc = cli(
        "run", "jorvik", "-p", "os=openspiel:seconds=0.01", "-p", "random", "--seed", "8",
        "--json",
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    result = orjson.loads(proc.stdout)
    assert result["forfeit"] is None and result["end_reason"] == "rules"
    assert result["seats"][0] == {"name": "os", "player": "openspiel:seconds=0.01"}


def test_without_the_rl_extra_the_openspiel_kind_is_one_line_and_exit_2(
    plugin_dir: Path, tmp_path: Path
) -> None:
    """Where NumPy (and so OpenSpiel) is missing, a spec naming the kind is refused
    before any game: one line naming the extra, never a traceback."""
    hidden = tmp_path / "hidden"
    (hidden / "numpy").mkdir(parents=True)
    (hidden / "numpy" / "__init__.py").write_text("raise ImportError('No module named numpy')\n")
    env = {k: v for k, v in os.environ.items() if k != "COLUMNS"}
    env["PYTHONPATH"] = os.pathsep.join([str(hidden), str(plugin_dir)])
    proc = subprocess.run(
        [sys.executable, "-m", "vikingcli", "run", "jorvik", "-p", "openspiel", "-p", "random"],
        capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120,
    )  # fmt: skip
    assert proc.returncode == 2, proc.stderr
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
    assert "pip install 'vikingcli[rl]'" in proc.stderr


@needs_rl
def test_item10_the_adapters_refuse_non_integer_actions_out_of_range_outcomes_and_seats() -> None:
    import numpy as np

    from vikingcli.adapters.openspiel import load
    from vikingcli.adapters.pettingzoo import env

    e = env("jorvik", players=3)
    e.reset(seed=4)
    legal = e.infos[e.agent_selection]["legal_moves"]
    before = GAMES["jorvik"].to_json(e.state)
    for bad, why in ((legal[0] + 0.5, "must be an integer"), (True, "must be an integer"),
                     ("3", "must be an integer"), (10**9, "out of range"),
                     (-1, "out of range")):  # fmt: skip
        with pytest.raises(AdapterError, match=why):
            e.step(bad)
        assert GAMES["jorvik"].to_json(e.state) == before, bad
    e.step(np.int64(legal[0]))  # a NumPy integer, as a space's sample gives, is a number
    assert GAMES["jorvik"].to_json(e.state) != before

    game = load("jorvik", players=3)
    state = game.new_initial_state()
    for outcome in (10**9, game.max_chance_outcomes()):  # (OpenSpiel itself refuses -1)
        with pytest.raises(AdapterError, match=r"chance outcome .* out of range"):
            state.apply_action(outcome)
    assert state.is_chance_node()
    state.apply_action(5)
    sampler = np.random.RandomState(1).uniform
    for seat in (7, 3, -1):
        with pytest.raises(AdapterError, match=r"a player .* out of range"):
            state.resample_from_infostate(seat, sampler)
    assert state.resample_from_infostate(2, sampler).current_player() == state.current_player()
