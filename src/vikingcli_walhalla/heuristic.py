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

Weights are rough; only differences between seats matter to search.
"""

from __future__ import annotations

from vikingcli_walhalla import data as D
from vikingcli_walhalla.board import N_HEADLANDS
from vikingcli_walhalla.scoring import headland_strengths, majority_points, reinforcement
from vikingcli_walhalla.state import (
    P_COMMIT,
    P_INVITE,
    P_OVER,
    P_SEATS,
    P_SEND,
    WalhallaState,
)

CARD_VALUE = 1.5  # a scoring card/Headland/Hunt is worth ~1-3 VP, a sale 1 viking
MIDGARD_VALUE = 0.6  # a Midgard viking: can land later or carry over to the next raid
ABOARD_VALUE = 1.6  # a viking on the galley now: about to land (forest/shrine/majority)
HEADLAND_WEIGHT = 0.8  # the current majority may still change before the raid ends
REINFORCE_VALUE = 0.25  # VP per extra reinforcement viking for the next raid


def evaluate(s: WalhallaState, seat: int) -> float:
    if s.phase == P_OVER:
        return float(s.score[seat])
    n = s.n
    r = s.raid
    value = float(s.score[seat])
    bonus = [[0] * N_HEADLANDS for _ in range(n)]
    for t, h in s.commits[seat]:
        if t == D.C_HEADLAND:
            bonus[seat][h] += 2
    strengths = headland_strengths(s, bonus)
    for h in range(N_HEADLANDS):
        inner, outer = s.capes[h]
        value += HEADLAND_WEIGHT * majority_points(strengths[h], inner, outer)[seat]
    wheat = 0
    on_board = 0
    cats = [0, 0, 0, 0]  # own spaces per scoring-card category
    for sp, o in enumerate(s.occ):
        if o == seat:
            on_board += 1
            st = s.stype[sp]
            cats[D.SPACE_CATEGORY[st]] += 1
            if st == D.W:
                wheat += 1
    value += wheat * sum(range(r, D.N_RAIDS + 1))
    value += on_board if r == D.N_RAIDS else wheat
    value += (1.0 if r == D.N_RAIDS else 0.5) * majority_points(
        s.walhalla, D.WALHALLA_SECOND, D.WALHALLA_FIRST
    )[seat]
    # Face-down cards are worth what they will do; cards kept in hand are worth a later
    # use, except at the last reveal, after which they are dead.
    wal_bonus = [0] * n
    for t, _ in s.commits[seat]:
        if t <= D.C_VILLAGE:
            value += cats[t]
        elif t == D.C_WALHALLA:
            wal_bonus[seat] += 2
    if r < D.N_RAIDS:
        gets = reinforcement([w + b for w, b in zip(s.walhalla, wal_bonus)], [99] * n)
        value += REINFORCE_VALUE * (gets[seat] - min(gets))
    if not (r == D.N_RAIDS and s.phase == P_COMMIT):
        value += CARD_VALUE * sum(s.hands[seat])
    if s.gdeck or r < D.N_RAIDS:
        value += MIDGARD_VALUE * s.midgard[seat]
    aboard = sum(1 for o in s.seats if o == seat) if s.phase in (P_INVITE, P_SEATS, P_SEND) else 0
    aboard += sum(1 for _, _, o in s.queue if o == seat)
    value += ABOARD_VALUE * aboard
    return value
