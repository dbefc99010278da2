"""The round's frame (docs/rules/graenaland.md §4, §5): production, the hand-over from
one phase to the next, the end of a round and the final builds after a win."""

from __future__ import annotations

from vikingcli_graenaland import data as D
from vikingcli_graenaland.rules.common import cards_at, draw, draw_supply, total_settlements
from vikingcli_graenaland.state import (
    BM_FINAL,
    BM_NORMAL,
    PH_BUILD,
    PH_CLAIM,
    PH_MOVE,
    PH_OFFER,
    PH_OVER,
    State,
)


def produce(st: State) -> None:
    """Phase 1 (§4): coastal west->east, then inland (ids are in that order)."""
    bd = st.board
    for p in range(bd.np):
        tot = total_settlements(st, p)
        if not tot:
            continue
        cap = tot + 1
        here = cards_at(st, p)
        d = bd.terrain[p]
        if here < cap:
            c = draw(st, d)
            if c < 0:
                continue
            st.up[p * 5 + c] += 1
            here += 1
        if st.road[p] and here < cap:
            c = draw(st, d)
            if c < 0:
                continue
            st.down[p].append(c)
            here += 1
        if st.impr[p] and here < cap:
            c = draw(st, d)
            if c < 0:
                continue
            if c == bd.tiles[p].improvement:
                st.up[p * 5 + c] += 1
            else:
                st.disc[d * 5 + c] += 1


def start_round(st: State) -> None:
    """Production, then the hero-move commitments of every seat but the lead."""
    produce(st)
    n = st.n
    st.phase = PH_MOVE
    st.oidx = 0
    st.mcommit = [-1] * n
    st.actor = (st.start + 1) % n


def start_offers(st: State) -> None:
    st.phase = PH_OFFER
    st.oidx = 0
    st.actor = (st.start + 1) % st.n


def next_offerer(st: State) -> None:
    """The next non-lead seat offers; after the last, the claims (cards) or the build."""
    st.oidx += 1
    if st.oidx < st.n - 1:
        st.phase = PH_OFFER
        st.actor = (st.start + 1 + st.oidx) % st.n
        return
    if st.cards:
        st.phase = PH_CLAIM
        st.cidx = 0
        st.ccommit = [-1] * st.n
        st.claim_plan = [None] * st.n
        st.claim_cache = [None] * st.n
        st.actor = (st.start + 1) % st.n
    else:
        start_build(st)


def start_build(st: State) -> None:
    st.phase = PH_BUILD
    st.bseat = st.start
    st.bmode = BM_NORMAL
    st.supply_taken = st.joint_used = st.perm_used = False
    st.mkt_used = [0] * st.board.np
    st.actor = st.start


def back_to_lead(st: State) -> None:
    """The build phase returns to the lead (after a permitted build)."""
    st.bseat = st.start
    st.bmode = BM_NORMAL
    st.phase = PH_BUILD
    st.actor = st.start


def end_round(st: State) -> None:
    """Phase 5: the ship passes left, the supply row is refilled; the round limit."""
    n = st.n
    st.start = (st.start + 1) % n
    while len(st.srow) < D.SUPPLY_ROW:
        c = draw_supply(st)
        if c < 0:
            break
        st.srow.append(c)
    st.round += 1
    if st.round > st.round_limit:
        st.phase = PH_OVER
        st.actor = -1
        st.end_reason = "round limit"
        return
    start_round(st)


def start_final_builds(st: State, w: int) -> None:
    """Seat ``w`` has won: the others build once more, clockwise from ``w`` (§5.2)."""
    st.winner = w
    st.final_queue = [(w + i) % st.n for i in range(1, st.n)]


def begin_final_build(st: State, s: int) -> None:
    st.phase = PH_BUILD
    st.bseat = s
    st.bmode = BM_FINAL
    st.supply_taken = True
    st.mkt_used = [0] * st.board.np
    st.actor = s


def next_final(st: State) -> None:
    """The next final builder, or the end of the game."""
    if not st.final_queue:
        st.phase = PH_OVER
        st.actor = -1
        st.end_reason = "rules"
        return
    begin_final_build(st, st.final_queue.pop(0))


def win(st: State, w: int) -> None:
    start_final_builds(st, w)
    next_final(st)
