"""The graenaland game plugin for vikingcli."""

from vikingcli_graenaland.rules import GraenalandGame

from vikingcli.hookspecs import hookimpl


@hookimpl
def vikingcli_games():
    return [GraenalandGame()]
