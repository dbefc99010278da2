"""What a searching player thinks of a saved game, for people: ``analyze`` annotates
it like an annotated chess game: for every decision of the chosen seats, the search's best
move against the move played, the expected points lost and a verdict; then a
summary per seat.

Each decision is judged from the deciding seat's own view (the advisor searches
from ``determinize`` of that seat), never from what it could not know.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from vikingcli.core.match import Match
from vikingcli.engine import Advisor

VERDICTS = ((0.5, "blunder"), (0.25, "mistake"), (0.1, "inaccuracy"))
"""Points lost, as a share of the game's ``eval_scale`` (a typical winning margin),
from which a move earns each verdict (the first that applies)."""


PLURALS = {"blunder": "blunders", "mistake": "mistakes", "inaccuracy": "inaccuracies"}


@dataclass(frozen=True, slots=True)
class Annotation:
    """One decision of a seat, judged."""

    move: int
    """1-based number of the move in the game."""
    seat: int
    played: str
    best: str
    played_margin: float
    """Expected final-score margin after the move played (points over the best other seat)."""
    best_margin: float
    loss: float
    """Expected points lost by the move played (0 when it was the best)."""
    verdict: str
    """``""``, ``inaccuracy``, ``mistake`` or ``blunder``."""
    options: int
    """Legal moves at this decision."""


def scale_line(scale: float) -> str:
    """How the verdicts are scaled in a game whose typical winning margin is ``scale``
    points (its ``eval_scale``): the same share of it in every game."""
    limits = ", ".join(f"{name} from {share * scale:g}" for share, name in reversed(VERDICTS))
    return f"Points lost, against this game's typical winning margin of {scale:g}: {limits}."


def verdict(loss: float, scale: float) -> str:
    """The verdict on a move that loses ``loss`` expected points."""
    for share, name in VERDICTS:
        if loss >= share * scale:
            return name
    return ""


def annotate(
    saved: Match,
    advise: Advisor,
    seats: Sequence[int],
    *,
    seconds: float = 0.0,
    iterations: int = 1000,
    progress: Callable[[], None] | None = None,
) -> list[Annotation]:
    """Replay ``saved`` from its seed and judge each decision of ``seats`` that had a
    choice (forced moves are skipped)."""
    game = saved.game
    fresh = Match(game, saved.options, saved.seed, saved.seats)
    out: list[Annotation] = []
    for number, text in enumerate(saved.actions, 1):
        state = fresh.state
        seat = game.to_move(state)
        legal = game.legal_actions(state)
        if seat is not None and seat in seats and len(legal) > 1:
            played = game.parse_action(state, text)
            advice = advise(game, state, seat, seconds, iterations, (played,))
            best = advice[0]
            mine = next((a for a in advice if a.action == played), None)
            played_margin = mine.margin if mine is not None else min(a.margin for a in advice)
            loss = 0.0 if best.action == played else max(0.0, best.margin - played_margin)
            out.append(
                Annotation(
                    move=number,
                    seat=seat,
                    played=game.format_action(state, played),
                    best=best.text,
                    played_margin=round(played_margin, 3),
                    best_margin=round(best.margin, 3),
                    loss=round(loss, 3),
                    verdict=verdict(loss, game.search_hints.eval_scale),
                    options=len(legal),
                )
            )
        fresh.apply_text(text)
        if progress is not None:
            progress()
    return out


def summary(annotations: Sequence[Annotation], seats: Sequence[int]) -> list[dict[str, Any]]:
    """Per seat: decisions judged, share of best moves, mean and total expected loss,
    and how many inaccuracies, mistakes and blunders."""
    rows = []
    for seat in seats:
        mine = [a for a in annotations if a.seat == seat]
        n = len(mine)
        row: dict[str, Any] = {
            "seat": seat,
            "decisions": n,
            "best_share": round(sum(a.loss == 0 for a in mine) / n, 3) if n else None,
            "mean_loss": round(sum(a.loss for a in mine) / n, 3) if n else None,
            "total_loss": round(sum(a.loss for a in mine), 3),
        }
        for _, name in VERDICTS:
            row[PLURALS[name]] = sum(a.verdict == name for a in mine)
        rows.append(row)
    return rows


def to_json(annotations: Sequence[Annotation]) -> list[dict[str, Any]]:
    """JSON-ready annotations."""
    return [asdict(a) for a in annotations]
