"""The wikinger game plugin for vikingcli: Wikinger (Kiesling), basic and advanced."""

from vikingcli_wikinger.rules import WikingerGame

from vikingcli.hookspecs import hookimpl


@hookimpl
def vikingcli_games() -> list[WikingerGame]:
    """The games this plugin provides."""
    return [WikingerGame()]
