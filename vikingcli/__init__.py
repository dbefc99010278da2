"""vikingcli: play and study Viking-themed Euro board games from a terminal."""

__version__ = "0.1.0"
