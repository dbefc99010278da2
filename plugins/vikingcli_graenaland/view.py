"""What a seat may know and look up: the observation, determinize, the component census
and the prompt look-ups (``legend``, ``map``, ``votes``, ``costs``, ``hand``, ``card``).

Seats are named with :func:`vikingcli.engine.seat_ref` (the host puts each seat's name
there) and numbered from 1, as the actions write them (``to p2`` is seat 2)."""

from __future__ import annotations

import random
from typing import Any, Final

from vikingcli.engine import choice, seat_ref, shuffle
from vikingcli_graenaland import data as D
from vikingcli_graenaland.rules.building import legal_in_build
from vikingcli_graenaland.rules.common import hres
from vikingcli_graenaland.rules.votes import votes
from vikingcli_graenaland.scoring import card_vp, measures
from vikingcli_graenaland.state import (
    PH_CLAIM,
    PH_FEE,
    PH_MOVE,
    PH_OVER,
    PH_PAY,
    STAY,
    State,
)

WIDTH: Final = 79  # the longest line: an 80-column terminal must not wrap it
# Room a seat's name gets when a line is laid out: the game writes seat_ref and the
# host puts in names it never sees (``alice``, ``greedy 2``).
NAME_W: Final = 10
VIEWS: Final = "legend | map | votes | costs | hand | card | board N"
_NO_CARDS = (0, 0, 0, 0, 0)
_RUN_MAX: Final = max(max(c) for c in D.DECK_CONTENTS)
_RUNS: Final[tuple[tuple[tuple[int, ...], ...], ...]] = tuple(
    tuple((r,) * c for c in range(_RUN_MAX + 1)) for r in range(5)
)
"""``_RUNS[r][c]``: ``c`` cards of resource ``r`` (no deck holds more than ``_RUN_MAX``
cards of one resource): a sorted pool is five of them joined, without the five
small lists and four joins of ``[r] * c + ...``."""


def observation(st: State, seat: int) -> dict[str, Any]:
    """What ``seat`` may know, in the state's own fields (the narration compares these
    before and after a move; ``schema.public_observation`` names them): hidden cards, deck
    orders and commitments are counts or flags. ``seat`` -1 is a spectator, who knows
    what every seat knows."""
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


REDEALS: Final = 30
"""Re-deals tried for a seat paying a build before its own cards are kept (below)."""


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """A copy with what ``seat`` cannot see re-dealt from ``rng`` (from a canonical pool).

    A seat that is paying a build (or its rampart fee) is known by everyone to be able
    to pay the rest, since only payable builds are begun and only steps that keep the
    rest payable are offered. A re-deal that leaves it unable to pay is a position
    that cannot happen, with no legal action: such re-deals are drawn again, and
    only after :data:`REDEALS` more failures in a row (vanishingly rare: most
    re-deals leave the payer able to pay) does the payer keep its own hidden cards."""
    st = _redeal(state, seat, rng, -1)
    payer = state.actor
    if payer == seat or state.phase not in (PH_PAY, PH_FEE):
        return st
    for _ in range(REDEALS):
        if legal_in_build(st):
            st.legal_cache = None
            return st
        st = _redeal(state, seat, rng, -1)
    if legal_in_build(st):
        st.legal_cache = None
        return st
    return _redeal(state, seat, rng, payer)


def _redeal(state: State, seat: int, rng: random.Random, keep: int) -> State:
    """:func:`determinize`'s one re-deal: ``keep`` (a seat, or -1) keeps its hand and
    supply cards as they are; the rest ``seat`` cannot see is dealt again."""
    st = state.clone()
    others = [o for o in range(st.n) if o != seat and o != keep]
    _redeal_resources(st, others, rng)
    _redeal_supply(st, others, rng)
    _redraw_commitments(st, seat, rng)
    if st.cards and st.phase != PH_OVER:
        _redeal_victory_cards(st, seat, rng)
    st.claim_cache = [None] * st.n
    st.legal_cache = None
    st.rng = rng.getrandbits(62)
    return st


