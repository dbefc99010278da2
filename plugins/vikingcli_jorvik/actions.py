"""Action texts: ``format_action`` gives the one canonical text of an encoded action
(see ``rules/encoding.py``); the engine's default ``parse_action`` maps a text back
through the legal set, so every accepted text names a legal action. ``parse_alias``
accepts the board's own spellings (``Je`` for jet, verb prefixes, paid goods in any
order) and ``refusal`` says why a readable move is not allowed now."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from vikingcli.engine import IllegalAction
from vikingcli_jorvik import data as D
from vikingcli_jorvik import state as S
from vikingcli_jorvik.data import BY_ID, CARDS, GOOD_NAMES, GOOD_SHORT, KIND, NEEDS
from vikingcli_jorvik.rules import encoding as E
from vikingcli_jorvik.rules import legal_actions
from vikingcli_jorvik.rules.common import has_target, owns_free

WHERE_NAMES = ("board", "wh")
# the actions whose text is one fixed word (or two)
FIXED_TEXTS = {
    E.OP_GLORY: "glory",
    E.OP_DECLINE: "decline",
    E.OP_RANSOM: "ransom",
    E.OP_BUY: "buy",
    E.OP_FREE: "free",
    E.OP_PASS: "pass",
    E.OP_DISCARD: "discard",
    E.OP_RDISCARD: "discard",
    E.OP_RWH: "put wh",
    E.OP_END: "end",
}


def pos_text(pos: int) -> str:
    """A swap position: ``column:index`` (1-based column) or ``r:index``."""
    if pos >= E.RES_BASE:
        return f"r:{pos - E.RES_BASE}"
    return f"{pos // 8 + 1}:{pos % 8}"


def action_text(a: Any) -> str:
    """The canonical text of an encoded action (no state needed)."""
    op = a[0]
    gn = GOOD_NAMES
    fixed = FIXED_TEXTS.get(op)
    if fixed is not None:
        return fixed
    if op == E.OP_COMMIT:
        return f"commit {a[1]}"
    if op == E.OP_PLACE:
        return f"place {a[1] + 1}"
    if op == E.OP_RESERVE:
        return f"reserve {a[1] + 1}"
    if op == E.OP_SWAP:
        return f"swap {pos_text(a[1])} {pos_text(a[2])}"
    if op == E.OP_PUT:
        return f"put {gn[a[1]]} {CARDS[a[2]].cid}"
    if op == E.OP_STORE:
        return f"store {gn[a[1]]} {WHERE_NAMES[a[2]]}"
    if op == E.OP_TAKE:
        return f"take {gn[a[1]]} {WHERE_NAMES[a[2]]}"
    if op == E.OP_CONV:
        return f"convert {gn[a[1]]} {gn[a[2]]} {gn[a[3]]} {gn[a[4]]}"
    if op == E.OP_CONV2:
        return f"exchange {gn[a[1]]} {gn[a[2]]} {gn[a[3]]}"
    if op == E.OP_CASH:
        return f"cash {gn[a[1]]} {gn[a[2]]}"
    if op == E.OP_MARKET:
        return f"market {gn[a[1]]}"
    if op == E.OP_REWORK:
        parts = [f"{CARDS[a[i]].cid}:{gn[a[i + 1]]}" for i in range(1, len(a), 2)]
        return "rework " + " ".join(parts)
    if op == E.OP_STEAL:
        return f"steal {a[1]} {CARDS[a[2]].cid} {gn[a[3]]}"
    if op == E.OP_RPUT:
        return f"put {CARDS[a[1]].cid}"
    raise ValueError(f"unknown action {a!r}")


def format_action(a: Any) -> str:
    """``action_text`` for the engine: anything that is no action is an IllegalAction."""
    try:
        return action_text(a)
    except (ValueError, IndexError, TypeError, KeyError) as e:
        raise IllegalAction(f"not a jorvik action: {a!r}") from e


def why_not(s: S.State, a: Any) -> str:
    """The reason given when ``a`` is not legal in ``s``."""
    if s.phase == S.PH_OVER:
        return "the game is over"
    return f"illegal action {a!r} in the {S.PHASE_NAMES[s.phase]} phase"


# ---------------------------------------------------------------------- other spellings

GOOD_WORDS = {
    **{n: n for n in GOOD_NAMES},
    **{GOOD_SHORT[g].lower(): GOOD_NAMES[g] for g in range(8)},
}
PLACE_WORDS = {"board": "board", "wh": "wh", "a06": "wh", "warehouse": "wh"}
# the verbs, with the phases where each is a move
VERBS: dict[str, tuple[int, ...]] = {
    "glory": (S.PH_GLORY,), "ransom": (S.PH_RANSOM,),
    "decline": (S.PH_GLORY, S.PH_RANSOM, S.PH_SWAP),
    "commit": (S.PH_COMMIT,), "place": (S.PH_DEMAND,), "reserve": (S.PH_DEMAND,),
    "swap": (S.PH_SWAP,), "buy": (S.PH_BUY, S.PH_RESBUY), "free": (S.PH_BUY, S.PH_RESBUY),
    "pass": (S.PH_BUY,), "discard": (S.PH_RESBUY, S.PH_LOAD), "put": (S.PH_LOAD,),
    "store": (S.PH_LOAD,), "take": (S.PH_LOAD,), "convert": (S.PH_LOAD,), "exchange": (S.PH_LOAD,),
    "cash": (S.PH_LOAD,), "market": (S.PH_LOAD,), "rework": (S.PH_LOAD,), "steal": (S.PH_LOAD,),
    "end": (S.PH_LOAD,),
}  # fmt: skip
# goods paid first, in any order
PAID = {"convert": D.EXCHANGE_PAY, "exchange": D.EXCHANGE_A20_PAY, "cash": D.CASH_PAY}
GOOD_IDX = {n: g for g, n in enumerate(GOOD_NAMES)}


def expand_verb(word: str) -> str:
    """The verb ``word`` begins, if only one does (``conv`` = ``convert``)."""
    if word in VERBS:
        return word
    hits = [v for v in VERBS if v.startswith(word)]
    return hits[0] if len(hits) == 1 else word


def spelled_out(text: str) -> list[str]:
    """The words of ``text`` in the canonical spelling: the verb in full, goods by
    name (``je`` = ``jet``), the warehouse as ``wh``, paid goods in the canonical order."""
    words = text.split()
    if not words:
        return words
    words[0] = expand_verb(words[0])
    out = [words[0]]
    for w in words[1:]:
        if ":" in w:  # rework CARD:GOOD
            card, _, good = w.partition(":")
            out.append(f"{card}:{GOOD_WORDS.get(good, good)}" if card in LOWER_IDS else w)
        else:
            out.append(GOOD_WORDS.get(w, PLACE_WORDS.get(w, w)))
    k = PAID.get(out[0], 0)
    if k and len(out) > k and all(w in GOOD_IDX for w in out[1 : k + 1]):
        out[1 : k + 1] = sorted(out[1 : k + 1], key=GOOD_IDX.__getitem__)
    return out


LOWER_IDS = {c.lower() for c in BY_ID}


def parse_alias(s: S.State, text: str, legal: Sequence[Any]) -> Any:
    """The legal move ``text`` names in the board's spelling, or None."""
    want = " ".join(spelled_out(text))
    for a in legal:
        if action_text(a).lower() == want:
            return a
    return None


