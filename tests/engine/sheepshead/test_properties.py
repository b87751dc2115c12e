"""Properties of Sheepshead over thousands of seeded random hands per table size: the 32 cards
are conserved, every hand counts 120 points, the score sheet sums to zero, suit is always
followed, there is always a legal move, a replay gives the same table, the move generator agrees
with a brute-force reading of the rules, and no view changes when hidden cards (the other hands,
the blind, the bury, the unknown card) are swapped."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

import pytest

from engine.cards import Card, card_of
from engine.core import PUBLIC
from engine.registry import restore
from engine.sheepshead import Kind, Phase, SheepsheadHand, SheepsheadMatch, SheepsheadRules
from engine.sheepshead.rules import FAIL_SUITS, is_trump
from tests.engine.shared import trick_match_copy

HANDS = 2000
CONFIGS = [
    SheepsheadRules(players=3, hands=1),
    SheepsheadRules(players=4, hands=1),
    SheepsheadRules(players=5, hands=1),
    SheepsheadRules(players=6, hands=1),
]
EXTRA = [  # the five-player options get fewer hands each
    SheepsheadRules(players=5, hands=1, partner="jack", no_pick="redeal", double_on_bump=False),
    SheepsheadRules(players=6, hands=1, dealer_out=True),  # five play, the dealer sits out
]


def canonical(move: str) -> str:
    """A bury names a set of cards: compare it in one order."""
    words = move.split()
    return " ".join([words[0], *sorted(words[1:])]) if words[0] == "bury" else move


def follows(card: Card) -> object:
    return "trump" if is_trump(card) else card.suit


def brute_force_moves(hand: SheepsheadHand) -> set[str]:
    """RULES.md's Sheepshead section read directly."""
    seat = hand.turn
    cards = hand.hands[seat]
    if hand.phase is Phase.PICK:
        return {"pick", "pass"}
    if hand.phase is Phase.BURY:
        return {
            "bury " + " ".join(str(c) for c in combo)
            for combo in combinations(sorted(cards, key=lambda c: c.index), hand.rules.blind_size)
        }
    if hand.phase is Phase.CALL:
        return _calls(hand)
    called = hand.called
    before = called is not None and called.suit not in hand.led_suits
    unknown = seat == hand.picker and hand.unknown is not None and not hand.unknown_played
    if not cards:
        return {f"unknown {hand.unknown}"}
    if not hand.trick:
        out = set()
        for c in cards:
            same_suit = called is not None and follows(c) == called.suit
            if before and called in cards and same_suit and c != called:
                continue
            out.add(str(c))
        return out
    first_index = 0
    led_card = hand.trick[0][1]
    led = called.suit if hand.face_down == first_index and called else follows(led_card)
    if unknown and led == called.suit:  # type: ignore[union-attr]
        return {f"unknown {hand.unknown}"}
    same = [c for c in cards if follows(c) == led]
    if same:
        if before and called in same:
            return {str(called)}
        return {str(c) for c in same}
    allowed = list(cards)
    if before and called in allowed and len(allowed) > 1:
        allowed.remove(called)
    if before and seat == hand.picker and hand.unknown is None and called is not None:
        holds = [c for c in allowed if follows(c) == called.suit]
        ace = card_of(1, called.suit)
        if called.rank == 10 and ace in holds:
            holds = [ace]  # a ten call: the ace is the hold card
        if len(holds) == 1 and len(allowed) > 1:
            allowed.remove(holds[0])
    return {str(c) for c in allowed}


def _calls(hand: SheepsheadHand) -> set[str]:
    assert hand.picker is not None
    return spec_calls(hand.hands[hand.picker], hand.buried)


