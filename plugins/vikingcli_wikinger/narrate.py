"""What one move tells the table (the engine's ``narrate``): the move, then every step
the rules took on their own after it (docs/rules/wikinger.md, "Rulings made by the
code" 2 and 9).

Everything in Wikinger is open information except the order of the tile stacks, of
the figure bag and of the special pile (§6.3, ``view.observation``), so every seat and
a spectator are told the same. The lines come from the rules themselves: the move is
played again on a copy of the position before it with the copy's ``events`` switched
on (state.py), and every recorded step is told. A step only ever names what the
position after it shows to everyone (a tile laid out, a figure drawn onto the wheel or
into the advanced game's open draw, a special tile turned up), never what is still in
a stack, the bag or the pile.

The steps told: the combination taken and its price (VP exchanged included), every
forced decision (a forced take, a forced ship column or cell, a tile that fits nowhere
and is discarded, the last colour, a forced pass, each forced ferrying step, ferrying
that ends because nothing more can be ferried), figures that go to the mainland on
their own, building swaps, special tiles and the treasure, the auction's result and
the start player, each round's offer (tiles and figures) or draw, and every item of
the small, big and final scorings per seat.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import Any

from vikingcli.engine import seat_ref
from vikingcli_wikinger import rules
from vikingcli_wikinger.actions import format_action
from vikingcli_wikinger.data import (
    BOATMAN,
    BUILDING_LETTERS,
    COLOUR_NAMES,
    COLOUR_OF_ROW,
    ROLE_NAMES,
    SAIL_NAMES,
    SHIP,
    SP11,
    SPECIAL_IDS,
    SPECIAL_NAMES,
)
from vikingcli_wikinger.state import (
    E_AUCTION,
    E_COLOUR,
    E_DISCARD_FIG,
    E_DISCARD_TILE,
    E_DRAW,
    E_FERRY,
    E_FERRY_END,
    E_FIGURE,
    E_FORCED,
    E_IDLE,
    E_LAND,
    E_NO_BID,
    E_NO_FERRY,
    E_OFFER,
    E_OVER,
    E_PLACE,
    E_ROUND,
    E_SCORING,
    E_SP11_WAIT,
    E_SPECIAL,
    E_START,
    E_SWAP,
    E_TAKE,
    E_TILES,
    E_TREASURE,
    Action,
    Event,
    State,
)
from vikingcli_wikinger.view import tile_text

WIDTH = 70  # the host indents consequence lines
FORCED = " (forced)"

# The step each kind of action records first; a chosen action's own step repeats its
# text and is not told again, except the ones that add something (what was taken and
# for how much, which special tile, which slots a colour fills).
PRIMARY: dict[str, tuple[str, ...]] = {
    "take": (E_TAKE,),
    "start": (E_START,),
    "ship": (E_PLACE,),
    "tile": (E_PLACE,),
    "figure": (E_FIGURE, E_IDLE),
    "special": (E_SPECIAL,),
    "swap": (E_SWAP,),
    "discard": (E_DISCARD_FIG,),
    "colour": (E_COLOUR,),
    "boat": (E_FERRY,),
    "longship": (E_FERRY,),
    "add": (E_FERRY,),
    "land": (E_LAND,),
    "done": (E_FERRY_END,),
}
TOLD_WHEN_CHOSEN = (E_TAKE, E_SPECIAL, E_COLOUR)


def narrate(before: State, action: Action, after: State, seat: int | None) -> list[str]:
    """The move's text, then one line (or a few) per step the rules took after it; the
    same for every seat and for spectators."""
    return [format_action(before, action), *consequences(before, action)]


def replay_events(before: State, action: Action) -> tuple[State, list[Event]]:
    """The position after ``action`` (as ``apply`` makes it) and the steps recorded on
    the way."""
    s = before.clone()
    s.events = []
    rules.apply_legal(s, action)
    events = s.events
    s.events = None
    return s, events


def consequences(before: State, action: Action) -> list[str]:
    """What happened after the move's own text."""
    after, events = replay_events(before, action)
    lines: list[str] = []
    expect: tuple[str, ...] = PRIMARY.get(action[0], ())
    forced: tuple[int, Action] | None = None
    for e in events:
        kind = e[0]
        if kind == E_FORCED:
            if forced is not None and expect:  # the forced move recorded nothing itself
                lines.append(plain_forced(*forced))
            forced = (e[1], e[2])
            expect = PRIMARY.get(e[2][0], ())
            if not expect:
                lines.append(plain_forced(*forced))
                forced = None
            continue
        if expect and kind in expect:
            expect = ()
            if forced is not None:
                told = event_lines(after, e)
                lines += [told[0] + FORCED, *told[1:]]
                forced = None
                continue
            if kind not in TOLD_WHEN_CHOSEN:
                continue
        lines += event_lines(after, e)
    if forced is not None and expect:
        lines.append(plain_forced(*forced))
    return [part for line in lines for part in wrapped(line)]


