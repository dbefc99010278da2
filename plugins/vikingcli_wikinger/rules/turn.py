"""The end of a turn: the next player takes, or the round ends with a small scoring
(rounds 1, 3, 5) or with ferrying and a big scoring (rounds 2, 4, 6),
docs/rules/wikinger.md §3.1, §3.8, §4.2."""

from __future__ import annotations

from vikingcli_wikinger import scoring
from vikingcli_wikinger.data import SLOTS
from vikingcli_wikinger.rules.ferry import next_ferrier
from vikingcli_wikinger.rules.offer import next_round
from vikingcli_wikinger.state import E_SCORING, PH_TAKE, State


def end_turn(s: State) -> None:
    """Clear the pending combination; hand the turn on or end the round."""
    s.pend_t = 0
    s.pend_f = -1
    s.pend_r = s.pend_c = -1
    s.pend_special = False
    s.turn += 1
    if s.turn < SLOTS:
        s.actor = (s.actor + 1) % s.n
        s.phase = PH_TAKE
        return
    if s.round % 2:
        scoring.small_scoring(s)
        if s.events is not None:
            s.events.append((E_SCORING, len(s.log) - 1))
        next_round(s)
        return
    s.ferry_i = 0
    next_ferrier(s, advance=False)
