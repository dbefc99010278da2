"""Issue 37 item 7: a seat's name is coloured where it stands as a whole word, never
inside another word (the name 'cb' inside a bot's path '.../cbot/bot')."""

from __future__ import annotations

from vikingcli.table.screen import painted


def styled(line: list[tuple[str, str]]) -> list[tuple[str, str]]:
    return [(style, text) for style, text in line if "seat" in style]


def test_item7_a_name_inside_another_word_is_not_coloured() -> None:
    line = [("", "cbot runs exec:./bots/cbot/bot; cb moves")]
    out = painted(line, ["cb", "exec:./bots/cbot/bot"], own=None)
    assert styled(out) == [
        ("class:seat1", "exec:./bots/cbot/bot"),
        ("class:seat0", "cb"),
    ]
    assert "".join(text for _, text in out) == line[0][1]


def test_item7_a_name_is_coloured_next_to_punctuation_and_longest_first() -> None:
    out = painted([("", "greedy 2, then greedy.")], ["greedy", "greedy 2"], own=0)
    assert styled(out) == [("class:seat1", "greedy 2"), ("class:seat0 class:own", "greedy")]
