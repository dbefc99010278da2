"""The Walhalla game state: flat lists of ints, cheap to clone and to serialise.

Also the phase constants (who is to move is derived from the phase, see
``rules.to_move``) and the action kinds. An action is a small int tuple whose
first element is its kind:

* ``(DECLINE,)`` / ``(JOIN, sold)`` invitee (D2); ``sold`` = card type sold or -1
* ``(BOARD, mask, sold)`` active player fills seats (D3); mask bit i = seat i
  (front 1, middle 2, back 4), ``sold`` = sorted tuple of card types sold
* ``(MOOR, fjord, orient)`` send the galley (D4)
* ``(LAND, space)`` / ``(ATTACK, space, with_card)`` disembark (D5)
* ``(LOSE,)`` / ``(WIN, shield)`` defender (D6)
* ``(HUNT, play)`` forest occupier (D7, asked of every occupier: ruling C6)
* ``(PLAY, card, headland)`` / ``(DONE,)`` end-of-raid commitment (D9)

(D1-D9 are the decision points of docs/rules/walhalla.md §6.)

``events`` lists what the rules did on their own during the last action (the
narration tells it): small int tuples whose first element is an ``E_*`` kind.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final

from vikingcli.engine import FlatState, load_fields
from vikingcli_walhalla.board import Board, make_board

# Phases, in the order of a turn.
PH_INVITE: Final = 0  # D2: invitee answers
PH_SEATS: Final = 1  # D3: active player boards seats (and sells cards)
PH_SEND: Final = 2  # D4: active player moors the galley
PH_LAND: Final = 3  # D5: owner of the next disembarking viking picks a target
PH_DEFEND: Final = 4  # D6: defender picks the combat result
PH_HUNT: Final = 5  # D7: occupier of a forest may play Hunt
PH_COMMIT: Final = 6  # D9: end-of-raid commitments, one seat at a time
PH_OVER: Final = 7
PHASE_NAMES: Final = ("invite", "board", "moor", "disembark", "defend", "hunt", "commit", "over")

# Action kinds (the first element of every action tuple).
DECLINE: Final = 0
JOIN: Final = 1
BOARD: Final = 2
MOOR: Final = 3
LAND: Final = 4
ATTACK: Final = 5
LOSE: Final = 6
WIN: Final = 7
HUNT: Final = 8
PLAY: Final = 9
DONE: Final = 10

# Event kinds of the last action's automatic consequences (``State.events``).
E_GALLEY: Final = 0  # (E_GALLEY, galley, drawer): a galley is drawn
E_SAIL: Final = 1  # (E_SAIL, seat, fjord, position): a viking with no target sails back to Midgard
E_TAKE: Final = 2  # (E_TAKE, space, attacker, defender): defender loses, its viking to Walhalla
E_REPEL: Final = 3  # (E_REPEL, space, attacker, defender, shield): defender wins
E_DRAW: Final = 4  # (E_DRAW, seat, card): shrine draw; card -1 = nothing left to draw (private)
E_FOREST: Final = 5  # (E_FOREST, seat, space, vp, hunt): forest VP scored
E_RAID_END: Final = 6  # (E_RAID_END, raid, why): 0 all galleys sent, 1 no viking in Midgard
E_REVEAL: Final = 7  # (E_REVEAL, raid): the face-down cards are turned up
E_CARD: Final = 8  # (E_CARD, seat, card, headland or -1): one revealed card
E_SCORE: Final = 9  # (E_SCORE, ledger index): one scoring of the log
E_CLEAR: Final = 10  # (E_CLEAR, seat, vikings): cleared from the board to Asgard
E_REINFORCE: Final = 11  # (E_REINFORCE, seat, vikings): Asgard -> Midgard
E_DEPART: Final = 12  # (E_DEPART, vikings): each seat's heroes leave Walhalla for Asgard
E_NEW_RAID: Final = 13  # (E_NEW_RAID, raid, start player)
E_OVER: Final = 14  # (E_OVER,): the game is over


class State(FlatState):
    """One game in progress. Static parts (board, tile layout, space types, capes)
    are immutable and shared between clones."""

    VALUES = (
        "n",
        "fixed",
        "board",
        "layout",
        "stype",
        "capes",
        "raid",
        "start",
        "turn_player",
        "phase",
        "galley",
        "target",
        "attacker",
        "commit_idx",
        "rng",
    )
    LISTS = (
        "occ",
        "midgard",
        "asgard",
        "walhalla",
        "vp",
        "deck",
        "discard",
        "gdeck",
        "seats",
        "queue",
        "commit_order",
        "wal_bonus",
        "ledger",
        "forest_vp",
        "sale_vp",
        "events",
    )
    GRIDS = ("hands", "fjords", "commits")
    TUPLES = ("layout", "stype", "capes", "fjords", "queue", "commits", "ledger", "events")
    __slots__ = VALUES + LISTS + GRIDS

    SUMMARY = ("raid", "phase", "turn_player", "vp")  # what repr shows
    PHASES = PHASE_NAMES
    # Keys of snapshots made before the glossary's names (rules version 2).
    RENAMED: ClassVar[Mapping[str, str]] = {"score": "vp", "active": "turn_player"}

    n: int
    fixed: bool  # fixed_orientation: every galley moors BOW_IN
    board: Board
    layout: tuple[tuple[tuple[int, int], ...], ...]  # per headland: (tile index, flipped)
    stype: tuple[int, ...]  # space type per flat space
    capes: tuple[tuple[int, int], ...]  # per headland: (inner, outer)
    occ: list[int]  # occupant seat per space, -1 empty
    midgard: list[int]
    asgard: list[int]
    walhalla: list[int]
    vp: list[int]
    hands: list[list[int]]  # per seat: count per card type
    deck: list[int]  # action cards, top = last
    discard: list[int]  # count per card type (public)
    gdeck: list[int]  # galley ids, top = last
    fjords: list[list[tuple[int, int, tuple[int, int, int]]]]  # (galley, orient, sailors)
    raid: int
    start: int
    turn_player: int
    phase: int
    galley: int  # current galley id, 0 = none
    seats: list[int]  # owner per seat of the current galley (front, middle, back)
    queue: list[tuple[int, int, int]]  # (fjord, position, owner) still to disembark
    target: int  # space of a pending combat / hunt
    attacker: int
    commits: list[list[tuple[int, int]]]  # per seat: (card, headland or -1), hidden
    commit_order: list[int]
    commit_idx: int
    wal_bonus: list[int]
    rng: int
    ledger: list[tuple[str, tuple[int, ...]]]  # scoring log (label, points per seat)
    forest_vp: list[int]  # VP from forests (incl. Hunt) during raids
    sale_vp: list[int]  # VP paid for card sales (negative)
    events: list[tuple[int, ...]]  # automatic consequences of the last action (E_*)

    def clone(self) -> State:
        """An independent copy, each field as deep as its kind says: the text
        vikingcli.engine.fields.clone_source generates from the kinds. Written out, not made
        when the class is: a compiled (native) class takes no method assigned after its
        creation."""
        c = State()
        c.legal_cache = self.legal_cache
        c.n = self.n
        c.fixed = self.fixed
        c.board = self.board
        c.layout = self.layout
        c.stype = self.stype
        c.capes = self.capes
        c.raid = self.raid
        c.start = self.start
        c.turn_player = self.turn_player
        c.phase = self.phase
        c.galley = self.galley
        c.target = self.target
        c.attacker = self.attacker
        c.commit_idx = self.commit_idx
        c.rng = self.rng
        c.occ = self.occ[:]
        c.midgard = self.midgard[:]
        c.asgard = self.asgard[:]
        c.walhalla = self.walhalla[:]
        c.vp = self.vp[:]
        c.deck = self.deck[:]
        c.discard = self.discard[:]
        c.gdeck = self.gdeck[:]
        c.seats = self.seats[:]
        c.queue = self.queue[:]
        c.commit_order = self.commit_order[:]
        c.wal_bonus = self.wal_bonus[:]
        c.ledger = self.ledger[:]
        c.forest_vp = self.forest_vp[:]
        c.sale_vp = self.sale_vp[:]
        c.events = self.events[:]
        c.hands = [x[:] for x in self.hands]
        c.fjords = [x[:] for x in self.fjords]
        c.commits = [x[:] for x in self.commits]
        return c

    def to_json(self) -> dict[str, Any]:
        """The saved form: the board as its ``lengths``."""
        d = super().to_json()
        del d["board"]
        d["lengths"] = list(self.board.lengths)
        return d

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> State:
        data = cls.upgrade(data)  # a snapshot of older rules in today's keys
        a, b, c = (int(x) for x in data["lengths"])
        s: State = load_fields(cls, {**data, "board": make_board((a, b, c))})
        return s
