"""Action texts (docs/rules/graenaland.md §6): the one canonical short text of every
action, the other spellings a person may type (``parse_alias``) and why a readable
move is not allowed now (``refusal``). Parsing is the engine's default: a text names
the legal action it formats to, else an alias, else the refusal gives the reason."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from vikingcli.engine import IllegalAction
from vikingcli_graenaland import data as D
from vikingcli_graenaland import state as S
from vikingcli_graenaland.data import AU, PR, G, L, O, W
from vikingcli_graenaland.rules import apply_legal, legal_actions
from vikingcli_graenaland.rules.cheapest import cheapest_first, cheapest_payment
from vikingcli_graenaland.rules.common import (
    army_variants,
    cards_at,
    fee_recipients,
    houses_left,
    hres,
    village_allowed,
    work_available,
)
from vikingcli_graenaland.rules.votes import votes
from vikingcli_graenaland.scoring import own_settlements, seat_text


def action_text(st: S.State, a: S.Action) -> str:
    """``a`` as players type it (``wl ne``, ``offer C3``, ``to p2``, ``mkt S03 L`` ...)."""
    names = st.board.names
    op = a[0]
    if len(a) == 1:
        return str(op)
    if op == "mv":
        return f"{D.HERO_TEXT[a[1]]} {D.DIR_NAME[a[2]]}"
    if op in ("offer", "place", "reloc", "village"):
        return f"{op} {names[a[1]]}"
    if op == "to":
        return f"to {seat_text(a[1])}"
    if op == "permit":
        return f"permit {seat_text(a[1])}"
    if op == "vc":
        return f"keep VC{a[1] + 1:02d}"
    if op == "claim":
        return f"claim {a[1]}"
    if op == "take":
        return f"take S{a[1] + 1:02d}"
    if op == "supply":
        return f"supply S{a[1] + 1:02d}"
    if op == "build":
        return f"{D.BUILDING_NAME[a[1]]} {names[a[2]]}"
    if op == "army":
        return "army peasant" if a[1] == G else f"army {D.RES_LETTER[a[1]]}"
    if op == "work":
        return f"{D.WORK_NAME[a[1]]} {names[a[2]]}"
    if op == "joint":
        return f"joint {D.WORK_NAME[a[1]]} {names[a[2]]}"
    if op in ("pay", "gold", "fee", "give"):
        return f"{op} {D.RES_LETTER[a[1]]}"
    if op in ("cpay", "cgold"):
        return f"{op} {D.RES_LETTER[a[1]]} {seat_text(a[2])}"
    if op == "mkt":
        return f"mkt {D.RES_LETTER[a[1]]} {D.RES_LETTER[a[2]]}"
    if op == "mkts":
        return f"mkt S{a[1] + 1:02d} {D.RES_LETTER[a[2]]}"
    if op == "hero":
        return "hero move" if a[1] else "hero stay"
    return " ".join(str(x) for x in a)


# ---------------------------------------------------------------------- other spellings


def parse_alias(st: S.State, text: str, legal: Sequence[S.Action]) -> S.Action | None:
    """The legal move ``text`` names another way: a hero move by its destination
    (``wl C3`` = ``wl ship_e`` from C1), a seat by its number (``to 2`` = ``to p2``),
    ``pay`` alone for the first step of the cheapest whole payment (``rules/cheapest.py``;
    at the prompt :func:`parse_moves` plays all of it)."""
    words = text.split()
    if words == ["pay"] and st.phase == S.PH_PAY:
        return next(iter(cheapest_payment(st)), None)
    names = [x.lower() for x in st.board.names]
    if len(words) == 2 and words[0] in D.HERO_TEXT and words[1] in names:
        h, dest = D.HERO_TEXT.index(words[0]), names.index(words[1])
        for a in legal:
            if a[0] == "mv" and a[1] == h:
                p = st.hero[st.actor * 3 + h]
                if p >= 0 and st.board.move[p][a[2]] == dest:
                    return a
        return None
    if len(words) == 2 and words[0] in ("to", "permit") and words[1].isdigit():
        want = f"{words[0]} p{words[1]}"
        return next((a for a in legal if action_text(st, a) == want), None)
    return None


def parse_moves(st: S.State, text: str) -> list[S.Action] | None:
    """Several moves named by one line (normalized), each legal after the one before:
    ``pay`` alone, the whole payment the cheapest way (``rules/cheapest.py``); ``to pA pB
    ...``, the next cards of the offer to these seats, one seat per card in the order
    the cards are listed; ``offer X to pA pB ...``, the offer and its split. Within
    one kind of card the seats may come in any order (the rules take them in the
    canonical one). ``None`` where ``text`` names one move or none; raises
    ``IllegalAction`` with the reason for a split that cannot be played."""
    words = text.split()
    if words == ["pay"] and st.phase == S.PH_PAY:
        return cheapest_payment(st) or None
    if st.phase == S.PH_OFFER and len(words) > 2 and words[0] == "offer":
        p = province(st, words[1])
        seats = words[3:] if words[2] == "to" else words[2:]
        if p is None or ("offer", p) not in legal_actions(st) or not seats:
            return None  # the one-move refusal names the problem with the offer itself
        after = st.clone()
        apply_legal(after, ("offer", p))
        return [("offer", p), *_split(after, seats)]
    if st.phase == S.PH_ALLOC and len(words) > 2 and words[0] == "to":
        return _split(st, words[1:])
    return None


def _split(st: S.State, words: list[str]) -> list[S.Action]:
    """The ``to pN`` moves that give the next cards of the offer in ``st`` (allocating)
    to the seats ``words`` names, one per card in the listed order."""
    left = st.ocls[len(st.oalloc) :]
    cards = " ".join("?" if c == S.HIDDEN else D.RES_LETTER[c] for c in left)
    seats = []
    for word in words:
        digits = word[1:] if word[:1] == "p" else word
        if not digits.isdigit() or not 1 <= int(digits) <= st.n:
            raise IllegalAction(
                f"'{word}' is no seat: write one seat per card, p1 to p{st.n}"
                f" (the cards to give, in order: {cards})"
            )
        seats.append(int(digits) - 1)
    if len(seats) > len(left):
        raise IllegalAction(f"{len(seats)} seats for {len(left)} cards: {cards}")
    here = st.board.names[st.offer_x]
    for s in seats:
        if s not in st.oelig:
            raise IllegalAction(f"p{s + 1} has no vote in {here}: only seats with votes get cards")
    # the same kind of card to several seats: the rules' order of them (offers.py)
    order = {s: i for i, s in enumerate(st.oelig)}
    start = 0
    while start < len(seats):
        end = start
        while end < len(seats) and left[end] == left[start]:
            end += 1
        seats[start:end] = sorted(seats[start:end], key=order.__getitem__)
        start = end
    moves: list[S.Action] = []
    node = st.clone()
    for s in seats:
        move = ("to", s)
        if move not in legal_actions(node):
            why = why_to(node, "to", [f"p{s + 1}"])
            raise IllegalAction(f"'to p{s + 1}' is not allowed now: {why}")
        apply_legal(node, move)
        moves.append(move)
    return moves


# ---------------------------------------------------------------------- choices listed


def legal_texts(st: S.State, legal: Sequence[S.Action]) -> list[str]:
    """The legal moves as listed to a person (``actions``, completion): while paying,
    ``pay`` first, then every step, the first step of the cheapest whole payment
    first (what ``pay`` alone begins with); otherwise in the rules' order."""
    if st.phase != S.PH_PAY:
        return [action_text(st, a) for a in legal]
    return ["pay", *(action_text(st, a) for a in cheapest_first(st, list(legal)))]


