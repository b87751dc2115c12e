"""Sedma's and Hola's computer players, deciding from their seat's view only.

The unseen cards (the other hands and the stock) are the complement of the seat's hand and
every card played this hand; a world deals them out again at random, keeping the sizes
everyone can count. In the three-player game the K♥ holder is unknown to the others until it is
played, so each world places K♥ at random among the unseen cards too.

- normal: a player's rules of thumb: take a trick worth taking (the led rank first, a wild
  card when the trick holds points or it is late), smear aces and tens into a partner's trick,
  give nothing away otherwise; lead a rank held twice; go again or fight whenever the trick is
  not surely the own side's.
- easy: the same, with a random card a third of the time.
- hard: imagines many worlds and plays each candidate out to the end of the hand with the
  normal player's judgement for everyone; the best average margin wins.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from engine.ai.tricks import TrickComputer, best_by_playouts, playout_value
from engine.cards import Card

# the members as globals: see the note in actions.py
from engine.sedma.actions import AGAIN_KIND, FIGHT_KIND, PLAY_KIND, STOP_KIND, SedmaAction
from engine.sedma.endgame import Endgame, TooBig, cards_left
from engine.sedma.hand import DECIDE_PHASE, SedmaHand
from engine.sedma.rules import KING_OF_HEARTS, MAX_ROUNDS, POINTS, card_points
from engine.trick_view import play_reason
from engine.words import say

HARD_WORLDS = 64
HOLA_WORLDS = 24  # a Hola hand is 52 cards long: each world's play-outs cost twice as much


@dataclass(frozen=True, slots=True)
class HardPlan:
    """How the hard player thinks (a benchmark compares one plan with another)."""

    worlds: int = HARD_WORLDS
    hola_worlds: int = HOLA_WORLDS
    # cards in all hands (the stock empty) from which a world's rest is searched exactly
    # instead of played out, by the number of players (0: never)
    exact2: int = 0
    exact3: int = 0
    exact4: int = 0
    finish: bool = False  # a play-out that reaches that size is finished by the search too
    model: bool = False  # the search's other side plays the normal player's rules of thumb
    own: bool = False  # the play-outs' own side plays `seeing` (every card of the world seen)
    own_decide: bool = False  # and goes again by `seeing_again`
    own_lead: bool = False  # and leads by `seeing_lead`
    weight: int = 100  # a game point's worth in points, in the value of a finished hand
    node_cap: int = 20_000  # a search that grows past this falls back to the play-out

    def exact_at(self, players: int) -> int:
        return (0, 0, self.exact2, self.exact3, self.exact4)[players]


HARD = HardPlan()


def unseen_cards(hand: SedmaHand, seat: int) -> list[Card]:
    known = set(hand.hands[seat])
    known.update(c for _, c in hand.trick)
    known.update(hand.held)
    for cards in hand.taken:
        known.update(cards)
    return [card for card in hand.rules.deck() if card not in known]


def sample_world(hand: SedmaHand, seat: int, rng: random.Random) -> SedmaHand:
    """A copy of `hand` with every card `seat` cannot see dealt out again at random."""
    pool = unseen_cards(hand, seat)
    rng.shuffle(pool)
    world = hand.copy()
    for other in range(hand.players):
        if other == seat:
            continue
        size = len(hand.hands[other])
        world.hands[other] = pool[:size]
        del pool[:size]
    world.stock = pool[: len(hand.stock)]
    world.changed()
    return world


def partner_known(hand: SedmaHand, seat: int, other: int) -> bool | None:
    """Whether `other` plays on `seat`'s side, as `seat` knows it (None: unknown yet)."""
    if other == seat:
        return True
    if hand.players != 3:
        return hand.same_side(seat, other)
    if KING_OF_HEARTS in hand.hands[seat]:
        return False  # the holder plays alone
    if hand.king_played():
        return hand.same_side(seat, other)
    return None


