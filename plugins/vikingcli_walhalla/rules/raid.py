"""The turn loop and the end of a raid: draw a galley or end the raid, reveal the
face-down cards, score, clear, reinforce (docs/rules/walhalla.md §4.0-4.1,
§4.7-4.10, §5)."""

from __future__ import annotations

from vikingcli_walhalla import data as D
from vikingcli_walhalla.board import N_FJORDS, N_HEADLANDS
from vikingcli_walhalla.rules.cards import shuffle
from vikingcli_walhalla.scoring import (
    count_category,
    headland_strengths,
    majority_points,
    on_board,
    reinforcement,
    score,
)
from vikingcli_walhalla.state import (
    E_CARD,
    E_CLEAR,
    E_DEPART,
    E_GALLEY,
    E_NEW_RAID,
    E_OVER,
    E_RAID_END,
    E_REINFORCE,
    E_REVEAL,
    PH_COMMIT,
    PH_INVITE,
    PH_OVER,
    PH_SEATS,
    State,
)


def begin_turn(s: State) -> None:
    """§4.0-4.2: end-of-raid checks, then draw the top galley."""
    if not s.gdeck or not any(s.midgard):
        s.events.append((E_RAID_END, s.raid, 1 if s.gdeck else 0))
        end_raid(s)
        return
    g = s.gdeck.pop()
    s.galley = g
    s.events.append((E_GALLEY, g, s.turn_player))
    c = D.galley_colour(g)
    if c == s.turn_player or c >= s.n:
        s.phase = PH_SEATS
    else:
        s.phase = PH_INVITE


def next_turn(s: State) -> None:
    """The galley is empty: the next player draws."""
    s.galley = 0
    s.seats = [-1, -1, -1]
    s.turn_player = (s.turn_player + 1) % s.n
    begin_turn(s)


def end_raid(s: State) -> None:
    s.galley = 0
    n = s.n
    # Everyone holding a card decides (hand sizes are public, so the order leaks nothing
    # about which cards are held); each ends with "done", never automatically.
    s.commit_order = [p for p in ((s.start + i) % n for i in range(n)) if any(s.hands[p])]
    s.commit_idx = 0
    if s.commit_order:
        s.phase = PH_COMMIT
    else:
        reveal(s)


def next_committer(s: State) -> None:
    s.commit_idx += 1
    if s.commit_idx >= len(s.commit_order):
        reveal(s)


def reveal(s: State) -> None:
    """§4.7-4.10 and §5: reveal, score, then prepare the next raid or end."""
    n = s.n
    r = s.raid
    card_pts = [0] * n
    bonus = [[0] * N_HEADLANDS for _ in range(n)]
    s.wal_bonus = [0] * n
    ev = s.events
    ev.append((E_REVEAL, r))
    for p in range(n):
        for t, hl in s.commits[p]:
            ev.append((E_CARD, p, t, hl))
            s.discard[t] += 1
            if t <= D.C_VILLAGE:
                card_pts[p] += count_category(s, p, t)
            elif t == D.C_HEADLAND:
                bonus[p][hl] += 2
            else:
                s.wal_bonus[p] += 2
        s.commits[p] = []
    s.commit_order = []
    s.commit_idx = 0
    score(s, f"raid {r} cards", card_pts)
    strengths = headland_strengths(s, bonus)
    for h in range(N_HEADLANDS):
        inner, outer = s.capes[h]
        score(s, f"raid {r} H{h + 1}", majority_points(strengths[h], inner, outer))
    score(s, f"raid {r} wheat", [r * count_category(s, p, 1) for p in range(n)])
    if r >= D.N_RAIDS:
        score(s, "final occupation", on_board(s))
        score(
            s,
            "final walhalla",
            majority_points(s.walhalla, D.WALHALLA_SECOND, D.WALHALLA_FIRST),
        )
        s.phase = PH_OVER
        s.queue = []
        ev.append((E_OVER,))
        return
    # clear non-wheat spaces to Asgard (§4.9 step 1)
    cleared = [0] * n
    for sp, o in enumerate(s.occ):
        if o >= 0 and s.stype[sp] != D.W:
            s.asgard[o] += 1
            s.occ[sp] = -1
            cleared[o] += 1
    for p in range(n):
        if cleared[p]:
            ev.append((E_CLEAR, p, cleared[p]))
    s.fjords = [[] for _ in range(N_FJORDS)]
    s.gdeck = list(range(1, D.N_GALLEYS + 1))
    shuffle(s, s.gdeck)
    s.start = (s.start + 1) % n
    gets = reinforcement([s.walhalla[p] + s.wal_bonus[p] for p in range(n)], s.asgard)
    for p in range(n):
        s.asgard[p] -= gets[p]
        s.midgard[p] += gets[p]
        ev.append((E_REINFORCE, p, gets[p]))
    m = min(s.walhalla)
    if m:
        ev.append((E_DEPART, m))
    for p in range(n):
        s.walhalla[p] -= m
        s.asgard[p] += m
    s.wal_bonus = [0] * n
    s.raid = r + 1
    s.turn_player = s.start
    ev.append((E_NEW_RAID, s.raid, s.start))
    begin_turn(s)
