"""The server's storage, the same tests on SQLite and on a real PostgreSQL server
(skipped, saying why, where PostgreSQL is not installed); and the small pieces the
server is made of: names, durations, ratings, the registration policy and rate."""

from __future__ import annotations

import contextlib
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.host.pgcluster import Cluster
from vikingcli.core.numbers import whole_number
from vikingcli.server.accounts import Guesses, Policy, check_name, skeleton
from vikingcli.server.hosting import duration, parse_duration
from vikingcli.server.ratings import rate
from vikingcli.server.sqlstore import MIGRATIONS, TYPES, VERSION, open_store
from vikingcli.server.store import (
    OPEN,
    OVER,
    PLAYING,
    ChatLine,
    NameTaken,
    OverLimit,
    Rating,
    RegistrationLimit,
    SeatRow,
    Store,
    StoreError,
    TableChange,
    TableRow,
)


@pytest.fixture(params=["sqlite", "postgres"])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "sqlite":
        url = str(tmp_path / "db" / "server.sqlite")
    else:
        url = request.getfixturevalue("pg_cluster").database()
    opened = open_store(url)
    try:
        yield opened
    finally:
        opened.close()


def _table(creator: int, account: int | None = None) -> TableRow:
    seats = [SeatRow("alice", "human", account), SeatRow("bob", "human"), SeatRow("mcts", "mcts")]
    return TableRow(0, "walhalla", {"headlands": "6,6,6"}, 2**63 - 1, seats, creator, True,
                    86400.0, OPEN, 1.0, 1.0)  # fmt: skip


def test_accounts_keys_and_names(store: Store) -> None:
    alice = store.create_account("Alice", "SHA256:a", 10.0)
    assert store.account_by_key("SHA256:a") == alice
    assert store.account_by_name("ALICE") == alice
    with pytest.raises(NameTaken):
        store.create_account("alice", "SHA256:b", 11.0)
    with pytest.raises(StoreError):
        store.create_account("bob", "SHA256:a", 11.0)  # the key is alice's
    assert store.add_key(alice.id, "SHA256:c", 12.0)
    assert not store.add_key(alice.id, "SHA256:c", 12.0)
    assert store.keys(alice.id) == ["SHA256:a", "SHA256:c"]
    assert store.account_by_key("SHA256:c") == alice


def test_tables_moves_talk_and_no_move_twice(store: Store) -> None:
    alice = store.create_account("alice", "SHA256:a", 1.0)
    number = store.create_table(_table(alice.id, alice.id))
    row = store.table(number)
    assert row is not None and row.status == OPEN and row.seed == 2**63 - 1
    assert [s.account for s in row.seats] == [alice.id, None, None]
    bob = store.create_account("bob", "SHA256:b", 1.0)
    seats = [SeatRow("alice", "human", alice.id), SeatRow("bob", "human", bob.id),
             SeatRow("mcts", "mcts")]  # fmt: skip
    talk = [ChatLine(f"table:{number}", 2.0, "bob", "hi", 0)]
    store.save_table(
        TableChange(number, seats, [(1, "take 3", 2.0), (2, "pass", 3.0)], talk, PLAYING, 3.0,
                    [1.0, 2.0, 0.5])
    )
    with pytest.raises(StoreError):
        store.save_table(TableChange(number, seats, [(2, "pass", 4.0)], [], PLAYING, 4.0, [0] * 3))
    assert store.actions(number) == ["take 3", "pass"]  # the refused change left nothing
    assert [c.text for c in store.chat(f"table:{number}", 10)] == ["hi"]
    assert [t.id for t in store.tables_of(bob.id, (PLAYING,))] == [number]
    assert store.tables_of(bob.id, (OVER,)) == []
    assert store.count_tables_by(alice.id, (OPEN, PLAYING)) == 1
    result = {"ranks": [1, 2, 3], "scores": [3, 2, 1]}
    store.save_table(TableChange(number, seats, [(3, "end", 5.0)], [], OVER, 5.0, [0] * 3, result))
    row = store.table(number)
    assert row is not None and row.status == OVER and row.moves == 3 and row.result == result


