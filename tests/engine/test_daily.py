"""The daily deal's cards come from the day's one secret: the same for every member, and
anyone can deal them again from the revealed secret (docs/daily.md)."""

from __future__ import annotations

import hashlib
import hmac

from engine import registry
from engine.daily import DayKeys, day_commitment
from engine.fairness import commitment

SECRET, NONCE = bytes(range(32)), bytes(range(16))


def test_every_member_gets_the_same_cards_and_another_day_other_cards() -> None:
    spec = registry.game("seep")
    one = spec.new_match(DayKeys.of_day(SECRET, NONCE), {})
    two = spec.new_match(DayKeys.of_day(SECRET, NONCE), {})
    other = spec.new_match(DayKeys.of_day(bytes(32), NONCE), {})
    def hands(match: object) -> tuple[object, ...]:
        return tuple(match.view(p).hand for p in range(4))  # type: ignore[attr-defined]

    assert hands(one) == hands(two) and any(hands(one))
    assert hands(one) != hands(other)


def test_each_shuffle_secret_is_derived_as_documented() -> None:
    keys = DayKeys.of_day(SECRET, NONCE)
    expected = hmac.new(SECRET, b"shuffle" + (1).to_bytes(4, "big"), hashlib.sha256).digest()
    assert keys.secret(1) == expected
    assert day_commitment(SECRET, NONCE) == commitment(SECRET, NONCE)
    assert day_commitment(SECRET, NONCE) == hashlib.sha256(SECRET + NONCE).hexdigest()
