"""Whole numbers read from what a person types (a table number, a seat, a count).

``str.isdigit`` is true of '²', '①', Arabic-Indic and full-width digits, and
``int()`` then either fails ('²') or reads a number the person never typed as one;
a command that trusted the pair once dropped the connection of whoever typed
``join ²``. Every such number goes through :func:`whole_number`: ASCII digits only,
within bounds, and one line saying what is wanted otherwise.
"""

from __future__ import annotations


def whole_number(text: str, low: int, high: int, what: str) -> int:
    """``text`` as a whole number from ``low`` to ``high``, ASCII digits only;
    ``ValueError`` with one line naming ``what`` and the bounds otherwise."""
    digits = text.strip()
    wanted = f"{what} is a whole number from {low} to {high}"
    # The length check first: int() of a long digit string costs quadratic time.
    if not digits or len(digits) > len(str(high)) or not (digits.isascii() and digits.isdigit()):
        raise ValueError(f"{wanted} (digits 0-9), not {digits[:20]!r}")
    number = int(digits)
    if not low <= number <= high:
        raise ValueError(f"{wanted}, not {number}")
    return number
