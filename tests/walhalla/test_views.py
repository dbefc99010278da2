"""render and evaluate."""

from __future__ import annotations

import random

from tests.walhalla.helpers import ANNA, BELA, GAME, blank, put, set_hand, set_pools, start_turn


def test_render_shows_board_pools_and_only_own_hand() -> None:
    s = blank(4)
    put(s, 1, 3, ANNA)
    set_hand(s, ANNA, ["hunt"])
    set_hand(s, BELA, ["shield"])
    start_turn(s, 1)
    mine = GAME.render(s, ANNA)
    spectator = GAME.render(s, None)
    assert "H1" in mine and "F4" in mine and "1st" in mine and "2nd" in mine
    assert "your hand (RED): hunt" in mine and "{p0} (RED, you)" in mine
    assert "{p1} (BLACK)" in mine and "(BLACK, you)" not in mine
    assert "shield" not in mine.lower()
    assert "your hand" not in spectator
    assert "Walhalla" in spectator and "Midgard" in spectator
    assert all(len(line) <= 80 for line in mine.splitlines())
    assert len(mine.splitlines()) <= 20


def test_evaluate_is_the_score_when_over_and_rewards_majorities() -> None:
    s = GAME.new_state(3, GAME.resolve_options({}), 8)
    rng = random.Random(8)
    while GAME.to_move(s) is not None:
        GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    assert [GAME.evaluate(s, p) for p in range(3)] == [float(x) for x in s.score]

    a = blank(4)
    set_pools(a, ANNA, midgard=7)
    base = GAME.evaluate(a, ANNA)
    put(a, 2, 5, ANNA)  # alone on H2: first place at stake
    assert GAME.evaluate(a, ANNA) > base
    assert GAME.evaluate(a, BELA) == GAME.evaluate(blank(4), BELA)


def test_views_answer_lookups() -> None:
    s = blank(4)
    set_hand(s, ANNA, ["hunt", "hunt"])
    start_turn(s, 1)
    assert "2 x Hunt" in GAME.view(s, ANNA, "hand")
    assert GAME.view(s, None, "hand") == "Spectators see no hand."
    assert "Headland +2" in GAME.view(s, None, "cards")
    scores = GAME.view(s, None, "scores")
    assert scores.splitlines()[0].split()[-4:] == ["R", "K", "Y", "B"]
    assert "K = {p1} (BLACK)" in scores
    assert GAME.view(s, ANNA, "nonsense") is None
    for t in ("hand", "cards", "scores", "board", "legend", "tiles"):
        assert all(len(line) <= 80 for line in GAME.view(s, ANNA, t).splitlines())


def test_component_totals() -> None:
    s = GAME.new_state(3, GAME.resolve_options({}), 2)
    rng = random.Random(2)
    want = None
    while GAME.to_move(s) is not None:
        totals = dict(GAME.component_totals(s))
        if want is None:
            want = totals
            assert totals["cards"] == 32 and totals["galleys"] == 12
            assert totals["vikings RED"] == 14 and "vikings BLUE" not in totals
        assert totals == want
        GAME.apply(s, rng.choice(GAME.legal_actions(s)))
