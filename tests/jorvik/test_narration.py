"""What each move tells the table (issue 11): the no-leak check on random games at
every table size and mode, the purchase naming its card and price, Pict attacks with
their defence and effect, income, the demand result, the end of the game, and the
score sheet."""

from __future__ import annotations

import random
from typing import Any

import pytest

from vikingcli.engine import name_seats
from vikingcli.engine.testing import check_narration, iter_states
from vikingcli_jorvik import data as D
from vikingcli_jorvik.data import AMBER, IRON, JET, LEATHER, WOOL
from vikingcli_jorvik.rules.encoding import OP_BUY, OP_END
from vikingcli_jorvik.state import (
    PH_BUY,
    PH_DEMAND,
    PH_GLORY,
    PH_LOAD,
    PH_OVER,
    PH_RANSOM,
    State,
)

from .helpers import (
    GAME,
    B,
    E,
    M,
    P,
    begin_demand,
    blank,
    cid,
    deck_top,
    end_demand,
    give,
    put_slot,
)

NAMES = ["Benedek", "Móni", "Eszti", "Peti", "Zoli"]


def told(s: State, text: str, seat: int | None = None) -> list[str]:
    """Play ``text`` in ``s`` and return what ``seat`` is told, with names."""
    before = GAME.clone(s)
    action = GAME.parse_action(s, text)
    GAME.apply(s, action)
    lines = GAME.narrate(before, action, s, seat)
    return [name_seats(line, NAMES) for line in lines]


def unbroken(lines: list[str]) -> list[str]:
    """``lines`` with each list the game broke over lines (a line ending in ',', the
    next indented) joined again: where it breaks depends on the names' room."""
    out: list[str] = []
    for line in lines:
        if out and out[-1].endswith(",") and line.startswith("  "):
            out[-1] += " " + line.strip()
        else:
            out.append(line)
    return out


def random_moves(n: int, mode: str, seed: int) -> list[tuple[State, Any, State]]:
    """(before, action, after) of every move of a seeded random game."""
    rng = random.Random(seed)
    s = GAME.new_state(n, {"mode": mode}, seed)
    out = []
    while GAME.to_move(s) is not None:
        action = rng.choice(GAME.legal_actions(s))
        before = GAME.clone(s)
        GAME.apply(s, action)
        out.append((before, action, GAME.clone(s)))
    return out


# --------------------------------------------------------------------------- no leaks


@pytest.mark.parametrize("mode", ["karl", "jarl"])
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_narration_tells_no_seat_more_than_it_observes(n: int, mode: str) -> None:
    for i, state in enumerate(iter_states(GAME, n, {"mode": mode}, 11)):
        if GAME.to_move(state) is not None and i % 2 == 0:
            check_narration(GAME, state, random.Random(i))


def test_every_seat_and_spectators_are_told_the_same() -> None:
    # nothing but the deck and bag orders is secret in Jórvík (spec §6.1)
    for before, action, after in random_moves(3, "jarl", 4)[:120]:
        lines = GAME.narrate(before, action, after, None)
        assert lines[0] == GAME.format_action(before, action)
        for seat in range(3):
            assert GAME.narrate(before, action, after, seat) == lines


# --------------------------------------------------------------------------- purchase


def test_buy_names_card_and_price() -> None:
    s = blank(4, "karl", start=E)  # the TV4 position
    put_slot(s, 1, "A07")
    put_slot(s, 5, "B01", (LEATHER, AMBER, IRON))
    s.cols[0] = [P, M, B]
    s.cols[4] = [B, E, B, P]
    s.vik = [0, 2, 2, 1]
    s.phase = PH_DEMAND
    end_demand(s)
    lines = told(s, "pass")
    assert lines[0] == "pass"
    assert "Peti passes on A07 feast (column 1, price 3)" in lines
    assert "next: Móni at price 2" in lines
    lines = told(s, "buy")
    assert lines[0] == "buy"
    assert "Móni buys A07 feast from column 1 for 2 coins" in lines
    assert "back from the column: Benedek's viking" in lines
    told(s, "pass")
    told(s, "pass")
    lines = told(s, "buy")
    assert "Benedek buys B01 ship[Le Am Ir] from column 5 for 2 coins" in lines
    # the last purchase starts the loading phase: Eszti's turn, income told
    assert s.phase == PH_LOAD and s.actor == E
    assert "Eszti's loading turn: income 2 coins (bought nothing), now 7 coins" in lines