def heuristic(hand: SedmaHand, rng: random.Random) -> SedmaAction:
    """The normal player's choice for the player to move in `hand` (a world it may see)."""
    seat = hand.turn
    legal = hand.legal_actions()
    if len(legal) == 1:
        return legal[0]
    late = sum(map(len, hand.hands)) + len(hand.stock) <= 2 * hand.players
    if hand.phase is DECIDE_PHASE:
        # Go again (fight) whenever the trick is not surely ours: measured on 800 duplicate
        # hands, better than doing it only for tricks with points (Hola +54 points a hand,
        # two-player Sedma +0.24 game points, four-player Sedma the same).
        holder = hand.winning()
        ours = holder is not None and partner_known(hand, seat, holder) is True
        choices = [a for a in legal if a.kind is not STOP_KIND]
        if ours or not choices:
            return legal[0]  # stop
        if hand.rules.is_hola:
            lead = _lead(hand, [a.card for a in choices if a.card is not None], rng)
            return SedmaAction(FIGHT_KIND, lead)
        return min(choices, key=lambda a: _cost(hand, a.card) + rng.random() * 1e-3)
    hand_cards = [a.card for a in legal if a.card is not None]
    if not hand.trick:
        return SedmaAction(PLAY_KIND, _lead(hand, hand_cards, rng))
    holder = hand.winning()
    assert holder is not None
    side = partner_known(hand, seat, holder)
    rank, is_wild = hand.trick[0][1].rank, hand._wild  # (the rules' wild_by_index)
    matching = [c for c in hand_cards if c.rank == rank or is_wild[c.index]]
    plain = [c for c in hand_cards if not (c.rank == rank or is_wild[c.index])]
    points = hand.trick_points()
    last_to_play = hand.round_cards() == hand.players - 1
    if side is True:
        smear = [c for c in plain if POINTS[c]]
        if smear and (last_to_play or hand.players == 2):
            return SedmaAction(PLAY_KIND, max(smear, key=POINTS.__getitem__))
        return SedmaAction(PLAY_KIND, _cheapest(hand, plain or hand_cards, rng))
    natural = [c for c in matching if not is_wild[c.index]]
    wild = [c for c in matching if is_wild[c.index]]
    if natural and (points or late or POINTS[natural[0]] == 0):
        return SedmaAction(PLAY_KIND, min(natural, key=POINTS.__getitem__))
    if wild and (points >= 10 or late):
        return SedmaAction(PLAY_KIND, wild[0])
    return SedmaAction(PLAY_KIND, _cheapest(hand, plain or hand_cards, rng))


def _threatened(hand: SedmaHand, seat: int) -> bool:
    """Whether, every card of the world seen, an opponent of `seat` may still take the trick
    after `seat` plays to it: one who plays later in this round holds the led rank or a wild
    card, or the leader is an opponent who may go again."""
    rank, wild = hand.trick[0][1].rank, hand._wild
    players = hand.players

    def can(player: int) -> bool:
        return any(c.rank == rank or wild[c.index] for c in hand.hands[player])

    later = players - hand.round_cards() - 1
    for step in range(1, later + 1):
        player = (seat + step) % players
        if not hand.same_side(player, seat) and can(player):
            return True
    leader = hand.leader
    return not hand.same_side(leader, seat) and hand.round < MAX_ROUNDS and can(leader)


def seeing(hand: SedmaHand, rng: random.Random) -> SedmaAction:
    """The normal player's rules of thumb for a follower who sees every card of the world (a
    play-out's own side): points go into a trick only where no opponent can take it back,
    and a trick is taken where it will be kept."""
    if hand.phase is DECIDE_PHASE or not hand.trick:
        return heuristic(hand, rng)
    seat = hand.turn
    legal = hand.legal_actions()
    if len(legal) == 1:
        return legal[0]
    cards = [a.card for a in legal if a.card is not None]
    holder = hand.winning()
    assert holder is not None
    wild = hand._wild
    threatened = _threatened(hand, seat)
    if hand.same_side(holder, seat):
        smear = [c for c in cards if card_points(c) and not wild[c.index]]
        if smear and not threatened:
            return SedmaAction(PLAY_KIND, smear[0])
        plain = [c for c in cards if not hand.matches(c)]
        return SedmaAction(PLAY_KIND, _cheapest(hand, plain or cards, rng))
    natural = [c for c in cards if hand.matches(c) and not wild[c.index]]
    wilds = [c for c in cards if wild[c.index]]
    points = hand.trick_points()
    late = cards_left(hand) + len(hand.stock) <= 2 * hand.players
    if not threatened:
        if natural:
            return SedmaAction(PLAY_KIND, max(natural, key=card_points))
        if wilds and (points >= 10 or late):
            return SedmaAction(PLAY_KIND, wilds[0])
    else:
        cheap = [c for c in natural if not card_points(c)]
        if cheap:
            return SedmaAction(PLAY_KIND, cheap[0])
    plain = [c for c in cards if not hand.matches(c)]
    return SedmaAction(PLAY_KIND, _cheapest(hand, plain or cards, rng))


