"""The errors and limits every layer of the host shares.

A :class:`BadInput` is a problem with what a person or a file gave us (a key file, a
results file, a backend that is not installed): the command prints its message as one
line and exits with code 2.
"""

from __future__ import annotations


class BadInput(ValueError):
    """Bad input found after parsing (a file, a key): exit code 2, one line."""
