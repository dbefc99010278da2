"""Property test over 300+ seeded random games (issue 5, "Tests").

On every 8th state and at the end: resource cards are conserved (decks, discards, provinces, hands,
joint-work contributions), supply cards too; no province holds more cards than its
cap once the setup is over; no two heroes of one colour share a province; at most one
building of a kind per province and none in the mountains; houses and army within
their limits. At every vote: an accepted offer had a strict majority of the votes
counted by the rules (recomputed here from the spec's pseudocode, independently of
the engine's own vote function).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from vikingcli_graenaland import data as D
from vikingcli_graenaland.game import GraenalandGame
from vikingcli_graenaland.state import PH_DRAFT, PH_RELOC, PH_VOTE, State

GAME = GraenalandGame()
N_GAMES = 300

CONFIGS: tuple[dict[str, str], ...] = (
    {},
    {"setup": "advanced"},
    {"victory": "cards"},
    {"permission": "on"},
    {"setup": "advanced", "victory": "cards", "permission": "on"},
    {"rounds": "12"},
)


def spec_votes(st: State, p: int) -> list[int]:
    """Votes per seat in province ``p``, written straight from spec §4 Phase 3."""
    n = st.n
    out = []
    heroes_here = sum(1 for x in st.hero if x == p)
    priest_here = any(st.hero[o * 3 + 1] == p for o in range(n))
    for s in range(n):
        sett = st.vil[p * n + s] + sum(1 for t in range(3) if st.bld[p * 3 + t] == s)
        bonus = 1 if n == 3 else 0
        ramp = bool(st.rampart[p])
        v = 0
        if st.hero[s * 3] == p:
            v = 0 if priest_here else st.army[s] + bonus
            if ramp and n == 3:
                v = max(0, v - 1)
            if ramp and n >= 4 and sett == 0:
                v = max(0, v - 1)
        elif st.hero[s * 3 + 1] == p:
            v = bonus
            if ramp and n == 3:
                v = max(0, v - 1)
        elif st.hero[s * 3 + 2] == p:
            v = heroes_here - 1 + bonus
            if ramp and n == 3:
                v = max(0, v - 1)
        out.append(sett + v)
    return out


def resource_census(st: State) -> list[int]:
    """Cards of each kind (deck * 5 + resource) anywhere in the game."""
    c = st.disc[:]
    for d in range(4):
        for r in st.decks[d]:
            c[d * 5 + r] += 1
    for s in range(st.n):
        h = st.hand[s]
        k = st.contrib[s]
        for i in range(D.NKIND):
            c[i] += h[i] + k[i]
    terrain = st.board.terrain
    for p in range(st.board.np):
        d5 = terrain[p] * 5
        for r in range(5):
            c[d5 + r] += st.up[p * 5 + r]
        for r in st.down[p]:
            c[d5 + r] += 1
    return c


EXPECTED = [D.DECK_CONTENTS[d][r] for d in range(4) for r in range(5)]
CHECK_EVERY = 8  # full invariant check on every 8th state (votes are checked at every vote)


def check_invariants(st: State) -> None:
    n = st.n
    bd = st.board
    census = resource_census(st)
    assert census == EXPECTED, "resource cards not conserved"
    supply = st.sdeck + st.srow + st.sdisc + [c for h in st.shand for c in h]
    assert sorted(supply) == list(range(16)), "supply cards not conserved"
    setup = st.phase in (PH_DRAFT, PH_RELOC)
    for p in range(bd.np):
        sett = sum(st.vil[p * n : p * n + n]) + sum(1 for t in range(3) if st.bld[p * 3 + t] >= 0)
        here = sum(st.up[p * 5 : p * 5 + 5]) + len(st.down[p])
        if not setup:
            assert here <= sett + 1, f"province {bd.names[p]} over its cap"
        if not bd.tiles[p].buildings:
            assert st.bld[p * 3 : p * 3 + 3] == [-1, -1, -1], "a building in the mountains"
    for s in range(n):
        spots = [x for x in st.hero[s * 3 : s * 3 + 3] if x >= 0]
        assert len(spots) == len(set(spots)), "two heroes of one colour in a province"
        houses = st.bld.count(s) + sum(st.vil[p * n + s] for p in range(bd.np))
        assert houses <= D.SETTLEMENT_HOUSES
        assert 1 <= st.army[s] <= D.ARMY_MAX
    # one building of a kind per province is structural (one owner slot per kind)
    assert len(st.bld) == 3 * bd.np


def play_checked(n: int, options: dict[str, str], seed: int) -> State:
    st = GAME.new_state(n, GAME.resolve_options(options), seed)
    rng = random.Random(seed)
    expected_votes: list[int] | None = None
    yes_sum = 0
    steps = 0
    while GAME.to_move(st) is not None:
        if steps % CHECK_EVERY == 0:
            check_invariants(st)
        acts = GAME.legal_actions(st)
        a = acts[rng.randrange(len(acts))]
        if st.phase == PH_VOTE:
            if st.vidx == 0:
                expected_votes = spec_votes(st, st.offer_x)
                assert [expected_votes[v] for v in st.voters] == st.vvotes
                assert sorted(st.voters) == [s for s in range(n) if expected_votes[s] >= 1]
                yes_sum = 0
            assert expected_votes is not None
            if a == ("yes",):
                yes_sum += expected_votes[st.actor]
            if st.vidx == len(st.voters) - 1:
                before = len(st.offer_log)
                GAME.apply(st, a)
                log = st.offer_log[before]
                total = sum(expected_votes)
                assert log[3] == yes_sum and log[4] == total
                assert bool(log[5]) == (2 * yes_sum > total), "offer result without majority"
                steps += 1
                continue
        GAME.apply(st, a)
        steps += 1
        assert steps < 20000
    check_invariants(st)
    out = GAME.outcome(st)
    assert out.end_reason in ("rules", "round limit")
    if out.end_reason == "rules":
        assert st.winner >= 0 and out.ranks[st.winner] == 1
    else:
        assert st.winner < 0 and st.round > st.round_limit
    return st


@pytest.mark.parametrize("n", [3, 4, 5])
def test_random_games_keep_the_invariants(n: int) -> None:
    """N_GAMES // 3 games per player count, cycling through the option sets."""
    reasons: Counter[str] = Counter()
    passed_offers = 0
    for i in range(N_GAMES // 3):
        opts = CONFIGS[i % len(CONFIGS)]
        st = play_checked(n, opts, 1000 + 10 * i + n)
        reasons[st.end_reason] += 1
        passed_offers += sum(1 for x in st.offer_log if x[5])
    assert reasons["rules"] > 0 and reasons["round limit"] > 0
    assert passed_offers > 0