NOT_YET = "not on the board yet"
"""Why a priest or skald cannot move: it comes with its owner's first temple or hall."""


def hero_choices(st: S.State, seat: int, h: int) -> str:
    """Where hero ``h`` of ``seat`` can go in the hero moves, each direction with its
    destination, a move that swaps it with another hero of the seat marked (§2.4);
    or why it cannot move."""
    name = D.HERO_TEXT[h]
    p = st.hero[seat * 3 + h]
    if p < 0:
        waits = st.wait[seat * 3 + h]
        if waits >= 0:
            return f"your {name}: waiting to enter {st.board.names[waits]}"
        return f"your {name}: {NOT_YET}"
    row = st.board.move[p]
    ways = []
    for d in range(D.NDIR):
        dest = row[d]
        if dest < 0:
            continue
        other = [D.HERO_TEXT[o] for o in range(3) if o != h and st.hero[seat * 3 + o] == dest]
        swap = f" (swaps with your {other[0]})" if other else ""
        ways.append(f"{D.DIR_NAME[d]} {st.board.names[dest]}{swap}")
    return f"your {name} in {st.board.names[p]}: {', '.join(ways)}"


# ---------------------------------------------------------------------- why not

# the verbs, with the phases where each is a move
VERBS: dict[str, tuple[int, ...]] = {
    "stay": (S.PH_MOVE,), "wl": (S.PH_MOVE,), "pr": (S.PH_MOVE,), "sk": (S.PH_MOVE,),
    "pass": (S.PH_OFFER,), "offer": (S.PH_OFFER,), "to": (S.PH_ALLOC,), "yes": (S.PH_VOTE,),
    "no": (S.PH_VOTE,), "take": (S.PH_BUILD,), "village": (S.PH_BUILD,), "fort": (S.PH_BUILD,),
    "temple": (S.PH_BUILD,), "hall": (S.PH_BUILD,), "army": (S.PH_BUILD,), "road": (S.PH_BUILD,),
    "market": (S.PH_BUILD,), "rampart": (S.PH_BUILD,), "improve": (S.PH_BUILD,),
    "joint": (S.PH_BUILD,), "permit": (S.PH_BUILD,), "end": (S.PH_BUILD,), "nothing": (S.PH_BUILD,),
    "pay": (S.PH_PAY,), "gold": (S.PH_PAY,), "supply": (S.PH_PAY,), "mkt": (S.PH_PAY,),
    "cpay": (S.PH_PAY,), "cgold": (S.PH_PAY,), "fee": (S.PH_FEE,), "hero": (S.PH_HERO,),
    "give": (S.PH_CONTRIB,), "done": (S.PH_CONTRIB,), "complete": (S.PH_JOINT,),
    "abandon": (S.PH_JOINT,), "noclaim": (S.PH_CLAIM,), "claim": (S.PH_CLAIM,),
    "place": (S.PH_DRAFT,), "reloc": (S.PH_RELOC,), "noreloc": (S.PH_RELOC,),
    "keep": (S.PH_VCKEEP,),
}  # fmt: skip
PHASE_MOVES = {
    S.PH_DRAFT: "place Cn", S.PH_RELOC: "reloc Cn or noreloc", S.PH_VCKEEP: "keep VCnn",
    S.PH_MOVE: "stay or wl/pr/sk and a direction", S.PH_OFFER: "offer X or pass",
    S.PH_ALLOC: "to pN, one card at a time", S.PH_VOTE: "yes or no",
    S.PH_CLAIM: "claim V or noclaim", S.PH_BUILD: "a build, take Snn, or end",
    S.PH_FEE: "fee R", S.PH_PAY: "pay R, gold R, supply Snn or mkt R2 R",
    S.PH_HERO: "hero move or hero stay", S.PH_CONTRIB: "give R or done",
    S.PH_JOINT: "complete or abandon",
}  # fmt: skip
PHASE_WORD = {
    S.PH_DRAFT: "start draft", S.PH_RELOC: "relocation", S.PH_VCKEEP: "victory card",
    S.PH_MOVE: "hero moves", S.PH_OFFER: "offers", S.PH_ALLOC: "offer", S.PH_VOTE: "vote",
    S.PH_CLAIM: "claims", S.PH_BUILD: "build", S.PH_FEE: "rampart fee", S.PH_PAY: "payment",
    S.PH_HERO: "hero placement", S.PH_CONTRIB: "joint-work contributions",
    S.PH_JOINT: "joint work",
}  # fmt: skip
RES_WORD = {x.lower(): r for r, x in enumerate(D.RES_LETTER)} | {
    x: r for r, x in enumerate(D.RES_NAME)
}


