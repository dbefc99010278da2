"""Text rendering (80 columns) and the rules summary."""

from __future__ import annotations

from vikingcli_graenaland import data as D
from vikingcli_graenaland.rules import (
    action_text,
    conditions,
    hres,
    measures,
    own_settlements,
    votes,
    vp,
)
from vikingcli_graenaland.state import PH_ALLOC, PH_OVER, PH_VOTE, PHASE_NAME, GState

HERO_LETTER = ("W", "P", "S")


def _hand_text(hand: list[int]) -> str:
    h = hres(hand)
    parts = [f"{h[r]}{D.RES_LETTER[r]}" for r in range(5) if h[r]]
    return " ".join(parts) or "-"


def render(st: GState, seat: int | None) -> str:
    bd = st.board
    n = st.n
    out: list[str] = []
    status = "game over" if st.phase == PH_OVER else f"{PHASE_NAME[st.phase]}, p{st.cur + 1} to act"
    out.append(
        f"Graenaland  round {min(st.round, st.round_limit)}/{st.round_limit}  "
        f"lead p{st.lead + 1}  ({status})"
    )
    for p in range(bd.np):
        t = bd.tiles[p]
        works = "".join(
            c for c, on in zip("RMPI", (st.road[p], st.market[p], st.rampart[p], st.impr[p])) if on
        )
        up = " ".join(f"{st.up[p * 5 + r]}{D.RES_LETTER[r]}" for r in range(5) if st.up[p * 5 + r])
        down = f" +{len(st.down[p])}?" if st.down[p] else ""
        out.append(
            f"{bd.names[p]:<3}{t.ident:<10}{D.DECK_NAME[t.terrain]:<9}"
            f"works:{works or '-':<4} cards: {(up + down).strip() or '-'}"
        )
        row = []
        for s in range(n):
            v = st.vil[p * n + s]
            blds = "".join("FTH"[b] for b in range(3) if st.bld[p * 3 + b] == s)
            heroes = "".join(HERO_LETTER[h] for h in range(3) if st.hero[s * 3 + h] == p)
            wait = "".join(HERO_LETTER[h].lower() for h in range(3) if st.wait[s * 3 + h] == p)
            vt = votes(st, s, p)
            if v or blds or heroes or wait or vt:
                row.append(f"p{s + 1}:{v}v{blds}{heroes}{wait}={vt}")
        out.append("     " + ("  ".join(row) if row else "(empty)"))
    out.append(
        "supply row: "
        + " ".join(
            f"S{c + 1:02d}({D.RES_LETTER[D.SUPPLY[c][0]]}{D.RES_LETTER[D.SUPPLY[c][1]]})"
            for c in st.srow
        )
    )
    for s in range(n):
        m = measures(st, s)
        cond = conditions(st, s)
        hand = _hand_text(st.hand[s]) if seat == s else f"{sum(st.hand[s])} cards"
        sup = " ".join(f"S{c + 1:02d}" for c in st.shand[s]) if seat == s else str(len(st.shand[s]))
        extra = ""
        if st.cards and (seat == s or st.phase == PH_OVER) and st.vc[s] >= 0:
            extra = f" VC{st.vc[s] + 1:02d}={vp(st, s)}VP"
        out.append(
            f"p{s + 1}{'*' if s == st.lead else ' '} army {m[4]:<2} S{m[0]} P{m[1]} D{m[2]} B{m[3]}"
            f" cond {sum(cond)}/5{extra} | hand {hand} | supply {sup}"
        )
    if st.phase in (PH_ALLOC, PH_VOTE):
        p = st.offer_x
        alloc = ", ".join(
            f"{'?' if c == 5 else D.RES_LETTER[c]}->p{w + 1}" for c, w in zip(st.ocls, st.oalloc)
        )
        out.append(f"offer on {bd.names[p]}: {alloc}")
        if st.phase == PH_VOTE:
            out.append(f"yes {st.yes} of {st.total} so far")
    if seat is not None and seat < n:
        mine = [bd.names[p] for p in range(bd.np) if own_settlements(st, seat, p)]
        out.append(f"you are p{seat + 1}; settlements in {', '.join(mine) or '-'}")
    if st.phase == PH_OVER:
        w = "nobody" if st.winner < 0 else f"p{st.winner + 1}"
        out.append(f"game over ({st.end_reason}); winner: {w}")
    _ = action_text
    return "\n".join(out)


RULES_TEXT = """\
Graenaland (Vlaada Chvatil) - 3 to 5 players

Each round: (1) every populated province gets resource cards up to its cap
(settlements + 1; roads add a face-down card, improvements a matching one);
(2) every player except the lead secretly moves one hero (warlord, priest,
skald) or stays; (3) every non-lead player may make one offer: split all cards
lying at one province among players with votes there; all voters vote yes/no
with all their votes, a strict majority passes it; (4) only the lead builds:
villages, fort/temple/hall, army, public works (road, market, rampart,
improvement), a joint work with contributions, or (5 players, option) a build
permission; the lead may take one supply card; (5) the ship passes left.
Votes in a province: settlements + hero votes (warlord = army, zero if a priest
is there; priest 0; skald = other heroes there; 3 players: +1 per hero;
ramparts cost warlords without a settlement 1 vote, with 3 players every hero).
Basic win: the lead meets 3 of V1 8 settlements, V2 3 provinces with 2,
V3 4 in one province, V4 2 buildings (3 with 3 players), V5 army 3 after its
build; the others build once more. Cards: a secret card scores 0-15 VP, 6 wins;
claims come after the offers. The game also ends at the round limit.

Action syntax (pN = seat N, X = province C1..C5 / I1..I4, R = G L W O Au):
  stay | wl|pr|sk w|e|nw|ne|sw|se|ship_w|ship_e      hero move
  pass | offer X, then one 'to pN' per card (G,L,W,O,Au then ? face-down)
  yes | no                                              vote
  take Snn | village X | fort|temple|hall X | army peasant|army L|W|O
  road|market|rampart|improve X | joint <work> X | permit pN | end | nothing
  pay R | gold R | supply Snn | mkt R R2 | mkt Snn R2    pay one requirement
  cpay R pN | cgold R pN                                 use a contributed card
  fee R                                                  rampart entry fee card
  hero move | hero stay                                  priest/skald to the new building
  give R | done                                          joint-work contribution
  complete | abandon                                     the lead's joint-work decision
  noclaim | claim V                                      victory claims (cards)
  place X | reloc X | noreloc | keep VCnn               advanced setup
"""
