"""Running a script of ``benchmarks/`` as the documents say: from the repository root,
with this test run's interpreter and environment (its PYTHONPATH names the tree)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run_script(name: str, *args: str, timeout: float = 300) -> subprocess.CompletedProcess[str]:
    """``python benchmarks/NAME ARGS...``, its output captured as text."""
    return subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / name), *args],
        capture_output=True, text=True, timeout=timeout, cwd=ROOT, env=dict(os.environ),
    )  # fmt: skip
