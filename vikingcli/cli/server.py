"""``vikingcli server``: the board-game server over SSH (many tables, a lobby,
accounts by key, ratings, correspondence tables); the server itself is
:mod:`vikingcli.server`."""


import sys
from pathlib import Path
from typing import Annotated

import typer

from vikingcli.cli.arguments import UsageProblem, registry


def server(
    db: Annotated[
        str,
        typer.Option(
            envvar="VIKINGCLI_DB",
            help="The database: a SQLite file, or postgresql://USER@HOST/DB for several"
            " server processes on one database.",
        ),
    ] = "saves/server.sqlite",
    host: Annotated[str, typer.Option(help="Address to listen on.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(min=0, max=65535, help="Port (0: any free).")] = 8022,
    host_key: Annotated[Path, typer.Option(help="Server host key (created when missing).")] = Path(
        "saves/server_host_key"
    ),
    open_registration: Annotated[
        bool,
        typer.Option("--open-registration", help="Any new key may register a name."),
    ] = False,
    registration_keys: Annotated[
        Path | None,
        typer.Option(
            help="A file of public keys that may register: a line 'NAME KEY' (alice"
            " ssh-ed25519 AAAA...) lets that key register NAME and nothing else, and keeps"
            " NAME (and names that look like it) from every other key; a plain key line"
            " (authorized_keys) lets that key register a free name of its choice.",
        ),
    ] = None,
    invite: Annotated[
        list[str] | None,
        typer.Option(
            help="An invite code a new key may register with (repeatable). An address"
            " that gives 5 wrong codes in 10 minutes is locked out for an hour (logged).",
        ),
    ] = None,
    workers: Annotated[
        int, typer.Option(min=1, max=64, help="Worker processes for AI moves, hints, analyses.")
    ] = 2,
    max_tables: Annotated[int, typer.Option(min=1, help="Tables played at once.")] = 200,
    tables_per_person: Annotated[
        int, typer.Option(min=1, help="Open or running tables one person may create.")
    ] = 8,
    per_address: Annotated[
        int, typer.Option(min=1, help="Connections at once from one address (IPv6: its /64).")
    ] = 8,
    max_connections: Annotated[int, typer.Option(min=1, help="Connections at once.")] = 500,
    ai_weights: Annotated[
        list[str] | None,
        typer.Option(
            help="A weights file AI seats may name (ai=greedy:weights=FILE, written as here;"
            " repeatable); no other path is read for a table.",
        ),
    ] = None,
    lease: Annotated[
        float,
        typer.Option(
            min=1.0, max=3600.0,
            help="Seconds a table stays this process's unless renewed (PostgreSQL fleets:"
            " another process takes the tables of one that died once this runs out).",
        ),
    ] = 30.0,
) -> None:
    """A board-game server over SSH: a lobby, many tables, accounts by key, ratings.

    A new key registers a name, as the registration options allow
    (ssh -p PORT HOST register NAME [INVITE-CODE]). A second key joins an
    account only from a session of that very key: 'addkey' in a session of
    the account prints a one-time code (10 minutes), which the new key
    gives (ssh -i NEWKEY -p PORT HOST addkey CODE)."""
    import asyncio

    from vikingcli.server.accounts import Policy, read_registration_keys
    from vikingcli.server.listen import run_server
    from vikingcli.server.lobby import Limits, Lobby
    from vikingcli.server.sqlstore import open_store
    from vikingcli.server.store import AsyncStore, StoreError
    from vikingcli.server.workers import Pool
    from vikingcli.table.limits import quiet_collections
    from vikingcli.table.ssh import ServerLog
    from vikingcli.table.ssh_keys import check_host_key, is_loopback

    reg = registry()
    keys: dict[str, str | None] = {}
    if registration_keys is not None:
        try:
            keys = read_registration_keys(registration_keys)
        except ValueError as exc:
            raise UsageProblem(f"--registration-keys {exc}") from None
    codes = tuple(c.strip() for c in invite or [])
    if any(len(c) < 8 or not c.isprintable() for c in codes):
        raise UsageProblem("--invite: a code is at least 8 printable characters")
    policy = Policy(open=open_registration, keys=keys, invites=codes)
    check_host_key(host_key)
    log = ServerLog(sys.stderr)
    try:
        store = open_store(db)
    except StoreError as exc:
        raise UsageProblem(f"--db: {exc}") from None
    if open_registration and not is_loopback(host):
        log(f"vikingcli: warning: OPEN registration on {host}: anyone who reaches it registers")
    for path in ai_weights or []:
        if not Path(path).is_file():
            raise UsageProblem(f"--ai-weights {path}: no such file")
    limits = Limits(
        tables_per_person=tables_per_person, max_tables=max_tables,
        per_address=per_address, max_connections=max_connections,
        ai_weights=tuple(ai_weights or []),
    )  # fmt: skip

    def listening(h: str, p: int, tables: int) -> None:
        where = "PostgreSQL" if store.dialect == "postgres" else db
        print(f"vikingcli server on {h}:{p}; {tables} table(s) reopened; database {where}")
        print(f"join with: ssh -p {p} {h}   ({policy.describe()})", flush=True)

    async def main() -> str:
        pool = Pool(workers, log)
        astore = AsyncStore(store, log)
        lobby = Lobby(reg, astore, pool, policy, limits, log, lease=lease)
        try:
            return await run_server(lobby, host, port, host_key, listening)
        finally:
            pool.close()
            await asyncio.get_running_loop().run_in_executor(None, astore.close)

    quiet_collections()
    reason = asyncio.run(main())
    typer.echo(f"{reason}; every table is kept where it was")
