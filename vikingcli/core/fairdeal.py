"""Secret, verifiable deals for shared tables: the server commits to a secret seed
before anyone sits, each person may add a seed of their own, and the deal comes from
both; the secret is revealed when the game ends, so a record proves who chose what.

The scheme is the one provably fair card rooms use, in the standard library only:

* the server seed is 32 random bytes (``secrets``), or at ``serve --seed N`` one
  derived from ``N`` (then the operator chose it, and the record says so);
* its commitment, ``sha256:`` and the SHA-256 of the seed, is shown at the table from
  its start; SHA-256 is one-way, so the commitment tells nobody the seed;
* every human seat has a seed of its own: typed by its person before the cards are
  dealt, or drawn for them when the game begins;
* the deal seed is the first 8 bytes of HMAC-SHA256 keyed by the server seed over
  the seats' seeds (:func:`seeds_message`), cut to 62 bits: no person can steer it
  without the server seed, and the server, committed before any person's seed was
  known, cannot steer it once one person typed a seed;
* AI seats draw their randomness from the server seed by another HMAC message, so
  no seat, program or person, can compute the deal from what it is given.

:mod:`vikingcli.cli.verify` checks a finished record against all of this.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, field

DEAL_BITS = 62
"""The deal seed's size: within every seed range of the host (0 to 2^63-1)."""
MAX_SEED_TEXT = 64
"""The longest seed a person may type (characters)."""
SERVER_SEED_BYTES = 32


def commitment_of(server_seed: bytes) -> str:
    """What the table shows of its server seed before the end: its SHA-256."""
    return "sha256:" + hashlib.sha256(server_seed).hexdigest()


def operator_seed(number: int) -> bytes:
    """The server seed of ``serve --seed N``: the operator's choice, reproducible."""
    return hashlib.sha256(b"vikingcli operator seed %d" % number).digest()


def seeds_message(seeds: dict[int, str]) -> bytes:
    """The seats' seeds as one unambiguous byte string: seat, length and UTF-8 text of
    each, in seat order (no seed can pass for the end of another)."""
    parts = []
    for seat in sorted(seeds):
        text = seeds[seat].encode()
        parts.append(b"%d:%d:%s;" % (seat, len(text), text))
    return b"".join(parts)


def deal_seed(server_seed: bytes, seeds: dict[int, str]) -> int:
    """The seed the game deals from: HMAC-SHA256 of the seats' seeds keyed by the
    server seed, its first 8 bytes cut to :data:`DEAL_BITS` bits."""
    mac = hmac.new(server_seed, seeds_message(seeds), hashlib.sha256).digest()
    return int.from_bytes(mac[:8], "big") & ((1 << DEAL_BITS) - 1)


def check_seed_text(text: str) -> str:
    """A seed a person typed, stripped; ``ValueError`` says what a seed may be."""
    text = text.strip()
    if not text or len(text) > MAX_SEED_TEXT or not text.isprintable():
        raise ValueError(f"a seed is 1-{MAX_SEED_TEXT} printable characters")
    return text


@dataclass
class PlayerSeed:
    """A human seat's part of the deal: the text, and whether the server drew it
    (``drawn``) or the seat's person typed it."""

    text: str
    drawn: bool = False


@dataclass
class Deal:
    """A table's deal: the secret server seed, the seats' seeds, and whether the cards
    are dealt (after which no seed changes)."""

    server_seed: bytes
    seeds: dict[int, PlayerSeed] = field(default_factory=dict)
    dealt: bool = False
    operator: bool = False
    """The server seed is the operator's choice (``serve --seed N``)."""

    @classmethod
    def new(cls, operator: int | None = None) -> Deal:
        """A fresh secret deal; ``operator``: the seed ``serve --seed N`` was given."""
        if operator is None:
            return cls(secrets.token_bytes(SERVER_SEED_BYTES))
        return cls(operator_seed(operator), operator=True)

    @property
    def commitment(self) -> str:
        return commitment_of(self.server_seed)

    def add(self, seat: int, text: str) -> str:
        """``seat``'s person typed ``text`` as their seed; the answer to show them.
        ``ValueError`` when it cannot be taken (bad text, the cards are dealt)."""
        if self.dealt:
            raise ValueError("the cards are dealt; a seed counts only before the first card")
        self.seeds[seat] = PlayerSeed(check_seed_text(text))
        return f"your seed for the deal is {self.seeds[seat].text!r}"

    def _drawn(self, seat: int) -> str:
        if self.operator:  # the operator's seed fixes the drawn ones too: reproducible
            message = b"drawn seed %d" % seat
            return hmac.new(self.server_seed, message, hashlib.sha256).hexdigest()[:16]
        return secrets.token_hex(8)

    def finish(self, humans: list[int]) -> int:
        """Draw a seed for each human seat that typed none, and deal: the deal seed."""
        for seat in humans:
            if seat not in self.seeds:
                self.seeds[seat] = PlayerSeed(self._drawn(seat), drawn=True)
        self.dealt = True
        return self.seed()

    def seed(self) -> int:
        """The deal seed from the server seed and the seats' seeds (as they are now)."""
        return deal_seed(self.server_seed, {s: p.text for s, p in self.seeds.items()})

    def ai_seed(self) -> int:
        """The seed AI seats' own seeds are mixed from: from the secret server seed,
        by a message no seat's seed can be, so it tells nothing of the deal."""
        mac = hmac.new(self.server_seed, b"ai seats", hashlib.sha256).digest()
        return int.from_bytes(mac[:8], "big") & ((1 << DEAL_BITS) - 1)

    def seed_lines(self, names: list[str]) -> list[str]:
        """Each human seat's seed as the table tells it when the cards are dealt."""
        return [
            f"  seat {seat + 1} ({names[seat]}): {p.text!r}"
            + (" (drawn for them)" if p.drawn else " (their own)")
            for seat, p in sorted(self.seeds.items())
        ]
