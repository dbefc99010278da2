"""vikingcli: play and study Viking-themed Euro board games from a terminal."""

from __future__ import annotations


def __getattr__(name: str) -> str:
    # The version is read from the package metadata only when asked for:
    # importlib.metadata costs a third of a bare command's start-up.
    if name == "__version__":
        from importlib.metadata import PackageNotFoundError, version

        try:
            return version("vikingcli")
        except PackageNotFoundError:  # a source tree that was never installed
            return "0+unknown"
    raise AttributeError(f"module 'vikingcli' has no attribute {name!r}")
