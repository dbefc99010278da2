"""The host's engine-contract conformance suite for Graenaland (3, 4, 5 players, every option)."""

from vikingcli.engine.testing import conformance_suite
from vikingcli_graenaland.game import GraenalandGame

TestConformance = conformance_suite(GraenalandGame(), games_per_config=1, check_every=7)
