"""Heuristic evaluation: a projected final score in VP.

projected = current VP (start, Pict attacks, oracles so far)
          + final scoring of the owned cards as they are now (card and loading area:
            complete craftsmen, traders, travels, feasts, skalds, warehouse)
          + incomplete craftsmen at their VP times the chance of finishing them: a
            chance per missing good, lower as the game runs out and when the seat's
            share of the goods still to come (by the coins it can pay for ships) is
            short of its needs, and a good the seat
            already holds for a free space (stored, on a bought ship, in its pool)
            counted as nearly placed
          + the other goods waiting in storage / on bought ships, and coins (worth
            more early)
          + the expected result of the Pict attacks still to come, from the current
            defence standing
          + for the top viking of a demand column or a reservation, a share of what
            the card is worth to that seat less its price (a ship's by its goods and
            what they add to the seat's craftsmen).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from vikingcli_jorvik import data as D
from vikingcli_jorvik.data import CARDS, KIND, NEEDS
from vikingcli_jorvik.rules.common import owns_free
from vikingcli_jorvik.rules.encoding import OP_BUY, OP_PLACE, OP_STORE, OP_TAKE
from vikingcli_jorvik.scoring import VP, defence, final_points
from vikingcli_jorvik.state import (
    PH_BUY,
    PH_DEMAND,
    PH_LOAD,
    PH_OVER,
    PH_RESBUY,
    PhaseReading,
    State,
)

TALL_COLUMN: Final = 7
"""The column length from which ``undoes`` names a viking under one's own that does
not outbid: past every seat's coins early in a game (5 at the start), where no hedge
pays and only a bidding war goes on (issue 38's column of 7)."""

DEAR: Final = 3
"""The price from which ``undoes`` names a purchase spending the coins kept for ships
(``craft_coin_reserve``): below it a card costs a round or two of income, and passing
those up too cost strength on tuning deals (benchmarks/README.md, "Jórvík: coins kept
for the ships a craftsman waits for")."""

_DECK_SIZE: dict[tuple[int, bool], int] = {
    (n, j): len(D.deck_cards(n, j)) for n in range(2, 6) for j in (False, True)
}
_CAPACITY: list[int] = [card.capacity if KIND[c] == D.SHIP else 0 for c, card in enumerate(CARDS)]
"""Goods a card brings when it comes out (a ship's capacity), per card index."""
_IS_CRAFTSMAN: Final[tuple[bool, ...]] = tuple(k == D.CRAFTSMAN for k in KIND)
_IS_RARE: Final[tuple[bool, ...]] = tuple(g in D.PREMIUM_GOODS for g in range(len(D.GOOD_NAMES)))
_IS_PICT: Final[tuple[bool, ...]] = tuple(k == D.PICT for k in KIND)
"""Per card index, read for every position a search judges: a lookup instead of a
kind compared each time (issue 38, Jórvík's search speed)."""

WEIGHTS: Final[Mapping[str, float]] = {
    # Tuned by self-play (vikingcli tune: benchmarks/tuned/jorvik.json, its settings
    # and history), the hand-set values in brackets; measured against those on fresh
    # deals in benchmarks/README.md, "Tuned weights".
    # the defence standing may still change before the next Pict attack [0.6]
    "pict_confidence": 0.537411,
    # ... and much more before the later ones [0.2]
    "pict_later": 0.210372,
    # VP per coin at the start of the game [0.45]
    "coin_early": 0.791356,
    # ... and at its end [0.1]
    "coin_late": 0.123799,
    # VP per stored good or good on a bought ship [0.5]
    "good": 0.86357,
    # part of a card's net worth credited to the top viking of its column [0.5]
    "column_share": 0.509331,
    # Hand-set, not tuned (issue 38: craftsmen were bought and never filled, when
    # an empty one was credited near half its VP): the chance of getting one
    # missing good of a craftsman at the start of a 2-player game ...
    "craft_chance_early": 0.8,
    # ... and at its end
    "craft_chance_late": 0.1,
    # issue 38, second pass: how many goods of a random kind a missing good costs
    # (the bag holds five kinds, or eight; an exchange takes three for one); the
    # chance is cut in proportion when the goods still to come to the seat (its
    # share of the ships left) are fewer than its craftsmen need this way
    "craft_chance_goods": 3.0,
    # how much of a missing good one the seat holds for it counts as placed
    "craft_in_hand": 0.8,
    # issue 38, fourth pass: how much of a ship on offer is worth what its goods add
    # to the seat's craftsmen (1) rather than a flat worth per good (0)
    "ship_for_craftsmen": 1.0,
    # issue 38, fifth pass: how much of a good a ship's good for a craftsman still
    # counts, besides what it adds to the craftsman (0: the fourth pass)
    "ship_goods_kept": 1.0,
    # issue 38, sixth pass: a demand column's card credited to the seat whose viking
    # buys it on the coins held now, at the price it pays (1), or to the top viking at
    # the column's length (0: before, when a seat needing a ship never placed under a
    # top viking that could not pay, and seats ended with craftsmen unfilled)
    "column_buyer": 1.0,
    # issue 38, seventh pass: how many goods of need a missing silk, glass or gold
    # counts for against the goods to come (1: as a basic good, before; the bag holds
    # a third as many of each; 3 measured weaker on tuning seeds, 2 level)
    "craft_rare_goods": 2.0,
    # issue 38, eighth pass: what a ship on offer adds to the seat's craftsmen counts
    # its spare goods, three for one (two with A20), as buying a missing good the
    # common goods space holds (1), or not (0: before, when seats with a craftsman one
    # good short never bid for a ship without that good, though the space held it)
    "craft_exchange": 1.0,
    # issue 38, ninth pass: how steeply a seat's share of the goods still to come
    # follows what it can pay for ships, its coins and the income of the rounds left
    # (1: in proportion; 2: its departure from an even share doubled, fewer craftsmen
    # unfilled than 1 on tuning seeds; 0: shared alike, before)
    "craft_coin_share": 2.0,
    # issue 38, tenth pass: the coins a seat with a craftsman to fill keeps while ships
    # are still in the deck, when it buys a card that is neither a ship nor a craftsman
    # for DEAR coins or more (undoes names a purchase that leaves it fewer); 0: none
    # kept, before, when seats paid their last coins for a warrior and were outbid
    # for every ship after
    "craft_coin_reserve": 2.0,
}
"""The weights of :func:`evaluate` and of :func:`undoes` (``craft_coin_reserve``): the
game's ``weights``, tuned by ``vikingcli tune`` (benchmarks/README.md, "Tuned
weights")."""


def evaluate(s: State, seat: int, w: Mapping[str, float] = WEIGHTS) -> float:
    if s.phase == PH_OVER:
        return float(s.vp[seat])
    shared = _loading_reading(s, w) if s.phase == PH_LOAD else _Shared(s, w, seat)
    return _seat_value(s, seat, shared, w)


def evaluate_all(s: State, w: Mapping[str, float] = WEIGHTS) -> list[float]:
    """``evaluate`` of every seat, what they all read alike worked out once."""
    if s.phase == PH_OVER:
        return [float(x) for x in s.vp]
    shared = _loading_reading(s, w) if s.phase == PH_LOAD else _Shared(s, w, -1)
    return [_seat_value(s, seat, shared, w) for seat in range(s.n)]


def _loading_reading(s: State, w: Mapping[str, float]) -> _Shared:
    """The ``_Shared`` of a position in a loading phase, made once for the phase (its
    :class:`~vikingcli_jorvik.state.PhaseReading`): a search judging the moves of a
    loading turn (the greedy steps that are most of Jórvík's search time) reads it for
    every child. No seat's offers: a loading phase's demand columns and reservations
    are empty."""
    holder = s.phase_reading
    if holder is None:  # (a position loaded from JSON, or its caches cleared)
        holder = s.phase_reading = PhaseReading()
    shared = holder.value
    if shared is None:
        shared = _Shared(s, w, -1)
        if shared.offers:  # (none: checked, not assumed)
            return shared
        holder.value = shared
    return shared


def undoes(s: State, a: Any, w: Mapping[str, float] = WEIGHTS) -> bool:
    """The ``undoes`` search hint: does the move go against one the mover made
    earlier, leaving it no better placed for it? ``w``: the weights of the game
    object whose hint it is (``craft_coin_reserve``).

    * Loading: taking back a good that entered storage this turn (its flag is set,
      spec §6.2), or storing the good the last move took out back where it came
      from (§8.15). Either pair leaves the pool as it was (a cube only gains its
      flag), so a one-ply player, to whom both positions are worth the same, would
      go round.
    * Demand (issue 38: search seats stacked 7 and 8 vikings on one column, a
      bidding war in which each seat paid vikings to raise the price): putting the
      ``TALL_COLUMN``-th viking or a later one under one's own in a demand column,
      unless that makes one's own viking the column's buyer where another seat's
      was. A viking added raises the price of every viking above it (§3.3: the
      length of the column less the vikings above), one's own earlier viking's
      included; if the buyer stays the same seat, the viking only spent a viking to
      make a seat pay more, or to make oneself pay more. The buyer is judged as the
      first viking from the top whose owner holds the price in coins now (or the
      free purchase, B22): what the seats can see; purchases in earlier columns may
      yet change it. In a shorter column such a viking is a hedge (it buys if
      another seat's vikings later push the price past the coins of those above)
      and is left to the search: named at every length, the seats that kept the
      rule lost to one that did not (benchmarks/README.md, "Jórvík: a viking
      under one's own that only raises a price").
    * Purchase (issue 38: seats bought a craftsman, then paid their last coins for a
      warrior or a feast and were outbid for every ship after, ending with the
      craftsman unfilled): buying a card that is neither a ship nor a craftsman at
      ``DEAR`` coins or more, leaving fewer than ``craft_coin_reserve`` coins, while
      the seat owns a craftsman with a space still empty and a ship is still in the
      deck (:func:`spends_reserve`): the purchase goes against the craftsman's.
      Passing (discarding, for a reserved card) is always legal."""
    if s.phase == PH_BUY or s.phase == PH_RESBUY:
        return a[0] == OP_BUY and spends_reserve(s, w["craft_coin_reserve"])
    if s.phase == PH_LOAD:
        if a[0] == OP_STORE:
            return bool(s.just_taken == a[1] + 8 * a[2])
        if a[0] != OP_TAKE:
            return False
        if a[2] == 0:
            return s.sboard[s.actor] >= 8
        return a[1] not in s.swh[s.actor]  # only flagged cubes of that good are there
    return raises_only(s, a, TALL_COLUMN)


def spends_reserve(s: State, reserve: float) -> bool:
    """The purchase part of :func:`undoes`: would buying the card on offer now (a
    demand column's or the reservation row's, at its price) spend coins ``s.actor``
    keeps for its craftsmen? A ship or a craftsman is never named, nor a card below
    ``DEAR`` coins, nor one that leaves ``reserve`` coins or more; the seat must own a
    craftsman (card or loading area) with a space still empty, and a ship must still
    be in the deck (its contents are public, not its order)."""
    p = s.actor
    if s.phase == PH_BUY:
        c, price = s.slots[s.pslot], len(s.cols[s.pslot])
    else:
        c, price = s.res_cards[0], len(s.res_cards)
    k = KIND[c]
    if k == D.SHIP or k == D.CRAFTSMAN or price < DEAR or s.coins[p] - price >= reserve:
        return False
    return _unfilled(s, p) and any(map(_CAPACITY.__getitem__, s.deck))


def raises_only(s: State, a: Any, tall: int) -> bool:
    """The demand part of :func:`undoes`, naming vikings from the ``tall``-th of a
    column on (``undoes`` reads ``TALL_COLUMN``; benchmarks/demand_rule.py measures
    other lengths)."""
    if s.phase != PH_DEMAND or a[0] != OP_PLACE:
        return False
    col = s.cols[a[1]]
    if len(col) + 1 < tall:
        return False  # a hedge under one's own top viking, against being outbid
    p = s.actor
    for v in col:
        if v & 7 == p:
            break
    else:
        return False  # a first viking in the column: a bid, or a place behind one
    if _buyer(s, col, len(col))[0] == p:
        return True  # the seat buys already: the viking raises its own price
    # added at the bottom, the viking buys for 1 if none above can pay: it outbids
    return _buyer(s, col, len(col) + 1)[0] not in (p, -1)


def _buyer(s: State, col: list[int], length: int) -> tuple[int, int]:
    """The seat whose viking buys the card of a demand column ``col`` of ``length``
    vikings (its vikings, and below them those still to come), judged on the coins
    held now, and the price it pays: the first from the top whose owner can pay
    ``length`` less the vikings above (or buys free, with B22: 0); (-1, 0) when none
    of ``col`` can."""
    coins = s.coins
    for i, v in enumerate(col):
        o = v & 7
        if coins[o] >= length - i:
            return o, length - i
        if owns_free(s, o):
            return o, 0
    return -1, 0


class _Shared:
    """What every seat's value reads alike, worked out once per state: the part of
    the game left, every seat's projected defence with the highest and the lowest,
    and the cards on offer to the top viking of a demand column or a reservation,
    each as (seat, the VP credited); and, when first asked, the goods still to come
    to one seat and the Pict attacks still to come.

    ``only`` >= 0: only that seat's value will be read (``evaluate``, which search
    and greedy call for every child of a position), so the offers to other seats
    are not worked out. What is worked out when first asked is what only some
    seats' values read (a seat with a craftsman to fill, a seat first or last in
    defence): many positions a rollout judges need one or neither for the one seat.
    In a loading phase one serves every position of the phase (``_loading_reading``),
    so what it works out when first asked it reads from the position that asks."""

    __slots__ = ("ahead", "defs", "hi", "left", "lo", "offers", "picts", "supply")

    def __init__(self, s: State, w: Mapping[str, float], only: int) -> None:
        self.left = len(s.deck) / _DECK_SIZE[(s.n, s.advanced)]  # 1 at the start
        self.supply = -1.0  # not worked out yet (share_to_come)
        self.ahead = 0.0  # coins every seat earns in the rounds left (share_to_come)
        self.picts: list[int] | None = None  # not worked out yet (picts_to_come)
        defs = self.defs = [defence(s, p, loading=True) for p in range(s.n)]
        self.hi = max(defs)
        self.lo = min(defs)
        # being on top of a column is an option to buy its card
        offers: list[tuple[int, float]] = []
        share = w["column_share"]
        slots = s.slots
        by_coins = w["column_buyer"] > 0.0
        for i, col in enumerate(s.cols):
            if not col or slots[i] < 0:
                continue
            seat, price = _buyer(s, col, len(col)) if by_coins else (col[0] & 7, len(col))
            if seat >= 0 and (only < 0 or seat == only):
                worth = self.worth_to(s, seat, slots[i], w) - price
                offers.append((seat, share * max(0.0, worth)))
        price = len(s.res_cards)
        for c, v in zip(s.res_cards, s.res_vik):
            if only < 0 or v & 7 == only:
                worth = self.worth_to(s, v & 7, c, w) - price
                offers.append((v & 7, share * max(0.0, worth)))
        self.offers = offers

    def worth_to(self, s: State, seat: int, c: int, w: Mapping[str, float]) -> float:
        """What card ``c`` on offer is worth to ``seat``: :func:`card_worth`, but a
        ship's by what its goods add to the seat's goods and craftsmen (issue 38: at
        a flat worth per good, a seat whose craftsman lacked a good bid for ships no
        more than anyone, and ended with no craftsman complete after buying one, 9.5%
        of greedy's seats at four; benchmarks/README.md, "Jórvík: a ship is worth
        what it brings the seat").

        A good the ship brings for a craftsman counts ``ship_goods_kept`` of a good
        besides what it adds to the craftsman (at 0, only the latter: late in the game,
        or for a craftsman three or four short, its first goods add less than goods
        kept, so such a seat bid less for the ship than a seat with no craftsman;
        benchmarks/README.md, "Jórvík: a ship's goods for a craftsman are goods too").

        What the ship adds to the craftsmen counts the exchange (``craft_exchange``,
        :func:`_exchanged`): with the seat's spare goods, any ship's goods may buy a
        missing good from the common goods space (issue 38: seats one good short
        never bid for a ship without that good while the space held it)."""
        good = w["good"]
        flat = card_worth(s, c, self.left, good)
        part = w["ship_for_craftsmen"]
        if KIND[c] != D.SHIP or part == 0.0 or not _unfilled(s, seat):
            return flat
        held = _held_goods(s, seat)
        owned = s.cards[seat] + s.loading[seat]
        spare = list(held)  # what the craftsmen leave is left in it
        trade = w["craft_exchange"]
        without = _craftsmen_value(s, seat, owned, spare, self.left, self, w, trade)
        cargo = s.cargo[c]
        for g in cargo:
            held[g] += 1
        craftsmen = _craftsmen_value(s, seat, owned, held, self.left, self, w, trade) - without
        taken = len(cargo) - sum(held) + sum(spare)  # of the cargo, the goods craftsmen take
        # the flat worth counts every good of the cargo as kept; one a craftsman takes
        # counts ``ship_goods_kept`` of that, besides what it adds to the craftsman
        brings = flat + craftsmen - good * (1.0 - w["ship_goods_kept"]) * taken
        return flat + part * (brings - flat)

    def share_to_come(self, s: State, seat: int, w: Mapping[str, float]) -> float:
        """The goods still to come to ``seat`` in position ``s`` (of the position this
        was worked out for, or another of its loading phase): its share of the ships in
        the deck (their contents are public, the order is not) and of those on offer.

        With ``craft_coin_share`` > 0 the shares follow what each seat can pay for
        ships, its coins now and the income of the rounds left (docs/rules/jorvik.md
        §3.4: 1 or 2 coins a round, one more in the Jarl game), rather than being
        alike: the coins are read from ``s`` (a loading turn changes them)."""
        if self.supply < 0.0:
            coming = sum(map(_CAPACITY.__getitem__, s.deck))
            coming += sum(len(s.cargo[c]) for c in s.slots if c >= 0)
            coming += sum(len(s.cargo[c]) for c in s.res_cards)
            self.supply = coming / s.n
            per_round = D.slots_per_row(s.n) * (2 if s.advanced else 1)
            self.ahead = len(s.deck) / per_round * (2.5 if s.advanced else 1.5)
        x = w["craft_coin_share"]
        if x == 0.0:
            return self.supply
        coins = s.coins
        total = sum(coins) + s.n * self.ahead
        if total <= 0.0:
            return self.supply
        mine = s.n * (coins[seat] + self.ahead) / total
        return self.supply * (1.0 + x * (mine - 1.0))

    def picts_to_come(self, s: State) -> list[int]:
        """The Pict attacks still in the deck of position ``s`` (as
        :meth:`share_to_come`), the next first (the deck contents are public)."""
        picts = self.picts
        if picts is None:
            is_pict = _IS_PICT
            picts = self.picts = [c for c in reversed(s.deck) if is_pict[c]]
        return picts


def _seat_value(s: State, seat: int, shared: _Shared, w: Mapping[str, float]) -> float:
    """``evaluate`` of a game in progress, given what every seat reads alike."""
    left = shared.left
    loading = s.loading[seat]
    owned = s.cards[seat] + loading
    # the loading area is scored too: it becomes the card area this round
    value = float(s.vp[seat] + sum(final_points(s, seat, owned)))
    held = _held_goods(s, seat)
    # incomplete craftsmen, each at its VP times the chance of finishing it
    # the exchange is counted for ships on offer only (worth_to): counted here too, the
    # cheap search bought craftsmen on the strength of spare goods it then did not
    # exchange (benchmarks/README.md, "Jórvík: three spare goods buy a missing one")
    value += _craftsmen_value(s, seat, owned, held, left, shared, w, 0.0)
    # the goods no craftsman was credited with, and coins
    value += w["good"] * sum(held)
    coin_late = w["coin_late"]
    value += s.coins[seat] * (coin_late + (w["coin_early"] - coin_late) * left)
    # Pict attacks still to come
    hi, lo = shared.hi, shared.lo
    if hi != lo:
        mine = shared.defs[seat]
        weight = w["pict_confidence"]
        later = w["pict_later"]
        if mine == hi:
            for c in shared.picts_to_come(s):
                value += weight * CARDS[c].gain
                weight = later
        elif mine == lo:
            for c in shared.picts_to_come(s):
                value -= weight * CARDS[c].loss
                weight = later
    # demand columns and reservations
    for owner, credit in shared.offers:
        if owner == seat:
            value += credit
    return value


def _held_goods(s: State, seat: int) -> list[int]:
    """The goods ``seat`` holds, counted by kind: stored, on the ships it bought this
    round, and in its pool while it loads."""
    if s.phase == PH_LOAD and s.actor == seat:
        pool = s.pool  # per kind: cubes without, then with the stored-this-turn flag
        held = [a + b for a, b in zip(pool[:8], pool[8:])]
        for g in s.buf:
            held[g] += 1
    else:
        held = [0] * 8
    if s.sboard[seat] >= 0:
        held[s.sboard[seat] & 7] += 1
    for x in s.swh[seat]:
        held[x & 7] += 1
    cargo = s.cargo
    for c in s.loading[seat]:
        for g in cargo[c]:
            held[g] += 1
    return held


def _unfilled(s: State, seat: int) -> bool:
    """Does ``seat`` own a craftsman (card or loading area) with a space still empty?"""
    fill = s.fill
    for area in (s.cards[seat], s.loading[seat]):
        for c in area:
            if KIND[c] == D.CRAFTSMAN and fill[c] != D.FULL_MASK[c]:
                return True
    return False


def _craftsmen_value(
    s: State,
    seat: int,
    owned: list[int],
    held: list[int],
    left: float,
    shared: _Shared,
    w: Mapping[str, float],
    exchange: float,
) -> float:
    """The incomplete craftsmen among ``owned``: each at VP x chance ** missing, where
    chance (per missing good) falls from ``craft_chance_early`` to ``craft_chance_late``
    as the deck runs out, and a missing good found in ``held`` counts as
    ``craft_in_hand`` of a good placed, and with ``exchange`` > 0 so does one the
    spare goods held can buy by the exchange from the common goods space
    (:func:`_exchanged`, crediting ``exchange`` of a good held). The nearest to
    completion are served first; the goods they use are taken out of ``held`` (not
    counted again as goods).

    The goods not held must still come: ``shared.share_to_come`` is the seat's
    share of the goods the ships left will bring (by what it can pay for ships, with
    ``craft_coin_share``: a seat that spends its coins loses the ships its craftsmen
    wait for), and each missing good costs
    ``craft_chance_goods`` of them (a silk, glass or gold ``craft_rare_goods`` times
    that: the bag holds a third as many of each); when they fall short of what the
    craftsmen need, the chance is cut in proportion (counting at least one good to
    come). So a craftsman is worth little to a seat with more craftsmen than goods in
    sight, late in the game, at a table where the ships are shared by many, or short
    of silk, glass or gold with few ships left (issue 38: seats bought craftsmen they
    could never fill and ended with no craftsman points).

    Why a power: finishing is what scores, so each good placed must be worth more
    than the one before (an empty craftsman is worth little late in the game, one
    good short much), and a good held for a craftsman must be worth more than a
    good kept for nothing, or placing it never pays."""
    fill = s.fill
    is_craftsman, full = _IS_CRAFTSMAN, D.FULL_MASK
    todo: list[tuple[int, int]] = []
    for c in owned:
        if is_craftsman[c]:
            f = fill[c]
            if f != full[c]:
                todo.append((len(NEEDS[c]) - f.bit_count(), c))
    if not todo:
        return 0.0
    todo.sort()
    covered_each: list[float] = []
    uncovered = 0.0  # goods of need not held, over all the craftsmen
    wanted: list[tuple[int, int]] = []  # (craftsman's place in todo, good) not held
    rare, is_rare = w["craft_rare_goods"], _IS_RARE
    for k, (_, c) in enumerate(todo):
        f = fill[c]
        covered = 0.0
        for i, g in enumerate(NEEDS[c]):
            if not (f >> i) & 1:
                if held[g]:
                    held[g] -= 1
                    covered += 1.0
                else:
                    uncovered += rare if is_rare[g] else 1.0
                    wanted.append((k, g))
        covered_each.append(covered)
    if wanted and exchange:
        uncovered -= _exchanged(s, owned, held, wanted, covered_each, exchange, w)
    late = w["craft_chance_late"]
    chance = late + (w["craft_chance_early"] - late) * left
    short = w["craft_chance_goods"] * uncovered
    # at least one good may still come (an exchange of goods the seat gets otherwise,
    # a theft): a good placed stays worth more than one kept, even with no ship left
    floor = max(shared.share_to_come(s, seat, w), 1.0)
    if short > floor:
        chance *= floor / short
    in_hand = w["craft_in_hand"]
    value = 0.0
    for (missing, c), covered in zip(todo, covered_each):
        value += VP[c] * chance ** (missing - in_hand * covered)
    return value


def _exchanged(
    s: State,
    owned: list[int],
    held: list[int],
    wanted: list[tuple[int, int]],
    covered_each: list[float],
    credit: float,
    w: Mapping[str, float],
) -> float:
    """Cover ``wanted`` goods (nearest craftsman first) by the exchange: the spare
    goods in ``held``, three for one (two for one with A20), buy a good the common
    goods space holds now (docs/rules/jorvik.md §3.4; the space fills all game, and
    only an exchange or a market stall takes from it). Each covered good adds
    ``credit`` to its craftsman's ``covered_each``, and the goods paid are taken out
    of ``held``; returns the goods of need so covered (as ``uncovered`` counts them)."""
    pay = D.EXCHANGE_A20_PAY if D.C_A20 in owned else D.EXCHANGE_PAY
    spare = sum(held)
    if spare < pay:
        return 0.0
    space = s.cgs
    taken = [0] * len(space)
    rare, is_rare = w["craft_rare_goods"], _IS_RARE
    need = 0.0
    for k, g in wanted:
        if spare < pay:
            break
        if space[g] > taken[g]:
            taken[g] += 1
            spare -= pay
            covered_each[k] += credit
            need += rare if is_rare[g] else 1.0
            for _ in range(pay):  # the goods paid: from the kinds held most
                held[held.index(max(held))] -= 1
    return need


def card_worth(s: State, c: int, left: float, good: float) -> float:
    """A rough VP worth of buying card c now (for the demand-column term)."""
    k = KIND[c]
    card = CARDS[c]
    if k == D.CRAFTSMAN:
        return card.vp * (0.15 + 0.4 * left)
    if k == D.SHIP:
        return good * len(s.cargo[c]) + 0.5
    if k == D.WARRIOR:
        return card.defence * (0.3 + 1.2 * left)
    if k == D.TRAVEL:
        return float(card.vp)
    if k == D.FEAST:
        return 3.5
    if k == D.TRADER:
        return 1.0 + 2.0 * left
    if k == D.SKALD:
        return 3.0
    return 1.5 + 2.0 * left


def loading(s: State) -> bool:
    """The ``settle`` search hint: is the decision a step of a loading turn (placing,
    storing, exchanging the goods of one seat's pool), which random play in a rollout
    turns into noise (issue 38: the tree search gave away goods its craftsmen asked
    for and left half the craftsmen it bought unfilled)?"""
    return s.phase == PH_LOAD


def turn_over(start: State, s: State) -> bool:
    """The ``horizon`` search hint (read where ``settle`` names the decision in
    ``start``): has the loading turn of ``start`` ended in ``s`` (the next seat's
    turn begun, or the phase over)? Both read only the public phase and turn."""
    return s.phase != PH_LOAD or s.lpos != start.lpos
