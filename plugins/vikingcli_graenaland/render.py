"""The table as text, as a seat or a spectator sees it: the default board fits an
80 x 24 terminal with the prompt, its map rows marked as detail a short screen may
fold (five seats and a hero question take 22 lines when every province and hero is
on the board, 17 at the start, where the empty provinces and the heroes not yet
placed share a line each, leaving the log four rows); the details are look-ups
(``view.py``: ``legend``, ``map``, ``votes``, ``costs``, ``board N`` ...).

Seats are named with :func:`vikingcli.engine.seat_ref` (the host puts the seat's name
there) and numbered from 1 in the columns, as the actions number them (``to p2``)."""

from __future__ import annotations

from vikingcli.engine import DETAIL, seat_ref
from vikingcli_graenaland import data as D
from vikingcli_graenaland import state as S
from vikingcli_graenaland.actions import NOT_YET, action_text, hero_choices
from vikingcli_graenaland.rules.cheapest import cheapest_payment
from vikingcli_graenaland.rules.votes import vote_result, votes
from vikingcli_graenaland.scoring import conditions, measures, vp
from vikingcli_graenaland.view import (
    VIEWS,
    WIDTH,
    hand_text,
    res_text,
    supply_text,
    wrap,
)

WORK_NOUN = ("a road", "a market", "a rampart", "an improvement")
# what the decision of each phase is about, in the head line
PHASE_WORD = {
    S.PH_ALLOC: "an offer", S.PH_VOTE: "a vote", S.PH_PAY: "paying", S.PH_HERO: "building"
}  # fmt: skip


def render(st: S.State, seat: int | None) -> list[tuple[str, str]]:
    provinces = province_lines(st)
    out = [head_line(st), provinces[0]]
    # a short screen may fold the provinces' rows, the last first ('map', 'board'
    # show them): the seats and the decision with its choices stay
    styled = [("", line) for line in out] + [(DETAIL, line) for line in provinces[1:]]
    styled += [("", line) for line in (*seat_lines(st, seat), *phase_lines(st, seat))]
    last = len(styled) - 1
    return [(style, line + ("\n" if k < last else "")) for k, (style, line) in enumerate(styled)]


def head_line(st: S.State) -> str:
    head = f"Graenaland round {min(st.round, st.round_limit)}/{st.round_limit}"
    if st.phase == S.PH_OVER:
        return head + ", game over"
    phase = PHASE_WORD.get(st.phase, S.PHASE_NAMES[st.phase])
    if st.winner >= 0:  # the final builds: the lead no longer matters
        return f"{head}, {phase}: {seat_ref(st.actor)} to act. {seat_ref(st.winner)} has won"
    return f"{head}, {phase}: {seat_ref(st.actor)} to act. Lead (ship): {seat_ref(st.start)}"


def lying_text(st: S.State, p: int) -> str:
    """``2G 1L 1?``: the cards lying in province ``p`` (``?`` face down)."""
    up = [st.up[p * 5 + r] for r in range(5)]
    down = f"{len(st.down[p])}?" if st.down[p] else ""
    return " ".join(x for x in (res_text(up), down) if x) or "-"


def seat_cell(st: S.State, s: int, p: int) -> str:
    """``1vF+Wl=3``: seat ``s``'s villages, buildings and hero in ``p``, and its votes."""
    v = st.vil[p * st.n + s]
    own = (f"{v}v" if v else "") + "".join("FTH"[b] for b in range(3) if st.bld[p * 3 + b] == s)
    heroes = [D.HERO_TEXT[h].capitalize() for h in range(3) if st.hero[s * 3 + h] == p]
    heroes += [f"({D.HERO_TEXT[h].capitalize()})" for h in range(3) if st.wait[s * 3 + h] == p]
    body = "+".join(x for x in (own, *heroes) if x)
    vt = votes(st, s, p)
    return f"{body}={vt}" if body or vt else "."


