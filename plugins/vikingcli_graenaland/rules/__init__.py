"""Graenaland rules (docs/rules/graenaland.md): setup, legal actions and play, one
module per phase or group of phases, dispatched here by the state's phase.

Every decision of spec §6 is a small action; big choices are split into several small
ones so that no list ever has to hold every combination: an offer (D6) is ``offer X``
followed by one ``to pN`` per card (offers.py), a payment (§4.1) one source at a time
(payment.py), a joint-work contribution (D10) one card at a time (joint.py).

Modules: setup (fresh state, draft, relocation, victory cards), rounds (production and
the hand-over between phases), moves (hero moves), offers, votes, payment, building,
joint (joint works), claims (victory claims), common (shared queries).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

from vikingcli.engine import IllegalAction
from vikingcli_graenaland.rules.building import (
    apply_build,
    apply_hero,
    apply_pay,
    legal_build,
    legal_hero,
)
from vikingcli_graenaland.rules.claims import apply_claim, legal_claim
from vikingcli_graenaland.rules.joint import apply_contrib, apply_joint, legal_contrib, legal_joint
from vikingcli_graenaland.rules.moves import apply_move, legal_move
from vikingcli_graenaland.rules.offers import apply_alloc, apply_offer, legal_alloc, legal_offer
from vikingcli_graenaland.rules.payment import apply_fee, legal_fee, legal_pay
from vikingcli_graenaland.rules.setup import (
    apply_draft,
    apply_reloc,
    apply_vckeep,
    legal_draft,
    legal_reloc,
    legal_vckeep,
)
from vikingcli_graenaland.rules.votes import apply_vote, legal_vote
from vikingcli_graenaland.state import PH_OVER, Action, State

__all__ = ["apply_legal", "legal_actions"]


def _legal_over(st: State) -> list[Action]:
    return []


def _apply_over(st: State, a: Action) -> None:
    raise IllegalAction(f"no action expected in phase {PH_OVER}")


# indexed by phase: PH_DRAFT .. PH_OVER (state.py)
_LEGAL: Final[tuple[Callable[[State], list[Action]], ...]] = (
    legal_draft,
    legal_reloc,
    legal_vckeep,
    legal_move,
    legal_offer,
    legal_alloc,
    legal_vote,
    legal_claim,
    legal_build,
    legal_fee,
    legal_pay,
    legal_hero,
    legal_contrib,
    legal_joint,
    _legal_over,
)
_PLAY: Final[tuple[Callable[[State, Action], None], ...]] = (
    apply_draft,
    apply_reloc,
    apply_vckeep,
    apply_move,
    apply_offer,
    apply_alloc,
    apply_vote,
    apply_claim,
    apply_build,
    apply_fee,
    apply_pay,
    apply_hero,
    apply_contrib,
    apply_joint,
    _apply_over,
)


def legal_actions(st: State) -> list[Action]:
    """The legal actions of the seat to move, in a fixed order; empty once over."""
    return _LEGAL[st.phase](st)


def apply_legal(st: State, a: Action) -> None:
    """Play the legal action ``a`` for the seat to move, in place."""
    _PLAY[st.phase](st, a)