def wrapped(line: str) -> list[str]:
    """``line`` in lines of at most WIDTH columns, further lines indented two more."""
    if len(line) <= WIDTH:
        return [line]
    lead = line[: len(line) - len(line.lstrip())]
    return textwrap.wrap(line, WIDTH, subsequent_indent=lead + "  ", break_long_words=False)


def plain_forced(p: int, a: Action) -> str:
    """A forced move that recorded no step of its own (a pass that ends nothing)."""
    if a[0] == "pass":
        return f"{seat_ref(p)} passes: no bid is possible" + FORCED
    return f"{seat_ref(p)}: {' '.join(str(x) for x in a)}" + FORCED


# ---------------------------------------------------------------------- small texts


def tile_name(t: int) -> str:
    """``L tile``, ``Mb tile``, ``red ship``."""
    if t >= SHIP:
        return f"{SAIL_NAMES[t - SHIP]} ship"
    return f"{tile_text(t)} tile"


def fig_name(x: int) -> str:
    """``red noble``."""
    return f"{COLOUR_NAMES[x]} {ROLE_NAMES[x]}"


def figs(k: int, x: int) -> str:
    """``3 red nobles``, ``1 red noble``, ``2 grey boatmen``."""
    name = fig_name(x)
    if k == 1:
        return f"{k} {name}"
    return f"{k} {name[:-3]}men" if name.endswith("man") else f"{k} {name}s"


def cost(gold: int, vp: int) -> str:
    """``5 gold``, ``3 gold and 2 VP``, ``nothing``."""
    parts = ([f"{gold} gold"] if gold else []) + ([f"{vp} VP"] if vp else [])
    return " and ".join(parts) if parts else "nothing"


def at(r: int, c: int) -> str:
    return f"row {r} column {c}"


def signed(v: int, unit: str) -> str:
    return f"{v:+d} {unit}"


def joined(prefix: str, items: list[str], sep: str = ", ") -> list[str]:
    """``prefix`` and the items joined by ``sep`` in lines of at most WIDTH columns;
    further lines are indented two columns more than the prefix."""
    lines: list[str] = []
    indent = " " * (len(prefix) - len(prefix.lstrip()) + 2)
    cur = prefix
    for i, item in enumerate(items):
        gap = sep if i else ""
        if cur != prefix and len(cur) + len(gap) + len(item) + len(sep.rstrip()) > WIDTH:
            lines.append(cur + sep.rstrip())
            cur = indent + item
        else:
            cur += gap + item
    lines.append(cur)
    return lines


# ---------------------------------------------------------------------- one step


def round_start_lines(s: State, e: Event) -> list[str]:
    """The lines of a round's start (spec §3.1, §3.2; advanced §5.2): the offer or the draw,
    the auction, the discard and the colours laid out."""
    kind = e[0]
    if kind == E_ROUND:
        _, r, start = e
        return [f"round {r} begins; {seat_ref(start)} is start player"]
    if kind == E_OFFER:
        _, tiles, fig = e
        return joined("the offer by slot: ",
                      [f"{i} {tile_name(t)} + {fig_name(fig[i])}"
                       for i, t in enumerate(tiles) if t])
    if kind == E_DRAW:
        _, display, drawn = e
        lines = joined("special tiles on display: ",
                       [f"{i} {SPECIAL_IDS[k]}" for i, k in enumerate(display) if k >= 0])
        if all(k < 0 for k in display):
            lines = ["the special display is empty"]
        lines += joined(f"{sum(drawn)} figures are drawn from the bag: ",
                        [figs(k, x) for x, k in enumerate(drawn) if k])
        return lines
    if kind == E_AUCTION:
        _, w, bid, gold, vp, old = e
        who = seat_ref(w)
        role = "stays" if w == old else "becomes"
        return [f"{who} wins the auction with {bid}, paying {cost(gold, vp)},"
                f" and {role} start player"]
    if kind == E_NO_BID:
        return [f"nobody bids: {seat_ref(e[1])} stays start player for free"]
    if kind == E_DISCARD_FIG:
        return [f"{seat_ref(e[1])} puts a {fig_name(e[2])} back in the box"]
    if kind == E_TILES:
        return joined("the tiles are laid out: ",
                      [f"{i} {tile_name(t)}" for i, t in enumerate(e[1]) if t])
    _, p, x, slots = e
    where = ", ".join(str(i) for i in slots)
    word = "slot" if len(slots) == 1 else "slots"
    return [f"{seat_ref(p)} lays out {figs(len(slots), x)} on {word} {where}"]


