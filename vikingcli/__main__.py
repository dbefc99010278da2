"""``python -m vikingcli``."""

from vikingcli.cli.app import main

main()
