"""The names of a shared table's seats (``serve GAME -p ann=human -p bob=human``): a
login never chooses the seat (the first free one is bound), and a person is called by
their login, never like another seat."""

from __future__ import annotations

from pathlib import Path

import vikingcli_toygame
from vikingcli_toygame import RuneDuel

from tests.host.test_seat_session import Screen
from vikingcli.core.match import Match, Seat
from vikingcli.core.registry import load_registry
from vikingcli.core.specs import parse_spec
from vikingcli.saves.table_record import Identity
from vikingcli.table.shared import Table

KINDS = load_registry([vikingcli_toygame]).players


def _table(tmp_path: Path, names: tuple[str, str]) -> Table:
    seats = [Seat(name, parse_spec("human", KINDS)) for name in names]
    return Table(Match(RuneDuel(), {"hand": "3"}, 11, seats), KINDS, tmp_path / "t.json",
                 log=lambda line: None)  # fmt: skip


def test_bob_first_at_a_table_set_for_ann_and_bob_is_called_bob(tmp_path: Path) -> None:
    table = _table(tmp_path, ("ann", "bob"))
    assert table.join(Identity("bob", "SHA256:bob"), Screen()) is not None
    # the first free seat is bob's; the seat named for him is free and goes by its number
    assert [s.name for s in table.match.seats] == ["bob", "seat 2"]
    assert table.join(Identity("ann", "SHA256:ann"), Screen()) is not None
    assert [s.name for s in table.match.seats] == ["bob", "ann"]


def test_a_seated_persons_name_is_never_repeated(tmp_path: Path) -> None:
    """The other side of the rule: a name a person holds stays theirs, and a second
    login of that name (another key) is numbered."""
    table = _table(tmp_path, ("seat 1", "seat 2"))
    assert table.join(Identity("bob", "SHA256:bob"), Screen()) is not None
    assert table.join(Identity("bob", "SHA256:other"), Screen()) is not None
    assert [s.name for s in table.match.seats] == ["bob", "bob 2"]