def test_leases_and_chat_order(store: Store) -> None:
    alice = store.create_account("alice", "SHA256:a", 1.0)
    number = store.create_table(_table(alice.id))
    assert store.claim(number, "one", 100.0, 50.0)
    if store.dialect == "postgres":  # SQLite has one process: its leases are its own
        assert not store.claim(number, "two", 100.0, 60.0)
        assert store.claim(number, "two", 200.0, 101.0)  # the lease ran out
    # A fleet's process asks for a table another plays; that one hands it over.
    holder = store.table(number)
    assert holder is not None
    store.want(number, "three")
    assert store.wanted(holder.host) == {number: "three"}
    assert store.hand_over(number, holder.host, "three", 300.0)
    moved = store.table(number)
    assert moved is not None and moved.host == "three" and store.wanted("three") == {}
    assert not store.hand_over(number, holder.host, "four", 300.0)  # not the holder now
    for i in range(12):
        store.add_chat(ChatLine("lobby", float(i), "alice", f"line {i}"))
    assert [c.text for c in store.chat("lobby", 3)] == ["line 9", "line 10", "line 11"]


def test_ratings_and_leaderboard(store: Store) -> None:
    alice = store.create_account("alice", "SHA256:a", 1.0)
    players = [f"account:{alice.id}", "ai:mcts"]
    new = rate("jorvik", 2, players, [1, 2], {})
    store.put_ratings(new)
    known = store.ratings("jorvik", 2, players)
    assert known[players[0]].mu > known[players[1]].mu and known[players[0]].games == 1
    again = rate("jorvik", 2, players, [1, 2], known)
    store.put_ratings(again)
    board = store.leaderboard("jorvik", None, 10)
    assert [r.name for r in board] == ["alice", "AI mcts"] and board[0].games == 2
    assert [r.game for r in store.ratings_of(alice.id)] == ["jorvik"]


def test_migrations_are_versioned(tmp_path: Path) -> None:
    path = tmp_path / "server.sqlite"
    store = open_store(str(path))
    assert store.migrate() == VERSION  # again: nothing to do
    with pytest.raises(StoreError, match="in use by another vikingcli server"):
        open_store(str(path))
    store.conn.execute("UPDATE schema_version SET version = 99")  # type: ignore[attr-defined]
    store.close()
    with pytest.raises(StoreError, match="newer than this vikingcli knows"):
        open_store(str(path))
    (tmp_path / "junk.sqlite").write_text("not a database " * 100)
    with pytest.raises(StoreError, match="not a usable SQLite database"):
        open_store(str(tmp_path / "junk.sqlite"))


def test_an_older_database_gets_the_accounts_migration(tmp_path: Path) -> None:
    """Version 2 (before registrations, key codes and skeletons): its accounts get
    their skeletons, so a name that looks like one of them is refused after it."""
    import sqlite3

    path = tmp_path / "old.sqlite"
    conn = sqlite3.connect(path)
    conn.execute("CREATE TABLE schema_version (version INTEGER NOT NULL)")
    conn.execute("INSERT INTO schema_version (version) VALUES (2)")
    for statement in MIGRATIONS[0] + MIGRATIONS[1]:
        conn.execute(statement.format(**TYPES["sqlite"]))
    conn.execute("INSERT INTO accounts (name, folded, created) VALUES ('alice', 'alice', 1.0)")
    conn.commit()
    conn.close()
    store = open_store(str(path))
    try:
        assert store.migrate() == VERSION == 4
        with pytest.raises(NameTaken, match="looks like 'alice'"):
            store.create_account("aIice", "SHA256:m", 2.0)
    finally:
        store.close()


