"""The Graenaland game plugin for vikingcli."""

from vikingcli.engine import Game, hookimpl
from vikingcli_graenaland.game import GraenalandGame


@hookimpl
def vikingcli_games() -> list[Game]:
    return [GraenalandGame()]
