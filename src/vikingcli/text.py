"""Text shown to people: what a render result reads as, how a narrated move is logged."""

from __future__ import annotations

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
