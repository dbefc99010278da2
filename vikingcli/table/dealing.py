"""The deal at a shared table: a person's ``seed TEXT``, the dealing of the cards
when the game begins, and what the table tells of the deal then and at the end.

The deal itself (commitment, seeds, HMAC) is :mod:`vikingcli.core.fairdeal`; this is
what a table does with it, kept beside :mod:`vikingcli.table.shared` so that the
seat rules there stay one screenful shorter.
"""

from __future__ import annotations

from vikingcli.core.fairdeal import Deal
from vikingcli.core.match import Match


def seed_answer(deal: Deal | None, seat: int | None, text: str) -> tuple[str, str]:
    """Take ``seed TEXT`` typed at ``seat`` (``None``: a spectator): the answer and its
    style (``"error"`` when no seed was taken)."""
    if seat is None:
        return "only a seated person adds a seed to the deal", "error"
    if deal is None:
        return "this table's deal was fixed by an older vikingcli", "error"
    try:
        return deal.add(seat, text), ""
    except ValueError as exc:
        return f"no seed taken: {exc}", "error"


def deal_cards(match: Match, deal: Deal | None, humans: list[int]) -> list[str]:
    """Deal from the committed server seed and the seats' seeds (drawn now for seats
    that typed none): the match begins again from that deal. What to tell everyone
    (all but the secret); empty when there is nothing to deal (dealt already, or a
    table of an older vikingcli, which dealt from its seed)."""
    if deal is None or deal.dealt:
        return []
    match.seed = deal.finish(humans)
    match.rewind(0)  # the position the game begins from: the deal itself
    return [
        f"The cards are dealt: {deal.commitment} with the seats' seeds",
        *deal.seed_lines(match.names),
        "(the server seed is shown when the game ends; 'vikingcli verify' checks it)",
    ]


def revealed(deal: Deal | None, over: bool) -> list[str]:
    """The end screen's line of the deal: the server seed, revealed once the game is
    ``over`` (none for a table of an older vikingcli)."""
    if deal is None or not over:
        return []
    return [
        f"The deal's server seed was {deal.server_seed.hex()} ({deal.commitment});"
        " 'vikingcli verify RECORD' checks the deal"
    ]


def deal_header(deal: Deal | None) -> str:
    """How ``seats`` and the greeting name the deal: by its commitment, never its seed
    (which would tell everyone every hidden card)."""
    return "no committed deal" if deal is None else f"deal: {deal.commitment}"


def ai_base(seed: int, deal: Deal | None) -> int:
    """What AI and bot seats' seeds are mixed from: the table's secret, never the
    deal's seed, from which a program at a seat could compute the others' cards
    (``seed``, the match's, only at a table of an older vikingcli)."""
    return seed if deal is None else deal.ai_seed()
