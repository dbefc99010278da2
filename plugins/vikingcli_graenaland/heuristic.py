"""Heuristic evaluation: a projected final score in the game's own units
(conditions met in the basic game, VP with victory cards).

Parts, all for the evaluated seat:

* progress toward each condition / card column (levels reached, plus linear partial
  credit toward the next level), counting a build being paid as already built;
* a winner bonus once the seat has won (the final builds may still be running);
* hand value: a resource card is worth less than the progress it buys, so that
  building is preferred to hoarding;
* vote strength where resources lie: the seat's vote share of those cards;
* an offer being built or voted on: the cards allocated to the seat (minus a little
  for cards going to rivals), weighted by whether the likely yes-votes (recipients and
  votes already cast) make a strict majority.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from vikingcli_graenaland import data as D
from vikingcli_graenaland.rules.common import A_NO, cards_at, hres
from vikingcli_graenaland.rules.votes import votes_all
from vikingcli_graenaland.scoring import measures, own_settlements, score_of
from vikingcli_graenaland.state import (
    K_ARMY,
    K_BUILDING,
    K_VILLAGE,
    PH_ALLOC,
    PH_BUILD,
    PH_CLAIM,
    PH_CONTRIB,
    PH_FEE,
    PH_HERO,
    PH_JOINT,
    PH_MOVE,
    PH_OFFER,
    PH_OVER,
    PH_PAY,
    PH_VOTE,
    STAY,
    State,
)

WEIGHTS: Final[Mapping[str, float]] = {
    # one resource card in hand, in conditions (a card is worth less than the
    # progress it buys, so that building is preferred to hoarding)
    "card": 0.02,
    # a gold card in hand
    "gold": 0.03,
    # a supply card in hand
    "supply": 0.04,
    # having won (the final builds may still be running)
    "win_bonus": 3.0,
    # the chance given to an offer whose likely yes-votes make no majority
    "unlikely_pass": 0.15,
    # what a card allocated to a rival costs, against one allocated to oneself
    "rival_card": 0.5,
    # a card lying in a province, per card, times the seat's vote share there
    "lying_card": 0.5,
}
"""The weights of :func:`evaluate` (the game's ``weights``, tuned by ``vikingcli tune``;
benchmarks/README.md, "Tuned weights")."""


def _progress(value: int, thresholds: tuple[int, ...]) -> float:
    """Levels reached plus linear credit toward the next level."""
    got = 0
    prev = 0
    for t in thresholds:
        if value >= t:
            got += 1
            prev = t
        else:
            return got + max(0, value - prev) / max(1, t - prev)
    return float(got)


def _sheet_progress(m: tuple[int, int, int, int, int], card: int, n: int) -> float:
    """Progress over the five columns of victory card ``card`` (-1: the basic sheet)
    at ``n`` players for measures ``m`` (cached in :data:`_SHEETS`)."""
    if card >= 0:
        th = D.victory_card_thresholds(card, n)
        return sum([_progress(m[c], th[c]) for c in range(5)])
    bt = D.V_BUILDINGS_3P if n == 3 else D.V_BUILDINGS
    thr = (D.V_SETTLEMENTS, D.V_PROVINCES2, D.V_DOMINATED, bt, D.V_ARMY)
    return sum([_progress(m[c], (thr[c],)) for c in range(5)])


_SheetKey = tuple[tuple[int, int, int, int, int], int, int]
_SHEETS: Final[dict[_SheetKey, float]] = {}
""":func:`_sheet_progress` by its arguments: every seat at every search cut-off asks
it, and the measures of a game take few values. A dict read where it is asked, not
``functools.lru_cache``: the compiled build calls an lru_cache wrapper through
Python's protocol. Emptied when full (the values never change, only memory)."""
_SHEETS_MAX: Final = 4096


