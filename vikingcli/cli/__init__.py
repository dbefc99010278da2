"""The ``vikingcli`` command line (Typer), on top of every other layer of the host.

Commands import what they use when they run, so ``vikingcli --help`` starts fast."""
