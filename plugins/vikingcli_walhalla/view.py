"""What one seat may know (docs/rules/walhalla.md §6 information model): the
observation, determinization, the look-ups typed at the prompt, and the component
totals the property tests check."""

from __future__ import annotations

import random
import textwrap
from typing import Any, Final

from vikingcli.engine import normalize_action_text, randbelow, seat_ref, shuffle
from vikingcli_walhalla import data as D
from vikingcli_walhalla.board import N_HEADLANDS
from vikingcli_walhalla.rules import to_move
from vikingcli_walhalla.scoring import breakdown
from vikingcli_walhalla.state import (
    E_DRAW,
    PH_COMMIT,
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


def observation(s: State, seat: int) -> dict[str, Any]:
    n = s.n
    b = s.board
    committed = [s.phase == PH_COMMIT and (p in s.commit_order[: s.commit_idx]) for p in range(n)]
    return {
        "game": "walhalla",
        "seat": seat,
        "players": n,
        "fixed_orientation": s.fixed,
        "headlands": list(b.lengths),
        "tiles": [[list(t) for t in row] for row in s.layout],
        "spaces": [
            {"id": b.space_text(sp), "type": D.SPACE_CODE[s.stype[sp]], "occupant": s.occ[sp]}
            for sp in range(b.n_spaces)
        ],
        "capes": [list(c) for c in s.capes],
        "fjords": [[[g, o, list(x)] for g, o, x in f] for f in s.fjords],
        "raid": s.raid,
        "start_player": s.start,
        "active": s.active,
        "phase": PHASE_NAMES[s.phase],
        "to_move": to_move(s),
        "galley": s.galley,
        "seats": s.seats[:],
        "queue": [list(x) for x in s.queue],
        "target": s.target,
        "attacker": s.attacker,
        "midgard": s.midgard[:],
        "asgard": s.asgard[:],
        "walhalla": s.walhalla[:],
        "score": s.score[:],
        # hidden commitments stay in the hand count (face-down cards are still visible)
        "hand_sizes": [sum(s.hands[p]) + len(s.commits[p]) for p in range(n)],
        # how many cards each seat has laid face down (which ones stays hidden)
        "face_down": [len(s.commits[p]) for p in range(n)],
        "hand": s.hands[seat][:] if 0 <= seat < n else None,
        "my_commits": [list(c) for c in s.commits[seat]] if 0 <= seat < n else None,
        "committed": committed,
        "commit_order": s.commit_order[:],
        "discard": s.discard[:],
        "deck_size": len(s.deck),
        "galley_deck_size": len(s.gdeck),
        "galleys_sent": galleys_sent(s),
        "ledger": [[label, list(p)] for label, p in s.ledger],
        "forest_vp": s.forest_vp[:],
        "sale_vp": s.sale_vp[:],
        "events": [list(e) for e in visible_events(s, seat)],
    }


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
    """Look-ups typed at the prompt: ``hand``, ``scores``, ``cards`` (``board``,
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
    if want in ("scores", "score", "scoring", "log"):
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
