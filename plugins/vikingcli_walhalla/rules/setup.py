"""A new game: tiles, capes, pools, hands, galley deck (docs/rules/walhalla.md §2)."""

from __future__ import annotations

import random
from collections.abc import Mapping

from vikingcli.engine import randbelow, shuffle
from vikingcli_walhalla import data as D
from vikingcli_walhalla.board import N_FJORDS, lengths_of, make_board
from vikingcli_walhalla.rules.raid import begin_turn
from vikingcli_walhalla.state import PH_SEATS, State


def new_state(n_players: int, options: Mapping[str, str], seed: int) -> State:
    """A fresh game of ``n_players`` on the headlands the options give; the first galley
    is drawn already. ``options`` holds every option (``Game.resolve_options``)."""
    if not 3 <= n_players <= 4:
        raise ValueError(f"walhalla: {n_players} players (needs 3-4)")
    n = n_players
    lengths = lengths_of(options["headlands"])
    rnd = random.Random(seed)
    s = State.__new__(State)
    s.legal_cache = None
    s.n = n
    s.fixed = options["fixed_orientation"] == "yes"
    s.board = make_board(lengths)
    tiles = list(range(len(D.TILES)))
    shuffle(rnd, tiles)
    layout = []
    stype: list[int] = []
    i = 0
    for length in lengths:
        row = []
        for _ in range(length):
            t = tiles[i]
            i += 1
            # HOUSE DATA: random orientation bit (rnd.randrange(2), compiled: draws)
            flip = randbelow(rnd, 2)
            row.append((t, flip))
            pa, pb = D.TILES[t]
            stype.extend((pb, pa) if flip else (pa, pb))
        layout.append(tuple(row))
    s.layout = tuple(layout)
    s.stype = tuple(stype)
    inner = list(D.INNER_CAPES)
    outer = list(D.OUTER_CAPES)
    shuffle(rnd, inner)
    shuffle(rnd, outer)
    s.capes = tuple(zip(inner, outer, strict=True))
    s.occ = [-1] * s.board.n_spaces
    mid = D.START_MIDGARD[n]
    s.midgard = [mid] * n
    s.asgard = [D.VIKINGS_PER_COLOUR - mid - D.START_WALHALLA] * n
    s.walhalla = [D.START_WALHALLA] * n
    s.vp = [0] * n
    deck = [t for t in range(D.N_CARD_TYPES) for _ in range(D.CARD_COUNTS[t])]
    shuffle(rnd, deck)
    s.hands = [[0] * D.N_CARD_TYPES for _ in range(n)]
    for p in range(n):
        s.hands[p][deck.pop()] += 1
    s.deck = deck
    s.discard = [0] * D.N_CARD_TYPES
    gdeck = list(range(1, D.N_GALLEYS + 1))
    shuffle(rnd, gdeck)
    s.gdeck = gdeck
    s.fjords = [[] for _ in range(N_FJORDS)]
    s.raid = 1
    s.start = randbelow(rnd, n)
    s.turn_player = s.start
    s.phase = PH_SEATS
    s.galley = 0
    s.seats = [-1, -1, -1]
    s.queue = []
    s.target = -1
    s.attacker = -1
    s.commits = [[] for _ in range(n)]
    s.commit_order = []
    s.commit_idx = 0
    s.wal_bonus = [0] * n
    s.rng = rnd.getrandbits(62)
    s.ledger = []
    s.forest_vp = [0] * n
    s.sale_vp = [0] * n
    s.events = []
    begin_turn(s)
    return s
