"""Jórvík rules (docs/rules/jorvik.md §2-§6): setup, the legal moves and playing them.

The state machine: ``begin_round`` -> supply (Pict attacks may pause it for Glory /
Ransom decisions) -> demand (A19 commit, placements, A21 swap) -> clean-up ->
purchase (columns, then reservation row) -> loading turns -> next round.  Every
automatic step runs inside ``play`` until the next decision, so the state's
``actor`` always names the seat that must act.  One module per phase or group of
phases; this module dispatches by phase.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Final

from vikingcli.engine import randbelow, shuffle
from vikingcli_jorvik import data as D
from vikingcli_jorvik.data import CARDS
from vikingcli_jorvik.rules.demand import legal_commit, legal_place, play_commit, play_place
from vikingcli_jorvik.rules.encoding import Move
from vikingcli_jorvik.rules.loading import legal_load, play_load
from vikingcli_jorvik.rules.pict import legal_glory, legal_ransom, play_glory, play_ransom
from vikingcli_jorvik.rules.purchase import legal_buy, legal_resbuy, play_buy, play_resbuy
from vikingcli_jorvik.rules.supply import begin_round, resume_after_pict
from vikingcli_jorvik.rules.swap import legal_swap, play_swap
from vikingcli_jorvik.state import CTX_SUPPLY, PH_BUY, PH_DEMAND, PH_LOAD, PH_SUPPLY, State


def new_state(n_players: int, options: Mapping[str, str], seed: int) -> State:
    """Spec §2: a new game, played up to the first decision."""
    if not 2 <= n_players <= 5:
        raise ValueError(f"jorvik: {n_players} players (2-5 accepted)")
    rng = random.Random(seed)
    jarl = options.get("mode", "karl") == "jarl"
    used = D.deck_cards(n_players, jarl)
    used_set = set(used)
    s = State.__new__(State)
    s.n = n_players
    s.jarl = jarl
    s.box = [c.idx for c in CARDS if c.idx not in used_set]
    # deck: top = end of list.  E01 at the bottom, then D, C, B, A (A on top).
    deck = [D.E01]
    for season in (D.AUTUMN, D.SUMMER, D.SPRING, D.WINTER):
        pile = [c for c in used if D.SEASON[c] == season]
        shuffle(rng, pile)  # rng.shuffle's permutation; compiled in the compiled build
        deck.extend(pile)
    s.deck = deck
    bag = [g for g in D.BASIC_GOODS for _ in range(D.CUBES_PER_BASIC)]
    if jarl:
        bag += [g for g in D.PREMIUM_GOODS for _ in range(D.CUBES_PER_PREMIUM)]
    shuffle(rng, bag)  # drawing from the end of a shuffled bag = random draws
    s.bag = bag
    s.cgs = [0] * 8
    s.slots = [-1] * 12
    s.cargo = [()] * D.N_CARDS
    s.fill = [0] * D.N_CARDS
    s.cols = [[] for _ in range(6)]
    s.res_cards = []
    s.res_vik = []
    n = n_players
    s.coins = [D.COINS_START] * n
    s.vp = [D.VP_START] * n
    s.vik = [D.VIKINGS["jarl" if jarl else "karl"]] * n
    s.bsup = [0] * n
    s.a19_brown = 0
    s.brown_boxed = 0
    s.loading = [[] for _ in range(n)]
    s.cards = [[] for _ in range(n)]
    s.sboard = [-1] * n
    s.swh = [[] for _ in range(n)]
    s.pool = [0] * 16
    s.buf = []
    s.buf_stolen = False
    s.start = randbelow(rng, n)  # rng.randrange(n); spec §8.22: uniformly random start player
    s.phase = PH_SUPPLY
    s.actor = s.start
    s.round_no = 0
    s.fill_pos = 0
    s.pslot = 0
    s.lpos = 0
    s.pk_card = -1
    s.pk_ctx = CTX_SUPPLY
    s.pk_queue = []
    s.pk_win = 0
    s.pk_lose = 0
    s.pk_glory = 0
    s.pk_delta = [0] * n
    s.log = []
    s.final = None
    s.legal_cache = None
    begin_round(s)
    return s


def _no_moves(s: State) -> list[Move]:
    return []


def _play_glory(s: State, a: Move) -> None:
    if play_glory(s, a):
        resume_after_pict(s)


def _play_ransom(s: State, a: Move) -> None:
    if play_ransom(s, a):
        resume_after_pict(s)


def _play_load(s: State, a: Move) -> None:
    if play_load(s, a):
        begin_round(s)


def _not_a_decision(s: State, a: Move) -> None:  # pragma: no cover
    raise AssertionError(f"unhandled action {a!r}")


# Indexed by phase: PH_SUPPLY, PH_GLORY, PH_RANSOM, PH_COMMIT, PH_DEMAND, PH_SWAP,
# PH_BUY, PH_RESBUY, PH_LOAD, PH_OVER.
LEGAL: Final[tuple[Callable[[State], list[Move]], ...]] = (
    _no_moves, legal_glory, legal_ransom, legal_commit, legal_place, legal_swap,
    legal_buy, legal_resbuy, legal_load, _no_moves,
)  # fmt: skip
PLAY: Final[tuple[Callable[[State, Move], None], ...]] = (
    _not_a_decision, _play_glory, _play_ransom, play_commit, play_place, play_swap,
    play_buy, play_resbuy, _play_load, _not_a_decision,
)  # fmt: skip


def legal(s: State) -> list[Move]:
    """The legal moves of the seat to move (empty once the game is over)."""
    # The three phases of nearly every ply by name: compiled, a direct call; through
    # the table, a call through Python's protocol. The table has the rest.
    ph = s.phase
    if ph == PH_DEMAND:
        return legal_place(s)
    if ph == PH_BUY:
        return legal_buy(s)
    if ph == PH_LOAD:
        return legal_load(s)
    return LEGAL[ph](s)


def play(s: State, a: Move) -> None:
    """Play a legal move of the seat to move, then every automatic step after it."""
    ph = s.phase  # as in legal
    if ph == PH_DEMAND:
        play_place(s, a)
    elif ph == PH_BUY:
        play_buy(s, a)
    elif ph == PH_LOAD:
        _play_load(s, a)
    else:
        PLAY[ph](s, a)
