"""``vikingcli verify RECORD``: prove that a finished shared table's deal was fair.

A record (a ``serve`` save, or ``record N`` at a server) of a table that dealt from
a committed deal (:mod:`vikingcli.core.fairdeal`) holds the commitment the table
showed from its start, the server seed revealed at the end and the seeds of the
human seats. The deal is proven when the SHA-256 of the server seed is the
commitment, the game's seed is the HMAC of the seats' seeds keyed by that server
seed, and every move replays in the game dealt from that seed to the recorded end.
Exit code 0: proven; 1: not proven (a forged or changed record, an unfinished game,
no committed deal); 2: not a readable save.
"""


from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from vikingcli.cli.arguments import UsageProblem, registry, save_file

if TYPE_CHECKING:
    from vikingcli.saves.schema import SaveDoc

NOT_PROVEN = 1
"""The exit code of a record that does not prove its deal."""


def deal_problem(doc: "SaveDoc") -> str | None:
    """Why the record's deal is not the committed one (``None``: it is); the moves are
    checked by replaying them (:func:`verify`)."""
    from vikingcli.core.fairdeal import commitment_of, deal_seed

    deal = None if doc.table is None else doc.table.deal
    if deal is None:
        return "it holds no committed deal (a game of 'play', or of an older vikingcli)"
    if not deal.dealt:
        return "its cards were never dealt"
    if doc.result is None:
        return "the game is not over: a deal is proven by the seed revealed at its end"
    if commitment_of(bytes.fromhex(deal.server_seed)) != deal.commitment:
        return f"its server seed is not the one committed to ({deal.commitment})"
    humans = {i for i, s in enumerate(doc.seats) if s.player == "human"}
    seeded = [p.seat for p in deal.seeds]
    if sorted(seeded) != sorted(humans):
        return "its seeds are not one for each person's seat"
    seeds = {p.seat: p.seed for p in deal.seeds}
    if deal_seed(bytes.fromhex(deal.server_seed), seeds) != doc.seed:
        return "its game seed is not the HMAC of the seats' seeds keyed by the server seed"
    return None


def verify(
    record: Annotated[
        Path,
        typer.Argument(
            metavar="RECORD",
            help="A finished table's record: a serve save, or 'record N' of a server.",
        ),
    ],
) -> None:
    """Prove a finished shared table's deal: committed before the first card, made
    from the server seed revealed at the end and the seats' own seeds, and every move
    played in it. Exit code 0: proven; 1: not proven (forged or changed); 2: bad input."""
    from vikingcli.saves.files import SaveError, read_save_document
    from vikingcli.saves.match_file import replay_document

    path = save_file(record)
    if path.exists() and not path.is_file():
        raise UsageProblem(f"{path}: not a regular file")
    doc = read_save_document(path)
    problem = deal_problem(doc)
    if problem is None:
        try:
            replay_document(path, doc, registry())
        except SaveError as exc:
            problem = f"its moves are not a game of that deal ({exc})"
    if problem is not None:
        typer.echo(f"NOT PROVEN: {path}: {problem}")
        raise typer.Exit(NOT_PROVEN)
    assert doc.table is not None and doc.table.deal is not None
    deal = doc.table.deal
    own = [str(p.seat + 1) for p in deal.seeds if not p.drawn]
    whose = (
        f"with the own seeds of seat(s) {', '.join(own)}"
        if own
        else "with no seed of a person's own: the server alone chose the deal"
    )
    operator = "; the operator chose the server seed (serve --seed)" if deal.operator else ""
    typer.echo(
        f"PROVEN: {path}: {doc.game} was dealt from {deal.commitment}, fixed before the"
        f" first card, {whose}{operator}; its {len(doc.actions)} moves replay in that deal"
    )
