"""The compiled build's first step runs in every test run: mypyc type-checks and
translates to C every module ``VIKINGCLI_MYPYC=1 pip install .`` compiles.

Compiling the C takes minutes, so the full build is opt-in
(``test_compiled_build.py``); but mypyc's own type check is stricter than the plain
mypy run in some places (it checks the compiled modules as one group, where an
annotation mypy infers across an import cycle is "Cannot determine type"), and that
check broke the compiled build unnoticed for 57 commits. Translating without the C
compiler takes seconds and fails on the same errors the build fails on.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

TRANSLATE = """
import sys
sys.argv = ["setup.py", "build_ext"]
import setup
from mypyc.build import mypycify
extensions = mypycify(setup._compiled_sources(), opt_level="3", target_dir=sys.argv_dir)
print(len(extensions))
"""


def test_mypyc_type_checks_and_translates_every_compiled_module(tmp_path: Path) -> None:
    script = TRANSLATE.replace("sys.argv_dir", repr(str(tmp_path / "build")))
    env = dict(os.environ, MYPY_CACHE_DIR=str(tmp_path / "mypy-cache"))
    # From the tree's root: setup.py names the compiled sources relative to it.
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    errors = [line for line in done.stdout.splitlines() if ": error:" in line]
    assert done.returncode == 0 and not errors, "\n".join(errors) or done.stderr[-2000:]
    assert int(done.stdout.split()[-1]) > 0