def _redeal_resources(st: State, others: list[int], rng: random.Random) -> None:
    """The resource cards ``others`` hold, the decks and the face-down tile cards, dealt
    again deck by deck."""
    # per deck: deck + other hands + face-down tile cards, sorted (the
    # re-deal depends only on what the seat knows), then shuffled deck by deck. Runs
    # at every search iteration: the sorted pools are made from counts per card kind
    # (a card is its resource 0-4, so the sorted pool is the counts written out in
    # resource order, as sorting the gathered cards gave) and dealt from their ends as
    # the card-by-card pops did (the same cards in the same places). The counting loops
    # compile to plain C; gathering and sorting the cards were calls into CPython (the
    # sorts alone a visible part of a compiled search iteration: benchmarks/README.md,
    # "Graenaland's search, compiled") and no faster in the pure build
    terrain = st.board.terrain
    down = st.down
    decks = st.decks
    count = [0] * D.NKIND
    for dk in range(4):
        d5 = dk * 5
        for r in decks[dk]:
            i = d5 + r
            count[i] = count[i] + 1  # not +=: mypyc makes list[i] += a generic call
    tiles: list[list[int]] = [[], [], [], []]  # per deck, its provinces with cards down
    for p in range(len(terrain)):
        cards = down[p]
        if cards:
            t = terrain[p]
            tiles[t].append(p)
            d5 = t * 5
            for r in cards:
                i = d5 + r
                count[i] = count[i] + 1
    for o in others:
        hand = st.hand[o]
        for k in range(D.NKIND):
            count[k] = count[k] + hand[k]
    for dk in range(4):
        d5 = dk * 5
        pool = [
            *_RUNS[0][count[d5]],
            *_RUNS[1][count[d5 + 1]],
            *_RUNS[2][count[d5 + 2]],
            *_RUNS[3][count[d5 + 3]],
            *_RUNS[4][count[d5 + 4]],
        ]
        shuffle(rng, pool)
        for p in tiles[dk]:
            c = len(down[p])
            down[p] = pool[: -c - 1 : -1]
            del pool[-c:]
        for o in others:
            hand = st.hand[o]
            c = hand[d5] + hand[d5 + 1] + hand[d5 + 2] + hand[d5 + 3] + hand[d5 + 4]
            if c:
                hand[d5 : d5 + 5] = _NO_CARDS
                for r in pool[-c:]:
                    i = d5 + r
                    hand[i] = hand[i] + 1
                del pool[-c:]
        decks[dk] = pool


def _redeal_supply(st: State, others: list[int], rng: random.Random) -> None:
    """The supply cards in ``others``' hands and the supply deck, dealt again."""
    spool = st.sdeck[:]
    for o in others:
        spool += st.shand[o]
    spool.sort()
    shuffle(rng, spool)
    for o in others:
        c = len(st.shand[o])
        if c:
            dealt = spool[-c:]
            dealt.sort()  # not sorted(): a generic call when compiled, and one copy more
            st.shand[o] = dealt
            del spool[-c:]
    st.sdeck = spool


def _redraw_commitments(st: State, seat: int, rng: random.Random) -> None:
    """The hidden commitments of the others: a hero move drawn among the legal ones, a
    claim reset."""
    bd = st.board
    for o in range(st.n):
        if o == seat:
            continue
        if st.phase == PH_MOVE and st.mcommit[o] >= 0:
            opts = [STAY]
            for h in range(3):
                p = st.hero[o * 3 + h]
                if p >= 0:
                    opts += [h * 8 + d for d in range(8) if bd.move[p][d] >= 0]
            st.mcommit[o] = choice(rng, opts)
        if st.phase == PH_CLAIM and st.ccommit[o] >= 0:
            st.ccommit[o] = 0
            st.claim_plan[o] = None


