"""The one match driver (issue 27): a person's undo reaches their previous real
decision, and after undo the same moves replay the same game, AI included, in every
game; a vote that can change nothing is not asked."""

from __future__ import annotations

import random

import pytest

from vikingcli.core.driver import SETTLED_TAG, FrontEnd, MatchDriver
from vikingcli.core.match import Match, QuitGame, Seat, UndoRequest, make_player
from vikingcli.core.registry import load_registry
from vikingcli.core.specs import parse_spec
from vikingcli.engine import Action

REG = load_registry()
GAMES = {"wikinger": 2, "walhalla": 3, "graenaland": 3, "jorvik": 2}
AI = "mcts:iterations=12"
"""A searching AI: its random draws would differ if undo did not put them back."""


class Scripted(FrontEnd):
    """A person who plays the first legal move, asks to undo at one decision, and
    leaves after ``decisions`` decisions."""

    def __init__(self, match: Match, decisions: int, undo_at: int | None) -> None:
        self.match = match
        self.left = decisions
        self.undo_at = undo_at
        self.asked = 0

    async def decide(self, seat: int) -> Action:
        self.asked += 1
        if self.asked == self.undo_at:
            raise UndoRequest(seat)
        if self.left == 0:
            raise QuitGame
        self.left -= 1
        return self.match.game.legal_actions(self.match.state)[0]


def _play(name: str, decisions: int, undo_at: int | None) -> list[str]:
    game = REG.games[name]
    kinds = REG.players
    seats = [Seat("ann", parse_spec("human", kinds))] + [
        Seat(f"ai {i + 1}", parse_spec(AI, kinds)) for i in range(1, GAMES[name])
    ]
    match = Match(game, game.resolve_options({}), 17, seats)
    players = [make_player(game, kinds, s.spec, i, match.seed) for i, s in enumerate(seats)]
    front = Scripted(match, decisions, undo_at)
    driver = MatchDriver(match, players, front=front, people=[0], undo=True)
    with pytest.raises(QuitGame):
        driver.run_sync()
    return match.actions


@pytest.mark.parametrize("name", GAMES)
def test_after_undo_the_same_moves_replay_the_same_game_ai_included(name: str) -> None:
    straight = _play(name, 12, None)
    # At her 9th decision ann goes back to her 8th, and plays on as before. (Without
    # the players' random states put back, every one of the four games diverges here.)
    undone = _play(name, 12 + 1, 9)
    assert undone == straight


def test_undo_reaches_the_previous_real_decision_past_forced_moves() -> None:
    """The issue's Jórvík repro (seed 4): after place 1, place 2, place 3 and buy, ann's
    'end' is played for her (forced); undo goes back to her buy, not to that end."""
    game = REG.games["jorvik"]
    kinds = REG.players
    seats = [Seat("ann", parse_spec("human", kinds)), Seat("greedy", parse_spec("greedy", kinds))]
    match = Match(game, game.resolve_options({}), 4, seats, narrating=True)
    players = [make_player(game, kinds, s.spec, i, match.seed) for i, s in enumerate(seats)]
    moves = iter(["place 1", "place 2", "place 3", "buy"])
    seen: list[int] = []
    before_undo: dict[str, object] = {}

    class Ann(FrontEnd):
        async def decide(self, seat: int) -> Action:
            seen.append(len(match.actions))
            text = next(moves, None)
            if text is not None:
                return game.parse_action(match.state, text)
            if len(seen) == 5:
                mine = [k for k, mover in enumerate(driver.movers) if mover == 0]
                before_undo["last"] = match.actions[mine[-1]]
                before_undo["decided"] = driver.decided[mine[-1]]
                before_undo["back_to"] = match.actions[driver.previous_decision(0) or 0]
                raise UndoRequest(seat)
            raise QuitGame

    driver = MatchDriver(match, players, front=Ann(), people=[0], undo=True)
    with pytest.raises(QuitGame):
        driver.run_sync()
    # ann's last move before the undo was the 'end' played for her; undo went back
    # past it to her buy, and she is asked there again.
    assert before_undo == {"last": "end", "decided": False, "back_to": "buy"}
    assert seen[5] == seen[3]


def test_a_vote_that_can_change_nothing_is_not_asked() -> None:
    """Graenaland: once the votes cast decide an offer, the remaining voters are not
    asked; the vote that agrees with the result is played for them and tagged."""
    game = REG.games["graenaland"]
    for seed in range(1, 60):
        state = game.new_state(3, game.resolve_options({}), seed)
        rng = random.Random(seed)
        while game.to_move(state) is not None:
            settled = game.settled_choice(state)
            if settled is not None:
                seat = game.to_move(state)
                assert seat is not None
                seats = [
                    Seat(f"s{i}", parse_spec("human" if i == seat else "random", REG.players))
                    for i in range(3)
                ]
                match = Match(game, game.resolve_options({}), seed, seats, state=state)
                driver = MatchDriver(match, [], people=[seat])
                unasked = driver.unasked(seat)
                assert unasked == (settled, SETTLED_TAG)
                assert game.format_action(state, settled) in ("yes", "no")
                confirming = MatchDriver(match, [], people=[seat], confirm=True)
                assert confirming.unasked(seat) is None  # --confirm asks anyway
                return
            game.apply(state, rng.choice(list(game.legal_actions(state))))
    raise AssertionError("no settled vote in 60 random games")


class FailsAtFirst:
    """A player whose first ``faults`` moves fail for the host's sake (its workers died),
    then plays the first legal move."""

    def __init__(self, faults: int) -> None:
        self.faults = faults
        self.asked = 0

    def choose(self, game: object, state: object, seat: int) -> Action:
        from vikingcli.core.match import HostFault

        self.asked += 1
        if self.asked <= self.faults:
            raise HostFault("the AI worker processes died 3 times in a row")
        return REG.games["jorvik"].legal_actions(state)[0]


class Pausing(FrontEnd):
    def __init__(self) -> None:
        self.pauses: list[tuple[int, float]] = []

    async def paused(self, seat: int, reason: str, seconds: float) -> None:
        self.pauses.append((seat, seconds))


def test_item4_a_move_the_host_cannot_make_pauses_and_is_asked_again_never_a_forfeit(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import asyncio

    from vikingcli.core import driver as driver_module
    from vikingcli.core.match import HostFault

    monkeypatch.setattr(driver_module, "PAUSE_FIRST", 0.01)
    game = REG.games["jorvik"]
    seats = [Seat(f"ai {i}", parse_spec("random", REG.players)) for i in range(2)]
    match = Match(game, game.resolve_options({}), 5, seats)
    player = FailsAtFirst(3)
    front = Pausing()
    first = game.to_move(match.state)
    driver = MatchDriver(match, [player, player], front=front, threads=True)
    asyncio.run(driver.run())
    assert match.over and match.forfeit is None
    # Three pauses, each twice as long as the one before; then the same move was made.
    assert front.pauses == [(first, 0.01), (first, 0.02), (first, 0.04)]
    assert player.asked == 3 + len(match.actions)
    # A front end with nobody to tell (a batch) cannot wait: the fault goes up.
    batch = Match(game, game.resolve_options({}), 5, seats)
    with pytest.raises(HostFault):
        MatchDriver(batch, [FailsAtFirst(1), FailsAtFirst(0)]).run_sync()
    assert batch.forfeit is None
