"""The wikinger game plugin for vikingcli: Wikinger (Kiesling), basic and advanced."""

from vikingcli.engine import hookimpl
from vikingcli_wikinger.game import WikingerGame


@hookimpl
def vikingcli_games() -> list[WikingerGame]:
    """The games this plugin provides."""
    return [WikingerGame()]