def test_last_pass_discards_the_card_and_its_goods() -> None:
    s = blank(2, "karl", start=0)
    put_slot(s, 1, "B01", (LEATHER, AMBER, IRON))
    put_slot(s, 2, "A07")
    s.cols[0] = [1]
    s.cols[1] = [0]
    s.phase = PH_DEMAND
    end_demand(s)
    lines = told(s, "pass")
    assert "nobody bought B01: to the box; its goods Le Am Ir go to the common goods" in lines


def test_reserved_buy_names_card_and_price() -> None:
    s = blank(4, "jarl", start=B)  # the TV5 position
    ship = cid("B14")
    for name in ("B14", "A07", "D20"):
        s.deck.remove(cid(name))
    s.cargo[ship] = (WOOL, JET)
    s.bag.remove(WOOL)
    s.bag.remove(JET)
    s.res_cards = [ship, cid("A07"), cid("D20")]
    s.res_vik = [P, M, E]
    s.coins = [5, 1, 2, 4]
    s.vik = [4, 3, 3, 3]
    s.phase = PH_DEMAND
    end_demand(s)
    assert "Peti buys the reserved B14 ship[Wo Je] for 3 coins" in told(s, "buy")
    assert "Móni discards the reserved A07: to the box" in told(s, "discard")
    lines = told(s, "buy")
    assert any(line.startswith("Eszti buys the reserved D20 ") for line in lines)
    assert any(line.endswith(" for 1 coin") for line in lines)


def test_free_purchase_tribute_and_treasure_are_told() -> None:
    s = blank(4, "jarl", start=B)
    give(s, B, "B22")
    put_slot(s, 1, "D27")
    put_slot(s, 2, "C21")
    put_slot(s, 3, "A07")
    s.cols[0] = [B, M]
    s.cols[1] = [M]
    s.cols[2] = [P]
    s.vik = [3, 3, 4, 3]
    s.coins = [0, 3, 0, 1]
    s.phase = PH_DEMAND
    end_demand(s)
    lines = told(s, "free")
    assert "Benedek buys D27 loki tribute from column 1 for free with B22 (to the box)" in lines
    assert "tribute D27: 1 coin to Benedek from Móni, Peti" in lines
    lines = told(s, "buy")
    assert "Móni takes 4 coins with the treasure C21" in lines


# --------------------------------------------------------------------------- Pict attacks


def _supply_with(s: State, pict: str) -> list[str]:
    """End the last loading turn of the round so that the next round's supply draws
    ``pict`` first; return the narration of that ``end``."""
    deck_top(s, pict)
    s.phase = PH_LOAD
    s.lpos = s.n - 1
    s.actor = (s.start + s.n - 1) % s.n
    s.round = 3
    s.legal_cache = None
    return told(s, "end")


def test_pict_attack_in_the_supply_is_told_with_defence_and_effect() -> None:
    s = blank(4, "karl", start=B)
    give(s, B, "B12")  # defence 3
    give(s, M, "B11")  # 2
    give(s, P, "A11")  # 1
    lines = _supply_with(s, "B13")
    assert "round 3 is over: Mjölnir passes to Móni" in lines
    assert "round 4 begins" in lines
    assert "Pict attack B13 (+2/-2), defence: Benedek 3, Móni 2, Eszti 0, Peti 1" in lines
    assert "result: Benedek +2 VP, Eszti -2 VP" in lines
    assert any(line.startswith("dealt: 1 ") for line in lines)


def test_equal_defence_is_told() -> None:
    s = blank(2, "karl", start=0)
    lines = _supply_with(s, "A13")
    assert "Pict attack A13 (+1/-1), defence: Benedek 0, Móni 0" in lines
    assert "equal defence everywhere: nobody gains or loses" in lines


