"""The greedy player without the pathologies of issue 30: it never takes back in
Jórvík a good it stored the move before, never votes against its own offer in
Graenaland, and bids in Wikinger's start-player auction only what the marker is worth.

Each check also runs once without the game's ``undoes`` hint (or on the evaluation
before the bid's cost was counted), to show the check can fail."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import Any

import pytest

from vikingcli.core.registry import load_registry
from vikingcli.engine import Action, Game
from vikingcli_ai.greedy import GreedyPlayer
from vikingcli_wikinger import data as WD

REG = load_registry()


def greedy_game(
    game: Game, n: int, options: dict[str, str], seed: int
) -> Iterator[tuple[Any, int, Action]]:
    """Every (position, seat, action) of a game between ``n`` greedy players."""
    state = game.new_state(n, game.resolve_options(options), seed)
    players = [GreedyPlayer(seed * 10 + i) for i in range(n)]
    while (seat := game.to_move(state)) is not None:
        action = players[seat].choose(game, state, seat)
        yield state, seat, action
        state = game.apply(state, action)


def without_undoes(game: Game) -> Game:
    """``game`` whose search hints name no move that undoes another."""
    plain = game.with_weights({})
    plain.search_hints = dataclasses.replace(game.search_hints, undoes=None)
    return plain


def jorvik_churn(game: Game, games: int) -> tuple[int, int]:
    """(store-then-take of the same good by the same seat back to back, moves) over
    ``games`` greedy games of every table size and mode."""
    churn = moves = 0
    for i in range(games):
        n = 2 + i % 4
        mode = ("karl", "jarl")[i // 4 % 2]
        before: tuple[int, str] | None = None
        for state, seat, action in greedy_game(game, n, {"mode": mode}, 3000 + i):
            text = game.format_action(state, action)
            moves += 1
            if text.startswith("take ") and before == (seat, "store " + text[5:]):
                churn += 1
            before = (seat, text)
    return churn, moves


@pytest.mark.slow
def test_jorvik_greedy_never_takes_back_what_it_just_stored() -> None:
    jorvik = REG.games["jorvik"]
    # 64 games, every table size and mode 8 times (tests/ai/test_no_self_undoing.py and
    # test_sensible_moves.py hold every AI kind to the wider rule)
    churn, moves = jorvik_churn(jorvik, 64)
    assert moves > 64 * 100
    assert churn == 0


def test_jorvik_the_churn_check_can_fail() -> None:
    churn, _ = jorvik_churn(without_undoes(REG.games["jorvik"]), 8)
    assert churn > 0


def own_offer_votes(game: Game, games: int) -> tuple[int, int]:
    """(the offerer's votes against its own offer, the offerer's votes) in ``games``
    greedy games of 3-5 players."""
    against = votes = 0
    for i in range(games):
        n = 3 + i % 3
        for state, _, action in greedy_game(game, n, {}, 4000 + i):
            if state.phase == 6 and state.vidx == 0:  # PH_VOTE, the offerer's own vote
                votes += 1
                against += action == ("no",)
    return against, votes


def test_graenaland_greedy_never_votes_against_its_own_offer() -> None:
    against, votes = own_offer_votes(REG.games["graenaland"], 12)
    assert votes > 100
    assert against == 0


def test_graenaland_the_vote_check_can_fail() -> None:
    against, _ = own_offer_votes(without_undoes(REG.games["graenaland"]), 12)
    assert against > 0


def auction_bids(game: Game, games: int) -> list[tuple[float, float]]:
    """(what each bid by a greedy seat costs it in VP if it wins, the marker's worth)
    in ``games`` advanced games of 3 greedy players."""
    w = game.weights
    out = []
    for i in range(games):
        for state, seat, action in greedy_game(game, 3, {"mode": "advanced"}, 900 + i):
            if action[0] == "bid":
                gold = state.gold[seat]
                paid = min(action[1], gold)
                # gold at its in-game worth, or at the final exchange rate in round 6
                rate = 1 / (3 if state.sp[seat][WD.SP10] else 5)  # SP10: the trader's 3:1
                per_gold = max(w["gold"], rate) if state.round < 6 else rate
                cost = paid * per_gold + (action[1] - paid)
                out.append((cost, w["start"]))
    return out


def test_wikinger_greedy_bids_no_more_than_the_marker_is_worth() -> None:
    bids = auction_bids(REG.games["wikinger"], 6)
    assert len(bids) > 30
    assert all(cost <= worth + 1e-9 for cost, worth in bids)


def test_wikinger_the_bid_check_can_fail() -> None:
    # with the marker valued as high as a good round, bids go past the default worth
    wikinger = REG.games["wikinger"]
    eager = wikinger.with_weights({"start": 12.0})
    bids = auction_bids(eager, 2)
    assert any(cost > wikinger.weights["start"] for cost, _ in bids)