# ---------------------------------------------------------------------- why not


def refusal(s: S.State, text: str) -> str | None:
    """Why the move ``text`` names is not allowed now; None if it names no move."""
    words = spelled_out(text)
    if not words or words[0] not in VERBS:
        return None
    verb, args = words[0], words[1:]
    if s.phase == S.PH_OVER:
        return "the game is over"
    if s.phase not in VERBS[verb]:
        return wrong_phase(s, verb)
    why = REASONS.get(verb)
    reason = why(s, args) if why is not None else None
    if reason:
        return reason
    same = [action_text(a) for a in legal_actions(s) if action_text(a).startswith(verb)]
    if not same:
        return f"no '{verb}' move is possible now"
    more = f" ... ({len(same)} in all)" if len(same) > 8 else ""
    return f"the '{verb}' moves now are: {', '.join(same[:8])}{more}"


PHASE_MOVES = {
    S.PH_GLORY: "glory or decline", S.PH_RANSOM: "ransom or decline",
    S.PH_COMMIT: "commit K (brown vikings from A19)", S.PH_DEMAND: "place S",
    S.PH_SWAP: "swap C:I C:I or decline", S.PH_BUY: "buy, free or pass",
    S.PH_RESBUY: "buy, free or discard", S.PH_LOAD: "put, store, convert ... or end",
}  # fmt: skip


def phase_word(phase: int) -> str:
    if phase in (S.PH_GLORY, S.PH_RANSOM):
        return "Pict attack"
    return {S.PH_RESBUY: "reservation", S.PH_SWAP: "Loki swap"}.get(phase, S.PHASE_NAMES[phase])


def wrong_phase(s: S.State, verb: str) -> str:
    when = " or ".join(dict.fromkeys(phase_word(p) for p in VERBS[verb]))
    if verb == "reserve" and not s.advanced:
        return "reservations are made only in the Jarl game"
    now = f"{phase_word(s.phase)} phase: {PHASE_MOVES.get(s.phase, 'no moves')}"
    return f"'{verb}' is for the {when} phase; this is the {now}"


