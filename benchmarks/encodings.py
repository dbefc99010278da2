"""The size of each game's encoding for learning libraries, per table size: the
observation vector (``vikingcli.adapters.encoding``) and the action count
(``Game.action_codec``), as the PettingZoo and OpenSpiel adapters see them, and
OpenSpiel's information state tensor (the observation, then one entry per action).

    python benchmarks/encodings.py              # a Markdown table (docs/learning.md)
"""

from __future__ import annotations

from vikingcli.adapters.table import table
from vikingcli.core.registry import load_registry


def rows() -> list[tuple[str, int, int, int]]:
    """(game, players, observation size, action count) for every game and table."""
    out = []
    for name, game in sorted(load_registry().games.items()):
        for players in range(game.min_players, game.max_players + 1):
            t = table(name, players)
            out.append((name, players, t.encoder.size, t.codec.size))
    return out


def main() -> None:
    print("| game | seats | observation | actions | information state |")
    print("| --- | ---: | ---: | ---: | ---: |")
    for name, players, size, actions in rows():
        print(f"| {name} | {players} | {size:,} | {actions:,} | {size + actions:,} |")


if __name__ == "__main__":
    main()