def seeing_again(hand: SedmaHand, rng: random.Random) -> SedmaAction:
    """Sedma's leader going again who sees every card of the world: while the other side
    holds the trick, with the cheapest card that goes again if no opponent can take the
    trick back, or if that card is a plain one without points (it costs little); else stop."""
    legal = hand.legal_actions()
    seat = hand.turn
    holder = hand.winning()
    choices = [a for a in legal if a.kind is AGAIN_KIND and a.card is not None]
    if holder is None or hand.same_side(holder, seat) or not choices:
        return legal[0]  # stop
    best = min(choices, key=lambda a: _cost(hand, a.card) + rng.random() * 1e-3)
    card = best.card
    assert card is not None
    rank, wild = hand.trick[0][1].rank, hand._wild
    players = hand.players
    for step in range(1, players):
        other = (seat + step) % players
        if hand.same_side(other, seat):
            continue
        if any(c.rank == rank or wild[c.index] for c in hand.hands[other]):
            cheap = not wild[card.index] and not POINTS[card]
            return best if cheap else legal[0]
    return best


def seeing_lead(hand: SedmaHand, rng: random.Random) -> SedmaAction:
    """A lead by a player who sees every card of the world: a rank no opponent can take (it
    holds neither that rank nor a wild card), points first; else the normal player's lead."""
    seat, wild = hand.turn, hand._wild
    opponents = [p for p in range(hand.players) if not hand.same_side(p, seat)]
    if not any(wild[c.index] for p in opponents for c in hand.hands[p]):
        held = {c.rank for p in opponents for c in hand.hands[p]}
        safe = [c for c in hand.hands[seat] if c.rank not in held and not wild[c.index]]
        if safe:
            return SedmaAction(PLAY_KIND, max(safe, key=lambda c: POINTS[c] + rng.random()))
    return heuristic(hand, rng)


def _cost(hand: SedmaHand, card: Card | None) -> float:
    """What giving `card` away costs: points, and more for a wild card."""
    if card is None:
        return 0.0
    return POINTS[card] + (15 if hand._wild[card.index] else 0) + card.rank / 100


def _cheapest(hand: SedmaHand, cards: Sequence[Card], rng: random.Random) -> Card:
    is_wild, draw = hand._wild, rng.random
    return min(
        cards,
        key=lambda c: POINTS[c] + (15 if is_wild[c.index] else 0) + c.rank / 100 + draw() * 1e-3,
    )


def _lead(hand: SedmaHand, cards: Sequence[Card], rng: random.Random) -> Card:
    """A rank held more than once (to go again with), no points, no wild card."""
    counts: dict[int, int] = {}
    for card in cards:
        counts[card.rank] = counts.get(card.rank, 0) + 1

    def worth(card: Card) -> float:
        return -2 * counts[card.rank] + _cost(hand, card) / 5 + rng.random() * 1e-3

    return min(cards, key=worth)


def margin(hand: SedmaHand, seat: int) -> float:
    """`seat`'s side's points minus the other side's, in the hand so far (the last trick and
    the Hola bonus counted once the hand is over)."""
    if hand.is_over:
        score = hand.score()
        side = hand.side_of(seat)
        value = float(score.points[side] - score.points[1 - side])
        if hand.rules.is_hola:
            return value
        # Sedma's result is its game points; the points only break ties between plays
        won = score.game_points if score.winner == side else -score.game_points
        return 100.0 * won + value
    own = other = 0
    for player in range(hand.players):
        points = sum(card_points(c) for c in hand.taken[player])
        if hand.same_side(player, seat):
            own += points
        else:
            other += points
    return float(own - other)


