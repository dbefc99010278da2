"""The graenaland game plugin for vikingcli."""

from vikingcli.hookspecs import hookimpl
from vikingcli_graenaland.rules import GraenalandGame


@hookimpl
def vikingcli_games():
    return [GraenalandGame()]