def taking_lines(s: State, e: Event) -> list[str]:
    """The lines of taking a combination (spec §3.4), a special tile (§5.4) or treasure gold."""
    kind = e[0]
    if kind == E_TAKE:
        _, p, slot, tile, fig, gold, vp = e
        price = "free" if not gold + vp else f"for {cost(gold, vp)}"
        return [f"{seat_ref(p)} takes slot {slot}: {tile_name(tile)} + {fig_name(fig)},"
                f" {price}"]
    if kind == E_SPECIAL:
        _, p, k = e
        if k < 0:
            return [f"{seat_ref(p)} takes no special tile"]
        return [f"{seat_ref(p)} takes special tile {SPECIAL_IDS[k]} ({SPECIAL_NAMES[k]})"]
    return [f"{seat_ref(e[1])} gets {e[2]} gold from the treasure"]


def placing_lines(s: State, e: Event) -> list[str]:
    """The lines of placing the tile and its figure (spec §3.6, §3.7; SP11 §5.4)."""
    kind = e[0]
    if kind == E_START:
        return [f"{seat_ref(e[1])} puts the start tile at {at(e[2], 0)}"]
    if kind == E_PLACE:
        _, p, r, c, tile, forced = e
        if r == 0:
            why = " (forced: its only column)" if forced else ""
            return [f"{seat_ref(p)} puts the {tile_name(tile)} in column {c}{why}"]
        why = " (forced: its only cell)" if forced else ""
        return [f"{seat_ref(p)} puts the {tile_name(tile)} at {at(r, c)}{why}"]
    if kind == E_DISCARD_TILE:
        _, p, tile, fig = e
        return [f"{seat_ref(p)}'s {tile_name(tile)} fits nowhere and is discarded",
                f"{seat_ref(p)}'s {fig_name(fig)} goes to the mainland"]
    if kind == E_FIGURE:
        _, p, fig, r, c = e
        return [f"{seat_ref(p)} puts the {fig_name(fig)} on its tile at {at(r, c)}"]
    if kind == E_IDLE:
        _, p, fig, why = e
        if why == "chosen":
            return [f"{seat_ref(p)} puts the {fig_name(fig)} on the mainland"]
        if fig == BOATMAN:
            reason = ""
        elif why == "ship":
            reason = " (came with a ship)"
        else:
            reason = " (not its row)"
        return [f"{seat_ref(p)}'s {fig_name(fig)} goes to the mainland{reason}"]
    if kind == E_SWAP:
        _, p, r, c, b, auto = e
        how = " at once" if auto else ""
        return [f"{seat_ref(p)}'s {SPECIAL_IDS[SP11 + b]} replaces the building"
                f" {BUILDING_LETTERS[b]} tile at {at(r, c)}{how}"]
    _, p, b = e
    return [f"{seat_ref(p)} has no building {BUILDING_LETTERS[b]} tile yet:"
            f" {SPECIAL_IDS[SP11 + b]} waits for one"]


def ferrying_lines(s: State, e: Event) -> list[str]:
    """The lines of ferrying with boatmen (spec §4.4)."""
    kind = e[0]
    if kind == E_FERRY:
        _, p, how, r, c = e
        if how == "add":
            return [f"{seat_ref(p)}'s boatman also takes a {fig_name(COLOUR_OF_ROW[r])}"
                    f" to {at(r, c)}"]
        boat = " by longship (SP04)" if how == "longship" else ""
        return [f"{seat_ref(p)} ferries a {fig_name(COLOUR_OF_ROW[r])}{boat} to {at(r, c)}"]
    if kind == E_LAND:
        return [f"{seat_ref(e[1])}'s boatman lands"]
    if kind == E_FERRY_END:
        _, p, chosen = e
        if chosen:
            return [f"{seat_ref(p)} ends ferrying"]
        return [f"{seat_ref(p)} can ferry nothing more"]
    return [f"nothing to ferry: {', '.join(seat_ref(p) for p in e[1])}"]


