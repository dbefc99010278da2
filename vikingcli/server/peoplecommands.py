"""The lobby's commands about people, talk and records: ``who``, ``finger NAME``,
``history``, ``top``, ``say``, ``tell NAME``; a finished game of yours as ``replay``,
``record`` (a save file) and ``analyze`` (the AI's view of your decisions); and the
keys of your account (``addkey`` gives a one-time code a new key's session enters,
``keys``, ``delkey``). :class:`PeopleCommands` is a mixin of
:class:`~vikingcli.server.lobby.Lobby`.
"""

from __future__ import annotations

import asyncio
import datetime
import time
from typing import Any

from vikingcli.core.numbers import whole_number
from vikingcli.engine.text import columns, shown
from vikingcli.saves.table_record import printable
from vikingcli.server.accounts import KEY_CODE_SECONDS, key_code_hash, new_key_code
from vikingcli.server.lobbyparts import LOBBY, Conn, LobbyPart
from vikingcli.server.store import OPEN, OVER, PLAYING, Account, ChatLine, TableRow
from vikingcli.table.limits import LOBBY_SAY_RATE, SAY_BURST, SAY_RATE
from vikingcli.table.scoresheet import final_lines

TOO_FAST = f"not said: at most {SAY_BURST} lines at once, then {SAY_RATE:g} a second"
LOBBY_FULL = (
    f"not said: the lobby takes at most {LOBBY_SAY_RATE:g} lines a second from everyone"
    " together; say it again in a moment, or 'tell NAME' it"
)