def refusal(st: S.State, text: str) -> str | None:
    """Why the move ``text`` names is not allowed now; None if it names no move."""
    words = text.split()
    if not words or words[0] not in VERBS:
        return None
    verb, args = words[0], words[1:]
    if st.phase == S.PH_OVER:
        return "the game is over"
    if st.phase not in VERBS[verb]:
        when = " or ".join(PHASE_WORD[p] for p in VERBS[verb])
        return f"'{verb}' is for the {when}; now: {PHASE_MOVES[st.phase]}"
    why = REASONS.get(verb)
    reason = why(st, verb, args) if why is not None else None
    if reason:
        return reason
    same = [action_text(st, a) for a in legal_actions(st) if action_text(st, a).split()[0] == verb]
    if not same:
        return f"no '{verb}' move is possible now"
    more = f" ... ({len(same)} in all)" if len(same) > 8 else ""
    return f"the '{verb}' moves now are: {', '.join(same[:8])}{more}"


def province(st: S.State, word: str | None) -> int | None:
    names = [x.lower() for x in st.board.names]
    return names.index(word) if word in names else None


def no_such_province(st: S.State, word: str) -> str:
    return f"there is no province {word.upper()}: the provinces are {', '.join(st.board.names)}"


def why_move(st: S.State, verb: str, args: list[str]) -> str | None:
    if verb == "stay":
        return None
    h = D.HERO_TEXT.index(verb)
    p = st.hero[st.actor * 3 + h]
    name = D.HERO_NAME[h]
    if p < 0:
        waits = st.wait[st.actor * 3 + h]
        if waits >= 0:
            return f"your {name} is waiting to enter {st.board.names[waits]}, not on the board"
        first = "temple" if h == PR else "hall"
        return f"your {name} is not on the board yet (it comes with your first {first})"
    here = st.board.names[p]
    ways = ", ".join(moves_from(st, p))
    if len(args) != 1:
        return f"write '{verb} DIRECTION' or '{verb} PROVINCE'; from {here}: {ways}"
    word = args[0]
    if word in D.DIR_NAME:
        if st.board.coastal(p) and word in ("sw", "se"):
            return f"{here} is on the coast: {word} leads into the sea; from {here}: {ways}"
        if not st.board.coastal(p) and word.startswith("ship"):
            return f"only a coastal hero sails; from {here} (inland): {ways}"
        return f"{word} leads off the board from {here}; from {here}: {ways}"
    dest = province(st, word)
    if dest is None:
        return f"'{word}' is no direction or province; from {here}: {ways}"
    if dest == p:
        return f"your {name} is in {here} already ('stay' keeps it there)"
    return f"{word.upper()} is not one move from {here}; from {here}: {ways}"


