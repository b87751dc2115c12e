"""Sheepshead's computer players, deciding from their seat's view only.

A world deals the cards the seat cannot see (other hands, the blind before the pick, the bury
and an unknown card for everyone but the picker) again at random, keeping what the table has
shown: the voids shown in play, the picker's hold card of the called suit, that the picker
holds neither the called card nor (having called it) buried it, and after a ten call that every
fail ace is the picker's.

- normal: a player's rules of thumb: pick on trump strength, bury points and short fail suits,
  call the ace (or ten) of the shortest suit; the picker's side leads trump, defenders lead the
  called suit or fail; take a trick worth taking cheaply, smear points on a partner's trick, give
  nothing away otherwise; in a leaster, stay under.
- easy: the same, with a random legal move a third of the time.
- hard: imagines many worlds and plays each candidate to the end of the hand with the normal
  player's judgement for everyone; the best average result (units, then points) wins.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engine.ai.tricks import TrickComputer, best_by_playouts, playout_value
from engine.cards import Card, Suit

# the members as globals: see the note in actions.py
from engine.sheepshead.actions import (
    ALONE_KIND,
    BURY_KIND,
    CALL_KIND,
    PASS,
    PASS_KIND,
    PICK,
    PICK_KIND,
    PLAY_KIND,
    UNKNOWN_KIND,
    SheepsheadAction,
    play,
)
from engine.sheepshead.hand import SheepsheadHand, call_options
from engine.sheepshead.phases import BURY_PHASE, CALL_PHASE, OVER_PHASE, PICK_PHASE
from engine.sheepshead.rules import (
    FAIL_SUITS,
    TRUMP_ORDER,
    is_trump,
    points,
    power,
    suit_of,
)
from engine.trick_view import play_reason
from engine.words import say

HARD_WORLDS = 40
BURY_CANDIDATES = 4  # the normal player's best few buries are played out by the hard player
PICK_THRESHOLD = {3: 9.0, 4: 8.0, 5: 7.0, 6: 6.0}


# ----- what a seat knows ----------------------------------------------------------------


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


def sample_world(hand: SheepsheadHand, seat: int, rng: random.Random) -> SheepsheadHand:
    """A copy of `hand` with every card `seat` cannot see dealt again at random, consistent
    with the voids shown, the hold card and the called card."""
    world = hand.copy()
    pool = [c for c in hand.rules.deck() if c not in seen_by(hand, seat)]
    lacks = voids(hand)
    picker, called = hand.picker, hand.called
    hold_due = (
        picker is not None
        and picker != seat
        and called is not None
        and hand.unknown is None
        and not hand.called_suit_led()
    )
    slots: list[tuple[str, int, int]] = []  # (where, player, size)
    for player in range(hand.players):
        if player != seat:
            slots.append(("hand", player, len(hand.hands[player])))
    if hand.blind:
        slots.append(("blind", -1, len(hand.blind)))
    if picker is not None and picker != seat:
        slots.append(("bury", -1, len(hand.buried)))
        if hand.unknown is not None:
            slots.append(("unknown", -1, 1))  # face down: in the picker's keeping or played

    def accepts(where: str, player: int, card: Card) -> bool:
        if where == "hand":
            if suit_of(card) in lacks[player]:
                return False
            if player == picker and called is not None:
                if card == called:
                    return False
                if hand.unknown is not None and suit_of(card) == called.suit:
                    return False  # an unknown card is laid only without the called suit
            elif called is not None and called.rank == 10 and card.rank == 1 and not is_trump(card):
                return False  # a ten is called only when all three fail aces are the picker's
            return True
        if where == "bury" and card == called:
            return False
        return not (where == "unknown" and called is not None and suit_of(card) == called.suit)

    placed: dict[tuple[str, int], list[Card]] = {}
    for attempt in range(60):
        strict = attempt < 50
        placed = {(w, p): [] for w, p, _ in slots}
        room = {(w, p): size for w, p, size in slots}
        cards = list(pool)
        rng.shuffle(cards)
        if hold_due and strict:  # the picker keeps a card of the called suit
            assert picker is not None and called is not None
            holds = [c for c in cards if suit_of(c) == called.suit and c != called]
            if holds:
                first = rng.choice(holds)
                cards.remove(first)
                placed[("hand", picker)].append(first)
                room[("hand", picker)] -= 1
        choices = {c: [k for k in room if not strict or accepts(*k, c)] for c in cards}
        cards.sort(key=lambda c: len(choices[c]))  # the most constrained first
        ok = True
        for card in cards:
            open_slots = [k for k in choices[card] if room[k] > 0]
            if not open_slots:
                ok = False
                break
            slot = rng.choices(open_slots, weights=[room[k] for k in open_slots])[0]
            placed[slot].append(card)
            room[slot] -= 1
        if ok:
            break
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


def friend(hand: SheepsheadHand, seat: int, other: int) -> bool | None:
    """Whether `other` plays on `seat`'s side as `seat` knows it (None: cannot tell yet)."""
    if other == seat:
        return True
    if hand.leaster or hand.picker is None:
        return False
    partner_card = hand.partner_card
    i_hold = partner_card is not None and (
        partner_card in hand.hands[seat] or _played_by(hand, seat, partner_card)
    )
    partner_known = hand.partner_seen or (hand.alone and hand.rules.in_hand < 5)
    if seat == hand.picker:
        if hand.alone and (hand.rules.called_ace or i_hold or hand.rules.in_hand < 5):
            return False
        if partner_known:
            return other == hand.partner
        return None
    if i_hold and seat != hand.picker:
        return other == hand.picker
    if other == hand.picker:
        return False
    if partner_known or (hand.alone and hand.rules.called_ace):
        return other != hand.partner
    return None