def test_names() -> None:
    assert check_name("alice") is None and check_name("Bo_b-2") is None
    for bad in ("a", "1abc", "al ice", "x" * 17, "al\x1b[31mice", "ålice", "admin", "AI"):
        assert check_name(bad) is not None, bad
    assert "\x1b" not in (check_name("al\x1bice") or "")


def test_durations() -> None:
    assert parse_duration("10m") == 600 and parse_duration("3d") == 3 * 86400
    for bad in ("10", "m", "0m", "5s", "31d", "-1h", "1.5h"):
        with pytest.raises(ValueError):
            parse_duration(bad)
    assert duration(3 * 86400 + 4 * 3600 + 5) == "3d 4h"
    assert duration(59) == "59s" and duration(-3) == "0s" and duration(600) == "10m"


def test_registration_policy_and_guesses() -> None:
    assert not Policy().admits("SHA256:x")  # the default: nobody registers
    keyed = Policy(keys={"SHA256:k": "kim", "SHA256:u": None})
    assert keyed.admits("SHA256:k") and not keyed.admits("SHA256:x")
    # A bound key takes its name only; its name (and look-alikes) is no other key's.
    assert keyed.name_problem("SHA256:k", "KIM") is None
    assert "registers the name 'kim' only" in (keyed.name_problem("SHA256:k", "bob") or "")
    assert "kept for another key" in (keyed.name_problem("SHA256:u", "Klm") or "")
    assert keyed.name_problem("SHA256:u", "lee") is None
    invited = Policy(invites=("secret-code",))
    assert invited.admits("SHA256:x") and invited.needs_code("SHA256:x")
    assert invited.code_ok(" secret-code ") and not invited.code_ok("secret")
    now, said = [0.0], []
    guesses = Guesses(said.append, clock=lambda: now[0])
    assert guesses.attempt("1.2.3.4") is None
    guesses.right("1.2.3.4")  # a right code is no guess
    assert [guesses.attempt("1.2.3.4") for _ in range(5)] == [None] * 5
    assert "too many wrong codes" in (guesses.attempt("1.2.3.4") or "")
    assert said == ["1.2.3.4: locked out for 60 minutes after 5 wrong codes in 10 minutes"]
    assert guesses.attempt("5.6.7.8") is None
    now[0] += 3599
    assert guesses.attempt("1.2.3.4") is not None
    now[0] += 2
    assert guesses.attempt("1.2.3.4") is None


def test_item10_names_that_look_alike_have_one_skeleton() -> None:
    assert skeleton("aIice") == skeleton("alice") == skeleton("ALICE") == skeleton("a1ice")
    assert skeleton("аlice") == skeleton("alice")  # Cyrillic a
    assert skeleton("rnorten") == skeleton("morten") and skeleton("B0b") == skeleton("bob")
    assert skeleton("alice") != skeleton("alina")


def test_item9_numbers_are_ascii_digits_within_bounds() -> None:
    assert whole_number("12", 1, 99, "N") == 12
    for bad in ("²", "①", "١٢", "１２", "", "-1", "1.0", "0", "100", "9" * 5000):
        with pytest.raises(ValueError, match="N is a whole number from 1 to 99") as caught:
            whole_number(bad, 1, 99, "N")
        assert "\n" not in str(caught.value) and len(str(caught.value)) < 120


