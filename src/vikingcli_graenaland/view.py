"""What a seat may know and look up: the observation, determinize, the prompt look-ups
(``votes``, ``costs``, ``hand``, ``card``) and the component census."""

from __future__ import annotations

import random
from typing import Any

from vikingcli_graenaland import data as D
from vikingcli_graenaland.rules.common import hres
from vikingcli_graenaland.rules.votes import votes
from vikingcli_graenaland.scoring import measures, vp
from vikingcli_graenaland.state import PH_CLAIM, PH_MOVE, PH_OVER, STAY, GState


def observation(st: GState, seat: int) -> dict[str, Any]:
    """What ``seat`` may know: hidden cards, deck orders and commitments are counts or
    flags. ``seat`` -1 is a spectator, who knows what every seat knows."""
    d = st.to_json()
    del d["rng"]
    d["decks"] = [len(x) for x in st.decks]
    d["sdeck"] = len(st.sdeck)
    d["down"] = [len(x) for x in st.down]
    d["hand"] = [
        h if o == seat else [sum(st.hand[o][dk * 5 : dk * 5 + 5]) for dk in range(4)]
        for o, h in enumerate(d["hand"])
    ]
    d["shand"] = [x if o == seat else len(x) for o, x in enumerate(d["shand"])]
    reveal = st.phase == PH_OVER
    # hero moves and claims are secret until every seat has committed; once revealed
    # they stay public until the next round's commitments (claims: next window)
    if st.phase == PH_MOVE:
        d["mcommit"] = [c if o == seat else (c >= 0) for o, c in enumerate(st.mcommit)]
    if st.phase == PH_CLAIM:
        d["ccommit"] = [c if o == seat else (c >= 0) for o, c in enumerate(st.ccommit)]
    d["claim_plan"] = [x if o == seat else None for o, x in enumerate(d["claim_plan"])]
    d["vc"] = [c if (o == seat or reveal or o == st.winner) else None for o, c in enumerate(st.vc)]
    d["vc_dealt"] = [x if o == seat else len(x) for o, x in enumerate(st.vc_dealt)]
    d["seat"] = seat
    return d


def determinize(state: GState, seat: int, rng: random.Random) -> GState:
    """A copy with what ``seat`` cannot see re-dealt from ``rng`` (from a canonical pool)."""
    st = state.clone()
    n = st.n
    bd = st.board
    # resource cards, per deck: deck + other hands + face-down tile cards
    for dk in range(4):
        pool = list(st.decks[dk])
        for o in range(n):
            if o != seat:
                for r in range(5):
                    pool.extend([r] * st.hand[o][dk * 5 + r])
        tiles = [p for p in range(bd.np) if bd.terrain[p] == dk]
        for p in tiles:
            pool.extend(st.down[p])
        pool.sort()  # canonical: the re-deal depends only on what the seat knows
        rng.shuffle(pool)
        for p in tiles:
            c = len(st.down[p])
            st.down[p] = [pool.pop() for _ in range(c)]
        for o in range(n):
            if o != seat:
                c = sum(st.hand[o][dk * 5 : dk * 5 + 5])
                for r in range(5):
                    st.hand[o][dk * 5 + r] = 0
                for _ in range(c):
                    st.hand[o][dk * 5 + pool.pop()] += 1
        st.decks[dk] = pool
    # supply cards in other hands and the supply deck
    spool = list(st.sdeck)
    for o in range(n):
        if o != seat:
            spool.extend(st.shand[o])
    spool.sort()
    rng.shuffle(spool)
    for o in range(n):
        if o != seat:
            c = len(st.shand[o])
            st.shand[o] = sorted(spool.pop() for _ in range(c))
    st.sdeck = spool
    # hidden commitments
    for o in range(n):
        if o == seat:
            continue
        if st.phase == PH_MOVE and st.mcommit[o] >= 0:
            opts = [STAY]
            for h in range(3):
                p = st.hero[o * 3 + h]
                if p >= 0:
                    opts += [h * 8 + d for d in range(8) if bd.move[p][d] >= 0]
            st.mcommit[o] = rng.choice(opts)
        if st.phase == PH_CLAIM and st.ccommit[o] >= 0:
            st.ccommit[o] = 0
            st.claim_plan[o] = None
    # victory cards of the others
    if st.cards and st.phase != PH_OVER:
        known = set(st.vc_dealt[seat])
        vpool = [c for c in range(20) if c not in known]
        rng.shuffle(vpool)
        for o in range(n):
            if o == seat or o == st.winner:
                continue
            kept = st.vc[o]
            cnt = len(st.vc_dealt[o])
            st.vc_dealt[o] = [vpool.pop() for _ in range(cnt)]
            if kept >= 0:
                st.vc[o] = st.vc_dealt[o][0]
    st.claim_cache = [None] * n
    st.legal_cache = None
    st.rng = rng.getrandbits(62)
    return st