def number(word: str) -> int | None:
    return int(word) if word.isdigit() else None


def why_buy(s: S.State, args: list[str]) -> str | None:
    p = s.actor
    if s.phase == S.PH_BUY:
        c, price = s.slots[s.pslot], len(s.cols[s.pslot])
        what = f"{CARDS[c].cid} in slot {s.pslot + 1}"
    else:
        c, price = s.res_cards[0], len(s.res_cards)
        what = f"the reserved {CARDS[c].cid}"
    if s.coins[p] < price:
        cost = "1 coin" if price == 1 else f"{price} coins"
        return f"{what} costs {cost} and you have {s.coins[p]}"
    return None


def why_free(s: S.State, args: list[str]) -> str | None:
    if not owns_free(s, s.actor):
        return "you have no free purchase (B22)"
    return None


def why_place(s: S.State, args: list[str]) -> str | None:
    k = number(args[0]) if len(args) == 1 else None
    if k is None:
        return "write 'place S' with S the slot's number, e.g. 'place 2'"
    last = D.slots_per_row(s.n)  # the slots in play per row at this table (§1.3)
    if 7 <= k <= 6 + last and s.advanced:
        return f"slot {k} is reserved, not bid for: 'reserve {k}'"
    if not 1 <= k <= last:
        return f"the demand columns at {s.n} players are slots 1 to {last}, not {k}"
    if s.slots[k - 1] < 0:
        return f"slot {k} is empty"
    if len(s.cols[k - 1]) >= D.COLUMN_MAX:
        return f"column {k} is full ({D.COLUMN_MAX} vikings)"
    return None


def why_reserve(s: S.State, args: list[str]) -> str | None:
    if not s.advanced:
        return "reservations are made only in the Jarl game"
    k = number(args[0]) if len(args) == 1 else None
    if k is None:
        return "write 'reserve S' with S the slot's number, e.g. 'reserve 8'"
    last = D.slots_per_row(s.n)
    if 1 <= k <= last:
        return f"slot {k} is a demand column: 'place {k}'"
    if not 7 <= k <= 6 + last:
        return f"the reservable slots at {s.n} players are 7 to {6 + last}, not {k}"
    if s.slots[k - 1] < 0:
        return f"slot {k} is empty"
    return None


def why_commit(s: S.State, args: list[str]) -> str | None:
    k = number(args[0]) if len(args) == 1 else None
    if k is not None and k > s.a19_brown:
        return f"only {s.a19_brown} brown vikings are on A19"
    return None


def why_pict(card: int, name: str) -> Any:
    def why(s: S.State, args: list[str]) -> str | None:
        if card not in s.cards[s.actor]:
            return f"you have no {name} card ({CARDS[card].cid})"
        return None

    return why


def have_goods(s: S.State) -> list[int]:
    return [s.pool[g] + s.pool[g + 8] for g in range(8)]


def pool_text(s: S.State) -> str:
    have = have_goods(s)
    goods = [GOOD_SHORT[g] for g in range(8) for _ in range(have[g])]
    return " ".join(goods) if goods else "none"


def unknown_good(words: list[str]) -> str | None:
    for w in words:
        if w not in GOOD_IDX:
            names = ", ".join(f"{GOOD_SHORT[g]} {GOOD_NAMES[g]}" for g in range(8))
            return f"no good is called '{w}' (goods: {names})"
    return None


def buffer_first(s: S.State) -> str | None:
    if s.buf:
        return f"first use the {GOOD_NAMES[s.buf[0]]} you took at once: put CARD, put wh or discard"
    return None


def missing(s: S.State, goods: list[str]) -> str | None:
    """Why the pool cannot pay ``goods``."""
    have = have_goods(s)
    for w in goods:
        g = GOOD_IDX[w]
        need = goods.count(w)
        if have[g] < need:
            if not any(have):
                return "you have no goods to unload"
            count = f"only {have[g]} {w}" if have[g] else f"no {w}"
            return f"you have {count} to unload (your goods: {pool_text(s)})"
    return None


