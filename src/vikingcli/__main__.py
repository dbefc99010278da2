"""``python -m vikingcli``."""

from vikingcli.cli import main

main()
