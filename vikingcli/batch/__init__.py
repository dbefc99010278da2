"""Headless play: batches of jobs (locally or on Ray), tournaments and their results
file, the sequential test (SPRT) and the HTML report.

Its Python API is what ``vikingcli run`` and ``vikingcli tournament`` do::

    from vikingcli.batch import run_games, tournament

    series = run_games("toygame", ["greedy", "random"], games=3, seed=1)
    standings = tournament("toygame", ["greedy", "random"], games=8).standings
"""

from vikingcli.batch.play_tournament import Standing, TournamentResult, tournament
from vikingcli.batch.series import GameResult, SeedRange, SeriesResult, run_games

__all__ = [
    "GameResult",
    "SeedRange",
    "SeriesResult",
    "Standing",
    "TournamentResult",
    "run_games",
    "tournament",
]