def _pending_measures(st: State, seat: int) -> tuple[int, int, int, int, int]:
    """Measures with a build being paid counted as done."""
    S, P, Dm, B, A = measures(st, seat)
    if st.phase in (PH_PAY, PH_FEE) and st.actor == seat:
        k = st.pend_kind
        if k == K_ARMY:
            A += 1
        elif k in (K_VILLAGE, K_BUILDING):
            own = own_settlements(st, seat, st.pend_p) + 1
            S += 1
            if own == 2:
                P += 1
            Dm = max(Dm, own)
            if k == K_BUILDING:
                B += 1
    return (S, P, Dm, B, A)


# The offer being allocated or voted on, as every seat sees it: (votes, their total,
# cards allocated per seat, pass weight, cards allocated, cards not yet allocated).
_Offer = tuple[list[int], int, list[int], float, int, int]


def _offer_shared(st: State, w: Mapping[str, float]) -> _Offer:
    p = st.offer_x
    v = votes_all(st, p)
    total = sum(v)
    got = [0] * st.n
    for who in st.oalloc:
        got[who] += 1
    offerer = st.actor if st.phase == PH_ALLOC else st.voters[0]
    if st.phase == PH_VOTE:
        yes = st.yes
        for o in st.voters[st.vidx :]:
            if got[o] or o == offerer:
                yes += v[o]
    else:
        yes = sum(v[o] for o in range(st.n) if got[o] or o == offerer)
    likely = 2 * yes > total
    pp = 1.0 if likely else w["unlikely_pass"]
    rest = len(st.ocls) - len(st.oalloc)  # cards not yet allocated: a vote share of them
    return v, total, got, pp, sum(got), rest


def _offer_value(st: State, seat: int, offer: _Offer, w: Mapping[str, float]) -> float:
    """Expected value for ``seat`` of the offer being allocated or voted on."""
    v, total, got, pp, allocated, rest = offer
    mine = got[seat]
    rivals = allocated - mine
    share = v[seat] / total if total else 0.0
    card = w["card"]
    return pp * card * (mine + share * rest) - w["rival_card"] * pp * card * rivals / max(
        1, st.n - 1
    )


# Per province holding cards, in board order: (province, its worth per vote share, votes,
# their total); the same for every seat but a seat's own committed hero move.
_CardVotes = list[tuple[int, float, list[int], int]]
_NO_VOTES: list[int] = []


def _card_votes(st: State, w: Mapping[str, float]) -> _CardVotes:
    lying = w["card"] * w["lying_card"]
    out = []
    for p in range(st.board.np):
        c = cards_at(st, p)
        if c:
            v = votes_all(st, p)
            tot = 0
            for x in v:  # not sum(v): a generic call when compiled
                tot += x
            out.append((p, lying * c, v, tot))
    return out