def test_glory_and_ransom_are_told() -> None:
    s = blank(4, "jarl", start=B)
    give(s, B, "D29", "B12")  # defence 3, Glory
    give(s, M, "A11")  # 1
    give(s, E, "C22")  # 0, Ransom
    lines = _supply_with(s, "C13")
    assert s.phase == PH_GLORY and s.actor == B
    assert "Pict attack C13 (+3/-3), defence: Benedek 3, Móni 1, Eszti 0, Peti 0" in lines
    assert "most defence: Benedek; least: Eszti, Peti" in lines
    assert "Benedek may use Glory (D29)" in lines
    lines = told(s, "glory")
    assert "Benedek uses Glory (D29, to the box): gains 6 VP, not 3" in lines
    assert "Pict attack C13, gains: Benedek +6 VP (Glory)" in lines
    assert s.phase == PH_RANSOM and s.actor == E
    lines = told(s, "ransom")
    assert "Eszti pays 2 coins of ransom (C22) and loses no VP" in lines
    assert "result: Benedek +6 VP (Glory), Eszti ransom paid, no loss, Peti -3 VP" in unbroken(
        lines
    )
    assert any(line.startswith("dealt: ") for line in lines)  # the supply goes on


def test_every_resolved_attack_is_told_in_random_games() -> None:
    for n, mode in ((2, "jarl"), (5, "karl"), (4, "jarl")):
        for before, action, after in random_moves(n, mode, 3):
            lines = GAME.narrate(before, action, after, None)
            for e in after.log[len(before.log) :]:
                head = [line for line in lines if line.startswith(f"Pict attack {e['card']} (")]
                assert head, lines
                for p in range(n):
                    assert f"{{p{p}}} {e['defence'][p]}" in head[0]


# --------------------------------------------------------------------------- the rest


def test_income_told_is_the_coins_gained() -> None:
    for n, mode in ((3, "karl"), (3, "jarl"), (5, "jarl")):
        for before, action, after in random_moves(n, mode, 5):
            if before.phase != PH_LOAD or action[0] != OP_END or before.lpos + 1 == n:
                continue
            q = after.actor
            gained = after.coins[q] - before.coins[q]
            lines = GAME.narrate(before, action, after, None)
            income = [line for line in lines if line.startswith(f"{{p{q}}}'s loading turn:")]
            assert income and f"income {gained} coin" in income[0], lines


def test_purchase_into_loading_tells_the_income() -> None:
    for n, mode in ((2, "karl"), (4, "jarl")):
        for before, action, after in random_moves(n, mode, 6):
            if before.phase == PH_BUY and action[0] == OP_BUY and after.phase == PH_LOAD:
                q = after.actor
                lines = GAME.narrate(before, action, after, None)
                assert any(line.startswith(f"{{p{q}}}'s loading turn: income ") for line in lines)


def test_loki_swap_and_demand_result_are_told() -> None:
    s = blank(4, "jarl", start=B)  # the TV13 position
    give(s, P, "A21")
    put_slot(s, 5, "D14")
    s.cols[4] = [B, E, B, P]
    s.vik = [0, 0, 0, 0]
    s.phase = PH_DEMAND
    end_demand(s)
    lines = told(s, "swap 5:0 5:3")
    assert lines[:3] == [
        "swap 5:0 5:3",
        "Peti uses Loki A21 (to the box): swaps Benedek's viking at column 5 place 1 (D14) (5:0)",
        "  with Peti's viking at column 5 place 4 (D14) (5:3)",
    ]
    assert (
        "column 5 D14, price 4: Peti's viking, Eszti's viking, Benedek's viking,"
        " Benedek's viking" in unbroken(lines)
    )


