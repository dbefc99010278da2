"""Helpers that build Walhalla positions directly (for the worked examples of
docs/rules/walhalla.md §7 and the other tests)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from vikingcli_walhalla import data as D
from vikingcli_walhalla.game import WalhallaGame
from vikingcli_walhalla.rules import begin_turn
from vikingcli_walhalla.state import PH_INVITE, PH_SEATS, PH_SEND, State

GAME = WalhallaGame()
ANNA, BELA, CECIL, DENES = 0, 1, 2, 3  # RED, BLACK, YELLOW, BLUE

CARD = {name: i for i, name in enumerate(D.CARD_NAMES)}


def blank(n: int = 4, headlands: str = "6,6,6", seed: int = 1, fixed: str = "no") -> State:
    """A fresh game with an empty board, empty hands and zero scores (active = seat 0)."""
    s = GAME.new_state(n, {"headlands": headlands, "fixed_orientation": fixed}, seed)
    s.occ = [-1] * s.board.n_spaces
    s.deck.extend(t for h in s.hands for t in range(D.N_CARD_TYPES) for _ in range(h[t]))
    s.hands = [[0] * D.N_CARD_TYPES for _ in range(n)]
    s.vp = [0] * n
    s.turn_player = 0
    s.start = 0
    s.galley = 0
    s.seats = [-1, -1, -1]
    s.legal_cache = None
    return s


def set_tile(s: State, h: int, i: int, tile: int, coast: int) -> None:
    """Lay tile ``T{tile:02d}`` as the i-th tile (1-based) of headland h (1-based) with
    the space type ``coast`` on the coast side; swaps it with wherever it lay."""
    layout = [list(row) for row in s.layout]
    t = tile - 1
    a, b = D.TILES[t]
    assert coast in (a, b), f"T{tile:02d} has no {D.SPACE_CODE[coast]}"
    flip = 0 if coast == a else 1
    for hh, row in enumerate(layout):
        for ii, (tt, _ff) in enumerate(row):
            if tt == t:
                layout[hh][ii] = layout[h - 1][i - 1]
    layout[h - 1][i - 1] = (t, flip)
    s.layout = tuple(tuple(row) for row in layout)
    stype: list[int] = []
    for row in s.layout:
        for tt, ff in row:
            pa, pb = D.TILES[tt]
            stype.extend((pb, pa) if ff else (pa, pb))
    s.stype = tuple(stype)
    s.legal_cache = None


def sp(s: State, h: int, p: int) -> int:
    """Flat index of space (H h, position p), both 1-based."""
    return s.board.space(h - 1, p)


def put(s: State, h: int, p: int, seat: int) -> None:
    """Stand a viking of ``seat`` on (h, p), taking it from Asgard (keeps 14 per colour)."""
    s.occ[sp(s, h, p)] = seat
    s.asgard[seat] -= 1
    s.legal_cache = None


def set_hand(s: State, seat: int, cards: Iterable[str]) -> None:
    """Give ``seat`` exactly these cards (taken from the deck, old hand returned to it)."""
    for t in range(D.N_CARD_TYPES):
        s.deck.extend([t] * s.hands[seat][t])
    s.hands[seat] = [0] * D.N_CARD_TYPES
    for name in cards:
        t = CARD[name]
        s.deck.remove(t)
        s.hands[seat][t] += 1
    s.legal_cache = None


def set_pools(
    s: State,
    seat: int,
    *,
    midgard: int | None = None,
    walhalla: int | None = None,
    asgard: int | None = None,
) -> None:
    """Set Midgard / Walhalla (/ Asgard); Asgard absorbs the rest of the 14 unless given."""
    if midgard is not None:
        s.midgard[seat] = midgard
    if walhalla is not None:
        s.walhalla[seat] = walhalla
    on_board = sum(1 for o in s.occ if o == seat)
    if asgard is None:
        asgard = D.VIKINGS_PER_COLOUR - s.midgard[seat] - s.walhalla[seat] - on_board
    s.asgard[seat] = asgard
    s.legal_cache = None


def start_turn(s: State, galley: int) -> None:
    """Make ``galley`` the next one drawn and start the active player's turn."""
    rest = [g for g in range(1, D.N_GALLEYS + 1) if g != galley]
    placed = {g for f in s.fjords for g, _, _ in f}
    s.gdeck = [g for g in sorted(rest) if g not in placed] + [galley]
    s.legal_cache = None
    begin_turn(s)


def end_raid(s: State) -> None:
    """End the raid now (galley deck empty) and enter the commitment step."""
    s.gdeck = []
    s.galley = 0
    s.legal_cache = None
    begin_turn(s)


def play(s: State, *texts: str) -> None:
    for text in texts:
        GAME.apply(s, GAME.parse_action(s, text))


def texts(s: State) -> list[str]:
    return GAME.legal_action_texts(s)


def ledger(s: State) -> Mapping[str, tuple[int, ...]]:
    return dict(s.ledger)


def viking_total(s: State, seat: int) -> int:
    """Every viking of ``seat`` wherever it is (board, pools, galley)."""
    n = s.midgard[seat] + s.asgard[seat] + s.walhalla[seat]
    n += sum(1 for o in s.occ if o == seat)
    if s.phase in (PH_INVITE, PH_SEATS, PH_SEND):
        n += sum(1 for o in s.seats if o == seat)
    else:
        n += sum(1 for _, _, o in s.queue if o == seat)
    return n
