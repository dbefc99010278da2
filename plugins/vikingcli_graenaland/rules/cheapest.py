"""The cheapest way to pay the rest of a build (docs/rules/graenaland.md §4.1), for a
person's ``pay`` with no argument: the whole payment, planned at once.

Step by step the cheapest source can waste: with ``S03 G+W`` and ``S11 W+W`` in hand
and 2W still to pay, the lowest-numbered supply card first spends both cards where
``S11`` alone pays it all. So the plan is the sequence of payment steps whose summed
price (:data:`PAY_COST`) is least, found by trying the rules' own steps (only those
that keep the rest payable, ``rules/payment.py``) from every position a step reaches;
positions reached in another order are looked at once. Payment has no chance in it,
so the plan is exactly what the steps will do."""

from __future__ import annotations

from collections.abc import Hashable

from vikingcli_graenaland.rules import apply_legal, legal_actions
from vikingcli_graenaland.rules.common import markets_avail
from vikingcli_graenaland.state import PH_PAY, Action, State

# What a payment step costs its payer: a card given to the joint work (nothing of
# theirs), an own card of the very type, a supply card (two resources' worth, whether
# one icon or both are used), a market swap (a card of another type and the market's
# one use), one of a supply card, and gold, which could have paid for anything.
PAY_COST = {"cpay": 0, "pay": 1, "supply": 2, "mkt": 3, "mkts": 4, "cgold": 5, "gold": 6}

Plan = tuple[int, int, tuple[Action, ...]]
"""(summed price, number of steps, the steps)."""


KEPT = 4096
"""Plans kept between calls (a screen redrawn, the list of moves, the move itself ask
for the same payment again), at most this many; then they are forgotten at once."""
_plans: dict[Hashable, Plan] = {}


def _key(st: State) -> Hashable:
    """What decides the rest of the payment: what is still owed and every source (the
    markets the payer may still use; a swap names none, the rules pick one)."""
    s = st.actor
    return (
        tuple(st.req),
        tuple(st.hand[s]),
        tuple(sorted(st.shand[s])),
        tuple(markets_avail(st, s)),
        tuple(tuple(c) for c in st.contrib) if st.pend_joint else (),
    )


def cheapest_payment(st: State) -> list[Action]:
    """The rest of the payment under way in ``st``, cheapest first: the steps whose
    summed :data:`PAY_COST` is least, of those the fewest steps (a supply card that
    covers two requirements before two cards), then the rules' order of steps. Empty
    when ``st`` is not in a payment."""
    if st.phase != PH_PAY:
        return []
    if len(_plans) > KEPT:
        _plans.clear()
    return list(_best(st, st.actor)[2])


def _best(node: State, payer: int) -> Plan:
    if node.phase != PH_PAY or node.actor != payer:
        return (0, 0, ())
    key = _key(node)
    found = _plans.get(key)
    if found is not None:
        return found
    plan: Plan | None = None
    for a in legal_actions(node):
        after = node.clone()
        apply_legal(after, a)
        cost, steps, rest = _best(after, payer)
        tried = (PAY_COST[a[0]] + cost, steps + 1, (a, *rest))
        if plan is None or tried[:2] < plan[:2]:
            plan = tried
    assert plan is not None, "a started payment always has a step (rules/payment.py)"
    _plans[key] = plan
    return plan


def cheapest_first(st: State, steps: list[Action]) -> list[Action]:
    """The payment ``steps`` (legal in ``st``), the first one of the cheapest whole
    payment first, the others by :data:`PAY_COST` in the rules' order."""
    plan = cheapest_payment(st)
    first = plan[:1]
    rest = sorted((a for a in steps if a not in first), key=lambda a: PAY_COST[a[0]])
    return [*first, *rest]