def province_lines(st: S.State) -> list[str]:
    """One row per province: terrain, public works, the cards lying there and a column
    per seat (settlements, hero, votes); the provinces where nothing is (no settlement,
    hero, card or work: most inland ones early on) share one line at the end, so that
    with five seats the log under the board keeps rows for the round's offers."""
    bd = st.board
    n = st.n
    rows = []
    empty = []
    for p in range(bd.np):
        works = "".join(
            letter
            for letter, on in zip("RMPI", (st.road[p], st.market[p], st.rampart[p], st.impr[p]))
            if on
        )
        cells = [seat_cell(st, s, p) for s in range(n)]
        terrain = D.DECK_NAME[bd.terrain[p]]
        lying = lying_text(st, p)
        if not works and lying == "-" and all(c == "." for c in cells):
            empty.append(f"{bd.names[p]} {terrain}")
            continue
        rows.append((bd.names[p], terrain, works or "-", lying, *cells))
    head = ("", "terrain", "works", "lying", *(f"{s + 1}" for s in range(n)))
    widths = [max(len(r[i]) for r in (head, *rows)) for i in range(len(head))]
    out = [" ".join(c.ljust(w) for c, w in zip(r, widths)).rstrip()[:WIDTH] for r in (head, *rows)]
    if empty:
        out += wrap("", [*empty[:-1], f"{empty[-1]}: empty"])
    return out


def seat_lines(st: S.State, seat: int | None) -> list[str]:
    """One row per seat: army, the victory measures, what it has met, its hand, name."""
    n = st.n
    score_head = "VP" if st.cards else "met"
    hands = [hand_of(st, s, seat) for s in range(n)]
    hw = max(len(h) for h in hands)
    out = [f"   army  S  P  D  B {score_head:<6} {'hand':<{hw}} seat"]
    for s in range(n):
        m = measures(st, s)
        if st.cards:
            known = st.vc[s] >= 0 and (s == seat or st.phase == S.PH_OVER or s == st.winner)
            score = f"{vp(st, s)}" if known else "?"
        else:
            score = "".join(str(i + 1) if c else "." for i, c in enumerate(conditions(st, s)))
        marks = [m for m, on in (("you", s == seat), ("lead", s == st.start)) if on]
        tag = f" ({', '.join(marks)})" if marks else ""
        out.append(
            f"{s + 1:>2} {m[4]:>4} {m[0]:>2} {m[1]:>2} {m[2]:>2} {m[3]:>2} {score:<6} "
            f"{hands[s]:<{hw}} {seat_ref(s)}{tag}"
        )
    return out


def seat_board(st: S.State, s: int, seat: int | None) -> str:
    """``board N``: what the table shows of seat ``s``: its army and measures, its
    settlements, buildings and heroes province by province, and its hand as
    ``seat`` may see it."""
    m = measures(st, s)
    you = " (you)" if s == seat else ""
    out = [
        f"{seat_ref(s)}{you}, seat {s + 1}: army {m[4]}, hand: {hand_of(st, s, seat)}",
        f"  {plural(m[0], 'settlement')}, {plural(m[1], 'province')} with 2+, "
        f"{m[2]} at most in one, {plural(m[3], 'building')}",
    ]
    held = [
        f"{st.board.names[p]} {seat_cell(st, s, p)}"
        for p in range(st.board.np)
        if seat_cell(st, s, p) != "."
    ]
    out += wrap("  provinces: ", held or ["none"])
    return "\n".join(out)


def hand_of(st: S.State, s: int, seat: int | None) -> str:
    """The viewer's own cards; for the others how many (hands are hidden)."""
    if s == seat:
        sup = " ".join(f"S{c + 1:02d}" for c in st.shand[s])
        return hand_text(st.hand[s]) + (f" +{sup}" if sup else "")
    return plural(sum(st.hand[s]), "card") + (f" +{len(st.shand[s])}S" if st.shand[s] else "")


# ---------------------------------------------------------------------- the decision


def plural(k: int, word: str) -> str:
    return f"{k} {word}" + ("" if k == 1 else "s")


def phase_lines(st: S.State, seat: int | None) -> list[str]:
    """What is being decided now, and for the seat to move, its choices."""
    mine = seat is not None and seat == st.actor
    ph = st.phase
    if ph == S.PH_OVER:
        w = "nobody" if st.winner < 0 else seat_ref(st.winner)
        why = "the round limit" if st.end_reason == "round limit" else "the final builds are over"
        return [f"Game over ({why}); winner: {w}"]
    out = []
    if ph == S.PH_MOVE:
        out += move_lines(st, mine)
    elif ph == S.PH_OFFER:
        out += offer_lines(st, mine)
    elif ph == S.PH_ALLOC:
        out += alloc_lines(st)
    elif ph == S.PH_VOTE:
        out += vote_lines(st)
    elif ph in (S.PH_BUILD, S.PH_PAY, S.PH_FEE, S.PH_HERO):
        out += build_lines(st, mine)
    elif ph in (S.PH_CONTRIB, S.PH_JOINT):
        out += joint_lines(st)
    elif ph == S.PH_CLAIM:
        done = [seat_ref(o) for o in range(st.n) if st.ccommit[o] >= 0]
        out.append("Claims (secret): claim 6+ VP to build at once and win, or 'noclaim'.")
        out += wrap("Committed: ", done or ["nobody yet"])
    else:
        out += setup_lines(st)
    return out


