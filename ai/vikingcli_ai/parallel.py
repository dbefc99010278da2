"""Root parallelism for the ``mcts`` player (``workers`` > 1): forked processes
search independent trees with their own seeds, and the root statistics are summed.
Its own module because it is a job of its own (processes, a pool, a module-level
job the forked workers read), beside the search itself in :mod:`vikingcli_ai.mcts`,
which hands it one tree's search."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from vikingcli.engine import Action

Stats = dict[Action, tuple[int, float, float]]
"""Root statistics: action -> (visits, summed reward, summed squared reward)."""
Tree = Callable[[int], tuple[Stats, dict[Action, float], int]]
"""One tree searched with a seed: its root statistics, one-ply priors and iterations."""

_JOB: Tree | None = None


def _worker(seed: int) -> tuple[Stats, dict[Action, float], int]:
    assert _JOB is not None
    return _JOB(seed)


def parallel_root_stats(tree: Tree, seeds: Sequence[int]) -> tuple[Stats, dict[Action, float], int]:
    """Search one ``tree`` per seed in forked processes (the forked workers inherit
    ``tree``; only the seeds cross to them); sum the root statistics (and average
    the one-ply priors)."""
    global _JOB
    # Imported here: only a parallel search forks (``games`` would pay for the pool)
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    _JOB = tree
    total: Stats = {}
    prior: dict[Action, float] = {}
    count = 0
    pool = ProcessPoolExecutor(
        max_workers=len(seeds), mp_context=multiprocessing.get_context("fork")
    )
    try:
        for stats, pri, its in pool.map(_worker, seeds):
            count += its
            for a, (n, w, w2) in stats.items():
                n0, w0, q0 = total.get(a, (0, 0.0, 0.0))
                total[a] = (n0 + n, w0 + w, q0 + w2)
            for a, v in pri.items():
                prior[a] = prior.get(a, 0.0) + v / len(seeds)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)
        _JOB = None
    return total, prior, count
