"""Property test over 500+ random games: vikings and cards accounted for, one viking
per space, and the score only ever changed by a rule of the spec."""

from __future__ import annotations

import random

from tests.walhalla.helpers import GAME
from vikingcli.engine import IllegalAction
from vikingcli_walhalla import data as D
from vikingcli_walhalla import rules
from vikingcli_walhalla.scoring import ceil_div, majority_points
from vikingcli_walhalla.state import (
    ATTACK,
    BOARD,
    DONE,
    HUNT,
    JOIN,
    LAND,
    LOSE,
    MOOR,
    PH_INVITE,
    PH_OVER,
    PH_SEATS,
    PH_SEND,
    State,
)

N_GAMES = 520
CONFIGS = [
    (4, {"headlands": "6,6,6", "fixed_orientation": "no"}),
    (3, {"headlands": "6,6,6", "fixed_orientation": "no"}),
    (4, {"headlands": "5,6,7", "fixed_orientation": "no"}),
    (3, {"headlands": "8,5,5", "fixed_orientation": "yes"}),
]


def check_invariants(s: State) -> None:
    n = s.n
    # 14 vikings per colour: Midgard, Asgard, Walhalla, board, galley.
    # (With 3 players the unused colour's 14 never enter the state: out of the game.)
    count = [s.midgard[p] + s.asgard[p] + s.walhalla[p] for p in range(n)]
    assert min(s.midgard) >= 0 and min(s.asgard) >= 0 and min(s.walhalla) >= 0
    for o in s.occ:
        if o >= 0:
            count[o] += 1  # an IndexError here would be a colour not in play
    if s.phase in (PH_INVITE, PH_SEATS, PH_SEND):
        for o in s.seats:
            if o >= 0:
                count[o] += 1
    else:
        for _, _, o in s.queue:
            count[o] += 1
    assert count == [D.VIKINGS_PER_COLOUR] * n
    assert min(s.occ) >= -1
    # One space holds at most one viking: occ is one slot per space.
    assert len(s.occ) == s.board.n_spaces
    # 32 action cards: deck, hands, discard, face-down commitments.
    cards = s.discard[:]
    for t in s.deck:
        cards[t] += 1
    for h in s.hands:
        assert min(h) >= 0
        for t in range(D.N_CARD_TYPES):
            cards[t] += h[t]
    for c in s.commits:
        for t, _ in c:
            cards[t] += 1
    assert tuple(cards) == D.CARD_COUNTS
    # 12 galleys: moored, in the deck, or drawn and not yet moored; berths all legal.
    in_hand = 1 if s.phase in (PH_INVITE, PH_SEATS, PH_SEND) else 0
    assert sum(len(f) for f in s.fjords) + len(s.gdeck) + in_hand == D.N_GALLEYS
    for f, moored in enumerate(s.fjords):
        assert len(moored) <= s.board.max_berths[f]


def allowed_majority_values(inner: int, outer: int) -> set[int]:
    vals = {0, outer}
    for k in range(1, 5):
        vals.add(ceil_div(inner, k))
        vals.add(ceil_div(inner + outer, k))
    return vals