def move_lines(st: S.State, mine: bool) -> list[str]:
    done = [seat_ref(o) for o in range(st.n) if st.mcommit[o] >= 0]
    out = wrap("Hero moves, secret until all are in; committed: ", done or ["nobody yet"])
    if not mine:
        return out
    absent = []  # heroes not on the board yet share a line (the screen is short)
    for h in range(3):  # every hero, a move that would swap two of them marked
        head, _, ways = hero_choices(st, st.actor, h).partition(": ")
        if ways == NOT_YET:
            absent.append(D.HERO_TEXT[h])
        else:
            out += wrap(f"  {head}: ", ways.split(", "))
    if absent:
        out.append(f"  your {' and '.join(absent)}: {NOT_YET}")
    # appended to a full line, "; or stay" outgrew the width: then on a line of its own
    last = out.pop()
    out += [last + ";", "    or stay"] if len(last) + 9 > WIDTH else [last + "; or stay"]
    return out


def offer_lines(st: S.State, mine: bool) -> list[str]:
    out = [f"Offers: {seat_ref(st.actor)} splits the cards lying in one province, or passes."]
    if mine:  # the whole split in one line: the cards as listed, a seat for each
        out = ["Offers: 'offer X to pN pN ...' gives X's cards (as listed), or 'pass'."]
        bd = st.board
        items = []
        for p in range(bd.np):
            lying = lying_text(st, p)
            v = votes(st, st.actor, p)
            if v and lying != "-":
                total = sum(votes(st, o, p) for o in range(st.n))
                items.append(f"{bd.names[p]} {lying} ({v} of {total} votes)")
        out += wrap("You may offer in: ", items or ["nowhere (no votes where cards lie)"])
    return out


def offer_so_far(st: S.State) -> list[str]:
    """``1G 1W to {p1}``, ``1L to {p2}``: the cards handed out in the offer so far."""
    per: dict[int, list[int]] = {}
    for c, who in zip(st.ocls, st.oalloc):
        per.setdefault(who, [0] * 6)[c] += 1
    parts = []
    for who in sorted(per, key=st.oelig.index):
        cnt = per[who]
        txt = " ".join(x for x in (res_text(cnt[:5]), f"{cnt[5]}?" if cnt[5] else "") if x)
        parts.append(f"{txt} to {seat_ref(who)}")
    return parts


def alloc_lines(st: S.State) -> list[str]:
    """The offer being split: what went where, and who may get the next card (the
    canonical order of one kind's cards leaves only the seats from the last one on)."""
    p = st.offer_x
    i = len(st.oalloc)
    c = st.ocls[i]
    head = f"Offer in {st.board.names[p]} by {seat_ref(st.actor)}, so far: "
    out = wrap(head, offer_so_far(st) or ["nothing handed out"])
    card = "face-down (?)" if c == S.HIDDEN else f"{D.RES_NAME[c]} ({D.RES_LETTER[c]})"
    lo = st.oelig.index(st.oalloc[-1]) if i and st.ocls[i - 1] == c else 0
    choices = [f"p{o + 1} {seat_ref(o)}" for o in st.oelig[lo:]]
    out += wrap(f"Card {i + 1} of {len(st.ocls)}, {card}, goes to: ", choices)
    return out


def vote_lines(st: S.State) -> list[str]:
    bd = st.board
    offerer = st.voters[0]
    out = wrap(f"Vote on {seat_ref(offerer)}'s offer in {bd.names[st.offer_x]}: ", offer_so_far(st))
    cast = []
    for i, (v, k) in enumerate(zip(st.voters, st.vvotes)):
        said = ("yes" if st.vote_log[i] else "no") if i < st.vidx else "now" if i == st.vidx else ""
        cast.append(f"{seat_ref(v)} {k} {said}".rstrip())
    # the rules ask every voter even once the result is sure: say so
    result = vote_result(st)
    if result is True:
        end = "passes whatever the rest vote"
    elif result is False:
        end = "fails whatever the rest vote"
    else:
        end = f"passes with {st.total // 2 + 1}"
    return out + wrap("Votes: ", [*cast, f"yes {st.yes} of {st.total}: {end}"])