def _played_by(hand: SheepsheadHand, seat: int, card: Card) -> bool:
    return any(
        r.player == seat and r.action.kind is PLAY_KIND and r.action.card == card
        for r in hand.records
    )


# ----- the normal player's judgement ----------------------------------------------------


def strength(cards: Sequence[Card]) -> float:
    """Trump power and count, aces and voids: how well a hand plays as the picker's."""
    score = 0.0
    for card in cards:
        if is_trump(card):
            rank = TRUMP_ORDER.index(card)
            score += 2.2 if rank < 4 else 1.6 if rank < 8 else 1.0
        elif card.rank == 1:
            score += 0.8
    held = {suit_of(c) for c in cards}
    score += 0.4 * sum(s not in held for s in FAIL_SUITS)
    return score


def pick_choice(hand: SheepsheadHand) -> SheepsheadAction:
    cards = hand.hands[hand.turn]
    bar = PICK_THRESHOLD[hand.rules.in_hand]
    if hand.turn == hand.dealer and not hand.rules.leasters:
        bar -= 1.0  # the last chance before a redeal
    return PICK if strength(cards) >= bar else PASS


def bury_score(hand: SheepsheadHand, action: SheepsheadAction) -> float:
    """Higher for a better bury: keep trump, lay away points of short fail suits, keep one
    card of a suit whose ace could be called."""
    kept = [c for c in hand.hands[hand.turn] if c not in action.cards]
    value = 0.0
    for card in action.cards:
        value += points(card) * 0.6 - (12 if is_trump(card) else 0)
        if card.rank == 1 and not is_trump(card):
            value -= 8  # an ace takes its own tricks
    held = {suit_of(c) for c in kept}
    value += 3.0 * sum(s not in held for s in FAIL_SUITS)
    if hand.rules.called_ace:
        options = call_options(kept, action.cards)
        value += 6 if any(a.unknown is None for a in options) else -6
    return value


def bury_choice(hand: SheepsheadHand, rng: random.Random) -> SheepsheadAction:
    return max(hand.legal_actions(), key=lambda a: bury_score(hand, a) + rng.random() * 1e-3)


def call_choice(hand: SheepsheadHand) -> SheepsheadAction:
    legal = hand.legal_actions()
    calls = [a for a in legal if a.kind is CALL_KIND]
    assert hand.picker is not None
    cards = hand.hands[hand.picker]
    if not calls or strength(cards) >= 11.5:
        return legal[-1]  # alone

    def cost(action: SheepsheadAction) -> float:
        called = action.called
        assert called is not None
        own = [c for c in cards if suit_of(c) == called.suit]
        extra = points(action.unknown) if action.unknown is not None else 0
        return len(own) * 2 + sum(points(c) for c in own) / 10 + extra / 5

    return min(calls, key=cost)


def _cheapest(cards: Sequence[Card], rng: random.Random) -> Card:
    return min(cards, key=lambda c: points(c) * 3 + power(c) / 10 + rng.random() * 1e-3)


def play_choice(hand: SheepsheadHand, rng: random.Random) -> SheepsheadAction:
    seat = hand.turn
    legal = hand.legal_actions()
    if len(legal) == 1:
        return legal[0]
    cards = [a.card for a in legal if a.card is not None and a.kind is PLAY_KIND]
    if hand.leaster:
        return play(_leaster_card(hand, cards, rng))
    if not hand.trick:
        return play(_lead(hand, seat, cards, rng))
    holder = hand.winning()
    assert holder is not None
    ours = friend(hand, seat, holder)
    last = len(hand.trick) == hand.rules.in_hand - 1
    winners = [c for c in cards if _wins_with(hand, seat, c)]
    if ours is True and (last or _secure(hand, holder)):
        smear = max(cards, key=lambda c: points(c) * 2 - (power(c) if is_trump(c) else 0))
        return play(smear)
    at_stake = hand.trick_points()
    if winners and (ours is not True) and (at_stake >= 4 or last or hand.picker == seat):
        pick = (
            min(winners, key=lambda c: power(c))
            if last
            else max(winners, key=lambda c: power(c) if is_trump(c) else power(c) + 50)
        )
        if not last and is_trump(pick):
            pick = _enough(hand, winners)
        return play(pick)
    return play(_cheapest(cards, rng))


def _wins_with(hand: SheepsheadHand, seat: int, card: Card) -> bool:
    trick = hand.trick
    hand.trick = [*trick, (seat, card)]
    try:
        return hand.winning() == seat
    finally:
        hand.trick = trick


