"""Make the fixture game importable in-process (the CLI tests install it for real)."""

import sys
from pathlib import Path

FIXTURE = Path(__file__).parent / "fixtures" / "toygame"
sys.path.insert(0, str(FIXTURE))
