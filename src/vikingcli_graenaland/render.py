"""The table as text (80 columns), as a seat or a spectator sees it."""

from __future__ import annotations

from vikingcli_graenaland import data as D
from vikingcli_graenaland.rules.votes import votes
from vikingcli_graenaland.scoring import conditions, measures, vp
from vikingcli_graenaland.state import (
    PH_ALLOC,
    PH_CLAIM,
    PH_CONTRIB,
    PH_FEE,
    PH_JOINT,
    PH_MOVE,
    PH_OVER,
    PH_PAY,
    PH_VOTE,
    PHASE_NAME,
    GState,
)
from vikingcli_graenaland.view import hand_text

HERO_TEXT = ("Wl", "Pr", "Sk")


def _wrap(prefix: str, items: list[str], width: int = 79) -> list[str]:
    """Lay ``items`` out after ``prefix``, wrapping at ``width`` columns."""
    lines: list[str] = []
    line = prefix
    for it in items:
        if len(line) + len(it) + 2 > width and line.strip():
            lines.append(line.rstrip())
            line = " " * len(prefix)
        line += it + "  "
    lines.append(line.rstrip())
    return lines


def render(st: GState, seat: int | None) -> str:
    bd = st.board
    n = st.n
    out: list[str] = []
    if st.phase == PH_OVER:
        status = "game over"
    else:
        status = f"{PHASE_NAME[st.phase]}: p{st.cur + 1} to act"
    out.append(
        f"Graenaland  round {min(st.round, st.round_limit)}/{st.round_limit}  "
        f"lead (ship) p{st.lead + 1}  [{status}]"
    )
    out.append("province      terrain   works lying cards (R road M market P rampart I improve)")
    for p in range(bd.np):
        t = bd.tiles[p]
        works = "".join(
            letter if on else "-"
            for letter, on in zip("RMPI", (st.road[p], st.market[p], st.rampart[p], st.impr[p]))
        )
        up = " ".join(f"{st.up[p * 5 + r]}{D.RES_LETTER[r]}" for r in range(5) if st.up[p * 5 + r])
        down = f" {len(st.down[p])}x face-down" if st.down[p] else ""
        out.append(
            f"{bd.names[p]:<3}{t.ident:<10} {D.DECK_NAME[t.terrain]:<9} {works:<5} "
            f"{(up + down).strip() or '-'}"
        )
        items = []
        for s in range(n):
            v = st.vil[p * n + s]
            blds = "".join("FTH"[b] for b in range(3) if st.bld[p * 3 + b] == s)
            heroes = " ".join(HERO_TEXT[h] for h in range(3) if st.hero[s * 3 + h] == p)
            wait = " ".join(f"({HERO_TEXT[h]} waits)" for h in range(3) if st.wait[s * 3 + h] == p)
            vt = votes(st, s, p)
            if v or blds or heroes or wait or vt:
                body = " ".join(x for x in (f"{v}v" if v else "", blds, heroes, wait) if x)
                items.append(f"p{s + 1}[{body}]={vt}")
        out.extend(_wrap("      ", items or ["(nobody)"]))
    row = [
        f"S{c + 1:02d}:{D.RES_LETTER[D.SUPPLY[c][0]]}+{D.RES_LETTER[D.SUPPLY[c][1]]}"
        for c in st.srow
    ]
    out.append("supply row: " + ("  ".join(row) or "-"))
    out.append("player army  S  P  D  B  conditions  hand")
    for s in range(n):
        m = measures(st, s)
        cond = conditions(st, s)
        if seat == s:
            sup = " ".join(f"S{c + 1:02d}" for c in st.shand[s])
            hand = hand_text(st.hand[s]) + (f" + {sup}" if sup else "")
        else:
            hand = f"{sum(st.hand[s])} cards + {len(st.shand[s])} supply"
        extra = ""
        if st.cards and st.vc[s] >= 0 and (seat == s or st.phase == PH_OVER or s == st.winner):
            extra = f" VC{st.vc[s] + 1:02d}={vp(st, s)}VP"
        flags = "".join(f"V{i + 1}" if c else ".." for i, c in enumerate(cond))
        out.append(
            f"p{s + 1}{'*' if s == st.lead else ' '}    {m[4]:>2}   {m[0]:>2} {m[1]:>2} {m[2]:>2} "
            f"{m[3]:>2}  {flags} {sum(cond)}/5{extra} | {hand}"
        )
    if st.phase in (PH_ALLOC, PH_VOTE):
        p = st.offer_x
        alloc = [
            f"{'?' if c == 5 else D.RES_LETTER[c]}>p{w + 1}" for c, w in zip(st.ocls, st.oalloc)
        ]
        rest = len(st.ocls) - len(st.oalloc)
        if rest:
            alloc.append(f"({rest} to allocate)")
        out.extend(_wrap(f"offer on {bd.names[p]}: ", alloc))
        if st.phase == PH_VOTE:
            cast = ", ".join(
                f"p{v + 1} {'yes' if y else 'no'}" for v, y in zip(st.voters, st.vote_log)
            )
            out.append(f"votes {st.total} in all, yes {st.yes} so far; {cast or 'none cast'}")
    if st.phase in (PH_PAY, PH_FEE):
        need = " ".join(f"{st.req[r]}{D.RES_LETTER[r]}" for r in range(4) if st.req[r])
        fee = f"; rampart fee to {', '.join(f'p{o + 1}' for o in st.fee)}" if st.fee else ""
        out.append(f"paying: still {need or '-'}{fee}")
    if st.phase in (PH_CONTRIB, PH_JOINT) or st.pend_joint:
        given = [f"p{o + 1}:{hand_text(st.contrib[o])}" for o in range(n) if sum(st.contrib[o])]
        out.extend(
            _wrap(
                f"joint {D.WORK_NAME[st.joint_w]} in {bd.names[st.joint_p]}, given: ",
                given or ["nothing yet"],
            )
        )
    if st.phase == PH_CLAIM:
        done = [f"p{o + 1}" for o in range(n) if st.ccommit[o] >= 0]
        out.append(f"claim window: {', '.join(done) or 'nobody'} committed")
    if st.phase == PH_MOVE:
        done = [f"p{o + 1}" for o in range(n) if st.mcommit[o] >= 0]
        out.append(f"hero moves committed (hidden): {', '.join(done) or 'none'}")
    if seat is not None and 0 <= seat < n:
        mine = [f"{bd.names[p]}={votes(st, seat, p)}" for p in range(bd.np) if votes(st, seat, p)]
        out.extend(_wrap(f"you are p{seat + 1}; your votes: ", mine or ["none"]))
    if st.phase == PH_OVER:
        w = "nobody" if st.winner < 0 else f"p{st.winner + 1}"
        out.append(f"game over ({st.end_reason}); winner: {w}")
    elif st.winner >= 0:
        out.append(f"p{st.winner + 1} has won; final builds")
    return "\n".join(out)
