"""render and evaluate."""

from __future__ import annotations

import random

from tests.walhalla.helpers import (
    ANNA,
    BELA,
    CECIL,
    GAME,
    blank,
    end_raid,
    play,
    put,
    set_hand,
    set_pools,
    set_tile,
    start_turn,
)
from vikingcli_walhalla import data as D
from vikingcli_walhalla.state import State


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
    assert [GAME.evaluate(s, p) for p in range(3)] == [float(x) for x in s.vp]

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


def _attacked(walhalla: int, cards: tuple[str, ...] = ()) -> State:
    """Anna's viking at F2 position 1 attacks Béla's on H1.1; Béla is asked."""
    s = blank(4)
    put(s, 1, 1, BELA)
    set_pools(s, BELA, walhalla=walhalla)
    set_hand(s, BELA, cards)
    start_turn(s, 1)
    play(s, "board front", "moor f2 in", "attack h1.1")
    return s


def _question(s: State, seat: int | None) -> str:
    """The rendered board's last lines: the question, wrapped, joined again."""
    lines = GAME.render(s, seat).splitlines()
    start = max(i for i, line in enumerate(lines) if not line.startswith("  "))
    assert all(len(line) <= 80 for line in lines) and len(lines) <= 20
    return " ".join(line.strip() for line in lines[start:])


def test_item35_the_attacked_seat_is_told_what_its_answers_can_be() -> None:
    """'lose or win?' said nothing of the price: a new player did not know that a win
    costs a Walhalla viking, nor why 'win' was refused with none in Walhalla."""
    s = _attacked(walhalla=1)
    assert _question(s, BELA) == "{p0} (RED) attacks your H1.1: lose, or win for a Walhalla viking?"
    for other in (ANNA, CECIL, None):  # the others see the question every defender gets
        assert _question(s, other) == "{p0} (RED) attacks {p1} (BLACK) on H1.1: lose or win?"
    shielded = _question(_attacked(walhalla=1, cards=("shield",)), BELA)
    assert shielded.endswith(": lose, win (1 Walhalla), win shield?")
    only_shield = _question(_attacked(walhalla=0, cards=("shield",)), BELA)
    assert only_shield.endswith(": lose, or win shield (for free)?")
    assert _question(_attacked(walhalla=0), BELA).endswith(": only lose: your Walhalla is empty")


def test_item35_a_forest_occupier_is_told_what_its_hunt_answer_can_be() -> None:
    """Every occupier of a forest is asked 'hunt or no hunt?', Hunt card or not (so
    nobody learns who holds one); the one asked learns from its own hand what to say."""
    for cards, told in (
        ((), "you take forest H1.1 (2 VP): no Hunt card in hand, answer 'no hunt'"),
        (("hunt",), "you take forest H1.1 (2 VP): hunt (play Hunt: 4 VP) or no hunt?"),
    ):
        s = blank(4)
        set_tile(s, 1, 1, 13, D.SPACE_CODE.index("F2"))  # T13 F2/W: H1.1 is a forest of 2
        set_hand(s, ANNA, cards)
        start_turn(s, 1)
        play(s, "board front", "moor f2 in", "land h1.1")
        assert _question(s, ANNA) == told
        assert _question(s, BELA) == "{p0} (RED) takes forest H1.1: hunt or no hunt?"


def test_item35_a_card_holder_is_told_whether_it_has_a_card_to_lay_at_the_raid_end() -> None:
    """At the end of a raid every card holder is asked in turn (so nobody learns who
    holds an end-of-raid card); one with only a Shield saw 'lays end-of-raid cards face
    down' and had to find out that 'done' was its one answer."""
    for cards, told in (
        (("shield",), "End of raid 1: you hold no end-of-raid card to lay: answer 'done'"),
        (("wheat",), "End of raid 1: lay end-of-raid cards face down ('play <card>'), then 'done'"),
    ):
        s = blank(4)
        for seat in range(4):
            set_hand(s, seat, cards)
        end_raid(s)
        asked = GAME.to_move(s)
        assert asked is not None
        assert _question(s, asked) == told
        other = (asked + 1) % 4
        assert _question(s, other).endswith("lays end-of-raid cards face down.")
