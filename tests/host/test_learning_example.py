"""Issue 37 item 6: the learning example (examples/learning/reinforce.py) runs through
the PettingZoo environment on a tiny budget, and its update learns: after a game it
won, the moves it made there are more likely; after one it lost, less. The sizes the
docs state are the encoder's (docs/learning.md, from benchmarks/encodings.py)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[2]
RL = importlib.util.find_spec("pettingzoo") is not None
needs_rl = pytest.mark.skipif(not RL, reason="the rl extra is not installed")


def load(path: Path, name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up
    spec.loader.exec_module(module)
    return module


def test_item6_the_wilson_interval_is_the_textbook_one() -> None:
    example = load(ROOT / "examples" / "learning" / "reinforce.py", "reinforce_example")
    lo, hi = example.wilson(5, 10)
    assert (round(lo, 3), round(hi, 3)) == (0.237, 0.763)
    assert example.wilson(0, 10)[0] == pytest.approx(0.0, abs=1e-12)


@needs_rl
def test_item6_the_learning_example_runs_and_its_update_learns(
    capsys: pytest.CaptureFixture[str],
) -> None:
    import numpy as np

    from vikingcli.adapters.pettingzoo import env

    example = load(ROOT / "examples" / "learning" / "reinforce.py", "reinforce_example")
    assert example.main(["--train", "2", "--eval", "2", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "walhalla at 3 seats: observation" in out
    assert "learner: won" in out and "random: won" in out and "95% Wilson" in out

    e = env("walhalla", players=3)
    policy = example.Policy.new(e.table.encoder.size, e.table.codec.size, 0, 0.01)
    _, _, moves = example.play(e, 11, 0, policy.pick, np.random.default_rng(0))
    chosen = [m for m in moves if len(m[1]) > 1]
    assert chosen

    def likelihood() -> float:
        return sum(
            float(np.log(policy.probabilities(x, legal)[list(legal).index(a)]))
            for x, legal, a in chosen
        )

    before = likelihood()
    policy.learn(moves, 1.0)
    after_win = likelihood()
    assert after_win > before
    policy.learn(moves, -2.0)
    assert likelihood() < after_win


def test_item6_the_encoding_sizes_in_the_docs_are_the_encoders() -> None:
    encodings = load(ROOT / "benchmarks" / "encodings.py", "encodings_benchmark")
    doc = (ROOT / "docs" / "learning.md").read_text(encoding="utf-8")
    for name, players, size, actions in encodings.rows():
        assert f"| {name} | {players} | {size:,} | {actions:,} |" in doc
