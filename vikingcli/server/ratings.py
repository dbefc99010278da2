"""Ratings per game and table size: openskill's Plackett-Luce model, as tournaments
use it (:mod:`vikingcli.batch.tournament`), updated when a rated game ends.

A person is rated as ``account:ID``; an AI seat as ``ai:SPEC`` (its spec text), so
that beating a strong AI counts for more than beating a weak one. A rating is shown
as mu - 3 sigma, the value a person is fairly sure to be above.
"""

from __future__ import annotations

from collections.abc import Sequence

from vikingcli.server.store import Rating


def player_id(account: int | None, spec: str) -> str:
    return f"account:{account}" if account is not None else f"ai:{spec}"


def rate(
    game: str, size: int, players: Sequence[str], ranks: Sequence[int], known: dict[str, Rating]
) -> list[Rating]:
    """The new ratings of ``players`` (one per seat, in seat order) after a game
    they finished in ``ranks`` (1 = first; ties share a rank). A player at several
    seats (one AI spec twice) is rated once, from its best seat."""
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    seats: dict[str, int] = {}
    for seat, player in enumerate(players):
        if player not in seats or ranks[seat] < ranks[seats[player]]:
            seats[player] = seat
    order = list(seats)
    if len(order) < 2:
        return []
    teams = []
    for player in order:
        old = known.get(player)
        rating = model.rating(name=player)
        if old is not None:
            rating = model.rating(mu=old.mu, sigma=old.sigma, name=player)
        teams.append([rating])
    new = model.rate(teams, ranks=[float(ranks[seats[p]]) for p in order])
    out = []
    for player, team in zip(order, new, strict=True):
        games = known[player].games + 1 if player in known else 1
        out.append(Rating(game, size, player, team[0].mu, team[0].sigma, games))
    return out
