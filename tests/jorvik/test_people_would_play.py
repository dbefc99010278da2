"""Issue 38, "played as people would": over many seeded games at two and four seats,
greedy (the easy level) and the tree search (at a cheap budget, the search levels'
stand-in) leave the craftsmen they buy unfilled no more than a person now and then
would, and no AI seat stacks its vikings on one demand column; each check has a
twin that shows it catches a planted player doing just that.

The referee looks at the games from outside the players: at the end, each seat's
craftsmen (card area) and how many of them are complete; during the demand phase,
the most vikings one seat has in one column.

Bounds, and why:

* unfilled: at most 1 in 5 of the craftsmen a kind of AI buys is incomplete at the
  end. A craftsman bought in the last rounds can miss its last good when no ship
  brings it, so 0 is not what people manage either; before issue 38's second pass
  greedy left 46 of 123 unfilled at four seats, after it 16 of 92 (benchmarks/README.md,
  "Jórvík and Graenaland played as people would": 17.4% and 18.5% at four and five
  seats after, 37.4% and 37.8% before; here 18 of 42 before, 4 of 31 after).
* a seat that bought a craftsman and completed none (0 craftsman points): at most 3
  in 20 seats (after: 10 of 80 on the fresh seeds at four seats; this bound is no
  better than before, 11 of 80: main fails the unfilled share, not this).
* the tree search, ``mcts:iterations=30`` (what its rollouts make of a loading turn
  is what the search levels share; 300 iterations and more cost minutes here): at
  most 1 in 3 unfilled and 1 in 3 seats with none complete, over 12 games at two
  seats and 24 at four. Before issue 38's third pass (random loading in its
  rollouts) it left 63 of 104 unfilled at two seats and 71 of 91 at four, with 16
  of 50 and 52 of 100 seats none complete, on tuning seeds 631000
  (benchmarks/README.md, "Jórvík: the tree search fills its craftsmen"). What it
  does since, on many games (``behaviour.py``, one such seat among greedy ones at
  every seating, 50 deals from 816000 at four seats and 60 from 817000 at two; "Jórvík:
  a ship is worth what it brings the seat"): with a ship at a flat worth, 27.2% of
  180 craftsmen unfilled and 16.5% of 200 seats none complete at four seats, 18.6% of
  247 and 3.3% of 120 at two; with a ship worth what it brings, 23.2% and 10.0%,
  19.4% and 3.3%. The earlier bounds, 1 in 4 and 3 in 20 on 8 and 6 games, lay below
  the rate at four seats: those games met them, a larger sample would not have. So
  did the bound of 1 in 5 seats with none complete: since 2026-12-07 such a seat
  among greedy ones ended so on 11 to 24 of 100 seats in each of the six sets of
  100 in benchmarks/README.md ("Jórvík: a craftsman's chance starting at 0.7,
  measured and not kept" and "Jórvík: coins kept for the ships a craftsman waits
  for", two specs each), 98 of 600; at that rate 24 seats exceed 1 in 5 in about
  one run of three. The fixed games here had 1 of 24 until the coins kept for the
  craftsmen changed them, and then 6 (13 against 11 of 100 on fresh deals, with and
  without: no difference). The bound is 1 in 3, which that rate exceeds in about one
  run of a hundred and the search before the third pass (52 of 100) in nineteen of
  twenty. The planted search (the twin) leaves every craftsman it buys unfilled.
* vikings of one seat on one column, in the Jarl game (four vikings a seat, six
  with the brown ones; the Karl game's three could not show more): at most 3. The
  top viking pays one coin for every viking under it, so a viking under one's own
  only waits for the card at a lower price after passing; people spread the rest
  to other cards. The issue's column of 7 was of several seats: a contested card.
* a table of search seats only (the issue's column of 7 and 8: each seat paid
  vikings to raise the price of a warrior): no seat puts a viking under its own in
  a column of 6 or more unless it outbids (Jórvík's ``undoes``), checked where such
  a move was legal. A column still reaches 7 when each viking outbids (late in a
  game, seats with one or two coins); benchmarks/README.md, "Jórvík: a viking under
  one's own that only raises a price", counts the columns of 7 at medium.
* a seat with a craftsman to fill never pays 3 coins or more for a card that is
  neither a ship nor a craftsman if that leaves it fewer than 2 while ships are still
  in the deck (Jórvík's ``undoes``, ``craft_coin_reserve``), checked where such a
  purchase was on offer: seats that did lost the ships their craftsmen waited for
  (benchmarks/README.md, "Jórvík: coins kept for the ships a craftsman waits for").
  The twin keeps no coins (the weight at 0) and buys.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence

import pytest

from vikingcli.core.match import make_player
from vikingcli.core.registry import load_registry
from vikingcli.core.specs import parse_spec
from vikingcli.engine import Action, Game, Player, State
from vikingcli_jorvik import data as D
from vikingcli_jorvik.rules.encoding import OP_BUY, OP_PLACE, OP_PUT
from vikingcli_jorvik.state import PH_BUY

REG = load_registry()
GAME = REG.games["jorvik"]
FIRST_SEED = 38300  # not among the tuning seeds (630000-639999) nor the measured ones
MOVE_LIMIT = 3000  # a bound on one game (the longest here take about 400 moves)

UNFILLED_SHARE = 0.2
SEARCH = "mcts:iterations=30"
SEARCH_UNFILLED_SHARE = 1 / 3
ZERO_SHARE = 0.15
SEARCH_ZERO_SHARE = 1 / 3
OWN_VIKINGS_ON_A_COLUMN = 3


@dataclasses.dataclass
class Tally:
    """What the watched seats did over the games."""

    seats: int = 0
    bought: int = 0
    unfilled: int = 0
    zero_after_buying: int = 0
    own_on_a_column: int = 0


MakePlayer = Callable[[int, int], Player]


def referee(
    watched: MakePlayer, others: MakePlayer, n: int, games: int, mode: str = "karl"
) -> Tally:
    """Play ``games`` seeded games at ``n`` seats (``mode``: karl or jarl), the watched
    player at seat ``i % n`` of game ``i`` and ``others`` elsewhere, and tally what the
    watched seats did."""
    tally = Tally()
    options = GAME.resolve_options({"mode": mode})
    for i in range(games):
        seed = FIRST_SEED + i
        mine = i % n
        state = GAME.new_state(n, options, seed)
        players = [(watched if seat == mine else others)(seat, seed) for seat in range(n)]
        for _ in range(MOVE_LIMIT):
            seat = GAME.to_move(state)
            if seat is None:
                break
            state = GAME.apply(state, players[seat].choose(GAME, state, seat))
            for col in state.cols:
                own = sum(1 for v in col if v & 7 == mine)
                tally.own_on_a_column = max(tally.own_on_a_column, own)
        assert GAME.to_move(state) is None, "a game did not end within the move limit"
        crafts = [c for c in state.cards[mine] if D.KIND[c] == D.CRAFTSMAN]
        complete = sum(1 for c in crafts if state.fill[c] == D.FULL_MASK[c])
        tally.seats += 1
        tally.bought += len(crafts)
        tally.unfilled += len(crafts) - complete
        tally.zero_after_buying += bool(crafts) and not complete
    return tally


def kind(spec: str) -> MakePlayer:
    parsed = parse_spec(spec, REG.players)
    return lambda seat, seed: make_player(GAME, REG.players, parsed, seat, seed)


class Planted:
    """A planted bad player: greedy (or ``spec``), but it buys every craftsman it can,
    never puts a good on one, and places every viking on the first column that holds
    a card."""

    spec = "greedy"

    def __init__(self, seat: int, seed: int) -> None:
        self.greedy = kind(self.spec)(seat, seed)

    def choose(self, game: Game, state: State, seat: int) -> Action:
        legal: Sequence[Action] = game.legal_actions(state)
        places = [a for a in legal if a[0] == OP_PLACE]
        if places:
            return min(places)
        if state.phase == PH_BUY and (OP_BUY,) in legal:
            col = next(i for i, c in enumerate(state.cols) if c)
            if D.KIND[state.slots[col]] == D.CRAFTSMAN:
                return (OP_BUY,)
        kept = [a for a in legal if not (a[0] == OP_PUT and D.KIND[a[2]] == D.CRAFTSMAN)]
        if len(kept) < len(legal):
            return kept[-1]  # the loading turn's "end" is last
        return self.greedy.choose(game, state, seat)


class PlantedSearch(Planted):
    """The planted bad player with the cheap tree search choosing its other moves."""

    spec = SEARCH


# (seats, games): the watched greedy seat plays against greedy seats.
CASES = [(2, 24), (4, 24)]
# ... and the watched tree search (about 3 s a game at two seats, 1 s at four).
SEARCH_CASES = [(2, 12), (4, 24)]
# ... and the planted search, whose every craftsman stays unfilled: fewer games show it.
TWIN_CASES = [(2, 6), (4, 8)]


def _fills(
    tally: Tally, unfilled_share: float = UNFILLED_SHARE, zero_share: float = ZERO_SHARE
) -> None:
    assert tally.bought >= 5, "too few craftsmen bought to judge"
    assert tally.unfilled <= unfilled_share * tally.bought, tally
    assert tally.zero_after_buying <= zero_share * tally.seats, tally


@pytest.mark.parametrize(("n", "games"), CASES)
def test_item38_greedy_fills_the_craftsmen_it_buys(n: int, games: int) -> None:
    _fills(referee(kind("greedy"), kind("greedy"), n, games))


@pytest.mark.parametrize(("n", "games"), SEARCH_CASES)
def test_item38_the_tree_search_fills_the_craftsmen_it_buys(n: int, games: int) -> None:
    _fills(
        referee(kind(SEARCH), kind("greedy"), n, games), SEARCH_UNFILLED_SHARE, SEARCH_ZERO_SHARE
    )


@pytest.mark.parametrize(("n", "games"), TWIN_CASES)
def test_item38_twin_a_planted_search_leaves_craftsmen_unfilled_and_is_caught(
    n: int, games: int
) -> None:
    tally = referee(PlantedSearch, kind("greedy"), n, games)
    assert tally.bought >= 5  # caught for what it left, not for buying too few to judge
    with pytest.raises(AssertionError):
        _fills(tally, SEARCH_UNFILLED_SHARE, SEARCH_ZERO_SHARE)


@pytest.mark.parametrize("spec", ["greedy", SEARCH])
@pytest.mark.parametrize("n", [2, 4])
def test_item38_ai_seats_never_stack_their_vikings_on_one_column(spec: str, n: int) -> None:
    tally = referee(kind(spec), kind("greedy"), n, 8 if spec == "greedy" else 4, "jarl")
    assert tally.own_on_a_column <= OWN_VIKINGS_ON_A_COLUMN


def named_choices(
    make: MakePlayer, n: int, games: int, op: int, judge: Game = GAME
) -> tuple[int, int]:
    """Over ``games`` seeded Karl games of ``n`` seats, every seat ``make``'s choosing
    with ``judge`` (the game, or a copy judging by weights of its own): how many moves
    of opcode ``op`` that the game's ``undoes`` names were chosen while another move
    was legal, and at how many decisions one was legal (the occasions). ``OP_PLACE``:
    a viking under one's own in a column of 6 or more that does not outbid; ``OP_BUY``:
    a dear card that spends the coins kept for a craftsman."""
    undoes = GAME.search_hints.undoes
    assert undoes is not None
    chosen = occasions = 0
    options = GAME.resolve_options({})
    for i in range(games):
        seed = FIRST_SEED + 100 + i
        state = GAME.new_state(n, options, seed)
        players = [make(seat, seed) for seat in range(n)]
        while (seat := GAME.to_move(state)) is not None:
            action = players[seat].choose(judge, state, seat)
            # a purchase decision is a buy or a pass; a placement, one of the placements
            deciding = state.phase == PH_BUY if op == OP_BUY else action[0] == op
            if deciding:
                named = [undoes(state, a) for a in GAME.legal_actions(state)]
                if any(named) and not all(named):
                    occasions += 1
                    chosen += undoes(state, action)
            state = GAME.apply(state, action)
    return chosen, occasions


def test_item38_search_seats_put_no_viking_that_only_raises_a_price() -> None:
    chosen, occasions = named_choices(kind(SEARCH), 4, 3, OP_PLACE)
    assert occasions > 0  # the war would have gone on here: the rule had work to do
    assert chosen == 0


def test_item38_twin_a_table_of_planted_players_stacks_and_is_caught() -> None:
    chosen, _ = named_choices(Planted, 4, 1, OP_PLACE)
    assert chosen > 0


@pytest.mark.parametrize(("spec", "games"), [("greedy", 8), (SEARCH, 2)])
def test_item38_ai_seats_keep_the_coins_their_craftsmen_wait_for(spec: str, games: int) -> None:
    chosen, occasions = named_choices(kind(spec), 4, games, OP_BUY)
    assert occasions > 0  # a dear card was on offer to a seat with a craftsman to fill
    assert chosen == 0


def test_item38_twin_seats_keeping_no_coins_spend_them_and_are_caught() -> None:
    keeping_none = GAME.with_weights({"craft_coin_reserve": 0.0})
    chosen, _ = named_choices(kind("greedy"), 4, 8, OP_BUY, keeping_none)
    assert chosen > 0


@pytest.mark.parametrize("n", [2, 4])
def test_item38_twin_a_planted_player_leaves_craftsmen_unfilled_and_is_caught(n: int) -> None:
    with pytest.raises(AssertionError):
        _fills(referee(Planted, kind("greedy"), n, 8))


@pytest.mark.parametrize("n", [2, 4])
def test_item38_twin_a_planted_player_stacks_a_column_and_is_caught(n: int) -> None:
    tally = referee(Planted, kind("greedy"), n, 4, "jarl")
    assert tally.own_on_a_column > OWN_VIKINGS_ON_A_COLUMN