def why_put(s: S.State, args: list[str]) -> str | None:
    if s.buf:
        if len(args) == 1:
            return None
        return buffer_first(s)
    if len(args) != 2:
        return "write 'put GOOD CARD', e.g. 'put jet A09'"
    good, cid = args
    bad = unknown_good([good])
    if bad:
        return bad
    if cid.upper() not in BY_ID:
        return f"no card is called '{cid}'"
    c = BY_ID[cid.upper()]
    lack = missing(s, [good])
    if lack:
        return lack
    if c not in s.cards[s.actor]:
        return f"{CARDS[c].cid} is not in your card area"
    g = GOOD_IDX[good]
    k = KIND[c]
    if k == D.CRAFTSMAN:
        need = NEEDS[c]
        if g not in need:
            return f"{CARDS[c].cid} takes {' '.join(GOOD_NAMES[x] for x in need)}, not {good}"
        return f"the {good} space of {CARDS[c].cid} is already filled"
    if k in (D.TRADER, D.ORACLE):
        return f"{CARDS[c].cid} takes only {GOOD_NAMES[NEEDS[c][0]]}"
    return f"{CARDS[c].cid} ({D.KIND_NAMES[k]}) takes no goods"


def why_store(s: S.State, args: list[str]) -> str | None:
    if len(args) != 2 or args[1] not in ("board", "wh"):
        return "write 'store GOOD board' or 'store GOOD wh' (the A06 warehouse)"
    bad = buffer_first(s) or unknown_good(args[:1]) or missing(s, args[:1])
    if bad:
        return bad
    p, g = s.actor, GOOD_IDX[args[0]]
    if not s.pool[g]:
        return f"the {args[0]} came out of storage this turn and cannot go back"
    if args[1] == "board":
        return f"your storage space already holds {GOOD_NAMES[s.sboard[p] & 7]}"
    if D.C_A06 not in s.cards[p]:
        return "you have no warehouse (A06)"
    return f"your warehouse A06 is full ({D.WAREHOUSE_STORAGE} goods)"


def why_take(s: S.State, args: list[str]) -> str | None:
    if len(args) != 2 or args[1] not in ("board", "wh"):
        return "write 'take GOOD board' or 'take GOOD wh' (the A06 warehouse)"
    bad = buffer_first(s) or unknown_good(args[:1])
    if bad:
        return bad
    p = s.actor
    if args[1] == "board":
        if s.sboard[p] < 0:
            return "your storage space is empty"
        return f"your storage space holds {GOOD_NAMES[s.sboard[p] & 7]}, not {args[0]}"
    if D.C_A06 not in s.cards[p]:
        return "you have no warehouse (A06)"
    return f"there is no {args[0]} on your warehouse A06"


def why_pay(s: S.State, args: list[str], verb: str) -> str | None:
    k = PAID[verb]
    shape = {"convert": "convert G G G T", "exchange": "exchange G G T", "cash": "cash G G"}
    if len(args) != k + (verb != "cash"):
        return f"write '{shape[verb]}' (G = goods you pay, T = the good you take)"
    bad = buffer_first(s) or unknown_good(args)
    if bad:
        return bad
    if verb == "exchange" and D.C_A20 not in s.cards[s.actor]:
        return "you have no exchange card (A20)"
    lack = missing(s, args[:k])
    if lack:
        return lack
    if verb == "cash":
        return None
    t = args[-1]
    if not has_target(s, s.actor, GOOD_IDX[t]):
        return f"you have no card that takes {t} now (a good taken must be used at once)"
    if not s.cgs[GOOD_IDX[t]] and t not in args[:k]:
        return f"there is no {t} on the common goods space"
    return None


def why_card(card: int, name: str) -> Any:
    def why(s: S.State, args: list[str]) -> str | None:
        return buffer_first(s) or (
            None if card in s.cards[s.actor] else f"you have no {name} ({CARDS[card].cid})"
        )

    return why


def why_end(s: S.State, args: list[str]) -> str | None:
    return buffer_first(s)


def why_discard(s: S.State, args: list[str]) -> str | None:
    if s.phase == S.PH_LOAD and not s.buf:
        return "there is nothing to discard: unused goods are lost at 'end'"
    if s.phase == S.PH_LOAD:
        return f"the {GOOD_NAMES[s.buf[0]]} can be used, so it may not be discarded"
    return None


REASONS: dict[str, Any] = {
    "buy": why_buy, "free": why_free, "place": why_place, "reserve": why_reserve,
    "commit": why_commit, "glory": why_pict(D.C_D29, "Glory"),
    "ransom": why_pict(D.C_C22, "Ransom"), "put": why_put, "store": why_store,
    "take": why_take, "convert": lambda s, a: why_pay(s, a, "convert"),
    "exchange": lambda s, a: why_pay(s, a, "exchange"),
    "cash": lambda s, a: why_pay(s, a, "cash"), "market": why_card(D.C_C20, "market stall"),
    "rework": why_card(D.C_D28, "rework card"), "steal": why_card(D.C_B24, "thief"),
    "end": why_end, "discard": why_discard,
}  # fmt: skip