class PeopleCommands(LobbyPart):
    """The lobby's commands about people, talk, finished games' records and keys."""

    async def cmd_who(self, conn: Conn, rest: str) -> None:
        lines = [f"{len(self.online)} online:"]
        for conns in sorted(self.online.values(), key=lambda cs: cs[0].account.name.lower()):
            places = sorted({self.where(c) for c in conns})
            lines.append(f"  {conns[0].account.name:<16} {', '.join(places)}")
        conn.show("\n".join(lines))

    async def _account(self, conn: Conn, name: str) -> Account | None:
        found = await self.store.call(self.store.store.account_by_name, name)
        if found is None:
            conn.show(f"nobody is called {printable(name, 30)!r}", "error")
        return found

    async def cmd_finger(self, conn: Conn, rest: str) -> None:
        name = rest.split()[0] if rest.split() else conn.account.name
        who = await self._account(conn, name)
        if who is None:
            return
        store = self.store.store
        since = datetime.datetime.fromtimestamp(who.created, datetime.UTC).strftime("%Y-%m-%d")
        online = self.online.get(who.id)
        where = ", ".join(sorted({self.where(c) for c in online})) if online else "not online"
        lines = [f"{who.name}: registered {since}; {where}"]
        ratings = await self.store.call(store.ratings_of, who.id)
        if ratings:
            lines.append("  ratings (mu - 3 sigma; mu, sigma; games):")
            for r in ratings:
                lines.append(
                    f"    {r.game:<12} {r.size}p  {r.shown:6.1f}  ({r.mu:.1f}, {r.sigma:.1f};"
                    f" {r.games})"
                )
        else:
            lines.append("  no rated games yet")
        playing = await self.store.call(store.tables_of, who.id, (OPEN, PLAYING), 10)
        if playing:
            lines.append("  at tables: " + ", ".join(f"{r.id} ({r.game})" for r in playing))
        done = await self.store.call(store.tables_of, who.id, (OVER,), 5)
        lines += self._history_lines(done, who.id)
        conn.show("\n".join(lines))

    def _history_lines(self, rows: list[TableRow], account: int) -> list[str]:
        if not rows:
            return ["  no finished games"]
        lines = ["  recent games:"]
        for r in rows:
            seat = next((i for i, s in enumerate(r.seats) if s.account == account), None)
            result = r.result or {}
            ranks, scores = result.get("ranks", []), result.get("scores", [])
            mine = (
                f"rank {ranks[seat]} of {len(ranks)}, {scores[seat]:g} points"
                if seat is not None and seat < len(ranks)
                else ""
            )
            others = ", ".join(s.name for s in r.seats)
            rated = "rated" if r.rated else "casual"
            lines.append(f"    {r.id:>4} {r.game:<10} {rated:<6} {mine}  ({others})")
        return lines

    async def cmd_history(self, conn: Conn, rest: str) -> None:
        who: Account | None = conn.account
        if rest.split():
            who = await self._account(conn, rest.split()[0])
        if who is None:
            return
        rows = await self.store.call(self.store.store.tables_of, who.id, (OVER,), 30)
        conn.show("\n".join([f"{who.name}'s finished games:", *self._history_lines(rows, who.id)]))

    async def cmd_top(self, conn: Conn, rest: str) -> None:
        words = rest.split()
        if not words or words[0] not in self.reg.games:
            games = ", ".join(sorted(self.reg.games))
            conn.show(f"top GAME [SIZE]: GAME is one of {games}", "error")
            return
        size = None
        if len(words) > 1:
            try:
                size = whole_number(words[1], 1, 99, "SIZE")
            except ValueError as exc:
                conn.show(f"top GAME [SIZE]: {exc}", "error")
                return
        board = await self.store.call(self.store.store.leaderboard, words[0], size, 20)
        if not board:
            conn.show(f"no rated {words[0]} games yet")
            return
        lines = [f"{words[0]} leaderboard (mu - 3 sigma):"]
        for i, r in enumerate(board, 1):
            lines.append(f"  {i:>2}. {r.name:<24} {r.size}p {r.shown:6.1f}  {r.games} games")
        conn.show("\n".join(lines))

    async def cmd_say(self, conn: Conn, rest: str) -> None:
        text = printable(rest, self.limits.chat_length)
        if not text:
            return
        if not conn.talk.take():
            if conn.notices.due("talk"):
                conn.show(TOO_FAST, "error")
            return
        if not self.talk.take():
            if conn.notices.due("talk"):
                conn.show(LOBBY_FULL, "error")
            return
        line = ChatLine(LOBBY, time.time(), conn.account.name, text)
        self.store.submit(self.store.store.add_chat, line)
        for conns in self.online.values():
            for other in conns:
                if other.hosted is None:
                    other.show(f"{conn.account.name} says: {text}", "talk")

    async def cmd_tell(self, conn: Conn, rest: str) -> None:
        name, _, text = rest.partition(" ")
        text = printable(text.strip(), self.limits.chat_length)
        if not name or not text:
            conn.show("tell NAME TEXT", "error")
            return
        targets = [
            c for cs in self.online.values() for c in cs if c.account.name.lower() == name.lower()
        ]
        if not targets:
            conn.show(f"{printable(name, 30)} is not online", "error")
            return
        if not conn.talk.take():
            if conn.notices.due("talk"):
                conn.show(TOO_FAST, "error")
            return
        for other in targets:
            other.show(f"{conn.account.name} tells you: {text}", "talk")
        conn.show(f"(told {targets[0].account.name})")

    async def _finished_row(self, conn: Conn, rest: str, verb: str) -> TableRow | None:
        number = self._table_no(conn, rest, verb)
        if number is None:
            return None
        row = await self.store.call(self.store.store.table, number)
        if row is None:
            conn.show(f"there is no table {number}", "error")
            return None
        if row.status != OVER:
            conn.show(f"table {number} is not over ('watch {number}' watches it)", "error")
            return None
        if not any(s.account == conn.account.id for s in row.seats):
            conn.show(f"table {number}'s record is for its players", "error")
            return None
        return row

    async def _match_of(self, row: TableRow) -> Any:
        from vikingcli.server.hosting import build as rebuild

        actions = await self.store.call(self.store.store.actions, row.id)
        talk = await self.store.call(self.store.store.chat, f"table:{row.id}", 500)
        hosted = rebuild(self.reg, row, actions, talk, self.store, self.pool, self.log)
        return hosted

    async def cmd_replay(self, conn: Conn, rest: str) -> None:
        from vikingcli.study.replay import positions

        row = await self._finished_row(conn, rest, "replay")
        if row is None:
            return
        hosted = await self._match_of(row)
        match = hosted.table.match
        steps = positions(match, None)
        words = rest.split()
        if len(words) > 1:
            try:
                here = steps[whole_number(words[1], 0, len(steps) - 1, "MOVE")]
            except ValueError as exc:
                conn.show(f"replay N MOVE: {exc}", "error")
                return
            board = shown(match.game.render(here.state, None), match.names)
            conn.show("\n".join([*here.lines, board]))
            return
        lines = [line for step in steps for line in step.lines]
        lines = lines[: self.limits.replay_lines]
        lines += final_lines(hosted.table.match, hosted.table.record.deal)
        conn.show("\n".join(lines))

    async def cmd_record(self, conn: Conn, rest: str) -> None:
        from vikingcli.saves.match_file import save_document
        from vikingcli.saves.schema import encode

        row = await self._finished_row(conn, rest, "record")
        if row is None:
            return
        hosted = await self._match_of(row)
        doc = save_document(hosted.table.match, hosted.table.record.to_doc())
        conn.show(encode(doc).decode())

    async def cmd_analyze(self, conn: Conn, rest: str) -> None:
        row = await self._finished_row(conn, rest, "analyze")
        if row is None:
            return
        if conn.account.id in self.analysing:
            conn.show("an analysis of yours is on its way; one at a time", "error")
            return
        hosted = await self._match_of(row)
        match = hosted.table.match
        mine = [i for i, s in enumerate(row.seats) if s.account == conn.account.id]
        seats = [(s.name, str(s.spec)) for s in match.seats]
        conn.show(f"analysing table {row.id} for you; the answer comes when it is ready")
        self.analysing.add(conn.account.id)
        try:
            future = self.pool.analyze(
                match.game.name, dict(match.options), match.seed, seats,
                list(match.actions), mine, 100,
            )  # fmt: skip
            lines = await asyncio.wrap_future(future)
        except Exception as exc:
            lines = [f"the analysis failed: {type(exc).__name__}: {exc}"]
        finally:
            self.analysing.discard(conn.account.id)
        conn.show("\n".join(lines))

    async def cmd_addkey(self, conn: Conn, rest: str) -> None:
        if rest.strip():
            if key_code_hash(rest) is not None:
                conn.show(
                    f"this key is {conn.account.name}'s already: give the code in a session"
                    " of the new key (ssh -i NEWKEY ... addkey CODE)",
                    "error",
                )
                return
            conn.show(
                "addkey takes nothing: it gives a one-time code, which the new key's own"
                " session enters (a key joins only by logging in with it)",
                "error",
            )
            return
        code = new_key_code()
        code_hash = key_code_hash(code)
        assert code_hash is not None
        now = time.time()
        await self.store.call(
            self.store.store.new_key_code, conn.account.id, code_hash, now + KEY_CODE_SECONDS, now
        )
        self.log(f"{conn.account.name} asked for a key code")
        conn.show(
            f"Key code {code}: log in with the new key within {KEY_CODE_SECONDS / 60:g} minutes"
            f" and answer 'addkey {code}' (or run: ssh ... addkey {code}). It works once;"
            " a new 'addkey' replaces it."
        )

    async def cmd_keys(self, conn: Conn, rest: str) -> None:
        keys = await self.store.call(self.store.store.keys, conn.account.id)
        conn.show("Your keys ('delkey KEY' removes one):\n" + columns(keys))

    async def cmd_delkey(self, conn: Conn, rest: str) -> None:
        fingerprint = rest.strip()
        if not fingerprint:
            conn.show("delkey KEY: one of the SHA256:... keys 'keys' lists", "error")
            return
        problem = await self.store.call(
            self.store.store.remove_key, conn.account.id, fingerprint
        )
        if problem is not None:
            conn.show(printable(problem, 200), "error")
            return
        self.log(f"{conn.account.name} removed key {fingerprint}")
        conn.show(f"key {fingerprint} removed: it no longer logs in as {conn.account.name}")
