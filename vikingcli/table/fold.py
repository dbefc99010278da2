"""A board made to fit the rows a screen has for it, never by hiding what a person
must see: the lines the game marked :data:`~vikingcli.engine.text.DETAIL` (what a
look-up shows again) are folded, the last ones first, into one line that says how
many went; the seats, the seat to move, the question and its choices stay."""

from __future__ import annotations

from prompt_toolkit.formatted_text import StyleAndTextTuples
from prompt_toolkit.formatted_text.utils import split_lines

from vikingcli.engine.text import DETAIL

_DETAIL_CLASS = DETAIL.removeprefix("class:")


def _is_detail(line: StyleAndTextTuples) -> bool:
    styled = [f[0] for f in line if f[1].strip()]
    return bool(styled) and all(
        _DETAIL_CLASS in style.replace("class:", " ").split() for style in styled
    )


def folded(board: StyleAndTextTuples, rows: int) -> StyleAndTextTuples:
    """``board`` in at most ``rows`` lines where its detail lines allow it (more only
    when the game marked too few: then the pane cuts the bottom, as before)."""
    lines = list(split_lines(board))
    while lines and not any(f[1] for f in lines[-1]):
        lines.pop()  # a trailing newline is no line of the board
    if len(lines) <= rows:
        return board
    detail = [k for k, line in enumerate(lines) if _is_detail(line)]
    go = set(detail[-(len(lines) - rows + 1) :]) if detail else set()
    if not go:
        return board
    note = f"… {len(go)} lines folded here: 'board' shows all"
    out: StyleAndTextTuples = []
    marked = False
    for k, line in enumerate(lines):
        if k in go:
            if marked:
                continue
            marked = True
            line = [("class:rule", note)]
        if out:
            out.append(("", "\n"))
        out.extend(line)
    return out
