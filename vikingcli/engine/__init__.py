"""The public API of vikingcli for game plugins and player plugins: everything a
plugin may import from the host, and nothing else (import-linter checks it).

* the game contract: :class:`Game`, :class:`Option`, :class:`Outcome`,
  :class:`IllegalAction`, :class:`SearchHints` (``game``, ``search``);
* the flat-state template most games build on: :class:`FlatState`,
  :class:`FlatGame`, :class:`FlatCalls`, :func:`load_fields` (``flat``), and the
  draws that match :class:`random.Random` draw for draw (``draws``);
* a game as one declarative binding of its modules' functions: :class:`Binding`
  (``binding``), :class:`BoundGame`, searched through :class:`BoundCalls` (``flat``);
* player kinds: :class:`PlayerKind`, :class:`Param`, :class:`Player`,
  :class:`HostedPlayer`, :class:`Witness`, :class:`Advice` (``players``), and the
  search calls a player makes on a game (:func:`search_calls`);
* the API's version, :data:`API_VERSION` (``compat``, which also keeps the
  previous version's spellings for one release, with a ``DeprecationWarning``);
* the plugin hooks' markers: :data:`hookimpl` (``hooks``, where each hook is
  documented);
* text helpers for narration and rendering: :func:`seat_ref`, :data:`THREAT`,
  :data:`DETAIL` (``text``);
* reading a file someone else named (a weights file): ``vikingcli.engine.files``
  (:func:`~vikingcli.engine.files.read_bounded`: a regular file, bounded);
* the conformance suite a game's tests run: ``vikingcli.engine.testing`` (imported
  on its own: it needs pytest and hypothesis).
"""

from __future__ import annotations

from vikingcli.engine.binding import Binding
from vikingcli.engine.compat import API_VERSION, UnknownKnobWarning
from vikingcli.engine.draws import choice, randbelow, shuffle
from vikingcli.engine.flat import (
    BoundCalls,
    BoundGame,
    FlatCalls,
    FlatGame,
    FlatState,
    SearchCalls,
    load_fields,
    search_calls,
)
from vikingcli.engine.game import (
    Action,
    Game,
    IllegalAction,
    Option,
    Outcome,
    State,
    normalize_action_text,
    ranks_from_keys,
)
from vikingcli.engine.hooks import hookimpl, hookspec
from vikingcli.engine.players import (
    SEED_MAX,
    SEED_PARAM,
    Advice,
    Advisor,
    Forfeit,
    HostedPlayer,
    Param,
    Player,
    PlayerKind,
    Rewindable,
    SeatInfo,
    SpecError,
    Witness,
)
from vikingcli.engine.search import SearchHints
from vikingcli.engine.text import DETAIL, THREAT, name_seats, seat_ref

__all__ = [
    "API_VERSION", "DETAIL", "SEED_MAX", "SEED_PARAM", "THREAT", "Action", "Advice", "Advisor",
    "Binding", "BoundCalls", "BoundGame", "FlatCalls", "FlatGame", "FlatState", "Forfeit",
    "Game", "HostedPlayer", "IllegalAction", "Option", "Outcome", "Param", "Player",
    "PlayerKind", "Rewindable", "SearchCalls", "SearchHints", "SeatInfo", "SpecError", "State",
    "UnknownKnobWarning", "Witness", "choice", "hookimpl", "hookspec", "load_fields",
    "name_seats", "normalize_action_text", "randbelow", "ranks_from_keys", "search_calls",
    "seat_ref", "shuffle",
]  # fmt: skip
