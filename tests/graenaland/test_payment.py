"""The payment check (§4.1) against a brute-force search over every way to pay."""

from __future__ import annotations

import itertools
import random

from vikingcli_graenaland.data import SUPPLY
from vikingcli_graenaland.rules.payment import can_pay


def brute(
    req: list[int], hand: list[int], sup: list[int], mk: int, con: list[int] | None = None
) -> bool:
    """Try every role of every supply card (unused / icons / market fodder), every
    number of own and contributed cards used directly; spare own cards are market
    fodder; gold (own or contributed) covers what is left."""
    c = con or [0, 0, 0, 0, 0]
    for roles in itertools.product((0, 1, 2), repeat=len(sup)):
        icons = [0, 0, 0, 0]
        fodder_sup = 0
        for sid, role in zip(sup, roles):
            if role == 1:
                a, b = SUPPLY[sid]
                icons[a] += 1
                icons[b] += 1
            elif role == 2:
                fodder_sup += 1
        if fodder_sup > mk:
            continue
        for direct in itertools.product(*(range(min(hand[r], req[r]) + 1) for r in range(4))):
            for cd in itertools.product(*(range(min(c[r], req[r]) + 1) for r in range(4))):
                spare = sum(hand[r] - direct[r] for r in range(4))
                rest = sum(max(0, req[r] - direct[r] - cd[r] - icons[r]) for r in range(4))
                fodder = min(mk - fodder_sup, spare)
                if rest <= hand[4] + c[4] + fodder_sup + fodder:
                    return True
    return False


def test_can_pay_matches_brute_force() -> None:
    rng = random.Random(2024)
    agree = [0, 0]
    for _ in range(1500):
        req = [rng.randint(0, 2) for _ in range(4)]
        if not sum(req):
            req[rng.randrange(4)] = 1
        hand = [rng.randint(0, 2) for _ in range(4)] + [rng.choice((0, 0, 0, 1))]
        sup = rng.sample(range(16), rng.choice((0, 0, 1, 2, 3)))
        mk = rng.choice((0, 0, 1, 2))
        expect = brute(req, hand, sup, mk)
        assert can_pay(req, hand, None, sup, mk) == expect, (req, hand, sup, mk)
        agree[expect] += 1
    assert agree[0] > 300 and agree[1] > 300  # both answers are exercised


def test_can_pay_with_contributions_matches_brute_force() -> None:
    rng = random.Random(77)
    agree = [0, 0]
    for _ in range(600):
        req = [rng.randint(0, 2) for _ in range(4)]
        if not sum(req):
            req[rng.randrange(4)] = 1
        hand = [rng.randint(0, 1) for _ in range(4)] + [rng.choice((0, 0, 1))]
        con = [rng.randint(0, 1) for _ in range(4)] + [rng.choice((0, 0, 0, 1))]
        sup = rng.sample(range(16), rng.choice((0, 1, 2)))
        mk = rng.choice((0, 1, 2))
        expect = brute(req, hand, sup, mk, con)
        assert can_pay(req, hand, con, sup, mk) == expect, (req, hand, con, sup, mk)
        agree[expect] += 1
    assert agree[0] > 50 and agree[1] > 50
