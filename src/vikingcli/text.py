"""Text shown to people: what a render result reads as, how a narrated move is logged."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from typing import Any


def plain_text(rendered: Any) -> str:
    """The characters of a render result (str or prompt-toolkit fragments)."""
    if isinstance(rendered, str):
        return rendered
    if hasattr(rendered, "__pt_formatted_text__"):
        rendered = rendered.__pt_formatted_text__()
    return "".join(fragment[1] for fragment in rendered)


def move_lines(number: int, name: str, lines: list[str]) -> list[str]:
    """A narrated move as log lines: the move after its number and mover, then its
    consequences indented beneath."""
    if not lines:
        return []
    head = f"{number:4d}. {name}: {lines[0]}"
    return [head, *(f"        {line}" for line in lines[1:])]


def did_you_mean(name: str, choices: Iterable[str]) -> str:
    """`` (did you mean 'jorvik'?)`` for a near miss among ``choices``, else ``""``."""
    close = difflib.get_close_matches(name.lower(), list(choices), n=1, cutoff=0.6)
    return f" (did you mean {close[0]!r}?)" if close else ""
