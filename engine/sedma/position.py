"""Sedma's position notation: the state of a hand in a few `key: value` lines (or one line with
` | `), for examples, lessons, tests and `python -m engine moves`.

    sedma players=4
    dealer: 0 | leader: 1 | turn: 3 | round: 1
    trick: 1 KD 2 7C
    stock: AS 9H …            (top first)
    hand 0: …                 (every hand)
    taken 0: AC 10D | tricks 0: 2
    held: 9S KD | held tricks: 1   (Hola: tricks held over by a fight)
    phase: decide             (the leader chooses: go again / fight, or stop)
    score: 3 5
"""

from __future__ import annotations

from engine.cards import Card, format_cards, parse_cards
from engine.notation import (
    SeatPiles,
    check_pack,
    options_line,
    parse_options,
    parse_trick,
    parsed_position,
    read_position,
    tally_line,
    trick_line,
)
from engine.sedma.hand import Phase, SedmaHand
from engine.sedma.rules import KING_OF_HEARTS, SedmaRules


def format_position(hand: SedmaHand, scores: tuple[int, ...] = ()) -> str:
    lines = [options_line(hand.rules, ("game", "players"))]
    lines.append(
        f"dealer: {hand.dealer} | leader: {hand.leader} | turn: {hand.turn} | round: {hand.round}"
    )
    if hand.phase is not Phase.PLAY:
        lines.append(f"phase: {hand.phase.value}")
    if hand.trick:
        lines.append(trick_line(hand.trick))
    if hand.held:
        lines.append(f"held: {format_cards(hand.held)} | held tricks: {hand.held_tricks}")
    if hand.stock:
        lines.append(f"stock: {format_cards(hand.stock)}")
    lines += SeatPiles(hand.hands, hand.taken, hand.tricks).lines()
    lines += tally_line("score", scores)
    return "\n".join(lines)


def parse_position(text: str) -> tuple[SedmaHand, tuple[int, ...]]:
    lines = parsed_position(text)
    words = lines[0].split()
    rules = parse_options(SedmaRules, "game", words)
    players = rules.players
    numbers = {"dealer": 0, "leader": None, "turn": None, "round": 1, "held tricks": 0}
    seats = SeatPiles.empty(players)
    found = read_position(
        lines[1:],
        numbers,
        {
            "phase": Phase,
            "trick": parse_trick,
            "held": parse_cards,
            "stock": parse_cards,
            "score": lambda value: tuple(int(v) for v in value.split()),
        },
        other=seats.read,
    )
    trick: list[tuple[int, Card]] = found.get("trick", [])
    held: list[Card] = found.get("held", [])
    stock: list[Card] = found.get("stock", [])
    phase: Phase = found.get("phase", Phase.PLAY)
    scores: tuple[int, ...] = found.get("score", ())
    everything = [*seats.cards(), *(c for _, c in trick), *held, *stock]
    check_pack(everything, rules.deck(), "this game's pack")
    dealer = int(numbers["dealer"] or 0)
    leader = numbers["leader"]
    leader = trick[0][0] if leader is None and trick else leader
    leader = (dealer + 1) % players if leader is None else leader
    turn = numbers["turn"]
    if turn is None:
        turn = leader if phase is Phase.DECIDE else (leader + len(trick)) % players
    hand = SedmaHand(
        rules=rules,
        dealer=dealer,
        hands=seats.hands,
        stock=stock,
        leader=int(leader),
        turn=int(turn),
        phase=phase,
        trick=trick,
        round=int(numbers["round"] or 1),
        held=held,
        held_tricks=int(numbers["held tricks"] or 0),
        taken=seats.taken,
        tricks=seats.tricks,
    )
    if rules.three_handed:
        played = [p for p, c in trick if c == KING_OF_HEARTS]
        hand.king_of_hearts = hand.holder_of_king() if not played else played[0]
    return hand, scores
