"""evaluate(): a projected final score in VP for one seat.

Current VP plus what the position is likely still to bring:

* headland majorities at stake in this raid's scoring (current strengths; the
  seat's own face-down Headland +2 cards count, others' are unknown);
* wheat income still to come (wheat vikings stay: r + ... + 3 VP each) and their
  +1 occupation point at the end;
* the Walhalla standing: the final 6/4 majority, and in raids 1-2 the
  reinforcement it buys;
* cards in hand (any card is worth about one sale or one scoring), vikings in
  Midgard that can still land.

Weights (:data:`WEIGHTS`) are rough; only differences between seats matter to search.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from vikingcli_walhalla import data as D
from vikingcli_walhalla.board import N_HEADLANDS
from vikingcli_walhalla.scoring import headland_strengths, majority_points, reinforcement
from vikingcli_walhalla.state import (
    PH_COMMIT,
    PH_INVITE,
    PH_OVER,
    PH_SEATS,
    PH_SEND,
    State,
)

WEIGHTS: Final[Mapping[str, float]] = {
    # a scoring card/Headland/Hunt is worth ~1-3 VP, a sale 1 viking
    "card": 1.5,
    # a Midgard viking: can land later or carry over to the next raid
    "midgard": 0.6,
    # a viking on the galley now: about to land (forest/shrine/majority)
    "aboard": 1.6,
    # the current majority may still change before the raid ends
    "headland": 0.8,
    # VP per extra reinforcement viking for the next raid
    "reinforce": 0.25,
}
"""The weights of :func:`evaluate` (the game's ``weights``, tuned by ``vikingcli tune``;
benchmarks/README.md, "Tuned weights")."""


_NO_CARDS = ((0,) * N_HEADLANDS,) * 8  # no Headland +2 card, for any table size


class _Shared:
    """What every seat's value reads alike, worked out once per state: per headland its
    strengths without face-down cards and their points, the Walhalla points and
    reinforcement, and per seat its spaces, wheat, space categories and galley places."""

    __slots__ = ("aboard", "cats", "gets", "headlands", "on_board", "walhalla", "wheat")

    def __init__(self, s: State) -> None:
        n = s.n
        self.headlands = [
            (st, majority_points(st, *s.capes[h]))
            for h, st in enumerate(headland_strengths(s, _NO_CARDS))
        ]
        self.walhalla = majority_points(s.walhalla, D.WALHALLA_SECOND, D.WALHALLA_FIRST)
        self.gets = reinforcement(s.walhalla, [99] * n) if s.raid < D.N_RAIDS else []
        wheat = [0] * n
        on_board = [0] * n
        cats = [[0, 0, 0, 0] for _ in range(n)]  # spaces per scoring-card category
        stype = s.stype
        for sp, o in enumerate(s.occ):
            if o >= 0:
                on_board[o] += 1
                st = stype[sp]
                cats[o][D.SPACE_CATEGORY[st]] += 1
                if st == D.W:
                    wheat[o] += 1
        self.wheat, self.on_board, self.cats = wheat, on_board, cats
        aboard = [0] * n
        if s.phase in (PH_INVITE, PH_SEATS, PH_SEND):
            for o in s.seats:
                if o >= 0:
                    aboard[o] += 1
        for _, _, o in s.queue:
            if o >= 0:
                aboard[o] += 1
        self.aboard = aboard


def evaluate(s: State, seat: int, w: Mapping[str, float] = WEIGHTS) -> float:
    if s.phase == PH_OVER:
        return float(s.vp[seat])
    return _seat_value(s, seat, _Shared(s), w)


def evaluate_all(s: State, w: Mapping[str, float] = WEIGHTS) -> list[float]:
    """``evaluate`` of every seat, what they read alike (:class:`_Shared`) worked out once."""
    if s.phase == PH_OVER:
        return [float(x) for x in s.vp]
    shared = _Shared(s)
    return [_seat_value(s, seat, shared, w) for seat in range(s.n)]


def _seat_value(s: State, seat: int, shared: _Shared, w: Mapping[str, float]) -> float:
    """``evaluate`` of a game in progress. Only the seat's own face-down cards (a
    Headland +2 or a Walhalla +2 they add) make its majorities differ from the shared ones."""
    n = s.n
    r = s.raid
    value = float(s.vp[seat])
    bonus = [0] * N_HEADLANDS
    for t, h in s.commits[seat]:
        if t == D.C_HEADLAND:
            bonus[h] += 2
    for h, (strengths, points) in enumerate(shared.headlands):
        if bonus[h]:
            strengths = strengths[:]
            strengths[seat] += bonus[h]
            points = majority_points(strengths, *s.capes[h])
        value += w["headland"] * points[seat]
    wheat = shared.wheat[seat]
    value += wheat * sum(range(r, D.N_RAIDS + 1))
    value += shared.on_board[seat] if r == D.N_RAIDS else wheat
    value += (1.0 if r == D.N_RAIDS else 0.5) * shared.walhalla[seat]
    # Face-down cards are worth what they will do; cards kept in hand are worth a later
    # use, except at the last reveal, after which they are dead.
    cats = shared.cats[seat]
    wal_bonus = 0
    for t, _ in s.commits[seat]:
        if t <= D.C_VILLAGE:
            value += cats[t]
        elif t == D.C_WALHALLA:
            wal_bonus += 2
    if r < D.N_RAIDS:
        gets = shared.gets
        if wal_bonus:
            wal = s.walhalla[:]
            wal[seat] += wal_bonus
            gets = reinforcement(wal, [99] * n)
        value += w["reinforce"] * (gets[seat] - min(gets))
    if not (r == D.N_RAIDS and s.phase == PH_COMMIT):
        value += w["card"] * sum(s.hands[seat])
    if s.gdeck or r < D.N_RAIDS:
        value += w["midgard"] * s.midgard[seat]
    value += w["aboard"] * shared.aboard[seat]
    return value
