"""Text shown to people: what a render result (plain or formatted) reads as."""

from __future__ import annotations

from typing import Any


def plain_text(rendered: Any) -> str:
    """The characters of a render result (str or prompt-toolkit fragments)."""
    if isinstance(rendered, str):
        return rendered
    if hasattr(rendered, "__pt_formatted_text__"):
        rendered = rendered.__pt_formatted_text__()
    return "".join(fragment[1] for fragment in rendered)