def moves_from(st: S.State, p: int) -> list[str]:
    row = st.board.move[p]
    return [f"{D.DIR_NAME[d]} {st.board.names[row[d]]}" for d in range(D.NDIR) if row[d] >= 0]


def why_offer(st: S.State, verb: str, args: list[str]) -> str | None:
    p = province(st, args[0]) if len(args) == 1 else None
    if p is None:
        return (
            "write 'offer X' with X a province, e.g. 'offer C1'"
            if not args
            else (no_such_province(st, args[0]))
        )
    here = st.board.names[p]
    if not cards_at(st, p):
        return f"no cards lie in {here}"
    if votes(st, st.actor, p) < 1:
        return f"you have no vote in {here} (a settlement or a hero with votes there)"
    return None


def why_to(st: S.State, verb: str, args: list[str]) -> str | None:
    word = args[0] if len(args) == 1 else ""
    digits = word[1:] if word[:1] == "p" else word  # 'to 2' is read as 'to p2'
    k = int(digits) if digits.isdigit() else None
    if k is None:
        return "write 'to pN' with N the seat's number, e.g. 'to p1'"
    if not 1 <= k <= st.n:
        return f"the seats are p1 to p{st.n}"
    s = k - 1
    here = st.board.names[st.offer_x]
    if s not in st.oelig:
        return f"p{k} has no vote in {here}: only seats with votes there get cards"
    i = len(st.oalloc)
    c = st.ocls[i]
    kind = "face-down" if c == S.HIDDEN else D.RES_LETTER[c]
    last = st.oalloc[-1]
    order = ", ".join(f"p{o + 1}" for o in st.oelig)
    return (
        f"the {kind} cards are handed out in the order {order}: the last went to p{last + 1},"
        f" so this one goes to p{last + 1} or a seat after it ('undo' to change; in one"
        f" line the seats of a kind may come in any order: 'to p{last + 1} p{st.oelig[0] + 1}')"
    )


def why_take(st: S.State, verb: str, args: list[str]) -> str | None:
    if st.bmode == S.BM_FINAL:
        return "no supply card is taken in a final build"
    if st.bmode != S.BM_NORMAL:
        return "only the lead takes a supply card"
    if st.supply_taken:
        return "you have taken this round's supply card already"
    row = ", ".join(f"S{c + 1:02d}" for c in st.srow)
    return f"the supply row holds {row or 'nothing'}"