# Which step tells each kind of event; a step's last kind is told without a test (only
# its kinds are sent to it).
TELLERS: dict[str, Callable[[State, Event], list[str]]] = {
    **dict.fromkeys(
        (E_ROUND, E_OFFER, E_DRAW, E_AUCTION, E_NO_BID, E_DISCARD_FIG, E_TILES, E_COLOUR),
        round_start_lines,
    ),
    **dict.fromkeys((E_TAKE, E_SPECIAL, E_TREASURE), taking_lines),
    **dict.fromkeys(
        (E_START, E_PLACE, E_DISCARD_TILE, E_FIGURE, E_IDLE, E_SWAP, E_SP11_WAIT), placing_lines
    ),
    **dict.fromkeys((E_FERRY, E_LAND, E_FERRY_END, E_NO_FERRY), ferrying_lines),
}


def event_lines(s: State, e: Event) -> list[str]:
    """The lines telling one recorded step; ``s`` is the position after the move (its
    scoring log is read)."""
    kind = e[0]
    tell = TELLERS.get(kind)
    if tell is not None:
        return tell(s, e)
    if kind == E_SCORING:
        return scoring_lines(s.log[e[1]])
    if kind == E_OVER:
        return joined("the game is over: ",
                      [f"{seat_ref(p)} {s.vp[p]} VP ({s.gold[p]} gold left)"
                       for p in range(s.n)])
    raise AssertionError(f"unknown event {e!r}")  # pragma: no cover


# ---------------------------------------------------------------------- scorings

BIG_ITEMS = (
    ("plunder_gold", "plunder", "gold"),
    ("plunder_vp", "plunder", "VP"),
    ("nobles_vp", "nobles", "VP"),
    ("noble_hall_vp", "noble hall", "VP"),
    ("scouts_vp", "scouts", "VP"),
    ("scout_camp_vp", "scout camp", "VP"),
    ("goldsmiths_gold", "goldsmiths", "gold"),
    ("guild_gold", "guild", "gold"),
    ("fishing_ground_vp", "fishing ground", "VP"),
)


def scoring_lines(entry: dict[str, Any]) -> list[str]:
    """A scoring of the state's log, one line (or a few) per seat with every item."""
    kind, r = entry["scoring"], entry["round"]
    seats = entry["seats"]
    if kind == "small":
        lines = [f"small scoring after round {r} (goldsmiths):"]
        for p, e in enumerate(seats):
            guild = e.get("guild_gold", 0)
            extra = f" ({e['goldsmiths_gold']} + {guild} guild)" if guild else ""
            lines.append(f"  {seat_ref(p)} {signed(e['gold'], 'gold')}{extra}")
        return lines
    if kind == "big":
        lines = [f"big scoring after round {r}:"]
        for p, e in enumerate(seats):
            items = [f"{label} {signed(e[key], unit)}"
                     for key, label, unit in BIG_ITEMS if e.get(key)]
            total = f"in all {signed(e['gold'], 'gold')}, {signed(e['vp'], 'VP')}"
            lines += joined(f"  {seat_ref(p)}: ", [*items, total] if items else ["nothing"])
        return lines
    lines = ["final scoring:"]
    for p, e in enumerate(seats):
        items = []
        if e["f1_gold"] or e["f1_vp"]:
            items.append(f"unfought ships {cost(-e['f1_gold'], -e['f1_vp'])} lost")
        items.append(f"{e['f2_gold_spent']} gold to {signed(e['f2_vp'], 'VP')}")
        items.append(f"boatmen ({e['f3_boatmen']}) {signed(e['f3_vp'], 'VP')}")
        items.append(f"islands ({e['f4_islands']}) {signed(e['f4_vp'], 'VP')}")
        items.append(f"longest ({e['f5_longest']}) {signed(e['f5_vp'], 'VP')}")
        items.append(f"feeding ({e['f6_food']} food, {e['f6_figures']} figures)"
                     f" {signed(e['f6_vp'], 'VP')}")
        if "f7_vp" in e:
            items.append(f"buildings {signed(e['f7_vp'], 'VP')}")
        items.append(f"in all {signed(e['vp'], 'VP')}, {e['gold_left']} gold left")
        lines += joined(f"  {seat_ref(p)}: ", items)
    return lines
