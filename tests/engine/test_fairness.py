"""Secret deals: each shuffle is a pure function of (secret, nonce, cut), as docs/fairness.md
describes it, so a revealed secret re-deals the deal and a changed one does not."""

from __future__ import annotations

import hashlib
import hmac
import random

import pytest

from engine import registry
from engine.cards import new_deck
from engine.fairness import DealKeys, DealStream, commitment, seed_from_json, seed_to_json

from .sample_tables import BUILT_IN_TABLES

GAMES = BUILT_IN_TABLES


def reference_shuffle(items: list[object], secret: bytes, nonce: bytes, cut: int) -> list[object]:
    """The construction written out from docs/fairness.md, independently of the engine."""
    stream = bytearray()
    counter = 0

    def word() -> int:
        nonlocal counter
        if len(stream) < 4:
            message = nonce + cut.to_bytes(4, "big") + counter.to_bytes(8, "big")
            stream.extend(hmac.new(secret, message, hashlib.sha256).digest())
            counter += 1
        value = int.from_bytes(stream[:4], "big")
        del stream[:4]
        return value

    def below(n: int) -> int:
        limit = 2**32 - 2**32 % n
        while (w := word()) >= limit:
            pass
        return w % n

    deck = list(items)
    for i in range(len(deck) - 1, 0, -1):
        j = below(i + 1)
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def test_the_shuffle_is_the_documented_construction() -> None:
    for trial in range(20):
        secret, nonce = bytes([trial]) * 32, bytes([255 - trial]) * 16
        deck = new_deck()
        DealStream(secret, nonce, cut=trial * 7919).shuffle(deck)
        assert deck == reference_shuffle(new_deck(), secret, nonce, trial * 7919)


def test_same_secret_nonce_and_cut_give_the_same_deck_and_any_change_another() -> None:
    secret, nonce = b"s" * 32, b"n" * 16

    def deck(secret: bytes = secret, nonce: bytes = nonce, cut: int = 0) -> list[object]:
        cards = new_deck()
        DealStream(secret, nonce, cut).shuffle(cards)
        return list(cards)

    assert deck() == deck()
    assert deck(secret=b"t" * 32) != deck()
    assert deck(nonce=b"m" * 16) != deck()
    assert deck(cut=1) != deck()


def test_a_cut_outside_the_range_is_refused_with_the_range() -> None:
    with pytest.raises(ValueError, match="0 to 4294967295"):
        DealStream(b"s" * 32, b"n" * 16, cut=-1)
    with pytest.raises(ValueError, match="0 to 4294967295"):
        DealStream(b"s" * 32, b"n" * 16, cut=2**32)


def test_commitment_is_sha256_of_secret_then_nonce() -> None:
    secret, nonce = bytes(range(32)), bytes(range(16))
    assert commitment(secret, nonce) == hashlib.sha256(secret + nonce).hexdigest()
    assert commitment(bytes(range(1, 33)), nonce) != commitment(secret, nonce)


def test_fresh_keys_draw_a_new_secret_per_shuffle() -> None:
    keys = DealKeys.fresh()
    assert len(keys.nonce) == 16
    first, second = keys.secret(0), keys.secret(1)
    assert len(first) == 32 and first != second
    assert keys.secret(0) == first  # drawn once, then kept
    assert DealKeys.fresh().nonce != keys.nonce


def hands(match: object) -> object:
    view = match.deal  # type: ignore[attr-defined]
    return [tuple(h) for h in getattr(view, "hands", [])]


def random_playout(match: object, rng: random.Random, moves: int) -> None:
    for _ in range(moves):
        if match.is_terminal:  # type: ignore[attr-defined]
            return
        match.apply(rng.choice(match.legal_actions()))  # type: ignore[attr-defined]


@pytest.mark.parametrize(("game", "rules"), GAMES)
def test_a_match_with_secret_deals_is_rebuilt_from_its_keys_and_actions(
    game: str, rules: dict[str, int]
) -> None:
    match = registry.new_match(game, DealKeys.fresh(), **rules)
    rng = random.Random(game)
    while match.deals_finished == 0 and not match.is_terminal:
        random_playout(match, rng, 1)
    keys = match.deal_keys
    waiting = 1 if match.pending_cut is not None else 0  # the next deal's secret, committed to
    assert keys is not None
    assert len(keys.secrets) == match.shuffles.made + waiting  # type: ignore[attr-defined]
    assert match.is_terminal or len(keys.secrets) >= 2  # a secret for the next deal
    data = match.to_dict()
    assert data["seed"]["secrets"] == [s.hex() for s in keys.secrets]
    again = registry.restore(data)
    assert again.to_dict() == data
    assert hands(again) == hands(match)
    assert again.view(0) == match.view(0)


@pytest.mark.parametrize(("game", "rules"), GAMES)
def test_the_same_secret_deals_the_same_cards_and_another_secret_other_cards(
    game: str, rules: dict[str, int]
) -> None:
    keys = DealKeys.fresh()
    keys.choose_first_dealer(rules["players"])
    keys.secret(0)
    first = registry.new_match(game, DealKeys.from_dict(keys.to_dict()), **rules)
    same = registry.new_match(game, DealKeys.from_dict(keys.to_dict()), **rules)
    for match in (first, same):
        match.apply("cut 7")
    assert hands(first) == hands(same) and first.view(0) == same.view(0)
    other_keys = DealKeys.from_dict(keys.to_dict())
    other_keys.secrets[0] = bytes(32)
    other = registry.new_match(game, other_keys, **rules)
    other.apply("cut 7")
    assert hands(other) != hands(first)
    other_cut = registry.new_match(game, DealKeys.from_dict(keys.to_dict()), **rules)
    other_cut.apply("cut 8")
    assert hands(other_cut) != hands(first)


def test_keys_and_legacy_seeds_round_trip_through_json() -> None:
    keys = DealKeys.fresh()
    keys.choose_first_dealer(4)
    keys.secret(2)
    restored = seed_from_json(seed_to_json(keys))
    assert restored == keys
    assert seed_from_json(seed_to_json(1234)) == 1234


def test_an_int_seed_deals_as_it_always_did() -> None:
    """Tables stored before secret deals carry an int seed: their deals must not change."""
    from engine.sedma.hand import SedmaHand

    match = registry.new_match("sedma", 77, players=2)
    rng = random.Random(77)
    dealer = rng.randrange(2)
    expected = SedmaHand.deal(match.rules, dealer, rng)  # type: ignore[attr-defined]
    assert hands(match) == hands(type("Deal", (), {"deal": expected})())
    assert match.deal_keys is None


@pytest.mark.slow
def test_every_card_reaches_every_position_evenly() -> None:
    """Chi-square over 100,000 shuffles of 52 cards: 52×52 cells, 2,601 degrees of freedom."""
    shuffles = 100_000
    size = 52
    counts = [[0] * size for _ in range(size)]
    nonce = b"chi-square-nonce"
    for n in range(shuffles):
        deck = list(range(size))
        DealStream(n.to_bytes(32, "big"), nonce).shuffle(deck)
        for position, card in enumerate(deck):
            counts[card][position] += 1
    expected = shuffles / size
    assert min(min(row) for row in counts) > 0  # every card reached every position
    statistic = sum((c - expected) ** 2 / expected for row in counts for c in row)
    freedom = (size - 1) ** 2
    # The statistic's mean is its degrees of freedom and its deviation sqrt(2·df) ≈ 72:
    # five deviations either side fails a broken shuffle and passes a fair one.
    assert abs(statistic - freedom) < 5 * (2 * freedom) ** 0.5, statistic