def hand_has(st: S.State) -> str:
    h = hres(st.hand[st.actor])
    cards = " ".join(f"{h[r]}{D.RES_LETTER[r]}" for r in range(5) if h[r]) or "no cards"
    sup = " ".join(f"S{c + 1:02d}" for c in st.shand[st.actor])
    return cards + (f" and {sup}" if sup else "")


def cost_text(c: tuple[int, ...]) -> str:
    return " ".join(f"{c[r]}{D.RES_LETTER[r]}" for r in range(4) if c[r])


def why_build(st: S.State, verb: str, args: list[str]) -> str | None:
    s = st.actor
    p = province(st, args[0]) if len(args) == 1 else None
    if p is None:
        return (
            f"write '{verb} X' with X a province, e.g. '{verb} C1'"
            if not args
            else (no_such_province(st, args[0]))
        )
    bd = st.board
    here = bd.names[p]
    if (verb == "village" or verb in D.BUILDING_NAME) and houses_left(st, s) <= 0:
        return f"all your {D.SETTLEMENT_HOUSES} houses are on the board"
    if verb == "village":
        if not village_allowed(st, s, p):
            return "a village goes only where you have a settlement or next to one ('map')"
        cost = bd.tiles[p].village
        fee = fee_recipients(st, s, p)
        extra = f" + {len(fee)} rampart-fee card(s)" if fee else ""
        return f"a village in {here} costs {cost_text(cost)}{extra}; you have {hand_has(st)}"
    if verb in D.BUILDING_NAME:
        t = D.BUILDING_NAME.index(verb)
        if not bd.tiles[p].buildings:
            return f"no buildings in the mountains ({here})"
        if st.bld[p * 3 + t] >= 0:
            return f"{here} has a {verb} already"
        if st.vil[p * st.n + s] == 0:
            return f"a {verb} needs a village of yours in {here}"
        cost = D.BUILDING_COST[t]
        return f"a {verb} costs {cost_text(cost)}; you have {hand_has(st)}"
    w = D.WORK_NAME.index(verb)
    if st.bmode == S.BM_FINAL:
        return "no public works in a final build"
    if own_settlements(st, s, p) == 0:
        return f"a {verb} needs a settlement of yours in {here}"
    if not work_available(st, w, p):
        return f"{here} has a {verb} already, or none is left"
    return f"a {verb} costs {cost_text(D.WORK_COST[w])}; you have {hand_has(st)}"


def why_army(st: S.State, verb: str, args: list[str]) -> str | None:
    if st.army[st.actor] >= D.ARMY_MAX:
        return f"your army is at its most ({D.ARMY_MAX})"
    r = RES_WORD.get(args[0]) if len(args) == 1 else None
    if len(args) == 1 and args[0] != "peasant" and r not in (L, W, O):
        return "write 'army peasant' (3G) or 'army L|W|O' (the resource of a fort of yours)"
    if r is not None and r not in army_variants(st, st.actor):
        kind = {L: "plain", W: "forest", O: "hills"}[r]
        return f"'army {D.RES_LETTER[r]}' needs a fort of yours in a {kind} province"
    extra = G if r is None else r
    return f"+1 army costs {cost_text(D.army_cost(extra))}; you have {hand_has(st)}"


def why_pay(st: S.State, verb: str, args: list[str]) -> str | None:
    r = RES_WORD.get(args[0]) if len(args) == 1 else None
    need = cost_text(tuple(st.req))
    if r is None or r == AU:
        return f"write '{verb} R' with R one of G L W O still to pay: {need}"
    if not st.req[r]:
        return f"no {D.RES_LETTER[r]} is still to pay: {need}"
    h = hres(st.hand[st.actor])
    if verb == "pay" and not h[r]:
        return f"you have no {D.RES_LETTER[r]} card ({hand_has(st)}); still to pay: {need}"
    if verb == "gold" and not h[AU]:
        return f"you have no gold (Au); still to pay: {need}"
    return None


REASONS: dict[str, Callable[[S.State, str, list[str]], str | None]] = {
    "wl": why_move, "pr": why_move, "sk": why_move, "stay": why_move,
    "offer": why_offer, "to": why_to, "take": why_take, "village": why_build,
    "fort": why_build, "temple": why_build, "hall": why_build, "road": why_build,
    "market": why_build, "rampart": why_build, "improve": why_build, "army": why_army,
    "pay": why_pay, "gold": why_pay,
}  # fmt: skip
