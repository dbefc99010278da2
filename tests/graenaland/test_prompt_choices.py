"""Issue 35: Graenaland in fewer keystrokes. ``pay`` alone pays the whole rest of a
build the cheapest way, which the payer's board shows and the list of moves begins
with; an offer and its split fit in one line; the hero-move prompt shows every hero's
moves and marks a move that swaps two of your heroes (docs/rules/graenaland.md §2.4,
§4.1)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Mapping
from typing import Any

import pytest

from vikingcli.core.match import Match, QuitGame, Seat
from vikingcli.core.registry import load_registry
from vikingcli.core.specs import parse_spec
from vikingcli.engine import Game, IllegalAction
from vikingcli.engine.players import PlayerKind
from vikingcli.table.local import play_here
from vikingcli.table.prompt import HumanPlayer
from vikingcli_graenaland import data as D
from vikingcli_graenaland import state as S
from vikingcli_graenaland.game import GraenalandGame
from vikingcli_graenaland.rules.cheapest import cheapest_payment
from vikingcli_graenaland.scoring import conditions

GAME = GraenalandGame()
# The price of a payment step (docs/rules/graenaland.md, rulings): a card given to the
# joint work, an own card of the type, a supply card, a market swap, one of a supply
# card, contributed gold, own gold.
PAY_COST = {"cpay": 0, "pay": 1, "supply": 2, "mkt": 3, "mkts": 4, "cgold": 5, "gold": 6}


def _board(st: S.State, seat: int) -> str:
    """The board's text as ``seat`` sees it (``render`` gives styled fragments)."""
    return "".join(text for _, text in GAME.render(st, seat))


def positions(phase: int, games: int = 4) -> Iterator[S.State]:
    """Every position of ``phase`` in a few seeded random games of four."""
    for seed in range(games):
        rng = random.Random(seed)
        st = GAME.new_state(4, GAME.resolve_options({}), seed)
        while GAME.to_move(st) is not None:
            if st.phase == phase:
                yield GAME.clone(st)
            GAME.apply(st, rng.choice(list(GAME.legal_actions(st))))


def _price(st: S.State) -> int:
    """The least summed price of any whole payment of the rest (every order of every
    step the rules offer, tried without shortcuts)."""
    if st.phase != S.PH_PAY:
        return 0
    best = None
    for a in GAME.legal_actions(st):
        after = GAME.clone(st)
        GAME.apply(after, a)
        price = PAY_COST[a[0]] + _price(after)
        best = price if best is None else min(best, price)
    assert best is not None
    return best


def test_item35_pay_alone_pays_the_whole_payment_the_cheapest_way() -> None:
    checked = 0
    for st in positions(S.PH_PAY):
        plan = list(GAME.parse_moves(st, "pay") or [])
        assert plan and GAME.parse_action(st, "pay") == plan[0]
        texts = GAME.legal_action_texts(st)
        assert texts[:2] == ["pay", GAME.format_action(st, plan[0])]
        legal = GAME.legal_actions(st)
        assert sorted(texts[1:]) == sorted(GAME.format_action(st, a) for a in legal)
        after = GAME.clone(st)
        for a in plan:
            GAME.apply(after, a)  # each step legal after the one before
        assert after.phase != S.PH_PAY  # the build is paid
        shown = " ".join(GAME.format_action(st, a) for a in plan)
        board = " ".join(_board(st, st.actor).split()).replace(",", "")
        assert f"pay (all of it the cheapest way): {shown}" in board
        assert "cheapest" not in _board(st, (st.actor + 1) % st.n)  # it tells the hand
        if sum(st.req) <= 4 and checked < 40:  # the exhaustive price stays quick
            checked += 1
            assert sum(PAY_COST[a[0]] for a in plan) == _price(st)
    assert checked == 40


def _village_c2_with_s03_and_s11() -> S.State:
    """Three seats, the lead (seat 1) paying a village in C2 (2G 2W) with 2G, S03 (G+W)
    and S11 (W+W) in hand."""
    st = GAME.new_state(3, GAME.resolve_options({}), 5)
    while st.phase in (S.PH_MOVE, S.PH_OFFER):
        GAME.apply(st, ("stay",) if st.phase == S.PH_MOVE else ("pass",))
    assert st.phase == S.PH_BUILD and st.actor == 0
    st.hand[0] = [0] * len(st.hand[0])
    st.hand[0][D.G] = 2
    st.shand[0] = [2, 10]  # S03 G+W, S11 W+W
    st.legal_cache = None
    GAME.apply(st, GAME.parse_action(st, "village C2"))
    assert st.phase == S.PH_PAY and list(st.req) == [2, 0, 2, 0]
    return st


