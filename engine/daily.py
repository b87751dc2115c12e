"""The daily deal's cards and its computer players' randomness, from public and committed facts.

A server's deal of the day for a game has one secret (32 bytes from `secrets`) and a public
nonce. Every shuffle the day's match needs is derived from that one secret, so every member
gets the same cards, redeals included:

    shuffle i's secret = HMAC-SHA256(key = day secret, message = "shuffle" ‖ i as 4 bytes)
    first dealer       = first 4 bytes of HMAC-SHA256(day secret, "dealer") mod players

The commitment shown during the day is SHA-256(day secret ‖ nonce), as for any deal
(`engine.fairness.commitment`); the day secret is revealed once the day is over, and anyone
can then derive each shuffle's secret and deal the day again (docs/daily.md).

The computer players draw from `random.Random`, seeded from the commitment and the moves
made so far: two members who make the same moves meet the same answers, and the hidden
cards never reach the seed.
"""

from __future__ import annotations

import hashlib
import hmac
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from engine.fairness import NONCE_BYTES, SECRET_BYTES, UncutKeys, commitment

__all__ = ["NONCE_BYTES", "SECRET_BYTES", "DayKeys", "computer_rng", "day_commitment"]


def shuffle_secret(day_secret: bytes, index: int) -> bytes:
    return hmac.new(day_secret, b"shuffle" + index.to_bytes(4, "big"), hashlib.sha256).digest()


def first_dealer(day_secret: bytes, players: int) -> int:
    word = hmac.new(day_secret, b"dealer", hashlib.sha256).digest()[:4]
    return int.from_bytes(word, "big") % players


def day_commitment(day_secret: bytes, nonce: bytes) -> str:
    return commitment(day_secret, nonce)


@dataclass
class DayKeys(UncutKeys):
    """A match's deal keys whose every shuffle secret comes from the day's secret; everyone
    gets the same cards, so nobody cuts."""

    day_secret: bytes = field(default=b"", repr=False)

    @classmethod
    def of_day(cls, day_secret: bytes, nonce: bytes) -> DayKeys:
        return cls(nonce=nonce, day_secret=day_secret)

    def choose_first_dealer(self, players: int) -> int:
        if self.first_dealer is None:
            self.first_dealer = first_dealer(self.day_secret, players)
        return self.first_dealer

    def secret(self, index: int) -> bytes:
        while len(self.secrets) <= index:
            self.secrets.append(shuffle_secret(self.day_secret, len(self.secrets)))
        return self.secrets[index]


def computer_rng(day_commitment: str, moves: Sequence[str]) -> random.Random:
    """A computer player's generator for the decision after `moves` (their notation): from
    what every player of the day's deal has seen, never from the hidden cards."""
    return random.Random(f"{day_commitment}:{len(moves)}:{' '.join(moves)}")