def _secure(hand: SheepsheadHand, holder: int) -> bool:
    """The holder's card is a top trump (a queen) or the trick's best with no trump out."""
    card = next(c for p, c in hand.trick if p == holder)
    return is_trump(card) and TRUMP_ORDER.index(card) <= 2


def _enough(hand: SheepsheadHand, winners: Sequence[Card]) -> Card:
    """A trump high enough to hold against later players: a queen if there is one, else the
    highest jack or better."""
    trumps = sorted((c for c in winners if is_trump(c)), key=power, reverse=True)
    queens = [c for c in trumps if c.rank == 12]
    return queens[-1] if queens else trumps[0]


def _lead(hand: SheepsheadHand, seat: int, cards: Sequence[Card], rng: random.Random) -> Card:
    trumps = sorted((c for c in cards if is_trump(c)), key=power, reverse=True)
    fail = [c for c in cards if not is_trump(c)]
    picking_side = seat == hand.picker or friend(hand, seat, hand.picker or 0) is True
    if picking_side and trumps:
        return trumps[0] if power(trumps[0]) >= 95 else trumps[-1]
    if hand.called is not None and not hand.called_suit_led():
        called_suit = [c for c in fail if c.suit == hand.called.suit]
        if called_suit:
            return called_suit[0] if hand.called in called_suit else _cheapest(called_suit, rng)
    aces = [c for c in fail if c.rank == 1]
    if aces:
        return aces[0]
    if fail:
        return _cheapest(fail, rng)
    return trumps[-1]


def _leaster_card(hand: SheepsheadHand, cards: Sequence[Card], rng: random.Random) -> Card:
    losers = [c for c in cards if not _wins_with(hand, hand.turn, c)] if hand.trick else []
    if losers:
        return max(losers, key=lambda c: points(c) * 3 + power(c) / 10)
    return min(cards, key=lambda c: power(c) + points(c) / 5 + rng.random() * 1e-3)


def heuristic(hand: SheepsheadHand, rng: random.Random) -> SheepsheadAction:
    """The normal player's choice for the player to move in `hand` (a world it may see)."""
    if hand.phase is PICK_PHASE:
        return pick_choice(hand)
    if hand.phase is BURY_PHASE:
        return bury_choice(hand, rng)
    if hand.phase is CALL_PHASE:
        return call_choice(hand)
    return play_choice(hand, rng)


# ----- the hard player ------------------------------------------------------------------


def result_for(hand: SheepsheadHand, seat: int) -> float:
    score = hand.score()
    side = next(s for s, members in enumerate(score.sides) if seat in members)
    margin = score.points[side] - (sum(score.points) - score.points[side])
    return 100.0 * score.units[seat] + margin / 10


def play_out(world: SheepsheadHand, rng: random.Random) -> None:
    while not world.is_over:
        world.apply(heuristic(world, rng))


def candidates(hand: SheepsheadHand, rng: random.Random) -> list[SheepsheadAction]:
    legal = hand.legal_actions()
    if hand.phase is BURY_PHASE:
        ranked = sorted(legal, key=lambda a: -bury_score(hand, a) + rng.random() * 1e-3)
        return ranked[:BURY_CANDIDATES]
    return list(legal)


def hard_choice(
    hand: SheepsheadHand, seat: int, rng: random.Random, seconds: float | None = None
) -> SheepsheadAction:
    value = playout_value(play_out, result_for, seat, rng)
    options = candidates(hand, rng)
    return best_by_playouts(
        options, HARD_WORLDS, lambda: sample_world(hand, seat, rng), value, seconds
    )


def reason(hand: SheepsheadHand, action: SheepsheadAction) -> str:
    kind = action.kind
    if kind is PICK_KIND:
        return say("Your trumps are strong enough to play against the table.")
    if kind is PASS_KIND:
        return say("Too few strong trumps to pick.")
    if kind is BURY_KIND:
        return say("Lay away points and short fail suits; keep your trumps.")
    if kind is CALL_KIND:
        if action.unknown is not None:
            return say(
                "No suit of yours can be called: lay away your cheapest card face down and "
                "call a partner all the same."
            )
        if action.called is not None and action.called.rank == 10:
            return say("All three fail aces are yours: call the ten of your shortest suit.")
        return say("Call the ace of your shortest suit: your partner's ace wins it early.")
    if kind is ALONE_KIND:
        return say("Strong enough to win alone: the units are yours.")
    card = action.card
    assert card is not None
    if hand.leaster:
        return say("{card}: in a leaster you want few points, but one trick.", card=card.pretty)
    if not hand.trick:
        return say("Lead {card}.", card=card.pretty)
    safe = say(
        "{card}: the trick looks safe with your side, so its points are too.", card=card.pretty
    )
    wins = _wins_with(hand, hand.turn, card)
    return play_reason(card, wins, hand.trick_points(), bool(points(card)), safe)


COMPUTER = TrickComputer(sample_world, heuristic, hard_choice, reason)
