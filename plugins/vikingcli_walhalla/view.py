"""What one seat may know (docs/rules/walhalla.md §6 information model): the
observation, determinization, the look-ups typed at the prompt, and the component
totals the property tests check."""

from __future__ import annotations

import random
import textwrap
from typing import Any, Final

from vikingcli.engine import normalize_action_text, randbelow, seat_ref, shuffle
from vikingcli_walhalla import data as D
from vikingcli_walhalla.board import BOW_IN, N_HEADLANDS
from vikingcli_walhalla.rules import to_move
from vikingcli_walhalla.scoring import breakdown
from vikingcli_walhalla.state import (
    E_DRAW,
    PH_COMMIT,
    PH_DEFEND,
    PH_HUNT,
    PH_INVITE,
    PH_SEATS,
    PH_SEND,
    PHASE_NAMES,
    State,
)

CARD_EFFECTS: Final[tuple[str, ...]] = (
    "end of raid: +1 VP per forest you occupy",
    "end of raid: +1 VP per wheat field you occupy",
    "end of raid: +1 VP per shrine you occupy",
    "end of raid: +1 VP per village you occupy",
    "end of raid: +2 strength on the headland you name",
    "end of raid 1-2: +2 Walhalla for the reinforcement rank",
    "disembarking: double the VP of the forest you occupy",
    "before your attack: the defender loses",
    "as defender: win without paying Walhalla (not vs Attack)",
)


def galleys_sent(s: State) -> list[int]:
    """Galleys moored this raid plus the one being sailed (public)."""
    out = [g for f in s.fjords for g, _, _ in f]
    if s.galley and s.galley not in out:
        out.append(s.galley)
    return sorted(out)


SPACE_TYPES: Final = ("shrine", "forest 2", "forest 3", "village 1", "village 2", "wheat")
"""The space types by name (``data.SPACE_CODE`` order: S, F2, F3, V1, V2, W)."""
PHASES: Final = (*PHASE_NAMES[:-1], "end")
EVENT_NAMES: Final = (
    "galley drawn", "sailed back", "space taken", "attack repelled", "shrine draw",
    "forest scored", "raid over", "cards revealed", "card revealed", "scoring",
    "cleared to asgard", "reinforcements", "heroes depart", "new raid", "game over",
)  # fmt: skip
EVENT_FIELDS: Final[tuple[tuple[str, ...], ...]] = (
    ("galley", "seat"),
    ("seat", "fjord", "position"),
    ("space", "attacker", "defender"),
    ("space", "attacker", "defender", "shield"),
    ("seat", "card"),
    ("seat", "space", "vp", "hunt"),
    ("raid", "why"),
    ("raid",),
    ("seat", "card", "headland"),
    ("scoring",),
    ("seat", "vikings"),
    ("seat", "vikings"),
    ("vikings",),
    ("raid", "seat"),
    (),
)
"""The fields of each kind of event (``state.E_*``), after its kind."""


def galley_name(g: int) -> str:
    return f"G{g:02d}"


def seat_or_none(p: int) -> int | None:
    return p if p >= 0 else None