def _redeal_victory_cards(st: State, seat: int, rng: random.Random) -> None:
    """The victory cards dealt to the others (all but the winner), dealt again from those
    ``seat`` was not dealt; a seat that kept one keeps its first."""
    known = set(st.vc_dealt[seat])
    vpool = [c for c in range(20) if c not in known]
    shuffle(rng, vpool)
    for o in range(st.n):
        if o == seat or o == st.winner:
            continue
        kept = st.vc[o]
        cnt = len(st.vc_dealt[o])
        st.vc_dealt[o] = [vpool.pop() for _ in range(cnt)]
        if kept >= 0:
            st.vc[o] = st.vc_dealt[o][0]


def component_totals(st: State) -> dict[str, int]:
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


# ---------------------------------------------------------------------- line layout


def shown_len(text: str) -> int:
    """How wide ``text`` is on screen once the host has put in the seats' names."""
    refs = text.count("{p")
    return len(text) - refs * len(seat_ref(0)) + refs * NAME_W


def wrap(prefix: str, items: list[str], sep: str = ", ", indent: int = 2) -> list[str]:
    """``items`` after ``prefix``, joined by ``sep``, in lines that fit ``WIDTH``."""
    lines: list[str] = []
    cur = prefix
    for it in items:
        gap = "" if cur == prefix else sep
        if cur != prefix and shown_len(cur + gap + it) > WIDTH:
            lines.append(cur + sep.rstrip())
            cur = " " * indent + it
        else:
            cur += gap + it
    lines.append(cur)
    return lines


def hand_text(hand: list[int]) -> str:
    """``2G 1W``: the resources of a hand of card kinds, ``-`` when empty."""
    h = hres(hand)
    parts = [f"{h[r]}{D.RES_LETTER[r]}" for r in range(5) if h[r]]
    return " ".join(parts) or "-"


def res_text(counts: tuple[int, ...] | list[int]) -> str:
    """``2W 1L``: resource counts (G L W O, then Au if given)."""
    return " ".join(f"{counts[r]}{D.RES_LETTER[r]}" for r in range(len(counts)) if counts[r])


def supply_text(c: int) -> str:
    """``S03 G+W``: a supply card and its two resources."""
    a, b = D.SUPPLY[c]
    return f"S{c + 1:02d} {D.RES_LETTER[a]}+{D.RES_LETTER[b]}"


def seat_key(n: int, seat: int | None) -> list[str]:
    """``1 = alice (you), 2 = greedy 2, ...``: what the seat numbers stand for."""
    items = [f"{s + 1} = {seat_ref(s)}" + (" (you)" if s == seat else "") for s in range(n)]
    return wrap("Seats: ", items)


# ---------------------------------------------------------------------- the map


def hero_tags(st: State, p: int) -> str:
    """``Wl1 Pr3``: the heroes in province ``p`` with their seats' numbers."""
    return " ".join(
        f"{D.HERO_TEXT[h].capitalize()}{s + 1}"
        for s in range(st.n)
        for h in range(3)
        if st.hero[s * 3 + h] == p
    )


def moves_from(st: State, p: int) -> list[str]:
    """``ne I1``: every direction that leads somewhere from ``p``, with its end."""
    row = st.board.move[p]
    return [f"{D.DIR_NAME[d]} {st.board.names[row[d]]}" for d in range(D.NDIR) if row[d] >= 0]