def component_totals(st: GState) -> dict[str, int]:
    """Resource cards per deck and resource (decks, discards, provinces, hands,
    contributions), supply cards and public-work markers: all conserved."""
    c = st.disc[:]
    for d in range(4):
        for r in st.decks[d]:
            c[d * 5 + r] += 1
    for s in range(st.n):
        for k in range(D.NKIND):
            c[k] += st.hand[s][k] + st.contrib[s][k]
    bd = st.board
    for p in range(bd.np):
        d5 = bd.terrain[p] * 5
        for r in range(5):
            c[d5 + r] += st.up[p * 5 + r]
        for r in st.down[p]:
            c[d5 + r] += 1
    out = {
        f"{D.DECK_NAME[k // 5]} {D.RES_NAME[k % 5]}": c[k]
        for k in range(D.NKIND)
        if D.DECK_CONTENTS[k // 5][k % 5]
    }
    out["supply cards"] = (
        len(st.sdeck) + len(st.srow) + len(st.sdisc) + sum(len(h) for h in st.shand)
    )
    out["roads"] = st.left_road + sum(st.road)
    out["markets"] = st.left_market + sum(st.market)
    out["ramparts"] = st.left_rampart + sum(st.rampart)
    return out


def hand_text(hand: list[int]) -> str:
    """``2G 1W``: the resources of a hand of card kinds, ``-`` when empty."""
    h = hres(hand)
    parts = [f"{h[r]}{D.RES_LETTER[r]}" for r in range(5) if h[r]]
    return " ".join(parts) or "-"


def view(st: GState, seat: int | None, text: str) -> str | None:
    """Prompt look-ups: ``votes``, ``costs``, ``hand``, ``card`` (what ``seat`` may know)."""
    bd = st.board
    n = st.n
    word = text.strip().lower()
    if word == "votes":
        lines = ["votes   " + " ".join(f"{'p' + str(s + 1):>4}" for s in range(n))]
        for p in range(bd.np):
            lines.append(f"{bd.names[p]:<7} " + " ".join(f"{votes(st, s, p):>4}" for s in range(n)))
        return "\n".join(lines)
    if word == "costs":

        def cost(c: tuple[int, ...]) -> str:
            return " ".join(f"{c[r]}{D.RES_LETTER[r]}" for r in range(4) if c[r])

        lines = [
            f"village {bd.names[p]} ({bd.tiles[p].ident}): {cost(bd.tiles[p].village)}"
            for p in range(bd.np)
        ]
        lines += [f"{D.BUILDING_NAME[t]}: {cost(D.BUILDING_COST[t])}" for t in range(3)]
        lines += [f"{D.WORK_NAME[w]}: {cost(D.WORK_COST[w])}" for w in range(4)]
        lines.append("army: 1G 1O + 3G, or + the resource of a fort you own (forest W,")
        lines.append("      plain L, hills O); gold replaces any one resource")
        return "\n".join(lines)
    if word == "hand":
        if seat is None or not 0 <= seat < n:
            return "a spectator has no hand"
        sup = " ".join(
            f"S{c + 1:02d}({D.RES_LETTER[D.SUPPLY[c][0]]}+{D.RES_LETTER[D.SUPPLY[c][1]]})"
            for c in st.shand[seat]
        )
        return f"hand: {hand_text(st.hand[seat])}; supply cards: {sup or '-'}"
    if word == "card":
        if seat is None or not 0 <= seat < n or st.vc[seat] < 0:
            return "no victory card"
        th = D.victory_card_thresholds(st.vc[seat], n)
        m = measures(st, seat)
        return "\n".join(
            [f"VC{st.vc[seat] + 1:02d}: {vp(st, seat)} VP"]
            + [f"{D.COLUMNS[c]}: now {m[c]}, levels {th[c]}" for c in range(5)]
        )
    return None