def observation(s: State, seat: int) -> dict[str, Any]:
    """What ``seat`` may know: everything but the deck, the galley deck's order, the
    others' hands and the cards laid face down (their counts are public), in the
    contract every game follows (the schema in ``schema.py``)."""
    n = s.n
    b = s.board
    mine = 0 <= seat < n
    committed = set(s.commit_order[: s.commit_idx]) if s.phase == PH_COMMIT else set()
    return {
        "game": "walhalla",
        "seat": seat,
        "players": n,
        "round": s.raid,
        "phase": PHASES[s.phase],
        "to_move": to_move(s),
        "seats": [
            {
                "seat": p,
                "colour": D.COLOURS[p],
                "vp": s.vp[p],
                "midgard": s.midgard[p],
                "asgard": s.asgard[p],
                "walhalla": s.walhalla[p],
                "walhalla_bonus": s.wal_bonus[p],
                "hand_size": sum(s.hands[p]) + len(s.commits[p]),
                "face_down": len(s.commits[p]),
                "committed": p in committed,
                "forest_vp": s.forest_vp[p],
                "sale_vp": s.sale_vp[p],
            }
            for p in range(n)
        ],
        "hand": {D.CARD_NAMES[t]: s.hands[seat][t] for t in range(D.N_CARD_TYPES)}
        if mine
        else None,
        "face_down": [
            {"card": D.CARD_NAMES[t], "headland": h + 1 if h >= 0 else None}
            for t, h in s.commits[seat]
        ]
        if mine
        else None,
        "fixed_orientation": s.fixed,
        "start_player": s.start,
        "active": s.turn_player,
        "headlands": [
            {
                "headland": h + 1,
                "length": b.lengths[h],
                "tiles": [{"tile": f"T{t + 1:02d}", "flipped": bool(f)} for t, f in s.layout[h]],
                "cape_first": s.capes[h][1],
                "cape_second": s.capes[h][0],
            }
            for h in range(len(b.lengths))
        ],
        "spaces": [
            {
                "space": b.space_text(sp),
                "type": SPACE_TYPES[s.stype[sp]],
                "occupant": seat_or_none(s.occ[sp]),
            }
            for sp in range(b.n_spaces)
        ],
        "fjords": [
            [
                {
                    "galley": galley_name(g),
                    "bow": "in" if o == BOW_IN else "out",
                    "sailors": [seat_or_none(x) for x in sailors],
                }
                for g, o, sailors in f
            ]
            for f in s.fjords
        ],
        "galley": None
        if not s.galley
        else {
            "galley": galley_name(s.galley),
            "colour": D.COLOURS[D.galley_colour(s.galley)],
            "coloured_seat": D.SEAT_NAMES[D.galley_coloured_seat(s.galley)],
            "sailors": [seat_or_none(x) for x in s.seats],
        },
        "to_disembark": [{"fjord": f + 1, "position": q, "seat": o} for f, q, o in s.queue],
        "combat": None
        if s.phase not in (PH_DEFEND, PH_HUNT)
        else {
            "space": b.space_text(s.target),
            "attacker": seat_or_none(s.attacker),
            "occupant": seat_or_none(s.occ[s.target]),
        },
        "commit_order": s.commit_order[:],
        "discard": {D.CARD_NAMES[t]: s.discard[t] for t in range(D.N_CARD_TYPES)},
        "deck_size": len(s.deck),
        "galley_deck_size": len(s.gdeck),
        "galleys_sent": [galley_name(g) for g in galleys_sent(s)],
        "scorings": [{"scoring": label, "vp": list(p)} for label, p in s.ledger],
        "last_move": [event_json(s, e) for e in visible_events(s, seat)],
    }


def event_json(s: State, e: tuple[int, ...]) -> dict[str, Any]:
    """One automatic consequence of the last move, by name."""
    kind = e[0]
    out: dict[str, Any] = {"event": EVENT_NAMES[kind]}
    for name, value in zip(EVENT_FIELDS[kind], e[1:]):
        if name == "space":
            out[name] = s.board.space_text(value)
        elif name == "galley":
            out[name] = galley_name(value)
        elif name == "card":
            out[name] = D.CARD_NAMES[value] if value >= 0 else None
            if value == -2:
                out["hidden"] = True
        elif name in ("seat", "attacker", "defender"):
            out[name] = seat_or_none(value)
        elif name == "headland":
            out[name] = value + 1 if value >= 0 else None
        elif name == "scoring":
            out[name] = s.ledger[value][0]
        elif name in ("shield", "hunt"):
            out[name] = bool(value)
        elif name == "why":
            out[name] = "all galleys sent" if value == 0 else "no viking in Midgard"
        elif name == "fjord":
            out[name] = value + 1
        else:
            out[name] = value
    return out


def visible_events(s: State, seat: int | None) -> list[tuple[int, ...]]:
    """The last action's automatic consequences as ``seat`` (``None``: a spectator)
    sees them: a card drawn at a shrine is known only to the seat that drew it
    (``-2`` for the others; ``-1`` = nothing was drawn, which all can see)."""
    out = []
    for e in s.events:
        if e[0] == E_DRAW and e[1] != seat and e[2] >= 0:
            e = (E_DRAW, e[1], -2)
        out.append(e)
    return out


