"""The walhalla game plugin for vikingcli: Walhalla (AMIGO 2006), 3-4 players."""

from vikingcli.engine import hookimpl
from vikingcli_walhalla.game import WalhallaGame


@hookimpl
def vikingcli_games() -> list[WalhallaGame]:
    return [WalhallaGame()]