def map_lines(st: State) -> list[str]:
    """The two rows of provinces as a brick wall (spec §2.1): the inland row above, each
    inland tile over the joint of two coastal ones, the sea to the south; a compass in
    the margin. Each tile shows its name, terrain and the heroes in it."""
    bd = st.board
    k = bd.k
    cw = min(18, (WIDTH - 4) // k)  # a coastal tile's width, its left border included
    left = 2
    inl = left + cw // 2

    def cell(p: int) -> tuple[str, str]:
        a = f"{bd.names[p]} {D.DECK_NAME[bd.terrain[p]]}"
        b = hero_tags(st, p)
        if len(b) > cw - 1:
            b = b[: cw - 2] + "+"
        return a[: cw - 1].ljust(cw - 1), b.ljust(cw - 1)

    def row(start: int, ps: range, which: int) -> str:
        return " " * start + "|" + "|".join(cell(p)[which] for p in ps) + "|"

    def border(spans: list[tuple[int, int]]) -> str:
        chars = [" "] * (WIDTH + 1)
        for start, count in spans:
            for x in range(start, start + count * cw + 1):
                chars[x] = "+" if (x - start) % cw == 0 else "-"
        return "".join(chars).rstrip()

    coast, inland = range(k), range(k, bd.np)
    compass = ("nw ne", "w  +  e", "sw se")
    pad = [c.center(inl - 1) for c in compass]
    out = [
        pad[0] + border([(inl, k - 1)])[len(pad[0]) :],
        pad[1] + row(inl, inland, 0)[len(pad[1]) :],
        pad[2] + row(inl, inland, 1)[len(pad[2]) :],
        border([(inl, k - 1), (left, k)]),
        row(left, coast, 0),
        row(left, coast, 1),
        border([(left, k)]),
        " " * left + " the sea (south) ".center(k * cw + 1, "~"),
    ]
    return out


def map_view(st: State, seat: int | None) -> str:
    """The map and where each direction leads from each province."""
    bd = st.board
    out = ["Map, north up (WlN PrN SkN = warlord, priest, skald of seat N):"]
    out += map_lines(st)
    out.append("Hero moves from each province ('wl ne', or 'wl I1' by the destination);")
    out.append("  a village may go next to yours: any of these but ship_w/ship_e:")
    width = max(len(n) for n in bd.names)
    for p in range(bd.np):
        out.append(
            f"  {bd.names[p]:<{width}} {D.DECK_NAME[bd.terrain[p]]:<8} "
            + ", ".join(moves_from(st, p))
        )
    if seat is not None and 0 <= seat < st.n:
        mine = [
            f"{D.HERO_TEXT[h]} in {bd.names[st.hero[seat * 3 + h]]}"
            for h in range(3)
            if st.hero[seat * 3 + h] >= 0
        ]
        out.append(f"Your heroes (seat {seat + 1}): " + (", ".join(mine) or "none"))
    return "\n".join(out)


# ---------------------------------------------------------------------- look-ups


def votes_view(st: State, seat: int | None) -> str:
    bd = st.board
    n = st.n
    lines = ["Votes   " + " ".join(f"{s + 1:>4}" for s in range(n)) + "   all  passes with"]
    for p in range(bd.np):
        vs = [votes(st, s, p) for s in range(n)]
        total = sum(vs)
        need = f"{total // 2 + 1} yes" if total else "-"
        lines.append(
            f"{bd.names[p]:<7} " + " ".join(f"{v:>4}" for v in vs) + f"  {total:>4}  {need}"
        )
    lines.append("A province's votes: its settlements + heroes (warlord = army, 0 next to a")
    lines.append("  priest; priest 0; skald = the other heroes there; 3 players: +1 each).")
    lines += seat_key(n, seat)
    return "\n".join(lines)


def costs_view(st: State) -> str:
    bd = st.board
    lines = [
        f"village {bd.names[p]} ({bd.tiles[p].ident}): {res_text(bd.tiles[p].village)}"
        for p in range(bd.np)
    ]
    lines += [f"{D.BUILDING_NAME[t]}: {res_text(D.BUILDING_COST[t])}" for t in range(3)]
    lines += [f"{D.WORK_NAME[w]}: {res_text(D.WORK_COST[w])}" for w in range(4)]
    lines.append("army: 1G 1O + 3G, or + the resource of a fort you own (forest W,")
    lines.append("      plain L, hills O); gold replaces any one resource")
    return "\n".join(lines)


def card_view(st: State, seat: int | None) -> str:
    n = st.n
    if seat is None or not 0 <= seat < n:
        return "a spectator has no victory card"
    if st.vc[seat] < 0:
        dealt = st.vc_dealt[seat]
        if not dealt:
            return "no victory card: this game is played with the victory sheet"
        return "\n".join(card_lines(st, seat, c) for c in dealt)
    return card_lines(st, seat, st.vc[seat])


def card_lines(st: State, seat: int, card: int) -> str:
    th = D.victory_card_thresholds(card, st.n)
    m = measures(st, seat)
    got = sum(card_vp(card, st.n, m))
    return "\n".join(
        [f"VC{card + 1:02d}: {got} VP now (6 win)"]
        + [f"  {D.COLUMNS[c]}: now {m[c]}, levels {'/'.join(map(str, th[c]))}" for c in range(5)]
    )


def view(st: State, seat: int | None, text: str) -> str | None:
    """Prompt look-ups: ``legend``, ``map``, ``votes``, ``costs``, ``hand``, ``card``
    (what ``seat`` may know)."""
    n = st.n
    word = text.strip().lower()
    if word == "legend":
        return legend(st)
    if word == "map":
        return map_view(st, seat)
    if word == "votes":
        return votes_view(st, seat)
    if word == "costs":
        return costs_view(st)
    if word == "hand":
        if seat is None or not 0 <= seat < n:
            return "a spectator has no hand"
        sup = ", ".join(supply_text(c) for c in st.shand[seat])
        return f"hand: {hand_text(st.hand[seat])}; supply cards: {sup or '-'}"
    if word == "card":
        return card_view(st, seat)
    return None


def legend(st: State) -> str:
    """Every abbreviation on the board and in the actions."""
    b4 = D.V_BUILDINGS_3P if st.n == 3 else D.V_BUILDINGS
    score = (
        "\n  VP: the points of your secret victory card (6 win; 'card')."
        if st.cards
        else f"\n  met: the victory conditions met (1.3.. = V1 and V3): V1 {D.V_SETTLEMENTS}+ "
        f"settlements,\n    V2 {D.V_PROVINCES2}+ provinces with 2+, V3 {D.V_DOMINATED}+ in one, "
        f"V4 {b4}+ buildings, V5 army {D.V_ARMY}+;\n    the lead wins with {D.V_NEEDED} after "
        "its build."
    )
    return f"""\
Head: the round; whose decision; the lead holds the ship: only the lead builds,
  and it moves no hero and makes no offer.
Provinces: C1.. on the coast (west to east), I1.. inland; 'map' draws them;
  those with nothing there (no settlement, hero, card or work) share a line.
  works: R road, M market, P rampart (palisade), I improvement.
  lying: the cards to be offered there: G grain, L livestock, W wood, O ore,
    Au gold (wild when paying); 2? = 2 face-down cards (a road adds them).
  a column per seat number (the seat table's; 'to p2' = to seat 2):
    1v = 1 village; F T H = its fort, temple, hall; Wl Pr Sk = its warlord,
    priest, skald; (Pr) = waiting to enter; =3 = its votes there.
Seats: army strength; S settlements, P provinces with 2+ of them, D the most
  in one province, B buildings.{score}
  hand: your cards and supply cards (S03: 'costs'/'hand' show its two
    icons); of the others how many cards, +1S = one supply card.
Offers: 'offer C2', then 'to pN' per card (G L W O Au, then ?), or all in one
  line: 'offer C2 to p1 p3'; everyone with votes there votes; more than half
  of the votes passes it.
Actions: pN = seat N; directions w e nw ne sw se ship_w ship_e as on the map,
  or the destination ('wl I1'). Paying: 'pay' alone pays it all the cheapest
  way; a card at a time: 'pay W', 'gold W' (Au as W), 'supply S03', 'mkt G W'
  (a market: a G card as W).
Look-ups: {VIEWS};
  'rules' the rules."""