def spec_calls(cards: list[Card], buried: list[Card]) -> set[str]:
    """RULES.md's "Called ace": an ace not the picker's (aces in the bury are theirs) of a suit
    they hold; a ten instead when all three fail aces are theirs; with no such suit, the same
    card of a suit they lack with an unknown card; or alone."""
    mine = set(cards) | set(buried)
    suits = {follows(c) for c in cards}
    rank = 10 if all(card_of(1, s) in mine for s in FAIL_SUITS) else 1
    free = [card_of(rank, s) for s in FAIL_SUITS if card_of(rank, s) not in mine]
    held = {f"call {c}" for c in free if c.suit in suits}
    if held:
        return {"alone"} | held
    return {"alone"} | {f"call {c} unknown {u}" for c in free for u in cards}


def everything(hand: SheepsheadHand) -> Counter[Card]:
    cards: Counter[Card] = Counter()
    for group in (*hand.hands, hand.blind, hand.buried, [c for _, c in hand.trick], *hand.taken):
        cards.update(group)
    if hand.unknown is not None and not hand.unknown_played:
        cards[hand.unknown] += 1
    return cards


def swapped(match: SheepsheadMatch, seat: int | None, rng: random.Random) -> SheepsheadMatch:
    """The same table with every card `seat` cannot see dealt around again."""
    other: SheepsheadMatch = trick_match_copy(match)
    hand = other.deal
    hidden = [p for p in range(hand.players) if p != seat]
    sees_bury = seat is not None and seat == hand.picker
    pending = hand.unknown is not None and not hand.unknown_played
    pool = [c for p in hidden for c in hand.hands[p]] + hand.blind
    if not sees_bury:
        pool += hand.buried
        if pending and hand.unknown is not None:
            pool.append(hand.unknown)
    rng.shuffle(pool)
    for p in hidden:
        size = len(hand.hands[p])
        hand.hands[p] = pool[:size]
        del pool[:size]
    hand.blind = pool[: len(hand.blind)]
    del pool[: len(hand.blind)]
    if not sees_bury:
        hand.buried = pool[: len(hand.buried)]
        del pool[: len(hand.buried)]
        if pending:
            hand.unknown = pool.pop()
    hand.changed()
    return other


@pytest.mark.parametrize(
    ("rules", "hands"),
    [(r, HANDS) for r in CONFIGS] + [(r, HANDS // 4) for r in EXTRA],
    ids=lambda value: (
        f"{value.players}p-{value.partner}-{value.no_pick}" + ("-out" if value.dealer_out else "")
        if isinstance(value, SheepsheadRules)
        else str(value)
    ),
)
def test_random_hands_keep_every_rule(rules: SheepsheadRules, hands: int) -> None:
    deck = Counter(rules.deck())
    views_checked = 0
    for seed in range(hands):
        match = SheepsheadMatch(rules, seed)
        rng = random.Random(seed)
        check_views = seed % 8 == 0
        while not match.is_terminal:
            hand = match.deal
            assert everything(hand) == deck
            legal = match.legal_actions()
            assert legal, "a player to move always has a move"
            assert {canonical(a.notation) for a in legal} == {
                canonical(m) for m in brute_force_moves(hand)
            }
            if check_views and hand.phase is not Phase.BURY:
                for seat in (PUBLIC, rng.randrange(rules.players)):
                    viewer = seat if isinstance(seat, int) else None
                    before = match.view(seat)
                    assert swapped(match, viewer, rng).view(seat) == before
                    views_checked += 1
            action = rng.choice(legal)
            player = hand.turn
            if action.kind is Kind.PLAY and hand.trick and hand.face_down != 0:
                led = follows(hand.trick[0][1])
                if any(follows(c) == led for c in hand.hands[player]):
                    assert follows(action.card) == led  # type: ignore[arg-type]
            match.apply(action)
        result = match.deal_results[-1]
        score = result.score
        assert sum(score.units) == 0 and sum(match.sheet) == 0
        if not score.redeal:
            assert sum(score.points) == 120
            assert sum(score.tricks) == (32 - rules.blind_size) // rules.in_hand
        if seed % 50 == 0:
            replayed = restore(match.to_dict())
            assert replayed.to_dict() == match.to_dict()
            assert replayed.returns() == match.returns()
    assert views_checked > 0
