"""docs/bot-protocol.md shows what the program sends (issue 28): its generated part
(each game's observation keys, action numbering and a real ``move`` message) and the
schema files are what ``tests.host.protocol_docs`` writes from a seeded game now, and
every example observation validates against its game's schema."""

from __future__ import annotations

import json

import jsonschema_rs
import pytest

from tests.host import protocol_docs
from vikingcli.core.registry import load_registry
from vikingcli.engine.testing import iter_states


@pytest.mark.slow
def test_the_generated_part_of_the_protocol_document_is_what_the_program_sends() -> None:
    assert protocol_docs.document_with(protocol_docs.generated()) == (
        protocol_docs.DOC.read_text(encoding="utf-8")
    ), "docs/bot-protocol.md is out of date: python -m tests.host.protocol_docs"


def test_the_schema_files_are_the_games_schemas() -> None:
    for path, text in protocol_docs.schema_files().items():
        assert path.read_text(encoding="utf-8") == text, (
            f"{path}: python -m tests.host.protocol_docs"
        )


@pytest.mark.parametrize("name", sorted(load_registry().games))
def test_the_documented_message_validates_and_names_every_seat(name: str) -> None:
    text = protocol_docs.DOC.read_text(encoding="utf-8")
    section = text[text.index(f"(`{name}`)") :]
    block = section[section.index("```json\n") + 8 : section.index("\n```\n\n</details>")]
    message = json.loads(block)
    assert list(message) == ["type", "seat", "time_left", "events", "observation", "legal"]
    schema = load_registry().games[name].observation_schema()
    jsonschema_rs.Draft202012Validator(schema).validate(message["observation"])
    seats = message["observation"]["seats"]
    assert seats[0]["name"] == "mybot" and all("name" in s for s in seats)
    assert message["events"], "the example shows events"


@pytest.mark.parametrize("name", sorted(load_registry().games))
def test_item5_every_action_form_is_documented_with_texts_the_game_reads_back(name: str) -> None:
    game = load_registry().games[name]
    table = protocol_docs.forms_table(game)  # asserts every example parses back to its action
    text = protocol_docs.DOC.read_text(encoding="utf-8")
    assert table in text[text.index(f"(`{name}`)") :], "python -m tests.host.protocol_docs"
    forms = protocol_docs.action_forms(game)
    met = [texts for _, texts in forms if texts]
    assert len(met) >= 0.9 * len(forms), "most forms have an example"


OWN_HAND = ("hand", "face_down", "supply_hand")
"""The keys of the observing seat's own cards: docs/bot-protocol.md says they are null
only in a spectator's view."""


def _nullable_own(name: str) -> list[str]:
    schema = load_registry().games[name].observation_schema() or {}
    keys = schema.get("properties", {})
    return [k for k in OWN_HAND if "anyOf" in keys.get(k, {})]


@pytest.mark.parametrize("name", [n for n in sorted(load_registry().games) if _nullable_own(n)])
def test_item5_a_seats_own_cards_are_never_null_in_its_observation(name: str) -> None:
    game = load_registry().games[name]
    schema = game.observation_schema()
    assert schema is not None
    assert "null only in a spectator's view" in schema["properties"]["hand"]["description"]
    keys = _nullable_own(name)
    for state in iter_states(game, game.max_players, game.resolve_options({}), 3):
        for seat in range(game.num_players(state)):
            obs = game.observation(state, seat)
            assert all(obs[k] is not None for k in keys), (seat, keys)
