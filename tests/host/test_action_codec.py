"""Issue 37 item 3: ``ActionCodec`` numbers int and str actions as well as tuples."""

from __future__ import annotations

import pytest

from vikingcli.engine.codec import ActionCodec, Ints, Template, Values


def test_item3_the_codec_numbers_int_str_and_tuple_actions_alike() -> None:
    codec = ActionCodec(
        [
            Template((), (Ints("rune", 1, 13),), "play a rune", scalar=True),
            Template((), (Values("word", ("pass", "fold")),), "pass or fold", scalar=True),
            Template(("swap",), (Ints("from", 0, 3), Ints("to", 0, 3)), "swap two places"),
        ]
    )
    actions = [*range(1, 13), "pass", "fold", *[("swap", a, b) for a in range(3) for b in range(3)]]
    numbers = [codec.encode(a) for a in actions]
    assert numbers == list(range(codec.size)) and codec.size == 12 + 2 + 9
    assert [codec.decode(i) for i in numbers] == actions
    assert codec.describe()[:2] == [
        "0..11: rune 1..12  play a rune",
        "12..13: word (one of 2)  pass or fold",
    ]
    for bad in (0, 13, "raise", True, 1.0, ("swap", 3, 0), (), None):
        with pytest.raises(ValueError):
            codec.encode(bad)


def test_item3_a_scalar_row_has_one_field_and_no_head() -> None:
    with pytest.raises(ValueError):
        Template(("play",), (Ints("rune", 1, 13),), scalar=True)
    with pytest.raises(ValueError):
        Template((), (Ints("a", 0, 2), Ints("b", 0, 2)), scalar=True)