def determinize(state: State, seat: int, rng: random.Random) -> State:
    """Re-deal what ``seat`` cannot see: the deck, other hands, others' face-down
    cards, the galley deck order and the state's RNG."""
    s = state.clone()
    s.legal_cache = None  # another seat's legal actions depend on its re-dealt hand
    n = s.n
    # Pool every card seat cannot see: the deck, other hands, others' commitments.
    pool: list[int] = list(s.deck)
    sizes = [0] * n
    for p in range(n):
        if p == seat:
            continue
        h = s.hands[p]
        for t in range(D.N_CARD_TYPES):
            pool.extend([t] * h[t])
        pool.extend(c for c, _ in s.commits[p])
        sizes[p] = sum(h) + len(s.commits[p])
    # Canonical order first, so the re-deal depends only on what seat observes.
    pool.sort()
    # (A pending Hunt question tells nothing: every forest occupier is asked, ruling C6.)
    shuffle(rng, pool)
    # Hidden commitments first (their count is public): end-of-raid cards drawn from
    # the pool; the real ones are in it, so there are always enough.
    ok_types = [t for t in D.END_OF_RAID_CARDS if not (t == D.C_WALHALLA and s.raid >= D.N_RAIDS)]
    for p in range(n):
        had = len(s.commits[p])
        if p == seat or not had:
            continue
        new_commits: list[tuple[int, int]] = []
        i = len(pool) - 1
        while len(new_commits) < had:
            t = pool[i]
            if t in ok_types:
                pool.pop(i)
                hl = randbelow(rng, N_HEADLANDS) if t == D.C_HEADLAND else -1
                new_commits.append((t, hl))
            i -= 1
        s.commits[p] = new_commits
    for p in range(n):
        if p == seat:
            continue
        h = [0] * D.N_CARD_TYPES
        for _ in range(sizes[p] - len(s.commits[p])):
            h[pool.pop()] += 1
        s.hands[p] = h
    s.deck = pool
    shuffle(rng, s.deck)
    s.gdeck.sort()
    shuffle(rng, s.gdeck)
    s.rng = rng.getrandbits(62)
    s.events = visible_events(s, seat)  # another seat's shrine draw stays unknown
    return s


def _columns(s: State) -> str:
    """Column heads: one colour letter per seat, 6 wide, and who each one is."""
    return " ".join(f"{D.COLOUR_LETTER[p]:>6}" for p in range(s.n))


def _who_is_who(s: State) -> list[str]:
    each = [f"{D.COLOUR_LETTER[p]} = {seat_ref(p)} ({D.COLOURS[p]})" for p in range(s.n)]
    return ["  " + ", ".join(each[:2]), "  " + ", ".join(each[2:])]


def _ledger_raid(label: str) -> int:
    """Raid a scoring-log label belongs to ("raid 2 H1" -> 2; "final ..." -> 3)."""
    return D.N_RAIDS if label.startswith("final") else int(label.split()[1])


def view(s: State, seat: int | None, text: str) -> str | None:
    """Look-ups typed at the prompt: ``hand``, ``scores``, ``cards``, ``board N`` (``board``,
    ``tiles`` and ``legend`` are answered by the game from ``render``)."""
    want = normalize_action_text(text)
    if want in ("hand", "cards in hand"):
        if seat is None or not 0 <= seat < s.n:
            return "Spectators see no hand."
        lines = [f"Hand of {seat_ref(seat)} ({D.COLOURS[seat]}):"]
        for t, c in enumerate(s.hands[seat]):
            if c:
                lines.append(f"  {c} x {D.CARD_TITLES[t]:<15} {CARD_EFFECTS[t]}")
        for t, h in s.commits[seat]:
            where = f" naming H{h + 1}" if h >= 0 else ""
            lines.append(f"  face down: {D.CARD_TITLES[t]}{where}")
        if len(lines) == 1:
            lines.append("  (no cards)")
        return "\n".join(lines)
    words = want.split()
    if len(words) == 2 and words[0] == "board":
        if words[1].isdigit() and 1 <= int(words[1]) <= s.n:
            return seat_board(s, int(words[1]) - 1)
        return f"'board N' shows seat N's vikings and points, N = 1..{s.n}"
    # ('log' is the full screen's whole log; 'scores' is this ledger)
    if want in ("scores", "score", "scoring"):
        last = _ledger_raid(s.ledger[-1][0]) if s.ledger else 0
        lines = ["VP by scoring".ljust(24) + _columns(s)]
        for label, pts in breakdown(s).items():
            mark = (
                "*" if s.ledger and label in dict(s.ledger) and _ledger_raid(label) == last else " "
            )
            lines.append(f"{mark}{label[:22]:<23}" + " ".join(f"{x:>6}" for x in pts))
        if last:
            lines.append(f"* the latest scoring (end of raid {last})")
        lines.extend(_who_is_who(s))
        return "\n".join(lines)
    if want in ("cards", "deck", "discards", "galleys"):
        lines = [
            f"Action cards: {len(s.deck)} in the deck; per type: in the box, discarded, effect"
        ]
        for t in range(D.N_CARD_TYPES):
            lines.append(
                f"  {D.CARD_TITLES[t]:<15} {D.CARD_COUNTS[t]} {s.discard[t]:>2}  {CARD_EFFECTS[t]}"
            )
        sent = " ".join(f"G{g:02d}" for g in galleys_sent(s)) or "none"
        lines.extend(
            textwrap.wrap(
                f"Galleys: {len(s.gdeck)} left to draw this raid; sent: {sent}",
                79,
                subsequent_indent="  ",
            )
        )
        lines.append("  coloured seat: G01-G03 RED, G04-G06 BLACK, G07-G09 YELLOW, G10-G12 BLUE,")
        lines.append(
            "  on the front, middle and back seat in turn (G01 front, G02 middle, G03 back)"
        )
        return "\n".join(lines)
    return None


