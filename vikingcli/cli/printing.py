"""What commands print alike: JSON on stdout, and the one line that sums up a game."""

from __future__ import annotations

import sys
from typing import Any


def dump(obj: Any) -> None:
    """``obj`` as one line of JSON on stdout."""
    import orjson

    sys.stdout.write(orjson.dumps(obj).decode() + "\n")


def summary_line(result: dict[str, Any]) -> str:
    """A game's result as one line: each seat's score and place, and how it ended."""
    parts = []
    for i, seat in enumerate(result["seats"]):
        parts.append(f"{seat['name']} {result['scores'][i]:g} (#{result['ranks'][i]})")
    end = "" if result["end_reason"] == "rules" else f"  [{result['end_reason']}]"
    return f"{result['game']} seed {result['seed']}: " + ", ".join(parts) + end