def check_step(pre: State, a: tuple, post: State) -> None:
    """The score changes only by: card sales, forest VP (Hunt), and the scorings."""
    n = pre.n
    mover = rules.to_move(pre)
    kind = a[0]
    sale = [0] * n
    if kind == BOARD:
        sale[mover] = -len(a[2])
    elif kind == JOIN and a[1] >= 0:
        sale[mover] = -1
    assert [post.sale_vp[p] - pre.sale_vp[p] for p in range(n)] == sale

    forest = [0] * n
    if kind == HUNT:
        v = D.FOREST_VP[pre.stype[pre.target]]
        forest[mover] = v * (2 if a[1] else 1)
    elif kind in (LAND, ATTACK, LOSE):
        space = pre.target if kind == LOSE else a[1]
        occupier = pre.attacker if kind == LOSE else mover
        if kind == LAND:
            assert pre.occ[space] == -1  # landing only on an empty space
        elif kind == ATTACK:
            assert pre.occ[space] not in (-1, mover)  # never attack one's own viking
        takes = kind != ATTACK or a[2] == 1
        if takes and D.FOREST_VP[pre.stype[space]]:
            # ruling C6: every forest occupier is asked about Hunt; nothing scored yet
            assert rules.to_move(post) == occupier and post.target == space
    assert [post.forest_vp[p] - pre.forest_vp[p] for p in range(n)] == forest

    assert post.ledger[: len(pre.ledger)] == pre.ledger
    new = post.ledger[len(pre.ledger) :]
    scored = [0] * n
    for label, pts in new:
        parts = label.split()
        if parts[0] == "raid":
            r = int(parts[1])
            what = parts[2]
            if what == "wheat":
                wheat = [0] * n
                for sp, o in enumerate(post.occ):
                    if o >= 0 and post.stype[sp] == D.W:
                        wheat[o] += 1
                assert list(pts) == [r * w for w in wheat]
            elif what == "cards":
                assert all(x >= 0 for x in pts)
            else:
                h = int(what[1]) - 1
                inner, outer = post.capes[h]
                assert set(pts) <= allowed_majority_values(inner, outer)
        elif label == "final occupation":
            on = [0] * n
            for o in post.occ:
                if o >= 0:
                    on[o] += 1
            assert list(pts) == on
        elif label == "final walhalla":
            assert list(pts) == majority_points(post.walhalla, 4, 6)
        else:
            raise AssertionError(f"unknown scoring {label!r}")
        for p in range(n):
            scored[p] += pts[p]
    for p in range(n):
        assert post.vp[p] - pre.vp[p] == sale[p] + forest[p] + scored[p]


def test_random_games_keep_the_invariants() -> None:
    finished = 0
    for i in range(N_GAMES):
        n, opts = CONFIGS[i % len(CONFIGS)]
        rng = random.Random(i)
        s = GAME.new_state(n, opts, i)
        check_invariants(s)
        while rules.to_move(s) is not None:
            acts = rules.legal_actions(s)
            a = acts[rng.randrange(len(acts))]
            pre = s.clone()
            rules.apply_legal(s, a)
            check_invariants(s)
            check_step(pre, a, s)
        assert s.phase == PH_OVER and s.raid == 3
        out = GAME.outcome(s)
        total = [0] * n
        for key, pts in out.breakdown.items():
            if key != "total":
                total = [x + y for x, y in zip(total, pts)]
        assert total == s.vp
        finished += 1
    assert finished == N_GAMES


def test_apply_accepts_exactly_the_listed_actions() -> None:
    """apply accepts exactly the listed actions and rejects near misses untouched."""
    for i in range(32):
        n, opts = CONFIGS[i % len(CONFIGS)]
        rng = random.Random(1000 + i)
        s = GAME.new_state(n, opts, 1000 + i)
        while rules.to_move(s) is not None:
            legal = GAME.legal_actions(s)
            cands = set(legal)
            for sp in range(s.board.n_spaces):
                cands.update({(LAND, sp), (ATTACK, sp, 0), (ATTACK, sp, 1)})
            for f in range(-1, 5):
                cands.update({(MOOR, f, 0), (MOOR, f, 1), (MOOR, f, 2)})
            cands.update({(LAND, -1), (LAND, 999), (HUNT, 1), (LOSE,), (DONE,)})
            before = s.to_json()
            for c in cands:
                if c in legal:
                    GAME.apply(s.clone(), c)
                    continue
                try:
                    GAME.apply(s, c)
                except IllegalAction:
                    continue
                raise AssertionError(f"apply accepted {c!r}, which is not listed")
            assert s.to_json() == before
            GAME.apply_legal(s, legal[rng.randrange(len(legal))])
