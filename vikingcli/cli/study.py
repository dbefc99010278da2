"""The study commands: a saved game move by move (``replay``) and judged decision by
decision (``analyze``)."""


import sys
from typing import Annotated

import typer

from vikingcli.cli import checks
from vikingcli.cli.arguments import SaveFile, UsageProblem, registry, save_file
from vikingcli.cli.printing import dump, summary_line
from vikingcli.cli.progress import progress


def _ask_line(prompt: str) -> str:
    """One line from the person (EOFError at the end of input)."""
    typer.echo(prompt, nl=False)
    line = sys.stdin.readline()
    if not line:
        raise EOFError
    return line


def replay(
    save: SaveFile,
    board: Annotated[
        bool, typer.Option("--board", help="Show the table after every move.")
    ] = False,
    seat: Annotated[
        int | None, typer.Option(help="Show the table as seat N (counted from 1) sees it.")
    ] = None,
    step: Annotated[
        bool, typer.Option("--step", help="Walk back and forth through the game from its start.")
    ] = False,
) -> None:
    """Print a saved game move by move (or walk through it with --step)."""
    from vikingcli.engine.text import shown
    from vikingcli.saves.match_file import load_save
    from vikingcli.study.replay import positions, search_used, step_through
    from vikingcli.table.scoresheet import score_sheet

    reg = registry()
    path = save_file(save)
    kept = load_save(path, reg)
    saved = kept.match
    game = saved.game
    if seat is not None:
        if not 1 <= seat <= len(saved.seats):
            raise UsageProblem(f"--seat {seat}: the game has seats 1-{len(saved.seats)}")
        seat -= 1  # people count seats from 1
    options = " ".join(f"{k}={v}" for k, v in saved.options.items()) or "none"
    typer.echo(f"{game.title}  seed {saved.seed}  options {options}")
    for i, s in enumerate(saved.seats):
        used = search_used(kept.search[i].iterations) if kept.search else ""
        typer.echo(f"  seat {i + 1}: {s.name} ({s.spec}){used}")
    if seat is None:
        typer.echo("Showing everything, every seat's secrets included"
                   " (--seat N shows only what seat N learned).")
    else:
        typer.echo(f"Showing what seat {seat + 1} ({saved.seats[seat].name}) learned.")
    if step:
        step_through(saved, seat, ask=_ask_line, show=typer.echo)
        return
    steps = positions(saved, seat)
    for here in steps[1:]:
        for line in here.lines:
            typer.echo(line)
        if board:
            typer.echo(shown(game.render(here.state, seat), saved.names))
    if not board:
        typer.echo(shown(game.render(steps[-1].state, seat), saved.names))
    if saved.over:
        if saved.forfeit is None:
            typer.echo(score_sheet(saved.outcome(), saved.names))
        typer.echo(summary_line(saved.result_json()))
    else:
        typer.echo(f"(game not finished: {len(saved.actions)} moves so far)")


def analyze(
    save: SaveFile,
    seat: Annotated[
        list[int] | None,
        typer.Option(
            help="Judge seat N's decisions (counted from 1; repeatable; default every seat)."
        ),
    ] = None,
    seconds: Annotated[
        float,
        typer.Option(
            min=0,
            max=3600,
            callback=checks.finite_value,
            help="Search time per decision (0: use --iterations).",
        ),
    ] = 0.0,
    iterations: Annotated[
        int,
        typer.Option(
            min=1, max=10_000_000, help="Search iterations per decision when --seconds is 0."
        ),
    ] = 1000,
    json_out: Annotated[bool, typer.Option("--json", help="Print the analysis as JSON.")] = False,
) -> None:
    """Annotate a saved game: each decision's best move, the points the move played lost."""
    from vikingcli.core.registry import find_advisor
    from vikingcli.saves.match_file import load_match
    from vikingcli.study.analysis import annotate, scale_line, summary
    from vikingcli.study.analysis import to_json as annotations_json

    reg = registry()
    path = save_file(save)
    saved = load_match(path, reg)
    n = len(saved.seats)
    bad = [s for s in seat or [] if not 1 <= s <= n]
    if bad:
        raise UsageProblem(f"--seat {bad[0]}: the game has seats 1-{n}")
    seats = sorted({s - 1 for s in seat}) if seat else list(range(n))  # from 1, as people count
    advise = find_advisor(reg.players)
    if advise is None:
        raise UsageProblem("no installed player kind can judge positions (install mcts)")
    with progress(len(saved.actions), "analyzing") as advance:
        notes = annotate(
            saved, advise, seats, seconds=seconds, iterations=iterations, progress=advance
        )
    rows = summary(notes, seats)
    if json_out:
        dump({
            "game": saved.game.name, "seed": saved.seed, "options": saved.options,
            "seats": [s.to_json() for s in saved.seats],
            "search": {"seconds": seconds, "iterations": iterations},
            "annotations": annotations_json(notes), "summary": rows,
        })  # fmt: skip
        return
    names = saved.names
    budget = f"{seconds:g} s" if seconds > 0 else f"{iterations} iterations"
    typer.echo(f"Each decision judged by a {budget} search from the deciding seat's view.")
    typer.echo(scale_line(saved.game.search_hints.eval_scale))
    for note in notes:
        if note.verdict:
            typer.echo(
                f"{note.move:4d}. {names[note.seat]}: {note.played!r} ({note.verdict},"
                f" {note.loss:.1f} points) - best {note.best!r}"
            )
    for row in rows:
        if row["decisions"]:
            typer.echo(
                f"{names[row['seat']]}: {row['decisions']} decisions, best move"
                f" {row['best_share']:.0%}, mean loss {row['mean_loss']:.2f} points;"
                f" {row['inaccuracies']} inaccuracies, {row['mistakes']} mistakes,"
                f" {row['blunders']} blunders"
            )
