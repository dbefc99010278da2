"""Votes (docs/rules/graenaland.md §4 Phase 3, D7): how many votes a seat has in a
province, and the block vote on an offer."""

from __future__ import annotations

from vikingcli_graenaland.data import PR, SK, WL
from vikingcli_graenaland.rules.common import A_NO, A_YES
from vikingcli_graenaland.rules.rounds import next_offerer
from vikingcli_graenaland.scoring import own_settlements
from vikingcli_graenaland.state import HIDDEN, PH_VOTE, Action, State


def votes(st: State, s: int, p: int) -> int:
    """THE vote count of seat ``s`` in province ``p`` (spec §4 Phase 3).

    Used by offers (eligibility), votes (block weight) and render."""
    v = own_settlements(st, s, p)
    return v + hero_votes(st, s, p, v)


def hero_votes(st: State, s: int, p: int, settlements: int) -> int:
    """The votes seat ``s`` gets in ``p`` from its heroes there, given its own
    ``settlements`` in ``p`` (a rampart spares a warlord's vote only where the seat
    has none, at 4-5 players). The one place the hero rules of the vote are written."""
    hero = st.hero
    n = st.n
    base = s * 3
    bonus = 1 if n == 3 else 0
    ramp = st.rampart[p]
    if hero[base + WL] == p:
        # none if a priest stands there: a loop, not p in hero[PR::3] (a slice and
        # generic comparisons when compiled; hero is 3 positions per seat)
        h = st.army[s] + bonus
        for j in range(PR, 3 * n, 3):
            if hero[j] == p:
                h = 0
                break
        if ramp and (n == 3 or settlements == 0) and h > 0:
            h -= 1
    elif hero[base + PR] == p:
        h = bonus
        if ramp and n == 3 and h > 0:
            h -= 1
    elif hero[base + SK] == p:
        h = bonus - 1 + hero.count(p)  # the skald itself is not counted
        if ramp and n == 3 and h > 0:
            h -= 1
    else:
        h = 0
    return h


def votes_all(st: State, p: int) -> list[int]:
    """Votes of every seat in province ``p``: :func:`votes` of each seat, with the
    settlement owners read once; the heuristic asks it for every province holding
    cards at every search cut-off, where no hero stands in most."""
    n = st.n
    out = st.vil[p * n : p * n + n]
    i = p * 3
    # written out, and not out[x] += ...: mypyc compiles an augmented assignment to a
    # list item as a generic call (the heuristic asks this at every search cut-off)
    bld = st.bld
    owner = bld[i]
    if owner >= 0:
        out[owner] = out[owner] + 1
    owner = bld[i + 1]
    if owner >= 0:
        out[owner] = out[owner] + 1
    owner = bld[i + 2]
    if owner >= 0:
        out[owner] = out[owner] + 1
    if p in st.hero:
        for s in range(n):
            v = out[s]
            out[s] = v + hero_votes(st, s, p, v)
    return out


def voters_from(st: State, s: int, p: int) -> list[int]:
    """Seats with a vote in ``p``, listed from seat ``s`` clockwise."""
    order = [(s + i) % st.n for i in range(st.n)]
    return [o for o in order if votes(st, o, p) >= 1]


def start_vote(st: State) -> None:
    """The offer is complete: every seat with a vote votes, the offerer first."""
    p = st.offer_x
    st.voters = voters_from(st, st.actor, p)
    st.vvotes = [votes(st, o, p) for o in st.voters]
    st.total = sum(st.vvotes)
    st.yes = 0
    st.vidx = 0
    st.vote_log = []
    st.phase = PH_VOTE
    st.actor = st.voters[0]


def vote_result(st: State) -> bool | None:
    """The result of the vote under way once the votes cast settle it (``True``: it
    passes whatever the rest vote, ``False``: it fails whatever they vote), else
    ``None``. The rules ask every voter all the same (their votes are recorded)."""
    rest = sum(st.vvotes[st.vidx :])
    if 2 * st.yes > st.total:
        return True
    if 2 * (st.yes + rest) <= st.total:
        return False
    return None


def settled_vote(st: State) -> Action | None:
    """A vote that can change nothing: the one that agrees with the settled result
    (what the host plays for a person instead of asking; the log says so)."""
    if st.phase != PH_VOTE:
        return None
    result = vote_result(st)
    return None if result is None else (A_YES if result else A_NO)


def legal_vote(st: State) -> list[Action]:
    return [A_YES, A_NO]


def apply_vote(st: State, a: Action) -> None:
    y = a[0] == "yes"
    if y:
        st.yes += st.vvotes[st.vidx]
    st.vote_log.append(1 if y else 0)
    st.vidx += 1
    if st.vidx < len(st.voters):
        st.actor = st.voters[st.vidx]
        return
    offerer = st.voters[0]
    passed = 2 * st.yes > st.total
    st.offer_log.append((st.round, offerer, st.offer_x, st.yes, st.total, int(passed)))
    if passed:
        p = st.offer_x
        d = st.board.terrain[p]
        for c, who in zip(st.ocls, st.oalloc):
            if c == HIDDEN:
                r = st.down[p].pop()  # the pile order is random: a random deal (R25)
            else:
                r = c
                st.up[p * 5 + r] -= 1
            st.hand[who][d * 5 + r] += 1
    st.ocls, st.oelig, st.oalloc = [], [], []
    st.actor = offerer
    next_offerer(st)
