"""The jorvik game plugin for vikingcli: Jórvík (Stefan Feld, 2016), Karl and Jarl."""

from vikingcli_jorvik.rules import JorvikGame

from vikingcli.hookspecs import hookimpl


@hookimpl
def vikingcli_games() -> list[JorvikGame]:
    return [JorvikGame()]
