"""``hint`` in Graenaland (issue 30): at a build, a hero move and a vote, moves whose
outcomes differ get different values, and the hint names its budget and its measure
(a chance to win: the game is won by conditions, not points).

The positions come from one seeded game of greedy players, each picked for what it
shows: a build where building and ending differ, a hero move whose destinations
change the seat's votes where cards lie, and a vote the seat decides on an offer
that gives it cards (so yes and no end in different hands)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from vikingcli.core.registry import load_registry
from vikingcli.engine import Game
from vikingcli.table.hints import hinter
from vikingcli_ai.greedy import GreedyPlayer, greedy_values
from vikingcli_graenaland.rules.votes import votes
from vikingcli_graenaland.state import PH_BUILD, PH_MOVE, PH_VOTE

REG = load_registry()
GAME: Game = REG.games["graenaland"]
HINT = hinter(REG.players)
VALUE = re.compile(r"^  \d\. (.+?) +\d+% of the search, chance to win (\d+\.\d+)%")


def decisive_vote(st: Any, seat: int) -> bool:
    """The seat's vote decides the offer, and the offer gives it cards."""
    if st.phase != PH_VOTE or seat not in st.oalloc:
        return False
    rest = st.vvotes[st.vidx + 1 :]
    mine = st.vvotes[st.vidx]
    # passes with its yes whatever the rest vote, fails with its no whatever they vote
    return 2 * (st.yes + mine) > st.total and 2 * (st.yes + sum(rest)) <= st.total


def spread(st: Any, seat: int) -> bool:
    """The legal moves are not all worth the same one ply ahead."""
    values = greedy_values(GAME, GAME.clone(st), seat, list(GAME.legal_actions(st)))
    return max(values) - min(values) > 1e-6


def find(want: Callable[[Any, int], bool]) -> tuple[Any, int]:
    for seed in range(20, 40):
        st = GAME.new_state(4, GAME.resolve_options({}), seed)
        players = [GreedyPlayer(seed + i) for i in range(4)]
        while (seat := GAME.to_move(st)) is not None:
            if len(GAME.legal_actions(st)) > 1 and want(st, seat):
                return st, seat
            st = GAME.apply(st, players[seat].choose(GAME, st, seat))
    raise AssertionError("no such position in 20 games")


def shown(st: Any, seat: int) -> tuple[str, list[tuple[str, float]]]:
    assert HINT is not None
    lines = HINT(GAME, st, seat)
    moves = []
    for line in lines[1:]:
        found = VALUE.search(line)
        if found:
            moves.append((found.group(1), float(found.group(2))))
    return lines[0], moves


def check_header(header: str) -> None:
    assert re.match(
        r"Best moves after [\d.]+ s of search \(\d+ playouts\), by estimated chance to win", header
    )


def test_a_build_tells_building_from_ending() -> None:
    st, seat = find(lambda s, p: s.phase == PH_BUILD and spread(s, p))
    header, moves = shown(st, seat)
    check_header(header)
    assert len(moves) >= 2
    assert len({v for _, v in moves}) >= 2


def test_a_hero_move_tells_destinations_apart() -> None:
    st, seat = find(lambda s, p: s.phase == PH_MOVE and spread(s, p))
    header, moves = shown(st, seat)
    check_header(header)
    assert len({v for _, v in moves}) >= 2


def test_a_deciding_vote_on_cards_for_oneself() -> None:
    st, seat = find(decisive_vote)
    assert votes(st, seat, st.offer_x) >= 1
    header, moves = shown(st, seat)
    check_header(header)
    values = dict(moves)
    assert set(values) == {"yes", "no"}
    assert values["yes"] > values["no"]
    assert moves[0][0] == "yes"  # ranked by the value shown
