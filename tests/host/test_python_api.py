"""Issue 39: what ``vikingcli run`` and ``vikingcli tournament`` do is a Python API,
``vikingcli.batch.run_games`` and ``vikingcli.batch.tournament``, with typed results;
the commands are that API plus printing, so both give the same games."""

from __future__ import annotations

from pathlib import Path

import orjson
import pytest

from tests.host.conftest import CLI
from vikingcli.batch import GameResult, SeriesResult, Standing, run_games, tournament
from vikingcli.core.registry import Registry, load_registry


@pytest.fixture
def reg(plugin_dir: Path, monkeypatch: pytest.MonkeyPatch) -> Registry:
    """The plugins as installed for the CLI's tests (the fixture game among them): a
    game is played by looking its name up among the installed plugins."""
    monkeypatch.syspath_prepend(str(plugin_dir))
    return load_registry()


def _same_game(record: dict[str, object]) -> dict[str, object]:
    """A game's record less what differs from run to run (the time each move took)."""
    return {k: v for k, v in record.items() if k not in ("seconds", "version")}


def test_item39_run_games_gives_the_games_of_run_json_for_the_same_seeds(
    cli: CLI, reg: Registry
) -> None:
    seen: list[GameResult] = []
    series = run_games(
        "toygame", ["random", "greedy"], games=3, seed=11, registry=reg, on_game=seen.append
    )
    proc = cli("run", "toygame", "-p", "random", "-p", "greedy", "-n", "3", "--seed", "11",
               "--json")  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    printed = [_same_game(orjson.loads(line)) for line in proc.stdout.splitlines()]
    assert isinstance(series, SeriesResult)
    assert [_same_game(g.record) for g in series.results] == printed
    assert [g.seed for g in series.results] == [11, 12, 13]
    assert seen == list(series.results)  # each game heard as it ended, in seed order
    assert [s.name for s in series.seats] == ["random", "greedy"]
    # The sums are those of the games.
    assert sum(series.wins) == pytest.approx(3)
    for seat in range(2):
        mean = sum(g.scores[seat] for g in series.results) / 3
        assert series.mean_scores[seat] == pytest.approx(mean)


def test_item39_a_tournament_returns_the_standings_tournament_json_prints(
    cli: CLI, reg: Registry
) -> None:
    played: list[GameResult] = []
    result = tournament(
        "toygame", ["hero=greedy", "random"], games=6, seed=3, registry=reg, on_game=played.append
    )
    proc = cli("tournament", "toygame", "-p", "hero=greedy", "-p", "random", "-n", "6",
               "--seed", "3", "--json")  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    printed = orjson.loads(proc.stdout)
    assert all(isinstance(s, Standing) for s in result.standings)
    assert [s.entrant for s in result.standings] == ["hero", "2:random"]
    assert len(result.records) == len(played) == printed["games"] == 6
    keys = ("entrant", "games", "wins", "win_share", "mean_rank", "mean_score", "joint_elo")
    assert [{k: s.row[k] for k in keys} for s in result.standings] == [
        {k: row[k] for k in keys} for row in printed["entrants"]
    ]
    assert sum(s.wins for s in result.standings) == pytest.approx(6)
    assert result.sprt is None and result.forfeits == 0


def test_item39_the_api_names_bad_input_in_a_value_error(reg: Registry) -> None:
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        run_games("chess", ["random", "random"], registry=reg)
    with pytest.raises(ValueError, match="takes 2-4 players, got 1"):
        run_games("toygame", ["random"], registry=reg)
    with pytest.raises(ValueError, match="needs a person"):
        run_games("toygame", ["human", "random"], registry=reg)
    with pytest.raises(ValueError, match="no entrant is called that"):
        tournament("toygame", ["greedy", "random"], anchor="nobody", registry=reg)