def seat_board(s: State, p: int) -> str:
    """What the table shows of seat ``p``: its points, its vikings in Midgard, Asgard
    and Walhalla, how many cards it holds, and where its vikings stand on the
    headlands and sit aboard (all public)."""
    cards = sum(s.hands[p]) + len(s.commits[p])
    lines = [
        f"{seat_ref(p)} ({D.COLOURS[p]}, {D.COLOUR_LETTER[p]}): {s.vp[p]} VP, "
        f"{cards} card{'s' if cards != 1 else ''} in hand",
        f"  Midgard {s.midgard[p]}, Asgard {s.asgard[p]}, Walhalla {s.walhalla[p]}",
    ]
    b = s.board
    for h in range(N_HEADLANDS):
        held = [
            f"{q}:{D.SPACE_CODE[s.stype[b.offsets[h] + q - 1]]}"
            for q in range(1, 2 * b.lengths[h] + 1)
            if s.occ[b.offsets[h] + q - 1] == p
        ]
        lines.extend(
            textwrap.wrap(f"  H{h + 1}: " + (" ".join(held) or "-"), 79, subsequent_indent="      ")
        )
    aboard = [
        f"F{f + 1} G{g:02d} {D.SEAT_NAMES[k]}"
        for f, moored in enumerate(s.fjords)
        for g, _, sailors in moored
        for k, who in enumerate(sailors)
        if who == p
    ]
    lines.extend(
        textwrap.wrap("  aboard: " + (", ".join(aboard) or "-"), 79, subsequent_indent="    ")
    )
    return "\n".join(lines)


def component_totals(s: State) -> dict[str, int]:
    """Vikings per colour (14), action cards per type and in all (32), galleys (12)."""
    out: dict[str, int] = {}
    aboard = s.seats if s.phase in (PH_INVITE, PH_SEATS, PH_SEND) else [o for *_, o in s.queue]
    for p in range(s.n):
        out[f"vikings {D.COLOURS[p]}"] = (
            s.midgard[p]
            + s.asgard[p]
            + s.walhalla[p]
            + s.occ.count(p)
            + sum(1 for o in aboard if o == p)
        )
    cards = s.discard[:]
    for t in s.deck:
        cards[t] += 1
    for h in s.hands:
        for t in range(D.N_CARD_TYPES):
            cards[t] += h[t]
    for c in s.commits:
        for t, _ in c:
            cards[t] += 1
    for t in range(D.N_CARD_TYPES):
        out[f"cards {D.CARD_NAMES[t]}"] = cards[t]
    out["cards"] = sum(cards)
    drawn = 1 if s.phase in (PH_INVITE, PH_SEATS, PH_SEND) else 0
    out["galleys"] = sum(len(f) for f in s.fjords) + len(s.gdeck) + drawn
    return out
