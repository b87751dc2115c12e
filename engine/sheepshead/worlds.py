"""What a Sheepshead seat knows, and the worlds its computer player imagines from it.

A world deals the cards the seat cannot see (other hands, the blind before the pick, the bury
and an unknown card for everyone but the picker) again at random, keeping what the table has
shown: the voids shown in play, the picker's hold card of the called suit, that the picker
holds neither the called card nor (having called it) buried it, and after a ten call that every
fail ace is the picker's.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from engine.cards import Card, Suit

# the members as globals: see the note in actions.py
from engine.sheepshead.actions import PLAY_KIND, UNKNOWN_KIND
from engine.sheepshead.hand import SheepsheadHand
from engine.sheepshead.phases import OVER_PHASE
from engine.sheepshead.rules import is_trump, suit_of

STRICT_TRIES = 50  # deals that keep every constraint; then ten that keep only the sizes
LOOSE_TRIES = 10

Slot = tuple[str, int]  # (where: hand, blind, bury or unknown; the player, or -1)


def voids(hand: SheepsheadHand) -> list[set[Suit | None]]:
    """The suits (None: trump) each player has shown they lack, from the tricks played."""
    found: list[set[Suit | None]] = [set() for _ in range(hand.players)]
    tricks: list[list[tuple[int, Card, bool]]] = [[]]
    for record in hand.records:
        kind = record.action.kind
        if kind not in (PLAY_KIND, UNKNOWN_KIND) or record.action.card is None:
            continue
        tricks[-1].append((record.player, record.action.card, kind is UNKNOWN_KIND))
        if record.took is not None:
            tricks.append([])
    for trick in tricks:
        if not trick:
            continue
        led = hand.called.suit if trick[0][2] and hand.called else suit_of(trick[0][1])
        for player, card, face_down in trick[1:]:
            if not face_down and suit_of(card) != led:
                found[player].add(led)
    return found


def seen_by(hand: SheepsheadHand, seat: int) -> set[Card]:
    """The seat's hand, every card played face up, and the picker's bury and unknown card."""
    seen = set(hand.hands[seat])
    seen.update(c for i, (_, c) in enumerate(hand.trick) if i != hand.face_down)
    for cards in hand.taken:
        seen.update(cards)
    hidden = hand.unknown if hand.unknown_played and hand.phase is not OVER_PHASE else None
    if seat == hand.picker:
        seen.update(hand.buried)
        if hand.unknown is not None:
            seen.add(hand.unknown)
    elif hidden is not None:
        seen.discard(hidden)  # played face down: its face was never shown
    return seen


@dataclass(frozen=True, slots=True)
class Shown:
    """What the table has shown about where the unseen cards lie, as `seat` knows it."""

    hand: SheepsheadHand
    seat: int
    lacks: list[set[Suit | None]]

    def hold_due(self) -> bool:
        """The picker (not this seat) still keeps a card of the called suit."""
        hand = self.hand
        return (
            hand.picker is not None
            and hand.picker != self.seat
            and hand.called is not None
            and hand.unknown is None
            and not hand.called_suit_led()
        )

    def slots(self) -> dict[Slot, int]:
        """Where the unseen cards go, and how many each place holds."""
        hand, seat, picker = self.hand, self.seat, self.hand.picker
        room: dict[Slot, int] = {
            ("hand", p): len(hand.hands[p]) for p in range(hand.players) if p != seat
        }
        if hand.blind:
            room[("blind", -1)] = len(hand.blind)
        if picker is not None and picker != seat:
            room[("bury", -1)] = len(hand.buried)
            if hand.unknown is not None:
                room[("unknown", -1)] = 1  # face down: in the picker's keeping or played
        return room

    def accepts(self, slot: Slot, card: Card) -> bool:
        where, player = slot
        called = self.hand.called
        if where == "hand":
            return self._hand_accepts(player, card)
        if where == "bury" and card == called:
            return False
        return not (where == "unknown" and called is not None and suit_of(card) == called.suit)

    def _hand_accepts(self, player: int, card: Card) -> bool:
        hand, called = self.hand, self.hand.called
        if suit_of(card) in self.lacks[player]:
            return False
        if player == hand.picker and called is not None:
            if card == called:
                return False
            # an unknown card is laid only without the called suit
            return not (hand.unknown is not None and suit_of(card) == called.suit)
        # a ten is called only when all three fail aces are the picker's
        return not (
            called is not None and called.rank == 10 and card.rank == 1 and not is_trump(card)
        )


def _deal(
    shown: Shown, pool: list[Card], rng: random.Random, strict: bool
) -> dict[Slot, list[Card]] | None:
    """One random placing of `pool`, the most constrained cards first (None: stuck)."""
    room = shown.slots()
    placed: dict[Slot, list[Card]] = {slot: [] for slot in room}
    cards = list(pool)
    rng.shuffle(cards)
    picker, called = shown.hand.picker, shown.hand.called
    if strict and shown.hold_due():  # the picker keeps a card of the called suit
        assert picker is not None and called is not None
        holds = [c for c in cards if suit_of(c) == called.suit and c != called]
        if holds:
            first = rng.choice(holds)
            cards.remove(first)
            placed[("hand", picker)].append(first)
            room[("hand", picker)] -= 1
    choices = {c: [s for s in room if not strict or shown.accepts(s, c)] for c in cards}
    cards.sort(key=lambda c: len(choices[c]))
    for card in cards:
        open_slots = [s for s in choices[card] if room[s] > 0]
        if not open_slots:
            return None
        slot = rng.choices(open_slots, weights=[room[s] for s in open_slots])[0]
        placed[slot].append(card)
        room[slot] -= 1
    return placed


def sample_world(hand: SheepsheadHand, seat: int, rng: random.Random) -> SheepsheadHand:
    """A copy of `hand` with every card `seat` cannot see dealt again at random, consistent
    with the voids shown, the hold card and the called card."""
    shown = Shown(hand, seat, voids(hand))
    pool = [c for c in hand.rules.deck() if c not in seen_by(hand, seat)]
    placed = None
    for attempt in range(STRICT_TRIES + LOOSE_TRIES):
        placed = _deal(shown, pool, rng, strict=attempt < STRICT_TRIES)
        if placed is not None:
            break
    assert placed is not None, "the sizes alone always fit"
    world = hand.copy()
    for (where, player), cards in placed.items():
        if where == "hand":
            world.hands[player] = cards
        elif where == "blind":
            world.blind = cards
        elif where == "bury":
            world.buried = cards
        else:
            _replace_unknown(world, cards[0])
    world.changed()
    return world


def _replace_unknown(world: SheepsheadHand, card: Card) -> None:
    """The face-down card becomes `card`, also where it lies if it was played."""
    real = world.unknown
    world.unknown = card
    world.trick = [(p, card if c == real else c) for p, c in world.trick]
    world.last_trick = [(p, card if c == real else c) for p, c in world.last_trick]
    world.taken = [[card if c == real else c for c in cards] for cards in world.taken]
