"""The conformance suite passes on the fixture game."""

from vikingcli_toygame import RuneDuel

from vikingcli.engine.testing import conformance_suite

TestConformance = conformance_suite(RuneDuel(), games_per_config=3)
