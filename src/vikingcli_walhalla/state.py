"""The Walhalla game state: flat lists of ints, cheap to clone and to serialise."""

from __future__ import annotations

from typing import Any

from vikingcli_walhalla.board import Board, make_board

# Phases (who is to move is derived from the phase, see rules.to_move).
P_INVITE = 0  # D2: invitee answers
P_SEATS = 1  # D3: active player boards seats (and sells cards)
P_SEND = 2  # D4: active player moors the galley
P_LAND = 3  # D5: owner of the next disembarking viking picks a target
P_DEFEND = 4  # D6: defender picks the combat result
P_HUNT = 5  # D7: occupier of a forest may play Hunt
P_COMMIT = 6  # D9: end-of-raid commitments, one seat at a time
P_OVER = 7
PHASE_NAMES = ("invite", "board", "moor", "disembark", "defend", "hunt", "commit", "over")


class WalhallaState:
    """One game in progress. Static parts (board, tile layout, space types, capes)
    are immutable and shared between clones."""

    __slots__ = (
        "active",
        "asgard",
        "attacker",
        "board",
        "capes",
        "commit_idx",
        "commit_order",
        "commits",
        "deck",
        "discard",
        "fixed",
        "fjords",
        "forest_vp",
        "galley",
        "gdeck",
        "hands",
        "layout",
        "ledger",
        "midgard",
        "n",
        "occ",
        "phase",
        "queue",
        "raid",
        "rng",
        "sale_vp",
        "score",
        "seats",
        "start",
        "stype",
        "target",
        "wal_bonus",
        "walhalla",
    )

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
    score: list[int]
    hands: list[list[int]]  # per seat: count per card type
    deck: list[int]  # action cards, top = last
    discard: list[int]  # count per card type (public)
    gdeck: list[int]  # galley ids, top = last
    fjords: list[list[tuple[int, int, tuple[int, int, int]]]]  # (galley, orient, sailors)
    raid: int
    start: int
    active: int
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

    def clone(self) -> WalhallaState:
        c = WalhallaState.__new__(WalhallaState)
        c.n = self.n
        c.fixed = self.fixed
        c.board = self.board
        c.layout = self.layout
        c.stype = self.stype
        c.capes = self.capes
        c.occ = self.occ[:]
        c.midgard = self.midgard[:]
        c.asgard = self.asgard[:]
        c.walhalla = self.walhalla[:]
        c.score = self.score[:]
        c.hands = [h[:] for h in self.hands]
        c.deck = self.deck[:]
        c.discard = self.discard[:]
        c.gdeck = self.gdeck[:]
        c.fjords = [f[:] for f in self.fjords]
        c.raid = self.raid
        c.start = self.start
        c.active = self.active
        c.phase = self.phase
        c.galley = self.galley
        c.seats = self.seats[:]
        c.queue = self.queue[:]
        c.target = self.target
        c.attacker = self.attacker
        c.commits = [x[:] for x in self.commits]
        c.commit_order = self.commit_order[:]
        c.commit_idx = self.commit_idx
        c.wal_bonus = self.wal_bonus[:]
        c.rng = self.rng
        c.ledger = self.ledger[:]
        c.forest_vp = self.forest_vp[:]
        c.sale_vp = self.sale_vp[:]
        return c

    def to_json(self) -> dict[str, Any]:
        return {
            "n": self.n,
            "fixed": self.fixed,
            "lengths": list(self.board.lengths),
            "layout": [[list(t) for t in row] for row in self.layout],
            "stype": list(self.stype),
            "capes": [list(c) for c in self.capes],
            "occ": self.occ[:],
            "midgard": self.midgard[:],
            "asgard": self.asgard[:],
            "walhalla": self.walhalla[:],
            "score": self.score[:],
            "hands": [h[:] for h in self.hands],
            "deck": self.deck[:],
            "discard": self.discard[:],
            "gdeck": self.gdeck[:],
            "fjords": [[[g, o, list(s)] for g, o, s in f] for f in self.fjords],
            "raid": self.raid,
            "start": self.start,
            "active": self.active,
            "phase": self.phase,
            "galley": self.galley,
            "seats": self.seats[:],
            "queue": [list(x) for x in self.queue],
            "target": self.target,
            "attacker": self.attacker,
            "commits": [[list(c) for c in x] for x in self.commits],
            "commit_order": self.commit_order[:],
            "commit_idx": self.commit_idx,
            "wal_bonus": self.wal_bonus[:],
            "rng": self.rng,
            "ledger": [[label, list(pts)] for label, pts in self.ledger],
            "forest_vp": self.forest_vp[:],
            "sale_vp": self.sale_vp[:],
        }

    @staticmethod
    def from_json(d: Any) -> WalhallaState:
        s = WalhallaState.__new__(WalhallaState)
        s.n = int(d["n"])
        s.fixed = bool(d["fixed"])
        a, b, c = (int(x) for x in d["lengths"])
        s.board = make_board((a, b, c))
        s.layout = tuple(tuple((int(t[0]), int(t[1])) for t in row) for row in d["layout"])
        s.stype = tuple(int(x) for x in d["stype"])
        s.capes = tuple((int(x[0]), int(x[1])) for x in d["capes"])
        s.occ = [int(x) for x in d["occ"]]
        s.midgard = [int(x) for x in d["midgard"]]
        s.asgard = [int(x) for x in d["asgard"]]
        s.walhalla = [int(x) for x in d["walhalla"]]
        s.score = [int(x) for x in d["score"]]
        s.hands = [[int(x) for x in h] for h in d["hands"]]
        s.deck = [int(x) for x in d["deck"]]
        s.discard = [int(x) for x in d["discard"]]
        s.gdeck = [int(x) for x in d["gdeck"]]
        s.fjords = [
            [(int(g), int(o), (int(x[0]), int(x[1]), int(x[2]))) for g, o, x in f]
            for f in d["fjords"]
        ]
        s.raid = int(d["raid"])
        s.start = int(d["start"])
        s.active = int(d["active"])
        s.phase = int(d["phase"])
        s.galley = int(d["galley"])
        s.seats = [int(x) for x in d["seats"]]
        s.queue = [(int(x[0]), int(x[1]), int(x[2])) for x in d["queue"]]
        s.target = int(d["target"])
        s.attacker = int(d["attacker"])
        s.commits = [[(int(c[0]), int(c[1])) for c in x] for x in d["commits"]]
        s.commit_order = [int(x) for x in d["commit_order"]]
        s.commit_idx = int(d["commit_idx"])
        s.wal_bonus = [int(x) for x in d["wal_bonus"]]
        s.rng = int(d["rng"])
        s.ledger = [(str(label), tuple(int(x) for x in pts)) for label, pts in d["ledger"]]
        s.forest_vp = [int(x) for x in d["forest_vp"]]
        s.sale_vp = [int(x) for x in d["sale_vp"]]
        return s