def test_item3_the_store_counts_and_spends_each_limit_in_one_transaction(store: Store) -> None:
    limit = RegistrationLimit("1.2.3.4", 2, 3, 3600.0)
    store.create_account("ann", "SHA256:1", 100.0, limit)
    store.create_account("ben", "SHA256:2", 101.0, limit)
    with pytest.raises(OverLimit, match="too many new accounts from your address"):
        store.create_account("cat", "SHA256:3", 102.0, limit)
    other = RegistrationLimit("5.6.7.8", 2, 3, 3600.0)
    store.create_account("cat", "SHA256:3", 103.0, other)
    with pytest.raises(OverLimit, match="no more new accounts this hour"):
        store.create_account("dan", "SHA256:4", 104.0, other)
    store.create_account("dan", "SHA256:4", 3702.0, limit)  # an hour on: ann's has gone
    with pytest.raises(NameTaken, match="looks like 'dan'"):
        store.create_account("cIan", "SHA256:5", 3703.0)
    ann = store.account_by_name("ann")
    assert ann is not None
    assert store.create_table(_table(ann.id), most=2) > 0
    assert store.create_table(_table(ann.id), most=2) > 0
    with pytest.raises(OverLimit, match="you have 2 tables open or in play"):
        store.create_table(_table(ann.id), most=2)


def test_item2_a_key_code_adds_one_key_once(store: Store) -> None:
    ann = store.create_account("ann", "SHA256:a", 1.0)
    assert not store.key_codes_pending(2.0)
    store.new_key_code(ann.id, "hash1", 100.0, 2.0)
    assert store.key_codes_pending(50.0) and not store.key_codes_pending(100.0)
    assert store.use_key_code("nothing", "SHA256:b", 3.0) is None
    assert store.use_key_code("hash1", "SHA256:b", 3.0) == ann
    assert store.use_key_code("hash1", "SHA256:c", 4.0) is None  # used
    store.new_key_code(ann.id, "hash2", 100.0, 5.0)
    assert store.use_key_code("hash2", "SHA256:c", 100.0) is None  # expired
    assert store.keys(ann.id) == ["SHA256:a", "SHA256:b"]
    assert "not a key of yours" in (store.remove_key(ann.id, "SHA256:zz") or "")
    assert store.remove_key(ann.id, "SHA256:a") is None
    assert "your only key" in (store.remove_key(ann.id, "SHA256:b") or "")
    assert store.keys(ann.id) == ["SHA256:b"]


def test_item3_a_fleet_on_postgresql_registers_and_creates_within_the_limits(
    pg_cluster: Cluster,
) -> None:
    """A fleet: several connections (as processes) register at once from one address;
    the database's transaction is the authority."""
    url = pg_cluster.database()
    stores = [open_store(url) for _ in range(4)]
    limit = RegistrationLimit("1.2.3.4", 3, 30, 3600.0)
    start = threading.Barrier(len(stores))
    made: list[str] = []

    def register(k: int) -> None:
        start.wait()
        for i in range(3):
            with contextlib.suppress(OverLimit):
                account = stores[k].create_account(f"p{k}x{i}", f"SHA256:{k}.{i}", 1.0, limit)
                made.append(account.name)

    try:
        threads = [threading.Thread(target=register, args=(k,)) for k in range(len(stores))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert len(made) == 3, made
        owner = stores[0].account_by_name(made[0])
        assert owner is not None
        tables: list[int] = []

        def create(k: int) -> None:
            start.wait()
            for _ in range(3):
                with contextlib.suppress(OverLimit):
                    tables.append(stores[k].create_table(_table(owner.id), most=5))

        threads = [threading.Thread(target=create, args=(k,)) for k in range(len(stores))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(60)
        assert len(tables) == 5, tables
    finally:
        for opened in stores:
            opened.close()


def test_ratings_rate_each_player_once() -> None:
    new = rate("wikinger", 3, ["account:1", "ai:greedy", "ai:greedy"], [2, 1, 3], {})
    assert [r.player for r in new] == ["account:1", "ai:greedy"]
    old = {r.player: r for r in new}
    assert rate("wikinger", 3, ["ai:greedy"] * 3, [1, 2, 3], {}) == []
    later = rate("wikinger", 3, ["account:1", "ai:greedy", "ai:greedy"], [1, 2, 3], old)
    assert later[0].mu > old["account:1"].mu and later[0].games == 2
    assert isinstance(later[0], Rating)
