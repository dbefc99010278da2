"""The host's engine-contract conformance suite, run on Wikinger."""

from vikingcli_wikinger.rules import WikingerGame

from vikingcli.testing import conformance_suite

TestConformance = conformance_suite(WikingerGame())
