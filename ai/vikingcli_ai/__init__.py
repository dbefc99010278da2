"""The built-in AI players of vikingcli, registered through ``vikingcli_players``."""

from __future__ import annotations

from dataclasses import replace

from vikingcli.engine import PlayerKind, hookimpl
from vikingcli_ai.advice import advise
from vikingcli_ai.greedy import GREEDY
from vikingcli_ai.mcts import MCTS
from vikingcli_ai.random_player import RANDOM


@hookimpl
def vikingcli_players() -> list[PlayerKind]:
    return [RANDOM, GREEDY, replace(MCTS, advise=advise)]