def _seat_value(
    st: State,
    seat: int,
    card_votes: _CardVotes,
    offer: _Offer | None,
    w: Mapping[str, float],
) -> float:
    """``evaluate`` of a live game from the shared parts (:func:`_card_votes`, and
    :func:`_offer_shared` while an offer is allocated or voted on)."""
    m = _pending_measures(st, seat)
    card = st.vc[seat] if st.cards else -1
    key = (m, card, st.n)
    cached = _SHEETS.get(key)
    if cached is None:
        if len(_SHEETS) >= _SHEETS_MAX:
            _SHEETS.clear()
        cached = _SHEETS[key] = _sheet_progress(m, card, st.n)
    val = cached
    if st.winner == seat:
        val += w["win_bonus"]
    elif st.phase == PH_CLAIM and st.ccommit[seat] >= D.VP_TO_WIN:
        val += 0.8 * w["win_bonus"]  # a valid claim wins unless a better or closer one comes
    res = hres(st.hand[seat])
    per_card = w["card"]
    # written out, not sum(res[:4]): a slice and a generic call when compiled
    val += per_card * (res[0] + res[1] + res[2] + res[3]) + w["gold"] * res[4]
    val += w["supply"] * len(st.shand[seat])
    if st.phase in (PH_PAY, PH_FEE) and st.actor == seat:
        val -= per_card * (sum(st.req) + len(st.fee))  # those cards are as good as spent
    # a committed (still hidden) hero move of this seat counts as made: it changes
    # the votes of the two provinces it leaves and enters only
    old = dest = -1
    v_old = v_dest = _NO_VOTES
    if st.phase == PH_MOVE:
        c = st.mcommit[seat]
        if 0 <= c < STAY:
            h = c >> 3  # c // 8 and c % 8 (c >= 0): divmod is a generic call when compiled
            d = c & 7
            hero = st.hero
            old = hero[seat * 3 + h]
            dest = st.board.move[old][d] if old >= 0 else -1
            if dest >= 0 and dest not in hero[seat * 3 : seat * 3 + 3]:
                hero[seat * 3 + h] = dest
                v_old, v_dest = votes_all(st, old), votes_all(st, dest)
                hero[seat * 3 + h] = old  # evaluate leaves the state as it found it
            else:
                old = dest = -1
    for p, worth, v, tot in card_votes:
        if p == old:
            v = v_old
            tot = sum(v)
        elif p == dest:
            v = v_dest
            tot = sum(v)
        if tot and v[seat]:
            val += worth * v[seat] / tot
    if offer is not None:
        val += _offer_value(st, seat, offer, w)
    return val


def evaluate(st: State, seat: int, w: Mapping[str, float] = WEIGHTS) -> float:
    if st.phase == PH_OVER:
        return score_of(st, seat) + (w["win_bonus"] if st.winner == seat else 0.0)
    offer = _offer_shared(st, w) if st.phase in (PH_ALLOC, PH_VOTE) else None
    return _seat_value(st, seat, _card_votes(st, w), offer, w)


def evaluate_all(st: State, w: Mapping[str, float] = WEIGHTS) -> list[float]:
    """``evaluate`` of every seat, the work they share (votes where cards lie, the
    offer's vote count) done once."""
    if st.phase == PH_OVER:
        return [evaluate(st, seat, w) for seat in range(st.n)]
    offer = _offer_shared(st, w) if st.phase in (PH_ALLOC, PH_VOTE) else None
    card_votes = _card_votes(st, w)
    return [_seat_value(st, seat, card_votes, offer, w) for seat in range(st.n)]


SHAPE_REST: Final = 0.3
"""What the flat search counts of the two conditions furthest from being met, per
unit of progress (``evaluate`` counts 1): :func:`search_shape`."""
SHAPE_RIVAL: Final[Mapping[int, float]] = {3: 0.5, 4: 1.0, 5: 0.5}
"""What the flat search takes off per unit of the best other seat's ``evaluate``, by
table size (:func:`search_shape`). All of it at 4 seats: there the games the search
lost were mostly races a rival won first while the searching seat still lacked one or
two conditions, and the full weight measured better than half on tuning deals; at 5
seats it measured worse, so 3 and 5 seats keep half (benchmarks/README.md,
"Graenaland: issue 38, second pass" and "third pass")."""
_SHAPES: Final[dict[tuple[tuple[int, int, int, int, int], int], float]] = {}
""":func:`search_shape`'s own part by measures and table size (few values; as
:data:`_SHEETS`)."""


