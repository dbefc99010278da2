"""A board-game server over SSH (``vikingcli server``): one endpoint hosting many
tables of every installed game, a lobby, accounts bound to keys, ratings, and
correspondence tables that wait days for a move.

The modules, from the bottom up:

``store``      the storage interface and its rows; ``sqlstore`` implements it on SQLite
               (the default, one file, WAL, one writer thread) and PostgreSQL (a fleet of
               server processes on one database), with versioned migrations
``accounts``   names, registration policy (who may register) and its rate limits
``ratings``    openskill ratings per game and table size
``workers``    AI moves, hints and analyses in a bounded pool of worker processes
``clocks``     what a table's clocks show: each person's seat and its time left
``hosting``    one table of the server: the shared :class:`~vikingcli.table.shared.Table`
               kept in the store move by move, its move deadline, its end and ratings
``lobbyparts`` what the lobby and its command mixins share: a connection, the limits
``tablecommands``, ``peoplecommands``
               the lobby's commands about tables (create, join, watch...) and about
               people, talk and finished games' records (who, tell, replay...)
``lobby``      the server's state (tables, people online, chat), the prompt, and the
               lobby, whose commands come from the two mixins above
``screen``     what a connection sees: registration, the lobby prompt, a table's prompt
               (prompt-toolkit on a terminal, plain lines in pipes)
``listen``     the SSH endpoint: authentication, per-address limits, start and stop
"""
