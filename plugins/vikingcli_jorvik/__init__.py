"""The jorvik game plugin for vikingcli: Jórvík (Stefan Feld, 2016), Karl and Jarl."""

from vikingcli.engine import hookimpl
from vikingcli_jorvik.game import JorvikGame


@hookimpl
def vikingcli_games() -> list[JorvikGame]:
    return [JorvikGame()]
