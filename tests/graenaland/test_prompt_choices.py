"""Issue 35: Graenaland in fewer keystrokes. ``pay`` alone pays the cheapest way,
which the list of moves shows first; the hero-move prompt shows every hero's moves
and marks a move that swaps two of your heroes (docs/rules/graenaland.md §2.4, §4.1)."""

from __future__ import annotations

import random
from collections.abc import Iterator

from vikingcli_graenaland import data as D
from vikingcli_graenaland import state as S
from vikingcli_graenaland.game import GraenalandGame

GAME = GraenalandGame()
# Cheapest first (docs/rules/graenaland.md, rulings): a card given to the joint work,
# an own card of the type, a supply card's icons, a market swap, one of a supply card,
# contributed gold, own gold.
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


def test_item35_pay_alone_pays_the_cheapest_step_listed_first() -> None:
    reordered = 0
    for st in positions(S.PH_PAY):
        legal = list(GAME.legal_actions(st))
        cheapest = GAME.parse_action(st, "pay")
        assert cheapest in legal
        assert PAY_COST[cheapest[0]] == min(PAY_COST[a[0]] for a in legal)
        texts = GAME.legal_action_texts(st)
        assert texts[:2] == ["pay", GAME.format_action(st, cheapest)]
        assert sorted(texts[1:]) == sorted(GAME.format_action(st, a) for a in legal)
        reordered += legal[0] != cheapest
        shown = f"pay (= {texts[1]}, the cheapest)"
        other = (st.actor + 1) % st.n
        if len(legal) > 1:
            assert shown in _board(st, st.actor)
        assert "the cheapest" not in _board(st, other)  # it tells what is in the hand
    assert reordered, "no payment where the rules' first step was not the cheapest"


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
