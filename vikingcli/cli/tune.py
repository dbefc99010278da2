"""The ``tune`` command: a game's heuristic weights tuned by self-play (SPSA), then
checked on fresh deals (``vikingcli.batch.tune``)."""


import tempfile
from pathlib import Path
from typing import Annotated

import typer

from vikingcli.cli import checks
from vikingcli.cli.arguments import GameName, OptionPairs, UsageProblem, find_game, game_options
from vikingcli.cli.arguments import registry as load


def tune(
    game: GameName,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            help="The weights file (default weights-GAME.json); a rerun with it resumes.",
        ),
    ] = None,
    players_: Annotated[
        int | None, typer.Option("--players", min=2, help="Table size (default: the game's).")
    ] = None,
    option: OptionPairs = None,
    kind: Annotated[
        str, typer.Option("--kind", help="The player kind that plays the tuning games.")
    ] = "greedy",
    iterations: Annotated[
        int, typer.Option("--iterations", "-n", min=1, help="SPSA iterations (the budget).")
    ] = 100,
    deals: Annotated[
        int, typer.Option("--deals", min=1, help="Deals per iteration, each in every seating.")
    ] = 2,
    seed: Annotated[int, checks.seed_option("Seed of the first tuning deal.")] = 1,
    validate: Annotated[
        int,
        typer.Option(
            "--validate",
            min=0,
            help="Fresh deals for the check of the tuned player against the untuned one"
            " (0: none), each in every seating.",
        ),
    ] = 20,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="Worker processes.")] = 1,
    perturb: Annotated[
        float,
        typer.Option(
            "--perturb",
            min=0.01,
            max=1.0,
            help="SPSA's c: how far (a share of each weight) the two players' weights"
            " differ from the current ones at the first iteration.",
        ),
    ] = 0.2,
    gain: Annotated[
        float,
        typer.Option(
            "--gain",
            min=0.0001,
            max=10.0,
            help="SPSA's a: how far a step moves the weights (before the decay over"
            " the iterations).",
        ),
    ] = 0.05,
) -> None:
    """Tune a game's evaluate weights by self-play (SPSA) for the greedy and mcts players
    (-p greedy:weights=FILE), then play the tuned against the untuned on fresh deals."""
    from vikingcli.batch.tune import Settings, TuneError, iterate, save, start, validate_run

    reg = load()
    g = find_game(reg, game)
    if kind not in reg.players or reg.players[kind].interactive:
        raise UsageProblem(f"--kind: {kind!r} is not an AI player kind")
    if "weights" not in {p.name for p in reg.players[kind].params}:
        raise UsageProblem(f"--kind: {kind} players take no weights")
    n = players_ or g.default_players
    if not g.min_players <= n <= g.max_players:
        raise UsageProblem(f"{g.name} seats {g.min_players}-{g.max_players} players, not {n}")
    options = game_options(g, option or [])
    path = out or Path(f"weights-{g.name}.json")
    settings = Settings(g.name, n, options, kind, iterations, deals, seed, gain, perturb)
    try:
        run = start(path, settings, g)
    except TuneError as exc:
        raise UsageProblem(str(exc)) from None
    run.settings = settings  # a resumed run may have been given a larger budget
    if run.iteration:
        typer.echo(f"resuming {path} at iteration {run.iteration}/{iterations}", err=True)
    names = ", ".join(run.names)
    typer.echo(
        f"tuning {g.name} ({n} players, {kind}): {names}; {iterations} iterations of"
        f" {deals} deal{'' if deals == 1 else 's'} x {n} seatings",
        err=True,
    )
    with tempfile.TemporaryDirectory(prefix="vikingcli-tune-") as work:
        for _ in iterate(run, Path(work), jobs, lambda line: typer.echo(line, err=True)):
            save(path, run)
    save(path, run)
    weights = ", ".join(f"{k}={v:g}" for k, v in run.weights().items())
    typer.echo(f"weights after {run.iteration} iterations: {weights}")
    typer.echo(f"written to {path} (use: -p {kind}:weights={path})")
    if validate:
        typer.echo(validate_run(run, path, validate, jobs).line(n))
