"""Phase 2, hero movement (docs/rules/graenaland.md §2.3, §2.4, §4 Phase 2, D5): every
seat but the lead commits one hidden move; they are revealed together."""

from __future__ import annotations

from vikingcli_graenaland.data import PR, SK
from vikingcli_graenaland.rules.common import A_STAY
from vikingcli_graenaland.rules.rounds import start_offers
from vikingcli_graenaland.state import STAY, Action, State


def legal_move(st: State) -> list[Action]:
    s = st.actor
    acts = [A_STAY]
    mv = st.board.move
    for hi in range(3):
        p = st.hero[s * 3 + hi]
        if p >= 0:
            row = mv[p]
            for d in range(8):
                if row[d] >= 0:
                    acts.append(("mv", hi, d))
    return acts


def apply_move(st: State, a: Action) -> None:
    n = st.n
    st.mcommit[st.actor] = STAY if a[0] == "stay" else a[1] * 8 + a[2]
    st.oidx += 1
    if st.oidx < n - 1:
        st.actor = (st.start + 1 + st.oidx) % n
    else:
        resolve_moves(st)
        start_offers(st)


def resolve_moves(st: State) -> None:
    """Reveal and carry out every committed move (swap rule, §2.4). The revealed
    moves stay in ``mcommit``, public, until the next round starts."""
    hero = st.hero
    mv = st.board.move
    for s in range(st.n):
        c = st.mcommit[s]
        if c < 0 or c == STAY:
            continue
        h, d = divmod(c, 8)
        p = hero[s * 3 + h]
        if p < 0:
            continue
        dest = mv[p][d]
        if dest < 0:
            continue  # impossible direction: the hero stays
        for o in range(3):
            if o != h and hero[s * 3 + o] == dest:
                hero[s * 3 + o] = p  # swap rule (§2.4)
        hero[s * 3 + h] = dest
    place_waiting(st)


def place_waiting(st: State) -> None:
    """Phase 2 step 3: waiting priests/skalds enter once their target is free of
    the owner's heroes; the one waiting longer goes first (R33)."""
    hero = st.hero
    for s in range(st.n):
        ws = [h for h in (PR, SK) if st.wait[s * 3 + h] >= 0]
        ws.sort(key=lambda h: st.wseq[s * 3 + h])
        for h in ws:
            t = st.wait[s * 3 + h]
            if hero[s * 3] != t and hero[s * 3 + 1] != t and hero[s * 3 + 2] != t:
                hero[s * 3 + h] = t
                st.wait[s * 3 + h] = -1
