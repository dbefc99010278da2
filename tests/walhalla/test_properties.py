"""Property test over 500+ random games: vikings and cards accounted for, one viking
per space, and the score only ever changed by a rule of the spec."""

from __future__ import annotations

import random

from tests.walhalla._build import GAME
from vikingcli_walhalla import data as D
from vikingcli_walhalla import rules as R
from vikingcli_walhalla.state import P_INVITE, P_OVER, P_SEATS, P_SEND, WalhallaState

N_GAMES = 520
CONFIGS = [
    (4, {"headlands": "6,6,6", "fixed_orientation": "no"}),
    (3, {"headlands": "6,6,6", "fixed_orientation": "no"}),
    (4, {"headlands": "5,6,7", "fixed_orientation": "no"}),
    (3, {"headlands": "8,5,5", "fixed_orientation": "yes"}),
]


def check_invariants(s: WalhallaState) -> None:
    n = s.n
    # 14 vikings per colour: Midgard, Asgard, Walhalla, board, galley.
    # (With 3 players the unused colour's 14 never enter the state: out of the game.)
    count = [s.midgard[p] + s.asgard[p] + s.walhalla[p] for p in range(n)]
    assert min(s.midgard) >= 0 and min(s.asgard) >= 0 and min(s.walhalla) >= 0
    for o in s.occ:
        if o >= 0:
            count[o] += 1  # an IndexError here would be a colour not in play
    if s.phase in (P_INVITE, P_SEATS, P_SEND):
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
    in_hand = 1 if s.phase in (P_INVITE, P_SEATS, P_SEND) else 0
    assert sum(len(f) for f in s.fjords) + len(s.gdeck) + in_hand == D.N_GALLEYS
    for f, moored in enumerate(s.fjords):
        assert len(moored) <= s.board.max_berths[f]


def allowed_majority_values(inner: int, outer: int) -> set[int]:
    vals = {0, outer}
    for k in range(1, 5):
        vals.add(R.ceil_div(inner, k))
        vals.add(R.ceil_div(inner + outer, k))
    return vals


def check_step(pre: WalhallaState, a: tuple, post: WalhallaState) -> None:
    """The score changes only by: card sales, forest VP (Hunt), and the scorings."""
    n = pre.n
    mover = R._to_move(pre)
    kind = a[0]
    sale = [0] * n
    if kind == R.BOARD:
        sale[mover] = -len(a[2])
    elif kind == R.JOIN and a[1] >= 0:
        sale[mover] = -1
    assert [post.sale_vp[p] - pre.sale_vp[p] for p in range(n)] == sale

    forest = [0] * n
    if kind == R.HUNT:
        v = D.FOREST_VP[pre.stype[pre.target]]
        forest[mover] = v * (2 if a[1] else 1)
    elif kind in (R.LAND, R.ATTACK, R.LOSE):
        space = pre.target if kind == R.LOSE else a[1]
        occupier = pre.attacker if kind == R.LOSE else mover
        if kind == R.LAND:
            assert pre.occ[space] == -1  # landing only on an empty space
        elif kind == R.ATTACK:
            assert pre.occ[space] not in (-1, mover)  # never attack one's own viking
        takes = kind != R.ATTACK or a[2] == 1
        st = pre.stype[space]
        if takes and D.FOREST_VP[st] and not pre.hands[occupier][D.C_HUNT]:
            forest[occupier] = D.FOREST_VP[st]
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
            assert list(pts) == R.majority_points(post.walhalla, 4, 6)
        else:
            raise AssertionError(f"unknown scoring {label!r}")
        for p in range(n):
            scored[p] += pts[p]
    for p in range(n):
        assert post.score[p] - pre.score[p] == sale[p] + forest[p] + scored[p]


def test_random_games_keep_the_invariants() -> None:
    finished = 0
    for i in range(N_GAMES):
        n, opts = CONFIGS[i % len(CONFIGS)]
        rng = random.Random(i)
        s = GAME.new_state(n, opts, i)
        check_invariants(s)
        while R._to_move(s) is not None:
            acts = R._legal(s)
            a = acts[rng.randrange(len(acts))]
            pre = s.clone()
            R._apply(s, a)
            check_invariants(s)
            check_step(pre, a, s)
        assert s.phase == P_OVER and s.raid == 3
        out = GAME.outcome(s)
        total = [0] * n
        for key, pts in out.breakdown.items():
            if key != "total":
                total = [x + y for x, y in zip(total, pts)]
        assert total == s.score
        finished += 1
    assert finished == N_GAMES


def test_fast_legality_check_agrees_with_the_legal_list() -> None:
    """apply's structural check (_is_legal) accepts exactly the listed actions."""
    for i in range(32):
        n, opts = CONFIGS[i % len(CONFIGS)]
        rng = random.Random(1000 + i)
        s = GAME.new_state(n, opts, 1000 + i)
        while R._to_move(s) is not None:
            legal = R._legal(s)
            cands = set(legal)
            for sp in range(s.board.n_spaces):
                cands.update({(R.LAND, sp), (R.ATTACK, sp, 0), (R.ATTACK, sp, 1)})
            for f in range(-1, 5):
                cands.update({(R.MOOR, f, 0), (R.MOOR, f, 1), (R.MOOR, f, 2)})
            cands.update({(R.LAND, -1), (R.LAND, 999), (R.HUNT, 1), (R.LOSE,), (R.DONE,)})
            for c in cands:
                assert R._is_legal(s, c) == (c in legal), c
            R._apply(s, legal[rng.randrange(len(legal))])
