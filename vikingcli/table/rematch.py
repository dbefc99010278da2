"""A rematch at a shared table: once a game is over, a new deal with the same
seats, options and people, begun when everyone seated has asked for it within
the offer's seconds (a seated person who leaves meanwhile ends the offer)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence

from vikingcli.core.fairdeal import Deal
from vikingcli.core.match import Match

REMATCH_SECONDS = 120.0
"""How long a finished table waits for everyone seated to ask for a rematch."""


class Rematch:
    """A table's offer of rematches; ``deal`` makes each new game's secret deal (as a
    new table's is made: the cards are dealt from it when the game begins)."""

    def __init__(self, deal: Callable[[], Deal], seconds: float = REMATCH_SECONDS) -> None:
        self.deal = deal
        self.seconds = seconds
        self.asked: set[int] = set()
        """The seats whose person asked for this rematch."""
        self.open = False
        """A finished game's offer stands (its end was shown with it)."""
        self._everyone = asyncio.Event()
        self._withdrawn = False

    def ask(self, seat: int, seats: Sequence[int]) -> list[int]:
        """The person at ``seat`` asks; the seats of ``seats`` still to ask."""
        self.asked.add(seat)
        waiting = [s for s in seats if s not in self.asked]
        if not waiting:
            self._everyone.set()
        return waiting

    def withdraw(self) -> None:
        """End the offer now, with no rematch (the table stops, a person left)."""
        self._withdrawn = True
        self._everyone.set()

    async def agreed(self) -> bool:
        """Offer it; ``True`` when everyone asked in time."""
        self.asked.clear()
        self._everyone.clear()
        self._withdrawn = False
        self.open = True
        try:
            await asyncio.wait_for(self._everyone.wait(), self.seconds)
        except TimeoutError:
            return False
        finally:
            self.open = False
        return not self._withdrawn

    def new_match(self, old: Match) -> tuple[Match, Deal]:
        """The next game (the same game, options and seats) and its deal; the match
        starts from a placeholder position until its cards are dealt."""
        match = Match(old.game, dict(old.options), 0, list(old.seats))
        match.narrating = old.narrating
        return match, self.deal()