def _weighted(weight: int) -> Callable[[SedmaHand, int], float]:
    """`margin` with a game point worth `weight` points."""

    def value(hand: SedmaHand, seat: int) -> float:
        score = hand.score()
        side = hand.side_of(seat)
        won = score.game_points if score.winner == side else -score.game_points
        return float(weight * won + score.points[side] - score.points[1 - side])

    return value


def play_out(world: SedmaHand, rng: random.Random) -> None:
    while not world.is_over:
        world.apply(heuristic(world, rng))


def _policy(plan: HardPlan, seat: int) -> Callable[[SedmaHand, random.Random], SedmaAction]:
    """The play-outs' player: the normal one, or with `plan.own` the seeing one for `seat`'s
    side (every card of the world seen)."""
    if not plan.own:
        return heuristic
    again, lead = plan.own_decide, plan.own_lead

    def choose(world: SedmaHand, rng: random.Random) -> SedmaAction:
        if world.same_side(world.turn, seat):
            if again and world.phase is DECIDE_PHASE:
                return seeing_again(world, rng)
            if lead and not world.trick:
                return seeing_lead(world, rng)
            return seeing(world, rng)
        return heuristic(world, rng)

    return choose


def _searched_value(
    plan: HardPlan, exact: int, seat: int, rng: random.Random
) -> Callable[[SedmaHand, SedmaAction], float]:
    """A move's value in a world: searched exactly once the stock is empty and at most
    `exact` cards are left in the hands (the play-out played until then, with `plan.finish`),
    else played out; a search past the node cap falls back to the play-out."""
    # one search for every world: its table holds trick starts by the cards in the hands,
    # which are worth the same in any world
    search = Endgame(seat, plan.node_cap, plan.model)
    policy = _policy(plan, seat)

    def small(trial: SedmaHand) -> bool:
        return not trial.stock and cards_left(trial) <= exact

    def value(world: SedmaHand, action: SedmaAction) -> float:
        trial = world.copy()
        trial.apply(action)
        if plan.finish:
            while not trial.is_over and not small(trial):
                trial.apply(policy(trial, rng))
        if not trial.is_over and small(trial):
            search.nodes = 0
            try:
                return search.value(trial)
            except TooBig:
                pass
        while not trial.is_over:
            trial.apply(policy(trial, rng))
        return margin(trial, seat)

    return value


def hard_choice(
    hand: SedmaHand, seat: int, rng: random.Random, seconds: float | None = None
) -> SedmaAction:
    plan = HARD
    rules = hand.rules
    exact = 0 if rules.is_hola or rules.only_against_opponents else plan.exact_at(hand.players)
    if (plan.own and not rules.is_hola) or exact:
        value = _searched_value(plan, exact, seat, rng)
    elif plan.weight != 100 and not rules.is_hola:
        value = playout_value(play_out, _weighted(plan.weight), seat, rng)
    else:
        value = playout_value(play_out, margin, seat, rng)
    return best_by_playouts(
        hand.legal_actions(),
        plan.hola_worlds if hand.rules.is_hola else plan.worlds,
        lambda: sample_world(hand, seat, rng),
        value,
        seconds,
    )


def _reason(hand: SedmaHand, action: SedmaAction) -> str:
    card = action.card
    if action.kind is STOP_KIND:
        return say("Stop: going on would risk more than the trick is worth.")
    assert card is not None
    if action.kind in (AGAIN_KIND, FIGHT_KIND):
        return say(
            "{card}: the other side holds the trick and it is worth winning back.",
            card=card.shown(hand.rules.pack),
        )
    if not hand.trick:
        return say(
            "Lead {card}: you hold another of that rank to go again with.",
            card=card.shown(hand.rules.pack),
        )
    safe = say(
        "{card}: your partner holds the trick, so its points are safe there.",
        card=card.shown(hand.rules.pack),
    )
    takes, points = hand.matches(card), hand.trick_points()
    return play_reason(card, takes, points, bool(card_points(card)), safe, hand.rules.pack)


COMPUTER = TrickComputer(sample_world, heuristic, hard_choice, _reason)
