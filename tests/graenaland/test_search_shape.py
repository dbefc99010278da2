"""Graenaland's flat search counts the three conditions nearest to being met (issue 38,
item "go past it"): the lead wins with three of the five conditions met, but
``evaluate`` adds up progress on all five alike, so two conditions met and three
part-way can outscore three met. The search's ``shape`` hint corrects its own
judgement; greedy play (and the search's model of greedy seats) keeps ``evaluate``."""

from __future__ import annotations

import random
from typing import Any

from vikingcli.core.registry import load_registry
from vikingcli.engine import Game
from vikingcli_ai.flat import FlatSearch
from vikingcli_graenaland.scoring import conditions, measures

GAME: Game = load_registry().games["graenaland"]
SEAT = 0


def position(settlements: dict[int, int], army: int, players: int = 4) -> Any:
    """A start position at ``players`` seats where seat 0 has ``settlements`` villages
    per province and ``army``, and no cards lie anywhere (so that villages and army,
    which carry votes, change nothing else ``evaluate`` reads)."""
    st = GAME.new_state(players, GAME.resolve_options({}), 7)
    n = st.n
    for p in range(st.board.np):
        st.vil[p * n + SEAT] = settlements.get(p, 0)
        for i in range(p * 3, p * 3 + 3):
            if st.bld[i] == SEAT:
                st.bld[i] = -1
    st.up = [0] * len(st.up)
    st.down = [[] for _ in st.down]
    st.army[SEAT] = army
    st.legal_cache = None
    return st


def search_value(st: Any) -> float:
    return FlatSearch(GAME, st, SEAT, random.Random(1)).value(st, SEAT)


def test_item38_three_conditions_met_outrank_progress_spread_over_five() -> None:
    three = position({0: 4, 1: 2, 2: 2}, army=0)  # 8 settlements, 3 provinces with 2, 4 in one
    spread = position({0: 2, 1: 2, 2: 2}, army=3)  # 3 provinces with 2 and army 3; 6 and 2
    assert sum(conditions(three, SEAT)) == 3
    assert sum(conditions(spread, SEAT)) == 2
    assert measures(spread, SEAT) == (6, 3, 2, 0, 3)
    # evaluate (greedy's judge) prefers the spread: 3/4 + 1 + 1/2 + 0 + 1 > 3
    assert GAME.evaluate(spread, SEAT) > GAME.evaluate(three, SEAT)
    # the search prefers the three conditions that win when the seat leads
    assert search_value(three) > search_value(spread)


def best_rival(st: Any) -> float:
    return max(GAME.evaluate(st, other) for other in range(1, st.n))


def test_item38_the_shape_is_the_search_s_alone() -> None:
    """evaluate, and so greedy, is unchanged; the shape takes 0.7 of the progress on
    the two conditions furthest from being met, nothing where those are at zero, and
    (at 4 seats) the whole of the best other seat's evaluate."""
    three = position({0: 4, 1: 2, 2: 2}, army=0)
    spread = position({0: 2, 1: 2, 2: 2}, army=3)
    shape = GAME.search_hints.shape
    assert shape is not None
    assert abs(shape(three, SEAT) - (-1.0 * best_rival(three))) < 1e-12
    assert abs(shape(spread, SEAT) - (-0.7 * (0.0 + 0.5) - 1.0 * best_rival(spread))) < 1e-12
    assert search_value(spread) == GAME.evaluate(spread, SEAT) + shape(spread, SEAT)


def test_item38_the_best_rival_weighs_in_full_at_4_seats_and_half_at_3_and_5() -> None:
    """Issue 38, third pass: with three greedy rivals the search takes off the whole
    of the best other seat's evaluate, with two or four half of it (the weight the
    second pass measured, kept where the full one did not measure better). The
    searching seat's own part is the same at every size: its three conditions met,
    the other two at zero."""
    shape = GAME.search_hints.shape
    assert shape is not None
    for players, weight in ((3, 0.5), (4, 1.0), (5, 0.5)):
        three = position({0: 4, 1: 2, 2: 2}, army=0, players=players)
        assert sum(conditions(three, SEAT)) == 3
        rival = best_rival(three)
        assert rival > 0.0
        assert abs(shape(three, SEAT) + weight * rival) < 1e-12, players


def test_item38_a_rival_nearer_to_winning_is_worth_less_to_the_search() -> None:
    """One seat wins: the same position of the searching seat is worth less to the
    search where a rival has met three conditions than where none has, by the
    rival's gain in evaluate (at 4 seats); evaluate of the searching seat does not see it."""
    calm = position({0: 2, 1: 2, 2: 2}, army=3)
    racing = position({0: 2, 1: 2, 2: 2}, army=3)
    n = racing.n
    for p, villages in ((3, 4), (4, 2), (5, 2)):  # seat 1: as `three` above, elsewhere
        racing.vil[p * n + 1] = villages
    racing.legal_cache = None
    assert sum(conditions(racing, 1)) == 3
    assert GAME.evaluate(racing, SEAT) == GAME.evaluate(calm, SEAT)
    gain = best_rival(racing) - best_rival(calm)
    assert gain > 1.0
    assert abs(search_value(calm) - search_value(racing) - 1.0 * gain) < 1e-9
