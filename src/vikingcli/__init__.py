"""vikingcli: play and study Viking-themed Euro board games from a terminal."""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("vikingcli")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0+unknown"