def test_item35_pay_alone_spends_one_supply_card_where_it_covers_two() -> None:
    # Step by step the lowest-numbered supply card came first: S03 paid one W and its G
    # icon was lost, then S11 paid the other; S11 alone pays both.
    st = _village_c2_with_s03_and_s11()
    while st.phase == S.PH_PAY:
        GAME.apply(st, GAME.parse_action(st, "pay"))
    assert st.shand[0] == [2]  # S03 is kept
    st = _village_c2_with_s03_and_s11()
    plan = [GAME.format_action(st, a) for a in GAME.parse_moves(st, "pay") or []]
    assert sorted(plan) == ["pay G", "pay G", "supply S11"]


def test_item35_pay_alone_outside_a_payment_is_refused_as_before() -> None:
    st = next(positions(S.PH_MOVE, games=1))
    reason = GAME.refusal(st, "pay")
    assert reason is not None and reason.startswith("'pay' is for the payment")


def _neighbour(st: S.State, p: int) -> tuple[int, int]:
    """A direction from ``p`` that leads somewhere, and where."""
    row = st.board.move[p]
    d = next(d for d in range(D.NDIR) if row[d] >= 0)
    return d, row[d]


def test_item35_hero_prompt_lists_every_hero_and_warns_of_a_swap() -> None:
    st = next(positions(S.PH_MOVE, games=1))
    s = st.actor
    wl = st.hero[s * 3]
    d, dest = _neighbour(st, wl)
    st.hero[s * 3 + 1] = dest  # the priest stands where the warlord may go
    st.hero[s * 3 + 2] = -1
    st.wait[s * 3 + 2] = -1
    board = _board(st, s)
    where = st.board.names
    assert f"your wl in {where[wl]}: " in board
    assert f"{D.DIR_NAME[d]} {where[dest]} (swaps with your pr)" in board
    assert f"your pr in {where[dest]}: " in board
    assert "your sk: not on the board yet" in board
    # What the warning says is what the move does (the swap rule, §2.4).
    GAME.apply(st, ("mv", 0, d))
    while st.phase == S.PH_MOVE:
        GAME.apply(st, ("stay",))
    assert (st.hero[s * 3], st.hero[s * 3 + 1]) == (dest, wl)


def _offers_to_split() -> Iterator[tuple[S.State, int]]:
    """Offers with two cards of one kind in a province where two seats have votes."""
    for st in positions(S.PH_OFFER, games=8):
        for a in GAME.legal_actions(st):
            if a[0] != "offer":
                continue
            after = GAME.clone(st)
            GAME.apply(after, a)
            kinds = after.ocls
            if len(after.oelig) > 1 and any(kinds.count(k) > 1 for k in kinds):
                yield GAME.clone(st), a[1]


def test_item35_an_offer_and_its_split_in_one_line_any_order_within_a_kind() -> None:
    tried = 0
    for st, p in _offers_to_split():
        after = GAME.clone(st)
        GAME.apply(after, ("offer", p))
        kinds, elig = after.ocls, after.oelig
        # the seats in the reverse of the rules' order: the first card to the last seat
        seats = [elig[-1 - i % len(elig)] for i in range(len(kinds))]
        line = f"offer {st.board.names[p]} to " + " ".join(f"p{s + 1}" for s in seats)
        moves = list(GAME.parse_moves(st, line) or [])
        for a in moves:
            GAME.apply(st, a)  # each legal after the one before
        assert moves[0] == ("offer", p) and st.phase == S.PH_VOTE
        given = sorted(zip(kinds, seats))
        assert sorted(zip(st.ocls, st.oalloc)) == given  # who gets what kind: as typed
        tried += 1
        if tried == 12:
            break
    assert tried == 12


def test_item35_a_split_that_cannot_be_played_says_why() -> None:
    st, p = next(_offers_to_split())
    GAME.apply(st, ("offer", p))
    outsider = next(s for s in range(st.n) if s not in st.oelig)
    cases = {
        "to " + f"p{st.oelig[0] + 1} " * (len(st.ocls) + 1): "seats for",
        f"to p{st.oelig[0] + 1} p{outsider + 1}": "has no vote in",
        f"to p{st.oelig[0] + 1} bob": "'bob' is no seat",
    }
    for line, why in cases.items():
        with pytest.raises(IllegalAction, match=why):
            GAME.parse_moves(st, line)


