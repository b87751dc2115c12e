"""Why a Sheepshead move is refused, in a player's words (imported when a move is refused)."""

from __future__ import annotations

from engine.sheepshead.actions import (
    BURY_KIND,
    CALL_KIND,
    PLAY_KIND,
    UNKNOWN_KIND,
    SheepsheadAction,
)
from engine.sheepshead.hand import (
    BURY_PHASE,
    CALL_PHASE,
    PICK_PHASE,
    SheepsheadHand,
    call_rank,
    hold_suit,
)
from engine.sheepshead.rules import strength_order, suit_of, suit_word
from engine.tricks import following
from engine.words import say, say_count


def explain(hand: SheepsheadHand, action: SheepsheadAction) -> str:
    """Why `action` is not allowed now, in a player's words."""
    phase, held = hand.phase, hand.hands[hand.turn]
    if phase is PICK_PHASE:
        return say("First pick up the blind or pass.")
    if phase is BURY_PHASE:
        size = hand.rules.blind_size
        if action.kind is not BURY_KIND:
            return say_count("Bury {count} card first.", "Bury {count} cards first.", size)
        if len(action.cards) != size or len(set(action.cards)) != size:
            return say_count("Bury exactly {count} card.", "Bury exactly {count} cards.", size)
        missing = [c for c in action.cards if c not in held]
        if missing:
            return say("You do not hold {card}.", card=missing[0].pretty)
        return say("Bury cards you hold.")
    if phase is CALL_PHASE:
        return _explain_call(hand, action)
    if action.kind is UNKNOWN_KIND:
        if hand.unknown is None or hand.turn != hand.picker:
            return say("There is no unknown card of yours to play.")
        return say(
            "The unknown card is played only when {suit} is first led, or as your last card.",
            suit=suit_word(hold_suit(hand.called)),
        )
    if action.kind is not PLAY_KIND or action.card is None:
        return say("Play a card.")
    card = action.card
    if card not in held:
        return say("You do not hold {card}.", card=card.pretty)
    legal = [a.card for a in hand.legal_actions() if a.card is not None]
    called = hand.called
    if called is not None and legal == [called] and called != card:
        return say("You hold the called {card}: it must be played now.", card=called.pretty)
    if any(a.kind is UNKNOWN_KIND for a in hand.legal_actions()):
        return say("The called suit is led: your unknown card must be played now.")
    if not hand.trick:
        assert called is not None
        return say(
            "You may lead {suit} only with the called {card}.",
            suit=called.suit.symbol,
            card=called.pretty,
        )
    led = hand.led_suit()
    follow = following(held, led, suit_of)
    if follow and suit_of(card) != led:
        shown = " ".join(c.pretty for c in sorted(follow, key=strength_order))
        return say(
            "You must follow {suit}: you hold {cards}.", suit=suit_word(led), cards=shown
        )
    if card == called:
        return say(
            "The called {card} may not be thrown off before its suit is led.", card=card.pretty
        )
    assert called is not None
    return say(
        "Keep your hold card {card} until {suit} is led.",
        card=card.pretty,
        suit=called.suit.symbol,
    )

def _explain_call(hand: SheepsheadHand, action: SheepsheadAction) -> str:
    choices = hand.call_choices()
    if action.kind is not CALL_KIND:
        return say("Call a partner's card, or go alone.")
    called = action.called
    assert called is not None and hand.picker is not None
    if called in hand.hands[hand.picker]:
        return say("You hold {card} yourself: call another card.", card=called.pretty)
    if called in hand.buried:
        return say("You buried {card}: call another card.", card=called.pretty)
    if choices and choices[0].unknown is not None:
        if call_rank(hand.hands[hand.picker], hand.buried) == 10:
            return say(
                "No suit of yours can be called: call a ten with an unknown card, or go alone."
            )
        return say(
            "No suit of yours can be called: call an ace with an unknown card, or go alone."
        )
    if not choices:
        return say("No card can be called: go alone.")
    cards = [c.called.pretty for c in choices if c.called is not None]
    words = (
        cards[0]
        if len(cards) == 1
        else say("{cards} or {last}", cards=", ".join(cards[:-1]), last=cards[-1])
    )
    return say(
        "You may call {cards} (a card of its suit stays in your hand), or go alone.",
        cards=words,
    )