def search_shape(st: State, seat: int) -> float:
    """The ``shape`` search hint, two corrections to ``evaluate`` of ``seat``:

    * ``evaluate`` counts progress on all five conditions alike, but the lead wins
      with three met, so progress on a fourth or fifth is worth little until then (two
      conditions met and three half-way evaluate 3.5, as much as three met and the
      rest nowhere, which wins). The search takes off all but SHAPE_REST of the
      progress on the two conditions furthest from being met (not once the game is
      over, nor with victory cards: their columns score VP, all counting).
    * only one seat wins, and ``evaluate`` of one seat does not see a rival about to
      win first: the search takes off SHAPE_RIVAL (all at 4 seats, half at 3 and 5)
      of the best other seat's ``evaluate``, so a rollout that lifts the seat and a
      rival alike is worth less than one that lifts the seat alone (with three or
      four rivals racing, the one nearest to winning is what a seat must hold back).

    Only the search's own judgement changes: greedy play, and the search's model of
    the greedy seats, keep ``evaluate``. Measured: benchmarks/README.md, "Graenaland:
    issue 38, second pass" and "third pass". Reads what ``evaluate`` reads, of every
    seat (the search asks it of its determinizations only)."""
    values = evaluate_all(st)
    rival = SHAPE_RIVAL[st.n] * max([v for other, v in enumerate(values) if other != seat])
    if st.phase == PH_OVER or st.cards:
        return -rival
    m = _pending_measures(st, seat)
    key = (m, st.n)
    cached = _SHAPES.get(key)
    if cached is None:
        if len(_SHAPES) >= _SHEETS_MAX:
            _SHAPES.clear()
        bt = D.V_BUILDINGS_3P if st.n == 3 else D.V_BUILDINGS
        thr = (D.V_SETTLEMENTS, D.V_PROVINCES2, D.V_DOMINATED, bt, D.V_ARMY)
        progress = sorted([_progress(m[c], (thr[c],)) for c in range(5)])
        cached = _SHAPES[key] = (SHAPE_REST - 1.0) * (progress[0] + progress[1])
    return cached - rival


def undoes(st: State, a: Any) -> bool:
    """The ``undoes`` search hint: is this the offerer voting against its own offer?
    The offerer votes first (spec §4 Phase 3); a one-ply player can find its offer
    worth less once made (the cards it gave away to win votes), but rejecting it
    only wastes the one offer of its round. Reads public fields only."""
    return st.phase == PH_VOTE and st.vidx == 0 and a == A_NO


# -- search horizon (the ``mcts`` player's flat search, vikingcli_ai/flat.py) ----------

_OFFERS = (PH_OFFER, PH_ALLOC, PH_VOTE)
_BUILDS = (PH_BUILD, PH_FEE, PH_PAY, PH_HERO, PH_CONTRIB, PH_JOINT)


def search_horizon(start: State, st: State) -> bool:
    """Has play from ``start`` finished the chain its decision belongs to?

    * a hero move: the end of the round's offers (the move pays off in votes there);
    * an offer, an allocation or a vote: that offer resolved (the next offerer's turn);
    * anything in a build phase (payments, fees, joint works, heroes): the end of the
      build phase, so a build is judged by the builds it leaves possible;
    * anything else (draft, victory cards, claims): one ply.

    Reads only public fields (phase, round, offer index)."""
    ph = st.phase
    if ph == PH_OVER or st.round != start.round:
        return True
    ph0 = start.phase
    if ph0 == PH_MOVE:
        return ph != PH_MOVE and ph not in _OFFERS
    if ph0 in _OFFERS:
        return ph not in _OFFERS or st.oidx != start.oidx
    # a build chain ends with the round (or the game): the checks above
    return ph0 not in _BUILDS


_DEEPENS = (PH_MOVE, *_OFFERS)  # a hero move and the round's offers it leads into


def search_deepens(st: State) -> bool:
    """Does a flat search with more than the default budget, without the look-ahead at
    its own moves (``mcts:nest=0``; with it, every decision looks ahead), look through
    a second chain from this decision? Hero moves, offers, allocations and votes: yes (what
    they win is cards, and the build phase after decides what the cards are worth);
    builds, payments and the rest: no (their chain already ends with the build
    phase, and greedy play through the next round mostly added noise). Measured:
    benchmarks/README.md, "Graenaland: more thinking". Reads only the phase."""
    return st.phase in _DEEPENS