def _paying_match(kinds: dict[str, PlayerKind]) -> Match:
    """A game of three whose first seat (a person) is to pay a build in three steps
    or more, reached by random moves from a fixed seed."""
    seats = [Seat("ann", parse_spec("human", kinds))] + [
        Seat(f"ai {i}", parse_spec("random", kinds)) for i in (2, 3)
    ]
    match = Match(GAME, GAME.resolve_options({}), 0, seats)
    rng = random.Random(0)
    st = match.state
    while not (st.phase == S.PH_PAY and st.actor == 0 and len(cheapest_payment(st)) > 2):
        match.apply_text(GAME.format_action(st, rng.choice(list(GAME.legal_actions(st)))))
    return match


def test_item35_pay_typed_once_pays_it_all_and_undo_takes_it_all_back() -> None:
    script = ["pay", "undo"]
    seen: list[tuple[list[str], int]] = []

    def ask(prompt: str, legal: list[str]) -> str:
        seen.append((list(match.actions), match.state.phase))
        if not script:
            raise QuitGame
        return script.pop(0)

    def make(game: Game, seat: int, params: Mapping[str, Any]) -> HumanPlayer:
        return HumanPlayer(ask=ask, show=lambda text: None)

    kinds = dict(load_registry().players)
    kinds["human"] = PlayerKind("human", "scripted person", make, interactive=True)
    match = _paying_match(kinds)
    before = list(match.actions)
    plan = [GAME.format_action(match.state, a) for a in cheapest_payment(match.state)]
    with pytest.raises(QuitGame):
        play_here(match, kinds, lambda m: None, pace=0, show=lambda text: None)
    # one line paid it all: the next question came after the whole plan; undo went
    # back to before its first step (one decision), not to before its last one
    assert seen[0] == (before, S.PH_PAY)
    assert seen[1][0][: len(before) + len(plan)] == before + plan
    assert seen[2] == (before, S.PH_PAY)


def test_item35_at_five_seats_the_log_keeps_rows_beside_the_board() -> None:
    # An 80x24 screen gives the board all rows but the log's two, the rule, status
    # and prompt; at five seats the board took all it could (two rows of log), so the
    # offers and votes of a round flashed past. Empty provinces share one line, and
    # heroes not on the board yet share one.
    st = GAME.new_state(5, GAME.resolve_options({}), 1)
    board = _board(st, st.actor).splitlines()
    assert "I1 mountain, I2 hills, I3 forest, I4 mountain: empty" in board
    rows = [line for line in board if not line.endswith(": empty")]
    assert not any(line.startswith(("I1 ", "I2 ", "I3 ", "I4 ")) for line in rows)
    assert "  your pr and sk: not on the board yet; or stay" in board
    assert len(board) <= 24 - 3 - 4  # the log keeps four rows


def test_item35_the_legend_and_the_order_refusal_tell_the_one_line_forms() -> None:
    legend = " ".join(
        GAME.view(GAME.new_state(3, GAME.resolve_options({}), 1), 0, "legend").split()
    )
    assert "'pay' alone pays it all the cheapest way" in legend
    assert "all in one line: 'offer C2 to p1 p3'" in legend
    assert "share a line" in legend
    for st in positions(S.PH_ALLOC, games=8):
        i = len(st.oalloc)
        if i and st.ocls[i - 1] == st.ocls[i] and st.oelig.index(st.oalloc[-1]) > 0:
            with pytest.raises(IllegalAction, match="in one line the seats of a kind may come"):
                GAME.parse_action(st, f"to p{st.oelig[0] + 1}")
            return
    raise AssertionError("no split with a card given past the first seat")


def test_item35_the_lead_meeting_three_conditions_is_told_that_end_wins() -> None:
    st = GAME.new_state(3, GAME.resolve_options({}), 5)
    while st.phase in (S.PH_MOVE, S.PH_OFFER):
        GAME.apply(st, ("stay",) if st.phase == S.PH_MOVE else ("pass",))
    told = "meets 3 of the 5 conditions: 'end' ends the build and wins."
    assert told not in _board(st, 0)
    # villages in C1 (1 + 3: V3), C2 (1 + 1) and C3 (2): V2, 8 in all: V1
    st.vil[0 * st.n + 0] += 3
    st.vil[1 * st.n + 0] += 1
    st.vil[2 * st.n + 0] += 2
    assert sum(conditions(st, 0)) == 3
    assert told in _board(st, 0)
    GAME.apply(st, ("end",))
    assert st.winner == 0
