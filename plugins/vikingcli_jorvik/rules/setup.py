"""A new game (docs/rules/jorvik.md §2): the deck by seasons, the goods bag, coins, VP
and vikings, the start player, then the first round's supply up to the first decision."""

from __future__ import annotations

import random
from collections.abc import Mapping

from vikingcli.engine import randbelow, shuffle
from vikingcli_jorvik import data as D
from vikingcli_jorvik.data import CARDS
from vikingcli_jorvik.rules.supply import begin_round
from vikingcli_jorvik.state import CTX_SUPPLY, PH_SUPPLY, State


def new_state(n_players: int, options: Mapping[str, str], seed: int) -> State:
    """Spec §2: a new game, played up to the first decision; ``options`` holds every
    option (``Game.resolve_options``)."""
    if not 2 <= n_players <= 5:
        raise ValueError(f"jorvik: {n_players} players (2-5 accepted)")
    rng = random.Random(seed)
    advanced = options["mode"] == "jarl"
    used = D.deck_cards(n_players, advanced)
    used_set = set(used)
    s = State.__new__(State)
    s.n = n_players
    s.advanced = advanced
    s.box = [c.idx for c in CARDS if c.idx not in used_set]
    # deck: top = end of list.  E01 at the bottom, then D, C, B, A (A on top).
    deck = [D.E01]
    for season in (D.AUTUMN, D.SUMMER, D.SPRING, D.WINTER):
        pile = [c for c in used if D.SEASON[c] == season]
        shuffle(rng, pile)  # rng.shuffle's permutation; compiled in the compiled build
        deck.extend(pile)
    s.deck = deck
    bag = [g for g in D.BASIC_GOODS for _ in range(D.CUBES_PER_BASIC)]
    if advanced:
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
    s.vik = [D.VIKINGS["jarl" if advanced else "karl"]] * n
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
    s.round = 0
    s.fill_pos = 0
    s.pslot = 0
    s.lpos = 0
    s.pk_card = -1
    s.pk_ctx = CTX_SUPPLY
    s.pk_queue = []
    s.pk_win = 0
    s.pk_lose = 0
    s.pk_glory = 0
    s.just_taken = -1
    s.pk_delta = [0] * n
    s.log = []
    s.final = None
    s.clear_caches()
    begin_round(s)
    return s
