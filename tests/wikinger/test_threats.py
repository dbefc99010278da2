"""Issue 12: the viewer's threatened figures (drawn in lower case: a ship above the
island without a warrior to fight it) are marked as threats, so a terminal with
colour highlights exactly them, in the full and the narrow drawing of a tableau."""

from __future__ import annotations

import random

from vikingcli.engine.text import THREAT, plain_text
from vikingcli.table.colour import painted
from vikingcli_wikinger.board import is_threatened, threat_depths
from vikingcli_wikinger.data import FIG
from vikingcli_wikinger.state import State
from vikingcli_wikinger.view import full_board, narrow_board, threatened_columns

from .helpers import GAME


def threatened_figures(s: State, p: int) -> int:
    td = threat_depths(s.ships[p], s.rows[p])
    return sum(
        1
        for r in range(1, 6)
        for c, v in enumerate(s.rows[p][r - 1])
        if v & FIG and is_threatened(td, r, c)
    )


def test_each_threatened_figure_and_nothing_else_is_marked() -> None:
    marked_boards = 0
    for seed in range(12):
        rng = random.Random(seed)
        s = GAME.new_state(3, {}, seed)
        while GAME.to_move(s) is not None:
            for seat in range(3):
                count = threatened_figures(s, seat)
                for narrow, drawing in ((False, full_board), (True, narrow_board)):
                    lines = drawing(s, seat)
                    marks = threatened_columns(s, seat, narrow)
                    cells = [lines[i][col] for i, cols in marks.items() for col in cols]
                    assert len(cells) == count and all(ch.islower() for ch in cells), cells
                board = GAME.render(s, seat)
                threats = [] if isinstance(board, str) else [t for st, t in board if st == THREAT]
                assert len(threats) == count and all(t.islower() for t in threats)
                if threats:
                    marked_boards += 1
                    assert painted(board, True).count("\x1b[7m") == count
                    assert painted(board, False) == plain_text(board)
            GAME.apply(s, rng.choice(GAME.legal_actions(s)))
    assert marked_boards > 100  # the games reached many threatened boards