def build_lines(st: S.State, mine: bool = False) -> list[str]:
    """The build under way; ``mine``: the payer's own view (the cheapest way to pay
    the rest, which tells what is in its hand, is shown to it alone)."""
    bd = st.board
    who = seat_ref(st.actor)
    out = []
    if st.bmode == S.BM_FINAL:
        out.append(f"Final build of {who}: no supply card, no public works.")
    elif st.bmode == S.BM_PERMIT:
        out.append(f"{who} may build one thing, by the lead's permission ('nothing' to skip).")
    elif st.phase == S.PH_BUILD:
        out.append(f"{who} builds (the lead); 'actions' lists what you can pay, 'costs' prices.")
    if st.phase == S.PH_BUILD and st.bmode == S.BM_NORMAL and not st.supply_taken:
        out += wrap("Supply row (take one): ", [supply_text(c) for c in st.srow] or ["empty"])
    if st.phase == S.PH_BUILD and st.bmode == S.BM_NORMAL and not st.cards:
        met = sum(conditions(st, st.actor))
        if met >= D.V_NEEDED:  # the win is checked at the end of the build: say so
            out.append(f"{who} meets {met} of the 5 conditions: 'end' ends the build and wins.")
    if st.phase in (S.PH_PAY, S.PH_FEE, S.PH_HERO):
        what = pending_text(st)
        if st.phase == S.PH_HERO:
            h = D.HERO_NAME[st.hero_type]
            out.append(f"Built {what}: move your {h} there? 'hero move' or 'hero stay'.")
        elif st.phase == S.PH_FEE:
            to = [seat_ref(o) for o in st.fee]
            out += wrap(f"Rampart fee before paying for {what}: a card each to ", to)
        else:
            need = res_text(st.req) or "-"
            out.append(f"Paying for {what}: still {need}.")
            joint = " | cpay R pN" if st.pend_joint else ""
            if mine:  # on lines of their own: with the rest they outgrow 80 columns
                steps = [action_text(st, a) for a in cheapest_payment(st)]
                out += wrap("  pay (all of it, the cheapest way): ", steps)
            out.append(f"  pay R | gold R (Au as R) | supply Snn | mkt R2 R (market){joint}")
    if st.phase == S.PH_BUILD and st.pend_joint:
        out.append(f"Joint {D.WORK_NAME[st.joint_w]} in {bd.names[st.joint_p]} under way.")
    return out


def pending_text(st: S.State) -> str:
    """``a village in C3``: the build being paid for."""
    where = st.board.names[st.pend_p]
    if st.pend_kind == S.K_VILLAGE:
        return f"a village in {where}"
    if st.pend_kind == S.K_BUILDING:
        return f"a {D.BUILDING_NAME[st.pend_t]} in {where}"
    if st.pend_kind == S.K_ARMY:
        return "+1 army"
    return f"{WORK_NOUN[st.pend_t]} in {where}"


def joint_lines(st: S.State) -> list[str]:
    bd = st.board
    work = f"joint {D.WORK_NAME[st.joint_w]} in {bd.names[st.joint_p]}"
    given = [f"{seat_ref(o)} {hand_text(st.contrib[o])}" for o in range(st.n) if sum(st.contrib[o])]
    out = wrap(
        f"{seat_ref(st.start)}'s {work}, cost {res_text(D.WORK_COST[st.joint_w])}; given: ",
        given or ["nothing yet"],
    )
    who = seat_ref(st.actor)
    if st.phase == S.PH_CONTRIB:
        out.append(f"  {who} may give cards ('give R', one at a time), then 'done'.")
    else:
        out.append(f"  {who}: 'complete' (pay with them) or 'abandon' (all go back).")
    return out


def setup_lines(st: S.State) -> list[str]:
    bd = st.board
    who = seat_ref(st.actor)
    if st.phase == S.PH_DRAFT:
        extra = " and warlord" if st.didx < st.n else ""
        return [f"Start draft: {who} places a village{extra} on the coast ('place Cn')."]
    if st.phase == S.PH_RELOC:
        where = bd.names[st.reloc_p]
        return [f"{where} is overcrowded: {who} may move its village ('reloc Cn', 'noreloc')."]
    if st.phase == S.PH_VCKEEP:
        return [f"{who} keeps one of 3 victory cards ('keep VCnn'; 'card' shows them)."]
    return []


__all__ = ["VIEWS", "render", "seat_board"]
