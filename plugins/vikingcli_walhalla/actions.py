"""Action texts: the canonical text of each action and the aliases ``parse_action``
accepts besides (the action encoding is described in ``state``; the syntax for
players in ``rulestext``)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from vikingcli.engine import Action, IllegalAction, normalize_action_text
from vikingcli_walhalla import data as D
from vikingcli_walhalla import state as S
from vikingcli_walhalla.board import BOW_IN
from vikingcli_walhalla.rules import to_move


def cards_text(sold: Sequence[int]) -> str:
    return "+".join(D.CARD_NAMES[t] for t in sold)


def format_action(s: S.State, a: Any) -> str:
    k = a[0]
    if k == S.LAND:
        return f"land {s.board.space_text(a[1]).lower()}"
    if k == S.ATTACK:
        return f"attack {s.board.space_text(a[1]).lower()}" + (" card" if a[2] else "")
    if k == S.BOARD:
        names = [D.SEAT_NAMES[i] for i in range(3) if a[1] >> i & 1]
        txt = "board " + ("+".join(names) if names else "none")
        if a[2]:
            txt += " sell " + cards_text(a[2])
        return txt
    if k == S.MOOR:
        return f"moor f{a[1] + 1} " + ("in" if a[2] == BOW_IN else "out")
    if k == S.JOIN:
        return "join" + (f" sell {D.CARD_NAMES[a[1]]}" if a[1] >= 0 else "")
    if k == S.DECLINE:
        return "decline"
    if k == S.LOSE:
        return "lose"
    if k == S.WIN:
        return "win shield" if a[1] else "win"
    if k == S.HUNT:
        return "hunt" if a[1] else "no hunt"
    if k == S.PLAY:
        if a[1] == D.C_HEADLAND:
            return f"play headland h{a[2] + 1}"
        return f"play {D.CARD_NAMES[a[1]]}"
    if k == S.DONE:
        return "done"
    raise IllegalAction(f"walhalla: unknown action {a!r}")


# -- aliases: the board's own abbreviations and shortcuts ----------------------

_SPACE = re.compile(r"^h?(\d)[.:/-](\d+)$")
_FJORD = re.compile(r"^f?(\d)$")
_ORIENT = {"in": "in", "i": "in", "bow_in": "in", "bowin": "in", "out": "out", "o": "out",
           "bow_out": "out", "bowout": "out"}  # fmt: skip
_VERBS = ("decline", "join", "board", "moor", "land", "attack", "lose", "win", "hunt",
          "no", "play", "done")  # fmt: skip


def _card(token: str) -> str | None:
    """The card a word names: its name, a unique prefix (``vill``), ``+2`` dropped."""
    token = token.removesuffix("+2")
    hits = [c for c in D.CARD_NAMES if c.startswith(token)] if token else []
    if token in D.CARD_NAMES:
        return token
    return hits[0] if len(hits) == 1 else None


def _seats(tokens: list[str]) -> str | None:
    """``front+back`` for seat words or letters (``f b``, ``f+b``, ``fb``, ``back front``)."""
    found: set[int] = set()
    for tok in tokens:
        for part in tok.split("+"):
            if not part:
                continue
            named = [i for i, nm in enumerate(D.SEAT_NAMES) if nm.startswith(part)]
            if "none".startswith(part) and len(part) >= 2:
                continue
            if len(named) == 1:
                found.add(named[0])
            elif set(part) <= set("fmb"):
                found.update("fmb".index(ch) for ch in part)
            else:
                return None
    return "+".join(D.SEAT_NAMES[i] for i in sorted(found)) or "none"


def _cards(tokens: list[str]) -> str | None:
    names = []
    for tok in tokens:
        for part in tok.split("+"):
            if part in ("", "scoring", "card", "cards"):
                continue
            c = _card(part)
            if c is None:
                return None
            names.append(c)
    names.sort(key=D.CARD_NAMES.index)
    return "+".join(names) if names else None


def canonical(text: str) -> str:
    """``text`` (normalized) rewritten in the canonical spelling where it can be read:
    seat letters and card prefixes spelled out, ``1.3`` / ``h1 3`` as ``h1.3``,
    ``2`` as ``f2``, ``bow in`` as ``in``. Unreadable parts are left as they are."""
    text = re.sub(r"\bh(\d) (\d+)\b", r"h\1.\2", text.replace(",", " "))
    words = [w for w in text.split() if w not in ("with", "the", "a", "on", "to", "bow")]
    if not words:
        return ""
    verbs = [v for v in _VERBS if v.startswith(words[0])] if len(words[0]) >= 2 else []
    verb = words[0] if words[0] in _VERBS or len(verbs) != 1 else verbs[0]
    rest = words[1:]
    if verb == "no" or words[:2] == ["no", "hunt"]:
        return "no hunt"
    if verb in ("board", "join"):
        return " ".join([verb, *_boarding_words(verb, rest)])
    out = [verb]
    for w in rest:
        word = _canonical_word(verb, w)
        if word is not None:
            out.append(word)
    return " ".join(out)


def _boarding_words(verb: str, rest: list[str]) -> list[str]:
    """What follows ``board`` or ``join``: the seats (boarding), the words as they are
    (joining), and the cards to sell, each spelled out where they can be read."""
    out: list[str] = []
    sell = rest.index("sell") if "sell" in rest else len(rest)
    if verb == "board":
        seats = _seats(rest[:sell])
        out.append(seats if seats is not None else " ".join(rest[:sell]))
    if verb == "join" and sell == len(rest):
        out += rest
    if sell < len(rest):
        cards = _cards(rest[sell + 1 :])
        out += ["sell", cards if cards is not None else " ".join(rest[sell + 1 :])]
    return out


def _canonical_word(verb: str, w: str) -> str | None:
    """One word after ``verb`` in its canonical spelling (a space, a fjord, a bow, a
    hand position, a card), or None for a filler word that is dropped."""
    m = _SPACE.match(w)
    if verb in ("land", "attack") and m:
        return f"h{m.group(1)}.{m.group(2)}"
    if verb == "moor" and _FJORD.match(w):
        return f"f{w.lstrip('f')}"
    if verb == "moor" and w in _ORIENT:
        return _ORIENT[w]
    if verb == "play" and w.startswith("h") and w[1:].isdigit():
        return w
    if verb == "play" and w.isdigit():
        return f"h{w}"
    if verb in ("play", "win") and _card(w) is not None and w not in ("scoring", "card"):
        return _card(w) or w
    if verb == "attack" and w in ("card", "attack", "c"):
        return "card"
    if w not in ("scoring", "card", "cards"):
        return w
    return None


def parse_alias(s: S.State, legal: Sequence[Action], text: str) -> Action | None:
    """The action an alias names, or ``None``: the canonical spelling of the text
    (``board f+b``, ``moor 2 in``, ``land 1.3``, ``play vill``), ``moor f2`` when
    only one orientation of F2 is offered, a bare space ``h1.3`` when it names one
    landing or attack without a card, ``none`` for ``board none``."""
    want = canonical(normalize_action_text(text))
    texts = [format_action(s, a) for a in legal]
    for a, shown in zip(legal, texts, strict=True):
        if shown == want:
            return a
    if want in ("none", "pass", "nobody"):
        want = "board none"
    m = _SPACE.match(want)
    if m:
        space = f"h{m.group(1)}.{m.group(2)}"
        hits = [
            a
            for a, t in zip(legal, texts, strict=True)
            if t in (f"land {space}", f"attack {space}")
        ]
        return hits[0] if len(hits) == 1 else None
    if want.startswith("moor ") or want == "board none":
        hits = [
            a for a, t in zip(legal, texts, strict=True) if t == want or t.startswith(want + " ")
        ]
        return hits[0] if len(hits) == 1 else None
    return None


# -- refusals: why a readable move is not allowed now ---------------------------

_PHASE_OF = {
    "decline": S.PH_INVITE, "join": S.PH_INVITE, "board": S.PH_SEATS, "moor": S.PH_SEND,
    "land": S.PH_LAND, "attack": S.PH_LAND, "lose": S.PH_DEFEND, "win": S.PH_DEFEND,
    "hunt": S.PH_HUNT, "no": S.PH_HUNT, "play": S.PH_COMMIT, "done": S.PH_COMMIT,
}  # fmt: skip
_NOW = {
    S.PH_INVITE: "it is time to answer the invitation (join or decline)",
    S.PH_SEATS: "it is time to board the galley's seats (board f+b)",
    S.PH_SEND: "it is time to moor the galley (moor f2 in)",
    S.PH_LAND: "it is time for your viking to disembark (land h1.3)",
    S.PH_DEFEND: "it is time to defend your space (lose, win, win shield)",
    S.PH_HUNT: "it is time to answer hunt or no hunt",
    S.PH_COMMIT: "it is time to lay end-of-raid cards (play <card>, done)",
}


def _vikings(k: int) -> str:
    return f"{k} viking" + ("s" if k != 1 else "")


def _missing(s: S.State, p: int, card: str) -> str | None:
    """Why seat ``p`` cannot give up ``card`` (unknown name, not held), else None."""
    c = _card(card)
    if c is None:
        return f"there is no card called {card!r} (cards: {', '.join(D.CARD_NAMES)})"
    if not s.hands[p][D.CARD_NAMES.index(c)]:
        return f"you hold no {D.CARD_TITLES[D.CARD_NAMES.index(c)]} card"
    return None


def _sell_reason(s: S.State, p: int, cards: list[str], need: int) -> str | None:
    """Why seat ``p`` cannot sell ``cards`` when Midgard is ``need`` vikings short."""
    if need <= 0 and cards:
        return (
            f"you have {_vikings(s.midgard[p])} in Midgard: cards are sold only when"
            " Midgard runs short"
        )
    if need > 0 and not cards and not sum(s.hands[p]):
        return f"you have {_vikings(s.midgard[p])} in Midgard and no card to sell for one"
    if need > 0 and not cards:
        return (
            f"you have {_vikings(s.midgard[p])} in Midgard, {need} short: add"
            f" 'sell <card>' for each missing viking (-1 VP per card)"
        )
    if len(cards) > need:
        return f"you need to sell only {need} card{'s' if need != 1 else ''}"
    if len(cards) < need:
        return f"you are {need} vikings short and sell only {len(cards)} cards"
    for c in cards:
        why = _missing(s, p, c)
        if why:
            return why
    wanted = [D.CARD_NAMES.index(c) for c in cards if _card(c)]
    for t in set(wanted):
        if wanted.count(t) > s.hands[p][t]:
            return f"you hold only {s.hands[p][t]} {D.CARD_TITLES[t]} card(s)"
    if s.vp[p] < len(cards):
        return f"each card sold costs 1 VP and you have {s.vp[p]} VP"
    if s.asgard[p] < len(cards):
        return f"each card sold brings a viking from Asgard and you have {s.asgard[p]} there"
    return None


def _space(s: S.State, word: str) -> tuple[int | None, str | None]:
    """The flat space ``h1.3`` names, or a reason it names none."""
    m = _SPACE.match(word)
    if not m:
        return None, f"name a space like h1.3 (headland 1, position 3), not {word!r}"
    h, p = int(m.group(1)), int(m.group(2))
    if not 1 <= h <= 3:
        return None, f"there are only the headlands H1-H3, not H{h}"
    if not 1 <= p <= 2 * s.board.lengths[h - 1]:
        return None, f"H{h} has positions 1-{2 * s.board.lengths[h - 1]}, not {p}"
    return s.board.space(h - 1, p), None


def _land_reason(s: S.State, verb: str, words: list[str]) -> str | None:
    f, q, o = s.queue[0]
    if len(words) < 2:
        return f"name the space: {verb} h1.3"
    sp, why = _space(s, words[1])
    if sp is None:
        return why
    where = s.board.space_text(sp)
    touched = s.board.contacts[f][q]
    if sp not in touched:
        near = " and ".join(s.board.space_text(x) for x in touched)
        return f"your viking at F{f + 1} position {q} touches only {near}, not {where}"
    occ = s.occ[sp]
    if occ == o:
        return f"your own viking stands on {where}"
    if verb == "land" and occ >= 0:
        return f"{where} is taken by {D.COLOURS[occ]}: attack {where.lower()} to fight for it"
    if verb == "attack" and occ < 0:
        return f"{where} is empty: land {where.lower()}"
    if verb == "attack" and "card" in words[2:] and not s.hands[o][D.C_ATTACK]:
        return "you hold no Attack card"
    return None


def _commit_reason(s: S.State, p: int, words: list[str]) -> str | None:
    if len(words) < 2:
        return f"name the card: play {' | '.join(D.CARD_NAMES[t] for t in D.END_OF_RAID_CARDS)}"
    why = _missing(s, p, words[1])
    if why:
        return why
    t = D.CARD_NAMES.index(_card(words[1]) or "")
    if t not in D.END_OF_RAID_CARDS:
        return f"{D.CARD_TITLES[t]} is played during the raid, not laid at its end"
    if t == D.C_WALHALLA and s.raid >= D.N_RAIDS:
        return "Walhalla +2 counts only at the end of raids 1 and 2"
    if t == D.C_HEADLAND and (len(words) < 3 or words[2] not in ("h1", "h2", "h3")):
        return "name the headland: play headland h1 (or h2, h3)"
    return None


def refusal(s: S.State, text: str) -> str | None:
    """Why the move ``text`` names is not allowed now, for a person; ``None`` when
    ``text`` is no Walhalla move (the host then lists the legal moves)."""
    words = canonical(normalize_action_text(text)).split()
    if not words or words[0] not in _PHASE_OF:
        return None
    verb = words[0]
    p = to_move(s)
    if p is None:
        return "the game is over"
    if s.phase != _PHASE_OF[verb]:
        return _NOW[s.phase]
    if verb == "join":
        i = D.galley_colour(s.galley)
        sold = words[words.index("sell") + 1 :] if "sell" in words else []
        cards = [c for w in sold for c in w.split("+")]
        return _sell_reason(s, p, cards, 1 - s.midgard[i])
    if verb == "board":
        return _board_reason(s, p, words)
    if verb == "moor":
        return _moor_reason(s, words)
    if verb in ("land", "attack"):
        return _land_reason(s, verb, words)
    if verb == "win":
        if "shield" in words[1:]:
            return "you hold no Shield card" if not s.hands[p][D.C_SHIELD] else None
        if s.walhalla[p] < 1:
            return "winning costs a viking from Walhalla and you have none there (or win shield)"
        return None
    if verb == "hunt" and not s.hands[p][D.C_HUNT]:
        return "you hold no Hunt card: no hunt"
    if verb == "play":
        return _commit_reason(s, p, words)
    return None


def _board_reason(s: S.State, p: int, words: list[str]) -> str | None:
    g = s.galley
    sell = words.index("sell") if "sell" in words else len(words)
    seats = _seats(words[1:sell])
    if seats is None:
        return "name the seats: board front+back (f, m, b) or board none"
    mask = [i for i, nm in enumerate(D.SEAT_NAMES) if nm in seats.split("+")]
    cs = D.galley_coloured_seat(g)
    c = D.galley_colour(g)
    if cs in mask and c != p:
        owner = D.COLOURS[c] if c < s.n else "a colour not in play"
        return f"the {D.SEAT_NAMES[cs]} seat of G{g:02d} is coloured for {owner}: board the others"
    taken = [D.SEAT_NAMES[i] for i in mask if s.seats[i] >= 0]
    if taken:
        return f"the {taken[0]} seat is taken already"
    cards = [c for w in words[sell + 1 :] for c in w.split("+")]
    return _sell_reason(s, p, cards, len(mask) - s.midgard[p])


def _moor_reason(s: S.State, words: list[str]) -> str | None:
    if len(words) < 2 or not _FJORD.match(words[1]):
        return "name the fjord and the orientation: moor f2 in (or out)"
    f = int(words[1][1:]) - 1
    if not 0 <= f < 4:
        return f"there are only the fjords F1-F4, not F{f + 1}"
    if len(s.fjords[f]) >= s.board.max_berths[f]:
        return f"F{f + 1} is full ({len(s.fjords[f])} galleys)"
    if "out" in words[2:]:
        if s.fixed:
            return f"with fixed_orientation=yes every galley moors bow in: moor f{f + 1} in"
        if s.seats[0] == s.seats[2]:
            return (
                f"the front and back seats have the same owner, so the orientation makes"
                f" no difference: moor f{f + 1} in"
            )
    return None
