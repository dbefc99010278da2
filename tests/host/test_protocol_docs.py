"""docs/bot-protocol.md shows what the program sends (issue 28): its generated part
(each game's observation keys, action numbering and a real ``move`` message) and the
schema files are what ``tests.host.protocol_docs`` writes from a seeded game now, and
every example observation validates against its game's schema."""

from __future__ import annotations

import json

import jsonschema
import pytest

from tests.host import protocol_docs
from vikingcli.core.registry import load_registry


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
    jsonschema.validate(message["observation"], schema)
    seats = message["observation"]["seats"]
    assert seats[0]["name"] == "mybot" and all("name" in s for s in seats)
    assert message["events"], "the example shows events"
