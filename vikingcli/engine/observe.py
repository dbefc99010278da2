"""Building blocks of a game's observation schema (``Game.observation_schema``).

Every game's observation follows one contract (docs/bot-protocol.md, "The
observation"), written down as a JSON Schema (draft 2020-12) that the tests validate
real observations against and from which the numeric encoding for learning
libraries is derived (``vikingcli.adapters.encoding``). These helpers write the
schema's common parts once:

* :func:`envelope`: the keys every observation has (``game``, ``seat``, ``players``,
  ``round``, ``phase``, ``to_move``, ``seats``), the per-seat public tracks in
  ``seats`` and the game's own keys;
* small constructors for the rest (:func:`integer`, :func:`enum`, :func:`array`,
  :func:`obj`, ...), each taking a description, which the documentation shows.

Every number is bounded both ways and every array has a ``maxItems``, so that each
observation of a game fits one fixed-length vector. ``"x-encode"`` says how a field
goes into that vector where the default does not fit: ``"skip"`` leaves it out (free
text, or what other fields already say), ``"onehot"`` writes a small integer (a seat)
one-hot, ``"ids"`` writes an array of cards as the count of each id.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

Schema = dict[str, Any]

DIALECT = "https://json-schema.org/draft/2020-12/schema"


def integer(lo: int, hi: int, description: str = "") -> Schema:
    """An integer from ``lo`` to ``hi`` (both included)."""
    return _described({"type": "integer", "minimum": lo, "maximum": hi}, description)


def number(lo: float, hi: float, description: str = "") -> Schema:
    return _described({"type": "number", "minimum": lo, "maximum": hi}, description)


def boolean(description: str = "") -> Schema:
    return _described({"type": "boolean"}, description)


def text(description: str = "", max_length: int = 200) -> Schema:
    """Free text for people (never encoded as a number)."""
    return _described({"type": "string", "maxLength": max_length, "x-encode": "skip"}, description)


def enum(values: Sequence[str], description: str = "") -> Schema:
    """One of ``values`` (encoded one-hot)."""
    return _described({"type": "string", "enum": list(dict.fromkeys(values))}, description)


def nullable(schema: Schema) -> Schema:
    """``schema`` or ``null`` (where it does not apply now)."""
    out = {k: v for k, v in schema.items() if k != "description"}
    return _described({"anyOf": [out, {"type": "null"}]}, schema.get("description", ""))


def array(items: Schema, max_items: int, description: str = "", min_items: int = 0) -> Schema:
    return _described(
        {"type": "array", "items": items, "minItems": min_items, "maxItems": max_items},
        description,
    )


def obj(
    properties: Mapping[str, Schema], description: str = "", optional: Sequence[str] = ()
) -> Schema:
    """An object with exactly these keys (``optional`` ones may be left out)."""
    return _described(
        {
            "type": "object",
            "properties": dict(properties),
            "required": [k for k in properties if k not in optional],
            "additionalProperties": False,
        },
        description,
    )


def seat(max_players: int, description: str = "a seat, 0-based") -> Schema:
    """A seat number (encoded one-hot)."""
    return {**integer(0, max_players - 1, description), "x-encode": "onehot"}


def skip(schema: Schema) -> Schema:
    """``schema``, left out of the numeric encoding."""
    return {**schema, "x-encode": "skip"}


def envelope(
    game: str,
    title: str,
    max_players: int,
    phases: Sequence[str],
    seat_tracks: Mapping[str, Schema],
    public: Mapping[str, Schema],
    max_round: int,
    description: str = "",
) -> Schema:
    """The whole schema of a game's observation: the common keys, then ``seat_tracks``
    (each seat's public tracks, in ``seats``) and the game's own keys (``public``,
    which also holds what only the observing seat may know, under names that say so)."""
    seats = obj(
        {
            "seat": seat(max_players, "the seat, 0-based"),
            "name": text("the seat's display name (added by the host to bot messages)"),
            **seat_tracks,
        },
        optional=("name",),
    )
    common: dict[str, Schema] = {
        "game": skip({"const": game, "description": "the game's name"}),
        "seat": seat(max_players, "the observing seat, 0-based"),
        "players": integer(1, max_players, "how many seats the table has"),
        "round": integer(0, max_round, "the round now (0 before the first)"),
        "phase": enum(phases, "what the game is deciding now ('end' when it is over)"),
        "to_move": nullable(seat(max_players, "the seat that must act now (null: game over)")),
        "seats": array(seats, max_players, "every seat's public tracks, in seat order", 1),
    }
    schema = obj({**common, **public}, description or f"What one seat of {title} may know")
    return {"$schema": DIALECT, "title": f"{title} observation", **schema}


def _described(schema: Schema, description: str) -> Schema:
    if description:
        schema["description"] = description
    return schema
