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

from vikingcli.engine import IllegalAction
from vikingcli_graenaland.rules.building import (
    legal_build,
    legal_hero,
    play_build,
    play_hero,
    play_pay,
)
from vikingcli_graenaland.rules.claims import legal_claim, play_claim
from vikingcli_graenaland.rules.joint import legal_contrib, legal_joint, play_contrib, play_joint
from vikingcli_graenaland.rules.moves import legal_move, play_move
from vikingcli_graenaland.rules.offers import legal_alloc, legal_offer, play_alloc, play_offer
from vikingcli_graenaland.rules.payment import legal_fee, legal_pay, play_fee
from vikingcli_graenaland.rules.setup import (
    legal_draft,
    legal_reloc,
    legal_vckeep,
    play_draft,
    play_reloc,
    play_vckeep,
)
from vikingcli_graenaland.rules.votes import legal_vote, play_vote
from vikingcli_graenaland.state import PH_OVER, Action, State

__all__ = ["legal", "play"]


def _legal_over(st: State) -> list[Action]:
    return []


def _play_over(st: State, a: Action) -> None:
    raise IllegalAction(f"no action expected in phase {PH_OVER}")


# indexed by phase: PH_DRAFT .. PH_OVER (state.py)
_LEGAL: tuple[Callable[[State], list[Action]], ...] = (
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
_PLAY: tuple[Callable[[State, Action], None], ...] = (
    play_draft,
    play_reloc,
    play_vckeep,
    play_move,
    play_offer,
    play_alloc,
    play_vote,
    play_claim,
    play_build,
    play_fee,
    play_pay,
    play_hero,
    play_contrib,
    play_joint,
    _play_over,
)


def legal(st: State) -> list[Action]:
    """The legal actions of the seat to move, in a fixed order; empty once over."""
    return _LEGAL[st.phase](st)


def play(st: State, a: Action) -> None:
    """Play the legal action ``a`` for the seat to move, in place."""
    _PLAY[st.phase](st, a)