def test_demand_end_tells_discards_and_the_result() -> None:
    s = blank(2, "karl", start=0)
    put_slot(s, 1, "A07")
    put_slot(s, 2, "B01", (LEATHER, AMBER, IRON))
    put_slot(s, 3, "A08")
    s.cols[0] = [0, 1]
    s.vik = [0, 1]
    s.phase = PH_DEMAND
    s.actor = 1
    s.legal_cache = None
    lines = told(s, "place 1")
    assert "the demand phase is over" in lines
    assert "nobody wants (to the box): B01 ship[Le Am Ir], A08 craft5[Le- Wo-]" in lines
    assert "their goods go to the common goods: Le Am Ir" in lines
    assert "column 1 A07, price 3: Benedek's viking, Móni's viking, Móni's viking" in unbroken(
        lines
    )
    assert s.phase == PH_BUY


def test_brown_vikings_commit_and_return() -> None:
    s = blank(2, "jarl", start=0)
    give(s, 0, "A19")
    s.a19_brown = 2
    put_slot(s, 1, "A07")
    begin_demand(s)
    assert "Benedek commits 2 brown vikings from A19 (0 left on it)" in told(s, "commit 2")
    assert "Benedek puts a brown viking in column 1 under A07 feast (price now 1)" in told(
        s, "place 1"
    )


def test_end_of_game_tells_the_final_attack_and_every_scoring_item() -> None:
    s = blank(4)
    give(s, B, "D14", "A12", "A07")  # defence 7, a feast
    give(s, M, "C12", "B12")  # 7
    give(s, E, "B11")  # 2
    give(s, P, "D13", "A11")  # 5
    s.box += [c for c in s.deck if c != D.E01]
    s.deck = [D.E01]
    s.phase = PH_LOAD
    s.lpos = 3
    s.actor = P
    s.legal_cache = None
    lines = told(s, "end")
    assert s.phase == PH_OVER
    i = lines.index("the game ends: the final Pict attack E01, then the final scoring")
    assert lines[i + 1] == ("Pict attack E01 (+4/-4), defence: Benedek 7, Móni 7, Eszti 2, Peti 5")
    assert lines[i + 2] == "result: Benedek +4 VP, Móni +4 VP, Eszti -4 VP"
    assert lines[i + 3] == "final scoring"
    assert "Benedek: feasts 2: +2 VP, 16 VP in all" in lines
    assert "Eszti: nothing: +0 VP, 6 VP in all" in lines


def test_score_sheet_rows_add_up_to_the_total() -> None:
    for n, mode in ((2, "karl"), (3, "jarl"), (5, "jarl")):
        s = GAME.new_state(n, {"mode": mode}, 2)
        rng = random.Random(2)
        while GAME.to_move(s) is not None:
            GAME.apply(s, rng.choice(GAME.legal_actions(s)))
        out = GAME.outcome(s)
        labels = [label for label, _ in out.sheet]
        assert labels[0] == "start" and labels[-1] == "total"
        assert [label for label in labels if label.startswith("Pict attack")][-1] == (
            "Pict attack E01"
        )
        total = out.sheet[-1][1]
        assert total == tuple(s.vp) == tuple(int(x) for x in out.scores)
        for p in range(n):
            assert sum(values[p] for _, values in out.sheet[:-1]) == total[p]


def test_item35_a_told_line_fits_80_columns_with_the_seats_names_in() -> None:
    """Issue 35: at a table of five with names like 'greedy 2', a list the game
    breaks into lines itself (the vikings of a column, cards moved) fit 80 columns
    with the log's indent of 8 before the names went in and not after, so the host
    broke it again and 'viking,' stood alone on a row. With names of up to ten
    characters every line such a list is broken into now fits. (A line the game
    does not break, the host breaks once, at a word.)"""
    names = ["greedy 1", "greedy 2", "greedy 3", "alice_1234", "greedy 5"]
    for seed in range(6):
        rng = random.Random(seed)
        s = GAME.new_state(5, {"mode": ("karl", "jarl")[seed % 2]}, seed)
        while GAME.to_move(s) is not None:
            a = rng.choice(GAME.legal_actions(s))
            before = GAME.clone(s)
            GAME.apply(s, a)
            for line in GAME.narrate(before, a, s, None)[1:]:
                if line.endswith(","):  # a list broken here: the next line goes on
                    shown = name_seats(line, names)
                    assert 8 + len(shown) <= 80, shown
