"""The host's engine-contract conformance suite for Walhalla.

Configurations come from the options: 3 and 4 players with the defaults, then
headlands=5,6,7 and fixed_orientation=yes at 3 and 4 players.
"""

from vikingcli.engine.testing import conformance_suite
from vikingcli_walhalla.game import WalhallaGame

TestConformance = conformance_suite(WalhallaGame())
